"""gui/widgets/plots.py: a marker line's label goes where no curve passes (the Extension
tab's sat on its curves at a small L0 or a large s)."""

from __future__ import annotations

import numpy as np
import pytest

from pe_clock.gui.panels.scaling import ScalingView


def curves_under(label, plot) -> list[str]:
    """The curves of plot (sampled finely, as drawn) that pass under label's box."""
    box = label.mapRectToView(label.boundingRect())
    crossing = []
    for item in plot.listDataItems():
        xs, ys = item.getData()
        if xs is None or len(xs) < 2 or not item.isVisible():
            continue
        fine = np.linspace(box.left(), box.right(), 400)
        at = np.interp(fine, xs, ys, left=np.nan, right=np.nan)
        if np.any((at >= box.top()) & (at <= box.bottom())):
            crossing.append(item.name() or repr(item.opts["pen"]))
    return crossing


@pytest.mark.parametrize(
    ("original_len", "factor"), [(8192, 8.0), (128, 32.0), (512, 4.0), (32, 2.0)]
)
def test_the_length_lines_labels_sit_where_no_curve_passes(show, state, original_len, factor):
    state.set(original_len=original_len, scaling_factor=factor, scaling_method="all")
    view = show(ScalingView, state, (1280, 720))
    for line in view.lines:
        assert line.label.isVisible()
        assert not curves_under(line.label, view.wave_plot), line.label.toPlainText()
