"""gui/figures/rotation.py: R(k), its zoom and the three vectors."""

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from pe_clock.core.encoding import encode, inverse_frequencies
from pe_clock.core.format import fmt
from pe_clock.gui.figures.rotation import RotationView
from tests.gui.helpers import grab


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


def test_vector_strips_show_the_identity(rotation, state):
    state.set(pos=12, k=4)
    strips = rotation.vector_image.image
    np.testing.assert_allclose(strips[0], encode(12, 512)[0], atol=1e-7)
    np.testing.assert_allclose(strips[1], strips[2], atol=1e-6)


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


def test_the_precision_note_states_the_bound_of_the_rounded_angle():
    from pe_clock.core.rotation import largest_rounded_angle
    from pe_clock.gui.figures.rotation import precision_note

    assert precision_note(10**6, 2, 10000.0) == ""  # pair 0 alone: pos × 1 is exact
    note = precision_note(10**7, 512, 10000.0)
    angle, error = largest_rounded_angle(10**7, 512, 10000.0)
    assert f"{angle:.3g} rad" in note and "Pair 0's angle (pos × 1) is exact" in note
    assert f"±{error:.1e} rad" in note and error > math.ulp(angle) / 2  # ω₁ is rounded too


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
