"""A message box whose one button is explained too (a screen reader and the mouse read it)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from pe_clock.core.i18n import tr


def message_box(
    icon: QMessageBox.Icon, title: str, text: str, parent: QWidget | None = None
) -> QMessageBox:
    """A message with an OK button (Enter or Esc closes it)."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setEscapeButton(QMessageBox.StandardButton.Ok)
    ok = box.button(QMessageBox.StandardButton.Ok)
    assert ok is not None
    ok.setToolTip(tr("tip.ok"))
    return box


def warn(parent: QWidget | None, title: str, text: str) -> None:
    """A warning the user closes before going on."""
    box = message_box(QMessageBox.Icon.Warning, title, text, parent)
    box.exec()
    box.deleteLater()
