"""The command line (pe_clock.cli): refusals in one line, exit statuses, the user's embeddings.
Its rules are checked in this process (`cli_main`); a real process where one is the point: a
full stdout, bytes that are not UTF-8 in argv, the window started with no arguments."""

import errno
import io
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.gui.helpers import cli_main
from tests.gui.processes import start, wait_until_running

ROOT = Path(__file__).resolve().parents[2]


# --- 7. the command line: one line, no traceback ------------------------------------------------
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--out", "x" * 300 + ".png"], "too long"),
        (["--out", "fig.png", "--pos", "-inf"], "pos"),
        (["--out", "fig.png", "--la", "xx"], "--la"),
        (["--out", "fig.png", "--lan", "ko"], "--lan"),
        (["--view", "heatmap", "--embeddings", "e.npy", "--out", "fig.png"], "--embeddings"),
    ],
)
def test_cli_refusals_are_one_line(tmp_path, args, words, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, stderr = cli_main(capsys, "export", *args)
    assert code == 2
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in stderr, stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_reports_a_folder_it_may_not_search(tmp_path, monkeypatch, capsys):
    from pe_clock import cli

    def denied(self):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Path, "is_dir", denied)
    assert cli.main(["export", "--out", str(tmp_path / "locked" / "fig.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Permission denied" in err[0]


@pytest.mark.parametrize(
    ("options", "written"),
    [(["--view", "heatmap", "--out", "fig.png"], "fig.png"),
     (["--deck", "one.toml", "--out", "handout.pdf"], "handout.pdf")],
)  # fmt: skip
def test_cli_on_a_full_stdout_exits_1_with_one_line(tmp_path, options, written):
    (tmp_path / "one.toml").write_text('[[scene]]\nview = "heatmap"\n', encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "export", *options],
            cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": ""},
        )  # fmt: skip
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and written in lines[0] and "Traceback" not in done.stderr
    assert (tmp_path / written).exists()


# --- 12. the command line exports the user's embeddings -------------------------------------
def test_cli_exports_the_users_embeddings(tmp_path, capsys, monkeypatch):
    rows = np.linspace(-2, 2, 2 * 64).reshape(2, 64)
    np.save(tmp_path / "mine.npy", rows)
    monkeypatch.chdir(tmp_path)
    code, stdout, stderr = cli_main(
        capsys, "export", "--view", "embedding", "--d-model", "64", "--embeddings", "mine.npy",
        "--width", "800", "--height", "500", "--out", "emb.png",
    )  # fmt: skip
    assert code == 0, stderr
    assert stdout.strip() == "emb.png"
    code, _, stderr = cli_main(
        capsys, "export", "--view", "embedding", "--embeddings", "mine.npy", "--out", "b.png"
    )
    assert code == 2 and "shape" in stderr and len(stderr.strip().splitlines()) == 1
    assert not (tmp_path / "b.png").exists()


def test_the_window_opens_with_no_arguments_at_all(tmp_path):
    """The README's launch command passes none: an argument scan once failed on an empty list."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    window = start(cwd=tmp_path, env={**env, "QT_QPA_PLATFORM": "offscreen"})
    wait_until_running(window)
    window.send_signal(signal.SIGTERM)
    _, stderr = window.communicate(timeout=30)
    assert window.returncode == 143 and "Traceback" not in stderr, stderr


def test_a_byte_that_is_not_utf8_in_a_window_argument_is_refused_in_one_line(tmp_path):
    """pe-clock --pos $'\\xff' crashed in QApplication (a segmentation fault): a real process,
    given the byte itself."""
    env = {**os.environ, "PYTHONPATH": "", "QT_QPA_PLATFORM": "offscreen",
           "XDG_CONFIG_HOME": str(tmp_path / "config")}  # fmt: skip
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--pos", b"\xff"],
        cwd=tmp_path, env=env, capture_output=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 2, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and b"pos" in out.stderr


@pytest.mark.parametrize("option", ["--pos", "--layout", "--base", "--k", "--d-model"])
def test_every_window_argument_refuses_a_byte_that_is_not_utf8(capsys, option):
    """The byte as Python hands it to the command line (b"\\xff" decoded with surrogateescape),
    refused in one line that names its flag, as the real process above refuses it."""
    code, _, stderr = cli_main(capsys, option, b"\xff".decode("utf-8", "surrogateescape"))
    assert code == 2, stderr
    assert len(stderr.strip().splitlines()) == 1 and option in stderr


def test_a_deck_whose_file_name_is_not_utf8_opens(tmp_path):
    """A Latin-1 file name ("déck.toml" in Latin-1): the window opens the deck, as export does."""
    deck = os.fsencode(tmp_path) + b"/d\xe9ck.toml"
    shutil.copy(ROOT / "resources" / "decks" / "default.toml", deck)
    env = {**os.environ, "PYTHONPATH": "", "QT_QPA_PLATFORM": "offscreen",
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}  # fmt: skip
    window = start(b"--deck", deck, cwd=tmp_path, env=env)
    wait_until_running(window)
    window.send_signal(signal.SIGTERM)
    _, stderr = window.communicate(timeout=30)
    assert window.returncode == 143 and "Traceback" not in stderr, stderr


def test_a_newline_in_a_path_still_gives_one_line(tmp_path, capsys):
    target = tmp_path / "ro\nx.png"
    target.write_bytes(b"old")
    target.chmod(0o444)
    code, _, stderr = cli_main(capsys, "export", "--view", "heatmap", "--out", str(target))
    assert code == 2 and len(stderr.strip().splitlines()) == 1, stderr


# --- 11. messages stay one short line, exit codes as the README says --------------------------
@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--view", "heatmap", "--pos", "9" * 5000], "5,002 characters"),  # was "got inf"
        (["--view", "v" * 100_000], "100,002 characters"),  # was echoed whole
        (["--view", "heatmap", "--out", "t.png/"], "not a folder"),  # wrote the file t.png
        (["--deck", "default", "--out", "/proc/self/"], "not writable"),  # drew 16 pages first
        # said "--fps applies to animations only (.gif, .mp4, …)" of a lecture's .mp4
        (["--deck", "default", "--fps", "5", "--out", "h.mp4"], "--fps cannot go with --deck"),
        (["--view", "clock", "--out", ".png"], "a suffix alone"),  # "must end in .png"
    ],
)
def test_a_refused_export_says_so_in_one_short_line(tmp_path, args, named, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ["--out", "f.png"] if "--out" not in args else []
    code, _, stderr = cli_main(capsys, "export", *out, *args)
    assert code == 2
    (line,) = stderr.strip().splitlines()
    assert named in line and len(line) < 300, line[:300]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_export_says_its_progress_on_a_terminal_and_nothing_when_piped():
    """A handout took 85-107 s on a busy machine with nothing shown."""
    from pe_clock.cli.progress import Progress
    from pe_clock.core import i18n

    now = [0.0]
    terminal = Terminal()
    pages = Progress("pages", terminal, lambda: now[0])
    now[0] = 0.5
    pages(1, 16)  # a quick start says nothing
    assert terminal.getvalue() == ""
    now[0] = 20.0
    pages(2, 16)
    assert terminal.getvalue() == "\rpage 2 of 16 · about 2 min 20 s left"
    now[0] = 21.0
    pages(15, 16)
    line = "page 15 of 16 · about 1 s left"
    assert terminal.getvalue().endswith(
        "\r" + line.ljust(len("page 2 of 16 · about 2 min 20 s left"))
    )
    pages(16, 16)
    pages.end()  # the line erased: the written path follows on a clean line
    assert terminal.getvalue().endswith("\r" + " " * len(line) + "\r")
    korean = Terminal()
    with i18n.speaking("ko"):
        frames = Progress("frames", korean, lambda: now[0])
        now[0] = 200.0
        frames(3, 10)
        frames(9, 10)
        frames.end()  # Hangul takes two columns: all of it erased
    line = "프레임 10개 중 9개 · 약 22초 남음"
    assert korean.getvalue().endswith("\r" + " " * (len(line) + 10) + "\r")
    piped = io.StringIO()
    frames = Progress("frames", piped, lambda: now[0])
    now[0] = 100.0
    frames(3, 10)
    frames.end()
    assert piped.getvalue() == ""


def test_the_windows_own_bad_values_are_refused_in_flags_before_qt_loads():
    """`pe-clock --d-model 7` is refused as `export` refuses it: in the flag's name, before Qt
    (146 MB and a second or two) is loaded."""
    program = """
import json, sys
from pe_clock import cli
codes = [cli.main(["--lang", "en", *argv])
         for argv in (["--d-model", "7"], ["--base", "nan"], ["--pos", "-1"])]
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"))
print(json.dumps([codes, qt]))
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True
    )
    codes, qt = json.loads(done.stdout.splitlines()[-1])
    assert codes == [2, 2, 2] and qt == []
    said = done.stderr.splitlines()
    assert [line.split(" must ")[0] for line in said] == [
        "pe-clock: error: --d-model", "pe-clock: error: --base", "pe-clock: error: --pos",
    ]  # fmt: skip
