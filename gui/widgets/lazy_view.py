"""The base of every registered view: its contract with the frontends that draw it, and
redrawing only when someone can see it (a view may sit in a hidden tab).

`LazyView` is what the window's tabs, the stage, exports, handouts and the presenter console
rely on, instead of probing a widget for what it might have: `prepare_export` (drawn into a
file or onto a slide), `prepare_slide` (its explanations gone to the console),
`explanations` (the texts the console and a handout show) and `describe` (what a screen
reader says of it). `as_view` holds a widget to it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QShowEvent
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from pe_clock.gui.widgets.busy import working
from pe_clock.gui.widgets.focus_ring import FocusRing
from pe_clock.gui.widgets.prose import explanations, plain_text

V = TypeVar("V", bound="LazyView")
_order = itertools.count()


def lazy(method: Callable[[V], None]) -> Callable[..., None]:
    """Mark a sync method of a LazyView: it runs at once while the view is visible; while
    hidden, once when the view is next shown (a step in another tab then costs nothing here).

    Deferred methods run in the order they are defined in the class, so a view's table sync
    (defined first) runs before its per-step sync. Each run is work with a busy sign (`busy`):
    a redraw that took long the last time shows it while it runs.
    """
    order = next(_order)

    @functools.wraps(method)
    def run(self: V, *_: object) -> None:
        if self.isVisible():
            _draw(self, method)
        else:
            self._pending[order] = method

    return run


def _draw(view: LazyView, method: Callable[[Any], None]) -> None:
    """Run a sync method of a view on screen as work it shows a busy sign for, if long."""
    with working(view, f"{type(view).__name__}.{method.__name__}"):
        method(view)


class LazyView(QWidget):
    """A registered view: its hooks for the frontends, and `lazy` methods that wait while it
    is hidden."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pending: dict[int, Callable[[Any], None]] = {}
        # One stop of the Tab chain, named and described for a screen reader (the window
        # does it), its focus drawn round it; a click on it gives it the focus too, and the
        # presenter keys then step it as they step the window.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.focus_ring = FocusRing(self)

    # --- the contract -------------------------------------------------------------------------
    def prepare_export(self) -> None:
        """Drawn into a file or onto a slide: leave out what only a screen needs (an
        on-screen selection, hints for the mouse), show what a still needs (a legend)."""

    def prepare_slide(self) -> None:
        """On a slide, whose explanations go to the console and the handout: take the room
        they leave, where the view can use it."""

    def explanations(self) -> list[str]:
        """The texts a slide leaves to the console and a handout, as rich text, in the order
        the view shows them: the labels it marks as prose (`labels.mark_prose`)."""
        return explanations(self)

    def readout_at(self, point: QPoint) -> str:
        """What the view says of the point (its own pixels) under a mouse, as rich text, as its
        hover read-out says it on screen; "" where it says nothing. A frontend whose picture
        is a still (the notebook widget) asks it of the figure laid out behind the still."""
        return ""

    def describe(self) -> str:
        """What the view shows now, for a screen reader: its explanations as plain text."""
        return " ".join(map(plain_text, self.explanations()))

    def _sync(self) -> None:  # pragma: no cover - panels define it
        raise NotImplementedError

    @lazy
    def _request_sync(self) -> None:
        """Redraw everything (for panels with one sync method)."""
        self._sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        pending, self._pending = self._pending, {}
        if not pending:
            return
        # What waited while hidden is one piece of work: each method a step of it.
        with working(self, f"{type(self).__name__}.shown"):
            for _, method in sorted(pending.items(), key=lambda item: item[0]):
                _draw(self, method)


def _chart(_key: str, widget: QObject) -> QAccessibleInterface | None:
    """A figure's accessible interface: a chart (a plain widget is a "filler" to AT-SPI,
    whose kind Orca does not say). A view made of views (the window's three) only holds
    them: it stays a plain widget, not a chart without a name."""
    if isinstance(widget, LazyView) and widget.findChild(LazyView) is None:
        return QAccessibleWidget(widget, QAccessible.Role.Chart)
    return None


QAccessible.installFactory(_chart)


def as_view(widget: QWidget) -> LazyView:
    """widget, a registered view, as its contract (TypeError for any other widget)."""
    if not isinstance(widget, LazyView):
        raise TypeError(f"{type(widget).__name__} is not a registered view")
    return widget
