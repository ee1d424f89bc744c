import math
import re

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QGuiApplication

from pe_clock.core.encoding import encode, positional_encoding, wavelengths
from pe_clock.core.examples import example_embeddings
from pe_clock.core.similarity import dot_by_offset
from pe_clock.gui.panels.beyond import BeyondView
from pe_clock.gui.panels.distance import DistanceView
from pe_clock.gui.panels.embedding import EmbeddingView
from pe_clock.gui.panels.unique import UniqueView
from pe_clock.gui.panels.wavelength import WavelengthView
from pe_clock.gui.panels.worked import WorkedView
from pe_clock.gui.views import REGISTRY
from tests.gui.helpers import grab, to_array


def test_worked_example_matches_the_course_table(show, state):
    view = show(WorkedView, state)
    cells = [[view.table.item(r, c).text() for c in range(5)] for r in range(4)]
    assert cells[1] == ["1", "0.841", "0.540", "0.010", "1.000"]
    assert cells[2] == ["2", "0.909", "−0.416", "0.020", "1.000"]
    assert [view.table.horizontalHeaderItem(c).text() for c in range(1, 5)] == [
        "dim 0\nsin(pos/1)",
        "dim 1\ncos(pos/1)",
        "dim 2\nsin(pos/100)",
        "dim 3\ncos(pos/100)",
    ]
    state.set(language="ko")  # the course's own headers: 칸 0 … 칸 3
    assert view.table.horizontalHeaderItem(0).text() == "위치 pos"
    assert view.table.horizontalHeaderItem(1).text() == "칸 0\nsin(pos/1)"
    state.set(language="en")
    caption = view.caption.text().replace("<nobr>", "").replace("</nobr>", "")
    assert "10000<sup>0/4</sup> = 1" in caption and "10000<sup>2/4</sup> = 100" in caption
    view.table.setCurrentCell(3, 2)
    assert "PE(3, 1) = cos(3/1)" in view.formula.text()
    assert f"{math.cos(3):.12f}".replace("-", "−") in view.formula.text()


def test_worked_example_follows_pos_and_copies(show, state):
    view = show(WorkedView, state)
    state.set(pos=20)
    view.follow_check.setChecked(True)
    assert view.table.item(0, 0).text() == "20"
    assert view.table.item(0, 1).text() == f"{math.sin(20):.3f}"
    view.copy_csv_button.click()
    csv = QGuiApplication.clipboard().text().splitlines()
    assert csv[0] == "position,sin(pos/1),cos(pos/1),sin(pos/100),cos(pos/100)"
    assert csv[1].split(",")[0] == "20" and len(csv) == 5
    view.copy_text_button.click()
    assert "\t" in QGuiApplication.clipboard().text()


def test_worked_formula_writes_twelve_right_decimals_and_exact_denominators(show, state):
    """At pos 999,996 float64 gets the twelfth decimal of sin(pos/100) wrong (…756, not …755);
    and 707.107 is not 500000^(2/4), so the formula writes the power where √base is inexact."""
    state.set(max_len=1_000_000, pos=999_996)
    view = show(WorkedView, state)
    view.follow_check.setChecked(True)
    view.table.setCurrentCell(0, 3)
    assert "PE(999996, 2) = sin(999996/100)" in view.formula.text()
    assert "−0.267293870755)" in view.formula.text()  # 50-digit value −0.2672938707553636…
    view.table.setCurrentCell(0, 4)
    assert "−0.963615061452)" in view.formula.text()
    state.set(base=500000.0, pos=1)
    view.table.setCurrentCell(0, 3)
    assert "sin(1/500000^(2/4))" in view.formula.text() and "0.001414213091)" in view.formula.text()
    assert "500000<sup>2/4</sup></nobr> ≈ 707.107" in view.caption.text()
    assert view.cells()[0][3] == "sin(pos/500000^(2/4))"
    # The value of the formula as printed: base 1.1, not the float 1.100000000000000088…
    state.set(base=1.1, pos=999_999)
    view.table.setCurrentCell(0, 3)
    assert "sin(999999/1.1^(2/4))" in view.formula.text()
    assert "0.739137619899)" in view.formula.text()  # mpmath; the float base gives …873


def test_embedding_panel_adds_pe_to_the_embeddings(show, state):
    state.set(pos=4)
    view = show(EmbeddingView, state)
    embeddings, pe, total = (image.image for image in view.images)
    np.testing.assert_allclose(embeddings, example_embeddings(512), atol=1e-6)
    np.testing.assert_allclose(pe, encode([4, 5, 6], 512), atol=1e-6)
    np.testing.assert_allclose(total, embeddings + pe, atol=1e-6)
    levels = [tuple(image.getLevels()) for image in view.images]
    assert levels[0] == levels[1] == levels[2]  # one colour scale
    assert "example" in view.plots[0].titleLabel.text


def test_embedding_panel_averages_the_dimensions_that_share_a_pixel(show, state, qtbot):
    """At 8192 dimensions on ~1,000 pixels, a pixel column is the mean of its dimensions, as
    in the heatmap; drawn one in nine, the sin and cos columns would alias."""
    from pe_clock.core.binning import mean_columns

    state.set(d_model=8192, pos=4)
    view = show(EmbeddingView, state)
    pixels = view.plots[0].getViewBox().width()
    group = math.ceil(8192 / pixels)
    embeddings, pe, total = (image.image for image in view.images)
    assert pe.shape == (3, math.ceil(8192 / group))
    np.testing.assert_allclose(pe, mean_columns(encode([4, 5, 6], 8192), group), atol=1e-6)
    np.testing.assert_allclose(total, embeddings + pe, atol=1e-6)
    assert f"mean of {group} dimensions" in view.plots[-1].getAxis("bottom").labelText
    # The images still span the 8,192 dimensions, the last group overhanging by < 1 pixel.
    width = view.images[1].boundingRect().width() * view.images[1].transform().m11()
    assert 8192 <= width < 8192 + group
    view.resize(600, 700)  # narrower: larger groups, drawn again at once
    qtbot.waitUntil(lambda: view.plots[0].getViewBox().width() < pixels / 2)
    group = math.ceil(8192 / view.plots[0].getViewBox().width())
    assert view.images[1].image.shape == (3, math.ceil(8192 / group))
    assert f"mean of {group} dimensions" in view.plots[-1].getAxis("bottom").labelText
    state.set(d_model=64)  # fewer dimensions than pixels: each its own column
    assert view.images[1].image.shape == (3, 64)
    assert "mean" not in view.plots[-1].getAxis("bottom").labelText


def test_embedding_panel_loads_npy_files(show, state, tmp_path, qtbot):
    view = show(EmbeddingView, state)
    good = np.linspace(-1, 1, 2 * 512).reshape(2, 512)
    np.save(tmp_path / "mine.npy", good)
    assert state.load_embeddings(str(tmp_path / "mine.npy"))
    np.testing.assert_allclose(view.images[0].image, good, atol=1e-6)
    assert "mine.npy" in view.plots[0].titleLabel.text
    np.save(tmp_path / "bad.npy", np.zeros((2, 100)))
    with qtbot.waitSignal(state.rejected) as refusal:
        assert not state.load_embeddings(str(tmp_path / "bad.npy"))
    assert "bad.npy" in refusal.args[0] and "shape" in refusal.args[0]
    np.testing.assert_allclose(view.images[0].image, good, atol=1e-6)  # nothing changed
    with qtbot.waitSignal(state.notified):
        state.set(d_model=64)  # the loaded rows no longer fit: back to the examples
    assert not state.embeddings_loaded
    assert view.images[0].image.shape == (3, 64)


def test_uniqueness_panel(show, state):
    view = show(UniqueView, state)
    text = view.stats.text()
    assert "<b>50</b> distinct rows among positions 0…49" in text
    table = positional_encoding(50, 512)
    gaps = np.linalg.norm(table[1:] - table[:-1], axis=1)
    assert f"{gaps[0]:.6g}" in text  # neighbours are the closest rows
    assert "[<b>−1.000000</b>, <b>1.000000</b>]" in text
    x, y = view.curve.getData()
    np.testing.assert_allclose(
        y, np.linalg.norm(table[0] - table[x.astype(int)], axis=1), atol=1e-10
    )


def test_distance_panel_curves_coincide(show, state):
    state.set(pos=17)
    view = show(DistanceView, state)
    visible = [c for c in view.curves if c.isVisible()]
    assert len(visible) == 4
    x0, y0 = visible[0].getData()
    x1, y1 = visible[1].getData()
    common = np.intersect1d(x0, x1)
    np.testing.assert_allclose(y0[np.isin(x0, common)], y1[np.isin(x1, common)], atol=1e-9)
    np.testing.assert_allclose(y0, dot_by_offset(x0, 512), atol=1e-9)
    matrix = view.matrix_image.image
    assert matrix.shape == (50, 50)
    np.testing.assert_allclose(np.diag(matrix), 1.0, atol=1e-6)
    np.testing.assert_allclose(np.diag(matrix, 3), dot_by_offset([3], 512)[0] / 256, atol=1e-6)


def test_distance_stepping_leaves_no_stale_pixels(show, state, qtbot):
    """A step repaints only the new segment of the current curve: what is on screen after the
    steps (the window's backing store, not a new rendering) must be what a full repaint
    draws."""
    screen = QGuiApplication.primaryScreen()
    view = show(DistanceView, state, (900, 600))
    for pos in range(13):
        state.set(pos=pos)
        qtbot.wait(5)  # each step painted, as on screen
    qtbot.wait(50)
    stepped = to_array(screen.grabWindow(view.winId()).toImage()).astype(int)
    view.graphics.viewport().update()  # everything drawn again
    qtbot.wait(50)
    full = to_array(screen.grabWindow(view.winId()).toImage()).astype(int)
    assert (np.abs(stepped - full).max(axis=-1) > 40).mean() < 1e-4


def test_wavelength_ruler_counts_pairs_that_never_turn(show, state):
    view = show(WavelengthView, state)
    waves = wavelengths(512)
    done = int((waves <= 49).sum())
    assert f"<b>{done}</b> of 256 pairs" in view.summary.text()
    assert len(view.finishing.data) == done and len(view.never.data) == 256 - done
    state.set(base=500000.0)  # a rope_theta: longer wavelengths, fewer finish
    assert len(view.finishing.data) == int((wavelengths(512, 500000.0) <= 49).sum()) < done
    # The line is where the rule is: 49 steps from position 0 to position 49.
    assert view.max_len_line.value() == pytest.approx(math.log10(49))
    # The true range: pair 0 takes 2π, pair 255 takes 2π·base^(1 − 2/512), not "nearly 2π·base".
    longest = 2 * math.pi * 500000.0 ** (1 - 2 / 512)
    shown = re.sub("<[^>]+>", "", view.caption.text()).replace("&nbsp;", " ")
    assert f"= {longest:,.0f} (pair 255)" in shown


def test_beyond_panel_shades_past_the_training_length(show, state):
    state.set(train_len=100)
    view = show(BeyondView, state)
    assert view.span() == 200
    assert view.shade.rect().top() == 100 and view.shade.rect().height() == 100
    learned = view.learned_image
    rect = learned.mapRectToParent(learned.boundingRect())
    assert rect.height() == pytest.approx(100)  # the learned table ends
    assert "100" in view.missing_text.textItem.toPlainText()
    assert grab(view.graphics).std() > 20
    assert "600 rows drawn stand for all of them" not in view.result.text()
    # The longest training length still has a beyond to shade (it was capped at max_len's
    # limit, and the caption spoke of a shaded part that was not there); the 600 rows drawn
    # stand for the 1,000,000 × 512 parameters the text counts.
    state.set(train_len=1_000_000)
    assert view.span() == 2_000_000 and view.shade.rect().height() == 1_000_000
    assert view.missing_text.isVisible()
    assert "1,000,000 × 512 = 512,000,000" in view.result.text()
    assert "600 rows drawn stand for all of them" in view.result.text()


def test_beyond_averages_the_dimensions_that_share_a_pixel(show, state):
    state.set(d_model=8192)
    view = show(BeyondView, state)
    group = view.columns.group
    assert group == math.ceil(8192 / view.learned_plot.getViewBox().width()) > 1
    assert view.sin_image.image.shape[1] == view.learned_image.image.shape[1] == -(-8192 // group)
    title = view.sin_plot.getAxis("bottom").labelText
    assert f"mean of {group} dimensions" in title
    assert (f"(last: {8192 % group})" in title) == (8192 % group != 0)


def test_heatmap_and_clock_mark_the_training_length(window):
    s = window.state
    assert not window.heatmap_view.beyond_shade.isVisible()  # 512 > max_len 50
    s.set(train_len=30)
    assert window.heatmap_view.beyond_shade.isVisible()
    assert window.heatmap_view.train_line.value() == 30
    s.set(pos=35)
    note = window.clock_view.legend_lines[-1]
    assert note.isVisibleTo(window) and "pos 35 lies past the trained positions 0…29" in note.text()


def test_hidden_panels_wait_until_shown(window, qtbot):
    assert "distance" not in window.panels  # built only when first shown
    distance = window.panel("distance")
    window.state.set(pos=9)

    assert "pos = 9 " not in distance.spread.text()  # hidden: not redrawn yet
    window.tabs.setCurrentWidget(window.panel_hosts["distance"])
    qtbot.waitUntil(lambda: "pos = 9 " in distance.spread.text())
    # The clock tab is hidden now: its hands wait too, and catch up when it is shown again.
    window.state.set(pos=12)
    assert "pos 12" not in window.clock_view.legend_lines[0].text()
    window.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: window.clock_view.legend_lines[0].text() == "pos 12")


@pytest.mark.parametrize("spec", REGISTRY, ids=lambda spec: spec.name)
def test_every_image_lies_within_its_plot(show, state, spec):
    """An image stretched past its plot (a setRect before its setImage) shows one column."""
    view = show(spec.load(), state, spec.size)
    for d_model in (512, 64):
        state.set(d_model=d_model)
        view.grab()  # lazy views sync when painted
        images = [
            item
            for graphics in view.findChildren(pg.GraphicsView)
            for item in graphics.scene().items()
            if isinstance(item, pg.ImageItem) and item.image is not None
        ]
        for image in images:
            rect = image.mapRectToParent(image.boundingRect())
            (x0, x1), _ = image.getViewBox().viewRange()
            assert x0 - 1 <= rect.left() and rect.right() <= x1 + 1, (spec.name, d_model, rect)


def test_embedding_panel_tells_the_truth_about_sizes(show, state):
    """PE's values lie in [-1, 1], but ‖PE(pos)‖ = √(d/2) = 16 at d = 512: larger than the
    example embeddings (≈ 11). The caption says so, the norms are printed, and the √d_model
    switch scales the embeddings as the paper does."""
    state.set(pos=7)
    view = show(EmbeddingView, state)
    assert "without drowning" not in view.caption.text()
    assert "√(d_model/2) = 16 " in view.caption.text() and "22.63" in view.caption.text()
    embeddings = example_embeddings(512)
    pe = encode([7, 8, 9], 512)
    lines = view.norms.text().splitlines()
    assert len(lines) == 3
    for line, e, p in zip(lines, embeddings, pe, strict=True):
        total = e + p
        cosine = e @ total / (np.linalg.norm(e) * np.linalg.norm(total))
        assert f"‖E‖ = {np.linalg.norm(e):.4g}," in line and "‖PE‖ = 16," in line
        assert f"‖E + PE‖ = {np.linalg.norm(total):.4g}," in line
        assert line.endswith(f"{cosine:.3f}".replace("-", "−"))
    view.scale_check.setChecked(True)
    assert state.scale_embeddings
    view.grab()
    np.testing.assert_allclose(view.images[0].image, embeddings * np.sqrt(512), rtol=1e-6)
    first = view.norms.text().splitlines()[0]
    assert f"‖E‖ = {np.linalg.norm(embeddings[0]) * np.sqrt(512):.4g}," in first


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("d_model", [4, 512, 8192])
def test_embedding_says_which_part_is_larger_from_the_lengths_shown(
    show, state, language, d_model, tmp_path
):
    """With × √d_model on, the caption still said PE was the larger part while the read-out
    showed ‖E‖ = 261.9 beside ‖PE‖ = 16: it now says what the lengths drawn say."""
    from pe_clock.core.i18n import set_language, tr

    set_language(language)
    try:
        state.set(language=language, d_model=d_model)
        view = show(EmbeddingView, state)
        pe = np.sqrt(d_model / 2)
        for scaled in (False, True):
            state.set(scale_embeddings=scaled)
            norms = np.linalg.norm(view.embeddings(), axis=1)
            text = view.caption.text()
            values = dict(pe=f"{pe:.4g}", low=f"{norms.min():.4g}", high=f"{norms.max():.4g}")
            key = (
                "embed.pe_larger"
                if norms.max() < pe
                else "embed.e_larger"
                if norms.min() > pe
                else "embed.mixed"
            )
            assert tr(key, **values) in text, (scaled, key)
            if d_model == 512:  # the audit's case: 11.6 < 16 < 261.9
                assert key == ("embed.e_larger" if scaled else "embed.pe_larger")
        # Loaded rows of mixed sizes: PE larger than one, smaller than the other.
        rows = np.zeros((2, d_model))
        rows[1, 0] = 2 * pe
        np.save(tmp_path / "mixed.npy", rows)
        state.set(scale_embeddings=False)
        assert state.load_embeddings(str(tmp_path / "mixed.npy"))
        assert tr("embed.mixed", pe=f"{pe:.4g}", low="0", high=f"{2 * pe:.4g}") in (
            view.caption.text()
        )
    finally:
        set_language("en")


def test_embedding_colour_scale_holds_every_sum_and_stays_while_pos_moves(show, state):
    """One scale for all three images: wide enough for E + PE at every pos (|PE| <= 1), and
    the same at every step, so a colour names the same number throughout a lecture."""
    state.set(max_len=400)
    view = show(EmbeddingView, state)
    embeddings = example_embeddings(512)
    limit = view.colorbar.levels()[1]
    assert limit == math.ceil(2 * (np.abs(embeddings).max() + 1)) / 2
    assert f"±{limit:g}" in view.colorbar.getAxis("left").labelText
    for pos in range(0, 400, 7):
        state.set(pos=pos)
        view.grab()
        assert view.colorbar.levels() == (-limit, limit)
        for image in view.images:
            assert np.abs(image.image).max() <= limit
            assert tuple(image.levels) == (-limit, limit)


def test_worked_caption_tells_a_base_near_one_apart(show, state):
    state.set(base=1 + 1e-12)
    view = show(WorkedView, state)
    text = view.caption.text().replace("<nobr>", "").replace("</nobr>", "")
    assert "1.000000000001<sup>2/4</sup> ≈ 1.0000000000005" in text
    state.set(base=10000.0)
    assert "<nobr>10000<sup>2/4</sup></nobr> = 100" in view.caption.text()


def test_embedding_panel_notes_rows_past_the_end_of_the_table(show, state):
    view = show(EmbeddingView, state)
    assert "ends at position" not in view.norms.text()
    state.set(pos=48)  # rows 48, 49, 50: one past the end
    assert view.norms.text().endswith("as at 50 here.")
    state.set(pos=49)  # rows 49, 50, 51 of a 50-row table
    assert "(max_len 50) ends at position 49; PE is defined past it too, as at 50…51" in (
        view.norms.text()
    )


def test_the_product_matrix_has_a_colour_scale(show, state):
    view = show(DistanceView, state)
    assert view.matrix_colorbar.levels() == (-1.0, 1.0)
    assert "PE(a)·PE(b)" in view.matrix_colorbar.getAxis("left").labelText


def test_matrix_ticks_name_the_positions_drawn(show, state):
    """The matrix of positions 0 … 49 is labelled at cell centres and has no tick "50"."""
    view = show(DistanceView, state)
    view.grab()
    for name in ("left", "bottom"):
        axis = view.matrix_plot.getAxis(name)
        (low, high) = view.matrix_plot.getViewBox().viewRange()[0 if name == "bottom" else 1]
        values = [v for _, level in axis.tickValues(low, high, 300) for v in level]
        strings = axis.tickStrings(values, 1, 10)
        assert "0" in strings and "40" in strings and "50" not in strings, (name, strings)
        assert all(v - 0.5 == round(v - 0.5) for v in values)


def test_a_loaded_files_name_is_shown_as_written(show, state, tmp_path):
    """The embeddings' file name goes into a rich-text title: a name with markup in it was
    drawn as a huge red X."""
    name = '<span style="font-size:120px;color:red">X.npy'
    np.save(tmp_path / "e.npy", np.linspace(-1, 1, 2 * 512).reshape(2, 512))
    assert state.load_embeddings(str(tmp_path / "e.npy"))
    state.embeddings_file = name
    view = show(EmbeddingView, state)
    assert name in view.plots[0].titleLabel.item.toPlainText()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_control_of_a_panels_row_is_named_for_a_screen_reader(window, language):
    """RoPE's head_dim, the Extension tab's factor, length and head_dim and ALiBi's heads had
    no accessible name: a screen reader said "spin box"."""
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox

    from pe_clock.gui.panels.options import Options

    window.state.set(language=language)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        for options in window.tabs.currentWidget().findChildren(Options):
            for kind in (QAbstractSpinBox, QComboBox, QCheckBox):
                for control in options.findChildren(kind):
                    face = QAccessible.queryAccessibleInterface(control)
                    assert face.text(QAccessible.Text.Name), (window.tabs.tabText(index), kind)
