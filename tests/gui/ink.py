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
    _remove_text(page)
    # The pixels the text changed, in the bands' rows alone (the rest of the page is unread).
    seen = [
        _changed(before, _render(page, scale, band, size))
        for band, before in zip(bands, written, strict=True)
    ]
    boxes = np.array([box for _, _, box in chars])
    keys = np.array([key for _, key, _ in chars])
    left, bottom, right, top = boxes.T
    # Cut: past its clip (or the page) by more than a little of its size.
    slack = 0.05 * np.minimum(right - left, top - bottom) + 0.4
    area = np.array([_area(clips[key], width, height) for key in keys]).T
    cut = (
        (left < area[0] - slack)
        | (bottom < area[1] - slack)
        | (right > area[2] + slack)
        | (top > area[3] + slack)
    )
    # Covered, partly covered: the ink inside its pixel box, and inside each half of it.
    ink = _Ink(seen, bands, size)
    rows = ink.span(np.floor((height - top) * scale), np.ceil((height - bottom) * scale), 0)
    columns = ink.span(np.floor(left * scale), np.ceil(right * scale), 1)
    covered = ink.count(rows, columns) == 0
    partly = np.zeros(len(chars), dtype=bool)
    for (lo, hi), across in ((rows, False), (columns, True)):
        # Halves of a box at least 4 pixels across (an underscore is one pixel tall).
        half = (hi - lo + 1) // 2
        for part in ((lo, lo + half), (hi - half, hi)):
            empty = ink.count(rows, part) == 0 if across else ink.count(part, columns) == 0
            partly |= (hi - lo >= 4) & empty
    why = np.select([cut, covered, partly], ["cut", "covered", "partly covered"], "")
    # Overlapping: a fifth of the smaller box shared with a character of another text.
    areas = (right - left) * (top - bottom)
    for start in range(0, len(chars), 256):
        rest = slice(start, start + 256)
        across = np.minimum(right, right[rest, None]) - np.maximum(left, left[rest, None])
        up = np.minimum(top, top[rest, None]) - np.maximum(bottom, bottom[rest, None])
        shared = np.clip(across, 0, None) * np.clip(up, 0, None)
        smaller = np.minimum(areas, areas[rest, None])
        overlap = np.any((keys != keys[rest, None]) & (shared > 0.2 * smaller), axis=1)
        why[rest] = np.where((why[rest] == "") & overlap, "overlapping", why[rest])
    return [
        (index, key, str(reason))
        for (index, key, _), reason in zip(chars, why, strict=True)
        if reason
    ]


def _area(
    clip: tuple[float, float, float, float] | None, width: float, height: float
) -> tuple[float, float, float, float]:
    """Where a text object may draw: the page, within its clip if it has one."""
    if clip is None:
        return 0.0, 0.0, width, height
    return max(0.0, clip[0]), max(0.0, clip[1]), min(width, clip[2]), min(height, clip[3])


def _remove_text(page: pdfium.PdfPage) -> None:
    """Every text object off the page, and the page's content written again without them
    (pdfium's own calls: its Python helpers cost more than the renders on a page of
    thousands of runs). Qt writes no form objects, whose text this would leave."""
    for n in reversed(range(raw.FPDFPage_CountObjects(page.raw))):
        obj = raw.FPDFPage_GetObject(page.raw, n)
        kind = raw.FPDFPageObj_GetType(obj)
        assert kind != raw.FPDF_PAGEOBJ_FORM, "a form object: its text would be left"
        if kind == raw.FPDF_PAGEOBJ_TEXT and raw.FPDFPage_RemoveObject(page.raw, obj):
            raw.FPDFPageObj_Destroy(obj)
    page.gen_content()


class _Ink:
    """Counts of the seen pixels in rectangles of a page's render, from the running sums of
    its bands' rows (the only rows that can hold any: a row outside them adds none)."""

    def __init__(
        self, seen: list[np.ndarray], bands: list[tuple[int, int, int, int]], size: tuple[int, int]
    ) -> None:
        width, height = size
        self.shape = (height, width)
        in_band = np.zeros(height, dtype=np.int32)
        for _, y0, _, y1 in bands:
            in_band[y0:y1] = 1
        #: The band rows above each page row (a page row's index among the sums' rows).
        self.below = np.concatenate([[0], np.cumsum(in_band)])
        self.sums = np.zeros((int(self.below[-1]) + 1, width + 1), dtype=np.int32)
        if seen:
            rows = np.concatenate(seen)
            np.cumsum(np.cumsum(rows, axis=0, dtype=np.int32), axis=1, out=self.sums[1:, 1:])

    def span(self, first: np.ndarray, stop: np.ndarray, axis: int) -> tuple[np.ndarray, ...]:
        """The pixels first … stop − 1 of each box along axis as a slice from max(first, 0)
        takes them: clipped to the page, a negative stop counted from the page's end."""
        length = self.shape[axis]
        lo = np.minimum(np.maximum(first.astype(np.int64), 0), length)
        hi = stop.astype(np.int64)
        hi = np.minimum(np.where(hi < 0, np.maximum(hi + length, 0), hi), length)
        return lo, np.maximum(hi, lo)

    def count(self, rows: tuple[np.ndarray, ...], columns: tuple[np.ndarray, ...]) -> np.ndarray:
        (y0, y1), (x0, x1) = (self.below[row] for row in rows), columns
        s = self.sums
        return s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]


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
