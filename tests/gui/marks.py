"""What a figure draws in colour, plot by plot, and how far apart colours look to every eye:
the colour distance ΔE in CAM02-UCS under simulated protanopia, deuteranopia and tritanopia
(colorspacious, full severity)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import pyqtgraph as pg
from colorspacious import cspace_convert, deltaE
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QAbstractGraphicsShapeItem, QGraphicsItem, QWidget

from pe_clock.gui.figures.segments import Segments
from pe_clock.gui.look.themes import Theme

#: The three kinds of colour blindness simulated, as colorspacious names them.
DEFICIENCIES = ("protanomaly", "deuteranomaly", "tritanomaly")
#: The least distance at which two colours are told apart (the issue's bar; ΔE ≈ 40–60 is
#: what normal vision sees between the theme's hues).
LEAST = 20.0


@dataclass(frozen=True)
class Mark:
    """A colour a plot draws with, and what tells it apart without colour: a line's dash, a
    point's symbol, a line's own label."""

    colour: str
    kind: str  # "line" or "point"
    dash: tuple[object, ...] = ()
    symbol: str = ""
    labelled: bool = False

    def shape(self) -> tuple[object, ...]:
        return (self.kind, self.dash, self.symbol, self.labelled)


def _dash(pen: QPen) -> tuple[object, ...]:
    if pen.style() == Qt.PenStyle.SolidLine:
        return ()
    return (pen.style().name, tuple(pen.dashPattern()))


def _line(pen: QPen, labelled: bool = False) -> Mark:
    return Mark(pen.color().name(), "line", _dash(pen), labelled=labelled)


def _marks_of(item: QGraphicsItem) -> list[Mark]:
    if isinstance(item, pg.PlotCurveItem):
        return [_line(pg.mkPen(item.opts["pen"]))]
    if isinstance(item, pg.ScatterPlotItem):
        return [
            Mark(point.brush().color().name(), "point", symbol=str(point.symbol()))
            for point in item.points()
        ]
    if isinstance(item, Segments):
        return [_line(item.pen())]
    if isinstance(item, pg.InfiniteLine):
        return [_line(item.pen, item.label is not None and bool(item.label.toPlainText()))]
    if isinstance(item, QAbstractGraphicsShapeItem) and item.pen().style() != Qt.PenStyle.NoPen:
        return [_line(item.pen())]
    return []


def marks_by_plot(widget: QWidget, theme: Theme) -> list[set[Mark]]:
    """The marks every plot of widget draws now (a plot: a view box, where marks meet), but
    the theme's structure: the background, dials' rims and the clock's face."""
    structure = {c.name() for c in (theme.background, theme.dial_rim, theme.clock_face)}
    plots: dict[int, set[Mark]] = {}
    for graphics in widget.findChildren(pg.GraphicsView):
        for item in graphics.scene().items():
            if not item.isVisible() or item.opacity() == 0:
                continue
            box = item.getViewBox() if hasattr(item, "getViewBox") else None
            for mark in _marks_of(item):
                if mark.colour not in structure:
                    plots.setdefault(id(box or graphics), set()).add(mark)
    return list(plots.values())


@cache
def distance(a: str, b: str, deficiency: str | None) -> float:
    """ΔE (CAM02-UCS) between colours a and b (#rrggbb) as an eye with deficiency sees them
    (None: normal vision)."""
    pair = np.array([QColor(c).getRgbF()[:3] for c in (a, b)])
    if deficiency is not None:
        space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        pair = np.clip(cspace_convert(pair, space, "sRGB1"), 0, 1)
    return float(deltaE(pair[0], pair[1], input_space="sRGB1"))


def least_distance(a: str, b: str) -> float:
    """The smallest ΔE between a and b under the three simulated deficiencies."""
    return min(distance(a, b, deficiency) for deficiency in DEFICIENCIES)


def confused(plots: list[set[Mark]]) -> list[tuple[float, Mark, Mark]]:
    """Every two marks of one plot that differ in colour alone, and by less than LEAST for
    some eye."""
    found = []
    for marks in plots:
        ordered = sorted(marks, key=lambda m: (m.colour, str(m.shape())))
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                if a.colour != b.colour and a.shape() == b.shape():
                    gap = least_distance(a.colour, b.colour)
                    if gap < LEAST:
                        found.append((round(gap, 1), a, b))
    return found
