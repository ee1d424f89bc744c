"""Remembering the window: parameters and view options saved with QSettings, restored defensively.

A value that is missing keeps its default; one that is corrupt or from an older version
(wrong type, d_model 7, base -1) is skipped and named, so the window can say so.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

from core import i18n
from gui.state import AppState

#: Keys restored in this order: pos is checked against max_len, then k against pos.
PARAM_KEYS = ("d_model", "max_len", "base", "pos", "k")
FLOAT_KEYS = {"base", "speed", "font_scale"}
OPTION_KEYS = ("selected_pair", "speed", "font_scale", "train_len")


def default_settings() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "pe-clock", "pe-clock")


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


def save_state(settings: QSettings, state: AppState) -> None:
    for key in (*PARAM_KEYS, *OPTION_KEYS):
        settings.setValue(f"state/{key}", getattr(state, key))
    settings.setValue("state/loop", "true" if state.loop else "false")
    settings.setValue("state/clock_pairs", ",".join(map(str, state.clock_pairs)))
    settings.setValue("state/language", state.language)
