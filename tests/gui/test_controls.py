import pytest
from PySide6.QtCore import Qt

from pe_clock.core.i18n import tr
from pe_clock.gui.model.choices import BASE_PRESETS
from pe_clock.gui.window.controls import ControlPanel


@pytest.fixture
def panel(state, qtbot):
    widget = ControlPanel(state)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_state_to_widgets(panel, state):
    state.set(max_len=200, pos=120, k=-7, d_model=64, base=500000.0)
    state.set(selected_pair=9)
    state.set(speed=12.5)
    state.set(loop=False)
    assert panel.widget("pos").value() == 120 and panel.fields["pos"].extra.value() == 120
    assert panel.widget("pos").maximum() == 199 and panel.fields["pos"].extra.maximum() == 199
    assert panel.widget("pos").minimum() == 7  # pos + k >= 0
    assert panel.widget("k").value() == -7
    assert panel.widget("d_model").value() == 64
    assert panel.widget("max_len").value() == 200
    assert panel.widget("base").text() == "500000"
    assert panel.fields["base"].extra.currentText() == tr(BASE_PRESETS[1][0])
    assert tr(BASE_PRESETS[1][0]) == "Llama 3 rope_theta (500000)"
    assert (
        panel.widget("selected_pair").value() == 9 and panel.widget("selected_pair").maximum() == 31
    )
    assert panel.widget("speed").value() == 12.5
    assert not panel.widget("loop").isChecked()


def test_widgets_to_state(panel, state):
    panel.widget("pos").setValue(7)
    assert state.pos == 7
    panel.fields["pos"].extra.setValue(11)
    assert state.pos == 11
    panel.widget("k").setValue(4)
    assert state.k == 4
    panel.widget("d_model").setValue(128)
    assert state.d_model == 128
    panel.widget("max_len").setValue(300)
    assert state.max_len == 300
    panel.widget("selected_pair").setValue(3)
    assert state.selected_pair == 3
    panel.widget("speed").setValue(8)
    assert state.speed == 8
    panel.widget("loop").setChecked(False)
    assert not state.loop
    panel.fields["base"].extra.activated.emit(2)
    assert state.base == 1000000.0
    panel.play_button.click()
    assert state.playing and panel.play_button.text() == "Pause"
    panel.play_button.click()
    assert not state.playing and panel.play_button.text() == "Play"


def test_typed_base_is_validated(panel, state, qtbot):
    panel.widget("base").setFocus()
    panel.widget("base").selectAll()
    qtbot.keyClicks(panel.widget("base"), "123456")
    qtbot.keyClick(panel.widget("base"), Qt.Key.Key_Return)
    assert state.base == 123456.0
    assert panel.fields["base"].extra.currentText() == "Custom"
    panel.widget("base").setText("1")
    with qtbot.waitSignal(state.rejected):
        panel.widget("base").editingFinished.emit()
    assert state.base == 123456.0
    assert panel.widget("base").text() == "123456"  # the refused text is replaced by the truth


def test_d_model_spin_accepts_even_values_only(panel, state, qtbot):
    spin = panel.widget("d_model")
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


def test_typing_a_number_commits_once(panel, state, qtbot):
    computed = []
    state.tableChanged.connect(lambda: computed.append(state.d_model))
    spin = panel.widget("d_model")
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "1024")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert computed == [1024]


def test_out_of_range_typing_is_refused_with_a_message(panel, state, qtbot):
    spin = panel.widget("d_model")
    spin.setFocus()
    spin.lineEdit().selectAll()
    with qtbot.waitSignal(state.rejected) as refusal:
        qtbot.keyClicks(spin, "9000")  # the last 0 would make 9000 > 8192
    assert "d_model" in refusal.args[0] and "8192" in refusal.args[0]
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert state.d_model == 900  # what was accepted: "900"; the refused "0" never arrived


def test_too_small_value_is_refused_on_enter(panel, state, qtbot):
    spin = panel.widget("max_len")
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "0")
    with qtbot.waitSignal(state.rejected) as refusal:
        qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert "max_len" in refusal.args[0]
    assert state.max_len == 50


def test_pasted_text_is_refused_with_a_message(panel, state, qtbot):
    spin = panel.widget("speed")
    with qtbot.waitSignal(state.rejected) as refusal:
        spin.lineEdit().setText("")
        spin.lineEdit().insert("fast")
    assert "speed" in refusal.args[0]
    assert state.speed == 4.0


def test_typed_base_below_one_is_refused_and_the_field_shows_the_truth(panel, state, qtbot):
    edit = panel.widget("base")
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "0.5")
    with qtbot.waitSignal(state.rejected, timeout=1000) as refusal:
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert "base" in refusal.args[0]
    assert state.base == 10000.0 and edit.text() == "10000"
