"""Whether a window can be opened here, found out before Qt tries: Qt aborts the process
(SIGABRT) when its platform plugin cannot start, with a message that misleads on Linux.

No Qt is imported: the command line asks before it creates its QApplication. On Linux a
window needs a display that answers (Wayland's socket, or the X server DISPLAY names) and,
for X, the libraries Qt's xcb plugin links against; elsewhere Qt finds its own platform.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from pe_clock.core.i18n import tr

#: How long a display has to answer a connection.
CONNECT_SECONDS = 2.0
#: Qt platforms that need no display: a window on them is the user's own choice.
_DISPLAY_PLATFORMS = ("xcb", "wayland", "wayland-egl")
_X_DISPLAY = re.compile(r"^(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?$")


def window_problem(hint: str) -> str | None:
    """Why no window can be shown here (one line that says what to do, with hint: what works
    without a display), or None."""
    if not sys.platform.startswith("linux"):
        return None
    chosen = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0].strip()
    if chosen and chosen not in _DISPLAY_PLATFORMS:
        return None  # offscreen, vnc, eglfs…: what the user chose
    if chosen != "xcb" and _wayland_answers():
        return None
    if chosen.startswith("wayland"):
        name = os.environ.get("WAYLAND_DISPLAY") or "wayland-0"
        return tr("display.unreachable", display=name, hint=hint)
    display = os.environ.get("DISPLAY", "")
    if not display:
        return tr("display.none", hint=hint)
    if not x_answers(display):
        return tr("display.unreachable", display=display, hint=hint)
    missing = missing_xcb_libraries()
    if missing:
        packages = " ".join(debian_package(name) for name in missing)
        return tr("display.libraries", libraries=", ".join(missing), packages=packages)
    return None


def display_set_up() -> bool:
    """Whether the user chose a Qt platform, or named a display that a window can be shown
    on: else an export or a notebook's figure draws offscreen (Qt would abort)."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    named = any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY"))
    return named and window_problem("") is None


def _wayland_answers() -> bool:
    name = os.environ.get("WAYLAND_DISPLAY")
    if not name:
        return False
    folder = Path(os.environ.get("XDG_RUNTIME_DIR", ""))
    path = Path(name) if name.startswith("/") else folder / name
    return _connects(socket.AF_UNIX, str(path))


def x_answers(display: str) -> bool:
    """Whether the X server display names (":0", "localhost:10.0", "unix:1") accepts a
    connection: its socket, or its TCP port for a host (an SSH session's forwarding)."""
    match = _X_DISPLAY.match(display)
    if match is None:
        return False
    host, number = match["host"], int(match["number"])
    if host in ("", "unix"):
        path = f"/tmp/.X11-unix/X{number}"
        # Linux's abstract socket first (what Xorg and Xvfb listen on), then the file.
        return _connects(socket.AF_UNIX, "\0" + path) or _connects(socket.AF_UNIX, path)
    return _connects(socket.AF_INET, (host, 6000 + number))


def _connects(family: int, address: str | tuple[str, int]) -> bool:
    try:
        if family == socket.AF_INET:
            socket.create_connection(address, CONNECT_SECONDS).close()  # type: ignore[arg-type]
            return True
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(CONNECT_SECONDS)
            probe.connect(address)
        return True
    except (OSError, ValueError):
        return False


def missing_xcb_libraries() -> list[str]:
    """The shared libraries Qt's X11 plugin needs and this system lacks ("libxcb-icccm.so.4"),
    as the dynamic linker finds them (`ldd`); none when that cannot be told."""
    spec = importlib.util.find_spec("PySide6")
    ldd = shutil.which("ldd")
    if spec is None or not spec.submodule_search_locations or ldd is None:
        return []
    plugin = Path(spec.submodule_search_locations[0]) / "Qt" / "plugins" / "platforms"
    plugin /= "libqxcb.so"
    if not plugin.is_file():
        return []
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        listed = subprocess.run(
            [ldd, str(plugin)], capture_output=True, text=True, timeout=10, check=False
        ).stdout
        return sorted({line.split()[0] for line in listed.splitlines() if "not found" in line})
    return []


def debian_package(library: str) -> str:
    """The Debian (and Ubuntu) package of a library: libxcb-icccm.so.4 -> libxcb-icccm4,
    libxkbcommon-x11.so.0 -> libxkbcommon-x11-0 (a dash where the name ends in a digit)."""
    name, _, version = library.partition(".so.")
    version = version.split(".")[0]
    package = f"{name}-{version}" if name[-1:].isdigit() else f"{name}{version}"
    return package.lower()
