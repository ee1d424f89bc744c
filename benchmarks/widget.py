"""How fast the notebook widget redraws: a control changed, its 960 × 540 figure drawn and
encoded as PNG (what the browser is sent), for the views a student drags most.

    python benchmarks/widget.py            # about a minute on 2 cores
    python benchmarks/widget.py --quick

For each view and control, the median over repetitions of one change with its frame, the
value really changing at every repetition (pos steps through the table, d_model and base
alternate), beside the same frame drawn from nothing by `pe_clock.figure` (a fresh state and
view per frame), measured in alternating blocks in the same run. Then a drag: 30 slider steps
arriving in one burst on the kernel's event loop (a turn of the loop after each, as ipykernel
reads them), and the frames drawn for them.

Run by hand, never by CI (the machines are noisy: compare the two columns, not the numbers
of two runs).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pe_clock
from pe_clock.widget.frames import SETTLE_SECONDS

SIZE = {"width": 960, "height": 540}
VIEWS = ("clock", "heatmap", "rotation")
#: The values each control steps through (pos: every position of a 50-position table).
STEPS: dict[str, list[object]] = {
    "pos": list(range(1, 49)),
    "d_model": [256, 512],
    "base": [500.0, 10000.0],
}


def timed(func: Callable[[], object]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def measure(view: str, control: str, repeats: int) -> tuple[float, float]:
    """(widget ms, fresh figure ms): medians over repeats, in alternating blocks of five."""
    box = pe_clock.explore(view, lang="en", d_model=512)
    explorer = box.explorer
    widget, fresh = [], []
    steps = STEPS[control]
    values = dict(explorer.figure.values)
    for index in range(repeats):
        value = steps[index % len(steps)]
        if index // 5 % 2 == 0:
            widget.append(timed(lambda v=value: setattr(explorer.controls[control], "value", v)))
        else:
            values[control] = value
            shown = {name: values[name] for name in ("pos", "k", "d_model", "base")}
            fresh.append(timed(lambda s=shown: pe_clock.figure(view, lang="en", **SIZE, **s).png()))
    explorer.figure.close()
    return statistics.median(widget) * 1000, statistics.median(fresh) * 1000


def drag(view: str) -> tuple[int, float]:
    """The frames drawn for 30 pos steps queued at once on a running event loop, and the
    milliseconds from the first step to the frame of the last."""
    box = pe_clock.explore(view, lang="en")
    explorer = box.explorer
    before = explorer.frames.drawn

    async def burst() -> None:
        for pos in range(1, 31):
            explorer.controls["pos"].value = pos  # each message as the kernel reads it,
            await asyncio.sleep(0)  # one turn of its loop after each
        await asyncio.sleep(2 * SETTLE_SECONDS)  # the frame scheduled runs

    took = timed(lambda: asyncio.run(burst()))
    drawn = explorer.frames.drawn - before
    explorer.figure.close()
    return drawn, took * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 20 if args.quick else 60
    print(f"{'view':<10}{'control':<10}{'widget ms':>11}{'figure() ms':>13}{'ratio':>8}")
    for view in VIEWS:
        for control in STEPS:
            widget, fresh = measure(view, control, repeats)
            print(f"{view:<10}{control:<10}{widget:>11.0f}{fresh:>13.0f}{fresh / widget:>7.1f}×")
    for view in VIEWS:
        drawn, took = drag(view)
        print(f"drag on {view}: 30 pos steps in one burst, {drawn} frame(s) drawn, {took:.0f} ms")


if __name__ == "__main__":
    main()
