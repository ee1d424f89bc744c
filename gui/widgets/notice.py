"""A line that says something for a while, then goes (what a status bar would say where none
is seen: the console's, the stage's over the window)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QWidget


class Notice(QLabel):
    """A label shown by `say` and hidden again once its time is up (a new text restarts it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def say(self, text: str, timeout_ms: int) -> None:
        self.setText(text)
        self.show()
        self._timer.start(timeout_ms)
