"""File dialogs in the chosen language.

Qt's own Korean translation (qtbase_ko) leaves "Look in:" and "Files of type:" in English, so
every label of the dialog is set from the catalogue. On desktops whose native dialog is used,
the system's dialog speaks the system's language.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QWidget

from pe_clock.core.i18n import tr

_LABELS = {
    QFileDialog.DialogLabel.LookIn: "file.look_in",
    QFileDialog.DialogLabel.FileName: "file.name",
    QFileDialog.DialogLabel.FileType: "file.type",
    QFileDialog.DialogLabel.Reject: "file.cancel",
}


def file_dialog(parent: QWidget, title: str, start: str, filters: str, save: bool) -> QFileDialog:
    """A file dialog for opening (or saving) one file, with every label translated."""
    dialog = QFileDialog(parent, title, start, filters)
    dialog.setAcceptMode(
        QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen
    )
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    for label, key in _LABELS.items():
        dialog.setLabelText(label, tr(key))
    dialog.setLabelText(QFileDialog.DialogLabel.Accept, tr("file.save" if save else "file.open"))
    # Qt's own dialog (where the desktop's is not used): its fields named as their labels
    # say (a combo box was read by its current item alone), every control explained.
    for name, label_key, tip in (
        ("lookInCombo", "file.look_in", "tip.file_look_in"),
        ("fileNameEdit", "file.name", "tip.file_name"),
        ("fileTypeCombo", "file.type", "tip.file_type"),
        ("sidebar", "", "tip.file_sidebar"),
        ("treeView", "", "tip.file_list"),
        ("listView", "", "tip.file_list"),
    ):
        widget = dialog.findChild(QWidget, name)
        if widget is not None:
            if label_key:
                widget.setAccessibleName(tr(label_key).rstrip(":"))
            widget.setToolTip(tr(tip))
    buttons = dialog.findChild(QDialogButtonBox, "buttonBox")
    if buttons is not None:
        for role, tip in (
            (QDialogButtonBox.StandardButton.Open, "tip.file_open"),
            (QDialogButtonBox.StandardButton.Save, "tip.file_save"),
            (QDialogButtonBox.StandardButton.Cancel, "tip.cancel"),
        ):
            button = buttons.button(role)
            if button is not None:
                button.setToolTip(tr(tip))
    return dialog


def choose_file(parent: QWidget, title: str, start: str, filters: str, save: bool) -> str:
    """The chosen file's path, or '' if the dialog was cancelled."""
    dialog = file_dialog(parent, title, start, filters, save)
    try:
        if dialog.exec() != QFileDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return ""
        return dialog.selectedFiles()[0]
    finally:
        dialog.deleteLater()
