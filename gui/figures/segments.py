"""Clock hands: line segments that move every step, drawn with one QPainter call; and the
dots of their tips' trails."""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
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

    def set_points(self, points: np.ndarray, changed: QRectF | None = None) -> None:
        """(2n, 2) points: start and end of each segment in turn. Only the `changed` rectangle
        (item coordinates) is repainted if given: the caller knows the rest looks the same."""
        self._lines = np.ascontiguousarray(points, dtype=np.float64).reshape(-1, 4)
        if len(self._lines):
            address = self._lines.__array_interface__["data"][0]
            self._first = shiboken6.wrapInstance(address, QLineF)
        self.update() if changed is None else self.update(changed)

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


class Trail(QGraphicsItem):
    """Dots where a hand's tip was, the most recent the most opaque."""

    def __init__(self, color: QColor, radius: float, bounds: QRectF) -> None:
        super().__init__()
        self._color = QColor(color)
        self._radius = radius
        self._bounds = QRectF(bounds)
        self._points = np.zeros((0, 2))

    def set_points(self, points: np.ndarray) -> None:
        """(n, 2) tips, the most recent first."""
        self._points = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        self.update()

    def points(self) -> np.ndarray:
        return self._points

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *_: object) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        count = len(self._points)
        for index, (x, y) in enumerate(self._points.tolist()):
            color = QColor(self._color)
            color.setAlphaF(0.75 * (1 - index / (count + 1)))
            painter.setBrush(color)
            painter.drawEllipse(QPointF(x, y), self._radius, self._radius)
