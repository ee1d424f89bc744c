"""The presenter console: what the lecturer sees while the class sees the stage.

Like a presentation program's presenter view: the slide the class sees, live (a step, a play
or dark and light show on it at once); the scene's title, note, the lecturer's cue and the
explanations its slide leaves out; the next scene's picture; the time since the lecture began
and the time of day; the deck's scenes, any of which a click goes to; and the keys a lecture
needs. With two screens it fills the window's screen while the stage is on the other (the
projector); with one it is a window of its own (C, or Presentation ▸ Presenter console).
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import (
    QMargins,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QHideEvent, QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QListWidget,
    QScrollArea,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from pe_clock.core.i18n import tr
from pe_clock.gui.export.slide import Slide, SlideTexts
from pe_clock.gui.look.fonts import BASE_POINT_SIZE, scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.focus_ring import RING_WIDTH
from pe_clock.gui.widgets.notice import Notice
from pe_clock.gui.window.keys import BY_ACTION, key_text
from pe_clock.gui.window.stage import SlideFrame

#: The keys the console lists, in this order: what a lecture needs.
CONSOLE_KEYS = (
    "next", "previous", "next_scene", "previous_scene", "first", "last", "type_digit",
    "black", "white", "stage", "escape",
)  # fmt: skip
#: The slide the class sees: this share of the console's width, 16:9, and at most this share
#: of its height (the notes keep the rest of the column).
CURRENT_SHARE, CURRENT_HEIGHT_SHARE = 0.6, 0.6
#: The next scene's picture: this share of the console's width, 16:9 (614 × 346 pixels on a
#: 1920 × 1080 laptop), drawn as a slide of SLIDE_SIZE and made small.
PREVIEW_SHARE = 0.32
#: The notes' type, as a share of the console's height (27 pixels on 1080 lines; at 16 they
#: left two thirds of a laptop's screen empty), and never under NOTE_MIN_PIXELS.
NOTE_SHARE, NOTE_MIN_PIXELS = 0.025, 16
#: How long after a scene change the next scene's picture is drawn: the stage paints first.
PREVIEW_DELAY_MS = 120
#: How long a notice (the end of the deck, a value refused) stays on the console.
NOTICE_MS = 8000


class RingRoom(QStyledItemDelegate):
    """A scene's title with room above and below it for the keyboard's focus ring (the
    style leaves it room beside the text, `window_style`): drawn on the item's edge, the ring
    crossed a two-line title's descenders."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return size.grownBy(QMargins(0, RING_WIDTH, 0, RING_WIDTH))


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
    #: The theme the pictures are drawn in (the stage's).
    theme: str = "dark"
    #: What the deck tells the lecturer alone (never projected).
    cue: str = ""
    #: The registered view the class sees, and its slide's title and note (None: the view's
    #: own title); "" for none.
    view: str = ""
    texts: SlideTexts | None = None
    #: The deck's scenes, as their slides are titled, and the one on stage (-1: no deck).
    scenes: tuple[str, ...] = field(default_factory=tuple)
    index: int = -1


class Console(QWidget):
    """A window of the lecturer's own: the slide the class sees and the one after it, the
    scene's words, the time, the deck's scenes and the keys."""

    #: The clock the time since the start is read from, in seconds (a test sets its own).
    now = staticmethod(time.monotonic)
    #: A scene of the deck was clicked in the list: its index.
    chosen = Signal(int)

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
        #: The slide the class sees, live: its frame, and the slide in it while shown.
        self.current = QWidget()
        self.current.setAutoFillBackground(True)
        self._frame = SlideFrame(self.current)
        self._slide_key: tuple[object, ...] = ()
        #: The deck's scenes: a click shows one (the keys stay with the presentation); by
        #: keyboard, Tab reaches it, the arrows choose and Enter shows.
        self.scene_list = QListWidget()
        self.scene_list.setWordWrap(True)  # a long title on two lines, never cut
        self.scene_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scene_list.setItemDelegate(RingRoom(self.scene_list))
        for signal in (self.scene_list.itemClicked, self.scene_list.itemActivated):
            signal.connect(lambda item: self.chosen.emit(self.scene_list.row(item)))
        #: What the window's status bar would say (hidden under the console): the end of
        #: the deck, a refused value.
        self.notice = Notice()
        for label in (self.scene_title, self.note, self.cue, self.next_title, self.notice):
            label.setTextFormat(Qt.TextFormat.PlainText)  # a deck's words are text
        labels = (self.scene_title, self.note, self.cue, self.explanations, self.next_title)
        for label in (*labels, self.keys, self.notice, self.step):
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
        grid.addWidget(self.current, 1, 0, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        words = QVBoxLayout()
        for label in (self.note, self.cue, self.notice):
            words.addWidget(label)
        words.addWidget(self.explanations_area, 1)
        grid.addLayout(words, 2, 0)
        side = QVBoxLayout()
        for widget in (self.step, self.next_title, self.preview):
            side.addWidget(widget)
        side.addWidget(self.scene_list, 1)
        side.addWidget(self.keys)
        grid.addLayout(side, 1, 1, 2, 1)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(2, 1)
        self._scene: ConsoleScene | None = None
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
        state.observe(["language"], self._retranslate)
        self._sync_fonts()
        self._retranslate()
        self._show_time()

    def restart_clock(self) -> None:
        """The lecture starts now (the time shown counts from here)."""
        self.started = self.now()
        self._show_time()

    def show_scene(self, scene: ConsoleScene) -> None:
        self._scene = scene
        self.scene_title.setText(scene.title)
        self.note.setText(scene.note)
        self.note.setVisible(bool(scene.note))
        self.cue.setText(tr("console.cue", cue=scene.cue) if scene.cue else "")
        self.cue.setVisible(bool(scene.cue))
        self.explanations.setText("".join(f"<p>{text}</p>" for text in scene.explanations))
        self.step.setText(scene.step)
        following = scene.next_picture is not None  # else the last scene, or no deck
        self.next_title.setText(
            tr("console.next", title=scene.next_title) if following else scene.next_title
        )
        self.preview.setVisible(following)
        self._show_scenes(scene.scenes, scene.index)
        self._show_current()
        # Drawn again only for another next scene (or theme): a step changes neither, and
        # drawing a slide on every step would cost the stage its pace.
        key = (scene.next_title, scene.theme)
        if key == self._picture_key:
            return
        self._picture_key = key
        self._picture = scene.next_picture
        self._drawn = None
        self.preview.clear()
        if scene.next_picture is not None:
            self._preview_timer.start(PREVIEW_DELAY_MS)

    def show_notice(self, text: str, timeout_ms: int = NOTICE_MS) -> None:
        """Say text on the console for a while (what the status bar under it would say)."""
        self.notice.say(text, timeout_ms)

    # --- the slide the class sees ---------------------------------------------------------
    def _show_current(self) -> None:
        """The scene's view as a live slide the size of its frame, built again only for
        another view, theme, scene or size (a step moves the one there)."""
        scene = self._scene
        size = self.current.size()
        title = scene.title if scene is not None else ""
        key = (scene.view, scene.theme, title, size.width(), size.height()) if scene else ()
        if key == self._slide_key and (self.slide is not None or not key):
            return
        self._clear_current()
        if scene is None or not scene.view or not self.isVisible() or size.height() < 90:
            return
        self._slide_key = key
        slide = self._frame.show(self._state, scene.view, scene.texts, scene.theme)
        slide.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        slide.show()

    @property
    def slide(self) -> Slide | None:
        """The live slide the class sees, while the console shows it."""
        return self._frame.slide

    def _clear_current(self) -> None:
        self._slide_key = ()
        self._frame.clear()

    def hideEvent(self, event: QHideEvent) -> None:
        """Hidden, it draws nothing: its live slide goes (built again when shown)."""
        super().hideEvent(event)
        self._clear_current()

    def _show_scenes(self, titles: tuple[str, ...], index: int) -> None:
        listed = tuple(self.scene_list.item(row).text() for row in range(self.scene_list.count()))
        if listed != titles:
            self.scene_list.clear()
            self.scene_list.addItems(list(titles))
        self.scene_list.setVisible(bool(titles))
        if 0 <= index < len(titles):
            self.scene_list.setCurrentRow(index)
            self.scene_list.scrollToItem(self.scene_list.item(index))

    # --- the next scene's picture -----------------------------------------------------------
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
        since = f"{hours}:{minutes:02d}:{seconds:02d}"
        self.clock.setText(tr("console.time", time=since, clock=time.strftime("%H:%M")))

    def _retranslate(self, *_: object) -> None:
        self.scene_list.setAccessibleName(tr("console.scenes"))
        self.scene_list.setToolTip(tr("tip.scenes"))

    def _sync_fonts(self, *_: object) -> None:
        """Type and pictures for the console's size: on a laptop's screen the notes are
        NOTE_SHARE of its height, the slide the class sees CURRENT_SHARE of its width and
        the next scene's picture PREVIEW_SHARE."""
        pixels = max(NOTE_MIN_PIXELS, NOTE_SHARE * self.height())
        scale = pixels / (BASE_POINT_SIZE * 96 / 72)
        self.scene_title.setFont(scaled_font(scale, 1.5, bold=True))
        self.clock.setFont(scaled_font(scale, 1.5, bold=True))
        for label in (self.note, self.step, self.explanations, self.next_title, self.preview):
            label.setFont(scaled_font(scale))
        self.scene_list.setFont(scaled_font(scale, 0.9))
        cue = scaled_font(scale)
        cue.setItalic(True)
        self.cue.setFont(cue)
        self.notice.setFont(scaled_font(scale, bold=True))
        self.keys.setFont(scaled_font(scale, 0.8))
        width = round(PREVIEW_SHARE * self.width())
        if self.preview.width() != width:
            self.preview.setFixedSize(width, round(width * 9 / 16))
            self._show_preview()
        wide = round(
            min(CURRENT_SHARE * self.width(), CURRENT_HEIGHT_SHARE * self.height() * 16 / 9)
        )
        if self.current.width() != wide:
            self.current.setFixedSize(wide, round(wide * 9 / 16))
            self._show_current()
        self.keys.setText(" · ".join(map(_reminder, CONSOLE_KEYS)))
        self.setWindowTitle(tr("console.title"))


def _reminder(action: str) -> str:
    """A key in the console's reminder, short: its first two keys and its menu entry's words
    (its full description where no menu lists it)."""
    binding = BY_ACTION[action]
    words = tr(binding.description)
    if binding.menu:  # without its letter: "&Stage: …", "무대: …(&S)"
        words = re.sub(r"\(&\w\)|&(?=\w)", "", tr(f"menu.{action}")).strip()
    return f"<b>{html.escape(key_text(binding, 2))}</b>&nbsp;{html.escape(words)}"
