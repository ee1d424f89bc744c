"""Signals to a real process (resources/cli/signals.py, the window's handler): an export keeps
the old file, a window closes and saves, a start ends with its status and one line."""

import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.gui.helpers import parts
from tests.gui.processes import command, start, wait_until_catching, wait_until_running

ROOT = Path(__file__).resolve().parents[2]

#: Each signal with the status it ends with (128 + its number).
INT, TERM, HUP, QUIT = (
    (signum, 128 + signum)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
)

# The window installs one handler for every signal of STOP_SIGNALS, so each window case below
# is tried with Ctrl+C (Python's own KeyboardInterrupt, the one whose path differs) and one of
# SIGTERM and SIGHUP, in turns: every signal still reaches a real window. The export's handler
# is tried with all four (no other case stops an export that is drawing).


# --- 3. Ctrl+C, Ctrl+\, SIGTERM and SIGHUP stop an export cleanly ---------------------------
@pytest.mark.parametrize(("signum", "code"), [INT, TERM, HUP, QUIT])
def test_a_signal_stops_an_export_and_keeps_the_old_file(tmp_path, signum, code):
    target = tmp_path / "anim.gif"
    target.write_bytes(b"GIF89a the old animation;")
    out = command(
        "export", "--view", "window", "--max-len", "400", "--from", "0", "--to", "399",
        "--width", "800", "--height", "450", "--out", str(target), cwd=tmp_path,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not parts(tmp_path):  # the GIF is streaming: frames are being drawn and written
        assert out.poll() is None and time.monotonic() < deadline, out.communicate()
        time.sleep(0.05)
    out.send_signal(signum)
    started = time.monotonic()
    _, stderr = out.communicate(timeout=60)
    assert time.monotonic() - started < 10  # promptly: within a frame or two
    assert out.returncode == code, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0] and "Traceback" not in stderr
    assert target.read_bytes() == b"GIF89a the old animation;"
    assert parts(tmp_path) == []


# --- 9. Ctrl+C, SIGTERM and SIGHUP close the window as its close button does --------------
@pytest.mark.parametrize(("signum", "code"), [INT, TERM])
def test_a_signal_closes_the_window_and_saves(tmp_path, signum, code):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    ini = tmp_path / "config" / "pe-clock" / "pe-clock.ini"
    ini.parent.mkdir(parents=True)
    ini.write_text("[state]\npos=17\n")
    window = start("--lang", "en", cwd=tmp_path, env={**env, "QT_QPA_PLATFORM": "offscreen"})
    wait_until_running(window)  # idle in Qt's event loop (a fixed 3 s raced a loaded machine)
    window.send_signal(signum)
    _, stderr = window.communicate(timeout=30)
    assert window.returncode == code, stderr
    assert "Traceback" not in stderr
    saved = ini.read_text()
    assert "pos=17" in saved and "geometry" in saved  # written by the close, as on a click


@pytest.mark.parametrize(
    ("deck", "signum", "code"),
    [([], *INT), ([], *HUP), (["--deck", "default"], *TERM), (["--deck", "default"], *INT)],
)
def test_a_signal_before_the_event_loop_runs_still_closes_the_window(tmp_path, deck, signum, code):
    """Issue 35, point 3: SIGTERM 2.1-2.5 s after `pe-clock --deck default` started left it
    idle with no window until SIGKILL. The handler ran before app.exec(): it closed the window
    and quit an event loop that was not running yet, which then ran for ever. Here the window
    sends itself the signal as it is shown, after its handlers are in place and before the
    loop runs: it closes as on a click, settings saved, with the signal's status."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "QT_QPA_PLATFORM": "offscreen", "PE_CLOCK_TEST_SIGNAL": str(int(signum))}  # fmt: skip
    window = start("--lang", "en", "--pos", "17", *deck, cwd=tmp_path, env=env)
    try:
        _, stderr = window.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        window.kill()
        pytest.fail(f"still running a minute after {signal.Signals(signum).name}")
    assert window.returncode == code, stderr
    assert "Traceback" not in stderr
    saved = (tmp_path / "config" / "pe-clock" / "pe-clock.ini").read_text()
    assert "pos=" in saved and "geometry" in saved


@pytest.mark.parametrize(("signum", "code"), [INT, HUP])
def test_settings_it_cannot_save_never_keep_a_signalled_window_running(tmp_path, signum, code):
    """Settings that cannot be saved put a modal warning up on close that nobody answered:
    SIGTERM, SIGHUP and Ctrl+C left the window running. The failed save is said on stderr and
    the window ends with the signal's status. (Its folder is one nobody may make, root
    included: inside /proc, where a read-only file would not stop root.)"""
    env = {"XDG_CONFIG_HOME": "/proc/self/pe-clock-test", "XDG_DATA_HOME": str(tmp_path),
           "QT_QPA_PLATFORM": "offscreen"}  # fmt: skip
    window = start("--lang", "en", cwd=tmp_path, env=env)
    wait_until_running(window)
    window.send_signal(signum)
    _, stderr = window.communicate(timeout=30)
    assert window.returncode == code, stderr
    assert "Settings not saved" in stderr and "Traceback" not in stderr


def test_a_signal_once_the_file_is_in_place_changes_nothing(tmp_path):
    """A SIGTERM right after the path was printed ended 17 runs in 30 with 143 and no word
    (Python puts the default action back as it shuts down): the file was complete."""
    for run in range(5):
        out = command("export", "--view", "heatmap", "--width", "640", "--height", "480",
                  "--out", f"f{run}.png", cwd=tmp_path)  # fmt: skip
        assert out.stdout.readline().strip() == f"f{run}.png"
        out.send_signal(signal.SIGTERM)
        _, stderr = out.communicate(timeout=60)
        assert out.returncode == 0, (run, stderr)
        assert (tmp_path / f"f{run}.png").stat().st_size > 0


@pytest.mark.parametrize(("signum", "code"), [TERM, HUP])
def test_a_signal_while_starting_ends_with_its_status_and_one_line(tmp_path, signum, code):
    out = command("export", "--view", "heatmap", "--out", "f.png", cwd=tmp_path)
    wait_until_catching(out)  # past the interpreter's own start, still importing
    out.send_signal(signum)
    _, stderr = out.communicate(timeout=60)
    assert out.returncode == code
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert not (tmp_path / "f.png").exists() and parts(tmp_path) == []


def test_ctrl_c_while_starting_gives_no_traceback(tmp_path):
    out = command("export", "--view", "heatmap", "--out", "f.png", cwd=tmp_path)
    # Still importing: past the interpreter's own start (a signal before it is Python's to
    # report), before the export's handlers exist.
    wait_until_catching(out)
    out.send_signal(signal.SIGINT)
    _, stderr = out.communicate(timeout=60)
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert parts(tmp_path) == []
