"""Distance, not position: PE(pos)·PE(pos+k) against k for several pos, and the product matrix."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from pe_clock.core.i18n import tr
from pe_clock.core.similarity import DISTANCE_REACH, dot_by_offset, measured_dots
from pe_clock.gui.figures.segments import Segments
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import image_plot
from pe_clock.gui.widgets.lazy_view import lazy
from pe_clock.gui.widgets.plots import add_plot, cache_static, set_title, style_legend, style_plot
from pe_clock.gui.widgets.stable_label import StableLabel

#: The product matrix shows at most this many positions.
MATRIX_POSITIONS = 512


def other_positions(max_len: int) -> list[int]:
    """Three positions spread over the table, drawn beside the current pos."""
    return list(dict.fromkeys(p for p in (0, max_len // 3, 2 * max_len // 3) if p < max_len))


class DistanceView(Panel):
    """Curves of the dot product against k, which coincide, and the Toeplitz product matrix."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        # Changes with every step: a fixed slot, so a new number never re-lays out the view.
        self.spread = StableLabel(fill=True)
        self.spread.setTextFormat(Qt.TextFormat.PlainText)
        self.curves_plot = add_plot(self.graphics, self, row=0, col=0)
        self.legend = self.curves_plot.addLegend(offset=(-10, 10), labelTextColor=self._theme.text)
        self.closed_form = pg.PlotDataItem(
            pen=self._theme.pen(self._theme.pos, 1.5, style=Qt.PenStyle.DashLine)
        )
        # They coincide: each drawn thinner over the one before, so that all show as stripes.
        self.curves = [
            pg.PlotDataItem(pen=self._theme.series_pen(index, width))
            for index, width in enumerate((10, 7, 4.5, 2.5))
        ]
        # The current pos's curve in two parts, k >= 0 and k <= 0: at a small pos a step only
        # lengthens the part behind (k < -pos has no row), and only that part is redrawn; of
        # it, only the new segment (a Segments item repaints just the rectangle it is told).
        behind_pen = QPen(self.curves[0].opts["pen"])
        behind_pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.behind = Segments(behind_pen)
        self._behind_width = behind_pen.widthF()
        self._drawn = [np.zeros(0), np.zeros(0)]  # the current pos's two parts as drawn
        # The current pos's two parts beneath, the closed form (dashed) on top.
        for z, item in enumerate((self.curves[0], *self.curves[1:], self.closed_form), start=1):
            item.setZValue(z)
        self.behind.setZValue(1)
        for item in (*self.curves, self.behind, self.closed_form):
            self.curves_plot.addItem(item)
        # Only the current pos's curve moves with a step: the others and the legend are pixmaps.
        cache_static(*(item.curve for item in (*self.curves[1:], self.closed_form)))
        self.matrix_plot, self.matrix_image = image_plot(
            self, self.graphics, 0, 1, theme=self._theme
        )
        self.matrix_plot.setAspectLocked(True)
        # Its colours read against a scale, as the heatmap's do.
        self.matrix_colorbar = colour_bar(self, self._theme, self.matrix_image, self.matrix_plot)
        self._offsets: np.ndarray = np.zeros(0, dtype=int)
        self._closed = np.zeros(0)
        self._others: dict[int, np.ndarray] = {}
        self._others_gap = 0.0  # the largest gap between their curves and the closed form
        self.arrange(below=[self.spread.slot], result=False)
        state.observe(["table", "language", "font_scale"], self._request_sync)
        state.observe(["pos"], self._sync_pos)
        self._request_sync()

    def _sync(self) -> None:
        """Everything that does not move with pos: once per parameter change."""
        s = self._state
        reach = max(1, min(DISTANCE_REACH, s.max_len - 1))
        self._offsets = offsets = np.arange(-reach, reach + 1)
        self._closed = dot_by_offset(offsets, s.d_model, s.base)
        self.closed_form.setData(offsets, self._closed)
        # A fixed range: every pos's curve is the closed form (up to rounding), so the range
        # is known, and autoranging it again on every step would repaint the axes.
        low, high = float(self._closed.min()), float(self._closed.max())
        # Room above the peak for the legend, which sat on the curve's shoulder.
        top = high + 0.4 * (high - low)
        self.curves_plot.setRange(xRange=(-reach, reach), yRange=(low, top), padding=0.04)
        self.behind.set_bounds(QRectF(-reach - 1, low - (top - low), reach + 2, 3 * (top - low)))
        others = other_positions(s.max_len)
        self._others = dict(
            zip(others, measured_dots(others, offsets, s.d_model, s.base), strict=True)
        )
        # Fixed entries (a legend is slow to rebuild): when pos is one of the others, their
        # curves coincide, the thin one drawn on the thick one.
        style_legend(self.legend, self._state)
        self.legend.clear()
        self.legend.addItem(self.curves[0], tr("distance.current"))
        for item, (pos, row) in zip(self.curves[1:], self._others.items(), strict=False):
            valid = ~np.isnan(row)
            item.setData(offsets[valid], row[valid])
            item.setVisible(True)
            self.legend.addItem(item, f"pos = {pos}")
        for item in self.curves[1 + len(self._others) :]:
            item.setVisible(False)
        self.legend.addItem(self.closed_form, tr("distance.closed"))
        self._drawn = [np.zeros(0), np.zeros(0)]
        self._others_gap = max(
            float(np.abs(row - self._closed)[~np.isnan(row)].max()) for row in self._others.values()
        )
        self._sync_pos()

        n = min(s.max_len, MATRIX_POSITIONS)
        matrix = s.dot_matrix(n) / (s.d_model / 2)
        self.matrix_image.display(matrix, QRectF(0, 0, n, n))
        self.matrix_plot.setRange(xRange=(0, n), yRange=(0, n), padding=0)
        for name in ("left", "bottom"):
            self.matrix_plot.getAxis(name).set_cells(n)

        self.caption.setText(tr("distance.caption"))
        self.curves_plot.setLabel("bottom", tr("distance.k"))
        self.curves_plot.setLabel("left", tr("distance.dot"))
        self.matrix_plot.setLabel("bottom", tr("distance.b"))
        self.matrix_plot.setLabel("left", tr("distance.a"))
        self.matrix_colorbar.setLabel("left", tr("distance.scale"))
        set_title(self.curves_plot, tr("distance.curves"), s)
        set_title(self.matrix_plot, tr("distance.matrix", last=n - 1), s)
        for plot in (self.curves_plot, self.matrix_plot, self.matrix_colorbar):
            style_plot(plot, s)
        self.caption.setFont(scaled_font(s.font_scale, 1.1))
        self.spread.setFont(scaled_font(s.font_scale))
        self.spread.slot.setFixedHeight(self.spread.fontMetrics().lineSpacing() + 4)

    def _replace(self, part: int, new: np.ndarray) -> np.ndarray | None:
        """The part's values drawn so far if new ones differ from them on screen (and keep
        the new ones), else None."""
        drawn = self._drawn[part]
        tolerance = 1e-9 * self._state.d_model
        if drawn.shape == new.shape and np.abs(drawn - new).max(initial=0.0) <= tolerance:
            return None
        self._drawn[part] = new
        return drawn

    def _draw_behind(self, offsets: np.ndarray, dots: np.ndarray, before: np.ndarray) -> None:
        """The k <= 0 part as a polyline. When a step only lengthened it to the left (pos grew
        below the reach), only the rectangle of the new segments is repainted."""
        points = np.column_stack([offsets, dots])
        segments = np.repeat(points, 2, axis=0)[1:-1]
        grown = len(dots) - len(before)
        tolerance = 1e-9 * self._state.d_model
        changed = None
        if grown > 0 and np.abs(dots[grown:] - before).max(initial=0.0) <= tolerance:
            fresh = points[: grown + 1]
            (x0, y0), (x1, y1) = fresh.min(axis=0), fresh.max(axis=0)
            pixel_x, pixel_y = self.curves_plot.getViewBox().viewPixelSize()
            margin = self._behind_width / 2 + 3  # pixels round the new segments
            changed = QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(
                -margin * pixel_x, -margin * pixel_y, margin * pixel_x, margin * pixel_y
            )
        self.behind.set_points(segments, changed)

    @lazy
    def _sync_pos(self) -> None:
        """The current pos's curve, from PE rows kept while the steps stay near them."""
        s = self._state
        offsets = self._offsets
        first = max(0, s.pos - int(offsets[-1]))
        rows = s.pe_rows(first, s.pos + int(offsets[-1]) + 1)
        valid = s.pos + offsets >= 0
        # A loop of NumPy's own, not BLAS's matrix-vector product: at d_model 8192 OpenBLAS
        # hands it to its threads, which then spin waiting for more (60% of the process's CPU
        # while playing: 20 ms a frame on a 4K stage, 1.3 ms without).
        dots = np.einsum("kd,d->k", rows[s.pos + offsets[valid] - first], rows[s.pos - first])
        shown = offsets[valid]
        # Every pos draws the same curve, to a millionth of a pixel, where it has rows: redraw
        # a part (and everything under it) only when it changes on screen.
        ahead, behind = shown >= 0, shown <= 0
        if self._replace(0, dots[ahead]) is not None:
            self.curves[0].setData(shown[ahead], dots[ahead])
        before = self._replace(1, dots[behind])
        if before is not None:
            self._draw_behind(shown[behind], dots[behind], before)
        gap = max(float(np.abs(dots - self._closed[valid]).max()), self._others_gap)
        self.spread.setText(tr("distance.spread", pos=s.pos, gap=f"{gap:.2e}"))
