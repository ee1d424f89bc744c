import numpy as np
import pytest

from pe_clock.core.encoding import positional_encoding, wavelengths
from pe_clock.core.rotation import relative_rotation
from pe_clock.gui.model.state import AppState


def test_defaults_reproduce_the_seed_figure(state):
    assert (state.d_model, state.max_len, state.base, state.pos, state.k) == (
        512,
        50,
        10000.0,
        0,
        1,
    )


def test_setter_emits_once_and_not_for_the_same_value(state, qtbot):
    seen = []
    state.posChanged.connect(seen.append)
    state.set(pos=5)
    state.set(pos=5)
    assert seen == [5]


def test_request_reports_refusals(state, qtbot):
    with qtbot.waitSignal(state.rejected) as blocker:
        assert not state.request(base=1.0)
    assert "base" in blocker.args[0]
    assert state.base == 10000.0


def test_derived_numbers_are_cached_until_their_inputs_change(state, qtbot):
    omega = state.omega()
    rotation = state.rotation_matrix()
    state.set(pos=12)
    assert state.omega() is omega
    assert state.rotation_matrix() is rotation
    with qtbot.waitSignal(state.tableChanged):
        state.set(base=500000.0)
    assert state.omega() is not omega
    table = positional_encoding(50, 512, 500000.0)
    np.testing.assert_allclose(state.pe(7), table[7], atol=1e-15)
    np.testing.assert_allclose(state.dot_matrix(50), table @ table.T, atol=1e-10)


def test_pe_rows_are_the_rows_and_a_step_computes_each_row_once(state, monkeypatch):
    import pe_clock.gui.model.derived
    from pe_clock.core.encoding import encode, sin_cos

    computed = []

    def counted(theta):
        computed.append(len(theta))
        return sin_cos(theta)

    monkeypatch.setattr(pe_clock.gui.model.derived, "sin_cos", counted)
    state.set(d_model=8192, max_len=1000)
    walk = [(0, 3), (1, 4), (2, 5), (3, 6), (4, 7), (5, 8), (40, 90), (45, 95), (3, 6), (0, 1)]
    for first, stop in walk:
        rows = state.pe_rows(first, stop)
        np.testing.assert_array_equal(rows, encode(np.arange(first, stop), 8192))
        assert not rows.flags.writeable
    computed.clear()
    for pos in range(100, 400):  # three rows a step, as the Embedding tab asks
        state.pe_rows(pos, pos + 3)
    assert sum(computed) < 310  # each row about once (whole new blocks were ~3 a step)


def test_rotation_matrix_is_r_of_k(state):
    state.set(k=3)
    np.testing.assert_allclose(state.rotation_matrix(), relative_rotation(3, 512), atol=1e-15)
    state.set(d_model=2048)
    leading = state.rotation_matrix()
    assert leading.shape == (1024, 1024)
    np.testing.assert_allclose(leading, relative_rotation(3, 2048)[:1024, :1024], atol=1e-15)


def test_vectors_obey_the_rotation_identity(state):
    state.set(pos=17, k=5)
    np.testing.assert_allclose(state.rotated(), state.pe(22), atol=1e-14)
    np.testing.assert_allclose(state.wavelengths(), wavelengths(512), rtol=1e-15)


def test_step_clamps_and_loops(state):
    state.step(-1)
    assert state.pos == 0
    state.go_to(49)
    state.step(1)
    assert state.pos == 49
    state.set(playing=True)  # playing from the last position starts again at the first
    assert state.pos == 0
    state.go_to(49)
    state.step(1)
    assert state.pos == 0 and state.playing
    state.set(loop=False)
    state.go_to(49)
    state.step(1)
    assert state.pos == 49 and not state.playing


def test_play_advances_pos(state, qtbot):
    state.set(speed=60)
    state.set(playing=True)
    qtbot.waitUntil(lambda: state.pos >= 3, timeout=5000)
    state.set(playing=False)
    stopped = state.pos
    qtbot.wait(100)
    assert state.pos == stopped


def test_view_option_validation(state):
    for bad in ({"speed": 0}, {"speed": float("nan")}, {"selected_pair": 256}, {"font_scale": 10}):
        assert not state.request(**bad)
    assert state.speed == 4.0 and state.selected_pair == 0 and state.font_scale == 1.0


def test_state_has_no_parent_requirement(qtbot):
    s = AppState()
    s.set(pos=1)
    assert s.pos == 1


def test_derived_rotation_error_and_full_turns(state):
    state.set(d_model=4, max_len=50, pos=7, k=3)
    # Wavelengths 2π·10000^(2i/4): 6.28 and 628 positions; 49 positions turn only the first.
    assert state.completes_turn().tolist() == [True, False]
    assert state.rotation_error() < 1e-14
    state.set(max_len=700)
    assert state.completes_turn().tolist() == [True, True]


def test_a_huge_value_in_the_state_is_quoted_short(state):
    with pytest.raises(ValueError) as refused:
        state.set(clock_pairs=tuple(range(400_000)))
    assert len(str(refused.value)) < 300 and "(400,000 items)" in str(refused.value)
