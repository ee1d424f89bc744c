"""What steps leave on screen is what a full render of the frame draws.

A step repaints only what moved (a box round each hand, the rows of an outline), over a
background drawn once; nothing of an earlier frame may stay on screen. Qt's offscreen screen
keeps what the window last painted, so the screen can be compared with a render from nothing.
"""

import numpy as np
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView

from pe_clock.gui.views import REGISTRY
from tests.gui.helpers import to_array

#: Every stage view that moves with pos (the worked example only once it follows pos).
MOVING = [spec.name for spec in REGISTRY if spec.moves and spec.name not in ("window", "worked")]
#: (max_len, first pos, d_model): rows many pixels tall, and rows under a pixel at a page of
#: dials from a wide model.
TABLES = [(50, 0, 512), (2048, 500, 8192)]
STEPS = 12


def on_screen(widget) -> np.ndarray:
    """The pixels the screen shows where widget is, as painted step by step."""
    corner = widget.mapToGlobal(QPoint(0, 0))
    screen = QApplication.primaryScreen().grabWindow(0).toImage()
    x, y = corner.x(), corner.y()
    return to_array(screen)[y : y + widget.height(), x : x + widget.width()]


def play_steps(window, table):
    max_len, pos, d_model = table
    window.state.set(max_len=max_len, pos=pos, d_model=d_model)
    QApplication.processEvents()
    for _ in range(STEPS):
        window.state.step()
        QApplication.processEvents()


def render_from_nothing(widget) -> np.ndarray:
    """widget rendered with every cache of its plots dropped first (a view's background, an
    item's pixmap), so no pixel of an earlier frame can reach the render."""
    for view in widget.findChildren(QGraphicsView):
        view.resetCachedContent()
        for item in view.scene().items():
            if item.cacheMode() != QGraphicsItem.CacheMode.NoCache:
                item.update()
    return to_array(widget.grab().toImage())


def wait_settled(widget, qtbot, most_ms: int = 3000) -> None:
    """Wait until what the screen shows of widget stops changing (at most most_ms): a change
    takes a few turns of the event loop to settle (plots fit their axes to their new labels),
    and more on a loaded machine. Only the screen is read: a render would drop the caches
    this checks."""
    shown = on_screen(widget)
    for _ in range(most_ms // 100):
        qtbot.wait(100)
        now = on_screen(widget)
        if now.shape == shown.shape and (now == shown).all():
            return
        shown = now


def assert_screen_is_render(widget, after: str = "steps", fresh: bool = False):
    """The screen shows what a render of widget draws now: with its plots' caches (a step
    changes what is drawn over them), or fresh, without them (`render_from_nothing`)."""
    shown = on_screen(widget)
    rendered = render_from_nothing(widget) if fresh else to_array(widget.grab().toImage())
    rendered = rendered[: shown.shape[0], : shown.shape[1]]
    stale = np.argwhere((shown != rendered).any(axis=-1))
    assert not len(stale), f"after {after}: {len(stale)} pixels stale, first at {stale[0]}"


@pytest.fixture
def small_window(window):
    """The window inside the offscreen screen (800 x 800), so all of it is on screen."""
    window.resize(780, 560)
    window.move(0, 0)
    QApplication.processEvents()
    return window


@pytest.mark.parametrize("table", TABLES)
def test_steps_on_stage_leave_what_a_full_render_draws(small_window, table):
    """Every view that moves, one after another on one stage."""
    small_window.toggle_stage()
    for view in MOVING:
        small_window.stage.show_view(view)
        play_steps(small_window, table)
        assert_screen_is_render(small_window.stage, after=f"steps on {view}")


def test_steps_with_trails_leave_what_a_full_render_draws(small_window):
    small_window.state.set(trails=True)
    small_window.toggle_stage()
    small_window.stage.show_view("bigclock")
    play_steps(small_window, TABLES[0])
    assert_screen_is_render(small_window.stage)


@pytest.mark.parametrize("table", TABLES)
def test_steps_in_the_clock_tab_leave_what_a_full_render_draws(small_window, table):
    small_window.tabs.setCurrentIndex(0)
    play_steps(small_window, table)
    assert_screen_is_render(small_window.tabs.currentWidget())


def test_what_stays_still_is_drawn_again_when_it_changes(small_window, qtbot):
    """The dial grid's rims, labels and selection and the large clock's face are drawn once
    into a background: each change of them (and of the size) draws it again."""
    s = small_window.state
    small_window.tabs.setCurrentIndex(0)
    play_steps(small_window, TABLES[0])
    clock = small_window.clock_view
    for name, change in (
        ("a selected pair", lambda: s.set(selected_pair=7)),
        ("a new d_model", lambda: s.set(d_model=64)),
        ("larger type", lambda: s.set(font_scale=1.4)),
        ("a new base", lambda: s.set(base=500.0)),
        ("a new size", lambda: small_window.resize(760, 540)),
    ):
        change()
        s.step()
        wait_settled(clock, qtbot)  # (no wait draws a still background again: only a change)
        assert_screen_is_render(clock, name, fresh=True)
