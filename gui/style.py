"""Colours, fonts and number formats shared by every view, so the views agree at a glance."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QFontMetricsF,
    QImage,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsView,
    QLabel,
    QWidget,
)

from core.binning import column_group, mean_columns
from core.format import fmt_base
from core.i18n import tr
from gui.axes import Axis, IndexAxis, PlainLogAxis
from gui.export.options import THEME_NAMES
from gui.state import MAX_FONT_SCALE, MAX_LINE_SCALE, MIN_FONT_SCALE, MIN_LINE_SCALE, AppState


@dataclass(frozen=True)
class Theme:
    """The colours of every figure: light for screens and print, dark for projectors."""

    name: str
    background: QColor
    #: Text of labels and captions.
    text: QColor
    #: Tick labels, dial labels, the large clock's 12.
    dim_text: QColor
    title: QColor
    #: Current position (heatmap row outline, clock hands, PE(pos) labels).
    pos: QColor
    #: pos + k (heatmap row outline, ghost hands, PE(pos+k) labels).
    offset: QColor
    #: The selected pair (heatmap columns, highlighted dial, R(k) block).
    select: QColor
    #: The three hands of the large clock: fast, middle, slow.
    hands: tuple[QColor, QColor, QColor]
    #: The curves of the distance panel: current pos, then three fixed positions.
    curves: tuple[QColor, QColor, QColor, QColor]
    dial_rim: QColor
    clock_face: QColor
    #: Background of a clock showing a position beyond the training length.
    beyond_background: QColor
    #: Shade over positions the model never saw in training.
    beyond_shade: QColor
    #: Hatching over columns whose pairs turn within one pixel row (their means are no value).
    unresolved_hatch: QColor
    #: Hatching where a learned table has no vector.
    missing_hatch: QColor
    #: Behind a label drawn over a figure.
    label_fill: QColor
    #: The diverging map for values in [-1, 1] in the window and in print.
    colormap_name: str
    #: A note that warns (the large clock beyond the training length).
    warning: QColor
    #: A fifth curve, unlike the four of `curves` (the context-extension methods).
    fifth: QColor
    #: The diverging map for a projector (the stage): every colour at least 3:1 against the
    #: background (WCAG), zero included, so small values still read from the back row.
    projector_colormap_name: str = "CET-D1"
    #: The sequential map of one-signed data (attention weights, a bias ≤ 0): the part of
    #: viridis whose every colour is at least 2.5:1 against the background.
    sequential_span: tuple[float, float] = (0.0, 1.0)
    #: Line widths and marker sizes are multiplied by this (stage mode draws them thicker).
    line: float = 1.0

    def pen(self, color: object, width: float = 1.0, **options: object) -> QPen:
        """A cosmetic pen of width pixels times the theme's line scale."""
        pen: QPen = pg.mkPen(color, width=width * self.line, **options)
        return pen

    def size(self, pixels: float) -> float:
        """A marker's size in pixels times the theme's line scale."""
        return pixels * self.line


THEMES = {
    "light": Theme(
        "light",
        QColor("#ffffff"),
        QColor("#000000"),
        QColor("#555555"),
        QColor("#333333"),
        QColor("#111111"),
        QColor("#12a150"),
        QColor("#f28e00"),
        (QColor("#d62728"), QColor("#1f4e9c"), QColor("#111111")),
        (QColor("#1f4e9c"), QColor("#d62728"), QColor("#12a150"), QColor("#f28e00")),
        QColor("#b8b8b8"),
        QColor("#444444"),
        QColor("#e4e4e4"),
        QColor(40, 40, 40, 90),
        QColor(30, 30, 30, 150),
        QColor("#9a9a9a"),
        QColor(255, 255, 255, 208),
        "CET-D1",
        QColor("#8a4b00"),
        QColor("#8e44ad"),
        # Blue, grey and red (lightness 30–55): zero reads on white too.
        projector_colormap_name="CET-D8",
        sequential_span=(0.0, 0.7),
    ),
    # High contrast for a projector: white on black, saturated bright hues, and a diverging
    # map through white (blue, white, red), every colour at least 3:1 against the black: zero
    # is not the background, so small values do not vanish into it.
    "dark": Theme(
        "dark",
        QColor("#000000"),
        QColor("#f2f2f2"),
        QColor("#bdbdbd"),
        QColor("#ffffff"),
        QColor("#ffffff"),
        QColor("#3ddc84"),
        QColor("#ffab2e"),
        (QColor("#ff5c5c"), QColor("#6cb4ff"), QColor("#ffffff")),
        (QColor("#6cb4ff"), QColor("#ff5c5c"), QColor("#3ddc84"), QColor("#ffab2e")),
        QColor("#8a8a8a"),
        QColor("#d9d9d9"),
        QColor("#262626"),
        QColor(0, 0, 0, 130),
        QColor(230, 230, 230, 150),
        QColor("#8a8a8a"),
        QColor(0, 0, 0, 208),
        "CET-D1",
        QColor("#ffb85c"),
        QColor("#d29bff"),
        sequential_span=(0.3, 1.0),
    ),
}
assert tuple(THEMES) == THEME_NAMES


#: Body text on stage at a screen height of 1080 pixels (normal type is 13.3 pixels tall).
STAGE_BODY_PX = 28.0


def stage_fields(height: int) -> dict[str, float | bool]:
    """The type size and line width of a stage (or a stage export) that many pixels high:
    body text 28 pixels tall at 1080 and a 2-pixel line 4.2 wide, in proportion elsewhere."""
    scale = STAGE_BODY_PX / (BASE_POINT_SIZE * 96 / 72) * height / 1080
    # A small screen (a 480-line projector) keeps the smallest type and lines the state allows.
    return {
        "font_scale": min(max(scale, MIN_FONT_SCALE), MAX_FONT_SCALE),
        "line_scale": min(max(scale, MIN_LINE_SCALE), MAX_LINE_SCALE),
        "projected": True,
    }


def figure_margin(width: float, height: float) -> int:
    """The margin round a figure (an export or the stage): 1.5% of its shorter side."""
    return round(0.015 * min(width, height))


def theme(state: AppState) -> Theme:
    """The theme a view built for state draws in, its lines scaled by state.line_scale."""
    chosen = THEMES[state.theme]
    if state.projected:
        chosen = replace(chosen, colormap_name=chosen.projector_colormap_name)
    return chosen if state.line_scale == 1.0 else replace(chosen, line=state.line_scale)


BASE_POINT_SIZE = 10.0


#: Widget property marking controls and hints that exported figures leave out.
INTERACTIVE = "peClockInteractive"
#: Widget property marking a view's explanations: shown in the window and in exports, but a
#: slide on stage leaves them to the presenter console and the handout (a stage is a slide).
PROSE = "peClockProse"


def mark_prose(*widgets: QWidget) -> None:
    """widgets explain the figure: a slide shows the figure without them."""
    for widget in widgets:
        widget.setProperty(PROSE, True)


def colormap(theme: Theme) -> pg.ColorMap:
    """The diverging map for values in [-1, 1] (blue, white or black, red)."""
    return pg.colormap.get(theme.colormap_name)


def lookup_table(theme: Theme, sequential: bool = False) -> np.ndarray:
    """The 256 colours of theme's diverging map, or of its sequential one."""
    if sequential:
        start, stop = theme.sequential_span
        return pg.colormap.get("viridis").getLookupTable(start, stop, nPts=256, alpha=False)
    return colormap(theme).getLookupTable(nPts=256, alpha=False)


def scaled_font(scale: float, factor: float = 1.0, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(BASE_POINT_SIZE * scale * factor)
    font.setBold(bold)
    return font


def style_plot(plot: pg.PlotItem, state: AppState) -> None:
    """Apply the type size and theme to a plot's axes, tick labels and axis titles."""
    scale, colors = state.font_scale, theme(state)
    font = scaled_font(scale, 0.9)
    # Room past a vertical axis's ends for half a label: with large type pyqtgraph's 15 pixels
    # cut the end labels (a colour bar's ±1 went).
    overhang = round(QFontMetricsF(font).height() / 2 + 4)
    # A gap between a tick and its number in proportion to the type: at stage sizes the
    # 5 pixels of pyqtgraph made "−13.6" beside its tick read "—13.6".
    height = QFontMetricsF(font).height()
    for name in ("left", "bottom", "top", "right"):
        axis = plot.getAxis(name)
        side = name in ("left", "right")
        gap = max(5, round(height / 3)) if side else max(2, round(height / 6))
        # The title's font first: setStyle then sizes the axis for it.
        axis.label.setFont(scaled_font(scale))
        axis.setStyle(tickFont=font, tickTextOffset=gap)
        if name in ("left", "right"):
            axis.setStyle(hideOverlappingLabels=overhang)
        axis.setTextPen(pg.mkPen(colors.dim_text))
        axis.setPen(colors.pen(colors.dim_text))
    if isinstance(plot, ColourBar):
        plot.fit()
    for name in ("left", "right"):
        axis = plot.getAxis(name)
        if isinstance(axis, PlainLogAxis):
            axis.fit()
    if plot.titleLabel.text:
        set_title(plot, plot.titleLabel.text, state)


def style_legend(legend: pg.LegendItem, state: AppState) -> None:
    """A legend's labels at the type size (pyqtgraph's stay at 9 points)."""
    legend.setLabelTextSize(f"{BASE_POINT_SIZE * 0.9 * state.font_scale:.1f}pt")


def style_marker(line: pg.InfiniteLine, state: AppState) -> None:
    """A marker line's label at the type size."""
    line.label.setFont(scaled_font(state.font_scale, 0.9))


def _title_room(label: pg.LabelItem) -> None:
    """pyqtgraph's LabelItem.updateMin, but asking for no width: a long title must not widen
    its plot past its view (at 1280 pixels the heatmap's title pushed its colour bar out of
    sight). A title wider than its plot reaches over the axes beside it instead."""
    height = label.itemRect().height()
    label.setMinimumWidth(0)
    label.setMinimumHeight(height)
    label._sizeHint = {
        Qt.SizeHint.MinimumSize: (0, height),
        Qt.SizeHint.PreferredSize: (0, height),
        Qt.SizeHint.MaximumSize: (-1, -1),
        Qt.SizeHint.MinimumDescent: (0, 0),
    }
    label.updateGeometry()


def set_title(plot: pg.PlotItem, text: str, state: AppState) -> None:
    """A plot title at the current type size (pyqtgraph styles titles through HTML)."""
    size = f"{BASE_POINT_SIZE * state.font_scale * 1.1:.1f}pt"
    color = theme(state).title.name()
    label = plot.titleLabel
    unchanged = label.text == text and label.opts.get("size") == size
    if label.isVisible() and unchanged and label.opts.get("color") == color:
        return  # unchanged: setting it again would repaint the plot
    label.updateMin = lambda: _title_room(label)
    plot.setTitle(text, size=size, color=color, bold=True)
    # pyqtgraph keeps 30 pixels for a title: larger type ran into the plot below it and the
    # tick labels above. Its own height, and a little room under it.
    height = label.item.boundingRect().height() + 0.15 * QFontMetricsF(label.item.font()).height()
    label.setMaximumHeight(height)
    plot.layout.setRowFixedHeight(0, height)


def parameter_line(state: AppState) -> str:
    """pos, k, d_model, base and max_len in one line: the status bar and export captions."""
    return tr(
        "status.readout",
        pos=state.pos,
        k=state.k,
        d_model=state.d_model,
        base=fmt_base(state.base),
        max_len=f"{state.max_len:,}",
    )


def quiet_plot(plot: pg.PlotItem, owner: QWidget, mouse: bool = False) -> pg.PlotItem:
    """A plot for teaching: no context menus, no auto-range button, pan/zoom only if asked.

    pyqtgraph gives each PlotItem a parentless options menu; parenting it to the owning view
    deletes it with the view instead of leaving a top-level widget behind.
    """
    plot.setMenuEnabled(False)
    plot.hideButtons()
    if not isinstance(plot, pg.ColorBarItem):  # its axes are its own (see colour_bar)
        plain = [name for name, axis in plot.axes.items() if type(axis["item"]) is pg.AxisItem]
        plot.setAxisItems({name: Axis(name) for name in plain if plot.getAxis(name).isVisible()})
    # Axes as cached pixmaps: a step that repaints a figure beside (or under) an axis then
    # copies the axis rather than drawing its ticks and labels again.
    cache_static(*(plot.getAxis(name) for name in ("left", "bottom", "top", "right")))
    plot.getViewBox().setMouseEnabled(mouse, mouse)
    plot.ctrlMenu.setParent(owner, plot.ctrlMenu.windowFlags())
    return plot


class ColumnGroups:
    """How many dimensions share a pixel column of an image plot (`core.binning`), kept for
    `DivergingImage.display`, with a call when a resize changes it."""

    def __init__(
        self, plot: pg.PlotItem, columns: Callable[[], int], changed: Callable[[], object]
    ) -> None:
        self._view = plot.getViewBox()
        self._columns = columns
        self._changed = changed
        self.group = 1
        self._view.sigResized.connect(self._on_resized)

    def update(self) -> int:
        """The group for the columns and the width the plot has now."""
        self.group = column_group(self._columns(), self._pixels())
        return self.group

    def note(self) -> str:
        """What an axis title adds while columns are averaged: "" or " · a pixel column =
        mean of 9 dimensions (last: 2)"."""
        if self.group == 1:
            return ""
        rest = self._columns() % self.group
        last = tr("mean_columns.last", n=rest) if rest else ""
        return tr("mean_columns", n=self.group, last=last)

    def _pixels(self) -> int:
        """Device pixels across the plot; 0 before its first layout (no grouping then)."""
        width = self._view.width()
        views = self._view.scene().views() if self._view.scene() is not None else []
        ratio = views[0].devicePixelRatioF() if views else 1.0
        return round(width * ratio) if width >= 1 else 0

    def _on_resized(self) -> None:
        if column_group(self._columns(), self._pixels()) != self.group:
            self._changed()


class DivergingImage(pg.ImageItem):
    """A row-major image on the diverging map, levels ±1 until set, rendered straight to RGB32.

    pyqtgraph renders a 256-colour map to an indexed image (building its colour table anew
    each time), which QPainter converts on every paint: about seven times slower than drawing
    RGB32 (1 ms against 0.14 ms for a 3 × 512 strip stretched over 1000 × 200 pixels). Images
    that change with pos render and paint every step. The colours are pyqtgraph's: value v
    takes entry ⌊(v − low) · n / (high − low)⌋ of the n-entry table, clipped to the table.

    In exports (`exact_cells`), an image of at most EXACT_CELLS cells is drawn as filled
    rectangles: PDF and SVG viewers smooth a tiny embedded image, so a zero cell between a red
    and a blue one would come out pink or lavender.
    """

    #: Up to this many cells, an export draws one rectangle per run of equal cells.
    EXACT_CELLS = 4096

    def __init__(self, theme: Theme, sequential: bool = False) -> None:
        """sequential: for one-signed data, on the theme's sequential map."""
        super().__init__(axisOrder="row-major")
        self.setLookupTable(lookup_table(theme, sequential))
        self._background = theme.background
        self.setLevels((-1.0, 1.0))
        self._placed: tuple[tuple[int, ...], QRectF] | None = None
        self.exact_cells = False  # set by `uncache` for exports
        self._pixels: np.ndarray | None = None  # RGB32 of the simple render

    def display(
        self,
        data: np.ndarray,
        rect: QRectF,
        levels: tuple[float, float] = (-1.0, 1.0),
        group: int = 1,
    ) -> None:
        """Show data (rows downwards) in rect of the plot's coordinates, its columns as the
        means of `group` at a time: where several share a pixel column (`core.binning`), as
        the heatmap shows them. Drawn one in so many, the alternating sin and cos columns
        would alias into a pattern of their own.

        setRect scales the image the item holds, so it comes after setImage; and only on a
        change, since it tells the plot its bounds changed, which repaints the axes.
        """
        if group > 1:
            columns = data.shape[1]
            data = mean_columns(np.asarray(data, dtype=np.float64), group)
            # A narrower last group overhangs the rect by less than one pixel.
            width = rect.width() * data.shape[1] * group / columns
            rect = QRectF(rect.x(), rect.y(), width, rect.height())
        self.setImage(np.ascontiguousarray(data, dtype=np.float32), autoLevels=False, levels=levels)
        placed = (data.shape, QRectF(rect))
        if placed != self._placed:
            self._placed = placed
            self.setRect(rect)

    def text_colour(self, value: float) -> QColor:
        """Black or white, whichever reads on the colour value takes (a number in its cell)."""
        lut = np.asarray(self.lut)
        low, high = (float(level) for level in self.levels)
        n = lut.shape[0]
        index = min(n - 1, max(0, int((value - low) * n / ((high - low) or 1.0))))
        red, green, blue = (float(c) / 255 for c in lut[index][:3])
        light = 0.2126 * red**2.2 + 0.7152 * green**2.2 + 0.0722 * blue**2.2
        return QColor("#000000") if light > 0.18 else QColor("#ffffff")

    def paint(self, painter: QPainter, *args: object) -> None:
        if self.image is None or not self.exact_cells or self.image.size > self.EXACT_CELLS:
            super().paint(painter, *args)
            return
        if self._renderRequired:
            self.render()
        pixels = self._pixels
        if pixels is None or pixels.shape != self.image.shape:
            super().paint(painter, *args)  # pyqtgraph rendered it (NaN, colour): as an image
            return
        painter.setPen(Qt.PenStyle.NoPen)
        # Each run reaches to the right and bottom edges and the next ones are drawn over it:
        # abutting rectangles leave a pale antialiased seam in viewers, overlapping ones do not.
        rows, columns = pixels.shape
        for row, values in enumerate(pixels.tolist()):
            start = 0
            for column in range(1, columns + 1):
                if column == columns or values[column] != values[start]:
                    # 0: a blank cell, drawn in the background's colour over the runs before
                    colour = QColor.fromRgb(values[start]) if values[start] else self._background
                    painter.fillRect(QRectF(start, row, columns - start, rows - row), colour)
                    start = column

    def render(self) -> None:
        self._pixels = None
        data, lut = self.image, self.lut
        simple = (
            isinstance(data, np.ndarray)
            and data.ndim == 2
            and data.size
            and isinstance(lut, np.ndarray)
            and lut.dtype == np.uint8
        )
        if not simple:  # colour images, callable maps: pyqtgraph's own path
            super().render()
            return
        low, high = (float(level) for level in self.levels)
        n = lut.shape[0]
        blank = np.isnan(data)  # cells left out (R(k)'s exact zeros): the background shows
        index = (np.where(blank, low, data) - low) * (n / ((high - low) or 1.0))
        index = np.clip(index, 0, n - 1, out=index).astype(np.intp)
        table = (
            0xFF000000
            | lut[:, 0].astype(np.uint32) << 16
            | lut[:, 1].astype(np.uint32) << 8
            | lut[:, 2].astype(np.uint32)
        )
        pixels = np.ascontiguousarray(table[index])
        holes = bool(blank.any())
        if holes:
            pixels[blank] = 0
        self._pixels = pixels
        kind = QImage.Format.Format_ARGB32 if holes else QImage.Format.Format_RGB32
        self.qimage = pg.functions.ndarray_to_qimage(pixels, kind)
        self._renderRequired = False
        self._unrenderable = False


def image_plot(
    owner: QWidget,
    graphics: pg.GraphicsLayoutWidget,
    row: int,
    col: int,
    *,
    theme: Theme,
    sequential: bool = False,
    **span: int,
) -> tuple[pg.PlotItem, DivergingImage]:
    """A quiet plot holding one row-major image on the diverging map (or, for one-signed
    data, the sequential one), rows downwards."""
    cells = {name: IndexAxis(name) for name in ("left", "bottom")}
    plot = quiet_plot(graphics.addPlot(row=row, col=col, axisItems=cells, **span), owner)
    plot.invertY(True)
    # Ticks outside the image: over it, they would be repainted with it every step.
    for name in ("left", "bottom"):
        plot.getAxis(name).setStyle(tickLength=5)
    image = DivergingImage(theme, sequential)
    plot.addItem(image)
    return plot, image


class ColourBar(pg.ColorBarItem):
    """A colour bar labelled at five fixed values, its ends and middle included, its axis as
    wide as its widest label: pyqtgraph's axis is 45 pixels wide and drops any label wider
    (with large type, −0.5 and −1 went, leaving the negative half bare)."""

    _labels: tuple[str, ...] = ()

    def setLevels(self, *args: Any, **kwargs: Any) -> None:
        super().setLevels(*args, **kwargs)
        low, high = self.levels()
        ticks = [(v, f"{v:.3g}".replace("-", "−")) for v in np.linspace(low, high, 5)]
        self._labels = tuple(label for _, label in ticks)
        self.axis.setTicks([ticks])
        self.fit()

    def fit(self) -> None:
        """Make room for the widest label in the axis's type."""
        font = self.axis.style.get("tickFont") or QFont()
        widest = max((QFontMetrics(font).horizontalAdvance(t) for t in self._labels), default=0)
        self.axis.setWidth(widest + 14 + self.axis.style["tickTextOffset"][0])


def colour_bar(
    owner: QWidget,
    theme: Theme,
    images: DivergingImage | list[DivergingImage],
    insert_in: pg.PlotItem | None = None,
    sequential: bool = False,
) -> pg.ColorBarItem:
    """The diverging (or sequential) map's scale for images (one bar for all), beside
    insert_in if given. Style it with `style_plot` (a ColorBarItem is a PlotItem)."""
    table = lookup_table(theme, sequential)
    scale = pg.ColorMap(np.linspace(0.0, 1.0, len(table)), table)
    bar = ColourBar(values=(-1.0, 1.0), colorMap=scale, interactive=False)
    quiet_plot(bar, owner)
    # The title's side of the frame: an Axis, so that the title stands clear of the bar.
    title_side = Axis("left")
    bar.setAxisItems({"left": title_side})
    title_side.setTicks([])
    title_side.setStyle(showValues=False)
    cache_static(title_side)
    bar.setImageItem(images, insert_in=insert_in)
    bar.setLevels((-1.0, 1.0))
    return bar


def key_text(entries: list[tuple[QColor | None, str]]) -> str:
    """A key of curves for a label under the plots (inside them a legend covered the curves
    wherever it went): a coloured line and its name per entry, a dashed one for None, never
    broken across lines."""
    parts = []
    for color, name in entries:
        line = "┅┅" if color is None else f"<b style='color:{color.name()}'>━━</b>"
        parts.append(f"<nobr>{line} {name}</nobr>")
    return " · ".join(parts)


def rich_label(selectable: bool = False) -> QLabel:
    """A word-wrapped rich-text label aligned top-left."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def name_rows(rows: list[tuple[pg.PlotItem, list[str]]], scale: float) -> None:
    """Label image rows (row r spans r..r+1) and give every plot's left axis one width.

    pyqtgraph drops tick labels wider than their axis, and plots stacked in a column line up
    only when their left axes are equally wide.
    """

    def widest_in(plot: pg.PlotItem, names: list[str]) -> int:
        # In the font the axis draws with (style_plot's; the type scale's until it has one).
        metrics = QFontMetrics(plot.getAxis("left").style["tickFont"] or scaled_font(scale, 0.9))
        return max((metrics.horizontalAdvance(name) for name in names), default=0)

    widest = max((widest_in(plot, names) for plot, names in rows), default=0)
    # pyqtgraph draws a label only inside its axis, past the ticks and their gap: on stage the
    # ticks are longer (thicker lines) and "R(k)·PE(pos)" fell off a width of widest + 16.
    room = max(
        max(0, plot.getAxis("left").style["tickLength"])
        + plot.getAxis("left").style["tickTextOffset"][0]
        for plot, _ in rows
    )
    width = widest + room + 12
    for plot, names in rows:
        axis = plot.getAxis("left")
        axis.set_cells(len(names), names=names)
        if axis.width() != width:  # only on a change: a new width re-lays out the plot
            axis.setWidth(width)


def cache_static(*items: QGraphicsItem) -> None:
    """Keep items that change only with the parameters (not with pos) as cached pixmaps.

    Stepping pos then repaints just the hands and outlines. Exports switch the caches off (see
    `uncache`), so SVG and PDF keep every line as a vector.
    """
    for item in items:
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


def uncache(widget: QWidget) -> None:
    """Switch off the item caches of every graphics view inside widget (so SVG and PDF keep
    every line as a vector), and draw small images cell by cell."""
    for view in widget.findChildren(QGraphicsView):
        for item in view.scene().items():
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            if isinstance(item, DivergingImage):
                item.exact_cells = True


def graphics_area(theme: Theme) -> pg.GraphicsLayoutWidget:
    """A pyqtgraph layout on the figures' background."""
    area = pg.GraphicsLayoutWidget()
    area.setBackground(theme.background)
    # Figures draw without antialiasing, inside their items' bounds: a step then repaints
    # exactly what changed, not a 2-pixel margin that reaches into the axes beside it.
    area.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
    # One rectangle around all changes: a region of several rectangles clips every drawing
    # to spans, which costs more than redrawing the unchanged pixels between them.
    area.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
    return area


def marker_line(
    theme: Theme, position: float = 0.5, anchors: list | None = None
) -> pg.InfiniteLine:
    """A horizontal dashed line with a label (training length, max_len)."""
    opts = {"position": position, "color": theme.pos, "fill": theme.label_fill}
    if anchors:
        opts["anchors"] = anchors
    return pg.InfiniteLine(
        angle=0,
        movable=False,
        label="",
        labelOpts=opts,
        pen=theme.pen(theme.pos, 2, style=Qt.PenStyle.DashLine),
    )


def filled_rect(brush: QBrush, z: float = 5) -> QGraphicsRectItem:
    """A borderless rectangle, e.g. the shade over positions past the training length."""
    item = QGraphicsRectItem()
    item.setBrush(brush)
    item.setPen(QPen(Qt.PenStyle.NoPen))
    item.setZValue(z)
    return item
