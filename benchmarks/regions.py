"""Why a 4K dial grid repaints one rectangle, not a box round each moved hand: a widget the
size of the stage's grid (2356 x 2002) copies its picture from a cached image, as the grid's
backdrop does, 60 times a second for 3 s, asked to repaint (a) the whole widget, (b) a region
of one box round each of 256 moving hands (about 8% of the widget, some 900 rectangles once
Qt has banded them) painted with one copy under Qt's clip, (c) the same region copied box by
box. CPU a frame, of the process.

    QT_QPA_PLATFORM=offscreen python benchmarks/regions.py

Run by hand, never by CI.
"""

from __future__ import annotations

import os
import time

import numpy as np

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

WIDTH, HEIGHT = 2356, 2002  # the grid's viewport on a 3840 x 2160 stage, d_model 512
COLUMNS, PITCH, HAND = 18, 130, 58  # dials a row, pixels between centres, a hand's length


def hand_boxes(step: int) -> np.ndarray:
    """(256, 4) x0, y0, x1, y1: the box round each hand at step and step + 1 (pair i turns
    10000^(-i/256) radians a step), padded by a wide pen's half width."""
    x, y = np.meshgrid(np.arange(COLUMNS) * PITCH + 70, np.arange(15) * PITCH + 70)
    x, y = x.ravel()[:256].astype(float), y.ravel()[:256].astype(float)
    rate = 10000.0 ** (-np.arange(256) / 256)
    xs = np.stack([x, x + HAND * np.sin(step * rate), x + HAND * np.sin((step + 1) * rate)])
    ys = np.stack([y, y - HAND * np.cos(step * rate), y - HAND * np.cos((step + 1) * rate)])
    boxes = np.stack([xs.min(0) - 5, ys.min(0) - 5, xs.max(0) + 5, ys.max(0) + 5], 1)
    return np.floor(boxes).astype(int)


def main() -> None:
    from PySide6.QtCore import QEventLoop, QRect, Qt, QTimer
    from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QRegion
    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication([])
    picture = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    picture.fill(QColor(30, 30, 40))

    class Grid(QWidget):
        by_box = False

        def paintEvent(self, event: QPaintEvent) -> None:
            painter = QPainter(self)
            if self.by_box:
                for rect in event.region():
                    painter.drawImage(rect, picture, rect)
            else:
                painter.drawImage(0, 0, picture)  # clipped by Qt to the region asked for
            painter.end()

    window = QWidget()
    window.resize(3840, 2160)
    grid = Grid(window)
    grid.setGeometry(0, 0, WIDTH, HEIGHT)
    grid.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    window.show()
    app.processEvents()

    def region(step: int) -> QRegion:
        area = QRegion()
        for x0, y0, x1, y1 in hand_boxes(step).tolist():
            area += QRect(x0, y0, x1 - x0, y1 - y0)
        return area

    def played(ask: str) -> float:
        steps = [0]

        def tick() -> None:
            steps[0] += 1
            grid.update() if ask == "whole" else grid.update(region(steps[0]))

        grid.by_box = ask == "boxes"
        timer = QTimer()
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.setInterval(16)
        timer.timeout.connect(tick)
        loop = QEventLoop()
        QTimer.singleShot(3000, loop.quit)
        start = time.process_time()
        timer.start()
        loop.exec()
        timer.stop()
        return (time.process_time() - start) * 1000 / steps[0]

    sample = region(5)
    share = sum(r.width() * r.height() for r in sample) / (WIDTH * HEIGHT)
    print(f"{WIDTH} x {HEIGHT}, 256 hands; the region: {sample.rectCount()} rectangles, "
          f"{100 * share:.0f}% of the widget. CPU ms a frame:")  # fmt: skip
    for ask in ("whole", "region", "boxes", "whole", "region", "boxes"):
        print(f"  {ask:>6}: {played(ask):.2f}")
    window.close()


if __name__ == "__main__":
    main()
