"""The on-screen list of presenter keys (F1 or ?), drawn over the window."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gui import style
from gui.presenter_keys import SHORTCUTS


class ShortcutOverlay(QWidget):
    """A translucent panel listing every presenter key; Esc, F1 or ? closes it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "ShortcutOverlay { background: rgba(20, 20, 24, 215); }QLabel { color: white; }"
        )
        rows = "".join(
            f"<tr><td align='right' style='padding: 4px 18px'><b>{escape(keys)}</b></td>"
            f"<td style='padding: 4px 18px'>{escape(action)}</td></tr>"
            for keys, action in SHORTCUTS
        )
        self.label = QLabel(
            "<h2>Presenter keys</h2><p>They work whenever the cursor is not in a text field.</p>"
            f"<table>{rows}</table><p>Esc, F1 or ? closes this list.</p>"
        )
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label, 0, Qt.AlignmentFlag.AlignCenter)
        self.hide()

    def set_scale(self, scale: float) -> None:
        self.label.setFont(style.scaled_font(scale, 1.3))

    def cover(self) -> None:
        """Fill the parent and come to the front."""
        self.setGeometry(self.parentWidget().rect())
        self.raise_()
