"""Clock hands: line segments that move every step, drawn with one QPainter call; and the
dots of their tips' trails."""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem

#: The side (pixels) of the tiles a repainted region is made of.
TILE = 16


def tile_region(low: np.ndarray, high: np.ndarray, tile: int) -> QRegion:
    """The union of the pixel rectangles from low to high ((n, 2) integer corners, high
    exclusive), each grown to whole tiles, as one region.

    Adding hundreds of rectangles to a QRegion one by one costs more than painting them (each
    addition re-sorts the region); here NumPy marks the tiles covered and the region is set
    at once from its runs of tiles, in the banded order QRegion keeps them in.
    """
    first = low // tile
    last = -(-high // tile)  # exclusive
    origin = first.min(axis=0)
    first, last = first - origin, last - origin
    columns, rows = last.max(axis=0)
    covered = np.zeros((rows, columns), bool)
    for x0, y0, x1, y1 in np.hstack([first, last]).tolist():
        covered[y0:y1, x0:x1] = True
    # Bands: runs of tile rows covered alike, each one band of the region.
    starts = np.flatnonzero(np.r_[True, (covered[1:] != covered[:-1]).any(axis=1)])
    heights = np.diff(np.r_[starts, rows])
    edges = np.diff(covered[starts].astype(np.int8), axis=1, prepend=0, append=0)
    band, left = np.nonzero(edges == 1)
    right = np.nonzero(edges == -1)[1]  # row-major order: each run's end after its start
    rects = np.empty((len(band), 4), np.int32)  # QRect's layout: x1, y1, x2, y2, inclusive
    rects[:, 0] = (left + origin[0]) * tile
    rects[:, 1] = (starts[band] + origin[1]) * tile
    rects[:, 2] = (right + origin[0]) * tile - 1
    rects[:, 3] = rects[:, 1] + heights[band] * tile - 1
    region = QRegion()
    if len(rects):
        address = rects.__array_interface__["data"][0]
        # setRects(const QRect *, int): the rectangles are read from the array in place.
        region.setRects(shiboken6.wrapInstance(address, QRect), len(rects))  # type: ignore[arg-type]
    return region


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
        (item coordinates) is repainted if given: the caller knows the rest looks the same.
        Otherwise, where the segments are as many as before, only what each moved segment
        covered and covers now (`_repaint_moved`)."""
        old = self._lines
        self._lines = np.ascontiguousarray(points, dtype=np.float64).reshape(-1, 4)
        if len(self._lines):
            address = self._lines.__array_interface__["data"][0]
            self._first = shiboken6.wrapInstance(address, QLineF)
        if changed is not None:
            self.update(changed)
        elif old.shape != self._lines.shape or not self._repaint_moved(old):
            self.update()

    def _repaint_moved(self, old: np.ndarray) -> bool:
        """Tell each view the pixels of the segments that moved, old and new: for hands that
        turn, a box round each hand instead of the whole grid. False where that cannot be
        worked out (no view, or one that rotates), so the caller repaints the whole item."""
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
            ends = np.concatenate([before[moved], after[moved]], axis=1).reshape(-1, 4, 2)
            low = np.floor(ends.min(axis=1) - pad).astype(np.int64)
            high = np.ceil(ends.max(axis=1) + pad).astype(np.int64)
            view.viewport().update(tile_region(low, high, TILE))
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
