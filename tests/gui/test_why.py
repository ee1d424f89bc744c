"""gui/panels/why.py: the toy attention layer, with and without PE."""

import re

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from pe_clock.core.toy import toy_attention
from pe_clock.gui.panels.why import WhyView


@pytest.mark.parametrize(("size", "staggered"), [((1400, 800), False), ((520, 900), True)])
def test_why_names_too_wide_for_their_cells_take_two_lines(show, state, size, staggered):
    """On a narrow matrix (an A4 page) "를" and "사랑해" ran together: every other name is
    then a line lower; where they fit, one line."""
    state.set(language="ko")
    view = show(WhyView, state, size)
    axis = view.weight_plots[0].getAxis("bottom")
    axis.tickValues(0, 5, axis.geometry().width())
    assert axis.staggered == staggered
    names = axis.tickStrings([0.5, 1.5, 2.5, 3.5, 4.5], 1, 1)
    assert [name.strip() for name in names] == list(axis.names)
    assert [name.startswith("\n") for name in names] == [False, staggered] * 2 + [False]


def test_why_shows_the_toy_layer_and_its_switch_adds_pe(show, state, qtbot):
    view = show(WhyView, state, (1400, 800))
    plain = toy_attention("en", False)
    np.testing.assert_allclose(view.output_images[1].image, plain.outputs[1], rtol=1e-6)
    # The outputs' scale reaches just past their largest (on ±2 they were black on a stage).
    largest = max(float(abs(o).max()) for o in plain.outputs)
    assert largest <= view.output_bar.levels()[1] < largest + 0.1 + 1e-9
    gap = float(re.search(r"at most ([0-9.e+-]+)", view.result.text()).group(1))
    assert gap < 1e-12 and "‘man’" in view.result.text()  # the first word of the second
    # The two orders at one width, and their difference row for row drawn: zero without PE.
    widths = {p.getViewBox().width() for p in (*view.weight_plots, *view.output_plots)}
    assert max(widths) - min(widths) < 2
    assert float(np.abs(view.difference_image.image).max()) < 1e-6
    (check,) = view.options.findChildren(QCheckBox)
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert state.why_pe
    assert "With PE" in view.result.text()
    with_pe = toy_attention("en", True)
    np.testing.assert_allclose(view.output_images[0].image, with_pe.outputs[0], rtol=1e-6)
    assert float(np.abs(view.difference_image.image).max()) == pytest.approx(with_pe.gap, 1e-6)
    # the largest difference on the slide itself, in the difference's title
    assert f"at most {with_pe.gap:.2g}" in view.difference_plot.titleLabel.whole
    state.set(language="ko")
    assert "나는 너를 사랑해" in view.caption.text()
