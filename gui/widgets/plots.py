"""Plots for teaching: quiet (no menus), styled at the type size, with titles, markers, shades."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QFont, QFontMetricsF, QPen, QTextOption
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsView, QWidget

from pe_clock.gui.look.fonts import BASE_POINT_SIZE, scaled_font
from pe_clock.gui.look.themes import Theme, theme_of
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.axes import Axis, fit_title, row_mates, title_forms
from pe_clock.gui.widgets.backdrop import BackdropArea


@runtime_checkable
class FitsItsType(Protocol):
    """An item that sizes itself to its type once styled (a colour bar's labels, a log ruler)."""

    def fit(self) -> None: ...


def style_plot(plot: pg.PlotItem, state: AppState) -> None:
    """Apply the type size and theme to a plot's axes, tick labels and axis titles."""
    scale, colors = state.font_scale, theme_of(state)
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
    # Items that size themselves to their type (a colour bar, a log ruler), now it is set.
    for item in (plot, plot.getAxis("left"), plot.getAxis("right")):
        if isinstance(item, FitsItsType):
            item.fit()
    if plot.titleLabel.text:
        set_title(plot, getattr(plot.titleLabel, "whole", plot.titleLabel.text), state)


def style_legend(legend: pg.LegendItem, state: AppState) -> None:
    """A legend's labels at the type size (pyqtgraph's stay at 9 points), half a line from
    their samples (at pyqtgraph's 5 pixels a 4K stage's thick sample ran into its label)."""
    points = BASE_POINT_SIZE * 0.9 * state.font_scale
    legend.setLabelTextSize(f"{points:.1f}pt")
    legend.layout.setHorizontalSpacing(round(0.5 * points * 96 / 72 + 2 * state.line_scale))


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
    """A plot title at the current type size (pyqtgraph styles titles through HTML), in the
    longest of its `title_forms` that fits the plot's width (none if none does)."""
    size = f"{BASE_POINT_SIZE * state.font_scale * 1.1:.1f}pt"
    color = theme_of(state).title.name()
    label = plot.titleLabel
    unchanged = getattr(label, "whole", None) == text and label.opts.get("size") == size
    if label.isVisible() and unchanged and label.opts.get("color") == color:
        return  # unchanged: setting it again would repaint the plot
    if not hasattr(label, "whole"):
        label.updateMin = lambda: _title_room(label)
        plot.geometryChanged.connect(lambda: _fit_title(plot))
    label.whole = text
    plot.setTitle(text, size=size, color=color, bold=True)
    _fit_title(plot)


def _fit_title(plot: pg.PlotItem) -> None:
    """The title's longest form that fits the plot's width (pyqtgraph centres it over the
    view box, whatever is beside it), and the row it needs: pyqtgraph keeps 30 pixels for a
    title, and larger type ran into the plot below it and the tick labels above; its own
    height and a little room under it, or a taller title's beside it in the same row of
    plots (so that their view boxes line up: Beyond's sinusoids, linked to the learned
    table's rows, lost positions 0–61 when the learned table's title took two lines)."""
    label = plot.titleLabel
    if not label.isVisible():
        return
    # Centred over the view box: as wide as twice the nearer of the plot's edges.
    middle = plot.vb.geometry().center().x()
    room = 2 * min(middle, plot.geometry().width() - middle)
    if room > 0:  # wrapped, a title takes at most a third of its plot's height
        tallest = plot.geometry().height() / 3
        fit_title(label.item, title_forms(label.whole), label.setText, room, tallest)
    label.resizeEvent(None)  # pyqtgraph centres its text on a resize alone
    font = QFontMetricsF(label.item.font())
    label.natural_height = label.item.boundingRect().height() + 0.15 * font.height()
    mates = [mate for mate in row_mates(plot) if mate.titleLabel.isVisible()] or [plot]
    height = max(getattr(mate.titleLabel, "natural_height", 0.0) for mate in mates)
    for mate in mates:
        mate_label = mate.titleLabel
        if mate_label.maximumHeight() != height:
            mate_label.setMaximumHeight(height)
            mate.layout.setRowFixedHeight(0, height)
            # Asked for inside a layout's pass (a resize), the new row is laid out after it.
            QTimer.singleShot(0, mate, mate.layout.invalidate)


def add_plot(
    graphics: pg.GraphicsLayout | pg.GraphicsLayoutWidget,
    owner: QWidget,
    axes: dict[str, pg.AxisItem] | None = None,
    *,
    mouse: bool = False,
    **place: int,
) -> pg.PlotItem:
    """A quiet plot added to graphics at place (row, col, rowspan, colspan), with these axes
    and PE Clock's `Axis` on its other sides. It is built without what `quiet_plot` would
    take away: no view-box menu, and none of pyqtgraph's four default axes (made, titled and
    linked to the view, then replaced), which cost half of a plot's making."""
    given = axes or {}
    sides = {name: Axis(name) for name in ("left", "bottom", "top", "right")} | given
    plot = graphics.addPlot(enableMenu=False, axisItems=sides, **place)
    for name in ("top", "right"):  # pyqtgraph shows every axis it is given
        if name not in given:
            plot.hideAxis(name)
    return quiet_plot(plot, owner, mouse=mouse)


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
    for entry in plot.axes.values():
        if type(entry["item"]) is pg.AxisItem and not entry["item"].isVisible():
            # Hidden, so no title to prefix: pyqtgraph parsed and laid it out on every range.
            entry["item"].autoSIPrefix = False
    # Axes as cached pixmaps: a step that repaints a figure beside (or under) an axis then
    # copies the axis rather than drawing its ticks and labels again.
    cache_static(*(plot.getAxis(name) for name in ("left", "bottom", "top", "right")))
    plot.getViewBox().setMouseEnabled(mouse, mouse)
    plot.ctrlMenu.setParent(owner, plot.ctrlMenu.windowFlags())
    return plot


def cache_static(*items: QGraphicsItem) -> None:
    """Keep items that change only with the parameters (not with pos) as cached pixmaps.

    Stepping pos then repaints just the hands and outlines. Exports switch the caches off (see
    `uncache`), so SVG and PDF keep every line as a vector.
    """
    for item in items:
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


def graphics_area(theme: Theme) -> BackdropArea:
    """A pyqtgraph layout on the figures' background (which can hold a backdrop)."""
    area = BackdropArea()
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


#: Where along its line a label may go (share of the plot's width), tried left to right.
LABEL_SPOTS = np.linspace(0.02, 0.98, 33)


def clear_spot(line: pg.InfiniteLine, plot: pg.PlotItem) -> None:
    """Move a horizontal line's label (anchored at its lower left, above the line) along the
    line to where it crosses the fewest of the plot's curves, the leftmost of equals: at a
    fixed place, the Extension tab's labels sat on the curves that passed there (at a small
    L0 or a large s every curve starts near the lines)."""
    view = plot.getViewBox()
    (left, right), _ = view.viewRange()
    across, up = view.viewPixelSize()
    box = line.label.boundingRect()
    width, height = box.width() * across, box.height() * up
    span = right - left
    if span <= 0 or width >= span:
        return
    bottom, top = line.value(), line.value() + height
    curves = []
    for item in plot.listDataItems():
        xs, ys = item.getData()  # as drawn: log10 on a log axis
        if item.isVisible() and xs is not None and len(xs) > 1:
            curves.append((np.asarray(xs, float), np.asarray(ys, float)))
    best, fewest = LABEL_SPOTS[0], len(curves) + 1
    room = 1 - width / span  # the label's right end inside the plot
    for spot in LABEL_SPOTS[room >= LABEL_SPOTS]:
        start = left + spot * span
        crossed = sum(_crosses(xs, ys, start, start + width, bottom, top) for xs, ys in curves)
        if crossed < fewest:
            best, fewest = spot, crossed
    line.label.setPosition(best)


def _crosses(
    xs: np.ndarray, ys: np.ndarray, start: float, end: float, bottom: float, top: float
) -> bool:
    """A polyline (xs ascending) passes through the box start…end × bottom…top: its values
    at the box's edges and at its own points inside span the box's height somewhere."""
    inside = (xs > start) & (xs < end)
    edges = np.interp([start, end], xs, ys, left=np.nan, right=np.nan)
    values = np.concatenate([edges, ys[inside]])
    values = values[np.isfinite(values)]
    return bool(values.size) and values.min() <= top and values.max() >= bottom


class PlotNote(pg.TextItem):
    """A note inside a plot, centred on its position and wrapped to the plot's width: a note
    wider than its plot ("No row from position 512" over a narrow learned table) ran past
    both of its edges."""

    _view: pg.ViewBox | None = None  # pyqtgraph sets the text before __init__ can set this

    def __init__(self, plot: pg.PlotItem, **kwargs: object) -> None:
        super().__init__(anchor=(0.5, 0.5), **kwargs)
        self._view = plot.getViewBox()
        plot.addItem(self)
        self.textItem.document().setDefaultTextOption(QTextOption(Qt.AlignmentFlag.AlignHCenter))
        self._view.sigResized.connect(self._wrap)

    def setText(self, text: str, color: object = None) -> None:
        super().setText(text, color)
        self._wrap()

    def setFont(self, font: QFont) -> None:
        super().setFont(font)
        self._wrap()

    def _wrap(self) -> None:
        if self._view is None:
            return
        room = self._view.width() - 2 * QFontMetricsF(self.textItem.font()).averageCharWidth()
        self.setTextWidth(-1)
        if self.textItem.boundingRect().width() > room:
            self.setTextWidth(max(room, 1.0))


def filled_rect(brush: QBrush, z: float = 5) -> QGraphicsRectItem:
    """A borderless rectangle, e.g. the shade over positions past the training length."""
    item = QGraphicsRectItem()
    item.setBrush(brush)
    item.setPen(QPen(Qt.PenStyle.NoPen))
    item.setZValue(z)
    return item
