"""The settings file (gui.platform.settings): unreadable or hostile settings are moved aside,
said, and never abort or block a start."""

import errno
import os
import signal
import stat
import time
from pathlib import Path

import pytest

from tests.gui.processes import start, wait_until_running

ROOT = Path(__file__).resolve().parents[2]


# --- 8. unreadable settings are kept aside, never overwritten --------------------------------
@pytest.mark.parametrize(
    "content",
    [bytes(range(256)) * 8, "[state]\npos=7\n".encode("utf-16"), b"\x00\x01garbage\n"],
    ids=["binary", "utf16", "nul"],
)
def test_unreadable_settings_are_moved_aside_and_said(qtbot, content, capsys):
    from pe_clock.gui.platform.settings import settings_path
    from pe_clock.gui.window.main_window import MainWindow

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    window = MainWindow()
    qtbot.addWidget(window)
    kept = [p for p in path.parent.iterdir() if p.name.startswith("pe-clock.ini.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert "could not be read" in window.statusBar().currentMessage()
    assert kept[0].name in capsys.readouterr().err
    window.state.set(pos=9)
    window.close()
    assert kept[0].read_bytes() == content  # still there, untouched
    assert "pos=9" in path.read_text()


@pytest.mark.parametrize("kind", [b"\\v", b"\\t"])  # a QVariantList, a QVariantMap
def test_a_qt_serialised_value_in_the_settings_never_aborts_a_start(tmp_path, kind):
    """A 60-byte file, d_model=@Variant(...) claiming 2^31 items, made QSettings throw
    std::bad_alloc: exit 134 on every start. Qt never reads such a value now: the key keeps its
    default and is named, the file as it was is kept aside, the other keys are restored."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "QT_QPA_PLATFORM": "offscreen"}  # fmt: skip
    ini = tmp_path / "config" / "pe-clock" / "pe-clock.ini"
    ini.parent.mkdir(parents=True)
    crafted = b"[state]\nd_model=@Variant(\\0\\0\\0" + kind + b"\\x7f\\xff\\xff\\xff)\npos=17\n"
    ini.write_bytes(crafted)
    window = start("--lang", "en", cwd=tmp_path, env=env)
    wait_until_running(window)
    window.send_signal(signal.SIGTERM)
    _, stderr = window.communicate(timeout=30)
    assert window.returncode == 143, stderr
    (line,) = [line for line in stderr.splitlines() if "decode" in line]
    assert "d_model" in line
    (aside,) = [p for p in ini.parent.iterdir() if ".unreadable-" in p.name]
    assert aside.read_bytes() == crafted and aside.name in line
    saved = ini.read_text()
    assert "pos=17" in saved and "@Variant" not in saved and "d_model=512" in saved


def test_a_pipe_in_place_of_the_settings_never_blocks(qtbot):
    from pe_clock.gui.platform.settings import settings_path
    from pe_clock.gui.window.main_window import MainWindow

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    started = time.monotonic()
    window = MainWindow()
    qtbot.addWidget(window)
    assert time.monotonic() - started < 5
    aside = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert len(aside) == 1 and stat.S_ISFIFO(aside[0].lstat().st_mode)
    window.close()
    assert path.is_file()


def test_a_failed_reset_is_reported(tmp_path, monkeypatch, capsys):
    from pe_clock import cli
    from pe_clock.gui.platform import settings

    def refuse(self, missing_ok=False):
        raise PermissionError(errno.EACCES, "Permission denied")

    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_text("[state]\npos=3\n")
    monkeypatch.setattr(Path, "unlink", refuse)
    assert cli.run_gui(None, reset=True) == 1
    err = capsys.readouterr()
    assert "Permission denied" in err.err and "cleared" not in err.out


def test_settings_it_may_not_read_are_moved_aside(qtbot, monkeypatch):
    """As root every file is readable: the permission error is injected."""
    from pe_clock.gui.platform.settings import settings_path
    from pe_clock.gui.window.main_window import MainWindow

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[state]\npos=4\n")
    real_read = Path.read_bytes

    def refuse(self):
        if self == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    window = MainWindow()
    qtbot.addWidget(window)
    assert "Permission denied" in window.statusBar().currentMessage()
    kept = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == "[state]\npos=4\n"


def test_settings_saved_by_windows_notepad_are_read_as_they_are(qtbot):
    """A byte-order mark and CRLF line ends: the instructor's values, nothing moved aside."""
    from pe_clock.gui.platform.settings import settings_path, unreadable_reason
    from pe_clock.gui.window.main_window import MainWindow

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xef\xbb\xbf[state]\r\npos=7\r\nmax_len=100\r\n")
    read_only = path.with_name("read-only.ini")  # the mark cannot be dropped: still read
    read_only.write_bytes(path.read_bytes())
    read_only.chmod(0o444)
    assert unreadable_reason(read_only) == (None, 2)
    window = MainWindow()
    qtbot.addWidget(window)
    assert (window.state.pos, window.state.max_len) == (7, 100)
    assert not [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert "could not be read" not in window.statusBar().currentMessage()
    window.close()


def test_settings_qt_cannot_parse_are_moved_aside_not_overwritten(qtbot):
    from pe_clock.gui.platform.settings import settings_path
    from pe_clock.gui.window.main_window import MainWindow

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('"precious notes=1\n[state]\npos=7\nmax_len=100\n')
    window = MainWindow()
    qtbot.addWidget(window)
    kept = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and "precious notes" in kept[0].read_text()
    assert "could not be read" in window.statusBar().currentMessage()
    window.close()
    assert "precious notes" in kept[0].read_text()


def test_two_unreadable_settings_in_one_second_are_both_kept(tmp_path):
    from pe_clock.gui.platform.settings import _move_aside

    path = tmp_path / "pe-clock.ini"
    kept = []
    for content in ("GARBAGE-ONE", "GARBAGE-TWO"):
        path.write_text(content)
        kept.append(_move_aside(path))
    assert kept[0] != kept[1]
    assert sorted(p.read_text() for p in kept) == ["GARBAGE-ONE", "GARBAGE-TWO"]
