"""pyqtgraph axes for teaching figures: titles clear of the numbers at any type size,
minus signs, positions written out in full, and log axes labelled in plain numbers."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF, QTextOption
from PySide6.QtWidgets import QGraphicsTextItem

from pe_clock.gui.look.fonts import scaled_font

#: A parenthesis after a space (" (log scale)", " (k = 1)"), not a function's ("cos(P_a, P_b)").
_PARENTHESIS = re.compile(r"\s+\([^()]*\)")


#: Where a title breaks onto a second line first: before a " · " part, after a colon, before
#: a parenthesis ("head 1:" | "m = 2⁻¹", "8 slopes" | "(log scale)", not "head 1: m" | "= 2⁻¹").
_BREAKS = (re.compile(r" (?=· )"), re.compile(r"(?<=:) "), re.compile(r" (?=\()"))


def title_forms(text: str) -> Iterator[str]:
    """The forms a title takes, longest first, until one fits its room (`fit_title`): whole;
    on two lines, broken where _BREAKS say; without its last " · " parts ("dimension · a
    pixel column = mean of 4 dimensions" → "dimension"); without its parentheses."""
    yield text
    for pattern in _BREAKS:
        for match in reversed(list(pattern.finditer(text))):
            before = text[: match.start()]
            if "<" not in before.rsplit(">", 1)[-1] and before.count("(") == before.count(")"):
                yield before + "<br>" + text[match.end() :]  # not inside a tag or parentheses
    parts = text.split(" · ")
    for cut in range(len(parts) - 1, 0, -1):
        yield " · ".join(parts[:cut])
    bare = _PARENTHESIS.sub("", parts[0])
    if bare != parts[0] and bare.strip():
        yield bare


#: A title wrapped to its room takes at most this many lines.
TITLE_LINES = 3


def fit_title(
    item: QGraphicsTextItem,
    forms: Iterable[str],
    show: Callable[[str], None],
    room: float,
    tallest: float = float("inf"),
) -> str:
    """Show (with show) the first of forms that fits room pixels in item: on one line, else
    wrapped to room, centred, in at most TITLE_LINES lines, no taller than tallest and no word
    wider than room; none ("") if no form fits. Returns the form shown."""
    margin = 2 * item.document().documentMargin()
    item.document().setDefaultTextOption(QTextOption(Qt.AlignmentFlag.AlignHCenter))
    for form in forms:
        item.setTextWidth(-1)
        show(form)
        if item.document().idealWidth() - margin <= room:
            return form
        item.setTextWidth(room + margin)
        document = item.document()
        block, lines = document.begin(), 0
        while block.isValid():
            lines += block.layout().lineCount()
            block = block.next()
        wide, tall = document.idealWidth() - margin, document.size().height() - margin
        if wide <= room + 0.5 and lines <= TITLE_LINES and tall <= tallest:
            return form
    item.setTextWidth(-1)
    show("")
    return ""


def row_mates(item: pg.GraphicsObject) -> list[pg.PlotItem]:
    """The plots in the same row of item's graphics layout as item (item among them if it is
    a plot)."""
    layout = item.parentItem()
    cells = getattr(layout, "items", {})
    rows = {row for row, _ in cells.get(item, [])}
    return [
        mate
        for mate, places in cells.items()
        if isinstance(mate, pg.PlotItem)
        and not isinstance(mate, pg.ColorBarItem)
        and any(row in rows for row, _ in places)
    ]


class Axis(pg.AxisItem):
    """pyqtgraph's axis with its title clear of the tick numbers, and never longer than the
    axis.

    pyqtgraph keeps 0.8 of the title's height for it and draws the title 5 pixels outside: at
    stage type sizes the title ran into the numbers. This keeps all of it, and a gap.

    pyqtgraph centres a title on its axis whatever its length: a long one ran past the figure
    or into the next plot's title. The title takes the longest of its `title_forms` that fits
    the axis's length, and none if even the shortest does not.

    No SI prefix: the numbers as they are. With one ALiBi head, pyqtgraph wrote a bias of
    −0.5 as −500 and put "(x0.001)" in the title.
    """

    def __init__(self, orientation: str, **kwargs: Any) -> None:
        self._form: str | None = None  # the title's form shown (None: the whole title)
        self._html: str | None = None  # the title's HTML the label holds
        #: Axes whose titles take the form this one's takes (see `share_title_form`).
        self._alike: list[Axis] = []
        super().__init__(orientation, **kwargs)
        # Off: pyqtgraph then redraws the axis itself on a new range (with it on, it did so
        # only through the prefix's update, which an Axis skips: see updateAutoSIPrefix).
        self.autoSIPrefix = False

    def share_title_form(self, *others: Axis) -> None:
        """Fit the title to the shortest of this axis and others, so that all take one form
        and height: the bottoms of plots side by side then line up (Beyond's two tables, one
        title on two lines, showed their rows at different heights)."""
        self._alike = list(others)

    def setLabel(self, text: str | None = None, *args: Any, **kwargs: Any) -> None:
        self._form = None
        super().setLabel(text, *args, **kwargs)
        self._fit_title()

    def labelString(self) -> str:
        if self._form is None:
            return super().labelString()
        style = ";".join(f"{key}: {value}" for key, value in self.labelStyle.items())
        return f"<span style='{style}'>{self._form}</span>"

    def resizeEvent(self, ev: Any = None) -> None:
        self._fit_title()
        super().resizeEvent(ev)

    def _fit_title(self) -> None:
        """Show the longest form of the title that fits along the axis, placed for its
        length (pyqtgraph places the title on a resize only)."""
        if self.label is None or not self.labelText:
            return
        across = self.orientation in ("top", "bottom")
        length = min(
            axis.size().width() if across else axis.size().height() for axis in (self, *self._alike)
        )
        if length <= 0:
            return
        before = self._form, self.label.boundingRect().size()

        def show(form: str) -> None:
            self._form = form
            self._show_html()

        if fit_title(self.label, title_forms(self.labelText), show, length) == self.labelText:
            self._form = None
        if (self._form, self.label.boundingRect().size()) != before:
            self._adjustSize()
            # The new size asked for inside a layout's pass is not acted on: again after it.
            QTimer.singleShot(0, self, self.updateGeometry)
            self.update()
        super().resizeEvent()

    def updateAutoSIPrefix(self) -> None:
        """No prefix, so nothing of the title to update: pyqtgraph's own calls this from the
        range it sets while it makes the axis, and laid the empty title out again there
        (a plot with four took 7.3 ms of CPU to make with it, 6.7 ms without: see
        benchmarks/RESULTS.md)."""
        self.autoSIPrefixScale = 1.0
        self.labelUnitPrefix = ""

    def _updateLabel(self) -> None:
        """pyqtgraph's, parsing the title's HTML only when it changed: pyqtgraph parses it
        again on every range and pen set (the 17 views' figures set 2,467 titles, 915 of
        them new)."""
        self._show_html()
        self._adjustSize()
        self.picture = None
        self.update()

    def _show_html(self) -> None:
        html = self.labelString()
        if html != self._html:
            self._html = html
            self.label.setHtml(html)

    def title_room(self) -> float:
        """Pixels the title needs beside the numbers: its height (less the margins the text
        item draws nothing in, less the 5 pixels pyqtgraph draws it outside) and a gap."""
        if not self.label.isVisible():
            return 0.0
        margin = self.label.document().documentMargin()
        text = self.label.boundingRect().height() - 2 * margin
        return text + margin - 5 + 0.3 * QFontMetricsF(self.label.font()).height()

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """pyqtgraph's labels with a minus sign, not a hyphen: −20, as the text writes it."""
        return [text.replace("-", "−") for text in super().tickStrings(values, scale, spacing)]

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        return self._spread(super().tickValues(minVal, maxVal, size), size)

    def _spread(
        self, ticks: list[tuple[float, list[float]]], size: float
    ) -> list[tuple[float, list[float]]]:
        """Across, every so many of the major ticks where their labels would run together
        (pyqtgraph counts ticks by the axis's length alone: a narrow plot read
        "200400600800")."""
        if self.orientation in ("left", "right") or not ticks or not ticks[0][1]:
            return ticks
        (spacing, major), *minor = ticks
        if spacing is None:  # a log axis's minor level alone
            return ticks
        metrics = QFontMetricsF(self.style["tickFont"] or QFont())
        labels = self.tickStrings(major, self.autoSIPrefixScale * self.scale, spacing)
        widest = max(metrics.horizontalAdvance(label) for label in labels)
        room = (widest + 2 * metrics.horizontalAdvance("0")) * len(major)
        every = math.ceil(room / max(size, 1.0))
        if every <= 1:
            return ticks
        return [(spacing * every, major[::every]), *minor]

    def _updateMaxTextSize(self, x: float) -> None:
        """pyqtgraph measures tick labels 0.8 times as tall as they are: under a plot, the
        descenders of its words were cut by the title below. Their whole height."""
        super()._updateMaxTextSize(x if self.orientation in ("left", "right") else x / 0.8)

    def _updateWidth(self) -> None:
        super()._updateWidth()
        if self.fixedWidth is None:
            self._add_room(self.maximumWidth(), self.setMinimumWidth, self.setMaximumWidth)

    def _updateHeight(self) -> None:
        super()._updateHeight()
        if self.fixedHeight is None:
            self._add_room(self.maximumHeight(), self.setMinimumHeight, self.setMaximumHeight)

    def _add_room(self, size: float, *setters: Callable[[float], None]) -> None:
        """Grow pyqtgraph's size (which kept 0.8 of the title's box) to the title's room."""
        if not self.isVisible() or not self.label.isVisible():
            return
        extra = self.title_room() - 0.8 * self.label.boundingRect().height()
        if extra > 0:
            for setter in setters:
                setter(size + extra)


class IndexAxis(Axis):
    """An axis of cells, positions or dimensions: whole numbers written out in full with
    thousands separators (800,000 and 1,000,000, never 1e+06 beside 800000), each tick at the
    centre of the cell it names (cell r spans r..r+1). A short axis gets one tick per cell."""

    #: Up to this many cells, every cell gets its own tick.
    EACH_CELL = 32

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.cells: int | None = None  # cells 0 … cells−1, if the axis was told
        self.each = False  # a tick for every cell, where their labels fit
        self.names: tuple[str, ...] | None = None  # each cell's own label, if it has one
        self.staggered = False  # names across, every other one a line lower (`tickValues`)

    def set_cells(self, count: int, each: bool = True, names: Sequence[str] | None = None) -> None:
        """Cells 0 … count − 1: no tick past them (a plot with its aspect locked shows room
        beyond its matrix), and if `each`, one tick per cell for up to EACH_CELL cells while
        their labels fit side by side (else round numbers: at 30 cells on a small matrix the
        labels ran together into "9101112…"). With `names` (one per cell: tokens, the rows of
        a strip, a zoom's dimensions), every cell has a tick with its name.

        Only a change repaints: new ticks repaint (and may re-lay out) the plot.
        """
        named = None if names is None else tuple(names)
        if named is not None and len(named) != count:
            raise ValueError(f"{len(named)} names for {count} cells")
        wanted = (count, each and count <= self.EACH_CELL, named)
        if wanted == (self.cells, self.each, self.names):
            return
        self.cells, self.each, self.names = wanted
        self.picture = None
        self.update()

    def boundingRect(self) -> QRectF:
        """Across, room past the ends for half the widest name: pyqtgraph drops a label that
        reaches past its axis, and the last token of a narrow matrix ("사랑해") went."""
        rect = super().boundingRect()
        if self.names and self.orientation in ("top", "bottom"):
            metrics = QFontMetricsF(self.style["tickFont"] or QFont())
            spill = max(metrics.horizontalAdvance(name) for name in self.names) / 2
            rect = rect.adjusted(-spill, 0, spill, 0)
        return rect

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        """One tick per cell (see set_cells), or pyqtgraph's round numbers r, each moved to
        r + 0.5 and only whole ones: the tick "10" marks row 10, not the edge above it, and
        rows 0 … 49 have no tick "50"."""
        stop = float("inf") if self.cells is None else self.cells
        low, high = sorted((minVal, maxVal))  # an inverted axis gives them the other way
        per_cell = size / max(high - low, 1e-9)
        if self.names is not None and self.orientation in ("top", "bottom"):
            # Names that do not fit side by side take two lines, every other one lower: on a
            # narrow matrix "를" and "사랑해" ran together into one word.
            metrics = QFontMetricsF(self.style["tickFont"] or QFont())
            widest = max(metrics.horizontalAdvance(name) for name in self.names)
            self.staggered = per_cell < widest + metrics.horizontalAdvance(" ")
        if self.names is not None or (self.each and self._cells_fit(per_cell)):
            return [(1.0, [r + 0.5 for r in range(int(stop)) if low <= r + 0.5 <= high])]
        levels = pg.AxisItem.tickValues(self, minVal - 0.5, maxVal - 0.5, size)
        ticks = [
            (spacing, [r + 0.5 for r in map(_whole, values) if r is not None and 0 <= r < stop])
            for spacing, values in levels
        ]
        return self._spread(ticks, size)

    def _cells_fit(self, pixels_per_cell: float) -> bool:
        """Whether a label per cell fits: across, the widest label and a gap; down, a line."""
        metrics = QFontMetricsF(self.style["tickFont"] or QFont())
        if self.orientation in ("left", "right"):
            return pixels_per_cell >= metrics.height()
        widest = metrics.horizontalAdvance(f"{(self.cells or 1) - 1:,}")
        return pixels_per_cell >= widest + metrics.horizontalAdvance("0")

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        cells = [_whole(v - 0.5) for v in values]
        if self.names is not None:
            lower = "\n" if self.staggered else ""
            return [("" if r is None else (lower if r % 2 else "") + self.names[r]) for r in cells]
        if all(r is not None for r in cells):
            return [f"{r:,}" for r in cells]
        return super().tickStrings(values, scale, spacing)


def _whole(value: float) -> int | None:
    """value as a whole number, if it is one (tick values carry rounding: 200000.00000001)."""
    r = round(value)
    return r if abs(value - r) <= 1e-9 * max(1.0, abs(value)) else None


class WholeAxis(Axis):
    """An axis of things counted, heads or layers: ticks at whole numbers only, written as
    such (with one head, pyqtgraph had ticks 0.6, 0.8, … 1.4, and then "1.0")."""

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        return [
            (spacing, [float(r) for r in map(_whole, values) if r is not None])
            for spacing, values in super().tickValues(minVal, maxVal, size)
        ]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [f"{round(v):,}".replace("-", "−") for v in values]


class PlainLogAxis(Axis):
    """A log axis labelled 10, 100, 1,000 … 1,000,000, or, on an axis that reaches 1e7, 1e1,
    1e2 … 1e8 throughout (one ruler mixed "1,000,000" with "1e8"): pyqtgraph writes 10⁴ with
    superscript digits a few pixels tall, unreadable on a slide. (Without Axis's "no SI
    prefix", a small plot scaled the labels of 0.01 … 1 by "(×0.001)" and wrote 0 and 0.)"""

    def __init__(self, orientation: str, widest: str = "1,000,000") -> None:
        super().__init__(orientation)
        self._widest = widest  # the widest label the axis will show

    def logTickValues(
        self, minVal: float, maxVal: float, size: float, stdTicks: list[tuple[float, list[float]]]
    ) -> list[tuple[float | None, list[float]]]:
        """pyqtgraph's levels, each without the ticks of the levels above: its minor level
        (1 … 9 times each power) holds the powers again, and every power's label was drawn
        twice, one over the other."""
        levels = super().logTickValues(minVal, maxVal, size, stdTicks)
        seen: set[float] = set()
        kept = []
        for spacing, values in levels:
            kept.append((spacing, [v for v in values if round(v, 9) not in seen]))
            seen.update(round(v, 9) for v in values)
        return kept

    def logTickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """Powers of ten only: the minor ticks' 0.2 … 0.9 piled up on a short axis."""
        exponents = [value * scale for value in values]
        powers = [round(e) for e in exponents if abs(e - round(e)) <= 1e-6]
        # Decided for the whole ruler, not per call: pyqtgraph asks once per tick level, and
        # the major and minor levels came back as "1e7, 1e5" and "1,000,000, 10,000".
        top = max(self.range) if self.logMode else -math.inf
        scientific = max([*powers, top]) >= 7 - 1e-9
        out = []
        for exponent in exponents:
            if abs(exponent - round(exponent)) > 1e-6:
                out.append("")
            elif scientific:
                out.append(f"1e{round(exponent)}".replace("-", "−"))
            else:
                number = 10 ** round(exponent)
                out.append(f"{number:,.0f}" if number >= 1 else f"{number:g}")
        return out

    def fit(self) -> None:
        """As wide as its widest label could be, `widest` (pyqtgraph drops labels wider than
        the axis: with large type, only 10 and 100 were left of a ruler reaching 60,000)."""
        if self.orientation in ("left", "right"):
            font = self.style.get("tickFont") or QFont()
            numbers = QFontMetrics(font).horizontalAdvance(self._widest) + 24
            self.setWidth(round(numbers + self.title_room()))


def name_rows(rows: list[tuple[pg.PlotItem, list[str]]], scale: float) -> None:
    """Label image rows (row r spans r..r+1) and give every plot's left axis one width.

    pyqtgraph drops tick labels wider than their axis, and plots stacked in a column line up
    only when their left axes are equally wide.
    """

    def widest_in(plot: pg.PlotItem, names: list[str]) -> int:
        # In the font the axis draws with (style_plot's; the type scale's until it has one).
        metrics = QFontMetrics(plot.getAxis("left").style["tickFont"] or scaled_font(scale, 0.9))
        return max((metrics.horizontalAdvance(name) for name in names), default=0)

    widest = max((widest_in(plot, names) for plot, names in rows), default=0)
    # pyqtgraph draws a label only inside its axis, past the ticks and their gap: on stage the
    # ticks are longer (thicker lines) and "R(k)·PE(pos)" fell off a width of widest + 16.
    room = max(
        max(0, plot.getAxis("left").style["tickLength"])
        + plot.getAxis("left").style["tickTextOffset"][0]
        for plot, _ in rows
    )
    width = widest + room + 12
    for plot, names in rows:
        axis = plot.getAxis("left")
        axis.set_cells(len(names), names=names)
        if axis.width() != width:  # only on a change: a new width re-lays out the plot
            axis.setWidth(width)
