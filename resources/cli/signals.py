"""The signals that stop PE Clock, and a quiet end while the command line loads."""

from __future__ import annotations

import signal

#: The signals that stop an export between drawing steps, or close the window (settings saved):
#: Ctrl+C, Ctrl+\ (SIGQUIT), kill, and the terminal closing (SIGHUP), where the system has them.
STOP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
    if hasattr(signal, name)
)


def _stopped_while_starting(signum: int, _frame: object) -> None:
    """A stop signal (`STOP_SIGNALS`) while the modules below load: nothing is written yet, so end
    at once with the signal's status and one line, not a KeyboardInterrupt traceback (or no
    word at all). The export and the window install their own handlers."""
    import os

    os.write(2, f"pe-clock: stopped by {signal.Signals(signum).name} while starting\n".encode())
    os._exit(128 + signum)


for _signum in STOP_SIGNALS:
    signal.signal(_signum, _stopped_while_starting)
