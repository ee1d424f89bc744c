"""Relative position as a rotation: PE(pos + k) = R(k) · PE(pos), with R(k) independent of pos."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetrics, QPainterPath, QResizeEvent
from PySide6.QtWidgets import QGraphicsPathItem, QGridLayout, QVBoxLayout, QWidget

from pe_clock.core.binning import max_abs_pool
from pe_clock.core.format import fmt, fmt_angle, fmt_factor, said_base
from pe_clock.core.i18n import tr
from pe_clock.core.layout import column_of, rotation_entries
from pe_clock.core.rotation import largest_rounded_angle, pair_rotation
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.axes import name_rows
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import ColumnGroups, image_plot
from pe_clock.gui.widgets.labels import mark_prose, rich_label
from pe_clock.gui.widgets.lazy_view import LazyView, lazy
from pe_clock.gui.widgets.plots import cache_static, graphics_area, set_title, style_plot
from pe_clock.gui.widgets.stable_label import StableLabel

ZOOM_PAIRS = 2
#: The overview of R(k) is pooled to at most this many pixels a side.
OVERVIEW_PIXELS = 128
TEXT_WIDTH = 420
#: Largest angle (rad) from which the panel notes float64's rounding of the angles.
PRECISION_NOTE_FROM = 1e4
VECTOR_ROWS = ("PE(pos)", "R(k)·PE(pos)", "PE(pos+k)")
#: Under this height (at type scale 1) a view without its explanations (a small figure or
#: slide) has too little room for R(k)'s overview (at 800 x 450 it was 30 pixels tall for 512
#: rows): it leaves the overview out, says so, and draws the zoom at the full height beside
#: the three vectors.
COMPACT_BELOW = 300
WIDEST = 16_777_215  # QWIDGETSIZE_MAX


class RotationView(LazyView):
    """R(k) as a matrix, the selected pair's 2x2 block with its numbers, and the three vectors."""

    def describe(self) -> str:
        """k, the selected pair's block and its angle, and how far R(k)·PE(pos) is from
        PE(pos+k), before its explanations."""
        s = self._state
        pair = s.selected_pair
        phi = float(s.pair_angles()[pair])
        at = [column_of(2 * pair + part, s.d_model, s.layout) for part in (0, 1)]
        said = tr(
            "speech.rotation",
            k=fmt(s.k, 0),
            pair=pair,
            a=at[0],
            b=at[1],
            degrees=fmt(math.degrees(phi), 4),
            error=f"{s.rotation_error():.2e}",
        )
        return " ".join([said, super().describe()]).strip()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._theme = theme_of(state)  # fixed for the view: exports build a view per theme

        self.graphics = graphics_area(self._theme)
        self.matrix_plot, self.matrix_image = image_plot(
            self, self.graphics, 0, 0, theme=self._theme
        )
        # Not square: in a wide panel a locked aspect filled the sides with columns -500 to -1
        # and 513 to 1000 that do not exist. The zoom beside it keeps square cells.
        self.block_box = QGraphicsPathItem()
        pen = self._theme.pen(self._theme.select, 2)
        pen.setCosmetic(True)
        self.block_box.setPen(pen)
        self.matrix_plot.addItem(self.block_box)

        self.zoom_plot, self.zoom_image = image_plot(self, self.graphics, 0, 1, theme=self._theme)
        self.zoom_plot.setAspectLocked(True)
        self._zoom_cells = 0  # columns of the zoom drawn
        self.zoom_texts: list[pg.TextItem] = []
        for _ in range(ZOOM_PAIRS * 4):
            text = pg.TextItem(color=self._theme.text, anchor=(0.5, 0.5))
            self.zoom_plot.addItem(text)
            self.zoom_texts.append(text)

        # The three vectors in a row of their own, beside their numbers.
        self.vector_graphics = graphics_area(self._theme)
        self.vector_plot, self.vector_image = image_plot(
            self, self.vector_graphics, 0, 0, theme=self._theme
        )
        self.row_rules = pg.PlotDataItem(
            connect="pairs", pen=self._theme.pen(self._theme.background, 3)
        )
        self.vector_plot.addItem(self.row_rules)
        cache_static(self.row_rules.curve)
        self.columns = ColumnGroups(self.vector_plot, lambda: state.d_model, self._sync_columns)
        images = [self.matrix_image, self.zoom_image, self.vector_image]
        self.colorbar = colour_bar(self, self._theme, images, self.zoom_plot)

        self.block_label = rich_label(selectable=True)
        self.vector_title = rich_label()
        # Plain text: these change with every step, and plain text lays out much faster.
        # Fixed slots: three rows of numbers; the error with a precision note, wrapped.
        self.vector_values = StableLabel(fill=True, selectable=True)
        self.vector_error = StableLabel(fill=True, selectable=True)
        self.vector_error.setWordWrap(True)
        for label in (self.vector_values, self.vector_error):
            label.setTextFormat(Qt.TextFormat.PlainText)

        self.caption = rich_label()
        # Two rows, each a figure and its text: R(k) with the block of the selected pair; the
        # three vectors with their numbers.
        self.text_panels = (QWidget(), QWidget())
        for panel, widgets in zip(
            self.text_panels,
            (
                (self.caption, self.block_label),
                (self.vector_title, self.vector_values.slot, self.vector_error.slot),
            ),
            strict=True,
        ):
            column = QVBoxLayout(panel)
            column.setContentsMargins(0, 0, 0, 0)
            for widget in widgets:
                column.addWidget(widget)
            column.addStretch(1)
        layout = self._grid = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.graphics, 0, 0)
        layout.addWidget(self.text_panels[0], 0, 1)
        layout.addWidget(self.vector_graphics, 1, 0)
        layout.addWidget(self.text_panels[1], 1, 1)
        layout.setRowStretch(0, 2)
        layout.setRowStretch(1, 1)
        self._compact = False
        # On a slide the identity's one result line stays: max |R(k)·PE(pos) − PE(pos+k)|.
        mark_prose(self.text_panels[0], self.vector_title, self.vector_values.slot)

        cache_static(self.matrix_image, self.zoom_image, *self.zoom_texts)
        # Numbers only where a cell is wide enough for them (at 1280 x 720 they ran together).
        self.zoom_plot.getViewBox().sigResized.connect(self._fit_zoom_numbers)
        state.observe(["table"], self._sync_matrix)
        state.observe(["k"], self._sync_matrix)
        state.observe(["pos"], self._sync_vectors)
        state.observe(["selected_pair"], self._sync_block)
        state.observe(["font_scale"], self._sync_fonts)
        state.observe(["language"], self._sync)
        self._sync()

    def prepare_slide(self) -> None:
        """On a slide R(k) and its zoom take the whole first row (its text is not there): the
        zoom's cells are then wide enough for their numbers at stage type."""
        self._arrange()

    def _arrange(self) -> None:
        """Lay the grid out: R(k) and its text over the vectors and theirs; without its text,
        R(k) across the first row; compact, the zoom beside the vectors over their text."""
        grid, slide = self._grid, self.text_panels[0].isHidden()
        compact = self._compact = self._fits_compact()
        spans: tuple[tuple[int, int, int, int], ...] = (
            ((0, 0, 2, 1), (0, 1, 1, 1), (1, 1, 1, 1))
            if compact
            else ((0, 0, 1, 2 if slide else 1), (1, 0, 1, 1), (1, 1, 1, 1))
        )
        widgets: tuple[QWidget, ...] = (self.graphics, self.vector_graphics, self.text_panels[1])
        for widget, (row, column, rows, columns) in zip(widgets, spans, strict=True):
            grid.removeWidget(widget)  # moved, not added twice
            grid.addWidget(widget, row, column, rows, columns)
        grid.setRowStretch(0, 1 if compact else 2)
        grid.setRowStretch(1, 0 if compact else 1)
        grid.setColumnStretch(1, 1 if compact else 0)
        grid.setColumnStretch(0, 0 if compact else 1)
        self.matrix_plot.setVisible(not compact)
        # Compact, the zoom is square: as wide as tall, with its axes and the colour bar.
        self.graphics.setMaximumWidth(round(1.45 * self.height()) if compact else WIDEST)
        self._sync_titles()

    def _fits_compact(self) -> bool:
        """Without its text (on a slide) and too short for R(k)'s overview."""
        short = self.height() < round(COMPACT_BELOW * self._state.font_scale)
        return short and self.text_panels[0].isHidden()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fits_compact() != self._compact:
            self._arrange()

    def _sync(self) -> None:
        self.caption.setText(tr("rotation.caption"))
        self.matrix_plot.setLabel("bottom", tr("rotation.column"))
        self.matrix_plot.setLabel("left", tr("rotation.row"))
        self._sync_matrix()
        self._sync_fonts()

    def _sync_matrix(self) -> None:
        """R(k) and its zoom: redrawn only when k, d_model or base change, never with pos."""
        self._fit_error_slot()
        s = self._state
        matrix = s.rotation_matrix()
        dim = matrix.shape[0]
        overview = blank_zeros(max_abs_pool(matrix, OVERVIEW_PIXELS))
        self.matrix_image.display(overview, QRectF(0, 0, dim, dim))
        self.matrix_plot.setRange(xRange=(0, dim), yRange=(0, dim), padding=0)
        shown = "" if dim == s.d_model else tr("rotation.leading", dim=dim, d_model=s.d_model)
        set_title(self.matrix_plot, tr("rotation.matrix", k=s.k) + shown, s)
        self.row_rules.setData([0, s.d_model, 0, s.d_model], [1, 1, 2, 2])
        self.vector_plot.setRange(xRange=(0, s.d_model), yRange=(0, 3), padding=0)
        self._sync_columns()

        # The first pairs' sin and cos columns: adjacent when interleaved, half a table apart
        # when split; the axes name each column of the layout.
        pairs = min(ZOOM_PAIRS, s.n_pairs)
        columns = np.array(
            [column_of(2 * p + part, s.d_model, s.layout) for part in (0, 1) for p in range(pairs)]
        )
        columns.sort()
        dims = s.column_order()[columns]
        zoom = rotation_entries(s.pair_angles(), dims)
        zoom_dim = len(columns)
        self.zoom_image.display(blank_zeros(zoom), QRectF(0, 0, zoom_dim, zoom_dim))
        self.zoom_plot.setRange(xRange=(0, zoom_dim), yRange=(0, zoom_dim), padding=0)
        for name in ("left", "bottom"):  # each cell named by the column it is of R(k)
            self.zoom_plot.getAxis(name).set_cells(zoom_dim, names=[str(c) for c in columns])
        self._sync_titles()
        pair_of_row = dims // 2
        cells = [
            (r, c)
            for r in range(zoom_dim)
            for c in range(zoom_dim)
            if pair_of_row[r] == pair_of_row[c]
        ]
        for text, cell in zip(self.zoom_texts, cells + [None] * len(self.zoom_texts), strict=False):
            text.setVisible(cell is not None)
            if cell is not None:
                r, c = cell
                text.setText(fmt(zoom[r, c], 3))
                text.setColor(self.zoom_image.text_colour(float(zoom[r, c])))
                text.setPos(c + 0.5, r + 0.5)
        self._zoom_cells = zoom_dim
        self._fit_zoom_numbers()
        self._sync_block()

    def _sync_titles(self) -> None:
        """The zoom's title; alone (compact), it says what R(k) it leaves out."""
        s = self._state
        pairs = min(ZOOM_PAIRS, s.n_pairs)
        if self._compact:
            title = tr("rotation.zoom_only", k=s.k, n=pairs, pairs=s.n_pairs)
        else:
            title = tr("rotation.zoom", n=pairs)
        set_title(self.zoom_plot, title, s)

    def _sync_block(self) -> None:
        s = self._state
        pair = s.selected_pair
        # The pair's four entries: one 2 x 2 block when interleaved, four cells on the two
        # bands when split (only those inside the leading block shown).
        shown = s.rotation_matrix().shape[0]
        at = [column_of(2 * pair + part, s.d_model, s.layout) for part in (0, 1)]
        outline = QPainterPath()
        for row in at:
            for column in at:
                if row < shown and column < shown:
                    outline.addRect(QRectF(column, row, 1, 1))
        self.block_box.setPath(outline.simplified())
        phi = float(s.pair_angles()[pair])
        omega = float(s.omega()[pair])
        cell = "<td align='right' style='padding: 2px 10px'>{}</td>"
        rows = "".join(
            "<tr>" + "".join(cell.format(fmt(v, 6)) for v in row) + "</tr>"
            for row in pair_rotation(phi)
        )
        self.block_label.setText(
            tr(
                "rotation.block",
                color=self._theme.select.name(),
                pair=pair,
                a=at[0],
                b=at[1],
            )
            + f"<table style='margin: 4px 0'>{rows}</table>"
            + tr(
                "rotation.phi",
                pair=pair,
                k=fmt(s.k, 0),
                omega=fmt_factor(omega, s.k),
                phi=fmt_angle(phi).removesuffix(" rad"),
                degrees=fmt(math.degrees(phi), 4),
                base=said_base(s.base),
                two_i=2 * pair,
                d_model=s.d_model,
            )
        )
        self.vector_title.setText(tr("rotation.vectors", pair=pair))
        self._fit_block_panel()
        self._sync_vectors()

    def _sync_columns(self) -> None:
        """The strips' columns at the width they have now: where dimensions outnumber the
        pixels two to one, each pixel column is their mean (drawn one in several, the
        alternating sin and cos columns made red and white blocks that are not there)."""
        self.columns.update()
        self.vector_plot.setLabel("bottom", tr("rotation.dimension") + self.columns.note())
        self._sync_vectors()

    @lazy
    def _sync_vectors(self) -> None:
        s = self._state
        pe, turned, target = s.pe(s.pos), s.rotated(), s.pe(s.pos + s.k)
        strips = np.stack([pe, turned, target])[:, s.column_order()]
        self.vector_image.display(strips, QRectF(0, 0, s.d_model, 3), group=self.columns.group)
        error = s.rotation_error()
        pair = s.selected_pair
        sl = slice(2 * pair, 2 * pair + 2)
        width = max(len(name) for name in VECTOR_ROWS)
        self.vector_values.setText(
            "\n".join(
                f"{name.ljust(width)}  ({fmt(v[sl][0], 6):>9}, {fmt(v[sl][1], 6):>9})"
                for name, v in zip(VECTOR_ROWS, (pe, turned, target), strict=True)
            )
        )
        note = precision_note(max(s.pos, s.pos + s.k), s.d_model, s.base)
        self.vector_error.setText(tr("rotation.error", error=f"{error:.2e}") + note)

    def _sync_fonts(self) -> None:
        scale = self._state.font_scale
        self.colorbar.setLabel("left", tr("rotation.scale"))
        for plot in (self.matrix_plot, self.zoom_plot, self.vector_plot, self.colorbar):
            style_plot(plot, self._state)
        # Three readable strips and their row names, whatever the type size, over the ticks
        # and a title on two lines (on a 4:3 stage one squeezed the strips' names together).
        metrics = QFontMetrics(scaled_font(scale, 0.9))
        line = metrics.lineSpacing()
        strips = 3 * 1.2 * line + 3 * line + 10
        self.vector_plot.setMinimumHeight(strips)
        # Its area too, with the axis title under the strips (else cut off below).
        self.vector_graphics.setMinimumHeight(round(strips + 1.5 * line))
        # pyqtgraph drops tick labels wider than the axis: make room for the longest name.
        name_rows([(self.vector_plot, list(VECTOR_ROWS))], scale)
        for text in self.zoom_texts:
            text.setFont(scaled_font(scale, 0.8))
        self._fit_zoom_numbers()
        for label in (self.caption, self.block_label, self.vector_title, self.vector_error):
            label.setFont(scaled_font(scale))
        mono = scaled_font(scale)
        mono.setFamilies(["DejaVu Sans Mono", "monospace", *mono.families()])
        self.vector_values.setFont(mono)
        self.vector_values.slot.setFixedHeight(QFontMetrics(mono).lineSpacing() * 3 + 4)
        # A fixed width: changing numbers must not re-layout (and shift) the plots.
        for panel in self.text_panels:
            panel.setFixedWidth(round(TEXT_WIDTH * scale))
        self._fit_error_slot()
        self._fit_block_panel()

    def _fit_block_panel(self) -> None:
        """The caption and the block's text keep the height their lines need at the panel's
        width: in a crowded 1280 × 720 window the grid squeezed them and cut the last line."""
        panel = self.text_panels[0]
        width = round(TEXT_WIDTH * self._state.font_scale)  # the panel's fixed width
        labels = (self.caption, self.block_label)
        needed = sum(label.heightForWidth(width) for label in labels)
        column = panel.layout()
        assert column is not None
        panel.setMinimumHeight(needed + column.spacing() * (len(labels) - 1))

    def _fit_error_slot(self) -> None:
        """Room for the error line and, where this table reaches it, the precision note at its
        longest: fixed while pos moves (a step must not re-lay out), but never cutting the
        note off (from about pos 10,000 on it had no room)."""
        s = self._state
        font = scaled_font(s.font_scale)
        widest = tr("rotation.error", error="−0.00e+00") + precision_note(
            s.max_len - 1 + max(s.k, 0), s.d_model, s.base
        )
        width = round(TEXT_WIDTH * s.font_scale)
        metrics = QFontMetrics(font)
        flags = Qt.TextFlag.TextWordWrap
        needed = metrics.boundingRect(0, 0, width, 100_000, flags, widest).height()
        # A line to spare with the note: its numbers change width with the position.
        lines = max(2, -(-needed // metrics.lineSpacing()) + (1 if "\n" in widest else 0))
        self.vector_error.slot.setFixedHeight(metrics.lineSpacing() * lines + 4)

    def _fit_zoom_numbers(self, *_: object) -> None:
        """Show the zoom's numbers when a cell is wider than "−0.841"; the colours remain."""
        if not self._zoom_cells:
            return
        view = self.zoom_plot.getViewBox()
        (x0, x1), _ = view.viewRange()
        cell_pixels = view.width() / max(x1 - x0, 1e-9)
        widest = QFontMetrics(scaled_font(self._state.font_scale, 0.8)).horizontalAdvance("−0.841")
        fits = cell_pixels >= widest + 4
        for text in self.zoom_texts:
            text.setOpacity(1.0 if fits else 0.0)


def blank_zeros(entries: np.ndarray) -> np.ndarray:
    """R(k)'s entries with its exact zeros (every cell outside the 2 x 2 blocks) as NaN, drawn
    as the background: on any map they would otherwise cover the matrix in zero's colour."""
    shown = np.asarray(entries, dtype=np.float32).copy()
    shown[shown == 0] = np.nan
    return shown


def precision_note(largest_pos: int, d_model: int, base: float) -> str:
    """Say how much of the largest rounded angle float64 keeps, once that starts to matter
    (see core.rotation.largest_rounded_angle)."""
    rounded = largest_rounded_angle(largest_pos, d_model, base)
    if rounded is None or rounded[0] < PRECISION_NOTE_FROM:
        return ""
    angle, error = rounded
    digits = max(0, int(-math.log10(error)))
    key = "rotation.precision_lost" if angle >= 1e12 else "rotation.precision"
    return "\n" + tr(key, angle=f"{angle:.3g}", error=f"{error:.1e}", digits=digits)
