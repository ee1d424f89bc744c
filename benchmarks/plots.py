"""What making a plot costs: every view, slide and exported figure makes its plots anew.

    python benchmarks/plots.py

The CPU time (user + system, this process) of making 200 quiet plots in a graphics layout,
two ways in turns, five rounds, the medians per plot:

- `add_plot`: PE Clock's axes on all four sides and no view-box menu from the start;
- pyqtgraph's defaults made first (four axes titled and linked to the view, a view-box menu),
  then quietened by `quiet_plot`, as every plot was made before.

Run by hand, never by CI (the machines are noisy: compare the rows of one run).
"""

from __future__ import annotations

import os
import resource
import statistics

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PLOTS = 200
ROUNDS = 5


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    import pyqtgraph as pg
    from PySide6.QtWidgets import QApplication, QWidget

    from pe_clock.gui.widgets.plots import add_plot, quiet_plot

    app = QApplication.instance() or QApplication([])
    owner = QWidget()
    ways = {
        "add_plot": lambda graphics, row: add_plot(graphics, owner, row=row, col=0),
        "defaults, then quiet_plot": lambda graphics, row: quiet_plot(
            graphics.addPlot(row=row, col=0), owner
        ),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(ROUNDS):
        for name, make in ways.items():
            graphics = pg.GraphicsLayoutWidget()
            start = cpu()
            for row in range(PLOTS):
                make(graphics, row)
            times[name].append((cpu() - start) / PLOTS * 1000)
            graphics.deleteLater()
            app.processEvents()
    for name, each in times.items():
        print(f"{name:28} {statistics.median(each):5.2f} ms of CPU a plot (median of {ROUNDS})")


if __name__ == "__main__":
    main()
