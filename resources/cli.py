"""PE Clock's command line: opens the window by default; `export` writes figures headless.

`run` is the `pe-clock` command, `python -m pe_clock` and a checkout's main.py."""

from __future__ import annotations

import signal

#: The signals that stop an export between drawing steps, or close the window (settings saved):
#: Ctrl+C, kill, and the terminal closing (SIGHUP, where the system has it).
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def _stopped_while_starting(signum: int, _frame: object) -> None:
    """Ctrl+C, SIGTERM or SIGHUP while the modules below load: nothing is written yet, so end
    at once with the signal's status and one line, not a KeyboardInterrupt traceback (or no
    word at all). The export and the window install their own handlers."""
    import os

    os.write(2, f"pe-clock: stopped by {signal.Signals(signum).name} while starting\n".encode())
    os._exit(128 + signum)


for _signum in STOP_SIGNALS:
    signal.signal(_signum, _stopped_while_starting)

import argparse
import contextlib
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from pe_clock import __version__
from pe_clock.core import i18n
from pe_clock.core.examples import load_embeddings
from pe_clock.core.i18n import echo, tr
from pe_clock.core.layout import LAYOUTS, check_layout
from pe_clock.core.params import Params, check_int, check_real
from pe_clock.gui.export.options import (
    ANIMATION_SUFFIX,
    DEFAULT_FPS,
    MAX_FPS,
    MAX_FRAMES,
    MAX_SIDE,
    MIN_FPS,
    MIN_PAGE_HEIGHT,
    MIN_SIDE,
    STILL_SUFFIXES,
    check_paper,
)
from pe_clock.gui.model.choices import THEME_NAMES, check_theme
from pe_clock.gui.platform.files import Interrupted, WriteError, check_target, note_signal
from pe_clock.gui.views import VIEW_NAMES, VIEWS

PARAMETERS = (  # (option, default, catalogue key of its help)
    ("pos", "0", "cli.opt.pos"),
    ("k", "1", "cli.opt.k"),
    ("d-model", "512", "cli.opt.d_model"),
    ("max-len", "50", "cli.opt.max_len"),
    ("base", "10000", "cli.opt.base"),
)


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


def system_language() -> str:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return i18n.language_for_locale(os.environ[name])
    return "en"


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
    parser.add_argument("--layout", help=tr("cli.opt.layout", layouts=", ".join(LAYOUTS)))
    parser.add_argument("--deck", help=tr("cli.opt.deck"))
    parser.add_argument("--stage", action="store_true", help=tr("cli.opt.stage"))
    for name, _, key in PARAMETERS:
        parser.add_argument(f"--{name}", help=tr(f"{key}_window"))
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    export = commands.add_parser(
        "export", help=tr("cli.export"), description=tr("cli.export_description")
    )
    export.add_argument(
        "--view", default="window", help=tr("cli.opt.view", views=", ".join(VIEW_NAMES))
    )
    export.add_argument("--out", required=True, type=Path, help=tr("cli.opt.out"))
    for name, default, key in PARAMETERS:
        export.add_argument(f"--{name}", default=default, help=tr(key, default=default))
    export.add_argument("--width", help=tr("cli.opt.width"))
    export.add_argument("--height", help=tr("cli.opt.height"))
    export.add_argument("--caption", action="store_true", help=tr("cli.opt.caption"))
    export.add_argument("--from", dest="start", help=tr("cli.opt.from"))
    export.add_argument("--to", dest="stop", help=tr("cli.opt.to"))
    export.add_argument("--fps", help=tr("cli.opt.fps"))
    export.add_argument("--embeddings", type=Path, help=tr("cli.opt.embeddings"))
    export.add_argument("--layout", help=tr("cli.opt.layout", layouts=", ".join(LAYOUTS)))
    export.add_argument("--theme", help=tr("cli.opt.theme", themes=", ".join(THEME_NAMES)))
    export.add_argument("--deck", help=tr("cli.opt.handout"))
    export.add_argument("--paper", help=tr("cli.opt.paper"))
    export.add_argument("--stage", action="store_true", help=tr("cli.opt.stage_export"))
    export.add_argument("--lang", help=tr("cli.lang"))
    return parser


#: Options that take a value: a value that starts with "-" (--pos -inf) is joined to its
#: option (--pos=-inf), so the value check names the problem rather than argparse.
VALUE_OPTIONS = {
    "--lang", "--view", "--deck", "--out", "--width", "--height", "--from", "--to", "--fps",
    "--embeddings", "--layout", "--theme", "--paper", *(f"--{name}" for name, _, _ in PARAMETERS),
}  # fmt: skip


def join_dashed_values(argv: list[str]) -> list[str]:
    joined: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg in VALUE_OPTIONS:
            value = next(args, None)
            if value is not None and value.startswith("-") and value not in VALUE_OPTIONS:
                joined.append(f"{arg}={value}")
                continue
            joined.append(arg)
            if value is not None:
                joined.append(value)
            continue
        joined.append(arg)
    return joined


#: The window's options that export takes too: written before "export", they went to the
#: window and the export never saw them (pe-clock --d-model 8 export … drew d_model 512).
SHARED_OPTIONS = {"--view", "--layout", "--deck", "--stage", *(f"--{n}" for n, _, _ in PARAMETERS)}
#: The window's options that mean nothing to an export.
WINDOW_ONLY = ("--reset-settings", "--install-desktop-entry")


def option_before_export(tokens: list[str]) -> tuple[str, str] | None:
    """(A window option written before the export command, the message key that says where it
    goes), or None. --lang serves both; --help, --version and unknown options are argparse's."""
    for index, token in enumerate(tokens):
        if token == "export" and (index == 0 or tokens[index - 1] not in VALUE_OPTIONS):
            for option in (t.split("=")[0] for t in tokens[:index] if t.startswith("-")):
                if option in WINDOW_ONLY:
                    return option, "cli.not_with_export"
                if option in SHARED_OPTIONS:
                    return option, "cli.before_export"
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


def number(text: str) -> Any:
    """'12' -> 12, '1e4' -> 10000.0; anything else is returned as is for the checks to name
    (Any: every caller passes the result to a check that validates it)."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return text
    # Too long to be an integer (past Python's 4,300 digits) and so read as inf: named as
    # written (a 5,000-digit --pos was reported as "got inf").
    return text if math.isinf(value) and "inf" not in text.lower() else value


def integer(name: str, text: str | None, default: int, lo: int, hi: int) -> int:
    return default if text is None else check_int(name, number(text), lo, hi)


def check_view(view: str) -> None:
    """Refuse a --view that is not registered (export and window alike)."""
    if view not in VIEW_NAMES:
        allowed = tr("allowed.choice", choices=", ".join(VIEW_NAMES))
        raise ValueError(tr("error.must", name="--view", value=echo(view), allowed=allowed))


def parameters(args: argparse.Namespace) -> Params:
    return Params(
        d_model=number(args.d_model),
        max_len=number(args.max_len),
        base=number(args.base),
        pos=number(args.pos),
        k=number(args.k),
    )


def headless_application() -> object:
    """The QApplication of an export: offscreen unless a display is there."""
    if not os.environ.get("QT_QPA_PLATFORM") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from pe_clock.gui.platform.app import create_application, quiet_offscreen_warnings

    quiet_offscreen_warnings()
    return QApplication.instance() or create_application()


def check_export(args: argparse.Namespace) -> tuple[Params, dict[str, Any]]:
    """Validate every export argument before anything is drawn; raise ValueError if bad."""
    check_view(args.view)
    if args.paper is not None:
        raise ValueError(tr("cli.paper_deck"))
    params = parameters(args)
    out: Path = args.out
    suffix = out.suffix.lower()
    if suffix not in (*STILL_SUFFIXES, ANIMATION_SUFFIX):
        raise ValueError(tr("cli.out_suffix", value=repr(str(out))))
    try:
        if out.is_dir() or args.out_folder:  # t.png/ names a folder: it was written as t.png
            raise ValueError(
                tr("cli.out_dir", value=repr(str(out) + ("/" if args.out_folder else "")))
            )
        folder = out.parent
        if not folder.is_dir():
            raise ValueError(tr("cli.out_missing", value=repr(str(folder))))
        if not os.access(folder, os.W_OK):
            raise ValueError(tr("cli.out_readonly", value=repr(str(folder))))
        check_target(out)
    except WriteError as err:
        raise ValueError(tr("cli.out_refused", message=err)) from err
    except OSError as err:
        reason = err.strerror or err
        raise ValueError(tr("cli.out_refused", message=reason)) from err
    default_w, default_h = (1920, 1080) if args.stage else VIEWS[args.view].size
    options: dict[str, Any] = {
        "width": integer("width", args.width, default_w, MIN_SIDE, MAX_SIDE),
        "height": integer("height", args.height, default_h, MIN_SIDE, MAX_SIDE),
    }
    if suffix == ANIMATION_SUFFIX:
        first = max(0, -params.k)
        last = params.max_len - 1
        start = integer("from", args.start, first, first, last)
        stop_limit = min(last, start + MAX_FRAMES - 1)
        options["start"] = start
        options["stop"] = integer("to", args.stop, stop_limit, start, stop_limit)
        options["fps"] = (
            DEFAULT_FPS
            if args.fps is None
            else check_real(
                "fps",
                number(args.fps),
                MIN_FPS,
                MAX_FPS,
                ("allowed.fps", {"lo": MIN_FPS, "hi": MAX_FPS}),
            )
        )
    else:
        for flag, value in (("--from", args.start), ("--to", args.stop), ("--fps", args.fps)):
            if value is not None:
                raise ValueError(tr("cli.gif_only", flag=flag, value=repr(str(out))))
    options.update(look(args))
    if args.embeddings is not None:
        if args.view != "embedding":
            raise ValueError(tr("cli.embeddings_view", view=args.view))
        options["embeddings"] = load_embeddings(args.embeddings, params.d_model)
    return params, options


def error_line(prog: str, message: object) -> str:
    """One line, always: a newline in a path or value is shown as \\n."""
    text = tr("cli.error", prog=prog, message=message)
    return text.replace("\r", "\\r").replace("\n", "\\n")


def fail(message: str, code: int = 2, prog: str = "pe-clock export") -> int:
    print(error_line(prog, message), file=sys.stderr)
    return code


def check_handout(args: argparse.Namespace) -> tuple[Params, dict[str, Any]]:
    """Validate a handout's arguments (export --deck) before anything is drawn."""
    if args.view != "window":
        raise ValueError(tr("cli.handout_view"))
    for flag, value in (("--from", args.start), ("--to", args.stop), ("--fps", args.fps)):
        if value is not None:
            raise ValueError(tr("cli.gif_only", flag=flag, value=repr(str(args.out))))
    for flag, given in (
        ("--caption", args.caption),
        ("--stage", args.stage),
        ("--embeddings", args.embeddings is not None),
    ):
        if given:
            raise ValueError(tr("cli.handout_flag", flag=flag))
    params = parameters(args)
    out: Path = args.out
    try:
        is_dir = out.is_dir()
        # FOLDER/ (argparse's Path drops the slash, so main notes it: week1.v2/ is a folder).
        folder = args.out_folder or is_dir or not out.suffix
        if not folder and out.suffix.lower() != ".pdf":
            raise ValueError(tr("cli.handout_out", value=repr(str(out))))
        parent = out if is_dir else out.parent
        if not parent.is_dir():
            raise ValueError(tr("cli.out_missing", value=repr(str(parent))))
        if folder and not is_dir and os.path.lexists(out):  # a file where the folder would be
            raise ValueError(tr("cli.out_not_folder", value=repr(str(out))))
        # As for a still: refused before drawing (16 pages were drawn, then a raw Errno 13).
        if not os.access(parent, os.W_OK):
            raise ValueError(tr("cli.out_readonly", value=repr(str(parent))))
        if not is_dir:
            check_target(out)  # the PDF, or the folder to be made: a name it may have
    except (OSError, WriteError) as err:  # a name too long to look up, a folder not searchable
        reason = err.strerror if isinstance(err, OSError) else str(err)
        raise ValueError(tr("export.cannot_write", path=out, reason=reason)) from err
    paper = check_paper("slide" if args.paper is None else args.paper)
    for flag in ("width", "height"):
        if paper != "slide" and getattr(args, flag) is not None:
            raise ValueError(tr("cli.paper_size", flag=flag, paper=paper))
    options: dict[str, Any] = {
        "width": integer("width", args.width, 1920, MIN_SIDE, MAX_SIDE),
        # A page keeps bands for its title and note: its figure is MIN_SIDE high at least.
        "height": integer("height", args.height, 1080, MIN_PAGE_HEIGHT, MAX_SIDE),
        "folder": folder,
        "paper": paper,
        **look(args),
    }
    return params, options


def look(args: argparse.Namespace) -> dict[str, str]:
    """--layout and --theme of an export or a handout, checked: the state fields they set."""
    chosen = {}
    if args.layout is not None:
        chosen["layout"] = check_layout(args.layout)
    if args.theme is not None:
        chosen["theme"] = check_theme(args.theme)
    return chosen


def report(written: list[Path]) -> int:
    """Print the files written, one a line; 1 if stdout cannot take them (a full device, a
    closed pipe), with one message and no second failure at exit."""
    # The files are in place: a signal from now on changes nothing. Ignored, not handled:
    # Python puts back the default action of a signal it handles as it shuts down, and a
    # SIGTERM then ended a finished export with 143 (17 runs in 30).
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    for path in written:
        name = str(path).replace("\r", "\\r").replace("\n", "\\n")  # one line per file
        try:
            print(name, flush=True)
        except UnicodeEncodeError:  # a name stdout's encoding cannot spell: escaped, not lost
            print(name.encode("ascii", "backslashreplace").decode("ascii"), flush=True)
        except OSError as err:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return fail(tr("cli.stdout", path=path, reason=err.strerror or err), 1)
    return 0


def run_handout(args: argparse.Namespace) -> int:
    """export --deck: one page (or PNG) per scene; a bad deck exits 2 and writes nothing."""
    try:
        params, options = check_handout(args)
    except ValueError as err:
        return fail(str(err))

    from pe_clock.gui.export.handout import export_handout
    from pe_clock.gui.export.render import ExportError
    from pe_clock.gui.model.deck import DeckError, check_deck, read_deck
    from pe_clock.gui.model.state import AppState

    app = headless_application()
    state = AppState(params)
    try:
        state.set(**{n: options[n] for n in ("layout", "theme") if n in options})
        scenes = read_deck(args.deck)
        check_deck(scenes, state)
    except DeckError as err:
        state.deleteLater()
        return fail(str(err))
    made = False  # only a folder this run's mkdir made is removed on failure
    try:
        if options["folder"]:
            with contextlib.suppress(FileExistsError):  # another run made it first: ours too
                args.out.mkdir()
                made = True
        written = export_handout(
            args.out, scenes, state, options["width"], options["height"], options["paper"]
        )
    except (ExportError, OSError, Interrupted) as err:
        if made:  # the folder this run made, and nothing in it
            with contextlib.suppress(OSError):
                args.out.rmdir()
        if isinstance(err, Interrupted):
            return fail(tr("export.interrupted", signal=err, path=args.out), 128 + err.signum)
        return fail(str(err), 1)
    finally:
        state.deleteLater()
    del app
    if options["folder"]:
        from pe_clock.gui.export.handout import earlier_pages

        earlier = earlier_pages(args.out, written)
        if earlier:  # the folder would print them too: said, not deleted
            names = ", ".join(path.name for path in earlier[:3]) + (", …" if earlier[3:] else "")
            note = tr("handout.earlier", n=len(earlier), names=names)
            print(f"pe-clock export: {note}".replace("\n", "\\n"), file=sys.stderr)
    return report(written)


def run_export(args: argparse.Namespace) -> int:
    # Ctrl+C, SIGTERM and SIGHUP are noted and acted on between drawing steps (note_signal).
    for signum in STOP_SIGNALS:
        signal.signal(signum, note_signal)
    if args.deck is not None:
        return run_handout(args)
    try:
        params, options = check_export(args)
    except ValueError as err:
        return fail(str(err))

    from pe_clock.gui.export.animation import export_animation
    from pe_clock.gui.export.render import ExportError, export_figure
    from pe_clock.gui.model.state import AppState

    app = headless_application()
    state = AppState(params)
    state.set(**{n: options[n] for n in ("layout", "theme") if n in options})
    if "embeddings" in options:
        state.set_embeddings(options["embeddings"])
        state.embeddings_file = args.embeddings.name
    try:
        if args.out.suffix.lower() == ANIMATION_SUFFIX:
            written = export_animation(
                args.out,
                args.view,
                state,
                options["start"],
                options["stop"],
                options["fps"],
                options["width"],
                options["height"],
                args.caption,
                stage=args.stage,
            )
        else:
            written = export_figure(
                args.out,
                args.view,
                state,
                options["width"],
                options["height"],
                args.caption,
                stage=args.stage,
            )
    except ExportError as err:
        return fail(str(err), 1)
    except Interrupted as stop:
        return fail(tr("export.interrupted", signal=stop, path=args.out), 128 + stop.signum)
    finally:
        state.deleteLater()
    del app
    return report([] if written is None else [written])  # None: stopped (the GUI only)


def run_gui(
    lang: str | None,
    reset: bool,
    opening: dict[str, Any] | None = None,
    view: str | None = None,
    deck: str | None = None,
    stage: bool = False,
) -> int:
    """Open the window (on the saved settings, then the command line's parameters and view);
    a parameter the window refuses exits 2 with one line before anything is shown."""
    import socket

    from PySide6.QtCore import QCoreApplication, QEvent, QSocketNotifier
    from PySide6.QtWidgets import QApplication

    from pe_clock.gui.model.deck import DeckError
    from pe_clock.gui.platform.app import create_application
    from pe_clock.gui.platform.settings import reset_settings
    from pe_clock.gui.window.main_window import MainWindow

    app = QApplication.instance() or create_application()
    if reset:
        # Refused values or a bad deck exit before the saved settings are cleared.
        from pe_clock.gui.model.deck import check_deck, read_deck
        from pe_clock.gui.model.state import AppState

        fresh = AppState()
        try:
            fresh.set(**(opening or {}))
            if deck is not None:
                check_deck(read_deck(deck), fresh)
        except (ValueError, TypeError, DeckError) as err:
            return fail(str(err), 2, "pe-clock")
        finally:
            fresh.deleteLater()
        try:
            reset_settings()
        except WriteError as err:
            return fail(str(err), 1, "pe-clock")
        print(tr("cli.reset_done"))
    window = MainWindow(language=lang)
    try:
        window.state.set(**(opening or {}))
        if deck is not None:
            window.deck.open(deck)  # its first scene, over the parameters above
    except (ValueError, TypeError, DeckError) as err:
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return fail(str(err), 2, "pe-clock")
    if view is not None:
        window.show_view(view)
    # Ctrl+C in the terminal, SIGTERM and SIGHUP close the window as its close button does (settings
    # saved). Qt's event loop runs in C++: the signal's wake-up byte on a socket brings
    # control back to Python at once, where the handler runs.
    received: list[int] = []

    def close_on_signal(signum: int, _frame: object) -> None:
        received.append(signum)
        window.closing_on_signal = True
        window.close()
        app.quit()  # whatever else is on screen (a note that the settings were not saved)

    wake_read, wake_write = socket.socketpair()
    wake_write.setblocking(False)
    signal.set_wakeup_fd(wake_write.fileno())
    notifier = QSocketNotifier(wake_read.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(lambda *_: wake_read.recv(64))
    for signum in STOP_SIGNALS:
        signal.signal(signum, close_on_signal)
    window.show()
    if stage:
        window.toggle_stage()
    code = app.exec()
    signal.set_wakeup_fd(-1)
    # Delete the window before Python tears down the QApplication (PySide6 would crash on it).
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return 128 + received[0] if received else code


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = language_from(argv)
    if lang is not None and lang not in i18n.LANGUAGES:
        allowed = tr("allowed.choice", choices=", ".join(i18n.LANGUAGES))
        return fail(
            tr("error.must", name="--lang", value=echo(lang), allowed=allowed), 2, "pe-clock"
        )
    i18n.set_language(lang or system_language())
    vars(argparse)["_"] = argparse_text  # argparse looks its texts up through this gettext hook
    tokens = join_dashed_values(argv)
    for token in tokens:  # argparse reads "--pos=--" (or "--pos --") as an empty list
        option, _, value = token.partition("=")
        if value == "--" and option in VALUE_OPTIONS:
            return fail(f"argument {option}: {tr('argparse.expected one argument')}", 2, "pe-clock")
    misplaced = option_before_export(tokens)
    if misplaced is not None:
        return fail(tr(misplaced[1], option=misplaced[0]), 2, "pe-clock")
    args = build_parser().parse_args(tokens)
    args.out_folder = out_is_folder(tokens)
    if args.command == "export":
        return run_export(args)
    if args.install_desktop_entry:
        from pe_clock.gui.platform.desktop_entry import install_desktop_entry

        try:
            for path in install_desktop_entry():
                print(path)
        except (WriteError, OSError) as err:
            return fail(str(err), 1, "pe-clock")
        return 0
    opening: dict[str, Any] = {}
    for name, _, _ in PARAMETERS:
        text = getattr(args, name.replace("-", "_"))
        if text is not None:
            opening[name.replace("-", "_")] = number(text)
    if args.layout is not None:
        opening["layout"] = args.layout  # checked with the rest when the window applies it
    if args.view is not None:
        try:
            check_view(args.view)
        except ValueError as err:
            return fail(str(err), 2, "pe-clock")
    return run_gui(lang, args.reset_settings, opening, args.view, args.deck, args.stage)


def run() -> NoReturn:
    """The ``pe-clock`` command, ``python -m pe_clock`` and a checkout's main.py."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl+C before the handlers were installed: no traceback
        sys.exit(130)
