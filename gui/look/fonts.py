"""Type sizes: the base point size, fonts at a type scale, a stage's type and line scale."""

from __future__ import annotations

from PySide6.QtGui import (
    QFont,
)

from pe_clock.gui.model.picture import (
    MAX_FONT_SCALE,
    MAX_LINE_SCALE,
    MIN_FONT_SCALE,
    MIN_LINE_SCALE,
)

#: Body text on stage at a screen height of 1080 pixels (normal type is 13.3 pixels tall).
STAGE_BODY_PX = 28.0


def stage_fields(height: int) -> dict[str, float | bool]:
    """The type size and line width of a stage (or a stage export) that many pixels high:
    body text 28 pixels tall at 1080 and a 2-pixel line 4.2 wide, in proportion elsewhere."""
    scale = STAGE_BODY_PX / (BASE_POINT_SIZE * 96 / 72) * height / 1080
    # A small screen (a 480-line projector) keeps the smallest type and lines the state allows.
    return {
        "font_scale": min(max(scale, MIN_FONT_SCALE), MAX_FONT_SCALE),
        "line_scale": min(max(scale, MIN_LINE_SCALE), MAX_LINE_SCALE),
        "projected": True,
    }


def figure_margin(width: float, height: float) -> int:
    """The margin round a figure (an export or the stage): 1.5% of its shorter side."""
    return round(0.015 * min(width, height))


BASE_POINT_SIZE = 10.0
#: No text of a figure is drawn smaller (pixels of its em): three quarters of the body text
#: of a figure drawn at its smallest (`render.MIN_SCALE`: 10 pixels), as README promises.
MIN_TEXT_PX = 7.5


def scaled_font(scale: float, factor: float = 1.0, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(BASE_POINT_SIZE * scale * factor)
    font.setBold(bold)
    return font
