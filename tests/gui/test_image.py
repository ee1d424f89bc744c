"""gui/widgets/image.py: the image item on the diverging map."""

import numpy as np
import pyqtgraph as pg


def test_diverging_image_renders_pyqtgraphs_colours(qapp):
    """The fast RGB32 render gives every pixel the colour pyqtgraph's own render gives it."""
    from PySide6.QtGui import QImage

    from pe_clock.gui.look.themes import THEMES
    from pe_clock.gui.widgets.image import DivergingImage

    rng = np.random.default_rng(1)
    data = np.concatenate([rng.uniform(-1.3, 1.3, 4000), [-1, 1, 0, -0.9921875, 0.9921875]])
    for levels, theme in (((-1.0, 1.0), "light"), ((-2.5, 2.5), "dark")):
        image = DivergingImage(THEMES[theme])
        image.setImage(data.reshape(5, -1).astype(np.float32), autoLevels=False, levels=levels)
        image.render()
        ours = image.qimage.copy()
        pg.ImageItem.render(image)
        theirs = image.qimage.convertToFormat(QImage.Format.Format_RGB32)
        assert ours.format() == QImage.Format.Format_RGB32 and ours == theirs
