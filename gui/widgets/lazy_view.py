"""A base for views that may sit in a hidden tab: they redraw only when someone can see them."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

V = TypeVar("V", bound="LazyView")
_order = itertools.count()


def lazy(method: Callable[[V], None]) -> Callable[..., None]:
    """Mark a sync method of a LazyView: it runs at once while the view is visible; while
    hidden, once when the view is next shown (a step in another tab then costs nothing here).

    Deferred methods run in the order they are defined in the class, so a view's table sync
    (defined first) runs before its per-step sync.
    """
    order = next(_order)

    @functools.wraps(method)
    def run(self: V, *_: object) -> None:
        if self.isVisible():
            method(self)
        else:
            self._pending[order] = method

    return run


class LazyView(QWidget):
    """A view whose `lazy` methods wait while it is hidden."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pending: dict[int, Callable[[Any], None]] = {}

    def _sync(self) -> None:  # pragma: no cover - panels define it
        raise NotImplementedError

    @lazy
    def _request_sync(self) -> None:
        """Redraw everything (for panels with one sync method)."""
        self._sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        pending, self._pending = self._pending, {}
        for _, method in sorted(pending.items(), key=lambda item: item[0]):
            method(self)
