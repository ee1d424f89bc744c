"""The on-screen list of presenter keys (F1 or ?), drawn over the window."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.window.keys import BINDINGS, key_text

QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's largest widget size


class ShortcutOverlay(QWidget):
    """A translucent panel listing every presenter key; Esc, F1 or ? closes it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "ShortcutOverlay { background: rgba(20, 20, 24, 215); }QLabel { color: white; }"
        )
        self.title = QLabel()
        # The intro is a paragraph: wrapped to the window's width, not one clipped line.
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        for label in (self.title, self.intro, self.label):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(1)
        self._scale = 1.0
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        rows = "".join(
            f"<tr><td align='right' style='padding: 4px 18px'><b>"
            f"{escape(key_text(binding))}</b></td>"
            f"<td style='padding: 4px 18px'>{escape(tr(binding.description))}</td></tr>"
            for binding in BINDINGS
        )
        self.title.setText(f"<h2>{tr('keys.title')}</h2>")
        self.intro.setText(tr("keys.intro"))
        self.label.setText(f"<table>{rows}</table><p>{tr('keys.close')}</p>")
        if self.isVisible():
            self.cover()  # another language, another length

    def set_scale(self, scale: float) -> None:
        self._scale = scale
        if self.isVisible():
            self.cover()

    def cover(self) -> None:
        """Fill the parent and come to the front, in the largest type (up to 1.3 times the
        window's) at which the whole list fits: at 720 lines the Korean intro, a line longer
        than the English, ran into the title and the keys, and the last line was cut off."""
        parent = self.parentWidget()
        assert parent is not None
        self.setGeometry(parent.rect())
        width = int(parent.width() * 0.8)
        self.intro.setFixedWidth(width)
        # Measured free of the height it was given before (heightForWidth reports at least it).
        self.intro.setMinimumHeight(0)
        self.intro.setMaximumHeight(QWIDGETSIZE_MAX)
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        room = parent.height() - margins.top() - margins.bottom() - 2 * layout.spacing()
        factor = 1.3
        while True:
            for label in (self.title, self.intro, self.label):
                label.setFont(scaled_font(self._scale, factor))
            needed = (
                self.title.sizeHint().height()
                + self.intro.heightForWidth(width)
                + self.label.sizeHint().height()
            )
            if needed <= room or factor < 0.5:
                break
            factor *= 0.92
        # Its wrapped height: the layout would give a wrapping label its one-line hint.
        self.intro.setFixedHeight(self.intro.heightForWidth(width))
        self.raise_()
