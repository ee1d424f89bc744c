"""Real pe-clock processes for the tests, synchronised on what each test waits for, and
scripts run on virtual screens (`on_screens`).

A fixed sleep before a signal raced a loaded machine: the window had not started, or the
export had not yet put its handlers in place. Here a test waits until the process says so:
the window prints a line from its event loop's first turn (the start-up script below wraps
the application PE Clock creates, and runs the command line exactly as main.py does), and a
process that is still starting is signalled once the kernel shows its start-up handler.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNING = "pe-clock test: the event loop runs"

#: pe-clock's command line, its QApplication announcing the event loop's first turn (with
#: PE_CLOCK_TEST_SIGNAL set, the window sends itself that signal as it is shown instead: after
#: its handlers are in place, before the event loop runs).
STARTED = textwrap.dedent(
    f"""
    import os, sys
    from pe_clock.cli import run  # first, as in main.py: the start-up handlers
    from PySide6.QtCore import QTimer
    import pe_clock.gui.platform.app as app_module
    from pe_clock.gui.window.main_window import MainWindow

    created = app_module.create_application

    def announced():
        app = created()
        QTimer.singleShot(0, lambda: print({RUNNING!r}, flush=True))
        return app

    app_module.create_application = announced
    early = os.environ.get("PE_CLOCK_TEST_SIGNAL")
    if early:
        shown = MainWindow.show

        def show_then_signal(self):
            shown(self)
            os.kill(os.getpid(), int(early))

        MainWindow.show = show_then_signal
    sys.argv[0] = "pe-clock"
    run()
    """
)


def command(*args: str | bytes, cwd: Path, env: dict[str, str] | None = None, **kwargs):
    """pe-clock's command line as a real process (main.py), its output piped as text."""
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": "", **(env or {})},
        **kwargs,
    )


def start(*args: str | bytes, cwd: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    """pe-clock with args (the window unless a command is given), through STARTED."""
    return subprocess.Popen(
        [sys.executable, "-c", STARTED, *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": "", **(env or {})},
    )


def wait_until_running(process: subprocess.Popen, timeout: float = 120) -> None:
    """Until the window's event loop runs (its handlers are in place): fails if the process
    ends or stays silent for timeout seconds."""
    running = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == RUNNING:
                running.set()
                return

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + timeout
    while not running.wait(0.05):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            _, stderr = process.communicate()
            raise AssertionError(f"the window never ran its event loop: {stderr}")


def wait_until_catching(process: subprocess.Popen, signum: int = signal.SIGTERM) -> None:
    """Until the process has a handler for signum (Linux: its status in /proc), so that a
    signal sent now meets PE Clock's start-up handler, not the interpreter's default."""
    status = Path(f"/proc/{process.pid}/status")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            lines = status.read_text().splitlines()
        except OSError:
            break  # ended meanwhile
        fields = dict(line.split(":\t", 1) for line in lines if ":\t" in line)
        if int(fields["SigCgt"], 16) >> (signum - 1) & 1:
            return
        time.sleep(0.005)
    raise AssertionError(f"the process never caught signal {signum}: {process.poll()}")


def on_screens(
    script: str, *args: str, screens: list[tuple[str, int, int]], folder: Path, timeout: float = 600
) -> object:
    """Run a Python script on Qt's offscreen platform with these virtual screens (name,
    width, height; side by side from the left, at 96 dpi) and return the JSON of its last
    line; fails with its stderr if it does not end with 0."""
    left, described = 0, []
    for name, width, height in screens:
        described.append({"name": name, "x": left, "y": 0, "width": width, "height": height,
                          "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})  # fmt: skip
        left += width
    config = folder / "screens.json"
    config.write_text(json.dumps({"screens": described}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": ""}
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])
