"""What checking a figure costs, before anything is drawn: the figure request, Qt-free.

    python benchmarks/request.py

1. A refused export, as a whole process (`pe-clock export --view rope --head-dim 9999`): the
   CPU time (user + system) and wall time of the child process, over alternating runs with
   a script, a refused script and a figure drawn, the medians. A refusal starts no Qt.
2. In one process: checking one change of a field the way the notebook widget does at every
   slider event (a Picture, no Qt), beside building the window's state (a QObject) for it.

Run by hand, never by CI (the machines are noisy: compare the rows of one run).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PE_CLOCK = [sys.executable, "-m", "pe_clock"]
COMMANDS = {
    "export refused (--head-dim 9999)": ["export", "--view", "rope", "--head-dim", "9999"],
    "code (--view rope)": ["code", "--view", "rope"],
    "code refused (--head-dim 9999)": ["code", "--view", "rope", "--head-dim", "9999"],
    "export drawn (--view rope, 960 x 540)": [
        "export", "--view", "rope", "--width", "960", "--height", "540",
    ],
}  # fmt: skip
RUNS = 5


def child_run(args: list[str], out: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one whole pe-clock process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    argv = [*PE_CLOCK, *args] + (["--out", str(out)] if args[0] == "export" else [])
    subprocess.run(argv, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def processes() -> None:
    print(f"whole processes, median of {RUNS} alternating runs")
    rows: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as folder:
        for args in COMMANDS.values():  # a warm-up each
            child_run(args, Path(folder) / "f.png")
        for _ in range(RUNS):
            for name, args in COMMANDS.items():
                cpu, wall = child_run(args, Path(folder) / "f.png")
                rows[name].append((cpu, wall))
    for name, runs in rows.items():
        cpu = statistics.median(r[0] for r in runs)
        wall = statistics.median(r[1] for r in runs)
        print(f"  {name:40s} {cpu:6.3f} CPU-s  {wall:6.3f} s wall")
    print("  ('--head-dim 9999' is refused before Qt starts: compare its row with the drawn one)")


def cpu_now() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def per_event(repeats: int = 2000) -> None:
    from pe_clock.gui.model.picture import PARAMETERS, Picture
    from pe_clock.gui.model.request import checked_picture
    from pe_clock.gui.model.state import AppState

    values = {name: getattr(Picture(), name) for name in PARAMETERS}

    def with_picture(pos: int) -> None:
        checked_picture(values).set(pos=pos)

    def with_state(pos: int) -> None:
        state = AppState()
        state.set(**values)
        state.set(pos=pos)

    print(f"checking one slider event, CPU per event over {repeats}")
    for name, check in (("a Picture (no Qt)", with_picture), ("an AppState", with_state)):
        start = cpu_now()
        for i in range(repeats):
            check(i % 50)
        print(f"  {name:20s} {(cpu_now() - start) / repeats * 1000:.3f} ms")


if __name__ == "__main__":
    processes()
    per_event()
