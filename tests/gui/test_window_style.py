"""gui/widgets/window_style.py: the keyboard's focus is a ring of the figures' blue round a
control, a check box's text and a list's item (the console's scenes), and it covers none of
their text. (Tabs keeping their names' descenders: `test_main_window.py`.)"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmapCache
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pe_clock.gui.widgets import window_style
from pe_clock.gui.widgets.focus_ring import BLUE
from pe_clock.gui.widgets.window_style import use_window_style
from pe_clock.gui.window.console import RingRoom
from tests.gui.helpers import to_array


def _list(text: str) -> QListWidget:
    scenes = QListWidget()
    scenes.setWordWrap(True)
    scenes.setItemDelegate(RingRoom(scenes))
    scenes.addItem(text)
    scenes.setCurrentRow(0)
    return scenes


CONTROLS = {
    "button": lambda text: QPushButton(text),
    "check box": lambda text: QCheckBox(text),
    "line edit": lambda text: QLineEdit(text),
    "combo box": lambda text: _combo(text),
    "console's scene list": _list,
}


def _combo(text: str) -> QComboBox:
    combo = QComboBox()
    combo.addItem(text)
    return combo


def focused(qtbot, make, text: str) -> np.ndarray:
    """The control with text, its focus moved there by the Tab key, as pixels."""
    use_window_style()
    QPixmapCache.clear()  # Fusion keeps a combo box's frame, ring and all, as a pixmap
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    before, control = QPushButton("before"), make(text)
    layout.addWidget(before)
    layout.addWidget(control)
    control.setFixedSize(260, 60)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    before.setFocus()
    QTest.keyClick(before, Qt.Key.Key_Tab)
    assert control.hasFocus()
    return to_array(control.grab().toImage())


@pytest.mark.parametrize("name", CONTROLS)
def test_a_control_s_keyboard_focus_is_a_ring_clear_of_its_text(qtbot, monkeypatch, name):
    make = CONTROLS[name]
    ringed = focused(qtbot, make, "gyp Quay 1/16 · word order")
    monkeypatch.setattr(window_style, "paint_ring", lambda painter, rect: None)
    bare = focused(qtbot, make, "gyp Quay 1/16 · word order")
    blank = focused(qtbot, make, "")
    ring = (ringed != bare).any(axis=2)
    text = (bare != blank).any(axis=2)
    blue = (ringed[..., :3] == (BLUE.red(), BLUE.green(), BLUE.blue())).all(axis=2)
    assert blue[ring].mean() > 0.5  # the ring is mostly the blue band
    assert ring.sum() > 200  # round the control (or its text), not a dot
    assert not (ring & text).any(), "the ring covers the text"
