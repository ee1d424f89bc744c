"""A view's explanations: the labels it marks as prose (`labels.mark_prose`), read as rich
text in the order its layouts show them. A slide leaves them to the presenter console and the
handout, which show them from here (`lazy_view.LazyView.explanations`)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QSplitter, QWidget

from pe_clock.gui.widgets.labels import INTERACTIVE, PROSE


def plain_text(rich: str) -> str:
    """Rich text as a screen reader should hear it: its words, no markup, and a power written
    out (10000<sup>2i/512</sup> read "100002i/512" with the markup merely dropped)."""
    powers = re.sub(r"<sup>(.*?)</sup>", r"^(\1)", rich, flags=re.S)
    return QTextDocumentFragment.fromHtml(powers).toPlainText()


def rich_text(label: QLabel) -> str:
    """What a label says, as rich text (a plain label's text escaped, its lines kept)."""
    rich = label.textFormat() == Qt.TextFormat.RichText
    if not rich and (label.textFormat() == Qt.TextFormat.PlainText or "<" not in label.text()):
        return html.escape(label.text()).replace("\n", "<br>")
    return label.text()


def _layout_order(widget: QWidget) -> Iterator[QWidget]:
    """widget and the widgets inside it as its layouts place them, top to bottom and left
    to right (a grid by row, then column; a splitter's panes in order)."""
    yield widget
    children: list[QWidget] = []
    if isinstance(widget, QSplitter):
        children = [pane for i in range(widget.count()) if (pane := widget.widget(i))]
    elif (layout := widget.layout()) is not None:
        children = list(_widgets_of(layout))
    for child in children:
        yield from _layout_order(child)


def _grid_place(grid: QGridLayout, index: int) -> tuple[int, int]:
    place: Any = grid.getItemPosition(index)  # (row, column, rows, columns)
    return int(place[0]), int(place[1])


def _widgets_of(layout: QLayout) -> Iterator[QWidget]:
    indices = list(range(layout.count()))
    if isinstance(layout, QGridLayout):
        grid = layout
        indices.sort(key=lambda i: _grid_place(grid, i))
    for index in indices:
        item = layout.itemAt(index)
        if item is None:
            continue
        if (child := item.widget()) is not None:
            yield child
        elif (inner := item.layout()) is not None:
            yield from _widgets_of(inner)


def explanations(view: QWidget) -> list[str]:
    """The texts of view's explanations (PROSE) as rich text, in the order its layouts show
    them (the console and the handout gave a result before the caption it follows), empty
    ones left out."""
    placed = list(_layout_order(view))
    others = [part for part in view.findChildren(QWidget) if part not in placed]
    texts = []
    for part in [*placed, *others]:
        if not part.property(PROSE) or part.property(INTERACTIVE):
            continue  # not an explanation, or one of a part the view leaves out
        labels = [part] if isinstance(part, QLabel) else part.findChildren(QLabel)
        for label in labels:
            text = rich_text(label).strip()
            if text and text not in texts:
                texts.append(text)
    return texts
