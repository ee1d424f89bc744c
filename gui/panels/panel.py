"""The base of the teaching panels: the state, the theme and the caption above the figure."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui import style
from gui.lazy_view import LazyView
from gui.state import AppState


class Panel(LazyView):
    """A teaching panel: it draws the state, in a theme fixed for the panel (exports build a
    panel per theme), under a rich-text caption."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._theme = style.theme(state)
        self.caption = style.rich_label()
        style.mark_prose(self.caption)
