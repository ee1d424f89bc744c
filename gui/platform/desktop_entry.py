"""A Linux desktop entry, so PE Clock appears in the applications menu with its icon.

`pe-clock --install-desktop-entry` writes pe-clock.desktop to
$XDG_DATA_HOME/applications (~/.local/share/applications) and the icon to
$XDG_DATA_HOME/icons/hicolor/scalable/apps, both atomically.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

from pe_clock.gui.platform.files import atomic_write
from pe_clock.gui.platform.resources import ICON

ENTRY = """[Desktop Entry]
Type=Application
Name=PE Clock
Name[ko]=PE Clock (위치 인코딩 시계)
Comment=See the Transformer's sinusoidal positional encoding as clock hands
Comment[ko]=트랜스포머의 사인·코사인 위치 인코딩을 시계 바늘로 살펴봅니다
Exec={exec}
Icon=pe-clock
Terminal=false
Categories=Education;Science;
"""


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def install_desktop_entry() -> tuple[Path, Path]:
    """Write the entry and the icon; return their paths. Raises WriteError on failure."""
    home = data_home()
    icon = home / "icons" / "hicolor" / "scalable" / "apps" / "pe-clock.svg"
    entry = home / "applications" / "pe-clock.desktop"
    for folder in (icon.parent, entry.parent):
        folder.mkdir(parents=True, exist_ok=True)
    source = ICON.read_bytes()
    atomic_write(icon, lambda handle: handle.write(source))
    beside = Path(sys.executable).parent / "pe-clock"  # the venv's (or pipx's) command
    installed = str(beside) if beside.exists() else shutil.which("pe-clock")
    command = shlex.join([installed] if installed else [sys.executable, "-m", "pe_clock"])
    text = ENTRY.format(exec=command).encode()
    atomic_write(entry, lambda handle: handle.write(text))
    return entry, icon
