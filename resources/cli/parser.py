"""The command line's parser: its options in the current language, one-line errors, and the
values it joins or refuses before argparse reads them."""

from __future__ import annotations

import argparse
import functools
import math
import os
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from pe_clock import __version__
from pe_clock.core import i18n
from pe_clock.core.format import shown
from pe_clock.core.i18n import tr
from pe_clock.core.layout import LAYOUTS
from pe_clock.gui.model.choices import THEME_NAMES
from pe_clock.gui.model.picture import PARAMETERS, Picture
from pe_clock.gui.model.request import CLI
from pe_clock.gui.views import VIEW_NAMES

#: The figure's fields the command line sets: every teaching field, as --pos, --d-model,
#: --alibi-heads, --rope-layout … (the window, export and code alike), each from its
#: declaration (`gui.model.picture.Picture`): its type, choices, range and help.
OPTION_FIELDS = PARAMETERS


def default_text(name: str) -> str:
    """A field's default as its option's help says it (10000, not 10000.0, 0,64,128)."""
    field = Picture.FIELDS[name]
    default = field.initial(Picture().values()) if callable(field.default) else field.default
    if isinstance(default, float):
        return f"{default:g}"
    return field.to_text(default)


def allowed_text(name: str) -> str:
    """What a field takes, from its declaration: its choices, true or false, or its range."""
    field = Picture.FIELDS[name]
    control = field.control
    if field.kind is bool:
        return tr("cli.allowed_bool")
    if control is not None and control.choices:
        return ", ".join(control.choices)
    if field.kind is tuple:
        return tr("cli.allowed_pairs")
    if control is not None and control.lo is not None and control.hi is not None:
        even = tr("allowed.even_word") + ", " if control.step == 2 else ""
        ends = (control.lo, control.hi)
        lo, hi = (f"{int(v):,}" if float(v).is_integer() else f"{v:,g}" for v in ends)
        if control.lo_open:
            return tr("cli.allowed_above", lo=lo, hi=hi)
        return f"{even}{lo}..{hi}"
    return ""


def field_help(name: str, window: bool = False) -> str:
    """A field's option's help: the catalogue's cli.opt.<name> (cli.opt.<name>_window on the
    window) where it has one, else the field's tooltip, with what it takes (its declared
    range or choices) and its default."""
    values = {"default": default_text(name), "allowed": allowed_text(name)}
    for key in ([f"cli.opt.{name}_window"] if window else []) + [f"cli.opt.{name}"]:
        if i18n.has(key):
            return tr(key, layouts=", ".join(LAYOUTS), **values)
    return tr("cli.opt.field", tip=tr(Picture.FIELDS[name].tip), **values)


def field_value(name: str, text: str) -> Any:
    """An option's text as its field's type (true/false, three pairs 0,64,128, a number, a
    choice), spaces around it aside; anything else as written, for the field's check to
    refuse by name."""
    kind = Picture.FIELDS[name].kind
    if kind is bool:
        return {"true": True, "false": False}.get(text.strip().lower(), text)
    if kind is tuple:
        parts = [number(part) for part in text.split(",")]
        return tuple(parts) if all(isinstance(part, int) for part in parts) else text
    if kind is str:
        return text.strip()
    return number(text)


#: Digits past which a number's text is not read (Python reads no longer integer).
MAX_DIGITS = 4000


def number(text: str) -> Any:
    """A number's text as written: '12' -> 12, '1e4' -> 10000 (an integer where the text is
    one exactly), '2.5' -> 2.5, 'nan' -> nan. Anything else is returned as is, for the
    checks to name (Any: every caller passes the result to a check that validates it): not
    ASCII (the Arabic-Indic ٣, a full-width ３), not a number, past MAX_DIGITS digits, or a
    fraction a float would round to a whole number or to 0 (2.0000000000000001, 1e-400)."""
    if not text.isascii():
        return text
    try:
        exact = Decimal(text)
    except InvalidOperation:
        return text
    if not exact.is_finite():
        return float(exact)
    if exact.adjusted() > MAX_DIGITS or len(exact.as_tuple().digits) > MAX_DIGITS:
        return text
    if exact == exact.to_integral_value():
        return int(exact)
    value = float(exact)
    return text if value.is_integer() or math.isinf(value) else value


def given_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The figure's fields written on the command line, in their types."""
    texts = {name: getattr(args, name, None) for name in OPTION_FIELDS}
    return {name: field_value(name, text) for name, text in texts.items() if text is not None}


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2, and no option
    abbreviations (``--la xx`` would otherwise slip past the --lang check)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, error_line(self.prog, message) + "\n")


def argparse_text(message: str) -> str:
    """argparse's own texts (usage:, options, its error messages) in the current language."""
    key = f"argparse.{message}"
    return tr(key) if i18n.has(key) else message


def build_parser() -> argparse.ArgumentParser:
    """The command line, with every text in the current language."""
    parser = Parser(prog="pe-clock", description=tr("cli.description"))
    parser.add_argument(
        "--version", action="version", version=f"PE Clock {__version__}", help=tr("cli.version")
    )
    parser.add_argument("--lang", help=tr("cli.lang"))
    parser.add_argument("--reset-settings", action="store_true", help=tr("cli.reset"))
    parser.add_argument(
        "--install-desktop-entry", action="store_true", help=tr("cli.desktop_entry")
    )
    # The window opens on these (over the saved settings), so a desktop shortcut can open the
    # picture a lecture needs.
    parser.add_argument("--view", help=tr("cli.opt.window_view", views=", ".join(VIEW_NAMES)))
    parser.add_argument("--deck", help=tr("cli.opt.deck"))
    parser.add_argument("--stage", action="store_true", help=tr("cli.opt.stage"))
    parser.add_argument("--model", help=tr("cli.opt.model"))
    add_field_options(parser, window=True)
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    export = commands.add_parser(
        "export", help=tr("cli.export"), description=tr("cli.export_description")
    )
    export.add_argument("--view", help=tr("cli.opt.view", views=", ".join(VIEW_NAMES)))
    export.add_argument("--out", required=True, type=Path, help=tr("cli.opt.out"))
    add_field_options(export)
    export.add_argument("--width", help=tr("cli.opt.width"))
    export.add_argument("--height", help=tr("cli.opt.height"))
    export.add_argument("--caption", action="store_true", help=tr("cli.opt.caption"))
    export.add_argument("--from", dest="start", help=tr("cli.opt.from"))
    export.add_argument("--to", dest="stop", help=tr("cli.opt.to"))
    export.add_argument("--fps", help=tr("cli.opt.fps"))
    export.add_argument("--embeddings", type=Path, help=tr("cli.opt.embeddings"))
    export.add_argument("--theme", help=tr("cli.opt.theme", themes=", ".join(THEME_NAMES)))
    export.add_argument("--deck", help=tr("cli.opt.handout"))
    export.add_argument("--paper", help=tr("cli.opt.paper"))
    export.add_argument("--stage", action="store_true", help=tr("cli.opt.stage_export"))
    add_model_options(export)
    export.add_argument("--lang", help=tr("cli.lang"))
    code = commands.add_parser("code", help=tr("cli.code"), description=tr("cli.code_description"))
    code.add_argument("--view", help=tr("cli.opt.code_view", views=", ".join(VIEW_NAMES)))
    add_field_options(code)
    add_model_options(code)
    code.add_argument("--torch", action="store_true", help=tr("cli.opt.torch"))
    code.add_argument("--lang", help=tr("cli.lang"))
    model = commands.add_parser(
        "model", help=tr("cli.model"), description=tr("cli.model_description")
    )
    model.add_argument("path", help=tr("cli.opt.model_path"))
    model.add_argument("--json", action="store_true", help=tr("cli.opt.json"))
    model.add_argument("--lang", help=tr("cli.lang"))
    return parser


def add_field_options(command: argparse.ArgumentParser, window: bool = False) -> None:
    """A flag for every teaching field (None where not given: a model's number then stands,
    or the window's saved one)."""
    for name in OPTION_FIELDS:
        command.add_argument(CLI.flag(name), help=field_help(name, window))


def add_model_options(command: argparse.ArgumentParser) -> None:
    """--model and its layer group: the same on export and code."""
    command.add_argument("--model", help=tr("cli.opt.model"))
    command.add_argument("--layers", help=tr("cli.opt.layers"))


#: The commands; the window's options written before one of them are refused.
COMMANDS = ("export", "code", "model")


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [action for action in parser._actions if action.option_strings]


def _commands(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    return [
        command
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for command in action.choices.values()
    ]


class OptionSets(NamedTuple):
    """The command line's options, by what they do (`option_sets`)."""

    takes_value: frozenset[str]
    shared: frozenset[str]
    window_only: frozenset[str]


@functools.cache
def option_sets() -> OptionSets:
    """Read off the parser, so an option is declared once (where it is added):

    - the options that take a value: a value that starts with "-" (--pos -inf) is joined to
      its option (--pos=-inf), so the value check names the problem rather than argparse;
    - the window's options that a command takes too: written before "export", they went to
      the window and the export never saw them (pe-clock --d-model 8 export … drew 512);
    - the window's options that mean nothing to a command (--reset-settings, …).
    """
    parser = build_parser()
    window = _options(parser)
    commands = [action for command in _commands(parser) for action in _options(command)]
    takes_value = {
        flag for action in window + commands if action.nargs != 0 for flag in action.option_strings
    }
    window_flags = {flag for action in window for flag in action.option_strings}
    command_flags = {flag for action in commands for flag in action.option_strings}
    everywhere = {"-h", "--help", "--lang", "--version"}
    shared = (window_flags & command_flags) - everywhere
    window_only = window_flags - command_flags - everywhere
    return OptionSets(frozenset(takes_value), frozenset(shared), frozenset(window_only))


def join_dashed_values(argv: list[str]) -> list[str]:
    joined: list[str] = []
    args = iter(argv)
    takes_value = option_sets().takes_value
    for arg in args:
        if arg in takes_value:
            value = next(args, None)
            if value is not None and value.startswith("-") and value not in takes_value:
                joined.append(f"{arg}={value}")
                continue
            joined.append(arg)
            if value is not None:
                joined.append(value)
            continue
        joined.append(arg)
    return joined


def option_before_command(tokens: list[str]) -> tuple[str, str, str] | None:
    """(A window option written before a command, the message key that says where it goes,
    the command), or None. --lang serves all; --help, --version and unknown options are
    argparse's."""
    takes_value, shared, window_only = option_sets()
    for index, token in enumerate(tokens):
        if token in COMMANDS and (index == 0 or tokens[index - 1] not in takes_value):
            for flag in (t.split("=")[0] for t in tokens[:index] if t.startswith("-")):
                if flag in window_only:
                    return flag, "cli.not_with_export", token
                if flag in shared:
                    return flag, "cli.before_export", token
            return None
    return None


def out_is_folder(tokens: list[str]) -> bool:
    """Whether --out was written as a folder, ending in "/" (argparse's Path drops it)."""
    value = ""
    for index, token in enumerate(tokens):
        if token == "--out" and index + 1 < len(tokens):
            value = tokens[index + 1]
        elif token.startswith("--out="):
            value = token.partition("=")[2]
    return value.endswith(("/", os.sep))


def error_line(prog: str, message: object) -> str:
    """One line, always, and nothing a terminal acts on: a newline in a path or value is
    shown as \\n, an escape (a title change, a colour) as \\x1b, never sent."""
    return shown(tr("cli.error", prog=prog, message=message))


def fail(message: str, code: int = 2, prog: str = "pe-clock export") -> int:
    print(error_line(prog, message), file=sys.stderr)
    return code
