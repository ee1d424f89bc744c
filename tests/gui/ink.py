"""What the reader sees of a PDF's text: every character PE Clock writes must be drawn, whole,
inside its clip, and not under another drawing or another text.

A page is rendered twice with pdfium: as written, and with its text objects removed. A
character is seen where the two differ inside its glyph box; it is

- ``cut`` when its box reaches past its text object's clip (a panel's, a plot's) or the page,
- ``covered`` when no pixel of its box changes (a colour bar or a strip drawn over it, or a
  text the colour of what is under it),
- ``partly covered`` when a half of its box (left, right, top or bottom) shows nothing,
- ``overlapping`` when its box overlaps a character of another text object (two labels
  drawn into each other).

A figure drawn into a PDF is the figure every output draws: PNG, SVG and PDF exports, the
stage and the handouts paint the same widgets with the same painter calls. For a window's
widgets, `widgets_cut` checks that each label's, button's and tab's text fits its widget and
that no parent's edge cuts the widget.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pyqtgraph as pg
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QLabel, QTabBar, QWidget

#: Pixels per PDF point: fine enough that a period or a thin stroke of a small type leaves ink.
SCALE = 3.0
#: A page whose smallest type is larger is rendered coarser, as many pixels per em as SCALE
#: gives this type (points): a 4K slide's smallest type is ten times a handout's, and at
#: SCALE its two renders would take 300 MB each.
SMALL_TYPE = 12.0
#: A pixel changed by the text: any channel moved by more than this (of 255).
INK = 24


@dataclass(frozen=True)
class Hidden:
    """A run of characters of one text object that the reader does not see whole."""

    page: int
    text: str
    why: str
    context: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.text!r} {self.why} (in {self.context!r})"


def _clip(obj: object) -> tuple[float, float, float, float] | None:
    """The intersection of the bounding boxes of an object's clip paths (left, bottom, right,
    top in points), or None without a clip. Qt clips to rectangles (a widget, a view box)."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    left, bottom, right, top = -np.inf, -np.inf, np.inf, np.inf
    x, y = ctypes.c_float(), ctypes.c_float()
    for path in range(raw.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for n in range(raw.FPDFClipPath_CountPathSegments(clip, path)):
            segment = raw.FPDFClipPath_GetPathSegment(clip, path, n)
            raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
            xs.append(x.value)
            ys.append(y.value)
        if xs:
            left, bottom = max(left, min(xs)), max(bottom, min(ys))
            right, top = min(right, max(xs)), min(top, max(ys))
    return left, bottom, right, top


#: Rows of pixels between two characters' boxes that are still rendered as one band.
BAND_GAP = 24


def _bands(
    boxes: list[tuple[int, int, int, int]], width: int, height: int
) -> list[tuple[int, int, int, int]]:
    """The pixel rectangles (x0, y0, x1, y1) a page is rendered in to see the characters of
    these pixel boxes: their rows merged into bands, each as wide as the page (pdfium places
    a glyph a fraction of a pixel apart when the crop cuts the page's left edge off; cut at
    the top and the bottom only, a band's pixels are the whole page's)."""
    bands: list[list[int]] = []
    for _, y0, _, y1 in sorted(boxes, key=lambda box: box[1]):
        y0, y1 = max(y0, 0), min(y1, height)
        if y1 <= y0:
            continue
        if bands and y0 <= bands[-1][3] + BAND_GAP:
            bands[-1][3] = max(bands[-1][3], y1)
        else:
            bands.append([0, y0, width, y1])
    return [(x0, y0, x1, y1) for x0, y0, x1, y1 in bands]


def _render(
    page: pdfium.PdfPage, scale: float, band: tuple[int, int, int, int], size: tuple[int, int]
) -> np.ndarray:
    """The band's pixels of the page rendered whole at scale (pdfium draws only what
    reaches the band, the pixels the whole page has there)."""
    x0, y0, x1, y1 = band
    width, height = size
    # pdfium takes the crop in points and rounds it up to pixels: a hair under each edge.
    crop = [(edge - 1e-6) / scale for edge in (x0, height - y1, width - x1, y0)]
    return page.render(scale=scale, crop=crop, may_draw_forms=False).to_numpy()


def _changed(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where any channel of two renders differs by more than INK (in bytes, channel by
    channel: a page at 3 pixels per point is 94 million of them)."""
    moved = np.maximum(a, b)
    moved -= np.minimum(a, b)
    return np.maximum(np.maximum(moved[..., 0], moved[..., 1]), moved[..., 2]) > INK


def _page_problems(page: pdfium.PdfPage) -> list[tuple[int, int, str]]:
    """(character index, text object, why) of every character not seen whole on page."""
    width, height = page.get_size()
    textpage = page.get_textpage()
    chars: list[tuple[int, int, tuple[float, float, float, float]]] = []
    clips: dict[int, tuple[float, float, float, float] | None] = {}
    smallest = float("inf")
    for index in range(textpage.count_chars()):
        if raw.FPDFText_IsGenerated(textpage.raw, index) == 1:
            continue
        if not textpage.get_text_range(index, 1).strip():
            continue
        obj = raw.FPDFText_GetTextObject(textpage.raw, index)
        key = ctypes.cast(obj, ctypes.c_void_p).value or 0
        if key not in clips:
            clips[key] = _clip(obj)
        box = textpage.get_charbox(index)
        if box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
            continue
        chars.append((index, key, box))
        smallest = min(smallest, raw.FPDFText_GetFontSize(textpage.raw, index))
    if not chars:
        return []
    scale = max(1.0, SCALE * SMALL_TYPE / max(smallest, SMALL_TYPE))
    # Only the pixels of the characters' boxes are read: the page is rendered in the bands
    # they lie in (a figure's words cover a small part of it), with and without its text.
    size = (math.ceil(width * scale), math.ceil(height * scale))
    bands = _bands(
        [
            (
                math.floor(left * scale),
                math.floor((height - top) * scale),
                math.ceil(right * scale),
                math.ceil((height - bottom) * scale),
            )
            for _, _, (left, bottom, right, top) in chars
        ],
        *size,
    )
    written = [_render(page, scale, band, size) for band in bands]
    for obj in list(page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT])):
        page.remove_obj(obj)
    page.gen_content()
    seen = np.zeros((size[1], size[0]), dtype=bool)
    for band, before in zip(bands, written, strict=True):
        x0, y0, x1, y1 = band
        seen[y0:y1, x0:x1] = _changed(before, _render(page, scale, band, size))
    boxes = np.array([box for _, _, box in chars])
    keys = np.array([key for _, key, _ in chars])
    areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    problems = []
    for n, (index, key, (left, bottom, right, top)) in enumerate(chars):
        slack = 0.05 * min(right - left, top - bottom) + 0.4
        area = [0.0, 0.0, width, height]
        clip = clips[key]
        if clip is not None:
            area = [max(area[0], clip[0]), max(area[1], clip[1]), min(width, clip[2]),
                    min(height, clip[3])]  # fmt: skip
        why = ""
        if (
            left < area[0] - slack
            or bottom < area[1] - slack
            or right > area[2] + slack
            or top > area[3] + slack
        ):
            why = "cut"
        else:
            x0, x1 = int(np.floor(left * scale)), int(np.ceil(right * scale))
            y0, y1 = int(np.floor((height - top) * scale)), int(np.ceil((height - bottom) * scale))
            ink = seen[max(y0, 0) : y1, max(x0, 0) : x1]
            if not ink.any():
                why = "covered"
            else:
                # Halves of a box at least 4 pixels across (an underscore is one pixel tall).
                half_h, half_w = (ink.shape[0] + 1) // 2, (ink.shape[1] + 1) // 2
                halves = (ink[:, :half_w], ink[:, -half_w:]) if ink.shape[1] >= 4 else ()
                halves += (ink[:half_h], ink[-half_h:]) if ink.shape[0] >= 4 else ()
                if not all(half.any() for half in halves):
                    why = "partly covered"
        if not why:
            across = np.minimum(boxes[:, 2], right) - np.maximum(boxes[:, 0], left)
            up = np.minimum(boxes[:, 3], top) - np.maximum(boxes[:, 1], bottom)
            shared = np.clip(across, 0, None) * np.clip(up, 0, None)
            smaller = np.minimum(areas, areas[n])
            if np.any((keys != key) & (shared > 0.2 * smaller)):
                why = "overlapping"
        if why:
            problems.append((index, key, why))
    return problems


def hidden_text(pdf: bytes) -> list[Hidden]:
    """Every run of characters in pdf that the reader does not see whole, page by page."""
    document = pdfium.PdfDocument(pdf)
    found: list[Hidden] = []
    try:
        for number in range(len(document)):
            # Text is read before the page is changed: removing its text objects empties it.
            page = document[number]
            textpage = page.get_textpage()
            words = textpage.get_text_range()
            runs: list[list[tuple[int, int, str]]] = []
            for problem in _page_problems(page):
                last = runs[-1][-1] if runs else None
                between = words[last[0] + 1 : problem[0]] if last else ""
                if last and problem[2] == last[2] and len(between) <= 4 and not between.strip():
                    runs[-1].append(problem)
                else:
                    runs.append([problem])
            for run in runs:
                first, last = run[0][0], run[-1][0]
                found.append(
                    Hidden(
                        number + 1,
                        words[first : last + 1].replace("\r\n", ""),
                        run[0][2],
                        words[max(0, first - 20) : last + 20].replace("\r\n", " | "),
                    )
                )
    finally:
        document.close()
    return found


def hidden_characters(found: list[Hidden]) -> int:
    return sum(len(run.text.replace(" ", "")) for run in found)


def widgets_cut(window: QWidget) -> list[str]:
    """Every visible label, button and tab of window whose text does not fit its widget, or
    whose widget reaches past a parent's edge (what is past it is not drawn)."""
    found = []

    def place(widget: QWidget) -> QRect:
        return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())

    def seen(widget: QWidget) -> QRect:
        """widget's rectangle in window, as far as its parents let it be drawn."""
        rect, parent = place(widget), widget.parentWidget()
        while parent is not None:
            if isinstance(parent, QAbstractScrollArea) and parent.viewport().isAncestorOf(widget):
                return place(widget)  # the reader scrolls it into view
            rect = rect.intersected(place(parent) if parent is not window else window.rect())
            parent = None if parent is window else parent.parentWidget()
        return rect

    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.width() <= 0:
            continue
        if isinstance(widget, QTabBar):
            for index in range(widget.count()):
                if not widget.rect().contains(widget.tabRect(index)):
                    found.append(f"tab {widget.tabText(index)!r} past its bar")
            continue
        if isinstance(widget, QLabel) and widget.text().strip() and widget.pixmap().isNull():
            if widget.wordWrap():
                fits = widget.heightForWidth(widget.width()) <= widget.height()
            else:
                hint = widget.sizeHint()
                fits = hint.width() <= widget.width() and hint.height() <= widget.height()
        elif isinstance(widget, QAbstractButton) and widget.text():
            hint = widget.sizeHint()
            fits = hint.width() <= widget.width() and hint.height() <= widget.height()
        else:
            continue
        name = f"{type(widget).__name__} {widget.text()[:40]!r}"
        if not fits:
            found.append(f"{name} does not fit its {widget.width()} × {widget.height()}")
        elif seen(widget) != place(widget):
            found.append(f"{name} reaches past a parent's edge")
    for view in window.findChildren(pg.GraphicsView):
        if view.isVisibleTo(window):
            found += _scene_text_cut(view)
    return found


def _scene_text_cut(view: pg.GraphicsView) -> list[str]:
    """The texts of a plot's scene past what its view shows (a PDF of the widget draws them,
    the screen clips them: a 4K stage's colour bar lost half its "0"), and the named ticks
    pyqtgraph leaves undrawn (a label reaching past its axis: a narrow matrix's last token)."""
    from PySide6.QtGui import QImage, QPainter

    shown = view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-1, -1, 1, 1)
    found = []
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    for item in view.scene().items():
        if not item.isVisible() or item.opacity() == 0:
            continue
        if isinstance(item, pg.AxisItem) and item.style["showValues"]:
            painter = QPainter(image)
            painter.setFont(item.style["tickFont"] or item.font())
            specs = item.generateDrawSpecs(painter)
            painter.end()
            if specs is None:
                continue
            drawn = {text for _, _, text in specs[2]}
            for rect, _, text in specs[2]:
                if not shown.contains(item.mapRectToScene(rect)):
                    found.append(f"tick {text!r} past its view")
            low, high = sorted(item.range)
            names = getattr(item, "names", None) or ()
            for cell, name in enumerate(names):
                if low <= cell + 0.5 <= high and name not in drawn:
                    found.append(f"tick {name!r} not drawn")
        elif isinstance(item, pg.TextItem | pg.LabelItem) and item.sceneBoundingRect().width():
            text = item.toPlainText() if isinstance(item, pg.TextItem) else item.text
            if text and not shown.contains(item.sceneBoundingRect()):
                found.append(f"text {text[:40]!r} past its view")
    return found
