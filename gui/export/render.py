"""Figures for slides and handouts: PNG, SVG, PDF and GIF, exact in size, never half-written.

Every export renders a fresh copy of the view (or of the window's figures) that observes its own
copy of the state, laid out off screen at the size asked for. The live window is never resized or
stepped, and a file appears only once it is complete: it is written to a temporary file in the
target folder and renamed into place.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import numpy as np
from numpy.typing import NDArray
from pyqtgraph import AxisItem, GraphicsScene
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEvent,
    QIODevice,
    QMarginsF,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QImage,
    QImageWriter,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView, QSplitter, QWidget

from pe_clock.core.format import fmt_base
from pe_clock.core.i18n import echo, tr
from pe_clock.gui.export.marks import MARK, PNG_KEY
from pe_clock.gui.export.options import STILL_SUFFIXES, bare_suffix
from pe_clock.gui.export.pdf_text import readable_spaces
from pe_clock.gui.export.slide import (
    Slide,
    SlideTexts,
    explanations_fit,
    leave_out_explanations,
)
from pe_clock.gui.export.svg_portable import portable_svg
from pe_clock.gui.look.fonts import BASE_POINT_SIZE, figure_margin, scaled_font, stage_fields
from pe_clock.gui.look.themes import Theme, theme_of
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.request import MAX_SIDE, MIN_SIDE, FigureRequest
from pe_clock.gui.model.state import AppState
from pe_clock.gui.platform.files import WriteError, atomic_write, check_interrupted, check_target
from pe_clock.gui.views import VIEW_NAMES, VIEWS
from pe_clock.gui.widgets.backdrop import BackdropView
from pe_clock.gui.widgets.image import DivergingImage
from pe_clock.gui.widgets.labels import INTERACTIVE, parameter_line
from pe_clock.gui.widgets.lazy_view import LazyView, as_view
from pe_clock.gui.widgets.stable_label import StableLabel

#: Above this width (or height 720) the layout stays at this size and is drawn larger: a
#: 1920 x 1080 slide has the type, lines and markers 1.5 times as large (body text 20 pixels
#: tall, readable when projected), and 3840 x 2160 is the same slide twice as sharp.
LAYOUT_WIDTH, LAYOUT_HEIGHT = 1280, 720
#: Below this width (or height 450) the layout stays at this size and is drawn smaller (every
#: view is checked whole at 800 x 450), down to MIN_SCALE of it: body text 10 pixels tall.
#: A view that needs more room than a figure has (the window's three figures at 800 x 450)
#: is laid out as large as it needs and drawn smaller too, down to the same share. A figure
#: that would need it smaller is refused, saying the size it needs (TooSmall).
SMALL_WIDTH, SMALL_HEIGHT = 800, 450
MIN_SCALE = 0.75
SVG_PDF_DPI = 96


#: An export that could not be written; the message is for the user.
ExportError = WriteError


class TooSmall(ValueError):
    """A size too small for a view: a bad argument (the command line exits with 2, the API
    raises it as a ValueError); ratio: how many times wider and taller it must be."""

    def __init__(self, message: str, ratio: tuple[float, float]) -> None:
        super().__init__(message)
        self.ratio = ratio


def layout_scale(width: int, height: int) -> float:
    """How much larger (or smaller) than its layout a figure of width x height is drawn: the
    layout is at least 800 x 450 (drawn smaller below), at least 1280 x 720 where the figure
    is larger in both (drawn larger: a portrait 800 x 1400 is laid out at its own size, not at
    411 x 720)."""
    if width < SMALL_WIDTH or height < SMALL_HEIGHT:
        return min(width / SMALL_WIDTH, height / SMALL_HEIGHT)
    return max(1.0, min(width / LAYOUT_WIDTH, height / LAYOUT_HEIGHT))


class Figure:
    """A view laid out off screen for a pixel size, with an optional caption line under it."""

    def __init__(
        self,
        view: str,
        state: AppState,
        width: int,
        height: int,
        caption: bool,
        stage: bool = False,
        texts: SlideTexts | None = None,
        printed: bool = False,
        *,
        probe: bool = False,
    ) -> None:
        """stage: as stage mode shows view on a screen of width x height, a slide (texts: its
        title and note, else the view's title), its type and lines sized for the screen, no
        larger layout drawn bigger. printed: laid out at its own size, in pixels of 1/96 inch
        (a printed page's figure: body text 10 pt, ticks 9 pt). probe: only to find whether
        the size fits (a refusal's size is not checked again)."""
        if view not in VIEWS:
            raise ExportError(tr("export.view", views=", ".join(VIEW_NAMES), value=echo(view)))
        for name, side in (("width", width), ("height", height)):
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise ExportError(
                    tr("export.side", name=name, lo=MIN_SIDE, hi=MAX_SIDE, value=side)
                )
        self.view = view
        self.width, self.height = width, height
        self._made = (state, caption, stage, texts, printed, probe)
        if stage and (width < SMALL_WIDTH or height < SMALL_HEIGHT):
            self._refuse((SMALL_WIDTH, SMALL_HEIGHT))  # its type follows the screen's height
        self.state = state.copy()
        if stage:
            self.state.set(**stage_fields(height))
        self.caption = caption
        self._set_scale(1.0 if stage or printed else layout_scale(width, height))
        self.caption_height = round(BASE_POINT_SIZE * self.state.font_scale * 2.6) if caption else 0
        self.widget = Slide(view, self.state, texts) if stage else VIEWS[view].load()(self.state)
        try:
            self._lay_out()
        except BaseException:
            self.close()  # a view that failed to draw must not outlive its state (a crash)
            raise

    def _set_scale(self, scale: float) -> None:
        """Draw the layout at scale: it is width / scale x height / scale units."""
        self.scale = scale
        self.logical = QSizeF(self.width / scale, self.height / scale)
        # A margin all round: a slide's text must not touch the edge of the picture.
        self.margin = figure_margin(self.logical.width(), self.logical.height())

    def _lay_out(self) -> None:
        self.widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        # Off screen, a view is drawn when the figure is painted, never by the event loop: a
        # view's paints while its layout settles (three a figure) are work thrown away.
        self.widget.setUpdatesEnabled(False)
        self.theme = theme_of(self.state)
        prepare_figure(self.widget, self.theme)
        self._fit(show=True)
        small = self.logical.width() < LAYOUT_WIDTH or self.logical.height() < LAYOUT_HEIGHT
        if not isinstance(self.widget, Slide) and not explanations_fit(
            self.widget, *self._room(), small
        ):
            leave_out_explanations(self.widget)
            self._fit()
        self._shrink_to_fit()

    def _shrink_to_fit(self) -> None:
        """Qt never makes a widget smaller than its layout needs: a view too large for the
        figure (the window's three figures at 800 x 450) is laid out as large as it needs and
        drawn smaller. Drawn under MIN_SCALE, it is refused (TooSmall, naming the size it
        needs)."""
        bound: set[int] = set()  # the sides the view would not shrink to: 0 across, 1 down
        for _ in range(4):
            width, height = self._room()
            over = max(self.widget.width() / width, self.widget.height() / height)
            if over <= 1.0:
                break
            if self.widget.width() > width:
                bound.add(0)
            if self.widget.height() > height:
                bound.add(1)
            self._set_scale(self.scale / over * 0.99)
            self._fit()
        if over > 1.0 or self.scale < MIN_SCALE:
            # At MIN_SCALE: the smallest layout, and the sides the view would not shrink to
            # as they are laid out now.
            logical = (self.logical.width(), self.logical.height())
            floors = (SMALL_WIDTH, SMALL_HEIGHT)
            need = [MIN_SCALE * max(floors[n], logical[n] if n in bound else 0) for n in (0, 1)]
            self._refuse(self._fitting(need[0], need[1]))

    def _fitting(self, width: float, height: float) -> tuple[float, float]:
        """A size the view fits, from a first estimate: a side freed may bind the other (the
        window's figures at 320 x 240 were said to need 600 x 338, where 600 x 414 fit), so
        the estimate is drawn, and grown as it asks, up to three times."""
        state, caption, stage, texts, printed, probe = self._made
        if probe:
            return width, height
        for _ in range(3):
            size = (max(self.width, math.ceil(width)), max(self.height, math.ceil(height)))
            try:
                Figure(self.view, state, *size, caption, stage, texts, printed, probe=True).close()
            except TooSmall as small:
                width, height = size[0] * small.ratio[0], size[1] * small.ratio[1]
            except ExportError:  # past the largest side: the estimate is all there is
                break
            else:
                return size
        return width, height

    def _refuse(self, need: tuple[float, float]) -> None:
        """TooSmall, naming the size the view needs (at least each side asked for)."""
        asked = (self.width, self.height)
        width, height = (max(a, math.ceil(n)) for a, n in zip(asked, need, strict=True))
        raise TooSmall(
            tr(
                "export.too_small",
                view=self.view,
                width=width,
                height=height,
                asked=f"{self.width} × {self.height}",
            ),
            (width / self.width, height / self.height),
        )

    def _room(self) -> tuple[int, int]:
        """The view's size: the logical figure less its margin and caption."""
        return (
            round(self.logical.width()) - 2 * self.margin,
            round(self.logical.height()) - self.caption_height - 2 * self.margin,
        )

    def _fit(self, show: bool = False) -> None:
        self.widget.resize(*self._room())
        if show:
            self.widget.show()
            uncache(self.widget)
        # pyqtgraph sizes an axis to its tick labels as it draws them: a first drawing of the
        # axes gives them their sizes (drawn once, words under a plot were cut off); a second
        # lets titles that took another form for the new sizes settle theirs.
        for _ in range(2):
            self.settle()
            draw_axes(self.widget)
        self.settle()

    def refit(self, **values: object) -> None:
        """The figure at new values, laid out as a new figure of them is (a notebook's widget
        draws frame after frame on one figure): each axis's room for its tick labels back to
        where pyqtgraph starts it (it grows, and shrinks only in 10-pixel steps, so it kept
        the widest labels it ever had), the items made for them uncached as the first were,
        then settled as the export settles a new figure."""
        self.state.set(**values)
        for view in self.widget.findChildren(QGraphicsView):
            for item in view.scene().items():
                if isinstance(item, AxisItem) and item.orientation in ("left", "right"):
                    item.textWidth = AXIS_TEXT_ROOM[0]
                    item._updateWidth()
                elif isinstance(item, AxisItem):
                    item.textHeight = AXIS_TEXT_ROOM[1]
                    item._updateHeight()
        uncache(self.widget)
        self._fit()

    def set_height(self, height: int) -> None:
        """The same figure laid out height pixels tall (a handout page fits it to its text)."""
        self.height = height
        self.logical = QSizeF(self.width / self.scale, height / self.scale)
        self._fit()
        self._shrink_to_fit()

    def settle(self) -> None:
        """Let layouts and pyqtgraph's deferred updates run before painting (twice: what one
        pass asks for, a title's new form and the axis's size with it, the second lays out)."""
        QApplication.processEvents()
        QApplication.processEvents()

    def close(self) -> None:
        self.widget.close()
        self.widget.deleteLater()
        self.state.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def paint(self, painter: QPainter) -> None:
        """Draw the figure on a device of width x height units."""
        painter.save()
        painter.fillRect(QRectF(0, 0, self.width, self.height), self.theme.background)
        painter.scale(self.scale, self.scale)
        self.widget.setUpdatesEnabled(True)
        try:
            self.widget.render(painter, QPoint(self.margin, self.margin))
        finally:
            self.widget.setUpdatesEnabled(False)
        if self.caption:
            top = self.logical.height() - self.caption_height - self.margin
            painter.setPen(self.theme.text)
            painter.setFont(scaled_font(self.state.font_scale, 1.1))
            painter.drawText(
                QRectF(0, top, self.logical.width(), self.caption_height),
                Qt.AlignmentFlag.AlignCenter,
                caption_text(self.view, self.state),
            )
        painter.restore()

    def readout_at(self, x: float, y: float) -> str:
        """What the view under the image's pixel (x, y) says of it under a mouse (its hover
        read-out, as rich text), or "": the innermost view there that says something."""
        point = QPointF(x / self.scale - self.margin, y / self.scale - self.margin).toPoint()
        widget: QWidget | None = self.widget.childAt(point) or self.widget
        while widget is not None:
            if isinstance(widget, LazyView) and (
                text := widget.readout_at(widget.mapFrom(self.widget, point))
            ):
                return text
            widget = None if widget is self.widget else widget.parentWidget()
        return ""

    @property
    def drawn(self) -> LazyView:
        """The view drawn: the figure's own, or the view on its stage's slide."""
        return as_view(self.widget.view if isinstance(self.widget, Slide) else self.widget)

    def image(self) -> QImage:
        image = QImage(self.width, self.height, QImage.Format.Format_RGB32)
        self.draw_into(image)
        return image

    def draw_into(self, image: QImage) -> None:
        """Draw the figure over every pixel of image (width x height, 32-bit: a video
        frame's memory, drawn into again for each frame)."""
        image.fill(self.theme.background)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.paint(painter)
        painter.end()


def prepare_figure(widget: QWidget, theme: Theme, on_screen: bool = False) -> None:
    """A view as a figure, for a slide or a stage: the theme's background behind every panel
    (not the window's grey), no splitter grips, no hints or controls, no on-screen selection.
    on_screen (the stage): a plot keeps filling its background (its view paints every pixel
    of it anyway), and so does a label whose text changes with every step (`StableLabel`),
    so a step repaints the plot and the label, not the slide and the view under them too
    (the large clock's four legend lines: 0.5 ms of a 4K frame's 6.8). (In a file labels
    stay clear: filled, the large clock's legend lines covered each other's ink in a PDF.)"""
    widget.setPalette(figure_palette(widget.palette(), theme))
    widget.setAutoFillBackground(True)
    for splitter in widget.findChildren(QSplitter):
        splitter.setHandleWidth(0)
    for child in widget.findChildren(QWidget):
        if child.property(INTERACTIVE):
            child.hide()
        # Opaque on screen to repaint fast: clear in a file.
        if not (on_screen and (is_plot_viewport(child) or isinstance(child, StableLabel))):
            child.setAutoFillBackground(False)
    as_view(widget.view if isinstance(widget, Slide) else widget).prepare_export()


def is_plot_viewport(widget: QWidget) -> bool:
    """Whether widget is the viewport of a plot (a graphics view)."""
    view = widget.parentWidget()
    return isinstance(view, QGraphicsView) and view.viewport() is widget


def figure_palette(palette: QPalette, theme: Theme) -> QPalette:
    """The widgets of a figure on the theme's background, their text in its colour."""
    roles = QPalette.ColorRole
    for role in (roles.Window, roles.Base, roles.AlternateBase, roles.Button):
        palette.setColor(role, theme.background)
    for role in (roles.WindowText, roles.Text, roles.ButtonText, roles.BrightText):
        palette.setColor(role, theme.text)
    return palette


def caption_text(view: str, state: AppState) -> str:
    """The caption line under a figure: it describes that figure (a view's own caption, as
    the worked example's, says its base)."""
    key = VIEWS[view].caption
    return tr(key, base=fmt_base(state.base)) if key else parameter_line(state)


def request_state(request: FigureRequest) -> AppState:
    """A fresh state of what request asks for (never the window's saved settings): its
    checked picture (the model's numbers, the parameters given, its theme, language and
    type size), taken as checked. Owned by Python (no parent): a notebook may run no event
    loop for a deleteLater."""
    state = AppState.of(request.checked)
    if request.embeddings is not None:
        state.take_embeddings(request.embeddings, request.embeddings_file)
    return state


def window_request(
    state: AppState,
    view: str,
    size: tuple[int, int],
    theme: str,
    caption: bool = False,
    shown: Picture | None = None,
) -> FigureRequest:
    """What the window shows of view, as a request (the export dialog's): every parameter of
    its state (or of shown: a deck's scene over it), its model and group, its token
    embeddings (where they fit shown's d_model) and its language and type size, in theme."""
    shown = shown or state
    picture = shown.picture()
    picture.set(theme=theme, language=state.language, font_scale=state.font_scale)
    rows = state.embedding_rows() if state.embeddings_loaded else None
    fits = rows is not None and rows.shape[1] == shown.d_model
    return FigureRequest(
        view,
        picture,
        MappingProxyType(shown.parameters()),
        size,
        caption,
        embeddings=rows if fits else None,
        embeddings_file=state.embeddings_file if fits else "",
    )


def fitting_size(view: str, state: AppState, width: int, height: int) -> tuple[int, int]:
    """width x height if view draws at that size, else the smallest size at least as large
    that it draws at: the size export's refusal says the view needs (the dialog proposes it,
    so a figure on a small screen is never proposed at a size the export refuses)."""
    try:
        Figure(view, state, width, height, False).close()
    except TooSmall as small:
        return tuple(  # type: ignore[return-value]
            max(side, math.ceil(side * ratio))
            for side, ratio in zip((width, height), small.ratio, strict=True)
        )
    return width, height


@contextlib.contextmanager
def staged(
    view: str,
    state: AppState,
    width: int,
    height: int,
    caption: bool,
    stage: bool = False,
    texts: SlideTexts | None = None,
    printed: bool = False,
) -> Iterator[Figure]:
    figure = Figure(view, state, width, height, caption, stage, texts, printed)
    try:
        yield figure
    finally:
        figure.close()


#: Qt's PNG quality 80: zlib's level 1 ((100 - quality) * 9 / 91) for its default 6. The 17
#: views at 1280 x 720 encode in 281 ms of CPU instead of 448, into 2,279 KiB instead of 2,067
#: (the large clock's a third larger; `benchmarks/png.py`); a notebook's widget encodes one
#: on every step.
PNG_QUALITY = 80


def qt_pixels(image: QImage) -> NDArray[np.uint8]:
    """image's 32-bit pixels as a height × width × 4 array, as Qt holds them (0xffRRGGBB
    words: B, G, R, 255 in memory on a little-endian machine), with no copy: a view of image,
    valid while it lives."""
    assert image.format() == QImage.Format.Format_RGB32
    words = np.frombuffer(image.constBits(), np.uint8, image.bytesPerLine() * image.height())
    return words.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width()]


def png_bytes(image: QImage) -> bytes:
    """image as a PNG marked as PE Clock's (so that a later export may write over it)."""
    image.setText(PNG_KEY, MARK)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"PNG"))
    writer.setQuality(PNG_QUALITY)
    if not writer.write(image):
        raise OSError(f"the PNG encoder failed: {writer.errorString()}")
    buffer.close()
    return bytes(buffer.data().data())


def _write_png(figure: Figure, buffer: QBuffer) -> None:
    buffer.write(png_bytes(figure.image()))


def _write_svg(figure: Figure, buffer: QBuffer) -> None:
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(figure.width, figure.height))
    generator.setViewBox(QRectF(0, 0, figure.width, figure.height))
    generator.setResolution(SVG_PDF_DPI)
    generator.setTitle("PE Clock")
    # The figure's own parameters: the worked example's said "d_model 512" of the main table.
    generator.setDescription(caption_text(figure.view, figure.state))
    painter = QPainter()
    if not painter.begin(generator):
        raise OSError("cannot start an SVG document")
    figure.paint(painter)
    painter.end()


#: The most characters of a title a PDF's metadata keeps: Qt writes the title before the
#: Creator that tells PE Clock's own PDFs (`marks.HEAD_BYTES`), and a deck's title of
#: thousands of words made its own handout one PE Clock would not write over.
PDF_TITLE_CHARS = 200


def pdf_writer(
    buffer: QBuffer, width: float, height: float, title: str = "PE Clock"
) -> tuple[QPdfWriter, QPainter]:
    """A PDF of width x height pixel pages (at SVG_PDF_DPI) into buffer, and its painter;
    title: the document's title (a handout's is its deck's), cut to PDF_TITLE_CHARS."""
    if len(title) > PDF_TITLE_CHARS:
        title = title[: PDF_TITLE_CHARS - 1] + "…"
    writer = QPdfWriter(buffer)
    writer.setResolution(SVG_PDF_DPI)
    points = QSizeF(width, height) * (72.0 / SVG_PDF_DPI)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(points, QPageSize.Unit.Point, title),
            QPageLayout.Orientation.Portrait,
            QMarginsF(0, 0, 0, 0),
        )
    )
    writer.setTitle(title)
    writer.setCreator("PE Clock")
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError("cannot start a PDF document")
    return writer, painter


def _write_pdf(figure: Figure, buffer: QBuffer) -> None:
    _, painter = pdf_writer(buffer, figure.width, figure.height)
    # QPdfWriter's device is in its resolution's pixels: width x height, as for the image.
    figure.paint(painter)
    painter.end()


def encode(figure: Figure, suffix: str) -> bytes:
    """The whole document in memory: Qt's SVG and PDF writers report no write error, so they
    write into a buffer, and the file is written (and checked) from it."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    WRITERS[suffix](figure, buffer)
    buffer.close()
    data = bytes(buffer.data().data())
    if suffix == ".svg":
        return portable_svg(data)
    return readable_spaces(data) if suffix == ".pdf" else data


WRITERS = {".png": _write_png, ".svg": _write_svg, ".pdf": _write_pdf}


def check_suffix(path: Path, allowed: tuple[str, ...]) -> str:
    name = Path(path).name
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        raise ExportError(
            bare_suffix(name) or tr("export.suffix", suffixes=", ".join(allowed), value=echo(name))
        )
    return suffix


def export_figure(
    path: Path,
    view: str,
    state: AppState,
    width: int,
    height: int,
    caption: bool = False,
    stage: bool = False,
) -> Path:
    """Write one view (or the window's figures) as PNG, SVG or PDF, chosen by the suffix;
    stage: as stage mode shows it on a screen of that size."""
    suffix = check_suffix(path, STILL_SUFFIXES)
    check_target(Path(path))
    with staged(view, state, width, height, caption, stage) as figure:
        try:
            data = encode(figure, suffix)
        except OSError as err:
            raise ExportError(tr("export.failed", path=path, reason=err.strerror or err)) from err
    check_interrupted()
    return atomic_write(Path(path), lambda handle: handle.write(data))


def figure_image(
    view: str,
    state: AppState,
    width: int,
    height: int,
    stage: bool = False,
    texts: SlideTexts | None = None,
) -> QImage:
    """One view rendered into an image of exactly width x height pixels (for the clipboard;
    stage: as stage mode shows it on such a screen, a slide with texts' title and note)."""
    with staged(view, state, width, height, False, stage, texts) as figure:
        return figure.image()


#: The room pyqtgraph's AxisItem keeps for its tick labels when it is made (width, height).
AXIS_TEXT_ROOM = (30, 18)


def draw_axes(widget: QWidget) -> None:
    """What drawing widget does to its layout, without drawing the rest: each shown graphics
    view's scene prepared for painting (pyqtgraph's view boxes take their ranges then) and
    each shown axis drawn into the picture it keeps for its next paint (measuring its tick
    labels, it asks for the room they need). A whole throw-away drawing did the same."""
    image = QImage(1, 1, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    try:
        for view in widget.findChildren(QGraphicsView):
            scene = view.scene()
            if view.isVisible() and isinstance(scene, GraphicsScene):
                scene.prepareForPaint()
                for item in scene.items():
                    if isinstance(item, AxisItem) and item.isVisible():
                        item.paint(painter, None, None)
    finally:
        painter.end()


def uncache(widget: QWidget) -> None:
    """Switch off the item caches and backdrops of every graphics view inside widget (so SVG
    and PDF keep every line as a vector), and draw small images cell by cell."""
    for view in widget.findChildren(QGraphicsView):
        if isinstance(view, BackdropView):
            view.set_backdrop()  # every item drawn with the scene
        for item in view.scene().items():
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            if isinstance(item, DivergingImage):
                item.exact_cells = True
