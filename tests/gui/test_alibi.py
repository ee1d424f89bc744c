"""gui/panels/alibi.py: ALiBi's slopes and bias."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF

from pe_clock.core.alibi import alibi_bias, alibi_slopes
from pe_clock.gui.panels.alibi import AlibiView


@pytest.mark.parametrize("size", [(1400, 800), (800, 1100)])
def test_alibi_is_composed_for_a_wide_and_a_tall_figure(show, state, size):
    """Wide, the slopes beside the matrices; tall (a printed page), the matrices across the
    top and the slopes beside the lines. The three matrices alike, and their row no taller
    than their squares need: on A4 they were 2 cm squares in 8 cm tall axes."""
    view = show(AlibiView, state, size)
    view.compose()
    tall = size[1] > size[0]
    assert (view.slope_plot in view.second_row.items) == tall
    boxes = [plot.getViewBox().geometry() for plot in view.bias_plots]
    assert max(b.width() for b in boxes) - min(b.width() for b in boxes) <= 2
    if tall:
        assert boxes[0].height() <= 1.1 * boxes[0].width()  # square matrices, tight axes
        assert boxes[0].width() >= 0.15 * size[0]


def test_alibi_slopes_and_the_causal_mask(show, state):
    view = show(AlibiView, state, (1400, 800))
    assert state.alibi_heads == 12
    assert "2<sup>−3.5</sup>" in view.result.text()
    assert view.heads_drawn() == [1, 6, 12]
    # One scale for the three heads, to the steepest head's largest penalty (head 9's, 15·2^−0.5,
    # with 12 heads): the steeper a head, the further its matrix reaches down it (each on its
    # own scale, the three looked alike).
    bias, slopes = alibi_bias(12, 16), alibi_slopes(12)
    lower = np.tri(16, dtype=bool)
    scale = (-15 * slopes.max(), 0.0)
    reach = []
    for image, head in zip(view.bias_images, view.heads_drawn(), strict=True):
        np.testing.assert_allclose(image.image[lower], bias[head - 1][lower], rtol=1e-6)
        assert np.isnan(image.image[~lower]).all()
        assert tuple(image.levels) == pytest.approx(scale)
        reach.append(np.nanmin(image.image))
    assert reach == pytest.approx([-15 * slopes[head - 1] for head in view.heads_drawn()])
    assert tuple(view.bias_bar.levels()) == pytest.approx(scale)
    assert "share one colour scale" in view.result.text() and "head 9's" in view.result.text()
    # The masked cells, and only they, are hatched (blank, they looked like zero bias).
    path = view.masks[0].path()
    for i in range(16):
        for j in range(16):
            assert path.contains(QPointF(j + 0.5, i + 0.5)) == (j > i), (i, j)
    assert all(mask.isVisible() for mask in view.masks) and "Hatched cells" in view.result.text()
    key = view.key.text()
    assert "the other 9 heads" in key and "head 6: m = <nobr>2<sup>−6</sup>" in key
    state.set(causal=False)
    np.testing.assert_allclose(view.bias_images[0].image, bias[0], rtol=1e-6)
    assert not any(mask.isVisible() for mask in view.masks)
    state.set(alibi_heads=8)
    assert "2<sup>−8</sup>" in view.result.text()
    state.set(alibi_heads=1)  # one head: its tick is 1, not 0.6, 0.8, … 1.4
    axis = view.slope_plot.getAxis("bottom")
    (low, high), _ = view.slope_plot.getViewBox().viewRange()
    assert (low, high) == (0.5, 1.5)  # from 12 heads, pyqtgraph kept the width: −5 … 7
    ticks = [v for _, values in axis.tickValues(low, high, axis.width()) for v in values]
    assert ticks == [1.0] and axis.tickStrings(ticks, 1, 0.2) == ["1"]
    assert view.slope_plot.titleLabel.text == "1 slope (log scale)"
    assert "One head, one slope: m<sub>1</sub> = <nobr>2<sup>−8</sup></nobr>," in view.result.text()
    assert "gentlest" not in view.result.text()
    assert not view.line_plot.getAxis("left").autoSIPrefix  # −0.5, not −500 "(x0.001)"
