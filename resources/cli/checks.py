"""Every export, code and handout argument checked before anything is drawn and before Qt
starts (ValueError if bad): a figure's through `gui.model.request`, in the command line's
terms; the file's, the animation's and the handout's here."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from pe_clock.cli.parser import given_fields, number
from pe_clock.core import i18n
from pe_clock.core.i18n import tr
from pe_clock.core.params import check_int, check_real
from pe_clock.gui.export.options import (
    ANIMATION_SUFFIXES,
    DEFAULT_FPS,
    MAX_FRAMES,
    MIN_FPS,
    MIN_PAGE_HEIGHT,
    STILL_SUFFIXES,
    VIDEO_SUFFIXES,
    bare_suffix,
    check_paper,
    max_fps,
)
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.request import (
    CLI,
    MAX_SIDE,
    MIN_SIDE,
    FigureRequest,
    checked_picture,
    figure_request,
)
from pe_clock.gui.platform.files import WriteError, check_target
from pe_clock.gui.views import DEFAULT_VIEW


def integer(name: str, text: str | None, default: int, lo: int, hi: int) -> int:
    """The option called name (its flag in the message), a whole number in lo…hi."""
    return default if text is None else check_int(CLI.flag(name), number(text), lo, hi)


def starting_picture(args: argparse.Namespace) -> Picture:
    """A handout's starting picture: every field given (a scene sets its own over them) and
    the theme, checked as a figure's are; the others at their defaults."""
    given = given_fields(args)
    try:
        picture = checked_picture(given)
        if args.theme is not None:
            picture.set(theme=args.theme)
    except ValueError as err:
        raise ValueError(CLI.reworded(str(err), [*given, "theme"])) from None
    return picture


def side(text: str | None) -> object:
    return None if text is None else number(text)


def figure_of(args: argparse.Namespace, **look: Any) -> FigureRequest:
    """The figure export or code asks for, checked in the command line's terms."""
    return figure_request(
        DEFAULT_VIEW if args.view is None else args.view,
        terms=CLI,
        model=args.model,
        layers=args.layers,
        lang=i18n.language(),
        parameters=given_fields(args),
        **look,
    )


def check_export(args: argparse.Namespace) -> tuple[FigureRequest, dict[str, Any]]:
    """Validate every export argument before anything is drawn (or Qt starts); raise
    ValueError if bad."""
    if args.paper is not None:
        raise ValueError(tr("cli.paper_deck"))
    request = figure_of(
        args,
        width=side(args.width),
        height=side(args.height),
        theme="light" if args.theme is None else args.theme,
        caption=args.caption,
        stage=args.stage,
        embeddings=args.embeddings,
    )
    out: Path = args.out
    suffix = out.suffix.lower()
    if suffix not in (*STILL_SUFFIXES, *ANIMATION_SUFFIXES):
        raise ValueError(bare_suffix(out.name) or tr("cli.out_suffix", value=repr(str(out))))
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
    options: dict[str, Any] = {}
    if suffix in ANIMATION_SUFFIXES:
        params = request.checked.params
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
                CLI.flag("fps"),
                number(args.fps),
                MIN_FPS,
                max_fps(suffix),
                ("allowed.fps", {"lo": MIN_FPS, "hi": max_fps(suffix)}),
            )
        )
        if suffix in VIDEO_SUFFIXES:  # PyAV there, a size the codec takes: before drawing
            from pe_clock.gui.export.video import check_video

            width, height = request.size
            try:
                check_video(suffix, width, height)
            except OSError as err:  # an ExportError
                raise ValueError(str(err)) from err
    else:
        for flag, value in (("--from", args.start), ("--to", args.stop), ("--fps", args.fps)):
            if value is not None:
                raise ValueError(tr("cli.gif_only", flag=flag, out=repr(str(out))))
    return request, options


def check_handout(args: argparse.Namespace) -> tuple[Picture, dict[str, Any]]:
    """Validate a handout's arguments (export --deck) before anything is drawn."""
    if args.view is not None:  # each scene names its own
        raise ValueError(tr("cli.handout_view"))
    for flag, given in (
        ("--from", args.start is not None),
        ("--to", args.stop is not None),
        ("--fps", args.fps is not None),
        ("--caption", args.caption),
        ("--stage", args.stage),
        ("--embeddings", args.embeddings is not None),
        ("--model", args.model is not None),
        ("--layers", args.layers is not None),
    ):
        if given:
            raise ValueError(tr("cli.handout_flag", flag=flag))
    picture = starting_picture(args)
    out: Path = args.out
    try:
        is_dir = out.is_dir()
        # FOLDER/ (argparse's Path drops the slash, so main notes it: week1.v2/ is a folder).
        folder = args.out_folder or is_dir or not out.suffix
        video = not folder and out.suffix.lower() in VIDEO_SUFFIXES
        if not folder and out.suffix.lower() != ".pdf" and not video:
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
    except OSError as err:  # a name too long to look up, a folder not searchable (WriteError)
        reason = err.strerror or str(err)
        raise ValueError(tr("export.cannot_write", path=out, reason=reason)) from err
    paper = check_paper("slide" if args.paper is None else args.paper)
    video = out.suffix.lower() in VIDEO_SUFFIXES and not folder
    if video and paper != "slide":  # a lecture video's frames are slides
        raise ValueError(tr("cli.lecture_paper", paper=paper))
    for flag in ("width", "height"):
        if paper != "slide" and getattr(args, flag) is not None:
            raise ValueError(tr("cli.paper_size", flag=flag, paper=paper))
    options: dict[str, Any] = {
        "width": integer("width", args.width, 1920, MIN_SIDE, MAX_SIDE),
        # A page keeps bands for its title and note: its figure is MIN_SIDE high at least.
        "height": integer("height", args.height, 1080, MIN_PAGE_HEIGHT, MAX_SIDE),
        "folder": folder,
        "paper": paper,
    }
    if video:  # PyAV there, sides a video takes: before a page is drawn
        from pe_clock.gui.export.video import check_video

        try:
            check_video(out.suffix.lower(), options["width"], options["height"])
        except OSError as err:  # an ExportError
            raise ValueError(str(err)) from err
    return picture, options
