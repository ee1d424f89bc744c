import math

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPoint, Qt

from pe_clock.core.encoding import encode, inverse_frequencies, positional_encoding, wavelengths
from pe_clock.core.format import fmt
from pe_clock.gui.figures.clock import HAND_LENGTHS, TRAIL_LENGTH, ClockView
from pe_clock.gui.figures.dial_grid import SPACING_X, SPACING_Y, grid_shape
from pe_clock.gui.figures.heatmap import HeatmapView
from pe_clock.gui.figures.rotation import RotationView
from tests.gui.helpers import grab, view_to_pixel


@pytest.fixture
def heatmap(state, show):
    return show(HeatmapView, state, (700, 600))


@pytest.fixture
def clock(state, show):
    return show(ClockView, state, (1000, 600))


@pytest.fixture
def rotation(state, show):
    return show(RotationView, state, (1100, 420))


def outline_rows(view: HeatmapView, color: tuple[int, int, int]) -> list[int]:
    """Pixel rows where the outline of the given colour crosses the middle of the heatmap."""
    image = grab(view.graphics)
    x0, x1 = view.plot.getViewBox().viewRange()[0]
    x = view_to_pixel(view.graphics, view.plot, x0 + 0.6 * (x1 - x0), 0).x()
    column = image[:, x - 2 : x + 3].astype(int)
    match = np.abs(column - color).sum(axis=-1).max(axis=1) < 60
    return list(np.flatnonzero(match))


def row_pixel(view: HeatmapView, pos: float) -> int:
    return view_to_pixel(view.graphics, view.plot, 0, pos).y()


def test_heatmap_shows_the_table_with_fixed_levels(heatmap, state):
    assert heatmap.pixel_window() == ((0, 50, 1), (0, 512, 1))  # every position, every column
    np.testing.assert_allclose(heatmap.image.image, positional_encoding(50, 512), atol=1e-7)
    assert tuple(heatmap.image.getLevels()) == (-1.0, 1.0)
    assert tuple(heatmap.colorbar.levels()) == (-1.0, 1.0)
    image = grab(heatmap.graphics)
    # Both ends of the diverging map are present: strong blue and strong red.
    r, _g, b = (image[..., i].astype(int) for i in range(3))
    assert ((b - r) > 120).sum() > 500 and ((r - b) > 120).sum() > 500


def test_heatmap_outline_moves_with_pos(heatmap, state, qtbot):
    black = (17, 17, 17)
    rows = outline_rows(heatmap, black)
    assert rows and abs(min(rows) - row_pixel(heatmap, 0)) <= 2
    state.set(pos=30)
    qtbot.wait(10)
    rows = outline_rows(heatmap, black)
    assert rows and abs(min(rows) - row_pixel(heatmap, 30)) <= 2
    assert all(abs(r - row_pixel(heatmap, 0)) > 5 for r in rows)


def test_heatmap_offset_outline_follows_k(heatmap, state, qtbot):
    from pe_clock.gui.look.themes import THEMES

    green = THEMES["light"].offset.getRgb()[:3]
    state.set(pos=10, k=15)
    qtbot.wait(10)
    rows = outline_rows(heatmap, green)
    assert rows and abs(min(rows) - row_pixel(heatmap, 25)) <= 2
    state.set(k=45)  # pos + k beyond the table: no outline
    assert not heatmap.offset_box.isVisible()


def test_hover_reads_out_value_and_formula(heatmap, state, qtbot):
    state.set(d_model=64)
    qtbot.wait(20)
    point = view_to_pixel(heatmap.graphics, heatmap.plot, 4.5, 3.5)
    qtbot.mouseMove(heatmap.graphics.viewport(), point)
    qtbot.waitUntil(lambda: "dimension" in heatmap.readout.text())
    text = heatmap.readout.text()
    expected = math.sin(3 / 10000 ** (4 / 64))
    assert "position <b>3</b>" in text and "dimension <b>4</b>" in text
    assert "pair 2 (sin)" in text
    assert f"{expected:.6f}" in text
    assert "10000<sup>4/64</sup>" in text
    before = grab(heatmap.graphics).shape
    qtbot.mouseMove(heatmap.graphics.viewport(), point + QPoint(0, 40))
    assert grab(heatmap.graphics).shape == before  # the read-out never shifts the plot


def test_click_sets_pos_and_selects_pair(heatmap, state, qtbot):
    point = view_to_pixel(heatmap.graphics, heatmap.plot, 101.5, 22.5)
    qtbot.mouseClick(heatmap.graphics.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert state.pos == 22
    assert state.selected_pair == 50


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


def matrix_pixels(view: RotationView) -> np.ndarray:
    image = grab(view.graphics)
    rect = view.matrix_plot.sceneBoundingRect().toRect()
    return image[rect.top() : rect.bottom(), rect.left() : rect.right()]


def test_rotation_matrix_does_not_change_with_pos(rotation, state, qtbot):
    before = matrix_pixels(rotation)
    state.set(pos=33)
    qtbot.wait(10)
    np.testing.assert_array_equal(matrix_pixels(rotation), before)
    state.set(k=9)
    qtbot.wait(10)
    assert np.any(matrix_pixels(rotation) != before)


def test_block_numbers_are_true(rotation, state):
    state.set(k=3, pos=4)
    state.set(selected_pair=5)
    phi = 3 * inverse_frequencies(512)[5]
    text = rotation.block_label.text()
    assert fmt(math.cos(phi), 6) in text and fmt(math.sin(phi), 6) in text
    assert fmt(math.degrees(phi), 4) + "°" in text
    vectors = rotation.vector_values.text().splitlines()
    expected = encode(7, 512)[0][10:12]
    assert vectors[2].startswith("PE(pos+k)")
    numbers = vectors[2].split("  (", 1)[1].replace(" ", "")
    assert numbers == f"{fmt(expected[0], 6)},{fmt(expected[1], 6)})"
    error = float(rotation.vector_error.text().split("= ")[1].split(" ")[0])
    assert error < 1e-14


def test_images_span_their_data_after_d_model_changes(rotation, heatmap, state):
    for d_model in (64, 1024, 8):
        state.set(d_model=d_model)
        for item, rows in ((rotation.vector_image, 3), (heatmap.image, 50)):
            rect = item.mapRectToParent(item.boundingRect())
            assert (rect.width(), rect.height()) == pytest.approx((d_model, rows))
        rect = rotation.matrix_image.mapRectToParent(rotation.matrix_image.boundingRect())
        assert rect.width() == pytest.approx(min(d_model, 1024))


def test_vector_strips_show_the_identity(rotation, state):
    state.set(pos=12, k=4)
    strips = rotation.vector_image.image
    np.testing.assert_allclose(strips[0], encode(12, 512)[0], atol=1e-7)
    np.testing.assert_allclose(strips[1], strips[2], atol=1e-6)


def test_zoomed_in_pixels_are_exact_values(heatmap, state, qtbot):
    state.set(max_len=1_000_000, d_model=8192)
    heatmap.plot.getViewBox().setRange(xRange=(100, 164), yRange=(500_000, 500_040), padding=0)
    qtbot.wait(10)
    (r0, r1, step), (c0, c1, group) = heatmap.pixel_window()
    assert step == 1 and group == 1
    expected = positional_encoding(r1 - r0, 8192, start=r0)[:, c0:c1]
    np.testing.assert_allclose(heatmap.image.image, expected, atol=1e-6)
    rect = heatmap.image.mapRectToParent(heatmap.image.boundingRect())
    assert (rect.left(), rect.top()) == (c0, r0)


def test_zoomed_out_pixels_are_means_of_their_positions(heatmap, state, qtbot):
    state.set(max_len=1_000_000, d_model=64)
    (r0, _, step), (c0, c1, group) = heatmap.pixel_window()
    assert step > 1000  # a million positions in a few hundred pixels
    image = heatmap.image.image
    assert image.shape[1] == c1 - c0 == 64 and group == 1
    for row in (0, 7, image.shape[0] // 2, image.shape[0] - 1):
        first = r0 + row * step
        block = positional_encoding(min(step, 1_000_000 - first), 64, start=first)
        np.testing.assert_allclose(image[row], block.mean(axis=0), atol=1e-6)


def test_million_positions_never_build_the_full_table(heatmap, state, qtbot):
    import tracemalloc

    tracemalloc.start()
    try:
        state.set(max_len=1_000_000, d_model=8192)
        heatmap.plot.getViewBox().setRange(yRange=(0, 400_000), padding=0)
        qtbot.wait(10)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert heatmap.pixel_window()[0][2] > 1
    assert peak < 300 * 2**20  # the full float64 table would be 65 GB


def test_hover_and_click_work_when_zoomed(heatmap, state, qtbot):
    state.set(max_len=100_000, d_model=64)
    heatmap.plot.getViewBox().setRange(xRange=(10, 20), yRange=(70_000, 70_010), padding=0)
    qtbot.wait(10)
    point = view_to_pixel(heatmap.graphics, heatmap.plot, 12.5, 70_004.5)
    qtbot.mouseClick(heatmap.graphics.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert state.pos == 70_004 and state.selected_pair == 6
    rows = outline_rows(heatmap, (17, 17, 17))
    assert rows and abs(min(rows) - row_pixel(heatmap, 70_004)) <= 2


def test_double_click_shows_the_whole_table(heatmap, state, qtbot):
    state.set(pos=3, selected_pair=1)
    heatmap.plot.getViewBox().setRange(yRange=(10, 20), padding=0)
    point = view_to_pixel(heatmap.graphics, heatmap.plot, 5, 15)
    viewport, left = heatmap.graphics.viewport(), Qt.MouseButton.LeftButton
    # What a real double click delivers: click, then double-click and release.
    qtbot.mouseClick(viewport, left, pos=point)
    qtbot.mouseDClick(viewport, left, pos=point)
    qtbot.mouseRelease(viewport, left, pos=point)
    (y0, y1) = heatmap.plot.getViewBox().viewRange()[1]
    assert (y0, y1) == pytest.approx((0, 50))
    assert (state.pos, state.selected_pair) == (3, 1)  # a zoom reset, not a move


def test_hover_survives_a_smaller_table(heatmap, state, qtbot):
    """Hovering a cell, then d_model 512 -> 4: the read-out forgets the cell (no IndexError)."""
    qtbot.mouseMove(
        heatmap.graphics.viewport(), view_to_pixel(heatmap.graphics, heatmap.plot, 400, 20)
    )
    assert "dimension" in heatmap.readout.text()
    for d_model in (4, 64, 512):
        state.set(d_model=d_model)
        assert "dimension" not in heatmap.readout.text()


def test_a_small_grid_draws_fewer_dials_legibly_and_says_which(qtbot, state):
    """At 800 x 450 the window drew 256 dials a few pixels wide: nothing was cut, but
    nothing taught."""
    from pe_clock.gui.figures.clock import MIN_DIAL_PX, ClockView

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


def test_a_small_figure_draws_r_of_k_by_its_first_pairs_and_says_so(qapp, state):
    """At 800 x 450 R(k)'s overview was 30 pixels tall for 512 rows: the figure now leaves it
    out, says so, and draws the zoom at the row's full height, its numbers in its cells."""
    from pe_clock.gui.export.render import Figure

    for size, compact in (((800, 450), True), ((1920, 1080), False)):
        figure = Figure("window", state, *size, False)
        try:
            view = figure.widget.rotation_view
            assert view._compact is compact
            assert view.matrix_plot.isVisible() is not compact
            title = view.zoom_plot.titleLabel.text
            if compact:
                assert "R(k = 1): its first 2 of 256 pairs" in title
                assert view.zoom_plot.getViewBox().height() > 2 * view.graphics.height() / 3
                assert all(text.opacity() == 1 for text in view.zoom_texts)
            else:
                assert "zoom: first 2 pairs" in title
        finally:
            figure.close()


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


def test_many_dimensions_per_pixel_are_averaged(heatmap, state, qtbot):
    state.set(max_len=300, d_model=8192)
    (_, _, step), (c0, c1, group) = heatmap.pixel_window()
    assert group >= 2 and step == 1
    image = heatmap.image.image
    table = positional_encoding(300, 8192)
    for col in (0, 100, image.shape[1] - 1):
        expected = table[:, c0 + col * group : min(c1, c0 + (col + 1) * group)].mean(axis=1)
        np.testing.assert_allclose(image[:, col], expected, atol=1e-6)
    # Said on the figure, not only under the mouse (the means read as a pink of no column).
    rest = (c1 - c0) % group
    last = f" (the last: {rest})" if rest else ""
    text = heatmap.readout.text()
    assert f"A pixel column is the mean of {group:,} neighbouring dimensions{last}." in text
    assert "Sin and cos columns are averaged together" in text  # the pink of about 0.5
    state.set(d_model=64)
    assert "A pixel column" not in heatmap.readout.text()


def test_switching_language_keeps_the_zoom(heatmap, state, qtbot):
    heatmap.plot.getViewBox().setRange(yRange=(10, 20), padding=0)
    state.set(language="ko")
    assert heatmap.plot.getViewBox().viewRange()[1] == pytest.approx([10, 20])
    assert "위치" in heatmap.plot.getAxis("left").labelText
    state.set(language="en")


def test_every_registered_view_is_named_alike_and_titled_in_both_languages():
    """Registry name, module file and class agree (heatmap -> heatmap.py -> HeatmapView)."""
    from pe_clock.core import i18n
    from pe_clock.gui.views import REGISTRY

    for spec in REGISTRY:
        module, _, cls = spec.target.partition(":")
        assert module.rsplit(".", 1)[1] == spec.name
        assert cls == spec.name.title() + "View"
        assert spec.load().__name__ == cls
        assert i18n.has(f"view.{spec.name}")
        assert not spec.tab or i18n.has(f"tab.{spec.name}")


def test_diverging_image_renders_pyqtgraphs_colours(qapp):
    """The fast RGB32 render gives every pixel the colour pyqtgraph's own render gives it."""
    from PySide6.QtGui import QImage

    from pe_clock.gui.look.themes import THEMES
    from pe_clock.gui.widgets.image import DivergingImage

    rng = np.random.default_rng(1)
    data = np.concatenate([rng.uniform(-1.3, 1.3, 4000), [-1, 1, 0, -0.9921875, 0.9921875]])
    for levels, theme in (((-1.0, 1.0), "light"), ((-2.5, 2.5), "dark")):
        image = DivergingImage(THEMES[theme])
        image.setImage(data.reshape(5, -1).astype(np.float32), autoLevels=False, levels=levels)
        image.render()
        ours = image.qimage.copy()
        pg.ImageItem.render(image)
        theirs = image.qimage.convertToFormat(QImage.Format.Format_RGB32)
        assert ours.format() == QImage.Format.Format_RGB32 and ours == theirs


def test_zoomed_out_hover_says_the_pixel_is_a_mean_and_gives_it(heatmap, state, qtbot):
    from pe_clock.core.binning import mean_rows

    state.set(max_len=1_000_000)
    qtbot.wait(20)
    (r0, r1, step), (c0, c1, group) = heatmap.pixel_window()
    assert step > 1
    point = view_to_pixel(heatmap.graphics, heatmap.plot, 20.5, 400_000)
    qtbot.mouseMove(heatmap.graphics.viewport(), point)
    qtbot.waitUntil(lambda: "mean of positions" in heatmap.readout.text())
    pos, dim = heatmap.cell_at(heatmap.graphics.mapToScene(point))
    first = r0 + (pos - r0) // step * step
    last = min(r1, first + step) - 1
    text = heatmap.readout.text()
    assert f"positions {first:,}…{last:,} ({last - first + 1:,} positions)" in text
    d0 = c0 + (dim - c0) // group * group  # the dimensions under the pixel, if more than one
    exact = mean_rows(first, last + 1, last - first + 1, 512)[0, d0 : min(c1, d0 + group)].mean()
    shown = text.split("<b>")[-1].split("</b>")[0]
    assert shown == fmt(exact, 6)  # the float64 mean (the image's float32 could be off by one)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_hover_over_one_position_of_averaged_columns_names_that_position(
    heatmap, state, qtbot, language
):
    """Every position its own row, 8192 columns averaged: it read "위치 28~28(위치 1개)"."""
    from pe_clock.core.i18n import set_language, tr

    set_language(language)
    try:
        state.set(language=language, max_len=50, d_model=8192)
        qtbot.wait(20)
        (_, _, step), (c0, _, group) = heatmap.pixel_window()
        assert step == 1 and group > 1
        point = view_to_pixel(heatmap.graphics, heatmap.plot, 3000.5, 28.5)
        qtbot.mouseMove(heatmap.graphics.viewport(), point + QPoint(9, 0))  # not last test's spot
        qtbot.wait(50)
        qtbot.mouseMove(heatmap.graphics.viewport(), point)
        pos, dim = heatmap.cell_at(heatmap.graphics.mapToScene(point))
        d0 = c0 + (dim - c0) // group * group
        last = d0 + group - 1
        expected = tr("heatmap.pixel_one", pos=f"{pos:,}", first=d0, last=last, value="")
        qtbot.waitUntil(lambda: expected.split("<b>")[0] in heatmap.readout.text())
        assert f"{pos}~{pos}" not in heatmap.readout.text()
        assert f"{pos}…{pos}" not in heatmap.readout.text()
    finally:
        set_language("en")


def test_heatmap_axes_name_whole_cells_and_write_numbers_out(heatmap, state):
    state.set(d_model=4)
    axis = heatmap.columns_axis
    values = [v for _, level in axis.tickValues(0, 4, 400) for v in level]
    assert values == [0.5, 1.5, 2.5, 3.5]  # one per column
    assert axis.tickValues(4, 0, 400) == [(1.0, values)]  # inverted, as rows downwards are
    assert axis.tickStrings(values, 1, 1) == ["0", "1", "2", "3"]
    # Thirty columns on 90 pixels: round numbers, not thirty labels run together.
    axis.set_cells(30)
    (spacing, major), *_ = axis.tickValues(0, 30, 90)
    assert spacing > 1 and 0 < len(major) < 10 and all(v - 0.5 == round(v - 0.5) for v in major)
    state.set(d_model=512, max_len=1_000_000)
    strings = heatmap.rows_axis.tickStrings([0.5, 200000.5, 800000.5, 999999.5], 1, 200000)
    assert strings == ["0", "200,000", "800,000", "999,999"]  # not 800000 beside 1e+06


def test_heatmap_ticks_sit_on_the_rows_they_name(heatmap, state):
    """Row r spans r..r+1: its tick is at r + 0.5, and a table of rows 0 … 49 has no "50"."""
    state.set(max_len=50)
    axis = heatmap.rows_axis
    values = [v for _, level in axis.tickValues(0, 50, 300) for v in level]
    strings = axis.tickStrings(values, 1, 10)
    assert {"0", "10", "20", "30", "40"} <= set(strings) and "50" not in strings
    assert all(v - 0.5 == round(v - 0.5) and 0 < v < 50 for v in values)
    state.set(max_len=1_000_000)  # zoomed in to a few rows: only whole rows get ticks
    values = [v for _, level in axis.tickValues(10.2, 14.9, 300) for v in level]
    assert values and all(v - 0.5 == round(v - 0.5) for v in values)


def test_the_precision_note_states_the_bound_of_the_rounded_angle():
    from pe_clock.core.rotation import largest_rounded_angle
    from pe_clock.gui.figures.rotation import precision_note

    assert precision_note(10**6, 2, 10000.0) == ""  # pair 0 alone: pos × 1 is exact
    note = precision_note(10**7, 512, 10000.0)
    angle, error = largest_rounded_angle(10**7, 512, 10000.0)
    assert f"{angle:.3g} rad" in note and "Pair 0's angle (pos × 1) is exact" in note
    assert f"±{error:.1e} rad" in note and error > math.ulp(angle) / 2  # ω₁ is rounded too


def test_columns_a_pixel_row_cannot_resolve_are_hatched_and_named(heatmap, state, qtbot):
    state.set(max_len=1_000_000)
    qtbot.wait(20)
    (_, _, step), _ = heatmap.pixel_window()
    fast = int((wavelengths(512) < step).sum())
    assert fast > 0 and heatmap.unresolved.isVisible()
    assert heatmap.unresolved.path().boundingRect().width() == 2 * fast  # columns 0 … 2·fast − 1
    assert f"pairs 0…{fast - 1} turn within {step:,} positions" in (heatmap.readout.text())
    state.set(layout="split")  # the fast pairs' sines, then their cosines half a table on
    bands = heatmap.unresolved.path().toSubpathPolygons()
    assert sorted(b.boundingRect().left() for b in bands) == [0, 256]
    assert all(b.boundingRect().width() == fast for b in bands)
    state.set(max_len=50)  # one position per pixel row: nothing to hatch
    assert not heatmap.unresolved.isVisible()


def test_the_split_layout_in_the_heatmap_and_r_of_k(heatmap, rotation, state, qtbot):
    state.set(d_model=64, selected_pair=3, k=2, layout="split")
    # The pair's sin and cos columns are half a table apart, each outlined.
    assert heatmap.pair_box.rect().x() == 3 and heatmap.pair_box.rect().width() == 1
    assert heatmap.pair_box_cos.isVisible() and heatmap.pair_box_cos.rect().x() == 35
    assert "split halves" in heatmap.plot.getAxis("bottom").labelText
    # Hovering column 35 reads out pair 3's cosine (once the read-out's new text is laid out).
    qtbot.wait(20)
    point = view_to_pixel(heatmap.graphics, heatmap.plot, 35.5, 7.5)
    qtbot.mouseMove(heatmap.graphics.viewport(), point)
    qtbot.waitUntil(lambda: "column <b>35</b>" in heatmap.readout.text())
    text = heatmap.readout.text()
    assert "pair 3 (cos)" in text and "PE(7, 7) = cos(" in text  # the paper's dimension 2·3 + 1
    assert fmt(math.cos(7 * 10000 ** (-6 / 64)), 6) in text
    # R(k): two bands, the block named by its columns, the strips in the layout's order.
    matrix = rotation.matrix_image.image
    assert matrix[3, 35] != 0 and np.isnan(matrix[3, 4])  # exact zeros: background
    assert "(rows and columns 3, 35)" in rotation.block_label.text()
    strips = rotation.vector_image.image
    np.testing.assert_allclose(strips[0, 32], math.cos(0), atol=1e-6)  # pos 0: cos of pair 0
    state.set(layout="interleaved")
    assert not heatmap.pair_box_cos.isVisible() and heatmap.pair_box.rect().width() == 2


def test_log_axes_write_their_numbers_out():
    from pe_clock.gui.widgets.axes import PlainLogAxis

    axis = PlainLogAxis("left")
    assert axis.logTickStrings([1.0, 2.0, 4.0, 6.0], 1, 1) == ["10", "100", "10,000", "1,000,000"]
    # One notation per ruler: it mixed "1,000,000" with "1e8" (the Extension tab at L0 1e6).
    wide = axis.logTickStrings([1.0, 2.0, 4.0, 6.0, 8.0], 1, 1)
    assert wide == ["1e1", "1e2", "1e4", "1e6", "1e8"]
    # Asked level by level, a ruler up to 1e7 writes its minor level as its major one.
    axis.setLogMode(False, True)
    axis.setRange(0.5, 7.2)
    assert axis.logTickStrings([2.0, 4.0, 6.0], 1, 1) == ["1e2", "1e4", "1e6"]


def test_zoom_numbers_show_only_where_they_fit(show, state, qtbot):
    small = show(RotationView, state, (640, 300))
    qtbot.wait(20)
    assert all(text.opacity() == 0 for text in small.zoom_texts)  # no "−0.4160.909"
    large = show(RotationView, state, (1400, 600))
    qtbot.wait(20)
    assert all(text.opacity() == 1 for text in large.zoom_texts)


def test_vector_numbers_are_selectable_under_the_mouse_only(rotation, state, qtbot):
    """Selectable text costs a text document per step: only while the mouse is over it."""
    label = rotation.vector_values
    selectable = Qt.TextInteractionFlag.TextSelectableByMouse
    state.set(pos=5)
    assert not label.textInteractionFlags() & selectable
    qtbot.mouseMove(label, QPoint(10, 5))
    qtbot.waitUntil(label.underMouse)
    assert label.textInteractionFlags() & selectable
    state.set(pos=6)  # still under the mouse: still selectable, with the new numbers
    assert label.textInteractionFlags() & selectable
    assert "PE(pos)" in label.text()
    qtbot.mouseMove(rotation.caption, QPoint(2, 2))
    qtbot.waitUntil(lambda: not label.underMouse())
    state.set(pos=7)
    assert not label.textInteractionFlags() & selectable


def test_log_axes_label_powers_of_ten_only(qapp):
    from pe_clock.gui.widgets.axes import PlainLogAxis

    axis = PlainLogAxis("left")
    values = [-2, -1, math.log10(0.2), 0, math.log10(2), 1, 4, 7]
    assert axis.logTickStrings(values[:-1], 1, 1) == ["0.01", "0.1", "", "1", "", "10", "10,000"]
    assert axis.logTickStrings(values, 1, 1) == ["1e−2", "1e−1", "", "1e0", "", "1e1", "1e4", "1e7"]


def test_dial_labels_write_wavelengths_out():
    """Not 6.3k: beside the dials, k is the offset; and never 1e+03 or 1000k."""
    from pe_clock.gui.figures.dial_grid import compact

    assert [compact(w) for w in (6.2832, 62.832, 628.32, 999.68, 60611.5, 999_999.6)] == [
        "6.28", "62.8", "628", "1,000", "60,612", "1,000,000"
    ]  # fmt: skip


def test_the_precision_note_has_room_for_all_its_lines(rotation, state):
    """From about pos 10,000 the note under the error was cut off after a line and a half."""
    state.set(max_len=1_000_000, pos=999_999)
    label = rotation.vector_error
    assert "Pair 0's angle" in label.text()
    assert label.heightForWidth(label.slot.width()) <= label.slot.height()
    state.set(max_len=50, pos=3)  # a small table keeps its two lines
    assert label.slot.height() < 4 * label.fontMetrics().lineSpacing()


def test_the_three_vectors_average_the_dimensions_that_share_a_pixel(rotation, state):
    """At d_model 8192 the strips are a few hundred pixels wide: drawn one column in many, the
    alternating sin ≈ 0 and cos ≈ 1 columns made red and white blocks that are not there."""
    from pe_clock.core.binning import mean_columns
    from pe_clock.core.encoding import encode

    state.set(d_model=8192, pos=7, k=5)
    group = rotation.columns.group
    assert group == math.ceil(8192 / rotation.vector_plot.getViewBox().width()) > 1
    strips = np.stack([encode([7], 8192)[0], state.rotated(), encode([12], 8192)[0]])
    np.testing.assert_allclose(rotation.vector_image.image, mean_columns(strips, group), atol=1e-6)
    assert f"mean of {group} dimensions" in rotation.vector_plot.getAxis("bottom").labelText
    state.set(d_model=512)
    assert rotation.vector_image.image.shape == (3, 512)
    assert "mean" not in rotation.vector_plot.getAxis("bottom").labelText


def test_the_selected_pair_is_outlined_not_tinted(heatmap, state, qtbot):
    """A translucent orange fill over the selected pair's columns recoloured them (blue read
    as purple; at d_model 4, half the table): inside its outline a cell keeps its colour."""
    state.set(d_model=4, layout="interleaved", pos=0, k=1, max_len=50)
    inside = {}
    for pair in (0, 1):
        state.set(selected_pair=pair)
        qtbot.wait(20)
        pixels = grab(heatmap.graphics)
        point = view_to_pixel(heatmap.graphics, heatmap.plot, 0.5, 30.5)  # column 0, row 30
        inside[pair] = pixels[point.y(), point.x()].astype(int)
    assert heatmap.pair_box.brush().style() == Qt.BrushStyle.NoBrush
    assert np.abs(inside[0] - inside[1]).max() <= 2, inside


def test_cells_named_by_the_axis_that_holds_them(rotation, state):
    """Rows of strips, a zoom's columns of R(k) and the tokens of Why name their cells through
    IndexAxis.set_cells, not ticks set by hand."""
    from pe_clock.gui.widgets.axes import IndexAxis

    state.set(layout="split")  # pair 0 is columns 0 and 256: the zoom's cells say so
    axis = rotation.zoom_plot.getAxis("bottom")
    assert isinstance(axis, IndexAxis) and axis.names is not None
    values = [v for _, level in axis.tickValues(0, len(axis.names), 400) for v in level]
    assert axis.tickStrings(values, 1, 1) == list(axis.names)
    assert axis.names == ("0", "1", "256", "257")
    strips = rotation.vector_plot.getAxis("left")
    assert strips.names == ("PE(pos)", "R(k)·PE(pos)", "PE(pos+k)")
    with pytest.raises(ValueError, match="2 names for 3 cells"):
        strips.set_cells(3, names=["a", "b"])
