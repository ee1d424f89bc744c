"""The control panel: every parameter of the state as a constrained widget."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QDoubleValidator, QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.params import MAX_BASE, MAX_D_MODEL, MAX_LEN, MAX_OFFSET, MIN_D_MODEL
from gui import style
from gui.state import MAX_SPEED, MIN_SPEED, AppState

#: Base presets: the paper, and rope_theta of Llama 3 and Qwen2.
BASE_PRESETS = (
    ("Paper (10000)", 10000.0),
    ("Llama 3 rope_theta (500000)", 500000.0),
    ("Qwen2 rope_theta (1000000)", 1000000.0),
)
CUSTOM_PRESET = "Custom"


class EvenSpinBox(QSpinBox):
    """A spin box that only accepts even numbers (each pair of dimensions is one clock hand)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSingleStep(2)

    def validate(self, text: str, pos: int):  # type: ignore[no-untyped-def]
        result = super().validate(text, pos)
        state = result[0] if isinstance(result, tuple) else result
        if state == QValidator.State.Acceptable and self.valueFromText(text) % 2:
            state = QValidator.State.Intermediate
        return (state, *result[1:]) if isinstance(result, tuple) else state

    def fixup(self, text: str) -> str:
        try:
            value = int(text)
        except ValueError:
            return text
        return str(value + value % 2)


class ControlPanel(QWidget):
    """Spin boxes, slider, base presets and playback controls bound to the state."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state

        self.pos_spin = QSpinBox()
        self.pos_slider = QSlider(Qt.Orientation.Horizontal)
        self.k_spin = QSpinBox()
        self.k_spin.setRange(-MAX_OFFSET, MAX_OFFSET)
        self.d_model_spin = EvenSpinBox()
        self.d_model_spin.setRange(MIN_D_MODEL, MAX_D_MODEL)
        self.max_len_spin = QSpinBox()
        self.max_len_spin.setRange(1, MAX_LEN)
        self.max_len_spin.setGroupSeparatorShown(True)
        self.base_edit = QLineEdit()
        validator = QDoubleValidator(1.0, MAX_BASE, 6, self.base_edit)
        validator.setNotation(QDoubleValidator.Notation.ScientificNotation)
        self.base_edit.setValidator(validator)
        self.base_preset = QComboBox()
        for name, _ in BASE_PRESETS:
            self.base_preset.addItem(name)
        self.base_preset.addItem(CUSTOM_PRESET)
        self.pair_spin = QSpinBox()

        self.play_button = QPushButton()
        self.play_button.setCheckable(True)
        self.speed_spin = QDoubleSpinBox()
        self.speed_spin.setRange(MIN_SPEED, MAX_SPEED)
        self.speed_spin.setDecimals(2)
        self.speed_spin.setSuffix(" pos/s")
        self.loop_check = QCheckBox("Loop")
        # Commit typed numbers on Enter or focus-out, not per keystroke (1024 is not 1, 10, 102).
        for spin in (
            self.pos_spin,
            self.k_spin,
            self.d_model_spin,
            self.max_len_spin,
            self.pair_spin,
            self.speed_spin,
        ):
            spin.setKeyboardTracking(False)

        self.pos_spin.setToolTip("Current position (Right/Left, PageDown/PageUp, digits + Enter)")
        self.k_spin.setToolTip("Offset k: R(k) maps PE(pos) to PE(pos + k) ([ and ])")
        self.d_model_spin.setToolTip("Embedding width; even, since each sin/cos pair is one hand")
        self.max_len_spin.setToolTip("Number of positions shown in the heatmap")
        self.base_edit.setToolTip("The 10000 of the paper; rope_theta in RoPE models")
        self.play_button.setToolTip("Play or pause the animation (K)")

        params = QGroupBox("Parameters")
        form = QFormLayout(params)
        form.addRow("pos", self.pos_spin)
        form.addRow(self.pos_slider)
        form.addRow("offset k", self.k_spin)
        form.addRow("d_model", self.d_model_spin)
        form.addRow("max_len", self.max_len_spin)
        form.addRow("base", self.base_edit)
        form.addRow("preset", self.base_preset)
        form.addRow("selected pair", self.pair_spin)
        playback = QGroupBox("Animation")
        play_form = QFormLayout(playback)
        row = QHBoxLayout()
        row.addWidget(self.play_button)
        row.addWidget(self.loop_check)
        play_form.addRow(row)
        play_form.addRow("speed", self.speed_spin)
        layout = QVBoxLayout(self)
        layout.addWidget(params)
        layout.addWidget(playback)
        layout.addStretch(1)

        self.pos_spin.valueChanged.connect(self._on_pos_spin_value_changed)
        self.pos_slider.valueChanged.connect(self._on_pos_slider_value_changed)
        self.k_spin.valueChanged.connect(self._on_k_spin_value_changed)
        self.d_model_spin.valueChanged.connect(self._on_d_model_spin_value_changed)
        self.max_len_spin.valueChanged.connect(self._on_max_len_spin_value_changed)
        self.base_edit.editingFinished.connect(self._on_base_edit_editing_finished)
        self.base_preset.activated.connect(self._on_base_preset_activated)
        self.pair_spin.valueChanged.connect(self._on_pair_spin_value_changed)
        self.play_button.toggled.connect(self._on_play_button_toggled)
        self.speed_spin.valueChanged.connect(self._on_speed_spin_value_changed)
        self.loop_check.toggled.connect(self._on_loop_check_toggled)

        for signal in (
            state.posChanged,
            state.kChanged,
            state.dModelChanged,
            state.maxLenChanged,
            state.baseChanged,
            state.selectedPairChanged,
            state.playingChanged,
            state.speedChanged,
            state.loopChanged,
        ):
            signal.connect(self._sync)
        state.fontScaleChanged.connect(self._sync_fonts)
        self._sync()

    # --- widget -> state ---------------------------------------------------------------------
    def _on_pos_spin_value_changed(self, value: int) -> None:
        self._state.request(pos=value)

    def _on_pos_slider_value_changed(self, value: int) -> None:
        self._state.request(pos=value)

    def _on_k_spin_value_changed(self, value: int) -> None:
        self._state.request(k=value)

    def _on_d_model_spin_value_changed(self, value: int) -> None:
        if value % 2 == 0:
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

    def _on_play_button_toggled(self, checked: bool) -> None:
        self._state.set_playing(checked)

    def _on_speed_spin_value_changed(self, value: float) -> None:
        self._state.request(speed=value)

    def _on_loop_check_toggled(self, checked: bool) -> None:
        self._state.set_loop(checked)

    # --- state -> widget ---------------------------------------------------------------------
    def _sync(self, *_: object) -> None:
        s = self._state
        last = s.max_len - 1
        with QSignalBlocker(self.pos_spin):
            self.pos_spin.setRange(s.first_pos, last)
            self.pos_spin.setValue(s.pos)
        with QSignalBlocker(self.pos_slider):
            self.pos_slider.setRange(s.first_pos, last)
            self.pos_slider.setPageStep(max(1, s.max_len // 10))
            self.pos_slider.setValue(s.pos)
        with QSignalBlocker(self.k_spin):
            self.k_spin.setMinimum(-s.pos)
            self.k_spin.setValue(s.k)
        with QSignalBlocker(self.d_model_spin):
            self.d_model_spin.setValue(s.d_model)
        with QSignalBlocker(self.max_len_spin):
            self.max_len_spin.setValue(s.max_len)
        with QSignalBlocker(self.base_edit):
            self.base_edit.setText(style.fmt_base(s.base))
        with QSignalBlocker(self.base_preset):
            presets = [value for _, value in BASE_PRESETS]
            index = presets.index(s.base) if s.base in presets else len(presets)
            self.base_preset.setCurrentIndex(index)
        with QSignalBlocker(self.pair_spin):
            self.pair_spin.setRange(0, s.n_pairs - 1)
            self.pair_spin.setValue(s.selected_pair)
        with QSignalBlocker(self.play_button):
            self.play_button.setChecked(s.playing)
            self.play_button.setText("Pause" if s.playing else "Play")
        with QSignalBlocker(self.speed_spin):
            self.speed_spin.setValue(s.speed)
        with QSignalBlocker(self.loop_check):
            self.loop_check.setChecked(s.loop)

    def _sync_fonts(self, scale: float) -> None:
        self.setFont(style.scaled_font(scale))
