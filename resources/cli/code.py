"""`pe-clock code`: the NumPy script that recomputes a view's numbers, on standard output."""

from __future__ import annotations

import argparse
import os
import sys

from pe_clock.cli.checks import given_parameters, model_options, parameters, show_options
from pe_clock.cli.parser import fail
from pe_clock.core.figure_code import script
from pe_clock.core.i18n import language, tr
from pe_clock.gui.views import check_view


def run_code(args: argparse.Namespace) -> int:
    """Print the script; a bad view or value exits 2 with one line and prints nothing."""
    from pe_clock.gui.model.state import AppState

    prog = "pe-clock code"
    try:
        check_view(args.view)
        options = model_options(args, args.view)
        options["given"] = given_parameters(args)
        # The window's rules and defaults: a fresh state (never the saved settings) takes
        # the parameters, then the model's numbers and those given over them; the other
        # fields (the scaling, ...) keep theirs.
        state = AppState(parameters(args))
        if args.layout is not None:
            state.set(layout=args.layout)
        show_options(state, options)
        text = script(args.view, state.values(), language(), torch=args.torch)
    except ValueError as err:
        return fail(str(err), 2, prog)
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
