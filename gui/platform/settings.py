"""Remembering the window: parameters and view options saved with QSettings, restored defensively.

Saving writes a whole new file and renames it into place, so a failure never leaves a damaged
one behind.

A value that is missing keeps its default; one that is corrupt or from an older version
(wrong type, d_model 7, base -1) is skipped and named, so the window can say so.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QByteArray, QSettings

from core.i18n import tr
from gui.platform.files import WriteError, atomic_write
from gui.state import AppState


def default_settings() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "pe-clock", "pe-clock")


def reset_settings() -> None:
    """Forget everything saved (`pe-clock --reset-settings`)."""
    settings = default_settings()
    settings.clear()
    settings.sync()


def restore_state(settings: QSettings, state: AppState) -> list[str]:
    """Apply saved values to the state, field by field in declaration order (pos is checked
    against max_len, then k against pos); return the keys that were present but invalid."""
    bad: list[str] = []
    for name, field in state.FIELDS.items():
        raw = settings.value(f"state/{name}") if field.persist else None
        if raw is None:
            continue
        try:
            state.set(**{name: field.from_text(raw)})
        except (TypeError, ValueError):
            bad.append(name)
    return bad


def save_state(settings: QSettings, state: AppState, geometry: QByteArray) -> None:
    """Write the state and window geometry to settings' file atomically.

    Raises
    ------
    WriteError
        If the file could not be written; the previous file is then untouched.
    """
    values: dict[str, object] = {
        f"state/{name}": field.to_text(getattr(state, name))
        for name, field in state.FIELDS.items()
        if field.persist
    }
    values["window/geometry"] = geometry

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
