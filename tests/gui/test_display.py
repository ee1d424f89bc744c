"""Whether a window can be opened, told before Qt tries (Qt aborts the process where it cannot)."""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pe_clock.gui.platform import display
from pe_clock.gui.platform.display import debian_package, window_problem, x_answers
from tests.gui.helpers import cli_main

#: An X display number nothing here listens on (and a test's fake server takes).
FREE = 987
HINT = "figures need none"


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _serve(server: socket.socket, answer: bytes | None) -> None:
    """Accept connections on server and answer each with answer (None: stay silent)."""
    kept = []
    while True:
        try:
            peer, _ = server.accept()
        except OSError:  # closed: the test is over
            break
        kept.append(peer)
        if answer is not None:
            peer.recv(64)
            peer.sendall(answer)
    for peer in kept:
        peer.close()


@contextlib.contextmanager
def listening(family: int, address: object, answer: bytes | None):
    with socket.socket(family, socket.SOCK_STREAM) as server:
        server.bind(address)
        server.listen(8)
        serving = threading.Thread(target=_serve, args=(server, answer), daemon=True)
        serving.start()
        try:
            yield server
        finally:
            with contextlib.suppress(OSError):
                server.shutdown(socket.SHUT_RDWR)  # its accept() returns: the thread ends
            serving.join(timeout=5)


@pytest.fixture
def x_server():
    """An X server's answer where one on display FREE would listen (Linux's abstract socket):
    "failed", as a server that wants a cookie answers a client without one."""
    with listening(socket.AF_UNIX, f"\0/tmp/.X11-unix/X{FREE}", b"\0\x10\x0b\0"):
        yield f":{FREE}"


@pytest.mark.parametrize(
    ("library", "package"),
    [
        ("libxcb-icccm.so.4", "libxcb-icccm4"),
        ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
        ("libxcb-cursor.so.0", "libxcb-cursor0"),
        ("libxcb-render-util.so.0", "libxcb-render-util0"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libX11-xcb.so.1", "libx11-xcb1"),
    ],
)
def test_a_missing_library_is_named_by_its_debian_package(library, package):
    assert debian_package(library) == package


def _free_display_port() -> int:
    for number in range(200, 300):  # a forwarded display (SSH): TCP port 6000 + n
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", 6000 + number)):
                return number
    raise AssertionError("no free port")


def test_an_x_display_answers_only_where_a_server_answers(x_server):
    assert x_answers(x_server) and x_answers(f"unix{x_server}.0")
    assert not x_answers(f":{FREE + 1}") and not x_answers("not a display")
    assert not x_answers(":" + "1" * 5000)  # past int()'s digit limit: a traceback
    number = _free_display_port()
    with listening(socket.AF_INET, ("127.0.0.1", 6000 + number), b"\1"):
        assert x_answers(f"127.0.0.1:{number}.0")
    number = _free_display_port()
    # A stuck forward accepts and says nothing: Qt waited on it for ever (SIGTERM too).
    with listening(socket.AF_INET, ("127.0.0.1", 6000 + number), None):
        assert not x_answers(f"127.0.0.1:{number}")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt finds its own elsewhere")
def test_each_reason_a_window_cannot_open_is_said(no_display, x_server):
    assert window_problem(HINT).startswith("no display to open the window on: neither DISPLAY")
    assert window_problem(HINT).endswith(HINT)
    no_display.setenv("DISPLAY", f":{FREE + 1}")
    assert window_problem(HINT).startswith(f"the display ':{FREE + 1}' does not answer")
    # Not a compositor (an X server's socket), or a silent one: Qt aborted, or hung.
    no_display.setenv("WAYLAND_DISPLAY", f"/tmp/.X11-unix/X{FREE}")
    assert window_problem(HINT).startswith(f"the display ':{FREE + 1}' does not answer")
    no_display.delenv("DISPLAY")
    assert window_problem(HINT).startswith(f"the display '/tmp/.X11-unix/X{FREE}' does not")
    no_display.setenv("DISPLAY", f":{FREE + 1}")
    no_display.delenv("WAYLAND_DISPLAY")
    no_display.setenv("QT_QPA_PLATFORM", "bogus")
    assert window_problem(HINT).startswith("Qt has no platform called 'bogus'")
    no_display.setenv("QT_QPA_PLATFORM", "XCB")  # Qt's names in any case: xcb
    assert window_problem(HINT).startswith(f"the display ':{FREE + 1}' does not answer")
    no_display.delenv("QT_QPA_PLATFORM")
    no_display.setenv("DISPLAY", x_server)
    no_display.setattr(display, "missing_xcb_libraries", lambda: ["libxcb-icccm.so.4"])
    assert window_problem(HINT) == (
        "Qt cannot open a window on X11: this system lacks libxcb-icccm.so.4. On Debian or "
        "Ubuntu, install them with: sudo apt install libxcb-icccm4"
    )
    no_display.setattr(display, "missing_xcb_libraries", lambda: [])
    assert window_problem(HINT) is None
    no_display.setenv("QT_QPA_PLATFORM", "offscreen")  # the user's own choice
    no_display.setenv("DISPLAY", f":{FREE + 1}")
    assert window_problem(HINT) is None and display.display_set_up()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt finds its own elsewhere")
def test_without_a_display_the_window_says_so_after_refusing_a_bad_value(
    no_display, capsys, isolated_settings
):
    """pe-clock --d-model 7 was killed by SIGABRT (rc 134) with Qt's misleading message."""
    code, _, err = cli_main(capsys, "--lang", "en", "--d-model", "7")
    assert code == 2 and "--d-model must be an even integer" in err
    code, _, err = cli_main(capsys, "--lang", "en", "--pos", "1500")
    assert code == 2 and "--pos must be" in err  # over the default table of 1024 positions
    (isolated_settings / "pe-clock").mkdir(exist_ok=True)
    saved = isolated_settings / "pe-clock" / "pe-clock.ini"
    saved.write_text("[state]\nmax_len=2048\nd_model=@Variant(\\0\\0\\0\\x7f)\n")
    code, _, err = cli_main(capsys, "--lang", "en", "--pos", "1500")  # over the saved table
    assert code == 1 and err.startswith("pe-clock: error: no display to open the window on")
    assert "pe-clock export --view clock --out clock.png" in err and "\n" not in err.strip()
    assert "@Variant" in saved.read_text()  # the window's to mend, not this check's
    no_display.setenv("DISPLAY", f":{FREE + 1}")
    code, _, err = cli_main(capsys, "--lang", "ko")
    assert code == 1 and f"디스플레이 ':{FREE + 1}'에 연결할 수 없어" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt finds its own elsewhere")
def test_a_display_that_is_gone_never_aborts_an_export(tmp_path):
    """With DISPLAY naming a display that is not there (an SSH session gone), export aborted
    in Qt although it needs no screen: it draws offscreen."""
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["DISPLAY"] = f":{FREE + 1}"
    out = tmp_path / "clock.png"
    done = subprocess.run(
        [sys.executable, "-m", "pe_clock", "export", "--view", "clock", "--out", str(out)],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"\x89PNG")


@pytest.fixture
def xvfb():
    """A real X server (Xvfb) on a display of its own choosing; skipped where Xvfb or Qt's
    X11 libraries are missing, except in CI, which installs them (.ci/run)."""
    if shutil.which("Xvfb") is None or display.missing_xcb_libraries():
        if os.environ.get("CI"):
            pytest.fail("CI must install xvfb and Qt's X11 libraries (.ci/run)")
        pytest.skip("no Xvfb, or Qt's X11 plugin lacks its libraries here")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(write)
    with os.fdopen(read) as ready:
        number = ready.readline().strip()  # written once the server accepts connections
    yield f":{number}"
    server.terminate()
    server.wait(timeout=30)


GRAB = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(["grab"])
image = app.primaryScreen().grabWindow(0).toImage()
image.save(sys.argv[1])
step = 4
pixels = ((x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step))
print(len({image.pixel(x, y) for x, y in pixels}))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="an X server is Linux's")
def test_the_readme_launch_opens_a_window_on_a_real_display(xvfb, tmp_path):
    """Under a real X server with Qt's xcb platform (CI ran offscreen only, so a launch that
    aborted was never seen): README's pe-clock opens the window, a screenshot shows it, and
    SIGTERM closes it as its close button does (settings saved)."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=xvfb, XDG_CONFIG_HOME=str(tmp_path / "config"), LANG="C.UTF-8")
    launched = subprocess.Popen(
        [str(Path(sys.executable).with_name("pe-clock"))],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    shot, colours = tmp_path / "launch.png", 0
    try:
        deadline = time.monotonic() + 60
        while colours < 500 and time.monotonic() < deadline and launched.poll() is None:
            time.sleep(1)
            grab = subprocess.run(
                [sys.executable, "-c", GRAB, str(shot)],
                env={**env, "QT_QPA_PLATFORM": "xcb"}, capture_output=True, text=True,
                timeout=60, check=True,
            )  # fmt: skip
            colours = int(grab.stdout.split()[-1])
        assert launched.poll() is None, launched.communicate()[1]
        assert colours >= 500, f"the screen shows {colours} colours: no window on it"
    finally:
        launched.send_signal(signal.SIGTERM)
        _, err = launched.communicate(timeout=60)
    assert launched.returncode == 128 + signal.SIGTERM, err
    assert (tmp_path / "config" / "pe-clock" / "pe-clock.ini").is_file()
