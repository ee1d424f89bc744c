"""Learned positions beside the sinusoids: a model's own position table (GPT-2's, BERT's),
read from its weights, against the sinusoidal table of the same size."""

from __future__ import annotations

import html

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QWidget

from pe_clock.core.format import said_base
from pe_clock.core.i18n import tr
from pe_clock.core.models.learned import (
    BERT_BASE_SIZE,
    TableMeasures,
    similarity_by_offset,
    sinusoid_rows,
    sinusoids_measured,
)
from pe_clock.core.models.opened import OpenedModel
from pe_clock.core.params import MAX_D_MODEL
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.opened_model import drawn_for
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.axes import WholeAxis
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import image_plot
from pe_clock.gui.widgets.labels import key_text, rich_label
from pe_clock.gui.widgets.plots import (
    add_plot,
    marker_line,
    set_title,
    style_marker,
    style_plot,
)

#: Offsets k drawn in the similarity-by-offset plot, at most.
OFFSET_REACH = 256
#: A table wider than this is drawn with its columns binned (means of neighbours).
MAX_COLUMNS = 1024


def first_row(model: OpenedModel | None) -> int:
    """The row of a model's learned table that position 0 reads (BART's 2, RoBERTa's
    pad_token_id + 1), 0 where the rows are the positions."""
    if model is None or model.config is None or not model.config.groups:
        return 0
    row = model.config.groups[0].details.get("first_row", 0)
    return row if isinstance(row, int) else 0


def offset_starts(positions: int) -> tuple[int, ...]:
    """The positions whose similarity to the rows after them is drawn: 0, a quarter and half
    way (fewer for a short table)."""
    return tuple(dict.fromkeys(p for p in (0, positions // 4, positions // 2) if p < positions))


class Row:
    """One table's three plots: the table, its similarity matrix, its principal components."""

    def __init__(self, view: LearnedView, row: int) -> None:
        t = view._theme
        self.table_plot, self.table_image = image_plot(view, view.graphics, row, 0, theme=t)
        # Its own scale: a learned table's values are not PE's [−1, 1].
        self.table_bar = colour_bar(view, t, self.table_image, self.table_plot)
        self.sim_plot, self.sim_image = image_plot(view, view.graphics, row, 1, theme=t)
        self.pca_plot = add_plot(view.graphics, view, row=row, col=2)
        self.pca_curve = self.pca_plot.plot(pen=t.pen(t.curves[0], 2))
        self.pca_ends = pg.ScatterPlotItem(size=11, brush=t.curves[1], pen=t.pen(t.text, 1))
        self.pca_plot.addItem(self.pca_ends)
        self.pca_start = pg.TextItem("pos 0", color=t.text, anchor=(-0.15, 1.1))
        self.pca_plot.addItem(self.pca_start)
        # Where position 0 is, in a table whose first rows come before it (BART's, RoBERTa's)
        self.first_row = marker_line(t, 0.5, anchors=[(0.5, 0), (0.5, 0)])  # under the line
        self.table_plot.addItem(self.first_row, ignoreBounds=True)

    def plots(self) -> tuple[pg.PlotItem, ...]:
        return (self.table_plot, self.table_bar, self.sim_plot, self.pca_plot)

    def show(
        self,
        rows: np.ndarray | None,
        measures: TableMeasures | None,
        shape: tuple[int, int],
        first: int = 0,
    ) -> None:
        """rows: the table's rows at the sampled positions (None: no table), drawn over the
        whole table's shape (rows × width), row `first` at position 0 (BART's table has two
        rows before it: they are drawn at positions −2 and −1, and a line marks 0)."""
        # Without a table the row's plots are hidden, and the view says why above them.
        for plot in self.plots():
            plot.setVisible(rows is not None)
        if rows is None or measures is None:
            return
        n, width = shape
        limit = float(np.abs(rows).max()) or 1.0
        # Columns beyond a screen's pixels are drawn as their means, as the heatmap does.
        group = max(1, width // MAX_COLUMNS)
        self.table_image.display(rows, QRectF(0, -first, width, n), (-limit, limit), group)
        self.table_bar.setLevels((-limit, limit))
        self.table_plot.setRange(xRange=(0, width), yRange=(-first, n - first), padding=0)
        self.table_plot.getAxis("bottom").set_cells(width)
        self.table_plot.getAxis("left").set_cells(n)
        self.first_row.setVisible(first > 0)
        self.first_row.setPos(0)
        self.pca_start.setText(tr("learned.row_n", n=0) if first else "pos 0")  # its first row
        self.sim_image.display(measures.similarity, QRectF(0, 0, n, n))
        self.sim_plot.setRange(xRange=(0, n), yRange=(0, n), padding=0)
        for name in ("left", "bottom"):
            self.sim_plot.getAxis(name).set_cells(n)
        scores = measures.components.scores
        if scores.shape[1] >= 2:
            self.pca_curve.setData(scores[:, 0], scores[:, 1])
            self.pca_ends.setData([scores[0, 0]], [scores[0, 1]])
            self.pca_start.setPos(scores[0, 0], scores[0, 1])


class LearnedView(Panel):
    """The learned table and the sinusoids of its size, each as a heatmap, its cosine
    similarity matrix and its first two principal components; similarity against the offset
    and each position's nearest-row distance, both tables on one plot."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        t = self._theme
        self.rows = [Row(self, 0), Row(self, 1)]
        # One scale for both matrices, beside the sinusoids' (always drawn).
        self.sim_bar = colour_bar(self, t, [r.sim_image for r in self.rows], self.rows[1].sim_plot)
        # Offsets and positions are whole numbers, written as the heatmaps' are ("1,000").
        self.offset_plot, self.nearest_plot = (
            add_plot(self.graphics, self, {"bottom": WholeAxis("bottom")}, row=row, col=3)
            for row in (0, 1)
        )
        dashed = Qt.PenStyle.DashLine
        # The learned table's curve from each start; the sinusoids' one curve, dashed (every
        # start draws the same: their similarity is a function of k alone).
        self.offset_curves = [self.offset_plot.plot(pen=t.series_pen(i, 2.5)) for i in range(3)]
        self.sine_offset = self.offset_plot.plot(pen=t.pen(t.text, 2, style=dashed))
        self.sine_offset.setZValue(5)
        self.nearest_curves = (
            self.nearest_plot.plot(pen=t.pen(t.curves[0], 2)),
            self.nearest_plot.plot(pen=t.pen(t.text, 1.5, style=dashed)),
        )
        self._table_placed = True  # as built: the learned row above
        self.key = rich_label()  # under the plots: inside, it covered the curves
        self.notice = rich_label()  # why no learned table is drawn
        self.arrange(above=[self.notice], below=[self.key])
        state.observe(["model", "base", "language", "font_scale"], self._request_sync)
        self._request_sync()

    def _sync(self) -> None:
        s = self._state
        model = s.model
        table = model.table if model else None
        learned = table.rows if table is not None else None
        size = model.config.learned if model and model.config else None
        if learned is not None:
            n, width = learned.shape
        elif size is not None:  # config.json alone: its table's size, not its numbers
            n, width = size.positions, min(size.width, MAX_D_MODEL)  # compared on `at` alone
        else:
            n, width = BERT_BASE_SIZE
        sinusoids, sine_measures = sinusoids_measured(n, width, s.base)
        learned_rows, learned_measures = table.compared if table is not None else (None, None)
        shape = (n, width)
        first = first_row(model) if learned is not None else 0
        self.rows[0].show(learned_rows, learned_measures, shape, first)
        self.rows[1].show(sinusoids, sine_measures, shape)
        marker = self.rows[0].first_row
        marker.label.setFormat(tr("learned.first_row", row=first))
        style_marker(marker, s)
        self._place(learned is not None)
        self.notice.setVisible(learned is None)
        if learned is None:
            why = model.missing if model and model.missing else tr("learned.none")
            self.notice.setText(html.escape(why))
        starts = offset_starts(n)
        reach = min(OFFSET_REACH, n - 1)
        (_, k, cos), *_ = similarity_by_offset(
            lambda a, b: sinusoid_rows(np.arange(a, b), width, s.base), n, (0,), reach
        )
        self.sine_offset.setData(k, cos)
        learned_by_offset = []
        if learned is not None:
            learned_by_offset = similarity_by_offset(lambda a, b: learned[a:b], n, starts, reach)
        entries: list[tuple[QPen, str]] = []
        for index, curve in enumerate(self.offset_curves):
            curve.setVisible(index < len(learned_by_offset))
            if index < len(learned_by_offset):
                start, k, cos = learned_by_offset[index]
                curve.setData(k, cos)
                # the curves start at rows of the table: BART's row 0 is no position
                label = tr("learned.row_n", n=start) if first else f"pos {start}"
                entries.append((curve.opts["pen"], label))
        self.offset_plot.setRange(xRange=(0, max(reach, 1)), yRange=(-1, 1.05), padding=0.02)
        highest = 0.0
        for curve, measures in zip(
            self.nearest_curves, (learned_measures, sine_measures), strict=True
        ):
            curve.setVisible(measures is not None)
            if measures is not None:
                curve.setData(measures.positions, measures.nearest)
                highest = max(highest, float(measures.nearest.max()))
        # From 0: the sinusoids' distances are one number (to float64's rounding), which an
        # automatic range blew up into noise.
        self.nearest_plot.setRange(xRange=(0, n), yRange=(0, 1.15 * highest or 1), padding=0.02)
        self._texts(n, width, learned_measures, sine_measures, entries)

    def _place(self, table: bool) -> None:
        """With a learned table, two rows: it above the sinusoids. Without one, its row
        leaves the grid (hidden, it kept three quarters of the page empty) and the
        sinusoids' plots take both rows' height; the two comparisons stay on the right, one
        a row. The plots stay in the view's scene: only the grid's cells change."""
        if table == self._table_placed:
            return
        self._table_placed = table
        learned, sine = ((r.table_plot, r.sim_plot, r.pca_plot) for r in self.rows)
        grid = self.graphics.ci.layout
        for plot in (*learned, *sine):
            for index in range(grid.count()):
                if grid.itemAt(index) is plot:
                    grid.removeAt(index)
                    break
        for col, plot in enumerate(sine):
            grid.addItem(plot, 1 if table else 0, col, 1 if table else 2, 1)
        for col, plot in enumerate(learned if table else ()):
            grid.addItem(plot, 0, col)
        grid.activate()  # laid out now, as pyqtgraph's own addItem does

    def _texts(
        self,
        n: int,
        width: int,
        learned_measures: TableMeasures | None,
        sine_measures: TableMeasures,
        entries: list[tuple[QPen, str]],
    ) -> None:
        s = self._state
        model = s.model
        table = model.table if model else None
        base = said_base(s.base)
        learned_title = tr("learned.table") if table is not None else tr("learned.table_none")
        learned_title += drawn_for(s, "learned")
        set_title(self.rows[0].table_plot, learned_title, s)
        set_title(
            self.rows[1].table_plot,
            tr("learned.sinusoids", base=base),
            s,
        )
        sampled = sine_measures.positions.size < n
        sim_key = "learned.similarity_sampled" if sampled else "learned.similarity"
        # a table with rows before position 0 (BART's): its measures count rows
        offset = first_row(model) > 0
        for row, measures, rows in zip(
            self.rows, (learned_measures, sine_measures), (offset, False), strict=True
        ):
            shown = sine_measures.positions.size
            set_title(row.sim_plot, tr(f"{sim_key}_rows" if rows else sim_key, n=f"{shown:,}"), s)
            share = measures.components.share if measures is not None else np.zeros(2)
            set_title(
                row.pca_plot,
                tr("learned.pca", one=f"{100 * share[0]:.0f}", two=f"{100 * share[1]:.0f}"),
                s,
            )
            row.pca_plot.setLabel("bottom", "PC1")
            row.pca_plot.setLabel("left", "PC2")
            row.table_plot.setLabel("bottom", tr("learned.dimension"))
            axis = tr("learned.row" if rows else "learned.position")
            row.table_plot.setLabel("left", tr("learned.position"))
            row.sim_plot.setLabel("bottom", axis)
            row.sim_plot.setLabel("left", axis)
        set_title(self.offset_plot, tr("learned.by_offset"), s)
        self.offset_plot.setLabel("bottom", tr("learned.offset"))
        self.offset_plot.setLabel("left", tr("learned.cosine"))
        set_title(self.nearest_plot, tr("learned.nearest"), s)
        self.nearest_plot.setLabel("bottom", tr("learned.position"))
        self.nearest_plot.setLabel("left", tr("learned.nearest_axis"))
        self.sim_bar.setLabel("left", tr("learned.cosine"))
        for row in self.rows:
            row.table_bar.setLabel("left", tr("learned.value"))
        for plot in (
            *self.rows[0].plots(),
            *self.rows[1].plots(),
            self.offset_plot,
            self.nearest_plot,
            self.sim_bar,
        ):
            style_plot(plot, s)
        self.key.setText(key_text([*entries, (self.sine_offset.opts["pen"], tr("learned.dashed"))]))
        for row in self.rows:
            row.pca_ends.setSize(11 * s.line_scale)
        self.caption.setText(tr("learned.caption"))
        if table is not None and learned_measures is not None:
            shares = ", ".join(f"{100 * x:.0f}%" for x in learned_measures.components.share)
            sine_shares = ", ".join(f"{100 * x:.0f}%" for x in sine_measures.components.share)
            self.result.setText(
                tr(
                    "learned.result",
                    tensor=html.escape(table.tensor),
                    rows=f"{n:,}",
                    width=f"{width:,}",
                    n=f"{table.parameters:,}",
                    dtype=table.dtype,
                    shares=shares,
                    sine_shares=sine_shares,
                )
            )
        else:
            sized = model is not None and model.config is not None and model.config.learned
            whose = html.escape(model.name) if sized and model else "BERT-base"
            self.result.setText(
                tr(
                    "learned.result_none",
                    rows=f"{n:,}",
                    width=f"{width:,}",
                    n=f"{n * width:,}",
                    whose=whose,
                )
            )
        for label in (self.caption, self.key, self.result):
            label.setFont(scaled_font(s.font_scale, 1.05))
        for row in self.rows:
            row.pca_start.setFont(scaled_font(s.font_scale))
        self.notice.setFont(scaled_font(s.font_scale, 1.1))
