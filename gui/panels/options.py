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
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.views import VIEWS
from pe_clock.gui.widgets.flow import FlowLayout
from pe_clock.gui.widgets.labels import INTERACTIVE
from pe_clock.gui.widgets.spin_box import DoubleSpinBox, SpinBox


class Options(QWidget):
    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.setProperty(INTERACTIVE, True)
        # Wrapped where the panel is narrow (a 1280-pixel screen, Korean labels).
        self._row = FlowLayout(self)
        self._texts: list[Callable[[], None]] = []
        #: The fields whose declared control this row built (`field`), in order.
        self.fields: list[str] = []
        state.observe(["language"], self._retranslate)
        # At the panel's type size: in presenter mode the captions grew and this row did not
        # (11-pixel labels beside 1.5 times larger text on a 1080-line screen).
        state.observe(["font_scale"], self._sync_font)
        self._sync_font()

    def _sync_font(self, *_: object) -> None:
        self.setFont(scaled_font(self._state.font_scale))

    def _add(
        self,
        fields: list[str],
        label_key: str | None,
        widget: QWidget,
        show: Callable[[], None],
        width: int = 12,
    ) -> None:
        """widget after its label; show() sets it from the state when one of fields (or the
        language) changes, without echoing back. A combo is about `width` characters wide."""
        pair = QWidget()  # a control stays on its label's line
        line = QHBoxLayout(pair)
        line.setContentsMargins(0, 0, 0, 0)
        if label_key is not None:
            label = QLabel()
            label.setBuddy(widget)
            line.addWidget(label)

            def name() -> None:  # a screen reader says the label with the control
                label.setText(tr(label_key))
                widget.setAccessibleName(label.text())

            self._texts.append(name)
        if isinstance(widget, QComboBox):
            # As wide as about `width` characters, not as its longest item: in Korean the model
            # names made the Extension tab's row, and so the window, wider than a 1280 screen.
            widget.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            widget.setMinimumContentsLength(width)
        line.addWidget(widget)
        self._row.addWidget(pair)

        def sync(*_: object) -> None:
            with QSignalBlocker(widget):
                show()

        self._state.observe(fields, sync)
        sync()
        self._texts.append(sync)

    def spin(self, field: str, label_key: str, lo: int, hi: int, even: bool = False) -> SpinBox:
        spin = SpinBox()
        spin.even = even
        spin.setRange(lo, hi)
        spin.setSingleStep(2 if even else 1)
        spin.setKeyboardTracking(False)  # a typed number counts once Enter or focus ends it
        spin.refused.connect(self._state.refuse)
        spin.valueChanged.connect(lambda v: self._state.request(**{field: v}))
        self._add([field], label_key, spin, lambda: spin.setValue(getattr(self._state, field)))
        return spin

    def number(
        self, field: str, label_key: str, lo: float, hi: float, decimals: int = 2
    ) -> DoubleSpinBox:
        spin = DoubleSpinBox()
        spin.setRange(lo, hi)
        spin.setDecimals(decimals)
        spin.setKeyboardTracking(False)
        spin.refused.connect(self._state.refuse)
        spin.valueChanged.connect(lambda v: self._state.request(**{field: v}))
        self._add([field], label_key, spin, lambda: spin.setValue(getattr(self._state, field)))
        return spin

    def choice(
        self, field: str, label_key: str, choices: dict[str, str], width: int = 12
    ) -> QComboBox:
        """choices: each value of the field and the catalogue key of its text; the combo is
        about `width` characters wide."""
        combo = QComboBox()
        for value in choices:
            combo.addItem(value, value)
        combo.currentIndexChanged.connect(
            lambda _: self._state.request(**{field: combo.currentData()})
        )

        def show() -> None:
            for index, key in enumerate(choices.values()):
                combo.setItemText(index, tr(key))
            combo.setCurrentIndex(combo.findData(getattr(self._state, field)))

        self._add([field], label_key, combo, show, width)
        return combo

    def check(self, field: str, label_key: str) -> QCheckBox:
        box = QCheckBox()
        box.toggled.connect(lambda on: self._state.request(**{field: on}))
        self._texts.append(lambda: box.setText(tr(label_key)))
        self._add([field], None, box, lambda: box.setChecked(getattr(self._state, field)))
        return box

    def declared(self, view: str) -> None:
        """A control for each field view declares that has one in a panel's row (pos, k,
        d_model, max_len, base, layout and the training length are the window's main
        controls; the clock's trails and the embeddings' scale sit in their figures)."""
        for name in VIEWS[view].fields:
            control = Picture.FIELDS[name].control
            if control is not None and control.in_row:
                self.field(name)

    def field(self, name: str) -> QWidget:
        """The control field name declares: a check box, a choice, an (even) whole number or
        a real number, with its label and range."""
        declared = Picture.FIELDS[name]
        control = declared.control
        assert control is not None
        self.fields.append(name)
        widget: QWidget
        if declared.kind is bool:
            widget = self.check(name, control.label)
        elif control.choices:
            widget = self.choice(name, control.label, dict(control.choices), control.width)
        else:
            assert control.lo is not None and control.hi is not None
            if declared.kind is float:
                widget = self.number(name, control.label, control.lo, control.hi)
            else:
                lo, hi = int(control.lo), int(control.hi)
                widget = self.spin(name, control.label, lo, hi, control.step == 2)
        self._tip(widget, declared.tip)
        return widget

    def extra(
        self,
        label_key: str,
        tip_key: str,
        widget: QWidget,
        show: Callable[[], None],
        fields: list[str],
    ) -> None:
        """A control of the panel's own making, set by show() when one of fields changes."""
        self._add(fields, label_key, widget, show)
        self._tip(widget, tip_key)

    def _tip(self, widget: QWidget, key: str) -> None:
        self._texts.append(lambda: widget.setToolTip(tr(key)))

    def has_controls(self) -> bool:
        return self._row.count() > 0

    def finish(self) -> None:
        """After the last control: its texts in the language."""
        self._retranslate()

    def _retranslate(self, *_: object) -> None:
        for show in self._texts:
            show()
