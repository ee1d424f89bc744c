"""Handouts: a deck as a PDF with one slide-sized page per scene (title, figure, note), or as
one PNG per scene. Written like every export: in memory, then atomically."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QFont, QImage, QImageWriter, QPainter

from core.i18n import tr
from gui import style
from gui.deck import Scene, check_deck, scene_state
from gui.export.options import NOTE_SHARE, TITLE_SHARE, handout_figure_height
from gui.export.render import ExportError, pdf_writer, staged
from gui.platform.files import atomic_write, atomic_write_all, check_interrupted, check_target
from gui.state import AppState


def _paint_page(painter: QPainter, scene: Scene, state: AppState, width: int, height: int) -> None:
    """One scene on a width x height page: its title, its figure, its note."""
    theme = style.theme(state)
    title_h, note_h = round(TITLE_SHARE * height), round(NOTE_SHARE * height)
    painter.fillRect(QRectF(0, 0, width, height), theme.background)
    margin = round(0.02 * width)
    language = state.language
    for text, top, band, share, bold in (
        (scene.title(language), 0, title_h, 0.42, True),
        (scene.note(language), height - note_h, note_h, 0.32, False),
    ):
        font = QFont(style.scaled_font(1.0))
        font.setPixelSize(max(8, round(share * band)))
        font.setBold(bold)
        painter.setFont(font)
        painter.setPen(theme.text)
        painter.drawText(
            QRectF(margin, top, width - 2 * margin, band),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
            text,
        )
    with staged(scene.view, state, width, handout_figure_height(height), False) as figure:
        painter.save()
        painter.translate(0, title_h)
        figure.paint(painter)
        painter.restore()


def handout_pdf(scenes: list[Scene], state: AppState, width: int, height: int) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer, painter = pdf_writer(buffer, width, height)
    try:
        for number, scene in enumerate(scenes):
            if number:
                writer.newPage()
            twin = scene_state(scenes, number, state, handout=True)
            try:
                _paint_page(painter, scene, twin, width, height)
            finally:
                twin.deleteLater()
            check_interrupted()
    finally:
        painter.end()
    buffer.close()
    return bytes(buffer.data().data())


def handout_png(scenes: list[Scene], index: int, state: AppState, width: int, height: int) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    twin = scene_state(scenes, index, state, handout=True)
    try:
        _paint_page(painter, scenes[index], twin, width, height)
    finally:
        twin.deleteLater()
        painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not QImageWriter(buffer, QByteArray(b"PNG")).write(image):
        raise OSError("the PNG encoder failed")
    buffer.close()
    return bytes(buffer.data().data())


def _writer(data: bytes) -> Callable[[BinaryIO], object]:
    return lambda handle: handle.write(data)


def earlier_pages(folder: Path, written: list[Path]) -> list[Path]:
    """Files in folder named as a handout names its pages (two or more ASCII digits, a dash,
    a view) that this handout did not write: pages of an earlier, longer deck, perhaps. They
    are named, never deleted: a folder may hold an instructor's own figures so named."""
    from gui.views import VIEW_NAMES

    views = "|".join(map(re.escape, VIEW_NAMES))
    page = re.compile(rf"[0-9]{{2,}}-(?:{views})\.png", re.ASCII)
    kept = {path.name for path in written}
    try:
        names = sorted(path.name for path in folder.iterdir())
    except OSError:
        return []
    return [folder / name for name in names if name not in kept and page.fullmatch(name)]


def export_handout(
    out: Path, scenes: list[Scene], state: AppState, width: int = 1920, height: int = 1080
) -> list[Path]:
    """A PDF (out ends in .pdf) or a folder of PNGs named by scene number and view (out is a
    folder); the deck is checked first, so a bad scene writes nothing."""
    check_deck(scenes, state)
    try:
        if out.suffix.lower() == ".pdf" and not out.is_dir():
            check_target(out)
            return [atomic_write(out, _writer(handout_pdf(scenes, state, width, height)))]
        # Every page drawn, then all put in place at once: an error or a signal on the way
        # leaves the folder as it was.
        pages = []
        digits = max(2, len(str(len(scenes))))  # 001 … 120: the names sort in scene order
        for number, scene in enumerate(scenes, start=1):
            target = out / f"{number:0{digits}d}-{scene.view}.png"
            check_target(target)
            pages.append((target, _writer(handout_png(scenes, number - 1, state, width, height))))
            check_interrupted()
        return atomic_write_all(pages)
    except OSError as err:
        raise ExportError(tr("export.failed", path=out, reason=err.strerror or err)) from err
