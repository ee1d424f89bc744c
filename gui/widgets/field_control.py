"""The window's control of one field, built from the field's declaration and bound to the state.

What the control is follows from the declaration (`gui.model.fields.Control`): a check box for
a bool, a list for choices, a typed field with a list of presets (the base), a spin box for a
number (even-stepped for d_model, with a slider under it for the field the animation moves),
its range the field's (`Picture.allowed`: set again when a field it follows changes), its
label, tooltip and unit the catalogue's. The notebook widget builds its ipywidgets from the
same declaration (`pe_clock.widget.explorer`), so both offer what the state takes.

A change asks the state (`state.request`): a refused value is reported like any other and the
control shows the true value again; a change of the field from anywhere (a deck, a key, a
model) sets the control without echoing back, and touches only this control's widgets.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QSlider, QWidget

from pe_clock.core.format import fmt_base
from pe_clock.core.i18n import tr
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.spin_box import DoubleSpinBox, SpinBox

#: A whole number's box shows thousands separators from this maximum up (1,000,000).
SEPARATED_FROM = 10_000


class FieldControl:
    """Field name's control: `widget` after `label` (None: a check box says its own label),
    and, where declared, `extra` after `extra_label` (a played field's slider, unlabelled; the
    presets' list)."""

    def __init__(self, state: AppState, name: str) -> None:
        self._state, self.name = state, name
        self.declared = declared = Picture.FIELDS[name]
        control = declared.control
        assert control is not None and declared.kind is not tuple, name
        self.control = control
        self.extra: QWidget | None = None
        self.extra_label: QLabel | None = None
        self._texts: list[Callable[[], None]] = []
        self.widget = self._made()
        self.label = None if declared.kind is bool else _label_of(self.widget)
        if control.presets:
            self.extra = self._presets()
            self.extra_label = _label_of(self.extra)
        elif control.played:
            self.extra = self._slider()
        follows = declared.bounds.follows if declared.bounds else ()
        state.observe([name, *follows], self.show)
        state.observe(["language"], self.retranslate)
        self.retranslate()

    # --- the widgets -----------------------------------------------------------------------
    def _made(self) -> QWidget:
        declared, control = self.declared, self.control
        if declared.kind is bool:
            box = QCheckBox()
            box.toggled.connect(self._ask)
            self._texts.append(lambda: box.setText(tr(control.label)))
            return box
        if control.choices:
            return self._choice()
        if control.presets:  # typed: any number in range, not a spin box's few decimals
            return self._typed()
        spin: SpinBox | DoubleSpinBox
        if declared.kind is float:
            spin = DoubleSpinBox()
            spin.setDecimals(2)
        else:
            spin = SpinBox()
            spin.even = control.step == 2
            spin.setSingleStep(control.step)
            spin.setGroupSeparatorShown(control.hi is not None and control.hi >= SEPARATED_FROM)
        spin.setKeyboardTracking(False)  # a typed number counts once Enter or focus ends it
        spin.refused.connect(self._state.refuse)
        spin.valueChanged.connect(self._ask)
        if control.played:
            # Opaque: it changes with every step, and a see-through widget repaints every
            # parent under it, up to the window (ten times the cost of the widget itself).
            spin.setAutoFillBackground(True)
        return spin

    def _choice(self) -> QComboBox:
        combo = QComboBox()
        choices = self.control.choices
        for value in choices:
            combo.addItem(value, value)
        combo.activated.connect(lambda _: self._ask(combo.currentData()))

        def texts() -> None:
            for index, key in enumerate(choices.values()):
                combo.setItemText(index, tr(key))

        self._texts.append(texts)
        return combo

    def _typed(self) -> QLineEdit:
        # No QValidator: it would silently keep "0.5" on screen; the state refuses it with a
        # message and the field shows the true value again.
        edit = QLineEdit()

        def typed() -> None:
            text = edit.text().strip().replace(",", "")
            try:
                self._ask(float(text))
            except ValueError:
                self._ask(text)  # refused by name
            self.show()  # as the state holds it: 1e4 becomes 10000

        edit.editingFinished.connect(typed)
        return edit

    def _presets(self) -> QComboBox:
        presets = self.control.presets
        combo = QComboBox()
        for _ in range(len(presets) + 1):  # the last item is "custom"
            combo.addItem("")

        def chosen(index: int) -> None:
            if index < len(presets):
                self._ask(presets[index][1])
            else:  # custom: the typed field, ready for a number (the list follows it)
                self.widget.setFocus()
                if isinstance(self.widget, QLineEdit):
                    self.widget.selectAll()

        def texts() -> None:
            for index, (key, _) in enumerate(presets):
                combo.setItemText(index, tr(key))
            combo.setItemText(len(presets), tr("preset.custom"))
            combo.setToolTip(tr("tip.preset"))
            combo.setAccessibleName(tr("controls.preset"))

        combo.activated.connect(chosen)
        self._texts.append(texts)
        return combo

    def _slider(self) -> QSlider:
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setAutoFillBackground(True)  # opaque, as its box
        slider.valueChanged.connect(self._ask)
        return slider

    # --- widget -> state -------------------------------------------------------------------
    def _ask(self, value: object) -> None:
        if not self._state.request(**{self.name: value}):
            self.show()  # refused (pos + k < 0, say): the true value again

    # --- state -> widget -------------------------------------------------------------------
    def _number_widgets(self) -> tuple[QSlider | SpinBox | DoubleSpinBox, ...]:
        """The widgets that show a number: its box, and a played field's slider under it."""
        if not isinstance(self.widget, SpinBox | DoubleSpinBox):
            return ()
        return (self.widget, self.extra) if isinstance(self.extra, QSlider) else (self.widget,)

    def show(self, *_: object) -> None:
        """Every widget at the field's value, within its range now. A range is set only
        when it changed: a new range lays out the whole dock again."""
        value = getattr(self._state, self.name)
        widget, extra = self.widget, self.extra
        with QSignalBlocker(widget):
            if isinstance(widget, QCheckBox):
                widget.setChecked(value)
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            elif isinstance(widget, QLineEdit):
                widget.setText(fmt_base(value))
            else:
                assert isinstance(widget, SpinBox | DoubleSpinBox)
                lo, hi = self._state.allowed(self.name)
                for ranged in self._number_widgets():
                    with QSignalBlocker(ranged):
                        if (ranged.minimum(), ranged.maximum()) != (lo, hi):
                            ranged.setRange(lo, hi)  # type: ignore[arg-type]
                            if isinstance(ranged, QSlider):
                                ranged.setPageStep(max(1, int(hi - lo + 1) // 10))
                        ranged.setValue(value)
        if isinstance(extra, QComboBox):  # the preset the value is, else custom
            values = [preset for _, preset in self.control.presets]
            with QSignalBlocker(extra):
                extra.setCurrentIndex(values.index(value) if value in values else len(values))

    def retranslate(self, *_: object) -> None:
        """Its label, tooltip, unit and item texts in the language."""
        said, tip = tr(self.control.label), tr(self.declared.tip)
        for widget in self._number_widgets() or (self.widget,):
            widget.setAccessibleName(said)
            widget.setToolTip(tip)
        if self.label is not None:
            self.label.setText(said)
        if self.extra_label is not None:
            self.extra_label.setText(tr("controls.preset"))
        if self.control.unit and isinstance(self.widget, DoubleSpinBox | SpinBox):
            self.widget.setSuffix(tr(self.control.unit))
        for text in self._texts:
            text()
        self.show()


def _label_of(field: QWidget) -> QLabel:
    """A control's label, the label of its field for a screen reader too (given as a widget,
    QFormLayout sets no buddy: a combo box was labelled by its group's title)."""
    label = QLabel()
    label.setBuddy(field)
    return label
