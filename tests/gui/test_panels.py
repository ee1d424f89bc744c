import pyqtgraph as pg
import pytest

from pe_clock.gui.views import REGISTRY


def test_hidden_panels_wait_until_shown(window, qtbot):
    assert "distance" not in window.panels  # built only when first shown
    distance = window.panel("distance")
    window.state.set(pos=9)

    assert "pos = 9 " not in distance.spread.text()  # hidden: not redrawn yet
    window.tabs.setCurrentWidget(window.panel_hosts["distance"])
    qtbot.waitUntil(lambda: "pos = 9 " in distance.spread.text())
    # The clock tab is hidden now: its hands wait too, and catch up when it is shown again.
    window.state.set(pos=12)
    assert "pos 12" not in window.clock_view.legend_lines[0].text()
    window.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: window.clock_view.legend_lines[0].text() == "pos 12")


@pytest.mark.parametrize("spec", REGISTRY, ids=lambda spec: spec.name)
def test_every_image_lies_within_its_plot(show, state, spec):
    """An image stretched past its plot (a setRect before its setImage) shows one column."""
    view = show(spec.load(), state, spec.size)
    for d_model in (512, 64):
        state.set(d_model=d_model)
        view.grab()  # lazy views sync when painted
        images = [
            item
            for graphics in view.findChildren(pg.GraphicsView)
            for item in graphics.scene().items()
            if isinstance(item, pg.ImageItem) and item.image is not None
        ]
        for image in images:
            rect = image.mapRectToParent(image.boundingRect())
            (x0, x1), _ = image.getViewBox().viewRange()
            assert x0 - 1 <= rect.left() and rect.right() <= x1 + 1, (spec.name, d_model, rect)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_control_of_a_panels_row_is_named_for_a_screen_reader(window, language):
    """RoPE's head_dim, the Extension tab's factor, length and head_dim and ALiBi's heads had
    no accessible name: a screen reader said "spin box"."""
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox

    from pe_clock.gui.panels.options import Options

    window.state.set(language=language)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        for options in window.tabs.currentWidget().findChildren(Options):
            for kind in (QAbstractSpinBox, QComboBox, QCheckBox):
                for control in options.findChildren(kind):
                    face = QAccessible.queryAccessibleInterface(control)
                    assert face.text(QAccessible.Text.Name), (window.tabs.tabText(index), kind)
