"""Geometry of the dial grid (one clock hand per sin/cos pair) and its labels."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QStaticText

from pe_clock.gui.look.fonts import MIN_TEXT_PX, scaled_font
from pe_clock.gui.look.themes import Theme

#: Distance between dial centres (dial radius is 1); the extra height holds the label.
SPACING_X, SPACING_Y = 2.5, 2.9
RIM_SEGMENTS = 48


def compact(value: float) -> str:
    """Positions per turn as a dial's label: 6.28, 62.8, then whole numbers written out
    (628, 6,283, 60,611). Not "6.3k": beside the dials, k is the offset."""
    return f"{value:.3g}" if value < 100 else f"{round(value):,}"


def _dial_size(n: int, aspect: float, cols: int) -> float:
    """A dial's radius, as a share of the area's height, for n dials in cols columns."""
    return min(aspect / (cols * SPACING_X), 1.0 / (math.ceil(n / cols) * SPACING_Y))


def grid_shape(n: int, aspect: float = 1.0) -> tuple[int, int]:
    """(columns, rows) of the grid that draws n dials largest in an area `aspect` times as
    wide as it is tall (a square grid on a wide screen left half of it empty)."""
    cols = max(range(1, max(1, n) + 1), key=lambda c: _dial_size(n, aspect, c))
    return cols, math.ceil(n / cols)


def dials_that_fit(width: float, height: float, sizes: tuple[int, ...], smallest: float) -> int:
    """The most dials of sizes (largest first) a width x height area draws at least
    `smallest` pixels across (the last size if none does)."""
    aspect = width / height
    for n in sizes:
        cols, _ = grid_shape(n, aspect)
        if 2 * height * _dial_size(n, aspect, cols) >= smallest:
            return n
    return sizes[-1]


def dial_centres(n: int, cols: int) -> np.ndarray:
    """Centres of n dials in reading order, cols to a row, shape (n, 2), y upwards."""
    idx = np.arange(n)
    return np.stack([(idx % cols) * SPACING_X, -(idx // cols) * SPACING_Y], axis=1).astype(float)


def ring(radius: float = 1.0) -> np.ndarray:
    """A closed polyline around the origin, shape (RIM_SEGMENTS + 1, 2)."""
    t = np.linspace(0.0, 2 * np.pi, RIM_SEGMENTS + 1)
    return np.stack([np.sin(t), np.cos(t)], axis=1) * radius


def circle_segments(centres: np.ndarray, radius: float = 1.0, ticks: bool = True) -> np.ndarray:
    """Rims (and a 12 o'clock tick) of dials as point pairs for connect='pairs', shape (m, 2)."""
    points = ring(radius)
    seg = np.stack([points[:-1], points[1:]], axis=1).reshape(-1, 2)
    if ticks:
        seg = np.vstack([seg, [[0.0, 0.8 * radius], [0.0, radius]]])
    return (centres[:, None, :] + seg[None]).reshape(-1, 2)


def hand_segments(centres: np.ndarray, pe: np.ndarray, length: float = 1.0) -> np.ndarray:
    """Hands from each centre to centre + length * (PE(pos, 2i), PE(pos, 2i+1)), shape (2n, 2).

    pe holds the interleaved PE values of the n pairs drawn: (sin theta, cos theta) each.
    """
    tips = centres + length * pe.reshape(-1, 2)
    return np.stack([centres, tips], axis=1).reshape(-1, 2)


class DialLabels(pg.GraphicsObject):
    """One item that writes every dial's pair index and wavelength at a fixed pixel size."""

    #: New labels or a new type size (a backdrop that holds them draws them again).
    changed = Signal()

    def __init__(self, theme: Theme) -> None:
        super().__init__()
        self._theme = theme
        self._centres = np.zeros((0, 2))
        self._texts: list[tuple[str, str]] = []
        self._bounds = QRectF()
        self._scale = 1.0
        # Laid-out texts for one dial size at a time (what an export draws on every frame):
        # drawing a QStaticText skips the text layout that dominates drawText for hundreds of
        # labels, and measuring every label for its size cost as much again.
        self._static: tuple[float, float, tuple[list[QStaticText], QFont] | None] | None = None

    def set_labels(self, centres: np.ndarray, texts: list[tuple[str, str]]) -> None:
        self.prepareGeometryChange()
        self._centres, self._texts = centres, texts
        self._static = None
        # Asked for on every repaint of the view: computed once per layout.
        self._bounds = QRectF()
        if len(centres):
            (x0, y0), (x1, y1) = centres.min(axis=0), centres.max(axis=0)
            self._bounds = QRectF(x0 - 1.3, y0 - 1.9, x1 - x0 + 2.6, y1 - y0 + 3.2)
        self.update()
        self.changed.emit()

    def set_scale(self, scale: float) -> None:
        self._scale = scale  # (the laid-out texts are kept by scale)
        self.update()
        self.changed.emit()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _static_texts(self, pixels_per_dial: float) -> tuple[list[QStaticText], QFont] | None:
        """The labels laid out for dials that many pixels across, or None where they would be
        drawn under MIN_TEXT_PX; kept until the size, the labels or the type scale change."""
        if self._static is None or self._static[:2] != (pixels_per_dial, self._scale):
            self._static = (pixels_per_dial, self._scale, self._lay_out(pixels_per_dial))
        return self._static[2]

    def _lay_out(self, pixels_per_dial: float) -> tuple[list[QStaticText], QFont] | None:
        font = scaled_font(self._scale, min(1.0, pixels_per_dial / 55))
        labels = [f"{index}\u2009·\u2009{wave}" for index, wave in self._texts]
        # The wavelength only where every label fits between two dials (at 1400 px, "144 ·
        # 1.1k" ran into "145 · 1.2k").
        metrics = QFontMetricsF(font)
        widest = max((metrics.horizontalAdvance(label) for label in labels), default=0.0)
        fits = pixels_per_dial >= 34 and widest <= 0.92 * pixels_per_dial
        if not fits:  # the index alone, shrunk until a gap parts the widest from the next
            index_width = max((metrics.horizontalAdvance(i) for i, _ in self._texts), default=0)
            if index_width > 0.7 * pixels_per_dial:
                font.setPointSizeF(font.pointSizeF() * 0.7 * pixels_per_dial / index_width)
        # And no taller than the gap between a dial and the one below (on stage, type is large).
        room = (SPACING_Y - 2.05) * pixels_per_dial / SPACING_X
        height = QFontMetricsF(font).height()
        if height > room > 0:
            font.setPointSizeF(font.pointSizeF() * room / height)
        if font.pointSizeF() * 96 / 72 < MIN_TEXT_PX:
            return None  # too small to read: the heatmap's hover tells the pair and wavelength
        texts = []
        for (index, _), label in zip(self._texts, labels, strict=True):
            text = QStaticText(label if fits else index)
            text.prepare(font=font)
            texts.append(text)
        return texts, font

    def paint(self, painter: QPainter, *args) -> None:
        transform = painter.transform()
        laid_out = self._static_texts(abs(transform.m11()) * SPACING_X)
        if laid_out is None:
            return
        texts, font = laid_out
        painter.save()
        painter.resetTransform()
        painter.setFont(font)
        painter.setPen(self._theme.dim_text)
        # The view only scales and translates, so anchors map with numpy in one go.
        xs = transform.m11() * self._centres[:, 0] + transform.dx()
        ys = transform.m22() * (self._centres[:, 1] - 1.02) + transform.dy()
        for x, y, text in zip(xs.tolist(), ys.tolist(), texts, strict=True):
            painter.drawStaticText(QPointF(x - text.size().width() / 2, y), text)
        painter.restore()


def set_points(item: pg.PlotCurveItem, points: np.ndarray) -> None:
    """Give a curve an (n, 2) array of points."""
    item.setData(x=points[:, 0], y=points[:, 1])
