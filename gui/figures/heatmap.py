"""The PE table as a live heatmap: positions down, dimensions across."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainterPath, QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem, QToolTip, QVBoxLayout, QWidget

from pe_clock.core.binning import column_group, mean_rows, screen_image
from pe_clock.core.format import fmt, fmt_angle, fmt_base, fmt_factor, said_base
from pe_clock.core.i18n import tr
from pe_clock.core.layout import column_of, pair_of
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import Theme, theme_of
from pe_clock.gui.model.opened_model import drawn_for
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets import axes
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import DivergingImage
from pe_clock.gui.widgets.labels import INTERACTIVE
from pe_clock.gui.widgets.lazy_view import LazyView, lazy
from pe_clock.gui.widgets.plots import (
    add_plot,
    cache_static,
    filled_rect,
    graphics_area,
    marker_line,
    set_title,
    style_marker,
    style_plot,
)
from pe_clock.gui.widgets.stable_label import StableLabel


class Outline(QGraphicsRectItem):
    """A rectangle outline, never filled: a translucent fill over the selected pair's
    columns recoloured the table under it (blue read as purple; at d_model 4, half the
    table). Its pen is cosmetic, so a pair a pixel wide at d_model 8192 is still a line.

    Its bounds hold the pen's pixels: Qt pads a rectangle's bounds by the pen's width in the
    item's units, which for a cosmetic pen over rows a hundredth of a pixel tall is nothing,
    so the outline's old place was never repainted (playing at max_len 2048, the pos row's
    outlines piled up into a white band)."""

    def __init__(self, theme: Theme, color, width: float, dashed: bool = False) -> None:
        super().__init__()
        style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
        pen = theme.pen(color, width, style=style)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setZValue(10)

    def boundingRect(self) -> QRectF:
        pad = self.pen().widthF() / 2 + 1  # pixels
        scene = self.scene()
        views = scene.views() if scene is not None else []
        if not views:
            return super().boundingRect()
        transform = self.deviceTransform(views[0].viewportTransform())
        x, y = abs(transform.m11()) or 1.0, abs(transform.m22()) or 1.0
        return self.rect().adjusted(-pad / x, -pad / y, pad / x, pad / y)


#: Most lines the read-out takes; four while hovering, so the plot never shifts under the mouse.
READOUT_LINES = 5


class HeatmapView(LazyView):
    """Heatmap of PE(pos, dim) with the pos and pos+k rows and the selected pair outlined.

    Hovering a cell reads out its value and formula; clicking a cell sets pos to its row and
    selects its pair.
    """

    def describe(self) -> str:
        """The rows outlined, and the selected pair's two cells in the row of pos."""
        s = self._state
        pair, row = s.selected_pair, s.pe(s.pos)
        sin_col, cos_col = (column_of(2 * pair + c, s.d_model, s.layout) for c in (0, 1))
        cells = tr(
            "speech.heatmap",
            pos=s.pos,
            shifted=s.pos + s.k,
            pair=pair,
            sin_col=sin_col,
            cos_col=cos_col,
            sin=f"{row[2 * pair]:.6f}",
            cos=f"{row[2 * pair + 1]:.6f}",
        )
        return " ".join([cells, super().describe()]).strip()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._theme = theme_of(state)  # fixed for the view: exports build a view per theme
        self._hover: tuple[int, int] | None = None
        self._on_paper = False  # an export: a legend instead of the hints for the mouse
        self._before_click: tuple[int, int] | None = None  # (pos, pair) before the last click
        # What the image shows: ((first, stop, positions per pixel), (the same for columns)).
        self._window: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None

        self.graphics = graphics_area(self._theme)
        self.rows_axis, self.columns_axis = axes.IndexAxis("left"), axes.IndexAxis("bottom")
        self.plot: pg.PlotItem = add_plot(
            self.graphics, self, {"left": self.rows_axis, "bottom": self.columns_axis}, mouse=True
        )
        self.plot.invertY(True)
        self.image = DivergingImage(self._theme)
        self.plot.addItem(self.image)
        self.colorbar = colour_bar(self, self._theme, self.image, self.plot)
        cache_static(self.image, self.colorbar)

        # The selected pair's two columns: side by side when interleaved, half a table apart
        # (its sin and its cos) when split.
        self.pair_box = Outline(self._theme, self._theme.select, 3, dashed=True)
        self.pair_box_cos = Outline(self._theme, self._theme.select, 3, dashed=True)
        self.offset_box = Outline(self._theme, self._theme.offset, 3.0)
        self.pos_box = Outline(self._theme, self._theme.pos, 3.0)
        # Positions past the training length are shaded: the model never saw them.
        self.beyond_shade = filled_rect(QBrush(self._theme.beyond_shade))
        # Zoomed out, the columns of pairs that turn within one pixel row are hatched: their
        # pixel means are not the value of any position.
        # Their sin and cos columns: one band when interleaved, two when split.
        self.unresolved = QGraphicsPathItem()
        self.unresolved.setBrush(QBrush(self._theme.unresolved_hatch, Qt.BrushStyle.BDiagPattern))
        self.unresolved.setPen(QPen(Qt.PenStyle.NoPen))
        self.unresolved.setZValue(6)
        self.train_line = marker_line(self._theme, 0.85, [(0.5, 1.0), (0.5, 1.0)])
        for item in (
            self.beyond_shade,
            self.unresolved,
            self.train_line,
            self.pair_box,
            self.pair_box_cos,
            self.offset_box,
            self.pos_box,
        ):
            self.plot.addItem(item)

        # Its text changes with every step and hover: a fixed-size label in a slot of the layout.
        self.readout = StableLabel(fill=True)
        self.readout.setTextFormat(Qt.TextFormat.RichText)
        self.readout.setWordWrap(True)
        self.readout.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        readout_slot = self.readout.slot
        readout_slot.setProperty(INTERACTIVE, True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(readout_slot)

        scene = self.graphics.scene()
        scene.sigMouseMoved.connect(self._on_scene_mouse_moved)
        scene.sigMouseClicked.connect(self._on_scene_mouse_clicked)
        self._image_key: object = None
        self.plot.getViewBox().sigRangeChanged.connect(self._sync_image)
        self.plot.getViewBox().sigResized.connect(self._sync_image)
        state.observe(["table"], self._sync_table)
        state.observe(["pos", "k"], self._sync_rows)
        state.observe(["selected_pair"], self._sync_pair)
        state.observe(["font_scale"], self._sync_fonts)
        state.observe(["train_len"], self._sync_training)
        state.observe(["model"], lambda *_: self._sync_title())
        state.observe(["presenting"], self._show_readout)
        state.observe(["language", "layout"], self._sync)
        self._sync_table()
        self._sync()

    def _sync(self) -> None:
        self.plot.setLabel("bottom", tr(f"heatmap.x_{self._state.layout}"))
        self.plot.setLabel("left", tr("heatmap.y"))
        self.colorbar.setLabel("left", tr("heatmap.value"))
        self._sync_title()
        self._sync_training()
        self._show_readout()
        self._sync_fonts()

    def _sync_title(self) -> None:
        s = self._state
        set_title(
            self.plot,
            tr("heatmap.title", d_model=s.d_model, base=said_base(s.base))
            + drawn_for(s, "heatmap"),
            s,
        )

    def _sync_training(self) -> None:
        s = self._state
        beyond = s.train_len < s.max_len
        self.beyond_shade.setVisible(beyond)
        self.train_line.setVisible(beyond)
        self.beyond_shade.setRect(QRectF(0, s.train_len, s.d_model, s.max_len - s.train_len))
        self.train_line.setValue(s.train_len)
        self.train_line.label.setFormat(tr("heatmap.trained", n=f"{s.train_len:,}"))
        style_marker(self.train_line, s)

    def _sync_table(self) -> None:
        """A new table: new limits, the whole table in view, redrawn."""
        s = self._state
        self._hover = None  # the cell under the mouse may not exist in the new table
        self._sync_title()
        view = self.plot.getViewBox()
        view.setLimits(
            xMin=0,
            xMax=s.d_model,
            yMin=0,
            yMax=s.max_len,
            minXRange=min(s.d_model, 2),
            minYRange=min(s.max_len, 2),
        )
        self.columns_axis.set_cells(s.d_model)
        self.rows_axis.set_cells(s.max_len)
        self._image_key = None
        self.show_whole_table()
        self._sync_image()
        self._sync_rows()
        self._sync_pair()
        self._sync_training()

    def show_whole_table(self) -> None:
        s = self._state
        self.plot.getViewBox().setRange(xRange=(0, s.d_model), yRange=(0, s.max_len), padding=0)

    def pixel_window(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """What is on screen: (start, stop, positions per pixel row) and the same for columns.

        Starts are aligned to whole pixels so that panning keeps each pixel's content. Columns
        are grouped once there are more of them than pixels (see `core.binning`).
        """
        s = self._state
        view = self.plot.getViewBox()
        (x0, x1), (y0, y1) = view.viewRange()
        ratio = self.devicePixelRatioF()
        height = max(1, round(view.height() * ratio))
        width = max(1, round(view.width() * ratio))
        r0 = min(max(0, math.floor(y0)), s.max_len - 1)
        r1 = max(min(s.max_len, math.ceil(y1)), r0 + 1)
        c0 = min(max(0, math.floor(x0)), s.d_model - 1)
        c1 = max(min(s.d_model, math.ceil(x1)), c0 + 1)
        step = max(1, math.ceil((r1 - r0) / height))
        group = column_group(c1 - c0, width)
        return ((r0 // step) * step, r1, step), ((c0 // group) * group, c1, group)

    def _sync_image(self, *_: object) -> None:
        """Compute the visible part of the table at screen resolution (exact pixel means)."""
        s = self._state
        rows, columns = self.pixel_window()
        key = (rows, columns, s.d_model, s.base, s.layout)
        if key == self._image_key:
            return
        self._image_key = key
        image = screen_image(rows, columns, s.d_model, s.base, s.layout)
        # A short last block overhangs by less than one pixel.
        self.image.display(
            image,
            QRectF(columns[0], rows[0], image.shape[1] * columns[2], image.shape[0] * rows[2]),
        )
        self._window = (rows, columns)
        fast = s.pairs_turning_within(rows[2])
        bands = QPainterPath()
        if s.layout == "split":
            for first in (0, s.d_model // 2):  # the sines, then the cosines
                bands.addRect(QRectF(first, 0, fast, s.max_len))
        else:
            bands.addRect(QRectF(0, 0, 2 * fast, s.max_len))
        self.unresolved.setPath(bands)
        self.unresolved.setVisible(fast > 0)
        self._show_readout()

    @lazy
    def _sync_rows(self) -> None:
        s = self._state
        width = s.d_model
        self.pos_box.setRect(QRectF(0, s.pos, width, 1))
        target = s.pos + s.k
        self.offset_box.setVisible(0 <= target < s.max_len)
        self.offset_box.setRect(QRectF(0, target, width, 1))

    def _sync_pair(self) -> None:
        s = self._state
        pair = s.selected_pair
        split = s.layout == "split"
        sine = column_of(2 * pair, s.d_model, s.layout)
        self.pair_box.setRect(QRectF(sine, 0, 1 if split else 2, s.max_len))
        self.pair_box_cos.setVisible(split)
        self.pair_box_cos.setRect(
            QRectF(column_of(2 * pair + 1, s.d_model, s.layout), 0, 1, s.max_len)
        )

    def _sync_fonts(self) -> None:
        scale = self._state.font_scale
        for plot in (self.plot, self.colorbar):
            style_plot(plot, self._state)
        self.readout.setFont(scaled_font(scale))
        self._fit_readout()

    def _fit_readout(self) -> None:
        """Room for four lines, so hovering never resizes (and shifts) the plot; up to
        READOUT_LINES when the text shown without a hover needs them (zoomed out over many
        positions, in Korean, it was cut off mid-sentence). That text changes with the zoom,
        never with a step."""
        lines = min(max(4, self.readout.lines()), READOUT_LINES)
        self.readout.slot.setFixedHeight(lines * self.readout.fontMetrics().lineSpacing() + 6)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width() and self._hover is None:
            self._show_readout()  # at another width another text may fit (see _fit_readout)

    # --- mouse -------------------------------------------------------------------------------
    def cell_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """(position, dimension) under a scene point, or None outside the table."""
        if not self.plot.sceneBoundingRect().contains(scene_pos):
            return None
        point = self.plot.getViewBox().mapSceneToView(scene_pos)
        pos, dim = int(point.y()), int(point.x())
        if 0 <= point.y() < self._state.max_len and 0 <= point.x() < self._state.d_model:
            return pos, dim
        return None

    def readout_at(self, point: QPoint) -> str:
        """The cell under point: its formula with numbers in, and the pixel's mean where a
        pixel holds several cells (what the hover read-out says)."""
        viewport = self.graphics.viewport()
        cell = self.cell_at(self.graphics.mapToScene(viewport.mapFrom(self, point)))
        if cell is None:
            return ""
        return self._cell_text(*cell)

    def _on_scene_mouse_moved(self, scene_pos: QPointF) -> None:
        self._hover = self.cell_at(scene_pos)
        self._show_readout()
        if self._hover is not None:
            QToolTip.showText(
                self.graphics.mapToGlobal(self.graphics.mapFromScene(scene_pos)),
                self.readout.text(),
                self.graphics,
            )

    def _on_scene_mouse_clicked(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if event.double():
            # The first click of the double-click moved pos: put it back, then zoom out.
            if self._before_click is not None:
                pos, pair = self._before_click
                self._state.request(pos=pos, selected_pair=pair)
            self._before_click = None
            self.show_whole_table()
            return
        cell = self.cell_at(event.scenePos())
        if cell is not None:
            self._before_click = (self._state.pos, self._state.selected_pair)
            pos, dim = cell
            s = self._state
            s.request(pos=pos, selected_pair=pair_of(dim, s.d_model, s.layout)[0])

    def prepare_export(self) -> None:
        """On a slide the outlines need a legend, and the hints for the mouse do not apply."""
        self._on_paper = True
        self._hover = None
        self._show_readout()
        self.readout.slot.show()

    def _show_readout(self) -> None:
        if self._hover is None:
            # No numbers that move with pos: a rich text laid out anew every step is slow.
            binned = ""
            if self._window is not None and self._window[0][2] > 1:  # positions per pixel row
                (first, stop, step), _ = self._window
                last_rows = (stop - first) % step or step
                last = "" if last_rows == step else tr("heatmap.mean_last", rows=f"{last_rows:,}")
                binned = tr("heatmap.mean", rows=f"{step:,}", last=last)
                fast = self._state.pairs_turning_within(step)
                if fast:
                    binned += tr("heatmap.unresolved", last=fast - 1, rows=f"{step:,}")
            columns, why = self._columns_note()
            t = self._theme
            legend = tr("heatmap.legend", pos=t.pos.name(), offset=t.offset.name(),
                        select=t.select.name())  # fmt: skip
            # What gives way where room is short: the zoom's hint, why a mean's colour can be
            # no column's, the mouse's hint, and last what a pixel column holds.
            texts = [legend + binned + columns + why, legend + binned + columns, legend + binned]
            if not (self._on_paper or self._state.presenting):
                hint = legend + tr("heatmap.hint") + binned + columns
                texts[:0] = [hint + why + tr("heatmap.zoom"), hint + why, hint]
            for text in texts:
                self.readout.setText(text)
                if self.readout.lines() <= READOUT_LINES:
                    break
            self._fit_readout()
            return
        self.readout.setText(self._cell_text(*self._hover))

    def _columns_note(self) -> tuple[str, str]:
        """Said on the figure, not only under the mouse, while pixel columns are means: how
        many dimensions each covers, and why its colour can be none of theirs (at d_model
        8192, interleaved, sin ≈ 0 and cos ≈ 1 average to a pink of about 0.5)."""
        if self._window is None:
            return "", ""
        _, (first, stop, group) = self._window
        if group == 1:
            return "", ""
        rest = (stop - first) % group
        last = tr("heatmap.mean_cols_last", n=rest) if rest else ""
        note = tr("heatmap.mean_cols", n=f"{group:,}", last=last)
        mixed = self._state.layout == "interleaved"
        return note, tr("heatmap.mean_mixed" if mixed else "heatmap.mean_neighbours")

    def _cell_text(self, pos: int, dim: int) -> str:
        """What the read-out says of the cell (pos, dim): its formula, its pixel's mean."""
        return cell_formula(self._state, pos, dim) + self._pixel_text(pos, dim)

    def _pixel_text(self, pos: int, dim: int) -> str:
        """Zoomed out, the pixel of the cell (pos, dim) is a mean: which positions (and
        dimensions) it covers, and the value it shows."""
        if self._window is None or self.image.image is None:
            return ""
        (r0, r1, step), (c0, c1, group) = self._window
        if (step == 1 and group == 1) or not (r0 <= pos < r1 and c0 <= dim < c1):
            return ""
        row, col = (pos - r0) // step, (dim - c0) // group
        first, last = r0 + row * step, min(r1, r0 + (row + 1) * step) - 1
        d0, d1 = c0 + col * group, min(c1, c0 + (col + 1) * group) - 1
        if first == last and d0 == d1:
            return ""  # one cell (the last of a short last block): the formula says it all
        # The mean in float64 (the image holds it as float32: its sixth decimal could be off).
        s = self._state
        means = mean_rows(first, last + 1, last - first + 1, s.d_model, s.base)[0]
        value = float(means[s.column_order()[d0 : d1 + 1]].mean())
        if first == last:  # one position: not "positions 28…28 (1 position)"
            return tr("heatmap.pixel_one", pos=f"{first:,}", first=d0, last=d1, value=fmt(value, 6))
        dims = tr("heatmap.pixel_dims", first=d0, last=d1) if d1 > d0 else ""
        return tr(
            "heatmap.pixel",
            first=f"{first:,}",
            last=f"{last:,}",
            n=f"{last - first + 1:,}",
            dims=dims,
            value=fmt(value, 6),
        )


def cell_formula(state: AppState, pos: int, dim: int) -> str:
    """The read-out for one cell (dim: a column of the current layout): where it is, its
    value, and the formula with numbers in."""
    pair, cosine = pair_of(dim, state.d_model, state.layout)
    func = "cos" if cosine else "sin"
    omega = state.omega()[pair]
    value = state.pe(pos)[2 * pair + cosine]
    # In the split layout column dim holds the paper's dimension 2·pair + 1 (cos) or 2·pair.
    where = "heatmap.cell" if state.layout == "interleaved" else "heatmap.cell_split"
    return tr(where, pos=pos, dim=dim, pair=pair, func=func) + (
        f"PE({pos}, {2 * pair + cosine}) = {func}({pos} / {fmt_base(state.base)}<sup>{2 * pair}/"
        f"{state.d_model}</sup>) = {func}({pos} × {fmt_factor(omega, pos)}) = "
        f"{func}({fmt_angle(pos * omega)}) = <b>{fmt(value, 6)}</b>"
    )
