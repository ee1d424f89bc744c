"""Labels: rich text, a key of curves, the parameter line, and the marks a slide reads."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import (
    QLabel,
    QWidget,
)

from pe_clock.core.format import said_base
from pe_clock.core.i18n import tr
from pe_clock.gui.look.themes import LONG_DASH, LOOSE_DOTS
from pe_clock.gui.model.state import (
    AppState,
)

#: Widget property marking controls and hints that exported figures leave out.
INTERACTIVE = "peClockInteractive"


#: Widget property marking a view's explanations: shown in the window and in exports, but a
#: slide on stage leaves them to the presenter console and the handout (a stage is a slide).
PROSE = "peClockProse"


def mark_prose(*widgets: QWidget) -> None:
    """widgets explain the figure: a slide shows the figure without them."""
    for widget in widgets:
        widget.setProperty(PROSE, True)


def parameter_line(state: AppState) -> str:
    """pos, k, d_model, base and max_len in one line: the status bar and export captions."""
    return tr(
        "status.readout",
        pos=state.pos,
        k=state.k,
        d_model=state.d_model,
        base=said_base(state.base),
        max_len=f"{state.max_len:,}",
    )


#: A key's sample of each dash a curve is drawn with, as text.
DASH_SAMPLES = {
    Qt.PenStyle.SolidLine: "━━━",
    Qt.PenStyle.DashLine: "━&nbsp;━",
    Qt.PenStyle.DotLine: "•&nbsp;•&nbsp;•",
    Qt.PenStyle.DashDotLine: "━•━",
    Qt.PenStyle.DashDotDotLine: "━••",
    LONG_DASH: "━━&nbsp;━━",
    LOOSE_DOTS: "•&nbsp;&nbsp;&nbsp;•",
}


def key_text(entries: list[tuple[QPen, str]]) -> str:
    """A key of curves for a label under the plots (inside them a legend covered the curves
    wherever it went): each curve's pen, drawn as text in its colour and dash (what tells
    curves apart for eyes that do not tell their colours apart), and its name, never broken
    across lines."""
    parts = []
    for pen, name in entries:
        custom = pen.style() == Qt.PenStyle.CustomDashLine
        sample = DASH_SAMPLES[tuple(pen.dashPattern()) if custom else pen.style()]
        parts.append(f"<nobr><b style='color:{pen.color().name()}'>{sample}</b> {name}</nobr>")
    return " · ".join(parts)


def rich_label(selectable: bool = False) -> QLabel:
    """A word-wrapped rich-text label aligned top-left."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label
