"""gui/panels/distance.py: dot products by offset."""

import numpy as np
from PySide6.QtGui import QGuiApplication

from pe_clock.core.similarity import dot_by_offset
from pe_clock.gui.panels.distance import DistanceView
from tests.gui.helpers import to_array


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
