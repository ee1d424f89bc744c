"""The figures' colour maps: diverging for values in [-1, 1], sequential for one-signed data."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from pe_clock.gui.look.themes import Theme


def colormap(theme: Theme) -> pg.ColorMap:
    """The diverging map for values in [-1, 1] (blue, white or black, red)."""
    return pg.colormap.get(theme.colormap_name)


def lookup_table(theme: Theme, sequential: bool = False) -> np.ndarray:
    """The 256 colours of theme's diverging map, or of its sequential one."""
    if sequential:
        start, stop = theme.sequential_span
        return pg.colormap.get("viridis").getLookupTable(start, stop, nPts=256, alpha=False)
    return colormap(theme).getLookupTable(nPts=256, alpha=False)
