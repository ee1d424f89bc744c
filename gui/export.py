"""Figures for slides and handouts: PNG, SVG, PDF and GIF, exact in size, never half-written.

Every export renders a fresh copy of the view (or of the window's figures) that observes its own
copy of the state, laid out off screen at the size asked for. The live window is never resized or
stepped, and a file appears only once it is complete: it is written to a temporary file in the
target folder and renamed into place.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QMarginsF, QPoint, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QWidget

from core.i18n import tr
from core.params import check_real
from gui import style
from gui.beyond_view import BeyondView
from gui.clock_view import ClockView
from gui.distance_view import DistanceView
from gui.embedding_view import EmbeddingView
from gui.export_options import (
    ANIMATION_SUFFIX,
    MAX_FPS,
    MAX_FRAMES,
    MAX_SIDE,
    MIN_FPS,
    MIN_SIDE,
    STILL_SUFFIXES,
)
from gui.figure_panel import FigurePanel
from gui.files import WriteError, atomic_write
from gui.heatmap_view import HeatmapView
from gui.rotation_view import RotationView
from gui.state import AppState
from gui.uniqueness_view import UniquenessView
from gui.wavelength_view import WavelengthView
from gui.worked_example_view import WorkedExampleView

VIEWS: dict[str, type[QWidget]] = {
    "window": FigurePanel,
    "heatmap": HeatmapView,
    "clock": ClockView,
    "rotation": RotationView,
    "embedding": EmbeddingView,
    "worked": WorkedExampleView,
    "unique": UniquenessView,
    "distance": DistanceView,
    "wavelength": WavelengthView,
    "beyond": BeyondView,
}
#: The views that are tabs of their own in the window (the first four share one tab).
TEACHING_PANELS = ("embedding", "worked", "unique", "distance", "wavelength", "beyond")
#: Above this width (or height 1080) the layout stays at slide size and is drawn larger, so a
#: 3840 x 2160 figure is the 1920 x 1080 one twice as sharp rather than one with tiny type.
LAYOUT_WIDTH, LAYOUT_HEIGHT = 1920, 1080
SVG_PDF_DPI = 96


#: An export that could not be written; the message is for the user.
ExportError = WriteError


def clone_state(state: AppState) -> AppState:
    """An independent state with the same parameters and view options."""
    copy = AppState(state.params)
    copy.set_selected_pair(state.selected_pair)
    for hand, pair in enumerate(state.clock_pairs):
        copy.set_clock_pair(hand, pair)
    copy.set_font_scale(state.font_scale)
    copy.set_train_len(state.train_len)
    if state.embeddings_loaded:
        copy.set_embeddings(state.embedding_rows())
        copy.embeddings_file = state.embeddings_file
    return copy


def layout_scale(width: int, height: int) -> float:
    return max(1.0, width / LAYOUT_WIDTH, height / LAYOUT_HEIGHT)


class Figure:
    """A view laid out off screen for a pixel size, with an optional caption line under it."""

    def __init__(self, view: str, state: AppState, width: int, height: int, caption: bool) -> None:
        if view not in VIEWS:
            raise ExportError(tr("export.view", views=", ".join(VIEWS), value=repr(view)))
        for name, side in (("width", width), ("height", height)):
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise ExportError(
                    tr("export.side", name=name, lo=MIN_SIDE, hi=MAX_SIDE, value=side)
                )
        self.state = clone_state(state)
        self.width, self.height = width, height
        self.scale = layout_scale(width, height)
        self.caption = caption
        self.logical = QSizeF(width / self.scale, height / self.scale)
        self.caption_height = (
            round(style.BASE_POINT_SIZE * self.state.font_scale * 2.6) if caption else 0
        )
        self.widget = VIEWS[view](self.state)
        self.widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        self.widget.setAutoFillBackground(True)
        for child in self.widget.findChildren(QWidget):
            if child.property(style.INTERACTIVE):
                child.hide()
        self.widget.resize(
            round(self.logical.width()), round(self.logical.height()) - self.caption_height
        )
        self.widget.show()
        style.uncache(self.widget)
        self.settle()

    def settle(self) -> None:
        """Let layouts and pyqtgraph's deferred updates run before painting."""
        QApplication.processEvents()

    def close(self) -> None:
        self.widget.close()
        self.widget.deleteLater()
        self.state.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def paint(self, painter: QPainter) -> None:
        """Draw the figure on a device of width x height units."""
        painter.save()
        painter.fillRect(QRectF(0, 0, self.width, self.height), QColor("white"))
        painter.scale(self.scale, self.scale)
        self.widget.render(painter, QPoint(0, 0))
        if self.caption:
            top = self.logical.height() - self.caption_height
            painter.setPen(QColor("#222222"))
            painter.setFont(style.scaled_font(self.state.font_scale, 1.1))
            painter.drawText(
                QRectF(0, top, self.logical.width(), self.caption_height),
                Qt.AlignmentFlag.AlignCenter,
                style.parameter_line(self.state),
            )
        painter.restore()

    def image(self) -> QImage:
        image = QImage(self.width, self.height, QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.paint(painter)
        painter.end()
        return image


@contextlib.contextmanager
def staged(view: str, state: AppState, width: int, height: int, caption: bool) -> Iterator[Figure]:
    figure = Figure(view, state, width, height, caption)
    try:
        yield figure
    finally:
        figure.close()


def _write_png(figure: Figure, tmp: Path) -> None:
    if not figure.image().save(str(tmp), "PNG"):
        raise OSError(f"the PNG encoder failed for {tmp.name}")


def _write_svg(figure: Figure, tmp: Path) -> None:
    generator = QSvgGenerator()
    generator.setFileName(str(tmp))
    generator.setSize(QSize(figure.width, figure.height))
    generator.setViewBox(QRectF(0, 0, figure.width, figure.height))
    generator.setResolution(SVG_PDF_DPI)
    generator.setTitle("PE Clock")
    generator.setDescription(style.parameter_line(figure.state))
    painter = QPainter()
    if not painter.begin(generator):
        raise OSError(f"cannot open {tmp.name} for SVG")
    figure.paint(painter)
    painter.end()


def _write_pdf(figure: Figure, tmp: Path) -> None:
    writer = QPdfWriter(str(tmp))
    writer.setResolution(SVG_PDF_DPI)
    points = QSizeF(figure.width, figure.height) * (72.0 / SVG_PDF_DPI)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(points, QPageSize.Unit.Point, "PE Clock"),
            QPageLayout.Orientation.Portrait,
            QMarginsF(0, 0, 0, 0),
        )
    )
    writer.setTitle("PE Clock")
    writer.setCreator("PE Clock")
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot open {tmp.name} for PDF")
    # QPdfWriter's device is in its resolution's pixels: width x height, as for the image.
    figure.paint(painter)
    painter.end()


WRITERS = {".png": _write_png, ".svg": _write_svg, ".pdf": _write_pdf}


def check_suffix(path: Path, allowed: tuple[str, ...]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        raise ExportError(
            tr("export.suffix", suffixes=", ".join(allowed), value=repr(Path(path).name))
        )
    return suffix


def export_figure(
    path: Path, view: str, state: AppState, width: int, height: int, caption: bool = False
) -> Path:
    """Write one view (or the window's figures) as PNG, SVG or PDF, chosen by the suffix."""
    suffix = check_suffix(path, STILL_SUFFIXES)
    with staged(view, state, width, height, caption) as figure:
        return atomic_write(Path(path), lambda tmp: WRITERS[suffix](figure, tmp))


def figure_image(view: str, state: AppState, width: int, height: int) -> QImage:
    """One view rendered into an image of exactly width x height pixels (for the clipboard)."""
    with staged(view, state, width, height, False) as figure:
        return figure.image()


def export_animation(
    path: Path,
    view: str,
    state: AppState,
    start: int,
    stop: int,
    fps: float,
    width: int,
    height: int,
    caption: bool = False,
    progress: Callable[[int, int], bool] | None = None,
) -> Path | None:
    """Write a GIF of positions start..stop (inclusive) at fps frames per second.

    All frames share one palette, built from a few frames spread over the range (quantising
    each frame on its own is about ten times slower and makes colours flicker). progress(done,
    total) is called after each frame; when it returns False the export stops, no file is
    left behind and None is returned.
    """
    from PIL import Image

    check_suffix(path, (ANIMATION_SUFFIX,))
    last = state.max_len - 1
    first_allowed = max(0, -state.k)
    for name, value in (("from", start), ("to", stop)):
        if not first_allowed <= value <= last:
            raise ExportError(
                tr("export.position", name=name, lo=first_allowed, hi=last, value=value)
            )
    if stop < start:
        raise ExportError(tr("export.order", start=start, stop=stop))
    if stop - start + 1 > MAX_FRAMES:
        raise ExportError(tr("export.frames", limit=MAX_FRAMES, count=stop - start + 1))
    try:
        check_real("fps", fps, MIN_FPS, MAX_FPS, ("allowed.fps", {"lo": MIN_FPS, "hi": MAX_FPS}))
    except ValueError as err:
        raise ExportError(str(err)) from err
    total = stop - start + 1
    frames: list[Image.Image] = []
    with staged(view, state, width, height, caption) as figure:
        for index, pos in enumerate(range(start, stop + 1)):
            figure.state.set_pos(pos)
            figure.settle()
            image = figure.image().convertToFormat(QImage.Format.Format_RGB888)
            frames.append(
                Image.frombuffer(
                    "RGB",
                    (width, height),
                    bytes(image.constBits()),
                    "raw",
                    "RGB",
                    image.bytesPerLine(),
                    1,
                )
            )
            if progress is not None and not progress(index + 1, total):
                return None
    palette = shared_palette(frames)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    duration = round(1000 / fps)

    def write(tmp: Path) -> None:
        indexed[0].save(
            tmp,
            format="GIF",
            save_all=True,
            append_images=indexed[1:],
            duration=duration,
            loop=0,
            optimize=False,
            disposal=1,
        )

    return atomic_write(Path(path), write)


def shared_palette(frames: list) -> object:  # type: ignore[type-arg]
    """One 256-colour palette for all frames, from up to 8 frames spread over the range."""
    from PIL import Image

    picks = frames[:: max(1, len(frames) // 8)][:8]
    width, height = picks[0].size
    sheet = Image.new("RGB", (width, height * len(picks)))
    for i, frame in enumerate(picks):
        sheet.paste(frame, (0, i * height))
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
