"""The colour bar of an image plot, labelled at five fixed values."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
)
from PySide6.QtWidgets import (
    QWidget,
)

from pe_clock.gui.look.colour_maps import lookup_table
from pe_clock.gui.look.themes import Theme
from pe_clock.gui.widgets.axes import Axis
from pe_clock.gui.widgets.image import DivergingImage
from pe_clock.gui.widgets.plots import cache_static, quiet_plot


class ColourBar(pg.ColorBarItem):
    """A colour bar labelled at five fixed values, its ends and middle included (three, or its
    ends alone, on a bar too short for five apart), its axis as wide as its widest label:
    pyqtgraph's axis is 45 pixels wide and drops any label wider (with large type, −0.5 and
    −1 went, leaving the negative half bare)."""

    _labels: tuple[str, ...] = ()
    _shown = 5  # how many of the labels the bar's height holds apart

    def setLevels(self, *args: Any, **kwargs: Any) -> None:
        super().setLevels(*args, **kwargs)
        low, high = self.levels()
        self._labels = tuple(f"{v:.3g}".replace("-", "−") for v in np.linspace(low, high, 5))
        self._set_ticks()
        self.fit()

    def _set_ticks(self) -> None:
        low, high = self.levels()
        every = {5: 1, 3: 2, 2: 4}[self._shown]
        values = np.linspace(low, high, 5)
        self.axis.setTicks([[(values[i], self._labels[i]) for i in range(0, 5, every)]])

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        font = self.axis.style.get("tickFont") or QFont()
        apart = 1.4 * QFontMetrics(font).height()
        height = self.axis.size().height()
        shown = next((n for n in (5, 3) if (n - 1) * apart <= height), 2)
        if shown != self._shown:
            self._shown = shown
            self._set_ticks()

    def fit(self) -> None:
        """Make room for the widest label in the axis's type, and above and below the bar
        for half a label: the labels of its ends stand on them, and at the top of a figure
        the top one reached past the view (on a 4K stage its "0" lost its upper half)."""
        font = self.axis.style.get("tickFont") or QFont()
        metrics = QFontMetrics(font)
        widest = max((metrics.horizontalAdvance(t) for t in self._labels), default=0)
        self.axis.setWidth(widest + 14 + self.axis.style["tickTextOffset"][0])
        half = float(-(-metrics.height() // 2))
        left, top, right, bottom = self.layout.getContentsMargins()
        if (top, bottom) != (half, half):
            self.layout.setContentsMargins(left, half, right, half)


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
