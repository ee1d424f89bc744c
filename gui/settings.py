"""Remembering the window: parameters and view options saved with QSettings, restored defensively.

Saving writes a whole new file and renames it into place, so a failure never leaves a damaged
one behind.

A value that is missing keeps its default; one that is corrupt or from an older version
(wrong type, d_model 7, base -1) is skipped and named, so the window can say so.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from core import i18n
from core.i18n import tr
from gui.files import WriteError, atomic_write
from gui.state import AppState

#: Keys restored in this order: pos is checked against max_len, then k against pos.
PARAM_KEYS = ("d_model", "max_len", "base", "pos", "k")
FLOAT_KEYS = {"base", "speed", "font_scale"}
OPTION_KEYS = ("selected_pair", "speed", "font_scale", "train_len")


def default_settings() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "pe-clock", "pe-clock")


def reset_settings() -> None:
    """Forget everything saved (`pe-clock --reset-settings`)."""
    settings = default_settings()
    settings.clear()
    settings.sync()


def _parse(key: str, raw: object) -> object:
    if isinstance(raw, str):
        return float(raw) if key in FLOAT_KEYS else int(raw)
    return raw


def restore_state(settings: QSettings, state: AppState) -> list[str]:
    """Apply saved values to the state; return the keys that were present but invalid."""
    bad: list[str] = []
    for key in (*PARAM_KEYS, *OPTION_KEYS, "loop", "clock_pairs", "language"):
        raw = settings.value(f"state/{key}")
        if raw is None:
            continue
        try:
            if key == "loop":
                if str(raw).lower() not in ("true", "false"):
                    raise ValueError(raw)
                state.set_loop(str(raw).lower() == "true")
            elif key == "language":
                i18n.check_language(raw)  # applied by the window, which may be told otherwise
            elif key == "clock_pairs":
                pairs = [int(p) for p in (raw if isinstance(raw, list) else str(raw).split(","))]
                if len(pairs) != 3:
                    raise ValueError(raw)
                for hand, pair in enumerate(pairs):
                    state.set_clock_pair(hand, pair)
            elif key in PARAM_KEYS:
                state.set_params(**{key: _parse(key, raw)})
            else:
                getattr(state, f"set_{key}")(_parse(key, raw))
        except (TypeError, ValueError):
            bad.append(key)
    return bad


def save_state(settings: QSettings, state: AppState, geometry: QByteArray) -> None:
    """Write the state and window geometry to settings' file atomically.

    Raises
    ------
    WriteError
        If the file could not be written; the previous file is then untouched.
    """
    values: dict[str, object] = {
        f"state/{key}": getattr(state, key) for key in (*PARAM_KEYS, *OPTION_KEYS)
    }
    values["state/loop"] = "true" if state.loop else "false"
    values["state/clock_pairs"] = ",".join(map(str, state.clock_pairs))
    values["state/language"] = state.language
    values["window/geometry"] = geometry

    def write(tmp: Path) -> None:
        out = QSettings(str(tmp), QSettings.Format.IniFormat)
        for key, value in values.items():
            out.setValue(key, value)
        out.sync()
        if out.status() != QSettings.Status.NoError:
            raise OSError(f"QSettings could not write {tmp.name}")

    path = Path(settings.fileName())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteError(tr("export.failed", path=path, reason=err.strerror or err)) from err
    atomic_write(path, write)
    settings.sync()  # pick up the file just written
