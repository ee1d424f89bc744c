"""A figure's keyboard focus, drawn round its edge.

A figure is one stop of the Tab chain (its plots take no focus of their own, so Tab does not
stop on each of a view's pyqtgraph widgets, nameless to a screen reader). Qt's style draws no
focus for a plain widget, so the ring is a child over the figure's edge: a band of the
highlight blue with a white line inside it, which shows on a white figure (the blue, 6.4:1)
and on a black one (the white), in either theme and on any screen; 3 pixels, little of
the figure's edge is covered while it has the focus. Its mask is the band, so
the figure under it repaints as it did (a step repaints a plot, never the ring), and it lets
the mouse through.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QFocusEvent, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import QWidget

#: The band: blue outside, white inside, in pixels.
BLUE_WIDTH = 2
WHITE_WIDTH = 1
BLUE = QColor("#0b57d0")
WHITE = QColor("#ffffff")


class FocusRing(QWidget):
    """A ring over the edge of its parent, shown while the parent has the focus it got from
    the keyboard (Tab, a shortcut, the window coming back): a click on a figure, in front of
    a class, draws no frame round it."""

    def __init__(self, figure: QWidget) -> None:
        super().__init__(figure)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        figure.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Resize:
            self._fit()
        elif kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
            if event.reason() != Qt.FocusReason.MouseFocusReason:
                self._fit()
                self.show()
                self.raise_()
        elif kind == QEvent.Type.FocusOut:
            self.hide()
        return False

    def _fit(self) -> None:
        parent = self.parentWidget()
        assert parent is not None
        area = parent.rect()
        self.setGeometry(area)
        band = BLUE_WIDTH + WHITE_WIDTH
        inside = area.adjusted(band, band, -band, -band)
        self.setMask(QRegion(area) - QRegion(inside))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), BLUE)
        painter.fillRect(
            self.rect().adjusted(BLUE_WIDTH, BLUE_WIDTH, -BLUE_WIDTH, -BLUE_WIDTH), WHITE
        )
        painter.end()
