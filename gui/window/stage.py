"""Stage mode: one view over the whole window, its type and lines sized for the back row.

The view on stage is built anew on the window's state seen with the stage's look (`Looked`):
every change of the state (pos, k, the parameters, a deck's scenes) reaches it, and a click on
it changes the state; its type size, line width and theme are its own (`stage_fields`).
`pe-clock export --stage` draws the same view the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent, QScreen
from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from pe_clock.gui.export.render import figure_palette, prepare_figure
from pe_clock.gui.export.slide import Slide, SlideTexts
from pe_clock.gui.look.fonts import figure_margin, scaled_font, stage_fields
from pe_clock.gui.look.themes import THEMES, theme_of
from pe_clock.gui.model.state import AppState, Looked
from pe_clock.gui.views import STAGE_VIEWS, VIEWS
from pe_clock.gui.widgets.notice import Notice


def stage_view(name: str) -> str:
    """The registered view the stage shows for view name: itself, or the one its entry
    names (for the window's three figures together, its large clock: a slide is one
    picture)."""
    return VIEWS[name].staged_as or name


class SlideFrame:
    """A frame that shows one live slide (the stage, and the console's picture of it): the
    slide fills the frame inside its margin, on the slide's background, live on the state
    (every step and parameter reaches it) with a stage's look of its own."""

    def __init__(self, frame: QWidget) -> None:
        self.frame = frame
        self.slide: Slide | None = None
        self._looked: Looked | None = None
        self._column = QVBoxLayout(frame)

    def show(self, state: AppState, name: str, texts: SlideTexts | None, theme: str) -> Slide:
        """View name as a slide the frame's size, in theme, in place of the one there."""
        self.clear()
        width, height = self.frame.width(), self.frame.height()
        margin = figure_margin(width, height)
        self._column.setContentsMargins(margin, margin, margin, margin)
        self._looked = Looked(state, **stage_fields(height), theme=theme)
        chosen = theme_of(self._looked)
        self.slide = Slide(name, self._looked, texts)
        prepare_figure(self.slide, chosen, on_screen=True)
        self.frame.setPalette(figure_palette(self.frame.palette(), chosen))
        self._column.addWidget(self.slide)
        return self.slide

    def clear(self) -> None:
        """The slide gone, and its Looked with it (which disconnects it from the state)."""
        if self.slide is not None:
            self.slide.hide()
            self.slide.setParent(None)
            self.slide.deleteLater()
            self.slide = None
        if self._looked is not None:
            self._looked.deleteLater()
            self._looked = None


class Stage(QWidget):
    """One registered view as a slide: over its window (one screen), or full screen on a
    screen of its own (the projector, with the console on the window's screen)."""

    #: A view went on stage (its registered name): the console shows its scene.
    shown = Signal(str)

    def __init__(
        self, window: QWidget, state: AppState, texts: Callable[[str], SlideTexts | None]
    ) -> None:
        """texts(name): the title and note of the slide showing view name (a deck's scene),
        or None for the view's own title."""
        super().__init__(window)
        self._state = state
        self._texts = texts
        self.name = ""
        self.theme = "dark"
        self.view: QWidget | None = None
        #: The screen the stage fills as a window of its own, or None: over the window.
        self.screen_shown: QScreen | None = None
        self._frame = SlideFrame(self)
        self.setAutoFillBackground(True)
        #: What the window's status bar would say, which the stage over the window hides.
        self.notice = Notice(self)
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice.setAutoFillBackground(True)
        self.notice.setFrameShape(QFrame.Shape.Box)  # a notice over the slide, not of it
        self.notice.setLineWidth(2)
        self.hide()

    def show_notice(self, text: str, timeout_ms: int) -> None:
        """Say text along the foot of the stage, in its theme and type, for timeout_ms."""
        self.notice.setPalette(figure_palette(self.notice.palette(), THEMES[self.theme]))
        self.notice.setFont(scaled_font(float(stage_fields(self.height())["font_scale"])))
        self.notice.setMargin(self.notice.fontMetrics().height() // 3)
        self.notice.say(text, timeout_ms)
        self._place_notice()
        self.notice.raise_()

    def _place_notice(self) -> None:
        margin = figure_margin(self.width(), self.height())
        width = self.width() - 2 * margin
        height = self.notice.heightForWidth(width)
        self.notice.setGeometry(margin, self.height() - margin - height, width, height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.notice.isVisible():
            self._place_notice()

    def show_view(self, name: str, theme: str | None = None) -> None:
        """Put the registered view called name on stage (in theme, else the stage's)."""
        name = stage_view(name)
        self.theme = theme or self.theme
        self._clear()
        parent = self.parentWidget()
        if self.screen_shown is not None:
            self.setGeometry(self.screen_shown.geometry())
        elif parent is not None:
            self.setGeometry(parent.rect())
        self.view = self._frame.show(self._state, name, self._texts(name), self.theme).view
        self.name = name
        self.notice.raise_()  # a notice still due stays over the new slide
        if self.screen_shown is not None:
            self.showFullScreen()
        else:
            self.show()
        self.raise_()
        self.shown.emit(name)

    def project(self, screen: QScreen | None) -> None:
        """Show the stage full screen on screen, as a window of its own; None: over the
        window, as one of its widgets."""
        self.screen_shown = screen
        if screen is None:
            self.setWindowFlags(Qt.WindowType.Widget)
        else:
            self.setWindowFlags(Qt.WindowType.Window | Qt.WindowType.FramelessWindowHint)
            self.setScreen(screen)
            self.setGeometry(screen.geometry())

    def refit(self) -> None:
        """After the window's size changed: the same view, sized for the new screen (a stage
        on a screen of its own keeps that screen's size)."""
        if self.isVisible() and self.name and self.screen_shown is None:
            self.show_view(self.name)

    def leave(self) -> None:
        self._clear()
        self.name = ""
        self.hide()
        if self.screen_shown is not None:
            self.project(None)

    def step_view(self, delta: int) -> None:
        """The next (or previous) view of STAGE_VIEWS."""
        index = STAGE_VIEWS.index(self.name) if self.name in STAGE_VIEWS else 0
        self.show_view(STAGE_VIEWS[(index + delta) % len(STAGE_VIEWS)])

    @property
    def slide(self) -> Slide | None:
        return self._frame.slide

    def _clear(self) -> None:
        self._frame.clear()
        self.view = None
