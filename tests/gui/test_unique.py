"""gui/panels/unique.py: every position's nearest other row."""

import numpy as np

from pe_clock.core.encoding import positional_encoding
from pe_clock.gui.panels.unique import UniqueView


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
