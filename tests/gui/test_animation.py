"""GIF animations (gui.export.animation): streamed frame by frame, memory flat in the frames."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from pe_clock.gui.export import render as export
from pe_clock.gui.export.animation import export_animation

ROOT = Path(__file__).resolve().parents[2]


# --- 4. a GIF streams: memory stays flat whatever the number of frames ----------------------
def peak_rss_of_gif(tmp_path, frames: int) -> float:
    script = (
        "import resource, sys; sys.argv = ['pe-clock', 'export', '--view', 'clock', "
        f"'--max-len', '1000', '--from', '0', '--to', '{frames - 1}', '--width', '1280', "
        f"'--height', '720', '--out', 'a{frames}.gif']; "
        "from pe_clock import cli; code = cli.main(sys.argv[1:]); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024); sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return float(done.stdout.strip().splitlines()[-1])


def test_gif_memory_does_not_grow_with_frames(tmp_path):
    few, many = peak_rss_of_gif(tmp_path, 10), peak_rss_of_gif(tmp_path, 40)
    # Holding every frame would add 30 x 1280 x 720 x 3 bytes = 83 MB for the 30 more.
    assert many - few < 40, (few, many)
    with Image.open(tmp_path / "a40.gif") as gif:
        assert gif.n_frames == 40 and gif.size == (1280, 720)


def test_streamed_gif_matches_its_frames(tmp_path, state):
    path = export_animation(tmp_path / "a.gif", "clock", state, 3, 9, 5, 640, 400)
    with Image.open(path) as gif:
        assert gif.n_frames == 7 and gif.info["loop"] == 0 and gif.info["duration"] == 200
        first = np.asarray(gif.convert("RGB"))
        gif.seek(6)
        last = np.asarray(gif.convert("RGB"))
    assert first.shape == (400, 640, 3) and not np.array_equal(first, last)


def test_a_gif_too_big_for_memory_is_refused_up_front(tmp_path, state, monkeypatch):
    import pe_clock.gui.export.animation as animation

    monkeypatch.setattr(animation, "available_memory", lambda: 200 * 2**20)
    with pytest.raises(export.ExportError, match=r"needs about [\d,]+ MiB .* 200 MiB are free"):
        export_animation(tmp_path / "a.gif", "clock", state, 0, 49, 5, 8192, 8192)
    assert list(tmp_path.iterdir()) == []
