"""The controls dock: every field the window's figures draw that the dock sets, and playback.

Which fields, in what order, and each one's control come from the declarations: the window's
three figures' fields (`gui.views`) whose control is placed in the dock (`fields.DOCK`), then the
playback fields that have one, each built by `FieldControl`. Only the Play button is the
dock's own (playing is not set by hand: the button toggles it).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.fields import DOCK, PLAYBACK
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.views import DEFAULT_VIEW, VIEWS
from pe_clock.gui.widgets.field_control import FieldControl


def dock_fields(*names: str) -> list[str]:
    """Of names, those whose declared control the dock builds, in that order."""
    return [
        name
        for name in names
        if (control := Picture.FIELDS[name].control) is not None and control.place == DOCK
    ]


class ControlPanel(QWidget):
    """A group of the window's parameters and one of playback, each field's declared control
    bound to the state (`FieldControl`)."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        #: Each field's control, by the field's name.
        self.fields: dict[str, FieldControl] = {}
        self.params_box = QGroupBox()
        self.playback_box = QGroupBox()
        self._form = QFormLayout(self.params_box)
        for name in dock_fields(*VIEWS[DEFAULT_VIEW].fields):
            self._place(self._form, self._made(name))
        self.play_button = QPushButton()
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(lambda checked: state.set(playing=checked))
        self._play_form = QFormLayout(self.playback_box)
        row = QHBoxLayout()
        row.addWidget(self.play_button)
        self._play_form.addRow(row)
        for name in dock_fields(*Picture.role(PLAYBACK)):
            control = self._made(name)
            if control.label is None:  # a check box: beside the button
                row.addWidget(control.widget)
            else:
                self._place(self._play_form, control)
        layout = QVBoxLayout(self)
        layout.addWidget(self.params_box)
        layout.addWidget(self.playback_box)
        layout.addStretch(1)
        state.observe(["playing"], self._sync_playing)
        state.observe(["font_scale"], self._sync_fonts)
        state.observe(["language"], self._retranslate)
        self._retranslate()

    def _made(self, name: str) -> FieldControl:
        control = self.fields[name] = FieldControl(self._state, name)
        return control

    @staticmethod
    def _place(form: QFormLayout, control: FieldControl) -> None:
        if control.label is None:
            form.addRow(control.widget)
        else:
            form.addRow(control.label, control.widget)
        if control.extra is not None:
            if control.extra_label is None:
                form.addRow(control.extra)
            else:
                form.addRow(control.extra_label, control.extra)

    def widget(self, name: str) -> QWidget:
        """The control of field name (its box, field or list)."""
        return self.fields[name].widget

    def _retranslate(self, *_: object) -> None:
        self.params_box.setTitle(tr("controls.parameters"))
        self.playback_box.setTitle(tr("controls.animation"))
        self.play_button.setToolTip(tr("tip.play"))
        self._sync_playing()

    def _sync_playing(self, *_: object) -> None:
        playing = self._state.playing
        with QSignalBlocker(self.play_button):
            self.play_button.setChecked(playing)
            self.play_button.setText(tr("controls.pause" if playing else "controls.play"))

    def _sync_fonts(self, scale: float) -> None:
        self.setFont(scaled_font(scale))
