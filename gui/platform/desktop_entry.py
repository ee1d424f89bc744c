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

from pe_clock.core.i18n import LANGUAGES, text
from pe_clock.gui.platform.files import atomic_write
from pe_clock.gui.platform.resources import ICON


def entry(command: str) -> str:
    """The .desktop file: its name and tooltip in every language of the catalogue."""
    lines = ["[Desktop Entry]", "Type=Application"]
    for field, key in (("Name", "desktop.name"), ("Comment", "desktop.comment")):
        lines.append(f"{field}={text(key, 'en')}")
        lines += [f"{field}[{lang}]={text(key, lang)}" for lang in LANGUAGES if lang != "en"]
    lines += [f"Exec={command}", "Icon=pe-clock", "Terminal=false", "Categories=Education;Science;"]
    return "\n".join(lines) + "\n"


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def install_desktop_entry() -> tuple[Path, Path]:
    """Write the entry and the icon; return their paths. Raises WriteError on failure."""
    home = data_home()
    icon = home / "icons" / "hicolor" / "scalable" / "apps" / "pe-clock.svg"
    desktop = home / "applications" / "pe-clock.desktop"
    for folder in (icon.parent, desktop.parent):
        folder.mkdir(parents=True, exist_ok=True)
    source = ICON.read_bytes()
    atomic_write(icon, lambda handle: handle.write(source))
    beside = Path(sys.executable).parent / "pe-clock"  # the venv's (or pipx's) command
    installed = str(beside) if beside.exists() else shutil.which("pe-clock")
    command = shlex.join([installed] if installed else [sys.executable, "-m", "pe_clock"])
    data = entry(command).encode()
    atomic_write(desktop, lambda handle: handle.write(data))
    return desktop, icon
