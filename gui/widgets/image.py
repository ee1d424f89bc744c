"""The diverging image item (rendered straight to RGB32) and the plot that holds one."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
)
from PySide6.QtWidgets import (
    QWidget,
)

from pe_clock.core.binning import column_group, mean_columns
from pe_clock.core.i18n import tr
from pe_clock.gui.look.colour_maps import lookup_table
from pe_clock.gui.look.themes import Theme
from pe_clock.gui.widgets.axes import IndexAxis
from pe_clock.gui.widgets.plots import add_plot


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
        # Each run reaches a cell into the next run and the next row, which are drawn over it:
        # abutting rectangles leave a pale antialiased seam in viewers, overlapping ones do not
        # (and a cell's overlap, not one to the image's edges, keeps a page quick to open).
        rows, columns = pixels.shape
        for row, values in enumerate(pixels.tolist()):
            bottom = min(row + 2, rows) - row
            start = 0
            for column in range(1, columns + 1):
                if column == columns or values[column] != values[start]:
                    # 0: a blank cell, drawn in the background's colour over the runs before
                    colour = QColor.fromRgb(values[start]) if values[start] else self._background
                    right = min(column + 1, columns)
                    painter.fillRect(QRectF(start, row, right - start, bottom), colour)
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
    graphics: pg.GraphicsLayout | pg.GraphicsLayoutWidget,
    row: int,
    col: int,
    *,
    theme: Theme,
    sequential: bool = False,
) -> tuple[pg.PlotItem, DivergingImage]:
    """A quiet plot holding one row-major image on the diverging map (or, for one-signed
    data, the sequential one), rows downwards."""
    cells = {name: IndexAxis(name) for name in ("left", "bottom")}
    plot = add_plot(graphics, owner, cells, row=row, col=col)
    plot.invertY(True)
    # Ticks outside the image: over it, they would be repainted with it every step.
    for name in ("left", "bottom"):
        plot.getAxis(name).setStyle(tickLength=5)
    image = DivergingImage(theme, sequential)
    plot.addItem(image)
    return plot, image
