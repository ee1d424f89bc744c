"""The large clock alone, with its legend: the three hands a lecture follows."""

from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout, QWidget

from gui import style
from gui.figures.clock import ClockView
from gui.state import AppState


class BigclockView(ClockView):
    """The clock view without its dial grid (hidden, and so left out of exports)."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        for widget in (self.grid_title, self.pager, self.grid_widget):
            widget.hide()
            widget.setProperty(style.INTERACTIVE, True)
        layout = self.layout()
        assert isinstance(layout, QBoxLayout)
        layout.setStretch(0, 0)  # the hidden column takes no room
