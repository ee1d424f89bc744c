"""ALiBi: no position vectors at all; a penalty on each score that grows with the distance."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainterPath, QResizeEvent
from PySide6.QtWidgets import QGraphicsPathItem, QWidget

from pe_clock.core.alibi import SHOWN_LENGTH, alibi_bias, alibi_slopes
from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import SERIES_SYMBOLS
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets import axes
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import image_plot
from pe_clock.gui.widgets.labels import key_text, rich_label
from pe_clock.gui.widgets.layer_strip import LayerStrip
from pe_clock.gui.widgets.plots import add_plot, set_title, style_plot

#: Qt's largest size: a row's height without a limit.
QWIDGETSIZE_MAX = (1 << 24) - 1


def slope_text(slope: float) -> str:
    """2<sup>−0.5</sup> for 2 ** −0.5: the slopes are powers of two."""
    exponent = f"{math.log2(slope):g}".replace("-", "−")
    return f"<nobr>2<sup>{exponent}</sup></nobr>"


class AlibiView(Panel):
    """Each head's slope, the bias matrices of the first, middle and last head, and the bias
    against the distance for every head."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        t = self._theme
        # Two rows, each a layout of its own, so the slopes move between them (`compose`)
        # and the three matrices keep one width: above, the slopes and the matrices with
        # their colour bar; below, the lines.
        graphics = self.graphics.ci
        self.first_row = graphics.addLayout(row=0, col=0)
        self.second_row = graphics.addLayout(row=1, col=0)
        self.matrices = self.first_row.addLayout(row=0, col=1)
        for part in (self.first_row, self.second_row):
            part.layout.setColumnStretchFactor(1, 3)
        self.first_row.layout.setColumnStretchFactor(0, 1)  # the slopes' column, wide
        self.slope_plot = add_plot(
            self.first_row,
            self,
            {"left": axes.PlainLogAxis("left", widest="0.001"), "bottom": axes.WholeAxis("bottom")},
            row=0,
            col=0,
        )
        self.slope_plot.setLogMode(x=False, y=True)
        self.slopes = pg.ScatterPlotItem(size=t.size(9), pen=None, brush=pg.mkBrush(t.hands[1]))
        self.slope_plot.addItem(self.slopes)
        self.bias_plots, images = [], []
        self.masks: list[QGraphicsPathItem] = []
        for column in range(3):
            # The bias is never positive: a sequential map, 0 at its bright end.
            plot, image = image_plot(self, self.matrices, 0, column, theme=t, sequential=True)
            plot.setAspectLocked(True)
            for name in ("left", "bottom"):
                plot.getAxis(name).set_cells(SHOWN_LENGTH, each=False)
            # The masked cells hatched: blank, they looked like the zero-bias diagonal on the
            # dark theme, and the triangle's edge was lost.
            mask = QGraphicsPathItem(_masked_cells())
            mask.setPen(pg.mkPen(None))
            mask.setBrush(QBrush(t.missing_hatch, Qt.BrushStyle.BDiagPattern))
            plot.addItem(mask)
            self.masks.append(mask)
            self.bias_plots.append(plot)
            images.append(image)
            self.matrices.layout.setColumnStretchFactor(column, 1)  # the three alike
        self.bias_images = images
        # The bar in a column of its own: inside the last plot it made that matrix smaller.
        self.bias_bar = colour_bar(self, t, images, sequential=True)
        self.matrices.addItem(self.bias_bar, row=0, col=3)
        self.matrices.layout.setColumnStretchFactor(3, 0)
        self.line_plot = add_plot(self.second_row, self, row=0, col=1)
        self.key = rich_label()  # of the lines, under them (inside, they crossed it)
        self.lines: list[pg.PlotDataItem] = []
        self._portrait = False
        graphics.layout.setRowStretchFactor(0, 3)
        graphics.layout.setRowStretchFactor(1, 2)
        self.strip = LayerStrip(state, ("alibi",))
        self.arrange(above=[self.strip], below=[self.key])
        fields = ["alibi_heads", "causal", "language", "font_scale"]
        state.observe(fields, self._request_sync)
        self._request_sync()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.compose()

    def compose(self) -> None:
        """The figure composed for its shape. Wide (a screen, a slide): the slopes beside the
        three matrices and their colour bar, the lines under them. Tall (a printed page): the
        matrices and the bar across the top, the slopes beside the lines (beside the
        matrices, they had left them 2 cm squares in 8 cm tall axes)."""
        portrait = self.graphics.height() > 0.9 * self.graphics.width()
        if portrait != self._portrait:
            self._portrait = portrait
            source, target = (
                (self.first_row, self.second_row) if portrait else (self.second_row, self.first_row)
            )
            source.removeItem(self.slope_plot)
            target.addItem(self.slope_plot, row=0, col=0)
            source.layout.setColumnStretchFactor(0, 0)  # (empty, it kept its share)
            source.layout.setColumnMaximumWidth(0, 0)
            target.layout.setColumnStretchFactor(0, 1)
            target.layout.setColumnMaximumWidth(0, QWIDGETSIZE_MAX)
        # Tall, the matrices' row is as high as its three squares across the width need:
        # a square's side, its title and its key axis (the row took three fifths of the page
        # and left the squares small in tall, empty axes).
        height = QWIDGETSIZE_MAX
        if portrait:
            plot = self.bias_plots[0]
            cell = (self.graphics.width() - self.bias_bar.width()) / 3
            side = cell - plot.getAxis("left").width()
            height = round(side + plot.getAxis("bottom").height() + plot.titleLabel.height() + 8)
        self.graphics.ci.layout.setRowMaximumHeight(0, max(height, 1))

    def heads_drawn(self) -> list[int]:
        """The first, middle and last head (1-based), as many as there are."""
        heads = self._state.alibi_heads
        return sorted({1, (heads + 1) // 2, heads})

    def _sync(self) -> None:
        s, t = self._state, self._theme
        slopes = alibi_slopes(s.alibi_heads)
        heads = np.arange(1, s.alibi_heads + 1)
        logs = np.log10(slopes)
        self.slopes.setData(heads, logs)
        # Set, not found: from 12 heads to 1, pyqtgraph kept the width and showed heads −5 … 7.
        self.slope_plot.setRange(
            xRange=(0.5, s.alibi_heads + 0.5),
            yRange=(float(logs.min()) - 0.5, float(logs.max()) + 0.5),
            padding=0,
        )
        bias = alibi_bias(s.alibi_heads, SHOWN_LENGTH)
        if s.causal:  # a query sees only itself and the keys before it
            bias = np.where(np.tri(SHOWN_LENGTH, dtype=bool)[None], bias, np.nan)
        for hatch in self.masks:
            hatch.setVisible(s.causal)
        drawn = self.heads_drawn()
        series = {head: index for index, head in enumerate(drawn)}  # the heads drawn above
        # One scale for the three matrices, to the steepest head's largest penalty: each on
        # its own, they looked alike while the slide said head 1 subtracts the most.
        steepest = int(np.argmax(slopes))
        largest = float(slopes[steepest]) * (SHOWN_LENGTH - 1)
        for column, (plot, image) in enumerate(zip(self.bias_plots, self.bias_images, strict=True)):
            shown = column < len(drawn)
            plot.setVisible(shown)
            if not shown:
                continue
            head = drawn[column]
            image.display(bias[head - 1], QRectF(0, 0, SHOWN_LENGTH, SHOWN_LENGTH), (-largest, 0.0))
            plot.setRange(xRange=(0, SHOWN_LENGTH), yRange=(0, SHOWN_LENGTH), padding=0)
            set_title(plot, tr("alibi.matrix", head=head, slope=slope_text(slopes[head - 1])), s)
            plot.setLabel("bottom", tr("alibi.key"))
            plot.setLabel("left", tr("alibi.query"))
            style_plot(plot, s)
        self.bias_bar.setLevels((-largest, 0.0))  # the bias is never positive
        # The heads drawn above in their series' pen and symbol, the others thin, grey,
        # dash-dot and round.
        every = heads.tolist()
        other = t.pen(t.dim_text, 1.5, style=Qt.PenStyle.DashDotLine)
        pens = {h: t.series_pen(series[h], 3) if h in series else other for h in every}
        self.slopes.setBrush([pg.mkBrush(pens[h].color()) for h in every])
        self.slopes.setSymbol([SERIES_SYMBOLS[series[h]] if h in series else "o" for h in every])
        self.slopes.setSize(t.size(9))
        for line in self.lines:
            self.line_plot.removeItem(line)
        distance = np.arange(SHOWN_LENGTH * 8)
        others = [h for h in every if h not in series]  # beneath the heads drawn above
        self.lines = [
            self.line_plot.plot(distance, -slopes[h - 1] * distance, pen=pens[h])
            for h in others + drawn
        ]
        entries = [
            (pens[h], tr("alibi.matrix", head=h, slope=slope_text(slopes[h - 1]))) for h in drawn
        ]
        if others:
            entries.append((pens[others[0]], tr("alibi.other_lines", n=len(others))))
        self.key.setText(key_text(entries))
        self.slope_plot.setLabel("bottom", tr("alibi.head"))
        self.slope_plot.setLabel("left", tr("alibi.slope"))
        self.line_plot.setLabel("bottom", tr("alibi.distance"))
        self.line_plot.setLabel("left", tr("alibi.bias"))
        self.bias_bar.setLabel("left", tr("alibi.scale"))
        one = s.alibi_heads == 1
        slopes_title = tr("alibi.slopes_one") if one else tr("alibi.slopes", heads=s.alibi_heads)
        set_title(self.slope_plot, slopes_title, s)
        set_title(self.line_plot, tr("alibi.lines"), s)
        for plot in (self.slope_plot, self.line_plot, self.bias_bar):
            style_plot(plot, s)
        closest = 2 ** math.floor(math.log2(s.alibi_heads))
        if closest == s.alibi_heads:
            rule = tr("alibi.power", heads=s.alibi_heads, step=f"{8 / s.alibi_heads:g}")
        else:
            rest = s.alibi_heads - closest
            rule = tr(
                "alibi.other" if rest > 1 else "alibi.other_one",
                heads=s.alibi_heads,
                rest=rest,
                closest=closest,
                double=2 * closest,
                extra=", ".join(slope_text(m) for m in slopes[closest:]),
            )
        mask = tr("alibi.masked") if s.causal else ""
        if one:
            found = tr("alibi.result_one", steep=slope_text(slopes[0]))
        else:
            found = tr(
                "alibi.result",
                steep=slope_text(slopes.max()),
                steep_head=int(np.argmax(slopes)) + 1,
                gentle=slope_text(slopes.min()),
                gentle_head=int(np.argmin(slopes)) + 1,
            )
            found += " " + rule
        scale = tr(
            "alibi.one_scale",
            largest=f"{largest:.3g}",
            length=SHOWN_LENGTH - 1,
            head=steepest + 1,
        )
        self.result.setText(found + scale + mask)
        self.caption.setText(tr("alibi.caption"))
        for label in (self.caption, self.key, self.result):
            label.setFont(scaled_font(s.font_scale, 1.05))


def _masked_cells() -> QPainterPath:
    """The cells a causal query cannot see, keys j > query i: a staircase from (1, 0) down to
    (L − 1, L − 1) for L = SHOWN_LENGTH, then up the right edge (cell (i, j) spans j..j+1,
    i..i+1)."""
    path = QPainterPath(QPointF(1, 0))
    for i in range(1, SHOWN_LENGTH):
        path.lineTo(i, i)
        path.lineTo(i + 1, i)
    path.lineTo(SHOWN_LENGTH, 0)
    path.closeSubpath()
    return path
