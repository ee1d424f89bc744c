"""A figure's keyboard focus, drawn round its edge.

A figure is one stop of the Tab chain (its plots take no focus of their own, so Tab does not
stop on each of a view's pyqtgraph widgets, nameless to a screen reader). Qt's style draws no
focus for a plain widget, so the ring is a widget of its own: a band of the highlight blue
with a white line inside it, which shows on a white figure (the blue, 6.4:1) and on a black
one (the white), in either theme and on any screen; 3 pixels. It lies just outside the
figure, in the room its parent's layout leaves round it, so it covers nothing of the figure
(inside its edge it covered the first letter of each line of the clock's explanation:
"hand" read "nand"); a figure with no parent has it just inside its edge. Its mask is the
band, so what is under it repaints as it did, and it lets the mouse through.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFocusEvent, QPainter, QPaintEvent, QRegion
from PySide6.QtWidgets import QSplitter, QWidget

#: The band: blue outside, white inside, in pixels.
BLUE_WIDTH = 2
WHITE_WIDTH = 1
BLUE = QColor("#0b57d0")
WHITE = QColor("#ffffff")
RING_WIDTH = BLUE_WIDTH + WHITE_WIDTH


class FocusRing(QWidget):
    """A ring over the edge of its parent, shown while the parent has the focus it got from
    the keyboard (Tab, a shortcut, the window coming back): a click on a figure, in front of
    a class, draws no frame round it."""

    def __init__(self, figure: QWidget) -> None:
        super().__init__(figure)
        self.figure = figure
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        figure.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.ParentChange):
            if self.isVisible():
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
        """Round the figure, outside it where it has a parent (in the parent's coordinates),
        else inside its edge."""
        figure, band = self.figure, RING_WIDTH
        holder = figure.parentWidget()
        while isinstance(holder, QSplitter):  # a splitter makes every child a pane of its own
            holder = holder.parentWidget()
        if holder is not None:
            if self.parentWidget() is not holder:
                self.setParent(holder)
            inside = QRect(figure.mapTo(holder, QPoint(0, 0)), figure.size())
            area = inside.adjusted(-band, -band, band, band)
        else:
            if self.parentWidget() is not figure:
                self.setParent(figure)
            area = figure.rect()
            inside = area.adjusted(band, band, -band, -band)
        self.setGeometry(area)
        ring = QRegion(area) - QRegion(inside)
        self.setMask(ring.translated(-area.topLeft()))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_ring(painter, self.rect())
        painter.end()


def paint_ring(painter: QPainter, rect: QRect) -> None:
    """The ring just inside rect: BLUE_WIDTH of blue, then WHITE_WIDTH of white (a figure's,
    and every control's in the window's style)."""
    inset = 0
    for width, colour in ((BLUE_WIDTH, BLUE), (WHITE_WIDTH, WHITE)):
        band = rect.adjusted(inset, inset, -inset, -inset)
        x, y, w, h = band.x(), band.y(), band.width(), band.height()
        for side in (
            QRect(x, y, w, width),
            QRect(x, y + h - width, w, width),
            QRect(x, y, width, h),
            QRect(x + w - width, y, width, h),
        ):
            painter.fillRect(side, colour)
        inset += width
