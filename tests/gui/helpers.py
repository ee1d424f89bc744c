"""Rendering widgets to arrays and finding view coordinates on screen, for pixel tests."""

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QGraphicsView, QGraphicsWidget, QWidget


def to_array(image: QImage) -> np.ndarray:
    """An image as an (h, w, 3) uint8 RGB array."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w = image.height(), image.width()
    data = np.frombuffer(image.constBits(), np.uint8, count=image.sizeInBytes())
    return data.reshape(h, image.bytesPerLine())[:, : w * 3].reshape(h, w, 3).copy()


def grab(widget: QWidget) -> np.ndarray:
    return to_array(widget.grab().toImage())


def _layout(widget: QWidget) -> list[tuple[float, float, float, float]]:
    return [
        item.sceneBoundingRect().getRect()
        for view in widget.findChildren(QGraphicsView)
        for item in view.scene().items()
        if isinstance(item, QGraphicsWidget)
    ]


def settle(widget: QWidget, rounds: int = 12) -> None:
    """Paint and turn the event loop until the widget's graphics layouts stop moving.

    pyqtgraph sizes an axis to the tick labels it draws, so a layout takes a paint and a turn
    of the loop per step to settle; how many steps fit in a fixed wait depends on the machine."""
    before = None
    for _ in range(rounds):
        widget.grab()
        QApplication.processEvents()
        QApplication.processEvents()
        now = _layout(widget)
        if now == before:
            return
        before = now


def view_to_pixel(graphics: pg.GraphicsView, plot: pg.PlotItem, x: float, y: float) -> QPoint:
    """Where the data point (x, y) of a plot lands in its GraphicsView's viewport."""
    scene = plot.getViewBox().mapViewToScene(QPointF(x, y))
    return graphics.mapFromScene(scene)


def dark(pixels: np.ndarray, limit: int = 60) -> np.ndarray:
    return pixels.max(axis=-1) < limit


def cli_main(capsys, *argv: str) -> tuple[int, str, str]:
    """pe-clock's command line run in this process, as a test of its rules should be (a new
    process costs a second of CPU): its exit status, stdout and stderr; the language is
    left as it was."""
    from pe_clock import cli
    from pe_clock.core import i18n

    try:
        with i18n.speaking(i18n.language()):  # the language it chose is its own
            code = cli.main(list(argv))
    except SystemExit as stop:  # argparse's own errors and --help
        code = int(stop.code or 0)
    said = capsys.readouterr()
    return code, said.out, said.err


def parts(folder) -> list[str]:
    """The temporary files (PART_SUFFIX) an export left in folder."""
    from pe_clock.gui.platform.files import PART_SUFFIX

    return sorted(p.name for p in folder.iterdir() if p.name.endswith(PART_SUFFIX))
