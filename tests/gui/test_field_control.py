"""gui/widgets/field_control.py: a field's control made from its declaration: typed with its
presets, even-stepped, within its range, and refusing what it cannot take with a message."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QWidget

from pe_clock.gui.widgets.field_control import FieldControl


class Controls:
    """Fields' controls, each a FieldControl, laid out in one shown widget."""

    def __init__(self, state, qtbot, names=("pos", "k", "d_model", "max_len", "base", "speed")):
        self.host = QWidget()
        form = QFormLayout(self.host)
        self.fields = {name: FieldControl(state, name) for name in names}
        for control in self.fields.values():
            form.addRow(control.label, control.widget)
            if control.extra is not None:
                form.addRow(control.extra_label, control.extra)
        qtbot.addWidget(self.host)
        self.host.show()

    def widget(self, name):
        return self.fields[name].widget


@pytest.fixture
def controls(state, qtbot):
    return Controls(state, qtbot)


def refused_at_enter(qtbot, state, spin, text):
    """Type text over spin's, as typed (nothing dropped), then Enter: the state's refusal."""
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, text)
    assert text in spin.lineEdit().text().replace(",", "")
    with qtbot.waitSignal(state.rejected) as refusal:
        qtbot.keyClick(spin, Qt.Key.Key_Return)
    return refusal.args[0]


def test_typed_base_is_validated(controls, state, qtbot):
    controls.widget("base").setFocus()
    controls.widget("base").selectAll()
    qtbot.keyClicks(controls.widget("base"), "123456")
    qtbot.keyClick(controls.widget("base"), Qt.Key.Key_Return)
    assert state.base == 123456.0
    assert controls.fields["base"].extra.currentText() == "Custom"
    controls.widget("base").setText("1")
    with qtbot.waitSignal(state.rejected):
        controls.widget("base").editingFinished.emit()
    assert state.base == 123456.0
    assert controls.widget("base").text() == "123456"  # the refused text is replaced by the truth


def test_d_model_spin_accepts_even_values_only(controls, state, qtbot):
    spin = controls.widget("d_model")
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "65")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert state.d_model % 2 == 0
    assert state.d_model in (512, 66)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "64")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert state.d_model == 64
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert state.d_model == 66


def test_typing_a_number_commits_once(controls, state, qtbot):
    computed = []
    state.tableChanged.connect(lambda: computed.append(state.d_model))
    spin = controls.widget("d_model")
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "1024")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert computed == [1024]


@pytest.mark.parametrize(
    ("name", "typed", "said"),
    [("d_model", "9000", "8192"), ("pos", "99", "49"), ("k", "20000000", "10,000,000"),
     ("speed", "1000", "60")],
)  # fmt: skip
def test_an_out_of_range_number_is_refused_whole(controls, state, qtbot, name, typed, said):
    """The keystroke that took the number out of range was dropped and the digits before it
    committed at Enter (9000 set d_model 900; 99 set pos 9), while the status bar said it was
    refused: now the number stays as typed and Enter refuses it, changing nothing."""
    spin = controls.widget(name)
    before = getattr(state, name)
    message = refused_at_enter(qtbot, state, spin, typed)
    assert said in message and f"'{typed}'" in message, message  # its words, not its unit
    assert getattr(state, name) == before and spin.value() == before


def test_an_odd_head_dim_is_refused_for_being_odd(state, qtbot):
    """head_dim's refusal gave d_model's reason (each sin/cos pair is one clock hand)."""
    controls = Controls(state, qtbot, ("head_dim",))
    message = refused_at_enter(qtbot, state, controls.widget("head_dim"), "7")
    assert "even integer from 2 to 512" in message
    assert "clock hand" not in message and state.head_dim == 128


def test_too_small_value_is_refused_on_enter(controls, state, qtbot):
    assert "max_len" in refused_at_enter(qtbot, state, controls.widget("max_len"), "0")
    assert state.max_len == 50


def test_pasted_text_is_refused_with_a_message(controls, state, qtbot):
    spin = controls.widget("speed")
    with qtbot.waitSignal(state.rejected) as refusal:
        spin.lineEdit().setText("")
        spin.lineEdit().insert("fast")
    assert "speed" in refusal.args[0]
    assert state.speed == 4.0


def test_typed_base_below_one_is_refused_and_the_field_shows_the_truth(controls, state, qtbot):
    edit = controls.widget("base")
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "0.5")
    with qtbot.waitSignal(state.rejected, timeout=1000) as refusal:
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert "base" in refusal.args[0]
    assert state.base == 10000.0 and edit.text() == "10000"


def test_custom_in_the_presets_opens_the_typed_field(controls, state, qtbot):
    """Choosing Custom did nothing and left the list saying Custom over a preset's base."""
    presets = controls.fields["base"].extra
    presets.activated.emit(presets.count() - 1)
    edit = controls.widget("base")
    qtbot.waitUntil(edit.hasFocus)
    assert edit.selectedText() == "10000"
    qtbot.keyClicks(edit, "12345")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert state.base == 12345.0 and presets.currentIndex() == presets.count() - 1
