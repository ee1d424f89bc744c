"""One frame for a burst of changes: a dragged slider's steps drawn once (`Frames`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

#: How long a frame waits for the next change: the kernel reads one message between two
#: turns of its loop, so a frame scheduled for the next turn would be drawn for every step of
#: a drag; one scheduled this much later is drawn once, for the last step that came before.
SETTLE_SECONDS = 0.02


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running on this thread (a notebook kernel's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Frames:
    """Draws one frame for a burst of changes: the first schedules a frame on the kernel's
    event loop SETTLE_SECONDS later, the next only update what it will draw; without a
    running loop (a script, a test), each change draws at once. `loop_of` finds the loop (a
    test holds its clock with a loop of its own)."""

    def __init__(self, draw: Callable[[], None]) -> None:
        self._draw = draw
        self.scheduled = False
        self.drawn = 0
        self.loop_of = running_loop
        self._on: asyncio.AbstractEventLoop | None = None  # the loop the frame due is on
        self._due: asyncio.TimerHandle | None = None  # the frame due there

    def request(self) -> None:
        # A frame scheduled on a loop that ended before it ran (asyncio.run returned) is not
        # due any more: without this no frame was ever drawn again.
        if self.scheduled and self._on is not None and not self._on.is_closed():
            return
        loop = self.loop_of()
        if loop is None:
            self.flush()
            return
        self.scheduled, self._on = True, loop
        self._due = loop.call_later(SETTLE_SECONDS, self.flush)

    def flush(self) -> None:
        """Draw the frame now (the one scheduled, if any, is not drawn again): a new view or
        look is one change, not a drag, and waits for no other."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
        self.scheduled = False
        self.drawn += 1
        self._draw()
