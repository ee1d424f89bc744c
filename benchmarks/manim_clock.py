"""PE Clock's clock video against manim rendering the same animation: the dial grid (256
rims, hands at pos and dashed ghost hands at pos + k, each dial's pair number) and a large
clock with three hands, 120 positions at 30 fps, 1920 x 1080, written as MP4 (H.264).

    python benchmarks/manim_clock.py  # needs manim in the Python given by --manim-python

Each is a whole process, timed by the CPU time it and its children used (user + system,
`resource.RUSAGE_CHILDREN`): `pe-clock export --view clock ... --out clip.mp4` against
`manim render` of the scene below (Cairo, its default renderer), each three times in turn,
the medians compared. manim needs pangocairo to install (Debian: libpango1.0-dev,
libcairo2-dev, pkg-config), so it is not a dependency of this project: give a Python that
has it. Run by hand, never by CI.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

FRAMES, FPS, WIDTH, HEIGHT = 120, 30, 1920, 1080

#: The same picture in manim: the paper's angles, pos 0 … 119 in one linear play.
SCENE = """
import numpy as np
from manim import *

D_MODEL, BASE, K = 512, 10000.0, 1
PAIRS = D_MODEL // 2
OMEGA = BASE ** (-2 * np.arange(PAIRS) / D_MODEL)
COLS = 16


class Clock(Scene):
    def construct(self):
        pos = ValueTracker(0)
        size = 0.16
        centres = [np.array([-6.7 + (i % COLS) * 2.5 * size, 3.6 - (i // COLS) * 2.9 * size, 0])
                   for i in range(PAIRS)]

        def tip(centre, angle, length):
            return centre + length * np.array([np.sin(angle), np.cos(angle), 0])

        rims = VGroup(*[Circle(radius=size, color=GREY, stroke_width=1.5).move_to(c)
                        for c in centres])
        labels = VGroup(*[Text(str(i), font_size=8, color=GREY).move_to(c + [0, -1.3 * size, 0])
                          for i, c in enumerate(centres)])
        hands = VGroup(*[Line(c, tip(c, 0, size), color=WHITE, stroke_width=2) for c in centres])
        ghosts = VGroup(*[DashedLine(c, tip(c, K * w, size), color=GREEN, stroke_width=2)
                          for c, w in zip(centres, OMEGA)])

        def turn(group, offset):
            def update(mob):
                angles = (pos.get_value() + offset) * OMEGA
                for line, c, a in zip(mob, centres, angles):
                    line.put_start_and_end_on(c, tip(c, a, size) + 1e-6)
            return update

        hands.add_updater(turn(hands, 0))
        ghosts.add_updater(turn(ghosts, K))
        big_centre, radius = np.array([3.8, 0.3, 0]), 2.6
        face = Circle(radius=radius, color=WHITE).move_to(big_centre)
        numerals = VGroup(*[Text(t, font_size=28).move_to(big_centre + 0.8 * radius * d)
                            for t, d in (("12", UP), ("3", RIGHT), ("6", DOWN), ("9", LEFT))])
        chosen = (0, PAIRS // 4, PAIRS // 2)
        big = VGroup(*[Line(big_centre, big_centre + [0, radius * l, 0], color=c, stroke_width=w)
                       for l, c, w in ((0.9, RED, 3), (0.76, BLUE, 5), (0.52, WHITE, 7))])

        def turn_big(mob):
            for line, pair, l in zip(mob, chosen, (0.9, 0.76, 0.52)):
                line.put_start_and_end_on(
                    big_centre, tip(big_centre, pos.get_value() * OMEGA[pair], radius * l))

        big.add_updater(turn_big)
        self.add(rims, labels, ghosts, hands, face, numerals, big)
        self.play(pos.animate.set_value(LAST), run_time=SECONDS, rate_func=linear)
"""


def cpu_of(command: list[str], cwd: Path) -> float:
    """Seconds of CPU (user + system) the command and its children used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manim-python", default="/tmp/manim/bin/python")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    try:
        scene = folder / "clock_scene.py"
        scene.write_text(
            SCENE.replace("LAST", str(FRAMES - 1)).replace("SECONDS", str(FRAMES / FPS))
        )
        pe_clock = [str(Path(sys.executable).with_name("pe-clock")), "export", "--view", "clock",
                    "--from", "0", "--to", str(FRAMES - 1), "--fps", str(FPS), "--max-len",
                    "200", "--width", str(WIDTH), "--height", str(HEIGHT),
                    "--out", str(folder / "clip.mp4")]  # fmt: skip
        manim = [args.manim_python, "-m", "manim", "render", "--format", "mp4",
                 "--resolution", f"{WIDTH},{HEIGHT}", "--frame_rate", str(FPS),
                 "--disable_caching", "--media_dir", str(folder / "media"), str(scene),
                 "Clock"]  # fmt: skip
        times: dict[str, list[float]] = {"PE Clock": [], "manim": []}
        for _ in range(args.repeats):
            times["PE Clock"].append(cpu_of(pe_clock, folder))
            times["manim"].append(cpu_of(manim, folder))
        ours, theirs = (statistics.median(times[name]) for name in ("PE Clock", "manim"))
        print(f"{FRAMES} frames, {WIDTH} x {HEIGHT}, {FPS} fps, MP4; whole process CPU, "
              f"median of {args.repeats}")  # fmt: skip
        for name, median in (("PE Clock", ours), ("manim", theirs)):
            print(f"{name:>9}: {median:6.1f} s, {1000 * median / FRAMES:7.1f} ms a frame")
        print(f"   manim takes {theirs / ours:.1f} times PE Clock's CPU")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
