"""Handouts: a deck as a PDF with one page per scene, or as one PNG per scene. A page is
slide-sized (title, figure, note) or a printed A4 or Letter sheet (title, note, the figure at
print size, its explanations under it, a footer). Written like every export: in memory, then
atomically."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PySide6.QtCore import QBuffer, QIODevice, QRectF, Qt
from PySide6.QtGui import QFont, QImage, QPainter

from pe_clock.core.i18n import tr
from pe_clock.gui.export.marks import written_by_pe_clock
from pe_clock.gui.export.options import (
    NOTE_SHARE,
    PAPERS,
    TITLE_SHARE,
    VIDEO_SUFFIXES,
    handout_figure_height,
)
from pe_clock.gui.export.pdf_text import readable_spaces
from pe_clock.gui.export.render import (
    ExportError,
    Figure,
    TooSmall,
    pdf_writer,
    png_bytes,
    qt_pixels,
    request_state,
    staged,
    window_request,
)
from pe_clock.gui.export.slide import explanation_document, leave_out_explanations
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.model.deck import Deck, Scene, check_deck, scene_picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.platform.files import (
    atomic_write,
    atomic_write_all,
    check_interrupted,
    check_target,
)
from pe_clock.gui.widgets.lazy_view import as_view

#: The smallest type of a slide's title and note, in pixels.
SLIDE_TEXT_PX = 8


class TextTooLong(TooSmall):
    """A scene's title and note that leave its page no room at a readable size: a bad deck,
    said of the deck whatever the page's size."""

    def __init__(self, message: str) -> None:
        super().__init__(message, (1.0, 1.0))


def _paint_page(
    painter: QPainter, scene: Scene, scene_number: int, state: AppState, width: int, height: int
) -> None:
    """One scene on a width x height slide-sized page: its title, its figure, its note."""
    theme = theme_of(state)
    title_h, note_h = round(TITLE_SHARE * height), round(NOTE_SHARE * height)
    painter.fillRect(QRectF(0, 0, width, height), theme.background)
    margin = round(0.02 * width)
    language = state.language
    flags = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
    for text, top, band, share, bold in (
        (scene.title(language), 0, title_h, 0.42, True),
        (scene.note(language), height - note_h, note_h, 0.32, False),
    ):
        box = QRectF(margin, top, width - 2 * margin, band)
        font = QFont(scaled_font(1.0))
        font.setBold(bold)
        # Smaller type for a longer text, down to SLIDE_TEXT_PX: a note of three lines was
        # cut at its band's edges, its first and last lines not drawn.
        for pixels in range(max(SLIDE_TEXT_PX, round(share * band)), SLIDE_TEXT_PX - 1, -1):
            font.setPixelSize(pixels)
            painter.setFont(font)
            if painter.boundingRect(box, flags, text).height() <= band:
                break
        else:
            raise TextTooLong(tr("handout.slide_text_too_long", n=scene_number, px=SLIDE_TEXT_PX))
        painter.setPen(theme.text)
        painter.drawText(box, flags, text)
    with staged(scene.view, state, width, handout_figure_height(height), False) as figure:
        painter.save()
        painter.translate(0, title_h)
        figure.paint(painter)
        painter.restore()


#: A printed page's margin (0.6 inch) and type, in points: no text under 8 pt. The figure is
#: laid out at the page's own size, so its body text is 10 pt and its ticks 9 pt.
PAPER_MARGIN = 0.6 * 96
TITLE_PT, NOTE_PT, FOOTER_PT = 15.0, 11.0, 9.0
EXPLANATION_PT = (10.0, 9.0, 8.0)  # the largest at which the page holds everything
#: The figure's height on paper: the room its text leaves, at least this many pixels; laid out
#: that tall, it is drawn from its first row of ink to its last (`_inked_rows`), so the text
#: follows what it draws, not the blank a view that keeps its shape leaves round it.
MIN_FIGURE = 260
#: Blank kept above and below the ink of a figure on paper, in pixels.
INK_PAD = 6
_WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def _font(points: float, bold: bool = False) -> QFont:
    font = QFont(scaled_font(1.0, bold=bold))
    font.setPointSizeF(points)
    return font


def _text_height(painter: QPainter, text: str, font: QFont, width: float) -> float:
    painter.setFont(font)
    return painter.boundingRect(QRectF(0, 0, width, 1e6), _WRAP, text).height() if text else 0.0


def _paint_paper(
    painter: QPainter, scene: Scene, state: AppState, page: PageText, width: float, height: float
) -> None:
    """One scene on a printed page: its title and note, its figure, the figure's explanations
    under it, and a footer with the deck's title and the page number."""
    theme = theme_of(state)
    painter.fillRect(QRectF(0, 0, width, height), theme.background)
    painter.setPen(theme.text)
    inner = width - 2 * PAPER_MARGIN
    language = state.language
    heads = [
        (scene.title(language), _font(TITLE_PT, bold=True)),
        (scene.note(language), _font(NOTE_PT)),
    ]
    gap = 0.6 * 96 / 72 * NOTE_PT
    top = PAPER_MARGIN + sum(_text_height(painter, t, f, inner) + gap for t, f in heads)
    bottom = height - PAPER_MARGIN - 2 * 96 / 72 * FOOTER_PT
    figure_w = round(inner)
    # Laid out first as tall as the page allows (a figure drawn smaller stays smaller).
    room = round(bottom - top)
    if room < MIN_FIGURE:  # a note of a thousand words
        raise TextTooLong(tr("handout.text_too_long", n=page.number))
    with staged(scene.view, state, figure_w, room, False, printed=True) as figure:
        texts = as_view(figure.widget).explanations()
        leave_out_explanations(figure.widget)  # under the figure, in print type
        # The largest type at which the figure (at least MIN_FIGURE) and the text both fit.
        for points in EXPLANATION_PT:
            document = explanation_document(texts, _font(points), inner, theme.text)
            text_h = document.size().height()
            figure_h = round(bottom - top - text_h - gap)
            if figure_h >= MIN_FIGURE:
                break
        figure.set_height(max(MIN_FIGURE, figure_h))
        first, last = _inked_rows(figure)
        y = PAPER_MARGIN
        for text, font in heads:
            painter.setFont(font)
            painter.drawText(QRectF(PAPER_MARGIN, y, inner, bottom - y), _WRAP, text)
            y += _text_height(painter, text, font, inner) + gap
        painter.save()
        painter.translate(PAPER_MARGIN, top - first)
        painter.setClipRect(QRectF(0, first, figure.width, last - first))
        figure.paint(painter)
        painter.restore()
        y = top + (last - first) + gap
    painter.save()
    painter.translate(PAPER_MARGIN, y)
    document.drawContents(painter, QRectF(0, 0, inner, bottom - y))
    painter.restore()
    painter.setFont(_font(FOOTER_PT))
    painter.setPen(theme.dim_text)
    painter.drawText(
        QRectF(PAPER_MARGIN, bottom, inner, height - PAPER_MARGIN - bottom),
        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
        tr("handout.footer", title=page.title, n=page.number, total=page.total),
    )


def _inked_rows(figure: Figure) -> tuple[int, int]:
    """The rows of figure from its first drawn pixel to its last (INK_PAD more each way, within
    it): a view that keeps its shape (a clock, a table) leaves the rest of the room blank."""
    image = figure.image().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint32, image.height() * image.width())
    background = np.uint32(figure.theme.background.rgb())
    rows = np.flatnonzero((pixels.reshape(image.height(), -1) != background).any(axis=1))
    if not len(rows):
        return 0, figure.height
    return max(0, int(rows[0]) - INK_PAD), min(figure.height, int(rows[-1]) + 1 + INK_PAD)


@dataclass(frozen=True)
class PageText:
    """What a printed page's footer says: the deck's title, the page's number of total."""

    title: str
    number: int
    total: int


class Paper:
    """A handout's page: slide-sized (width x height pixels) or a printed sheet."""

    def __init__(self, paper: str, width: int, height: int) -> None:
        size = PAPERS[paper]
        self.printed = size is not None
        self.width, self.height = size if size is not None else (float(width), float(height))

    def paint(
        self,
        painter: QPainter,
        scenes: list[Scene],
        index: int,
        state: AppState,
        title: str,
        pos: int | None = None,
    ) -> None:
        """Page index of scenes, drawn as scene index shows over state (at its handout
        position, or at pos), in the window's language, type size and token embeddings."""
        shown = scene_picture(scenes, index, state, handout=pos is None)
        if pos is not None:
            shown.set(pos=pos)
        # On paper: dark on white, whatever the projector had.
        theme = "light" if self.printed else shown.theme
        size = (round(self.width), round(self.height))
        drawn = request_state(window_request(state, scenes[index].view, size, theme, shown=shown))
        if self.printed:
            page = PageText(title, index + 1, len(scenes))
            _paint_paper(painter, scenes[index], drawn, page, self.width, self.height)
        else:
            _paint_page(painter, scenes[index], index + 1, drawn, int(self.width), int(self.height))


def deck_title(scenes: list[Scene], language: str) -> str:
    """A handout's title: its deck's, else the first scene's."""
    title = scenes.title(language) if isinstance(scenes, Deck) else ""
    return title or scenes[0].title(language)


#: progress(done, total) after each page of a handout (the command line's line on a terminal).
Progress = Callable[[int, int], object]


def handout_pdf(
    scenes: list[Scene], state: AppState, paper: Paper, progress: Progress | None = None
) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    title = deck_title(scenes, state.language)
    writer, painter = pdf_writer(buffer, paper.width, paper.height, title)
    try:
        for number in range(len(scenes)):
            if number:
                writer.newPage()
            paper.paint(painter, scenes, number, state, title)
            check_interrupted()
            if progress is not None:
                progress(number + 1, len(scenes))
    finally:
        painter.end()
    buffer.close()
    return readable_spaces(bytes(buffer.data().data()))


#: A printed page as a PNG: twice the pixels of the page's 96 to the inch.
PRINT_PNG_SCALE = 2


def page_image(
    scenes: list[Scene], index: int, state: AppState, paper: Paper, pos: int | None = None
) -> QImage:
    """Page index as an image (a printed page at PRINT_PNG_SCALE times its pixels)."""
    scale = PRINT_PNG_SCALE if paper.printed else 1
    image = QImage(
        round(paper.width * scale), round(paper.height * scale), QImage.Format.Format_RGB32
    )
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    try:
        paper.paint(painter, scenes, index, state, deck_title(scenes, state.language), pos)
    finally:
        painter.end()
    return image


def handout_png(scenes: list[Scene], index: int, state: AppState, paper: Paper) -> bytes:
    image = page_image(scenes, index, state, paper)
    if paper.printed:  # so that it prints at the paper's size
        dots = round(96 * PRINT_PNG_SCALE / 0.0254)
        image.setDotsPerMeterX(dots)
        image.setDotsPerMeterY(dots)
    return png_bytes(image)  # marked: a later handout may write over this page, and only this


def _writer(data: bytes) -> Callable[[BinaryIO], object]:
    return lambda handle: handle.write(data)


def earlier_pages(folder: Path, written: list[Path]) -> list[Path]:
    """Files in folder named as a handout names its pages (two or more ASCII digits, a dash,
    a view) that this handout did not write: pages of an earlier, longer deck, perhaps. They
    are named, never deleted: a folder may hold an instructor's own figures so named."""
    from pe_clock.gui.views import VIEW_NAMES

    views = "|".join(map(re.escape, VIEW_NAMES))
    page = re.compile(rf"[0-9]{{2,}}-(?:{views})\.png", re.ASCII)
    kept = {path.name for path in written}
    try:
        names = sorted(path.name for path in folder.iterdir())
    except OSError:
        return []
    return [folder / name for name in names if name not in kept and page.fullmatch(name)]


def _check_ours(targets: list[Path]) -> None:
    """Refuse (before anything is drawn) to write over a file PE Clock did not write: a page
    name in the folder may be an instructor's own figure. Raises ExportError naming it."""
    for target in targets:
        check_target(target)
        if os.path.lexists(target) and not written_by_pe_clock(target):
            raise ExportError(tr("handout.not_ours", path=target))


def export_handout(
    out: Path,
    scenes: list[Scene],
    state: AppState,
    width: int = 1920,
    height: int = 1080,
    paper: str = "slide",
    progress: Progress | None = None,
) -> list[Path]:
    """A PDF (out ends in .pdf) or a folder of PNGs named by scene number and view (out is a
    folder), on slide-sized pages of width x height or on paper ("a4", "letter"); the deck is
    checked first, so a bad scene writes nothing. progress(done, total) after each page."""
    check_deck(scenes, state)
    page = Paper(paper, width, height)
    try:
        return _write_handout(out, scenes, state, page, progress)
    except TooSmall as err:  # said of the page asked for, not of the figure on it
        if page.printed or isinstance(err, TextTooLong):
            raise
        need = [
            math.ceil(side * ratio) for side, ratio in zip((width, height), err.ratio, strict=True)
        ]
        raise TooSmall(
            tr("handout.too_small", width=need[0], height=need[1], asked=f"{width} × {height}"),
            err.ratio,
        ) from None


def page_names(views: list[str]) -> list[str]:
    """A PNG handout's file names, one per scene: its number, as many digits as the last
    one's (at least two: 001 … 120 sort in scene order), and its view."""
    digits = max(2, len(str(len(views))))
    return [f"{number:0{digits}d}-{view}.png" for number, view in enumerate(views, start=1)]


#: A lecture video's timing: a scene without positions is held this many seconds; one with
#: positions steps through them this many seconds apart (as a clicker would), then holds its
#: last for LAST_SECONDS.
HOLD_SECONDS, STEP_SECONDS, LAST_SECONDS = 6.0, 0.75, 2.0
#: The lecture's frame rate: a picture held is the same frame encoded again (x264 and libvpx
#: send it as a few bytes).
LECTURE_FPS = 4


def lecture_frames(
    scenes: list[Scene], state: AppState, paper: Paper, progress: Progress | None = None
) -> Iterator[tuple[QImage, int]]:
    """Each picture of a lecture video with how many frames it is held: every scene as its
    slide (title, figure, note), at each of its positions or held as its handout page."""
    for index, scene in enumerate(scenes):
        held: list[tuple[int | None, float]]
        if scene.positions is None:
            held = [(None, HOLD_SECONDS)]
        else:
            first, last = scene.positions
            held = [(pos, STEP_SECONDS) for pos in range(first, last)]
            held.append((last, LAST_SECONDS))
        for pos, seconds in held:
            yield page_image(scenes, index, state, paper, pos), round(seconds * LECTURE_FPS)
            check_interrupted()
        if progress is not None:
            progress(index + 1, len(scenes))


def _write_handout(
    out: Path, scenes: list[Scene], state: AppState, page: Paper, progress: Progress | None
) -> list[Path]:
    try:
        if out.suffix.lower() in VIDEO_SUFFIXES:
            from pe_clock.gui.export.video import check_video, write_held

            check_video(out.suffix.lower(), round(page.width), round(page.height))
            check_target(out)
            pictures = (
                (qt_pixels(image), count)
                for image, count in lecture_frames(scenes, state, page, progress)
            )

            def lecture(handle: BinaryIO) -> None:
                write_held(
                    handle, out.suffix.lower(), pictures, LECTURE_FPS, round(page.width),
                    round(page.height), lambda: None,
                )  # fmt: skip

            return [atomic_write(out, lecture)]
        if out.suffix.lower() == ".pdf" and not out.is_dir():
            _check_ours([out])
            return [atomic_write(out, _writer(handout_pdf(scenes, state, page, progress)))]
        # Every page drawn, then all put in place at once: an error or a signal on the way
        # leaves the folder as it was.
        targets = [out / name for name in page_names([scene.view for scene in scenes])]
        _check_ours(targets)  # before anything is drawn
        pages = []
        for index, target in enumerate(targets):
            pages.append((target, _writer(handout_png(scenes, index, state, page))))
            check_interrupted()
            if progress is not None:
                progress(index + 1, len(targets))
        return atomic_write_all(pages)
    except ExportError:
        raise
    except OSError as err:
        raise ExportError(tr("export.failed", path=out, reason=err.strerror or err)) from err
