"""PE Clock's command line: opens the window by default; `export` writes figures headless.

`run` is the `pe-clock` command, `python -m pe_clock` and a checkout's main.py. The parser,
the checks, the export and the window are modules of their own; this one reads the language
and hands over."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

# First: Ctrl+C, SIGTERM and SIGHUP end quietly while the modules below load.
from pe_clock.cli import signals  # noqa: F401  (installs its handler on import)
from pe_clock.cli.code import run_code
from pe_clock.cli.export import run_export
from pe_clock.cli.model import run_model
from pe_clock.cli.parser import (
    argparse_text,
    build_parser,
    fail,
    given_fields,
    join_dashed_values,
    option_before_command,
    option_sets,
    out_is_folder,
)
from pe_clock.cli.window import refused_before_qt, run_gui
from pe_clock.core import i18n
from pe_clock.core.format import shown
from pe_clock.core.i18n import tr
from pe_clock.core.params import check_choice
from pe_clock.gui.model.request import CLI, check_drawn
from pe_clock.gui.views import check_view


def language_from(argv: Sequence[str]) -> str | None:
    """The value of --lang in argv (as --lang X or --lang=X), or None when absent; the last
    one when repeated, as argparse takes every other option (--lang ko --lang xx is refused)."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]  # even "--version": "--lang --version" joins to --lang=--version
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = language_from(argv)
    if lang is not None:
        try:
            check_choice("--lang", lang, i18n.LANGUAGES)
        except ValueError as err:
            return fail(str(err), 2, "pe-clock")
    i18n.set_language(lang or i18n.system_language())
    vars(argparse)["_"] = argparse_text  # argparse looks its texts up through this gettext hook
    tokens = join_dashed_values(argv)
    for token in tokens:  # argparse reads "--pos=--" (or "--pos --") as an empty list
        option, _, value = token.partition("=")
        if value == "--" and option in option_sets().takes_value:
            return fail(f"argument {option}: {tr('argparse.expected one argument')}", 2, "pe-clock")
    misplaced = option_before_command(tokens)
    if misplaced is not None:
        option, key, command = misplaced
        return fail(tr(key, option=option, command=command), 2, "pe-clock")
    args = build_parser().parse_args(tokens)
    args.out_folder = out_is_folder(tokens)
    if args.command == "export":
        return run_export(args)
    if args.command == "code":
        return run_code(args)
    if args.command == "model":
        return run_model(args)
    if args.install_desktop_entry:
        from pe_clock.gui.platform.desktop_entry import install_desktop_entry

        try:
            for path in install_desktop_entry():
                print(path)
        except OSError as err:  # a WriteError among them
            return fail(str(err), 1, "pe-clock")
        return 0
    opening = given_fields(args)  # checked with the saved settings before Qt loads
    if args.view is not None:
        try:
            check_view(args.view)
        except ValueError as err:
            return fail(str(err), 2, "pe-clock")
        try:
            check_drawn(args.view, opening, CLI)
        except ValueError as err:  # the window shows every view: kept for them, and said
            print(shown(f"pe-clock: {tr('cli.kept_for_views', message=err)}"), file=sys.stderr)
    refused = refused_before_qt(args.reset_settings, opening, args.deck)
    if refused:
        return fail(refused, 2, "pe-clock")
    return run_gui(lang, args.reset_settings, opening, args.view, args.deck, args.stage, args.model)


def run() -> NoReturn:
    """The ``pe-clock`` command, ``python -m pe_clock`` and a checkout's main.py."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl+C before the handlers were installed: no traceback
        sys.exit(130)
