"""A long export's progress on a terminal: one line, rewritten in place, that says how far it
is and about how long is left ("page 3 of 16 · about 40 s left"), erased when it ends.

Only where stderr is a terminal: piped, redirected, in CI or a notebook, nothing is written,
so a script reading stderr sees the export's own lines alone. An export quicker than
QUIET_SECONDS shows nothing either.
"""

from __future__ import annotations

import sys
import time
import unicodedata
from collections.abc import Callable
from typing import TextIO

from pe_clock.core.i18n import tr

#: Nothing is shown before this much time has passed (a quick export stays silent).
QUIET_SECONDS = 1.0


class Progress:
    """progress(done, total) for an export of `total` pages or frames (key: the catalogue's
    "progress.<key>"); returns True (go on). `end` erases the line."""

    def __init__(
        self,
        key: str,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._key = key
        self._stream = stream or sys.stderr
        self._clock = clock
        self._started = clock()
        self._width = 0  # of the line shown, to erase it
        isatty = getattr(self._stream, "isatty", None)
        self._shown = bool(isatty and isatty())

    def __call__(self, done: int, total: int) -> bool:
        elapsed = self._clock() - self._started
        if not self._shown or elapsed < QUIET_SECONDS or not 0 < done < total:
            return True  # the last one done: `end` erases the line
        left = elapsed / done * (total - done)
        line = tr(f"progress.{self._key}", done=done, total=total, left=_duration(left))
        width = _columns(line)
        self._write("\r" + line + " " * max(0, self._width - width))
        self._width = width
        return True

    def end(self) -> None:
        if self._width:
            self._write("\r" + " " * self._width + "\r")
            self._width = 0

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except OSError:  # a terminal gone: the export goes on without its line
            self._shown = False


def _columns(text: str) -> int:
    """The terminal columns text takes: Hangul and other wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _duration(seconds: float) -> str:
    whole = max(1, round(seconds))
    if whole < 60:
        return tr("progress.seconds", s=whole)
    return tr("progress.minutes", m=whole // 60, s=whole % 60)
