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
import struct
import subprocess
import sys
from pathlib import Path

from pe_clock.core.i18n import echo, tr

#: How long a display has to answer a connection.
CONNECT_SECONDS = 2.0
_X_DISPLAY = re.compile(r"^(?P<host>[^:]*):(?P<number>\d{1,5})(?:\.\d{1,5})?$")
#: X11's connection set-up, little-endian, protocol 11.0, no authorisation: any server
#: answers it (success, failure or "authenticate") at once.
_X_HELLO = b"l\0" + struct.pack("<HHHH", 11, 0, 0, 0) + b"\0\0"
#: Wayland's wl_display.get_registry (object 1, opcode 1, new id 2): a compositor answers with
#: the registry's events (object 2).
_WAYLAND_HELLO = struct.pack("<III", 1, (12 << 16) | 1, 2)


def window_problem(hint: str) -> str | None:
    """Why no window can be shown here (one line that says what to do, with hint: what works
    without a display), or None."""
    if not sys.platform.startswith("linux"):
        return None
    chosen = os.environ.get("QT_QPA_PLATFORM", "")
    names = [part.split(":")[0].strip().lower() for part in chosen.split(";") if part.strip()]
    if not names:  # Qt's own choice: Wayland where its compositor answers, else X11
        names = ["wayland", "xcb"] if os.environ.get("WAYLAND_DISPLAY") else ["xcb"]
    problem = None
    for name in names:  # Qt tries them in turn; the last one's problem is said
        problem = _platform_problem(name, hint)
        if problem is None:
            return None
    return problem


def _platform_problem(name: str, hint: str) -> str | None:
    available = platforms()
    if available and name not in available:
        return tr("display.no_plugin", name=echo(name), names=", ".join(available))
    wayland = os.environ.get("WAYLAND_DISPLAY", "")
    if name.startswith("wayland"):
        if _wayland_answers(wayland or "wayland-0"):
            return None
        return tr("display.unreachable", display=echo(wayland or "wayland-0"), hint=hint)
    if name != "xcb":
        return None  # offscreen, vnc, eglfs…: what the user chose
    display = os.environ.get("DISPLAY", "")
    if not display:
        if wayland:  # named, but it did not answer: said of it
            return tr("display.unreachable", display=echo(wayland), hint=hint)
        return tr("display.none", hint=hint)
    if not x_answers(display):
        return tr("display.unreachable", display=echo(display), hint=hint)
    missing = missing_xcb_libraries()
    if missing:
        packages = " ".join(debian_package(name) for name in missing)
        return tr("display.libraries", libraries=", ".join(missing), packages=packages)
    return None


def display_set_up() -> bool:
    """Whether the user chose a Qt platform that works, or named a display a window can be
    shown on: else an export or a notebook's figure draws offscreen (Qt would abort)."""
    named = ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    return any(os.environ.get(name) for name in named) and window_problem("") is None


def _plugin_folder() -> Path | None:
    """PySide6's folder of Qt platform plugins (libqxcb.so, …), None if PySide6 is not found."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(spec.submodule_search_locations[0]) / "Qt" / "plugins" / "platforms"


def platforms() -> list[str]:
    """The Qt platform plugins PySide6 ships ("xcb", "offscreen", …); none if not found."""
    folder = _plugin_folder()
    names = (f.name for f in folder.glob("libq*.so")) if folder and folder.is_dir() else ()
    return sorted(name[len("libq") : -len(".so")] for name in names)


def _wayland_answers(name: str) -> bool:
    """Whether a Wayland compositor answers on the socket name names (a silent socket, or
    an X server's, is not one: Qt waited on the first for ever and aborted on the second)."""
    folder = Path(os.environ.get("XDG_RUNTIME_DIR", ""))
    path = Path(name) if name.startswith("/") else folder / name
    reply = _exchange(socket.AF_UNIX, str(path), _WAYLAND_HELLO)
    return len(reply) >= 8 and struct.unpack("<I", reply[:4])[0] == 2


def x_answers(display: str) -> bool:
    """Whether the X server display names (":0", "localhost:10.0", "unix:1") answers its
    connection set-up: on its socket, or its TCP port for a host (an SSH session's
    forwarding). A socket that accepts and stays silent (a stuck forward) does not: Qt
    waited on it for ever."""
    match = _X_DISPLAY.match(display)
    if match is None:
        return False
    host, number = match["host"], int(match["number"])
    if host in ("", "unix"):
        path = f"/tmp/.X11-unix/X{number}"
        # Linux's abstract socket first (what Xorg and Xvfb listen on), then the file.
        return any(_exchange(socket.AF_UNIX, at, _X_HELLO)[:1] for at in ("\0" + path, path))
    return 6000 + number < 65536 and bool(
        _exchange(socket.AF_INET, (host, 6000 + number), _X_HELLO)[:1]
    )


def _exchange(family: int, address: str | tuple[str, int], hello: bytes) -> bytes:
    """What the server at address answers hello with, within CONNECT_SECONDS ("" for no
    server, a refusal or silence)."""
    try:
        with socket.socket(family, socket.SOCK_STREAM) as peer:
            peer.settimeout(CONNECT_SECONDS)
            peer.connect(address)
            peer.sendall(hello)
            return peer.recv(8)
    except (OSError, ValueError, UnicodeError):
        return b""


def missing_xcb_libraries() -> list[str]:
    """The shared libraries Qt's X11 plugin needs and this system lacks ("libxcb-icccm.so.4"),
    as the dynamic linker finds them (`ldd`); none when that cannot be told."""
    folder, ldd = _plugin_folder(), shutil.which("ldd")
    plugin = folder / "libqxcb.so" if folder else None
    if plugin is None or ldd is None or not plugin.is_file():
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
