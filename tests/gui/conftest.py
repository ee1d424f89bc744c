import gc

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication

from pe_clock.gui.model.state import AppState
from pe_clock.gui.window.main_window import MainWindow
from tests.gui.helpers import settle


def _top_level_widgets() -> list:
    """Windows with no parent: what a test could leak (popups of a widget die with it)."""
    return [w for w in QApplication.topLevelWidgets() if w.parent() is None]


def _top_level_pointers() -> set[int]:
    return {shiboken6.getCppPointer(w)[0] for w in _top_level_widgets()}


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, qapp):
    """Every test saves and restores settings in its own folder, never the user's."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    QStandardPaths.setTestModeEnabled(True)  # error logs go to a test folder, not the user's
    return tmp_path


@pytest.fixture(autouse=True)
def no_leftover_widgets(qapp):
    """A test fails if it leaves top-level widgets behind (pytest-qt closes added ones first)."""
    before = _top_level_pointers()
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if _top_level_pointers() - before:  # a full collection only where something is left
        gc.collect()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    left = [w for w in _top_level_widgets() if shiboken6.getCppPointer(w)[0] not in before]
    assert not left, f"top-level widgets left behind: {left}"


@pytest.fixture
def state(qtbot):
    s = AppState()
    yield s
    s.set(playing=False)
    # Deleted now, with the views the test made, not whenever Python's collector next comes
    # by: a state and a RoPE view left from earlier tests, collected in the middle of the
    # Learned view's paint after its test, crashed the worker in Qt's drawing now and then.
    s.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1600, 900)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    return w


@pytest.fixture
def show(qtbot):
    """show(ViewClass, state, (width, height)) -> the view, shown and laid out; deleted when
    the test ends, not whenever Python's collector next comes by."""
    made = []

    def make(cls, state, size=(1200, 700)):
        view = cls(state)
        made.append(view)
        qtbot.addWidget(view)
        view.resize(*size)
        view.show()
        qtbot.waitExposed(view)
        settle(view)
        return view

    yield make
    for view in made:
        if shiboken6.isValid(view):
            view.close()
            view.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


# The window's three figures, each alone at a size it lays out well.
@pytest.fixture
def heatmap(state, show):
    from pe_clock.gui.figures.heatmap import HeatmapView

    return show(HeatmapView, state, (700, 600))


@pytest.fixture
def clock(state, show):
    from pe_clock.gui.figures.clock import ClockView

    return show(ClockView, state, (1000, 600))


@pytest.fixture
def rotation(state, show):
    from pe_clock.gui.figures.rotation import RotationView

    return show(RotationView, state, (1100, 420))
