"""The control panel: every parameter of the state as a constrained widget."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from pe_clock.core.format import fmt_base
from pe_clock.core.i18n import tr
from pe_clock.core.layout import LAYOUTS
from pe_clock.core.params import MAX_D_MODEL, MAX_LEN, MAX_OFFSET, MIN_D_MODEL
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.choices import BASE_PRESETS
from pe_clock.gui.model.picture import MAX_SPEED, MIN_SPEED, Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.spin_box import DoubleSpinBox, SpinBox


def _label_of(field: QWidget) -> QLabel:
    """A row's label, the label of its field for a screen reader too (given as a widget,
    QFormLayout sets no buddy: a combo box was labelled by its group's title)."""
    label = QLabel()
    label.setBuddy(field)
    return label


class ControlPanel(QWidget):
    """Spin boxes, slider, base presets and playback controls bound to the state."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state

        self.pos_spin = SpinBox()
        self.pos_slider = QSlider(Qt.Orientation.Horizontal)
        # Opaque: they change with every step, and a see-through widget repaints every parent
        # under it, up to the window (ten times the cost of the widget itself).
        self.pos_spin.setAutoFillBackground(True)
        self.pos_slider.setAutoFillBackground(True)
        self.k_spin = SpinBox()
        self.k_spin.setRange(-MAX_OFFSET, MAX_OFFSET)
        self.d_model_spin = SpinBox()
        self.d_model_spin.even = True
        self.d_model_spin.setSingleStep(2)
        self.d_model_spin.setRange(MIN_D_MODEL, MAX_D_MODEL)
        self.max_len_spin = SpinBox()
        self.max_len_spin.setRange(1, MAX_LEN)
        self.max_len_spin.setGroupSeparatorShown(True)
        # No QValidator: it would silently keep "0.5" on screen; the state refuses it with a
        # message and the field goes back to the true base.
        self.base_edit = QLineEdit()
        self.base_preset = QComboBox()
        for _ in range(len(BASE_PRESETS) + 1):  # the last item is "custom"
            self.base_preset.addItem("")
        self.pair_spin = SpinBox()
        self.layout_combo = QComboBox()
        for _ in LAYOUTS:
            self.layout_combo.addItem("")
        self.train_len_spin = SpinBox()
        self.train_len_spin.setRange(1, MAX_LEN)
        self.train_len_spin.setGroupSeparatorShown(True)

        self.play_button = QPushButton()
        self.play_button.setCheckable(True)
        self.speed_spin = DoubleSpinBox()
        self.speed_spin.setRange(MIN_SPEED, MAX_SPEED)
        self.speed_spin.setDecimals(2)
        self.loop_check = QCheckBox()
        # Commit typed numbers on Enter or focus-out, not per keystroke (1024 is not 1, 10, 102).
        for spin in (
            self.pos_spin,
            self.k_spin,
            self.d_model_spin,
            self.max_len_spin,
            self.pair_spin,
            self.train_len_spin,
            self.speed_spin,
        ):
            spin.setKeyboardTracking(False)
            spin.refused.connect(self._state.refuse)

        self.params_box = QGroupBox()
        form = QFormLayout(self.params_box)
        #: (label key, tooltip key, control): rows whose texts follow the language; a field's
        #: from its declaration.
        fields = Picture.FIELDS
        self._rows: list[tuple[str, str, QWidget]] = [
            (fields[name].label, fields[name].tip, widget)
            for name, widget in (
                ("pos", self.pos_spin),
                ("k", self.k_spin),
                ("d_model", self.d_model_spin),
                ("max_len", self.max_len_spin),
                ("base", self.base_edit),
            )
        ]
        self._rows.append(("controls.preset", "tip.preset", self.base_preset))
        self._rows += [
            (fields[name].label, fields[name].tip, widget)
            for name, widget in (
                ("selected_pair", self.pair_spin),
                ("layout", self.layout_combo),
                ("train_len", self.train_len_spin),
            )
        ]
        for _, _, field in self._rows:
            form.addRow(_label_of(field), field)
            if field is self.pos_spin:
                form.addRow(self.pos_slider)
        self.playback_box = QGroupBox()
        self._play_form = QFormLayout(self.playback_box)
        row = QHBoxLayout()
        row.addWidget(self.play_button)
        row.addWidget(self.loop_check)
        self._play_form.addRow(row)
        self._play_form.addRow(_label_of(self.speed_spin), self.speed_spin)
        self._form = form
        layout = QVBoxLayout(self)
        layout.addWidget(self.params_box)
        layout.addWidget(self.playback_box)
        layout.addStretch(1)

        self.pos_spin.valueChanged.connect(self._on_pos_spin_value_changed)
        self.pos_slider.valueChanged.connect(self._on_pos_slider_value_changed)
        self.k_spin.valueChanged.connect(self._on_k_spin_value_changed)
        self.d_model_spin.valueChanged.connect(self._on_d_model_spin_value_changed)
        self.max_len_spin.valueChanged.connect(self._on_max_len_spin_value_changed)
        self.base_edit.editingFinished.connect(self._on_base_edit_editing_finished)
        self.base_preset.activated.connect(self._on_base_preset_activated)
        self.pair_spin.valueChanged.connect(self._on_pair_spin_value_changed)
        self.layout_combo.activated.connect(self._on_layout_combo_activated)
        self.train_len_spin.valueChanged.connect(self._on_train_len_spin_value_changed)
        self.play_button.toggled.connect(self._on_play_button_toggled)
        self.speed_spin.valueChanged.connect(self._on_speed_spin_value_changed)
        self.loop_check.toggled.connect(self._on_loop_check_toggled)

        # Each field re-sets only its own widgets: a step repaints the pos field and slider.
        state.observe(["pos"], self._sync_pos)
        state.observe(["k"], self._sync_k)
        state.observe(["d_model", "max_len", "base", "selected_pair", "layout"], self._sync_table)
        state.observe(["playing", "speed", "loop", "train_len"], self._sync_options)
        state.observe(["font_scale"], self._sync_fonts)
        state.observe(["language"], self._retranslate)
        self._retranslate()

    @staticmethod
    def _label(form: QFormLayout, field: QWidget) -> QLabel:
        label = form.labelForField(field)
        assert isinstance(label, QLabel)
        return label

    def _retranslate(self) -> None:
        self.params_box.setTitle(tr("controls.parameters"))
        self.playback_box.setTitle(tr("controls.animation"))
        for label_key, tip_key, field in self._rows:
            self._label(self._form, field).setText(tr(label_key))
            field.setAccessibleName(tr(label_key))
            field.setToolTip(tr(tip_key))
        # The slider under the pos field sets pos too.
        self.pos_slider.setAccessibleName(self.pos_spin.accessibleName())
        self.pos_slider.setToolTip(self.pos_spin.toolTip())
        self._label(self._play_form, self.speed_spin).setText(tr("controls.speed"))
        self.speed_spin.setAccessibleName(tr("controls.speed"))
        self.speed_spin.setToolTip(tr(Picture.FIELDS["speed"].tip))
        self.speed_spin.setSuffix(tr("controls.speed_suffix"))
        self.loop_check.setText(tr("controls.loop"))
        self.loop_check.setToolTip(tr(Picture.FIELDS["loop"].tip))
        self.play_button.setToolTip(tr("tip.play"))
        for index, (key, _) in enumerate(BASE_PRESETS):
            self.base_preset.setItemText(index, tr(key))
        self.base_preset.setItemText(len(BASE_PRESETS), tr("preset.custom"))
        for index, layout in enumerate(LAYOUTS):
            self.layout_combo.setItemText(index, tr(f"layout.{layout}"))
        self._sync()

    # --- widget -> state ---------------------------------------------------------------------
    def _on_pos_spin_value_changed(self, value: int) -> None:
        self._state.request(pos=value)

    def _on_pos_slider_value_changed(self, value: int) -> None:
        self._state.request(pos=value)

    def _on_k_spin_value_changed(self, value: int) -> None:
        if not self._state.request(k=value):
            self._sync_k()  # refused (pos + k < 0): the field shows the true k again

    def _on_d_model_spin_value_changed(self, value: int) -> None:
        self._state.request(d_model=value)

    def _on_max_len_spin_value_changed(self, value: int) -> None:
        self._state.request(max_len=value)

    def _on_base_edit_editing_finished(self) -> None:
        text = self.base_edit.text().strip().replace(",", "")
        try:
            value = float(text)
        except ValueError:
            value = text  # type: ignore[assignment]
        self._state.request(base=value)
        self._sync()

    def _on_base_preset_activated(self, index: int) -> None:
        if index < len(BASE_PRESETS):
            self._state.request(base=BASE_PRESETS[index][1])

    def _on_pair_spin_value_changed(self, value: int) -> None:
        self._state.request(selected_pair=value)

    def _on_layout_combo_activated(self, index: int) -> None:
        self._state.request(layout=LAYOUTS[index])

    def _on_train_len_spin_value_changed(self, value: int) -> None:
        self._state.request(train_len=value)

    def _on_play_button_toggled(self, checked: bool) -> None:
        self._state.set(playing=checked)

    def _on_speed_spin_value_changed(self, value: float) -> None:
        self._state.request(speed=value)

    def _on_loop_check_toggled(self, checked: bool) -> None:
        self._state.set(loop=checked)

    # --- state -> widget ---------------------------------------------------------------------
    def _sync(self, *_: object) -> None:
        self._sync_table()
        self._sync_options()

    def _sync_pos(self, *_: object) -> None:
        pos = self._state.pos
        with QSignalBlocker(self.pos_spin):
            self.pos_spin.setValue(pos)
        with QSignalBlocker(self.pos_slider):
            self.pos_slider.setValue(pos)

    def _sync_k(self, *_: object) -> None:
        s = self._state
        with QSignalBlocker(self.k_spin):
            self.k_spin.setValue(s.k)
        # The first position allowed is -k. Ranges are set only when they change: a new range
        # re-lays out the whole dock.
        last = s.max_len - 1
        if (self.pos_spin.minimum(), self.pos_spin.maximum()) != (s.first_pos, last):
            for field in (self.pos_spin, self.pos_slider):
                with QSignalBlocker(field):
                    field.setRange(s.first_pos, last)
            self.pos_slider.setPageStep(max(1, s.max_len // 10))
        self._sync_pos()

    def _sync_table(self, *_: object) -> None:
        s = self._state
        self._sync_k()
        with QSignalBlocker(self.d_model_spin):
            self.d_model_spin.setValue(s.d_model)
        with QSignalBlocker(self.max_len_spin):
            self.max_len_spin.setValue(s.max_len)
        with QSignalBlocker(self.base_edit):
            self.base_edit.setText(fmt_base(s.base))
        with QSignalBlocker(self.base_preset):
            presets = [value for _, value in BASE_PRESETS]
            index = presets.index(s.base) if s.base in presets else len(presets)
            self.base_preset.setCurrentIndex(index)
        with QSignalBlocker(self.pair_spin):
            self.pair_spin.setRange(0, s.n_pairs - 1)
            self.pair_spin.setValue(s.selected_pair)
        with QSignalBlocker(self.layout_combo):
            self.layout_combo.setCurrentIndex(LAYOUTS.index(s.layout))

    def _sync_options(self, *_: object) -> None:
        s = self._state
        with QSignalBlocker(self.play_button):
            self.play_button.setChecked(s.playing)
            self.play_button.setText(tr("controls.pause" if s.playing else "controls.play"))
        with QSignalBlocker(self.speed_spin):
            self.speed_spin.setValue(s.speed)
        with QSignalBlocker(self.loop_check):
            self.loop_check.setChecked(s.loop)
        with QSignalBlocker(self.train_len_spin):
            self.train_len_spin.setValue(s.train_len)

    def _sync_fonts(self, scale: float) -> None:
        self.setFont(scaled_font(scale))
