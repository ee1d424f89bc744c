"""Colours, fonts and number formats shared by every view, so the views agree at a glance."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QWidget

#: Current position (heatmap row outline, clock hands, PE(pos) labels).
POS_COLOR = QColor("#111111")
#: pos + k (heatmap row outline, ghost hands, PE(pos+k) labels).
OFFSET_COLOR = QColor("#12a150")
#: The selected pair (heatmap columns, highlighted dial, R(k) block).
SELECT_COLOR = QColor("#f28e00")
#: The three hands of the large clock: fast, middle, slow.
HAND_COLORS = (QColor("#d62728"), QColor("#1f4e9c"), QColor("#111111"))
BACKGROUND = "w"
DIM_TEXT = QColor("#555555")
COLORMAP_NAME = "CET-D1"
BASE_POINT_SIZE = 10.0
#: Widget property marking controls and hints that exported figures leave out.
INTERACTIVE = "peClockInteractive"


def colormap() -> pg.ColorMap:
    """The diverging map for values in [-1, 1] (blue, white, red)."""
    return pg.colormap.get(COLORMAP_NAME)


def lookup_table():  # type: ignore[no-untyped-def]
    return colormap().getLookupTable(nPts=256, alpha=False)


def scaled_font(scale: float, factor: float = 1.0, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(BASE_POINT_SIZE * scale * factor)
    font.setBold(bold)
    return font


def style_plot(plot: pg.PlotItem, scale: float) -> None:
    """Apply the type size to a plot's tick labels and axis titles."""
    font = scaled_font(scale, 0.9)
    for name in ("left", "bottom", "top", "right"):
        axis = plot.getAxis(name)
        axis.setStyle(tickFont=font)
        axis.setTextPen(pg.mkPen(DIM_TEXT))
        axis.label.setFont(scaled_font(scale))
    if plot.titleLabel.text:
        set_title(plot, plot.titleLabel.text, scale)


def set_title(plot: pg.PlotItem, text: str, scale: float) -> None:
    """A plot title at the current type size (pyqtgraph styles titles through HTML)."""
    plot.setTitle(text, size=f"{BASE_POINT_SIZE * scale * 1.1:.1f}pt", color="#333333", bold=True)


def fmt(value: float, digits: int = 4) -> str:
    """A number for the screen: fixed decimals, true minus sign, no '-0.0000'."""
    text = f"{value:.{digits}f}"
    if float(text) == 0.0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def fmt_base(base: float) -> str:
    """10000, 500000, 1e+06 as users write them: no trailing .0, no exponent below 1e9."""
    return f"{base:.10g}" if base < 1e9 else f"{base:.6g}"


def quiet_plot(plot: pg.PlotItem, owner: QWidget, mouse: bool = False) -> pg.PlotItem:
    """A plot for teaching: no context menus, no auto-range button, pan/zoom only if asked.

    pyqtgraph gives each PlotItem a parentless options menu; parenting it to the owning view
    deletes it with the view instead of leaving a top-level widget behind.
    """
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.getViewBox().setMouseEnabled(mouse, mouse)
    plot.ctrlMenu.setParent(owner, plot.ctrlMenu.windowFlags())
    return plot
