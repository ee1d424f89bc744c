"""Unexpected errors must not end a lecture: log them, say so briefly, carry on.

An exception escaping a slot reaches `sys.excepthook`. The hook appends the traceback to a log
file in the user's data folder and shows a short non-modal message; the event loop goes on.

An error that repeats (a broken slot fired by the playback timer, 20 times a second) is written
once per REPEAT_SECONDS with the count of its repeats in between, and the log rotates at
LOG_BYTES (LOG_BACKUPS old logs kept): an hour of a repeating error stays a few kilobytes.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import logging.handlers
import os
import stat
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QObject, QStandardPaths
from PySide6.QtWidgets import QMessageBox, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.platform.message import message_box

LOG_NAME = "pe-clock.log"
LOG_BYTES, LOG_BACKUPS = 1 << 20, 3
REPEAT_SECONDS = 60.0


def log_path() -> Path:
    """Where unexpected errors are logged: <user data folder>/pe-clock/pe-clock.log."""
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    return Path(data or Path.home()) / "pe-clock" / LOG_NAME


class LogFile(logging.handlers.RotatingFileHandler):
    """A rotating log opened as settings and exports are: a regular file only, never through a
    link, never blocking (a FIFO at its path froze the window at its first error, a link made
    it append to the file it pointed at). Raises OSError otherwise."""

    def _open(self):  # logging's own signature
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
        flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        descriptor = os.open(self.baseFilename, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise OSError(errno.EINVAL, tr("settings.not_file"), self.baseFilename)
        except BaseException:
            os.close(descriptor)
            raise
        return os.fdopen(descriptor, "a", encoding=self.encoding)


class ErrorHook(QObject):
    """Installs itself as sys.excepthook for the window's lifetime."""

    def __init__(self, window: QWidget, show_status: Callable[[str], None]) -> None:
        super().__init__(window)
        self._window = window
        self._show_status = show_status
        self._previous = sys.excepthook
        self.message: QMessageBox | None = None
        self._log: logging.Logger | None = None
        # The last error written: (its signature, when, how many times it came since).
        self._last: tuple[tuple[str, ...], float, int] | None = None
        sys.excepthook = self.handle
        window.destroyed.connect(self.uninstall)

    def uninstall(self, *_: object) -> None:
        if sys.excepthook == self.handle:
            sys.excepthook = self._previous
        self._write_repeats()
        if self._log is not None:
            for handler in self._log.handlers:
                handler.close()
            self._log.handlers.clear()

    def _logger(self) -> logging.Logger:
        """A rotating log, opened at the first error (a session without errors writes none)."""
        if self._log is None:
            path = log_path()
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = LogFile(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
            handler.setFormatter(logging.Formatter("--- %(asctime)s\n%(message)s\n"))
            # A log that cannot be written (a full disk) stays quiet: the message still shows.
            handler.handleError = lambda record: None  # type: ignore[method-assign]
            self._log = logging.Logger(f"pe-clock.errors.{id(self)}")
            self._log.addHandler(handler)
        return self._log

    def _write_repeats(self) -> None:
        if self._last is not None and self._last[2]:
            with contextlib.suppress(OSError):
                self._logger().error(tr("error.repeated", n=self._last[2]))
            self._last = (self._last[0], self._last[1], 0)

    def _record(self, signature: tuple[str, ...], text: str) -> Path:
        """Write text to the log unless the same error was written less than REPEAT_SECONDS
        ago (then only count it); return the log's path."""
        now = time.monotonic()
        last = self._last
        if last is not None and last[0] == signature and now - last[1] < REPEAT_SECONDS:
            self._last = (signature, last[1], last[2] + 1)
            return log_path()
        self._write_repeats()
        self._logger().error(text)
        self._last = (signature, now, 0)
        return log_path()

    def handle(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            self._previous(kind, error, trace)
            return
        text = "".join(traceback.format_exception(kind, error, trace))
        where = traceback.extract_tb(trace)[-1:] if trace is not None else []
        signature = (kind.__name__, str(error), *(f"{f.filename}:{f.lineno}" for f in where))
        repeated = self._last is not None and self._last[0] == signature
        said = f"{kind.__name__}: {error}"
        try:
            path = self._record(signature, text)
        except OSError as err:  # logging failed too: the message still appears, saying so
            reason = err.strerror or str(err)
            summary = tr("error.unexpected_unlogged", error=said, reason=reason)
        else:
            summary = tr("error.unexpected", error=said, path=path)
        self._show_status(summary)
        if repeated:
            return  # already on screen and in the terminal: count it, do not flood
        print(text, file=sys.stderr)
        if self.message is None:
            self.message = message_box(
                QMessageBox.Icon.Warning, tr("error.title"), "", self._window
            )
            self.message.setModal(False)
        self.message.setText(summary)
        self.message.show()
