"""The large clock alone, with its legend: the three hands a lecture follows."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QWidget

from pe_clock.gui.figures.clock import ClockView
from pe_clock.gui.model.state import AppState

#: Qt's QWIDGETSIZE_MAX: no largest size.
WIDGET_SIZE_MAX = (1 << 24) - 1


class BigclockView(ClockView):
    """The clock view without its dial grid (hidden, and so left out of exports)."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.leave_out(0, self.grid_title, self.pager, self.grid_widget)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """On a wide screen the legend stands beside the clock, which then fills the height."""
        super().resizeEvent(event)
        width, height = self.width(), self.height()
        wide = width >= 1.5 * height
        direction = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        self.clock_column.setDirection(direction)
        legend_scale = 1.25 if wide else 1.0  # beside the clock there is room for larger type
        if legend_scale != self.legend_scale:
            self.legend_scale = legend_scale
            self._sync_fonts()
        # Beside it, the legend takes what the round clock leaves of the width.
        beside = round(width - 0.95 * height)
        self.key_column.setMinimumWidth(beside if wide else 0)
        self.key_column.setMaximumWidth(beside if wide else WIDGET_SIZE_MAX)
