"""`pe-clock export`: a figure, an animation or a handout, headless."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from pathlib import Path

from pe_clock.cli.checks import check_export, check_handout
from pe_clock.cli.parser import fail
from pe_clock.cli.progress import Progress
from pe_clock.cli.signals import STOP_SIGNALS
from pe_clock.core.i18n import tr
from pe_clock.gui.export.options import ANIMATION_SUFFIXES
from pe_clock.gui.platform.files import Interrupted, note_signal


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
        picture, options = check_handout(args)
    except ValueError as err:
        return fail(str(err))

    from pe_clock.gui.model.deck import DeckError, check_deck, missing_models, read_deck

    try:  # the deck is read and checked whole before Qt starts
        scenes = read_deck(args.deck)
        check_deck(scenes, picture)
    except DeckError as err:
        return fail(str(err))

    from pe_clock.gui.export.handout import export_handout
    from pe_clock.gui.export.render import TooSmall
    from pe_clock.gui.model.state import AppState
    from pe_clock.gui.platform.app import headless_application

    app = headless_application()
    state = AppState.of(picture)
    pages = Progress("pages")  # on a terminal: the page drawn and about how long is left
    for note in missing_models(scenes):  # drawn with the scene's parameters alone
        print(f"pe-clock export: {note}".replace("\n", "\\n"), file=sys.stderr)
    made = False  # only a folder this run's mkdir made is removed on failure
    try:
        if options["folder"]:
            with contextlib.suppress(FileExistsError):  # another run made it first: ours too
                args.out.mkdir()
                made = True
        written = export_handout(
            args.out, scenes, state, options["width"], options["height"], options["paper"],
            pages,
        )  # fmt: skip
    except (OSError, TooSmall, Interrupted) as err:  # an ExportError among them
        if made:  # the folder this run made, and nothing in it
            with contextlib.suppress(OSError):
                args.out.rmdir()
        if isinstance(err, Interrupted):
            return fail(tr("export.interrupted", signal=err, path=args.out), 128 + err.signum)
        return fail(str(err), 2 if isinstance(err, TooSmall) else 1)
    finally:
        pages.end()
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
        request, options = check_export(args)
    except ValueError as err:
        return fail(str(err))

    from pe_clock.gui.export.animation import export_animation
    from pe_clock.gui.export.render import ExportError, TooSmall, export_figure, request_state
    from pe_clock.gui.platform.app import headless_application

    app = headless_application()
    state = request_state(request)
    frames = Progress("frames")  # an animation's frames on a terminal
    if request.notes:  # drawn with the other numbers: said, not hidden
        print(f"pe-clock export: {request.notes}".replace("\n", "\\n"), file=sys.stderr)
    width, height = request.size
    try:
        if args.out.suffix.lower() in ANIMATION_SUFFIXES:
            written = export_animation(
                args.out,
                request.view,
                state,
                options["start"],
                options["stop"],
                options["fps"],
                width,
                height,
                request.caption,
                progress=frames,
                stage=request.stage,
            )
        else:
            written = export_figure(
                args.out, request.view, state, width, height, request.caption, request.stage
            )
    except TooSmall as err:
        return fail(str(err))
    except ExportError as err:
        return fail(str(err), 1)
    except Interrupted as stop:
        return fail(tr("export.interrupted", signal=stop, path=args.out), 128 + stop.signum)
    finally:
        frames.end()
        state.deleteLater()
    del app
    return report([] if written is None else [written])  # None: stopped (the GUI only)
