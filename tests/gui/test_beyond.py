"""gui/panels/beyond.py: past the training length, and the learned tables' sizes."""

import math

import pytest

from pe_clock.gui.panels.beyond import BeyondView
from tests.gui.helpers import grab


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


def test_beyond_counts_the_parameters_of_learned_tables(show, state):
    view = show(BeyondView, state, (1400, 800))
    text = view.result.text()
    assert "1024 × 768 = 786,432" in text and "512 × 768 = 393,216" in text
    assert "0" in text
