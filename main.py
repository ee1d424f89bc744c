"""PE Clock entry point: opens the window by default; `export` writes figures headless."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from core import __version__
from core.params import Params, check_int, check_real
from gui.export_options import (
    ANIMATION_SUFFIX,
    DEFAULT_FPS,
    DEFAULT_SIZES,
    MAX_FPS,
    MAX_FRAMES,
    MAX_SIDE,
    MIN_FPS,
    MIN_SIDE,
    STILL_SUFFIXES,
    VIEW_NAMES,
)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pe-clock",
        description="See the Transformer's sinusoidal positional encoding as clock hands.",
    )
    parser.add_argument("--version", action="version", version=f"PE Clock {__version__}")
    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    export = commands.add_parser(
        "export",
        help="write a figure (PNG, SVG, PDF) or an animation (GIF) without opening the window",
        description="Write a figure chosen by the file's suffix: .png, .svg, .pdf or .gif. "
        "Needs no display.",
    )
    export.add_argument(
        "--view",
        choices=VIEW_NAMES,
        default="window",
        help="what to draw (default: window, the three views together)",
    )
    export.add_argument("--out", required=True, type=Path, help="the file to write")
    for name, default, meaning in (
        ("pos", "0", "current position"),
        ("k", "1", "offset k of R(k)"),
        ("d-model", "512", "embedding width, even, 2..8192"),
        ("max-len", "50", "number of positions"),
        ("base", "10000", "the 10000 of the paper (rope_theta)"),
    ):
        export.add_argument(f"--{name}", default=default, help=f"{meaning} (default {default})")
    export.add_argument("--width", help="pixel width (default depends on the view)")
    export.add_argument("--height", help="pixel height (default depends on the view)")
    export.add_argument(
        "--caption",
        action="store_true",
        help="stamp a line with d_model, base, pos and k under the figure",
    )
    export.add_argument("--from", dest="start", help="GIF: first position (default 0)")
    export.add_argument("--to", dest="stop", help="GIF: last position (default max_len - 1)")
    export.add_argument("--fps", help="GIF: frames per second, 1..50 (default 4)")
    return parser


def number(text: str) -> object:
    """'12' -> 12, '1e4' -> 10000.0; anything else is returned as is for the checks to name."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def integer(name: str, text: str | None, default: int, lo: int, hi: int) -> int:
    return default if text is None else check_int(name, number(text), lo, hi)


def check_export(args: argparse.Namespace) -> tuple[Params, dict[str, object]]:
    """Validate every export argument before anything is drawn; raise ValueError if bad."""
    params = Params(
        d_model=number(args.d_model),
        max_len=number(args.max_len),
        base=number(args.base),
        pos=number(args.pos),
        k=number(args.k),
    )
    out: Path = args.out
    suffix = out.suffix.lower()
    if suffix not in (*STILL_SUFFIXES, ANIMATION_SUFFIX):
        raise ValueError(f"--out must end in .png, .svg, .pdf or .gif; got {str(out)!r}")
    if out.is_dir():
        raise ValueError(f"--out must be a file, not a folder; got {str(out)!r}")
    folder = out.parent
    if not folder.is_dir():
        raise ValueError(f"--out folder does not exist: {str(folder)!r}")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"--out folder is not writable: {str(folder)!r}")
    default_w, default_h = DEFAULT_SIZES[args.view]
    options: dict[str, object] = {
        "width": integer("width", args.width, default_w, MIN_SIDE, MAX_SIDE),
        "height": integer("height", args.height, default_h, MIN_SIDE, MAX_SIDE),
    }
    if suffix == ANIMATION_SUFFIX:
        first = max(0, -params.k)
        last = params.max_len - 1
        start = integer("from", args.start, first, first, last)
        options["start"] = start
        options["stop"] = integer(
            "to",
            args.stop,
            min(last, start + MAX_FRAMES - 1),
            start,
            min(last, start + MAX_FRAMES - 1),
        )
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
                raise ValueError(f"{flag} applies to .gif animations only; got {str(out)!r}")
    return params, options


def run_export(args: argparse.Namespace) -> int:
    try:
        params, options = check_export(args)
    except ValueError as err:
        print(f"pe-clock export: error: {err}", file=sys.stderr)
        return 2
    if not os.environ.get("QT_QPA_PLATFORM") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from gui.app import create_application, quiet_offscreen_warnings
    from gui.export import ExportError, export_animation, export_figure
    from gui.state import AppState

    quiet_offscreen_warnings()
    app = QApplication.instance() or create_application(sys.argv[:1])
    state = AppState(params)
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
            )
        else:
            written = export_figure(
                args.out, args.view, state, options["width"], options["height"], args.caption
            )
    except ExportError as err:
        print(f"pe-clock export: error: {err}", file=sys.stderr)
        return 1
    finally:
        state.deleteLater()
    del app
    print(written)
    return 0


def run_gui() -> int:
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    from gui.app import create_application
    from gui.main_window import MainWindow

    app = QApplication.instance() or create_application(sys.argv)
    window = MainWindow()
    window.show()
    code = app.exec()
    # Delete the window before Python tears down the QApplication (PySide6 would crash on it).
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "export":
        return run_export(args)
    return run_gui()


if __name__ == "__main__":
    sys.exit(main())
