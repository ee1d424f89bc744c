"""A label for text that changes with every step, without re-laying out the window."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QEnterEvent, QTextDocument
from PySide6.QtWidgets import QLabel, QWidget


class StableLabel(QLabel):
    """A label of fixed size, so a new text repaints the label alone.

    Qt re-lays out the parent of a label whose text changes unless the label's size is fixed:
    a step changing one number would re-lay out and repaint the whole window. The size only
    grows (to fit a longer text) or follows the font. With ``fill``, the label instead fills
    ``slot``, a plain widget to put in the layout (give it a height): wrapped text then
    follows the width the layout gives the slot. (Without ``fill``, ``slot`` is the label.)

    A ``selectable`` label lets the mouse select its text while the mouse is over it: Qt gives
    a selectable label a text document that it builds anew for every text, which would
    double the cost of a step's repaint of the rotation panel.
    """

    def __init__(self, fill: bool = False, selectable: bool = False) -> None:
        super().__init__()
        self._selectable = selectable
        self.setFixedSize(0, 0)
        # Opaque: a new text repaints the label, not every parent under it up to the window.
        self.setAutoFillBackground(True)
        self._fills = fill
        self.slot: QWidget = QWidget() if fill else self
        if fill:
            self.setParent(self.slot)
            self.slot.installEventFilter(self)

    def setText(self, text: str) -> None:
        if text == self.text():
            return
        if self._selectable and not self.underMouse():
            self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        super().setText(text)
        if not self._fills:
            needed = self.sizeHint()
            if needed.width() > self.width() or needed.height() > self.height():
                self.setFixedSize(needed.expandedTo(self.size()))

    def text_height(self, width: int) -> int:
        """Pixels the text needs at width, wrapped (QLabel's heightForWidth gives the fixed
        height of this label instead)."""
        if self.textFormat() == Qt.TextFormat.PlainText:
            flags = Qt.TextFlag.TextWordWrap
            return (
                self.fontMetrics().boundingRect(0, 0, width, 1 << 20, flags, self.text()).height()
            )
        document = QTextDocument()
        document.setDocumentMargin(0)
        document.setDefaultFont(self.font())
        document.setHtml(self.text())
        document.setTextWidth(width)
        return math.ceil(document.size().height())

    def lines(self) -> int:
        """Lines the text takes, wrapped at the width of the label's slot (0 before the slot is
        laid out, when that width means nothing yet)."""
        width = self.slot.width()
        if width < 100:
            return 0
        return -(-self.text_height(width) // self.fontMetrics().lineSpacing())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._fills and watched is self.slot and event.type() == QEvent.Type.Resize:
            self.setFixedSize(self.slot.size())
        return False

    def enterEvent(self, event: QEnterEvent) -> None:
        super().enterEvent(event)
        if self._selectable:
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and not self._fills:
            self.setFixedSize(self.sizeHint())
