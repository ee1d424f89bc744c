"""gui/figures/heatmap.py: the PE table drawn, outlined, zoomed, hovered and clicked."""

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from pe_clock.core.encoding import positional_encoding, wavelengths
from pe_clock.core.format import fmt
from pe_clock.gui.figures.heatmap import HeatmapView
from tests.gui.helpers import grab, view_to_pixel


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


def test_images_span_their_data_after_d_model_changes(rotation, heatmap, state):
    for d_model in (64, 1024, 8):
        state.set(d_model=d_model)
        for item, rows in ((rotation.vector_image, 3), (heatmap.image, 50)):
            rect = item.mapRectToParent(item.boundingRect())
            assert (rect.width(), rect.height()) == pytest.approx((d_model, rows))
        rect = rotation.matrix_image.mapRectToParent(rotation.matrix_image.boundingRect())
        assert rect.width() == pytest.approx(min(d_model, 1024))


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
