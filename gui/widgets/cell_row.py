"""A clickable row of cells at the type size: the layer strip's layers, the M-RoPE band's pairs."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QSizePolicy, QWidget

from pe_clock.gui.model.state import AppState


class CellRow(QWidget):
    """A row of cells as wide as it is given and a cell tall, which a click selects."""

    #: A cell's height in pixels at type scale 1.
    CELL_HEIGHT = 20

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(400, self.row_height())

    def cell_height(self) -> int:
        return round(self.CELL_HEIGHT * self._state.font_scale)

    def row_height(self) -> int:
        """The cells with 3 pixels above and below them."""
        return self.cell_height() + 6
