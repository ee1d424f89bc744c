"""gui/panels/embedding.py: token embeddings plus PE, their sizes and their file."""

import math

import numpy as np
import pytest

from pe_clock.core.encoding import encode
from pe_clock.core.examples import example_embeddings
from pe_clock.gui.panels.distance import DistanceView
from pe_clock.gui.panels.embedding import EmbeddingView


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
