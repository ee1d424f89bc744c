"""`pe-clock code`: the NumPy script that recomputes a view's numbers, on standard output."""

from __future__ import annotations

import argparse
import os
import sys

from pe_clock.cli.checks import figure_of
from pe_clock.cli.parser import fail
from pe_clock.core.i18n import tr
from pe_clock.gui.model.request import CLI
from pe_clock.gui.views import VIEWS


def run_code(args: argparse.Namespace) -> int:
    """Print the script; a bad view or value exits 2 with one line and prints nothing. Qt
    is never imported: the request is checked, and the script written, from the fields'
    declarations (a fresh picture, never the saved settings, takes the model's numbers and
    the parameters given over them)."""
    prog = "pe-clock code"
    try:
        request = figure_of(args, allow_no_model=True)
        values = request.checked.values()
        text = VIEWS[request.view].code(values, request.language, args.torch, CLI.switch("torch"))
    except ValueError as err:
        return fail(str(err), 2, prog)
    if request.notes:  # the script is written with the other numbers: said, not hidden
        print(f"{prog}: {request.notes}".replace("\n", "\\n"), file=sys.stderr)
    return write_stdout(text, prog)


def write_stdout(text: str, prog: str) -> int:
    """Write text to stdout: as UTF-8 bytes where its encoding cannot spell the comments (a
    C locale), quietly when a pipe's reader stops early (| head), 1 with one line when the
    device is full or stdout is closed."""
    if sys.stdout is None:  # started with stdout closed (>&-)
        return fail(tr("cli.stdout_failed", reason=os.strerror(9)), 1, prog)
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:  # a C locale, or a lone surrogate from a model's file
            sys.stdout.flush()
            sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))
        sys.stdout.flush()
    except OSError as err:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second failure
        if isinstance(err, BrokenPipeError):
            return 0
        return fail(tr("cli.stdout_failed", reason=err.strerror or err), 1, prog)
    return 0
