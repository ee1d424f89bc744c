"""Distance, not position: PE(pos)·PE(pos+k) against k for several pos, and the product matrix."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from core.i18n import tr
from core.similarity import dot_by_offset, measured_dots
from gui import style
from gui.lazy_view import LazyView
from gui.state import AppState

#: Offsets k drawn: -MAX_OFFSET..MAX_OFFSET (or up to max_len - 1 when shorter).
MAX_OFFSET = 200
#: The product matrix shows at most this many positions.
MATRIX_POSITIONS = 512
CURVE_COLORS = ("#1f4e9c", "#d62728", "#12a150", "#f28e00")


def curve_positions(pos: int, max_len: int) -> list[int]:
    """The current pos and three others spread over the table, without repeats."""
    chosen = [pos, 0, max_len // 3, 2 * max_len // 3]
    return list(dict.fromkeys(p for p in chosen if 0 <= p < max_len))


class DistanceView(LazyView):
    """Curves of the dot product against k, which coincide, and the Toeplitz product matrix."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.caption = style.rich_label()
        self.spread = style.rich_label()
        self.graphics = style.graphics_area()
        self.curves_plot = style.quiet_plot(self.graphics.addPlot(row=0, col=0), self)
        self.legend = self.curves_plot.addLegend(offset=(-10, 10), labelTextColor="#222222")
        self.closed_form = pg.PlotDataItem(
            pen=pg.mkPen("#000000", width=1.5, style=Qt.PenStyle.DashLine)
        )
        self.curves = [
            pg.PlotDataItem(pen=pg.mkPen(color, width=5 - 1 * i))
            for i, color in enumerate(CURVE_COLORS)
        ]
        for item in (*self.curves, self.closed_form):
            self.curves_plot.addItem(item)
        self.matrix_plot, self.matrix_image = style.image_plot(self, self.graphics, 0, 1)
        self.matrix_plot.setAspectLocked(True)
        self._legend_key: tuple[object, ...] = ()
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(self.spread)
        state.observe(["table", "pos", "language", "font_scale"], self._request_sync)
        self._request_sync()

    def _sync(self) -> None:
        s = self._state
        reach = max(1, min(MAX_OFFSET, s.max_len - 1))
        offsets = np.arange(-reach, reach + 1)
        positions = curve_positions(s.pos, s.max_len)
        dots = measured_dots(positions, offsets, s.d_model, s.base)
        closed = dot_by_offset(offsets, s.d_model, s.base)
        for item, pos, row in zip(
            self.curves, positions + [None] * 4, [*dots, *[None] * 4], strict=False
        ):
            item.setVisible(pos is not None)
            if pos is not None:
                valid = ~np.isnan(row)
                item.setData(offsets[valid], row[valid])
        self.closed_form.setData(offsets, closed)
        legend_key = (tuple(positions), s.language)
        if legend_key != self._legend_key:  # rebuilding a legend is slow: only when it changes
            self._legend_key = legend_key
            self.legend.clear()
            for item, pos in zip(self.curves, positions, strict=False):
                self.legend.addItem(item, f"pos = {pos}")
            self.legend.addItem(self.closed_form, tr("distance.closed"))
        gap = float(np.nanmax(np.abs(dots - closed)))
        self.spread.setText(tr("distance.spread", gap=f"{gap:.2e}"))

        n = min(s.max_len, MATRIX_POSITIONS)
        matrix = s.dot_matrix(n) / (s.d_model / 2)
        self.matrix_image.setImage(matrix.astype(np.float32), autoLevels=False, levels=(-1, 1))
        self.matrix_image.setRect(QRectF(0, 0, n, n))
        self.matrix_plot.setRange(xRange=(0, n), yRange=(0, n), padding=0)

        self.caption.setText(tr("distance.caption"))
        self.curves_plot.setLabel("bottom", tr("distance.k"))
        self.curves_plot.setLabel("left", tr("distance.dot"))
        self.matrix_plot.setLabel("bottom", tr("distance.b"))
        self.matrix_plot.setLabel("left", tr("distance.a"))
        style.set_title(self.curves_plot, tr("distance.curves"), s.font_scale)
        style.set_title(self.matrix_plot, tr("distance.matrix", last=n - 1), s.font_scale)
        for plot in (self.curves_plot, self.matrix_plot):
            style.style_plot(plot, s.font_scale)
        self.caption.setFont(style.scaled_font(s.font_scale, 1.1))
        self.spread.setFont(style.scaled_font(s.font_scale))
