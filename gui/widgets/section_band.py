"""M-RoPE's sections on the RoPE tab: the shown group's rotary pairs in one row, each marked by
the position it turns with (a token's time, its row or its column in an image), the pair on
the dial outlined, a click choosing the pair; under it, the key and (prose: a slide leaves it
to the console) what the sections mean for text.
Hidden while the shown group has no sections."""

from __future__ import annotations

import html

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from pe_clock.core.i18n import tr
from pe_clock.core.models.describe import layer_runs
from pe_clock.core.models.schemes.mrope import mrope_axes, mrope_pairs
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.model.opened_model import shown_group
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.cell_row import CellRow
from pe_clock.gui.widgets.labels import mark_prose, rich_label
from pe_clock.gui.widgets.prose import plain_text

#: The three positions of an M-RoPE token, in mrope_section's order.
AXES = ("time", "row", "column")
#: How much of its curve colour an axis's cells take (the rest is the background).
TINT = 0.4


def axis_of_pairs(state: AppState) -> tuple[int, ...]:
    """The axis (0 time, 1 row, 2 column) each rotary pair of the shown group turns with; ()
    where the group has no M-RoPE sections or the figure draws another head_dim."""
    group = shown_group(state)
    sections = None if group is None else group.details.get("mrope_section")
    if not sections or sum(sections) != state.head_dim // 2:
        return ()  # none, or the figure draws a head_dim set over the model's
    assert group is not None
    return mrope_axes(tuple(sections), bool(group.details.get("mrope_interleaved")))


def axis_colours(state: AppState) -> list[QColor]:
    """A light tint per axis (a curve colour over the background), under the letter that
    names it: colour alone is not the key, and the letters stay readable on it."""
    theme = theme_of(state)
    back = theme.background
    tints = []
    for colour in theme.curves[:3]:
        mixed = [TINT * a + (1 - TINT) * b for a, b in zip(rgb(colour), rgb(back), strict=True)]
        tints.append(QColor.fromRgbF(*mixed))
    return tints


def rgb(colour: QColor) -> tuple[float, float, float]:
    return colour.redF(), colour.greenF(), colour.blueF()


class SectionCells(CellRow):
    """The row of pairs itself: a cell a pair, tinted and lettered by its axis."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.axes: tuple[int, ...] = ()

    def cell_rect(self, pair: int) -> QRectF:
        width = (self.width() - 2) / max(len(self.axes), 1)
        return QRectF(1 + pair * width, 3, max(width - 1, 1.0), self.cell_height())

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.axes:
            return
        theme, tints = theme_of(self._state), axis_colours(self._state)
        letters = [tr(f"rope.axis_{axis}")[0] for axis in AXES]
        painter = QPainter(self)
        font = scaled_font(self._state.font_scale, 0.85)
        painter.setFont(font)
        room = max(painter.fontMetrics().horizontalAdvance(letter) for letter in letters) + 2
        for pair, axis in enumerate(self.axes):
            rect = self.cell_rect(pair)
            painter.fillRect(rect, tints[axis])
            if rect.width() >= room:  # else the key below names the runs
                painter.setPen(theme.text)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, letters[axis])
        # The pair the dial draws (RopeView.pair): the selected one, if the head has it.
        selected = min(self._state.selected_pair, len(self.axes) - 1)
        painter.setPen(theme.pen(theme.text, 2.5))
        painter.drawRect(self.cell_rect(selected).adjusted(-0.5, -2, 0.5, 2))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.axes:
            return
        pair = int((event.position().x() - 1) / ((self.width() - 2) / len(self.axes)))
        if 0 <= pair < len(self.axes):
            self._state.request(selected_pair=pair)


class SectionBand(QWidget):
    """The cells and their key; shown while the shown group has M-RoPE sections."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.cells = SectionCells(state, self)
        self.key = rich_label()
        self.note = rich_label()
        mark_prose(self.note)  # a slide leaves it to the console, a small figure out
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for widget in (self.cells, self.key, self.note):
            layout.addWidget(widget)
        state.observe(["model", "language", "font_scale", "head_dim"], self.sync)
        state.observe(["selected_pair"], lambda *_: self.cells.update())
        self.sync()

    def sync(self, *_: object) -> None:
        s = self._state
        axes = self.cells.axes = axis_of_pairs(s)
        self.setVisible(bool(axes))
        group = shown_group(s)
        if not axes or group is None:
            return
        ink = theme_of(s).text.name()
        interleaved = bool(group.details.get("mrope_interleaved"))
        sections = tuple(group.details["mrope_section"])
        runs = []
        for axis, tint, run in zip(
            AXES, axis_colours(s), mrope_pairs(sections, interleaved), strict=True
        ):
            cell = f"background-color:{tint.name()}; color:{ink}"  # as its cells are drawn
            word = html.escape(tr(f"rope.axis_{axis}"))
            text = html.escape(tr("rope.mrope_axis", pairs=layer_runs(run)))
            runs.append(f"<span style='{cell}'>&nbsp;{word}&nbsp;</span> {text}")
        kind = "rope.mrope_interleaved" if interleaved else "rope.mrope"
        self.key.setText(tr(kind, sections=html.escape(str(list(sections))), axes="; ".join(runs)))
        self.cells.setAccessibleName(plain_text(self.key.text()))  # what a screen reader says
        self.note.setText(html.escape(tr("rope.mrope_note")))
        for label in (self.key, self.note):
            label.setFont(scaled_font(s.font_scale))
        self.cells.setFixedHeight(self.cells.row_height())
        self.cells.setToolTip(tr("rope.mrope_click"))
        self.cells.update()
