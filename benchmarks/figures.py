"""What an exported figure costs: each view made, laid out, painted and encoded as a PNG.

    python benchmarks/figures.py [rounds]

The CPU time (user + system, this process) of exporting each view at 1280 x 720 in memory
(`render.staged` and `render.encode`, as `pe-clock export` does without the file), the median
of its rounds (3 unless given), and the sum over the views. Run it on two trees in turns to
compare them. Run by hand, never by CI (the machines are noisy).
"""

from __future__ import annotations

import os
import resource
import statistics
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    from pe_clock.gui.platform.app import headless_application

    headless_application()
    from pe_clock.gui.export import render
    from pe_clock.gui.model.state import AppState
    from pe_clock.gui.views import VIEW_NAMES

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    state = AppState()
    state.set(pos=20)
    times: dict[str, list[float]] = {view: [] for view in VIEW_NAMES}
    for _ in range(rounds):
        for view in VIEW_NAMES:
            start = cpu()
            with render.staged(view, state, 1280, 720, False, False) as figure:
                render.encode(figure, ".png")
            times[view].append((cpu() - start) * 1000)
    for view, each in times.items():
        print(f"{view:12} {statistics.median(each):6.1f} ms of CPU (median of {rounds})")
    print(f"{'all views':12} {sum(statistics.median(each) for each in times.values()):6.1f} ms")


if __name__ == "__main__":
    main()
