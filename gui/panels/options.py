"""A row of a panel's own controls, each bound to one state field.

The controls of the fields a view declares (`gui.views`) are built from the fields' own
declarations (`gui.model.fields.Control`: range, step, choices, label), the same ones the
notebook widget builds its controls from. A control asks the state for a change
(`state.request`, so a refused value is reported like any other); a change of the field,
from anywhere (a deck, the command line), sets the control without echoing back.
Exports leave the row out (it is marked interactive).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.fields import ROW
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.views import VIEWS
from pe_clock.gui.widgets.field_control import FieldControl
from pe_clock.gui.widgets.flow import FlowLayout
from pe_clock.gui.widgets.labels import INTERACTIVE


class Options(QWidget):
    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.setProperty(INTERACTIVE, True)
        # Wrapped where the panel is narrow (a 1280-pixel screen, Korean labels).
        self._row = FlowLayout(self)
        self._texts: list[Callable[[], None]] = []
        self._controls: list[FieldControl] = []  # the declared ones it built, kept with it
        state.observe(["language"], self._retranslate)
        # At the panel's type size: in presenter mode the captions grew and this row did not
        # (11-pixel labels beside 1.5 times larger text on a 1080-line screen).
        state.observe(["font_scale"], self._sync_font)
        self._sync_font()

    def _sync_font(self, *_: object) -> None:
        self.setFont(scaled_font(self._state.font_scale))

    def _beside(self, label: QLabel | None, widget: QWidget, width: int = 12) -> None:
        """widget after its label, on one line of the row. A list is about `width`
        characters wide, not as wide as its longest item: in Korean the model names made the
        Extension tab's row, and so the window, wider than a 1280 screen."""
        pair = QWidget()  # a control stays on its label's line
        line = QHBoxLayout(pair)
        line.setContentsMargins(0, 0, 0, 0)
        if label is not None:
            line.addWidget(label)
        if isinstance(widget, QComboBox):
            widget.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            widget.setMinimumContentsLength(width)
        line.addWidget(widget)
        self._row.addWidget(pair)

    def declared(self, view: str) -> None:
        """A control for each field view declares that has one in a panel's row (the dock
        sets the course's table, the pair and the training length; the clock's trails and
        the embeddings' scale sit in their figures)."""
        for name in VIEWS[view].fields:
            control = Picture.FIELDS[name].control
            if control is not None and control.place == ROW:
                self.field(name)

    def field(self, name: str) -> QWidget:
        """The control field name declares (`FieldControl`), after its label."""
        control = FieldControl(self._state, name)
        self._controls.append(control)
        self._beside(control.label, control.widget, control.control.width)
        return control.widget

    def extra(
        self,
        label_key: str,
        tip_key: str,
        widget: QWidget,
        show: Callable[[], None],
        fields: list[str],
    ) -> None:
        """A control of the panel's own making, set by show() when one of fields (or the
        language) changes, without echoing back."""
        label = QLabel()
        label.setBuddy(widget)
        self._beside(label, widget)

        def texts() -> None:  # a screen reader says the label with the control
            label.setText(tr(label_key))
            widget.setAccessibleName(label.text())
            widget.setToolTip(tr(tip_key))
            sync()

        def sync(*_: object) -> None:
            with QSignalBlocker(widget):
                show()

        self._state.observe(fields, sync)
        self._texts.append(texts)

    @property
    def fields(self) -> list[str]:
        """The fields whose declared control this row built (`field`), in order."""
        return [control.name for control in self._controls]

    def has_controls(self) -> bool:
        return self._row.count() > 0

    def finish(self) -> None:
        """After the last control: its texts in the language."""
        self._retranslate()

    def _retranslate(self, *_: object) -> None:
        for show in self._texts:
            show()
