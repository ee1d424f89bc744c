"""The presenter console: what the lecturer sees while the class sees the stage.

The current scene (number, title, note), the explanations its slide leaves out, the next scene's
title with a small picture of it, the step within the scene, the time since the lecture began,
and the keys. With two screens it fills the window's screen while the stage is on the other
(the projector); with one it is a window of its own (C, or View ▸ Presenter console).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import BASE_POINT_SIZE, scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.window.keys import BY_ACTION, key_text

#: The keys the console lists, in this order: what a lecture needs.
CONSOLE_KEYS = (
    "next", "previous", "next_scene", "previous_scene", "first", "last", "type_digit",
    "black", "white", "stage", "escape",
)  # fmt: skip
#: The next scene's picture: this share of the console's width, 16:9 (600 × 338 pixels on a
#: 1920 × 1080 laptop), drawn as a slide of SLIDE_SIZE and made small.
PREVIEW_SHARE = 0.31
#: The notes' type, as a share of the console's height (27 pixels on 1080 lines; at 16 they
#: left two thirds of a laptop's screen empty), and never under NOTE_MIN_PIXELS.
NOTE_SHARE, NOTE_MIN_PIXELS = 0.025, 16
#: How long after a scene change the next scene's picture is drawn: the stage paints first.
PREVIEW_DELAY_MS = 120
#: How long a notice (the end of the deck, a value refused) stays on the console.
NOTICE_MS = 8000


@dataclass(frozen=True)
class ConsoleScene:
    """What the console says of the scene on stage and the one after it."""

    title: str
    note: str
    explanations: list[str]
    #: "pos 5 · the scene steps 0–10", or "pos 5" for a scene without positions.
    step: str
    next_title: str
    #: Draws the next scene's picture (None at the last scene, or without a deck).
    next_picture: Callable[[], QImage] | None
    #: The theme the picture is drawn in (the stage's).
    theme: str = "dark"
    #: What the deck tells the lecturer alone (never projected).
    cue: str = ""


class Console(QWidget):
    """A window of the lecturer's own: the scene, its explanations, the next one, the time."""

    #: The clock the time since the start is read from, in seconds (a test sets its own).
    now = staticmethod(time.monotonic)

    def __init__(self, window: QWidget, state: AppState) -> None:
        super().__init__(window, Qt.WindowType.Window)
        self._state = state
        self.started = self.now()
        self.scene_title = QLabel()
        self.note = QLabel()
        self.cue = QLabel()
        self.step = QLabel()
        self.clock = QLabel()
        self.explanations = QLabel()
        self.next_title = QLabel()
        self.preview = QLabel()
        self.keys = QLabel()
        #: What the window's status bar would say (hidden under the console): the end of
        #: the deck, a refused value.
        self.notice = QLabel()
        self.notice.hide()
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.timeout.connect(self.notice.hide)
        for label in (self.scene_title, self.note, self.cue, self.next_title, self.notice):
            label.setTextFormat(Qt.TextFormat.PlainText)  # a deck's words are text
        labels = (self.scene_title, self.note, self.cue, self.explanations, self.next_title)
        for label in (*labels, self.keys, self.notice):
            label.setWordWrap(True)
        self.explanations.setTextFormat(Qt.TextFormat.RichText)
        self.explanations.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # A long scene's explanations scroll rather than run off the screen.
        self.explanations_area = QScrollArea()
        self.explanations_area.setWidget(self.explanations)
        self.explanations_area.setWidgetResizable(True)
        self.explanations_area.setFrameShape(QFrame.Shape.NoFrame)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid = QGridLayout(self)
        grid.addWidget(self.scene_title, 0, 0)
        grid.addWidget(self.clock, 0, 1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.note, 1, 0)
        grid.addWidget(self.step, 1, 1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.cue, 2, 0)
        grid.addWidget(self.notice, 3, 0, 1, 2)
        grid.addWidget(self.explanations_area, 4, 0)
        side = QVBoxLayout()
        side.addWidget(self.next_title)
        side.addWidget(self.preview)
        side.addStretch(1)
        side.addWidget(self.keys)
        grid.addLayout(side, 4, 1)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(4, 1)
        self._picture: Callable[[], QImage] | None = None
        self._drawn: QImage | None = None  # the next scene's picture, at slide size
        self._picture_key: tuple[str, str] | None = None
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.timeout.connect(self._draw_preview)
        self._tick = QTimer(self)
        self._tick.timeout.connect(self._on_tick_timeout)
        self._tick.start(1000)
        state.observe(["font_scale", "language"], self._sync_fonts)
        self._sync_fonts()
        self._show_time()

    def restart_clock(self) -> None:
        """The lecture starts now (the time shown counts from here)."""
        self.started = self.now()
        self._show_time()

    def show_scene(self, scene: ConsoleScene) -> None:
        self.scene_title.setText(scene.title)
        self.note.setText(scene.note)
        self.note.setVisible(bool(scene.note))
        self.cue.setText(tr("console.cue", cue=scene.cue) if scene.cue else "")
        self.cue.setVisible(bool(scene.cue))
        self.explanations.setText("".join(f"<p>{text}</p>" for text in scene.explanations))
        self.step.setText(scene.step)
        self.next_title.setText(tr("console.next", title=scene.next_title))
        # Drawn again only for another next scene (or theme): a step changes neither, and
        # drawing a slide on every step would cost the stage its pace.
        key = (scene.next_title, scene.theme)
        if key == self._picture_key:
            return
        self._picture_key = key
        self._picture = scene.next_picture
        self._drawn = None
        self.preview.clear()
        self.preview.setText("" if scene.next_picture else tr("console.last"))
        if scene.next_picture is not None:
            self._preview_timer.start(PREVIEW_DELAY_MS)

    def show_notice(self, text: str, timeout_ms: int = NOTICE_MS) -> None:
        """Say text on the console for a while (what the status bar under it would say)."""
        self.notice.setText(text)
        self.notice.show()
        self._notice_timer.start(timeout_ms)

    def _draw_preview(self) -> None:
        if self._picture is None:
            return
        if not self.isVisible():
            self._picture_key = None  # drawn when the console is next shown
            return
        self._drawn = self._picture()
        self._show_preview()

    def _show_preview(self) -> None:
        if self._drawn is not None and not self._drawn.isNull():
            small = self._drawn.scaled(
                self.preview.size(),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            self.preview.setPixmap(QPixmap.fromImage(small))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_fonts()

    def _on_tick_timeout(self) -> None:
        if self.isVisible():  # hidden, nothing to show; shown, the next second updates it
            self._show_time()

    def _show_time(self) -> None:
        minutes, seconds = divmod(int(self.now() - self.started), 60)
        hours, minutes = divmod(minutes, 60)
        self.clock.setText(tr("console.time", time=f"{hours}:{minutes:02d}:{seconds:02d}"))

    def _sync_fonts(self, *_: object) -> None:
        """Type and picture for the console's size: on a laptop's screen the notes are
        NOTE_SHARE of its height, the next scene's picture PREVIEW_SHARE of its width."""
        pixels = max(NOTE_MIN_PIXELS, NOTE_SHARE * self.height())
        scale = pixels / (BASE_POINT_SIZE * 96 / 72)
        self.scene_title.setFont(scaled_font(scale, 1.5, bold=True))
        self.clock.setFont(scaled_font(scale, 1.5, bold=True))
        for label in (self.note, self.step, self.explanations, self.next_title):
            label.setFont(scaled_font(scale))
        cue = scaled_font(scale)
        cue.setItalic(True)
        self.cue.setFont(cue)
        self.notice.setFont(scaled_font(scale, bold=True))
        self.keys.setFont(scaled_font(scale, 0.9))
        width = round(PREVIEW_SHARE * self.width())
        if self.preview.width() != width:
            self.preview.setFixedSize(width, round(width * 9 / 16))
            self._show_preview()
        self.keys.setText(
            "<br>".join(
                f"<b>{html.escape(key_text(BY_ACTION[name]))}</b> "
                + html.escape(tr(BY_ACTION[name].description))
                for name in CONSOLE_KEYS
            )
        )
        self.setWindowTitle(tr("console.title"))
