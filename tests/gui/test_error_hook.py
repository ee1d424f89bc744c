"""The error hook (gui.platform.error_hook): an error is logged once with its count, the log
rotates and opens only a regular file."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


# --- 6. a repeating error is counted, and the log rotates -------------------------------------
@pytest.mark.qt_no_exception_capture
def test_a_repeating_error_is_logged_once_with_its_count(window, monkeypatch):
    import io

    from pe_clock.gui.platform import error_hook

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    error_hook.log_path().unlink(missing_ok=True)  # the test folder's log of earlier tests
    for _ in range(500):
        try:
            raise RuntimeError("the same bug")
        except RuntimeError:
            window.error_hook.handle(*sys.exc_info())
    window.error_hook.uninstall()  # writes the count
    log = error_hook.log_path().read_text(encoding="utf-8")
    assert log.count("RuntimeError: the same bug") == 1
    assert "499 more times" in log
    assert len(log) < 5000
    assert sys.stderr.getvalue().count("Traceback") == 1
    window.error_hook.message.close()


def test_the_error_log_rotates(window, monkeypatch):
    import io

    from pe_clock.gui.platform import error_hook

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.setattr(error_hook, "LOG_BYTES", 20_000)
    for old in error_hook.log_path().parent.glob("pe-clock.log*"):
        old.unlink()
    for i in range(400):  # all different: none is a repeat
        try:
            raise ValueError(f"bug {i} " + "x" * 200)
        except ValueError:
            window.error_hook.handle(*sys.exc_info())
    window.error_hook.uninstall()
    logs = sorted(p.name for p in error_hook.log_path().parent.iterdir())
    assert logs == [f"pe-clock.log{s}" for s in ("", ".1", ".2", ".3")]
    assert all(p.stat().st_size <= 21_000 for p in error_hook.log_path().parent.iterdir())
    window.error_hook.message.close()


@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_the_error_log_opens_only_a_regular_file_and_never_blocks(
    window, monkeypatch, tmp_path, kind
):
    """A FIFO at the log's path froze the window at its first unexpected error (the log's
    open blocked, waiting for a reader); a link there made the log append to its target."""
    import io
    import threading

    from pe_clock.gui.platform import error_hook

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    path = error_hook.log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    target = tmp_path / "notes.txt"
    target.write_text("an instructor's notes\n")
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(target)
    refused = []

    def open_log():
        try:
            error_hook.LogFile(path, encoding="utf-8")
        except OSError:
            refused.append(True)

    # The open alone in a thread, so that a blocking one fails the test instead of hanging it.
    worker = threading.Thread(target=open_log, daemon=True)
    worker.start()
    worker.join(10)
    try:
        assert not worker.is_alive() and refused
        try:
            raise RuntimeError("a bug")
        except RuntimeError:
            window.error_hook.handle(*sys.exc_info())  # said on screen, the log refused
        assert "RuntimeError: a bug" in window.statusBar().currentMessage()
        assert target.read_text() == "an instructor's notes\n"
    finally:
        if worker.is_alive():  # unblock it: a reader for the FIFO
            with open(path, "rb", buffering=0):
                worker.join(10)
        path.unlink()
    window.error_hook.message.close()
