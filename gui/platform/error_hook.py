"""Unexpected errors must not end a lecture: log them, say so briefly, carry on.

An exception escaping a slot reaches `sys.excepthook`. The hook appends the traceback to a log
file in the user's data folder and shows a short non-modal message; the event loop goes on.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, QStandardPaths
from PySide6.QtWidgets import QMessageBox, QWidget

from core.i18n import tr

LOG_NAME = "pe-clock.log"


def log_path() -> Path:
    """Where unexpected errors are logged: <user data folder>/pe-clock/pe-clock.log."""
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(data or Path.home()) / "pe-clock" / LOG_NAME


class ErrorHook(QObject):
    """Installs itself as sys.excepthook for the window's lifetime."""

    def __init__(self, window: QWidget, show_status: Callable[[str], None]) -> None:
        super().__init__(window)
        self._window = window
        self._show_status = show_status
        self._previous = sys.excepthook
        self.message: QMessageBox | None = None
        sys.excepthook = self.handle
        window.destroyed.connect(self.uninstall)

    def uninstall(self, *_: object) -> None:
        if sys.excepthook == self.handle:
            sys.excepthook = self._previous

    def handle(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            self._previous(kind, error, trace)
            return
        path = log_path()
        text = "".join(traceback.format_exception(kind, error, trace))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as log:
                log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text}\n")
        except OSError:
            path = Path("-")  # logging failed too: the message still appears
        summary = tr("error.unexpected", error=f"{kind.__name__}: {error}", path=path)
        self._show_status(summary)
        print(text, file=sys.stderr)
        if self.message is None:
            self.message = QMessageBox(
                QMessageBox.Icon.Warning,
                tr("error.title"),
                "",
                QMessageBox.StandardButton.Ok,
                self._window,
            )
            self.message.setModal(False)
        self.message.setText(summary)
        self.message.show()
