"""What the export dialogs remember: the last request for each view, stills and animations
apart, kept in the settings file from one session to the next."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings

from pe_clock.gui.export.dialog import ExportRequest
from pe_clock.gui.export.options import MAX_FPS, MIN_FPS
from pe_clock.gui.model.choices import check_theme
from pe_clock.gui.model.request import MAX_SIDE, MIN_SIDE
from pe_clock.gui.views import VIEW_NAMES

GROUPS = {False: "export_still", True: "export_animation"}


def _read(settings: QSettings, key: str) -> ExportRequest | None:
    """The request saved under key, or None if it is missing or not a valid request (a file
    edited by hand must not break the dialog)."""

    def value(name: str) -> str:
        found = settings.value(f"{key}/{name}")
        if not isinstance(found, str):
            raise ValueError(name)
        return found

    try:
        width, height = int(value("width")), int(value("height"))
        caption = {"true": True, "false": False}[value("caption")]
        path = value("path").strip()
        start, stop, fps = int(value("start")), int(value("stop")), float(value("fps"))
        theme = check_theme(value("theme"))
    except (ValueError, KeyError):
        return None
    sides = all(MIN_SIDE <= side <= MAX_SIDE for side in (width, height))
    if not (sides and path and 0 <= start <= stop and MIN_FPS <= fps <= MAX_FPS):  # NaN too
        return None
    view = key.rsplit("/", 1)[-1]
    return ExportRequest(view, Path(path), width, height, caption, start, stop, fps, theme)


class ExportMemory:
    """The last export request of each view, for File ▸ Export… and Export animation…."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self._requests: dict[bool, dict[str, ExportRequest]] = {False: {}, True: {}}
        self._latest: dict[bool, ExportRequest] = {}
        if settings is None:
            return
        for animated, group in GROUPS.items():
            for view in VIEW_NAMES:
                request = _read(settings, f"{group}/{view}")
                if request is not None:
                    self._requests[animated][view] = request
            latest = settings.value(f"{group}/latest")
            if isinstance(latest, str) and latest in self._requests[animated]:
                self._latest[animated] = self._requests[animated][latest]

    def for_view(self, animated: bool, view: str) -> ExportRequest | None:
        """The last request for view; for a view not exported yet, the latest request of this
        kind in its folder and format, named after the view (heatmap.png)."""
        found = self._requests[animated].get(view)
        if found is not None:
            return found
        latest = self._latest.get(animated)
        if latest is None:
            return None
        return replace(latest, view=view, path=latest.path.with_name(view + latest.path.suffix))

    def remember(self, animated: bool, request: ExportRequest) -> None:
        self._requests[animated][request.view] = request
        self._latest[animated] = request

    def values(self) -> dict[str, object]:
        """Settings keys and values of everything remembered (for `save_values`)."""
        out: dict[str, object] = {}
        for animated, group in GROUPS.items():
            for view, r in self._requests[animated].items():
                fields = {
                    "width": r.width,
                    "height": r.height,
                    "caption": "true" if r.caption else "false",
                    "path": str(r.path),
                    "start": r.start,
                    "stop": r.stop,
                    "fps": repr(r.fps),
                    "theme": r.theme,
                }
                out.update({f"{group}/{view}/{name}": str(v) for name, v in fields.items()})
            if animated in self._latest:
                out[f"{group}/latest"] = self._latest[animated].view
        return out
