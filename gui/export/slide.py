"""A slide: a title line, the scene's note, and one registered view with the room.

The live stage and `export --stage` both draw a Slide, so what is projected and what is
exported at the same size are the same picture. The view's explanations (widgets marked
`PROSE`) leave the slide: the presenter console and the handout show them instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QTextDocument
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.views import VIEWS
from pe_clock.gui.widgets.labels import PROSE
from pe_clock.gui.widgets.lazy_view import as_view

#: A slide's title and note, in the language in force; the view's own title without a deck.
SlideTexts = Callable[[], tuple[str, str]]
#: The title line's type, as a share of the body type.
TITLE_FACTOR = 1.35


#: A word with a superscript or subscript in it, kept on one line.
_UNBROKEN = re.compile(r"([^\s<>]*<su([bp])>.*?</su\2>[^\s<>]*)")


def _unbroken(match: re.Match[str]) -> str:
    """A word with a power, as one: in <nobr>, a word joiner after each slash of the power
    (Qt broke "base^(2i/" from "d_model" even inside <nobr>)."""

    def joined(power: re.Match[str]) -> str:
        return power.group(1) + power.group(3).replace("/", "/\u2060") + power.group(4)

    word = re.sub(r"(<su([bp])>)(.*?)(</su\2>)", joined, match.group(1))
    return f"<nobr>{word}</nobr>"


def explanation_document(
    texts: list[str], font: QFont, width: float, color: QColor
) -> QTextDocument:
    """texts as one document, a paragraph each, laid out width pixels wide in font and color
    (a printed handout draws it under the figure)."""
    document = QTextDocument()
    document.setDefaultFont(font)
    document.setDocumentMargin(0)
    document.setDefaultStyleSheet(f"body {{ color: {color.name()}; }}")
    # A formula's power is not broken across lines ("base^(2i/" on one, "d_model" on the next),
    # nor from the word it ends ("…</sup>입니다"): one <nobr> each (nested, Qt broke inside).
    bare = [re.sub(r"</?nobr>", "", text) for text in texts]
    kept = [_UNBROKEN.sub(_unbroken, text) for text in bare]
    document.setHtml("<body>" + "".join(f"<p>{text}</p>" for text in kept) + "</body>")
    document.setTextWidth(width)
    return document


def leave_out_explanations(view: QWidget) -> None:
    """Hide view's explanations (they are shown elsewhere: the console, a handout's text);
    a view whose figure can take the room they leave does so."""
    for part in view.findChildren(QWidget):
        if part.property(PROSE):
            part.hide()
    as_view(view).prepare_slide()


#: The most of a figure's area its explanations may take (SMALL_PROSE_SHARE in a figure laid
#: out smaller than 1280 x 720, which is a figure, not a page), and the least its plots keep:
#: where they would take more or leave less, or the figure would not fit with them, they leave
#: it as on a slide (at 800 x 450 RoPE's plots were 40 pixels tall).
PROSE_SHARE, SMALL_PROSE_SHARE, PLOT_SHARE = 0.3, 0.15, 0.55


def _area(widgets: list[QWidget]) -> int:
    return sum(widget.width() * widget.height() for widget in widgets if widget.isVisible())


def explanations_fit(view: QWidget, width: int, height: int, small: bool) -> bool:
    """Whether view, laid out for width x height, holds its explanations: they take at most
    PROSE_SHARE of that area (SMALL_PROSE_SHARE if small), its plots keep PLOT_SHARE, and the
    view needs no more room (a widget is never made smaller than its minimum size: the window
    figure at 800 x 450 was 580 pixels tall, its foot cut off)."""
    from pyqtgraph import GraphicsView

    area = width * height
    prose = _area([part for part in view.findChildren(QWidget) if part.property(PROSE)])
    plots = view.findChildren(GraphicsView)
    needed = view.minimumSizeHint()
    fits = needed.width() <= width and needed.height() <= height
    share = SMALL_PROSE_SHARE if small else PROSE_SHARE
    return fits and prose <= share * area and (not plots or _area(plots) >= PLOT_SHARE * area)


class Slide(QWidget):
    """The title line and note over a registered view; the view's explanations hidden."""

    def __init__(self, name: str, state: AppState, texts: SlideTexts | None = None) -> None:
        super().__init__()
        self.name = name
        self._state = state
        self._texts = texts or (lambda: (tr(f"view.{name}"), ""))
        self.title = QLabel()
        self.note = QLabel()
        for label in (self.title, self.note):
            label.setTextFormat(Qt.TextFormat.PlainText)  # a deck's words are text, not markup
            label.setWordWrap(True)
        self.view = VIEWS[name].load()(state)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the stage's window has the keys
        leave_out_explanations(self.view)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.title)
        column.addWidget(self.note)
        column.addWidget(self.view, 1)
        state.observe(["language", "font_scale"], self.sync_texts)
        self.sync_texts()

    def sync_texts(self, *_: object) -> None:
        title, note = self._texts()
        scale = self._state.font_scale
        self.title.setText(title)
        self.title.setFont(scaled_font(scale, TITLE_FACTOR, bold=True))
        self.note.setText(note)
        self.note.setFont(scaled_font(scale))
        self.note.setVisible(bool(note))
