"""WCAG contrast of the images a stage shows against their plots' background."""

import numpy as np
import pyqtgraph as pg


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (..., 3) in 0–255."""
    c = np.asarray(rgb, dtype=np.float64) / 255.0
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    la, lb = luminance(a), luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def cell_colours(image: pg.ImageItem) -> np.ndarray:
    """The colour of every cell of image that is not an exact zero (nor NaN: a masked cell,
    drawn as background), as pyqtgraph maps it."""
    data = np.asarray(image.image, dtype=np.float64)
    keep = np.isfinite(data) & (data != 0)
    data = np.where(keep, data, 0.0)
    lut = np.asarray(image.lut)
    low, high = (float(v) for v in image.levels)
    n = lut.shape[0]
    index = np.clip((data - low) * (n / ((high - low) or 1.0)), 0, n - 1).astype(np.intp)
    return lut[index[keep]][:, :3]


def image_contrasts(view, background) -> list[tuple[str, float]]:
    """(the image's plot title or axis, median cell contrast) for every visible image."""
    found = []
    back = np.array([background.red(), background.green(), background.blue()])
    for graphics in view.findChildren(pg.GraphicsView):
        for item in graphics.scene().items():
            if not isinstance(item, pg.ImageItem) or not item.isVisible() or item.image is None:
                continue
            if isinstance(item.parentItem(), pg.ColorBarItem) or item.lut is None:
                continue  # a colour bar's own scale
            colours = cell_colours(item)
            if not len(colours):
                continue
            plot = item.getViewBox().parentItem() if item.getViewBox() else None
            name = getattr(getattr(plot, "titleLabel", None), "text", "") or repr(item)
            found.append((name, float(np.median(contrast(colours, back)))))
    return found
