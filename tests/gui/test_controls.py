import pytest

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
