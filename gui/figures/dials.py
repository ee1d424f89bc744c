"""The dial grid alone: one hand per pair."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from pe_clock.gui.figures.clock import ClockView
from pe_clock.gui.model.state import AppState


class DialsView(ClockView):
    """The clock view without its large clock (hidden, and so left out of exports)."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.leave_out(1, self.clock_widget, self.key_column)
