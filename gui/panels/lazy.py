"""A base for panels that may sit in a hidden tab: they redraw only when someone can see them."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget


class LazyView(QWidget):
    """Runs `_sync` at once while visible; while hidden, once when next shown.

    Stepping pos during a lecture then costs nothing for the panels in other tabs.
    """

    _stale = False

    def _sync(self) -> None:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _request_sync(self, *_: object) -> None:
        if self.isVisible():
            self._sync()
        else:
            self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self._sync()
