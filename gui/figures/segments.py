"""Clock hands: line segments that move every step, drawn with one QPainter call."""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem


class Segments(QGraphicsItem):
    """Line segments inside fixed bounds.

    A pyqtgraph curve recomputes its data bounds and pixel padding each time its data change:
    for hands that move every step, that bookkeeping cost more than drawing them. The
    segments live in one (n, 4) float64 array, laid out as QLineF is (x1, y1, x2, y2), and are
    drawn from it with one drawLines call.
    """

    def __init__(self, pen: QPen, bounds: QRectF | None = None) -> None:
        super().__init__()
        self._pen = pen
        self._bounds = QRectF(bounds) if bounds is not None else QRectF()
        self._lines = np.zeros((0, 4))
        self._first: object = QLineF()  # the array's first segment seen as a QLineF

    def set_bounds(self, bounds: QRectF) -> None:
        """Where the segments can reach, in item coordinates (with room for the pen)."""
        self.prepareGeometryChange()
        self._bounds = QRectF(bounds)

    def set_points(self, points: np.ndarray) -> None:
        """(2n, 2) points: start and end of each segment in turn."""
        self._lines = np.ascontiguousarray(points, dtype=np.float64).reshape(-1, 4)
        if len(self._lines):
            address = self._lines.__array_interface__["data"][0]
            self._first = shiboken6.wrapInstance(address, QLineF)
        self.update()

    def getData(self) -> tuple[np.ndarray, np.ndarray]:
        """x and y of the points, as pyqtgraph curves give them."""
        points = self._lines.reshape(-1, 2)
        return points[:, 0], points[:, 1]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *_: object) -> None:
        if len(self._lines):
            painter.setPen(self._pen)
            # drawLines(const QLineF *, int): PySide6 has it, its type stubs do not list it.
            painter.drawLines(self._first, len(self._lines))  # type: ignore[call-overload]
