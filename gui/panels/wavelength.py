"""The wavelength ruler: positions per turn of every pair on a log axis, against max_len."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets import axes
from pe_clock.gui.widgets.labels import rich_label
from pe_clock.gui.widgets.plots import (
    add_plot,
    marker_line,
    set_title,
    style_legend,
    style_marker,
    style_plot,
)


class WavelengthView(Panel):
    """Each pair's wavelength 2π·base^(2i/d_model); pairs that never finish a turn are hollow."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.summary = rich_label()
        self.plot = add_plot(self.graphics, self, {"left": axes.PlainLogAxis("left")})
        self.plot.setLogMode(x=False, y=True)
        self.legend = self.plot.addLegend(offset=(10, 10), labelTextColor=self._theme.text)
        self.finishing = pg.ScatterPlotItem(
            size=self._theme.size(7), pen=None, brush=pg.mkBrush(self._theme.hands[1])
        )
        self.never = pg.ScatterPlotItem(
            size=self._theme.size(7),
            pen=self._theme.pen(self._theme.select, 1.5),
            brush=pg.mkBrush(None),
        )
        self.max_len_line = marker_line(self._theme, 0.1, [(0, 1), (0, 1)])
        for item in (self.finishing, self.never, self.max_len_line):
            self.plot.addItem(item)
        self.arrange(below=[self.summary], result=False)  # the summary stays on a slide
        state.observe(["table", "language", "font_scale"], self._request_sync)
        self._request_sync()

    def _sync(self) -> None:
        s = self._state
        waves = s.wavelengths()
        pairs = np.arange(waves.size)
        done = s.completes_turn()
        # In log mode pyqtgraph plots log10 of the data it is given.
        self.finishing.setData(pairs[done], np.log10(waves[done]))
        self.never.setData(pairs[~done], np.log10(waves[~done]))
        # The rule above: a hand finishes a turn when its wavelength is at most the max_len - 1
        # steps from position 0 to the last; the line is drawn there.
        last = s.max_len - 1
        self.max_len_line.setValue(np.log10(max(last, 1)))
        self.max_len_line.setVisible(last >= 1)  # 0 steps has no place on a log axis
        self.max_len_line.label.setFormat(tr("wave.max_len", last=f"{last:,}"))
        style_legend(self.legend, s)
        style_marker(self.max_len_line, s)
        self.legend.clear()
        self.legend.addItem(self.finishing, tr("wave.finish", last=f"{last:,}"))
        self.legend.addItem(self.never, tr("wave.never", last=f"{last:,}"))
        self.summary.setText(
            tr(
                "wave.summary",
                done=int(done.sum()),
                total=waves.size,
                last=f"{last:,}",
                never=int((~done).sum()),
            )
        )
        longest = f"{waves[-1]:,.0f}" if waves[-1] >= 1e5 else f"{waves[-1]:.6g}"
        self.caption.setText(tr("wave.caption", longest=longest, last=waves.size - 1))
        self.plot.setLabel("bottom", tr("wave.x"))
        self.plot.setLabel("left", tr("wave.y"))
        set_title(self.plot, tr("wave.plot"), s)
        style_plot(self.plot, s)
        for label in (self.caption, self.summary):
            label.setFont(scaled_font(s.font_scale, 1.1))
