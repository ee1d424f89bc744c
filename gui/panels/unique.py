"""Every position is unique: distinct rows, the smallest distance between rows, the value range."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from pe_clock.core.format import fmt
from pe_clock.core.i18n import tr
from pe_clock.core.similarity import STATS_BUDGET, distance_by_offset
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.labels import mark_prose, rich_label
from pe_clock.gui.widgets.plots import add_plot, set_title, style_plot

#: Offsets drawn in the distance plot (the statistics themselves cover every offset they can).
PLOT_OFFSETS = 4096


class UniqueView(Panel):
    """Live statistics of the table and ‖PE(p) − PE(p + Δ)‖ against Δ."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.stats = rich_label(selectable=True)
        self.plot = add_plot(self.graphics, self)
        self.curve = pg.PlotDataItem(pen=self._theme.pen(self._theme.hands[1], 2))
        self.minimum = pg.ScatterPlotItem(
            size=self._theme.size(12), brush=pg.mkBrush(self._theme.select)
        )
        self.plot.addItem(self.curve)
        self.plot.addItem(self.minimum)
        self.arrange(above=[self.stats], result=False)
        mark_prose(self.stats)
        state.observe(["table", "language", "font_scale"], self._request_sync)
        self._request_sync()

    def _sync(self) -> None:
        s = self._state
        u = s.uniqueness()
        last = u.positions - 1
        if u.distinct is None:  # no number, so no "— distinct rows"
            count = tr(
                "unique.count_unknown",
                last=f"{last:,}",
                decimals=u.decimals,
                verdict=tr("unique.unknown", budget=f"{STATS_BUDGET:,}"),
            )
        else:
            count = tr(
                "unique.count",
                distinct=f"{u.distinct:,}",
                last=f"{last:,}",
                decimals=u.decimals,
                verdict=tr("unique.all" if u.distinct == u.positions else "unique.some"),
            )
        lines = [count]
        if u.positions > 1:
            partial = (
                ""
                if u.offsets_checked == last
                else tr("unique.partial", checked=f"{u.offsets_checked:,}")
            )
            lines.append(
                tr("unique.distance", distance=f"{u.min_distance:.6g}", offset=f"{u.min_offset:,}")
                + partial
            )
        rows = "" if u.values_rows == u.positions else tr("unique.rows", n=f"{u.values_rows:,}")
        lines.append(
            tr(
                "unique.range",
                lo=fmt(u.min_value, 6),
                hi=fmt(u.max_value, 6),
                rows=rows,
                norm=f"{math.sqrt(s.d_model / 2):.4g}",
            )
        )
        # A list, so that a wrapped line starts under the text of its item, not its bullet.
        items = "".join(f"<li>{line}</li>" for line in lines)
        self.stats.setText(f"<ul style='margin-left: 0; -qt-list-indent: 1'>{items}</ul>")
        self.caption.setText(tr("unique.caption"))

        offsets = np.arange(1, max(2, min(u.positions, PLOT_OFFSETS + 1)))
        self.curve.setData(offsets, distance_by_offset(offsets, s.d_model, s.base))
        shown = u.positions > 1 and u.min_offset <= int(offsets[-1])
        self.minimum.setData([u.min_offset] if shown else [], [u.min_distance] if shown else [])
        self.plot.setLabel("bottom", tr("unique.x"))
        self.plot.setLabel("left", tr("unique.y"))
        set_title(self.plot, tr("unique.plot"), s)
        style_plot(self.plot, s)
        self.caption.setFont(scaled_font(s.font_scale, 1.1))
        self.stats.setFont(scaled_font(s.font_scale, 1.2))
