"""Clock hands: line segments that move every step, drawn with one QPainter call; and the
dots of their tips' trails."""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem


class Segments(QGraphicsItem):
    """Line segments inside fixed bounds.

    A pyqtgraph curve recomputes its data bounds and pixel padding each time its data change:
    for hands that move every step, that bookkeeping cost more than drawing them. The
    segments live in one (n, 4) float64 array, laid out as QLineF is (x1, y1, x2, y2), and are
    drawn from it with one drawLines call.
    """

    def __init__(
        self, pen: QPen, bounds: QRectF | None = None, repaint_moved: bool = False
    ) -> None:
        """repaint_moved: a new set of as many segments repaints only the rectangle round
        those that moved (`_repaint_moved`): for a few hands in a large clock. (A grid's
        hands move all over it: there the rectangle is the grid, and working it out costs
        more than it saves.)"""
        super().__init__()
        self._pen = pen
        self._repaints_moved = repaint_moved
        self._bounds = QRectF(bounds) if bounds is not None else QRectF()
        self._lines = np.zeros((0, 4))
        self._first: object = QLineF()  # the array's first segment seen as a QLineF

    def pen(self) -> QPen:
        """The pen the segments are drawn with."""
        return QPen(self._pen)

    def set_bounds(self, bounds: QRectF) -> None:
        """Where the segments can reach, in item coordinates (with room for the pen)."""
        self.prepareGeometryChange()
        self._bounds = QRectF(bounds)

    def set_points(self, points: np.ndarray, changed: QRectF | None = None) -> None:
        """(2n, 2) points: start and end of each segment in turn. Only the `changed` rectangle
        (item coordinates) is repainted if given: the caller knows the rest looks the same."""
        old = self._lines
        self._lines = np.ascontiguousarray(points, dtype=np.float64).reshape(-1, 4)
        if len(self._lines):
            address = self._lines.__array_interface__["data"][0]
            self._first = shiboken6.wrapInstance(address, QLineF)
        if changed is not None:
            self.update(changed)
        elif not (
            self._repaints_moved and old.shape == self._lines.shape and self._repaint_moved(old)
        ):
            self.update()

    def _repaint_moved(self, old: np.ndarray) -> bool:
        """Tell each view the pixels of the segments that moved, old and new: one rectangle
        round them all (the large clock's hands: a fifth of the clock). One rectangle, not a
        box each: a region of hundreds of boxes clips every drawing to short spans, which
        cost more at 4K than repainting the pixels between them. False where that cannot be
        worked out (no view, or one that rotates): the caller repaints the whole item."""
        scene = self.scene()
        if scene is None or not self.isVisible():
            return False
        pad = self._pen.widthF() / 2 + 2  # the pen's half width, a round cap, rounding
        for view in scene.views():
            transform = self.deviceTransform(view.viewportTransform())
            if transform.type().value > QTransform.TransformationType.TxScale.value:
                return False
            scale = np.array([transform.m11(), transform.m22()] * 2)
            shift = np.array([transform.dx(), transform.dy()] * 2)
            before, after = old * scale + shift, self._lines * scale + shift
            # Any move at all: even a slow hand's 1e-4 pixels can tip a pixel over, and the
            # screen must show what a full render of the frame would.
            moved = (after != before).any(axis=1)
            if not moved.any():
                continue
            ends = np.concatenate([before[moved], after[moved]]).reshape(-1, 2)
            (x0, y0), (x1, y1) = np.floor(ends.min(axis=0) - pad), np.ceil(ends.max(axis=0) + pad)
            view.viewport().update(QRect(int(x0), int(y0), int(x1 - x0), int(y1 - y0)))
        return True

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
        """(n, 2) tips, the most recent first. Repaints only the box round the dots, old and
        new (nothing while trails are off: a step had repainted the whole clock for them)."""
        old, self._points = self._points, np.asarray(points, dtype=np.float64).reshape(-1, 2)
        both = np.vstack([old, self._points])
        if len(both):
            (x0, y0), (x1, y1) = both.min(axis=0), both.max(axis=0)
            pad = 1.5 * self._radius
            self.update(QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad))

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
