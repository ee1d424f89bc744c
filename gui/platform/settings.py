"""Remembering the window: parameters and view options saved with QSettings, restored defensively.

Saving writes a whole new file and renames it into place, so a failure never leaves a damaged
one behind.

A value that is missing keeps its default; one that is corrupt or from an older version
(wrong type, d_model 7, base -1) is skipped and named, so the window can say so.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:  # Qt is loaded only where settings are opened: `settings_path` needs none
    from PySide6.QtCore import QSettings

from pe_clock.core.i18n import tr
from pe_clock.gui.platform.files import WriteError, atomic_write

ORGANIZATION = APPLICATION = "pe-clock"
#: A settings file is a few hundred bytes: anything past this is not ours.
MAX_SETTINGS_BYTES = 1 << 20
_KEY_LINE = re.compile(r"^\s*[^=\s;#\[][^=]*=")
_INI_LINE = re.compile(r"^\s*(\[[^\]]*\]|[;#].*|[^=\s][^=]*=.*)?\s*$")


def settings_path() -> Path:
    """Where the settings live, found without opening that file (a pipe there would block).
    Once Qt is loaded, as QSettings finds it (a path set with QSettings.setPath counts);
    before (the command line checks the window's parameters before loading Qt), where
    QSettings' INI format puts a user's file: %APPDATA% on Windows, else $XDG_CONFIG_HOME
    or ~/.config."""
    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QSettings

        probe = QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, "pe-clock-probe"
        )
        return Path(probe.fileName()).with_name(f"{APPLICATION}.ini")
    given = os.environ.get("APPDATA" if sys.platform == "win32" else "XDG_CONFIG_HOME", "")
    config = Path(given) if os.path.isabs(given) else Path.home() / ".config"
    return config / ORGANIZATION / f"{APPLICATION}.ini"


def default_settings() -> QSettings:
    from PySide6.QtCore import QSettings

    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
    )


def unreadable_reason(path: Path) -> tuple[str | None, int]:
    """(Why the file at path is not a settings file PE Clock can read, or None if it is or
    if there is none; how many key lines it holds). Never opens anything but a regular file
    of sane size."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None, 0
    except OSError as err:
        return err.strerror or str(err), 0
    if not stat.S_ISREG(info.st_mode):
        return tr("settings.not_file"), 0
    if info.st_size > MAX_SETTINGS_BYTES:
        return tr("settings.too_big", size=f"{info.st_size:,}"), 0
    try:
        # (a byte-order mark Qt skips itself: one left where the file is read-only)
        lines = path.read_bytes().decode("utf-8-sig").splitlines()
    except OSError as err:
        return err.strerror or str(err), 0
    except UnicodeDecodeError:
        return tr("settings.not_text"), 0
    if any("\0" in line or not _INI_LINE.match(line) for line in lines):
        return tr("settings.not_ini"), 0
    return None, sum(1 for line in lines if _KEY_LINE.match(line))


#: A value Qt would deserialise (@Variant(…) holds a QDataStream: a list claiming 2³¹ items
#: aborted every start in QSettings with std::bad_alloc). Only the window's geometry is ever
#: saved as @ByteArray(…), plain bytes; everything else PE Clock saves is text.
_SERIALISED = re.compile(r"^\s*@\w+\(")
_KEPT_BYTES = ("window", "geometry")


def serialised_keys(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, key) of every value Qt would deserialise, the geometry's bytes aside."""
    found, section = [], ""
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[]")
            continue
        key, equals, value = line.partition("=")
        if not equals or not _SERIALISED.match(value):
            continue
        key = key.strip()
        if (section, key) == _KEPT_BYTES and value.lstrip().startswith("@ByteArray("):
            continue
        found.append((number, key))
    return found


def _without_serialised(path: Path) -> str | None:
    """If the settings file holds values Qt would deserialise, keep the file aside (as an
    unreadable one is kept) and write it back without those lines; return a message naming
    the keys, which then keep their defaults. Qt never reads such a value."""
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            return None
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None  # unreadable_reason names it
    lines = text.splitlines(keepends=True)
    found = serialised_keys(lines)
    if not found:
        return None
    drop = {number for number, _ in found}
    kept = "".join(line for number, line in enumerate(lines) if number not in drop)
    aside = _move_aside(path)
    atomic_write(path, lambda handle: handle.write(kept.encode("utf-8")))
    keys = ", ".join(dict.fromkeys(key for _, key in found))
    return tr("settings.serialised", keys=keys, aside=aside.name)


def open_settings() -> tuple[QSettings, str | None]:
    """The user's settings, and a message if the saved file could not be read.

    An unreadable file (garbage, another encoding, INI that Qt cannot parse, a folder or pipe
    in its place) is moved aside with a timestamp, never overwritten, and the window starts
    from the defaults.
    """
    from PySide6.QtCore import QSettings

    path = settings_path()
    _without_bom(path)
    try:
        serialised = _without_serialised(path)
    except OSError as err:  # neither moved nor mended (WriteError too): Qt must not read it
        why = tr("settings.serialised_reason")
        return _scratch(), tr("settings.kept", path=path, reason=why, error=err)
    reason, keys = unreadable_reason(path)
    if reason is None:
        settings = default_settings()
        # Qt drops what it cannot parse without a word (a stray quote loses every line after
        # it): every key line of the file must come back as a key.
        if settings.status() == QSettings.Status.NoError and len(settings.allKeys()) >= keys:
            return settings, serialised
        reason = tr("settings.not_ini")
        del settings  # let go of the file before it moves
    try:
        aside = _move_aside(path)
    except OSError as err:
        # Neither read nor moved: use a scratch file so the unreadable one is never touched.
        return _scratch(), tr("settings.kept", path=path, reason=reason, error=err.strerror or err)
    return default_settings(), tr("settings.moved", path=path, reason=reason, aside=aside.name)


def _without_bom(path: Path) -> None:
    """A settings file saved by Windows Notepad read as the INI file it is: its byte-order
    mark (which Qt would read into the first section's name) dropped, written back
    atomically; its CRLF line ends Qt reads as they are. Anything else is left as it is."""
    with contextlib.suppress(OSError):
        info = path.lstat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SETTINGS_BYTES:
            return
        data = path.read_bytes()
        if data.startswith(codecs.BOM_UTF8):
            atomic_write(path, lambda handle: handle.write(data[len(codecs.BOM_UTF8) :]))


def _scratch() -> QSettings:
    """Settings in a scratch file of their own, for a session whose file must not be used."""
    from PySide6.QtCore import QSettings

    folder = Path(tempfile.mkdtemp(prefix="pe-clock-"))
    return QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)


def _move_aside(path: Path) -> Path:
    """Rename path to pe-clock.ini.unreadable-<date>-<time>[-n], never over an existing file
    (two windows started in the same second keep both)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        aside = path.with_name(f"{path.name}.unreadable-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            os.link(path, aside, follow_symlinks=False)  # fails if aside exists: no overwrite
        except FileExistsError:
            continue
        except OSError:  # a folder, or a file system without hard links
            if os.path.lexists(aside):
                continue
            path.rename(aside)
            return aside
        path.unlink()
        return aside
    raise FileExistsError(17, "too many unreadable settings files", str(path))


def reset_settings() -> None:
    """Forget everything saved (`pe-clock --reset-settings`).

    Raises
    ------
    WriteError
        If the saved file could not be removed (a read-only folder, a folder in its place).
    """
    path = settings_path()
    try:
        if path.is_dir() and not path.is_symlink():
            raise IsADirectoryError(21, tr("settings.not_file"))
        path.unlink(missing_ok=True)
    except OSError as err:
        raise WriteError(tr("cli.reset_failed", path=path, reason=err.strerror or err)) from err


def save_values(settings: QSettings, values: dict[str, object]) -> None:
    """Write values (settings key -> value: the state's fields, the window's geometry, the
    export dialog's memory) to settings' file atomically.

    Raises
    ------
    WriteError
        If the file could not be written; the previous file is then untouched.
    """

    from PySide6.QtCore import QSettings

    def write(handle: BinaryIO) -> None:
        # QSettings writes only to a named file: a private scratch file, copied into handle.
        with tempfile.TemporaryDirectory(prefix="pe-clock-") as scratch:
            ini = Path(scratch) / "settings.ini"
            out = QSettings(str(ini), QSettings.Format.IniFormat)
            for key, value in values.items():
                out.setValue(key, value)
            out.sync()
            if out.status() != QSettings.Status.NoError:
                raise OSError("QSettings could not write the settings")
            handle.write(ini.read_bytes())

    path = Path(settings.fileName())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteError(tr("export.failed", path=path, reason=err.strerror or err)) from err
    atomic_write(path, write)
    settings.sync()  # pick up the file just written
