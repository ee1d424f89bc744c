"""The two themes (light for screens and print, dark for projectors) and a state's theme."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QPen,
)

from pe_clock.gui.model.choices import THEME_NAMES
from pe_clock.gui.model.state import (
    AppState,
)

#: What tells a plot's series apart without colour, by index (the theme's curves, then its
#: fifth): under simulated colour blindness some of their colours come within ΔE 20 of each
#: other (red and green under deuteranopia), and there their dashes still differ. Its symbol
#: marks a series drawn as points. (Dash-dot and round dots are left for what is not one of
#: the series: a model's own curve, the ALiBi heads not drawn above.)
SERIES_STYLES = (
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashLine,
    Qt.PenStyle.DotLine,
    Qt.PenStyle.DashDotDotLine,
    Qt.PenStyle.CustomDashLine,
)
#: The fifth's dash: long dashes, in pen widths.
LONG_DASH = (8.0, 3.0)
#: Dots far apart: a model's long factors on the scaling tab (in grey, dotted as a series
#: they met the third series' dots: green and grey merge under deuteranopia).
LOOSE_DOTS = (1.0, 4.0)
SERIES_SYMBOLS = ("s", "t", "d", "star", "p")


@dataclass(frozen=True)
class Theme:
    """The colours of every figure: light for screens and print, dark for projectors."""

    name: str
    background: QColor
    #: Text of labels and captions.
    text: QColor
    #: Tick labels, dial labels, the large clock's 12.
    dim_text: QColor
    title: QColor
    #: Current position (heatmap row outline, clock hands, PE(pos) labels).
    pos: QColor
    #: pos + k (heatmap row outline, ghost hands, PE(pos+k) labels).
    offset: QColor
    #: The selected pair (heatmap columns, highlighted dial, R(k) block).
    select: QColor
    #: The three hands of the large clock: fast, middle, slow.
    hands: tuple[QColor, QColor, QColor]
    #: The curves of the distance panel: current pos, then three fixed positions.
    curves: tuple[QColor, QColor, QColor, QColor]
    dial_rim: QColor
    clock_face: QColor
    #: Background of a clock showing a position beyond the training length.
    beyond_background: QColor
    #: Shade over positions the model never saw in training.
    beyond_shade: QColor
    #: Hatching over columns whose pairs turn within one pixel row (their means are no value).
    unresolved_hatch: QColor
    #: Hatching where a learned table has no vector.
    missing_hatch: QColor
    #: Behind a label drawn over a figure.
    label_fill: QColor
    #: The diverging map for values in [-1, 1] in the window and in print.
    colormap_name: str
    #: A note that warns (the large clock beyond the training length).
    warning: QColor
    #: A fifth curve, unlike the four of `curves` (the context-extension methods).
    fifth: QColor
    #: The diverging map for a projector (the stage): every colour at least 3:1 against the
    #: background (WCAG), zero included, so small values still read from the back row.
    projector_colormap_name: str = "CET-D1"
    #: The sequential map of one-signed data (attention weights, a bias ≤ 0): the part of
    #: viridis whose every colour is at least 2.5:1 against the background.
    sequential_span: tuple[float, float] = (0.0, 1.0)
    #: Line widths and marker sizes are multiplied by this (stage mode draws them thicker).
    line: float = 1.0

    def pen(self, color: object, width: float = 1.0, **options: object) -> QPen:
        """A cosmetic pen of width pixels times the theme's line scale."""
        pen: QPen = pg.mkPen(color, width=width * self.line, **options)
        return pen

    def series(self, index: int) -> QColor:
        """The colour of a plot's series index: the curves, then the fifth."""
        return (*self.curves, self.fifth)[index]

    def series_pen(self, index: int, width: float = 1.0) -> QPen:
        """Series index's pen: its colour and its dash, which tells it apart where colours
        do not (`SERIES_STYLES`)."""
        pen = self.pen(self.series(index), width, style=SERIES_STYLES[index])
        if SERIES_STYLES[index] == Qt.PenStyle.CustomDashLine:
            pen.setDashPattern(LONG_DASH)
        return pen

    def size(self, pixels: float) -> float:
        """A marker's size in pixels times the theme's line scale."""
        return pixels * self.line


THEMES = {
    "light": Theme(
        "light",
        QColor("#ffffff"),
        QColor("#000000"),
        QColor("#555555"),
        QColor("#333333"),
        QColor("#111111"),
        # pos + k and the selected pair: ΔE 44 or more apart (CAM02-UCS) for every eye,
        # protanopia, deuteranopia and tritanopia simulated (green beside orange was 9.8
        # under protanopia), and at least 4.5:1 on white, as their words in the keys are.
        QColor("#0a7d3e"),
        QColor("#9d00c6"),
        # The hands' words are 4.5:1 on the window's grey too (#d62728 was 4.4:1).
        (QColor("#c62828"), QColor("#1f4e9c"), QColor("#111111")),
        # At least 3:1 on white (the orange was 2.3:1); told apart by their dashes as well.
        (QColor("#1f4e9c"), QColor("#c62828"), QColor("#0a7d3e"), QColor("#c25e00")),
        # The dials' rims 3.3:1 on white (at #b8b8b8, 2:1, the grid faded on a projector).
        QColor("#8f8f8f"),
        QColor("#444444"),
        QColor("#e4e4e4"),
        QColor(40, 40, 40, 90),
        QColor(30, 30, 30, 150),
        QColor("#9a9a9a"),
        QColor(255, 255, 255, 208),
        "CET-D1",
        QColor("#8a4b00"),
        QColor("#8e44ad"),
        # Blue, grey and red (lightness 30–55): zero reads on white too.
        projector_colormap_name="CET-D8",
        sequential_span=(0.0, 0.7),
    ),
    # High contrast for a projector: white on black, saturated bright hues, and a diverging
    # map through white (blue, white, red), every colour at least 3:1 against the black: zero
    # is not the background, so small values do not vanish into it.
    "dark": Theme(
        "dark",
        QColor("#000000"),
        QColor("#f2f2f2"),
        QColor("#bdbdbd"),
        QColor("#ffffff"),
        QColor("#ffffff"),
        QColor("#3ddc84"),
        QColor("#e36bff"),
        (QColor("#ff5c5c"), QColor("#6cb4ff"), QColor("#ffffff")),
        (QColor("#6cb4ff"), QColor("#ff5c5c"), QColor("#3ddc84"), QColor("#ffab2e")),
        QColor("#8a8a8a"),
        QColor("#d9d9d9"),
        QColor("#262626"),
        # Positions past training under a grey veil, not a black one: darkened, they were the
        # dimmest part of the stage (2:1 on black) where the slide asks the class to look.
        QColor(128, 128, 128, 120),
        QColor(230, 230, 230, 150),
        QColor("#8a8a8a"),
        QColor(0, 0, 0, 208),
        "CET-D1",
        QColor("#ffb85c"),
        QColor("#d29bff"),
        sequential_span=(0.3, 1.0),
    ),
}


assert tuple(THEMES) == THEME_NAMES


def theme_of(state: AppState) -> Theme:
    """The theme a view built for state draws in, its lines scaled by state.line_scale."""
    chosen = THEMES[state.theme]
    if state.projected:
        chosen = replace(chosen, colormap_name=chosen.projector_colormap_name)
    return chosen if state.line_scale == 1.0 else replace(chosen, line=state.line_scale)
