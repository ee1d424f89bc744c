"""gui/figures/clock.py: every pair's dial and the large clock's hands."""

import numpy as np

from pe_clock.core.encoding import encode
from pe_clock.gui.figures.clock import HAND_LENGTHS, TRAIL_LENGTH, ClockView
from pe_clock.gui.figures.dial_grid import SPACING_X, SPACING_Y, grid_shape
from tests.gui.helpers import grab


def test_dial_hands_are_the_pe_pairs(clock, state):
    centres = clock._centres
    x, y = clock.hands.getData()
    tips = np.stack([x[1::2], y[1::2]], axis=1) - centres
    np.testing.assert_allclose(tips, np.tile([0.0, 1.0], (256, 1)), atol=1e-15)  # 12 o'clock
    state.set(pos=7)
    x, y = clock.hands.getData()
    tips = np.stack([x[1::2], y[1::2]], axis=1) - centres
    pe = encode(7, 512)[0]
    np.testing.assert_allclose(tips[:, 0], pe[0::2], atol=1e-12)
    np.testing.assert_allclose(tips[:, 1], pe[1::2], atol=1e-12)
    gx, gy = clock.ghosts.getData()
    ghost = np.stack([gx[1::2], gy[1::2]], axis=1) - centres
    np.testing.assert_allclose(ghost[:, 0], encode(8, 512)[0][0::2], atol=1e-12)


def test_hands_turn_clockwise(clock, state):
    state.set(pos=1)
    x, _ = clock.hands.getData()
    # A small turn from 12 o'clock moves the tip to the right (towards 3 o'clock).
    assert np.all(x[1::2] - clock._centres[:, 0] > 0)


def test_fast_hand_moves_and_slow_hand_barely_does(clock, state, qtbot):
    def masks():
        image = grab(clock.clock_widget).astype(int)
        red = (image[..., 0] > 180) & (image[..., 1] < 80) & (image[..., 2] < 80)
        black = image.max(axis=-1) < 30
        return red, black

    state.set(pos=2)  # at pos 0 the hands coincide, the fast one drawn over the others
    qtbot.wait(10)
    red0, black0 = masks()
    state.set(pos=5)
    qtbot.wait(10)
    red5, black5 = masks()
    assert red0.sum() > 20 and black0.sum() > 20

    def overlap(a, b):
        return (a & b).sum() / max(1, (a | b).sum())

    assert overlap(red0, red5) < 0.2
    assert overlap(black0, black5) > 0.5


def test_trails_mark_the_tips_at_the_positions_before_pos(clock, state):
    assert all(len(trail.points()) == 0 for trail in clock.trails)  # off unless asked for
    state.set(pos=3, trails=True)
    assert clock.trail_check.isChecked()
    assert "dots: the 8 positions before" in clock.legend_lines[0].text()
    rows = encode([2, 1, 0], state.d_model, state.base)  # the most recent first
    for hand, (trail, pair) in enumerate(zip(clock.trails, state.clock_pairs, strict=True)):
        expected = HAND_LENGTHS[hand] * rows[:, 2 * pair : 2 * pair + 2]
        np.testing.assert_allclose(trail.points(), expected, rtol=1e-12)
    state.set(pos=40)
    assert [len(trail.points()) for trail in clock.trails] == [TRAIL_LENGTH] * 3
    clock.trail_check.click()
    assert not state.trails and all(len(trail.points()) == 0 for trail in clock.trails)


def test_the_dial_grid_draws_its_dials_as_large_as_the_area_allows(clock, qtbot):
    def size(cols, rows, aspect):
        return min(aspect / (cols * SPACING_X), 1 / (rows * SPACING_Y))

    for aspect in (0.5, 1.0, 16 / 9, 3.0):
        cols, rows = grid_shape(256, aspect)
        assert cols * rows >= 256 > cols * (rows - 1)
        best = max(size(c, -(-256 // c), aspect) for c in range(1, 257))
        assert size(cols, rows, aspect) == best
    wide = grid_shape(256, 3.0)
    clock.resize(1800, 500)  # the grid's area grows wider: more columns
    qtbot.waitUntil(lambda: clock._grid == grid_shape(256, clock._grid_aspect()))
    assert clock._grid[0] > clock._grid[1] and clock._centres.shape == (256, 2)
    assert wide[0] > wide[1]


def test_clock_grid_has_one_dial_per_pair_and_labels(clock, state):
    assert clock._centres.shape == (256, 2)
    assert clock.labels._texts[0] == ("0", "6.28")
    state.set(d_model=64)
    assert clock._centres.shape == (32, 2)
    assert "32 clock hands" in clock.grid_title.text()


def test_big_clock_pairs_are_choosable(clock, state):
    clock.hand_spins[1].setValue(10)
    assert state.clock_pairs[1] == 10
    state.set_clock_pair(2, 200)
    assert clock.hand_spins[2].value() == 200
    x, y = clock.clock_hands[2].getData()
    assert "slow hand · pair 200" in clock.legend_lines[3].text()
    np.testing.assert_allclose([x[1], y[1]], [0, HAND_LENGTHS[2]], atol=1e-12)  # at 12 at pos 0


def test_selected_dial_is_highlighted(clock, state):
    state.set(selected_pair=17)
    x, y = clock.selected_rim.getData()
    centre = np.array([x.mean(), y.mean()])
    np.testing.assert_allclose(centre, clock._centres[17], atol=0.05)


def test_a_small_grid_draws_fewer_dials_legibly_and_says_which(qtbot, state):
    """At 800 x 450 the window drew 256 dials a few pixels wide: nothing was cut, but
    nothing taught."""
    from pe_clock.gui.figures.clock import MIN_DIAL_PX

    view = ClockView(state)
    qtbot.addWidget(view)
    for size, most in (((1400, 800), 256), ((520, 300), 64)):
        view.resize(*size)
        view.show()
        qtbot.waitUntil(lambda: view.page() == view._page)
        first, count = view.page()
        assert count <= most and count == len(view._centres)
        pitch = view.grid_plot.getViewBox().viewPixelSize()[0]  # data units a pixel
        assert 2 / pitch >= MIN_DIAL_PX or count == 8, (size, count)  # a dial: 2 units across
        if count < state.n_pairs:
            assert view.pager.isVisibleTo(view)
            assert view.page_label.text() == f"pairs {first}–{first + count - 1} of 256"


def test_wide_models_page_through_their_dials(clock, state):
    state.set(d_model=8192)
    assert clock._centres.shape == (256, 2) and clock.pager.isVisibleTo(clock)
    state.set(selected_pair=3000)
    first, count = clock.page()
    assert first == 2816 and count == 256
    assert clock.labels._texts[0][0] == "2816"
    state.set(pos=5)
    x, y = clock.hands.getData()
    tips = np.stack([x[1::2], y[1::2]], axis=1) - clock._centres
    np.testing.assert_allclose(tips[:, 0], encode(5, 8192)[0][0::2][2816:3072], atol=1e-12)
    clock.next_page.click()
    assert state.selected_pair == 3256
    state.set(d_model=64)
    assert not clock.pager.isVisibleTo(clock) and clock._centres.shape == (32, 2)
