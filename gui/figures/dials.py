"""The dial grid alone: one hand per pair."""

from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout, QWidget

from gui import style
from gui.figures.clock import ClockView
from gui.state import AppState


class DialsView(ClockView):
    """The clock view without its large clock (hidden, and so left out of exports)."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        for widget in (self.clock_widget, self.hand_selector, self.legend):
            widget.hide()
            widget.setProperty(style.INTERACTIVE, True)
        layout = self.layout()
        assert isinstance(layout, QBoxLayout)
        layout.setStretch(1, 0)  # the hidden column takes no room
