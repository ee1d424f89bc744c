"""Rendering widgets to arrays and finding view coordinates on screen, for pixel tests."""

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget


def to_array(image: QImage) -> np.ndarray:
    """An image as an (h, w, 3) uint8 RGB array."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w = image.height(), image.width()
    data = np.frombuffer(image.constBits(), np.uint8, count=image.sizeInBytes())
    return data.reshape(h, image.bytesPerLine())[:, : w * 3].reshape(h, w, 3).copy()


def grab(widget: QWidget) -> np.ndarray:
    return to_array(widget.grab().toImage())


def view_to_pixel(graphics: pg.GraphicsView, plot: pg.PlotItem, x: float, y: float) -> QPoint:
    """Where the data point (x, y) of a plot lands in its GraphicsView's viewport."""
    scene = plot.getViewBox().mapViewToScene(QPointF(x, y))
    return graphics.mapFromScene(scene)


def dark(pixels: np.ndarray, limit: int = 60) -> np.ndarray:
    return pixels.max(axis=-1) < limit
