"""Stage mode: one view over the whole window, its type and lines sized for the back row.

The view on stage is built anew on a twin of the state that follows every change of it (pos, k,
the parameters, a deck's scenes) but keeps its own type size, line width and theme
(`stage_fields`). `pe-clock export --stage` draws the same view the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QVBoxLayout, QWidget

from pe_clock.gui.export.render import figure_palette, prepare_figure
from pe_clock.gui.export.slide import Slide, SlideTexts
from pe_clock.gui.look.fonts import figure_margin, stage_fields
from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.model.fields import LANGUAGE, PARAMETER
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.views import STAGE_VIEWS

#: Fields the twin follows: what the figure shows, in the window's language. It keeps its own
#: look (type size, line width, theme) and does not play.
FOLLOWED = Picture.role(PARAMETER, LANGUAGE)


def stage_state(state: AppState, height: int, theme: str) -> tuple[AppState, Callable[[], None]]:
    """A twin of state for a stage of that height, with its own type size, line width and
    theme, that follows every other change of state; and the call that stops it following."""
    twin = state.copy()
    twin.set(**stage_fields(height), theme=theme)

    def follow(*_: object) -> None:
        # Only what changed (a step: pos alone), in one call: fields that depend on each other
        # (d_model and the selected pair) arrive together, as the state holds them.
        changes = {n: v for n in FOLLOWED if (v := getattr(state, n)) != getattr(twin, n)}
        if changes:
            twin.set(**changes)

    def follow_embeddings() -> None:
        twin.set_embeddings(state.embedding_rows() if state.embeddings_loaded else None)

    state.observe(FOLLOWED, follow)
    state.embeddingsChanged.connect(follow_embeddings)

    def unfollow() -> None:
        for name in FOLLOWED:
            state.changed(name).disconnect(follow)
        state.embeddingsChanged.disconnect(follow_embeddings)

    return twin, unfollow


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
        self.slide: Slide | None = None
        self.view: QWidget | None = None
        #: The screen the stage fills as a window of its own, or None: over the window.
        self.screen_shown: QScreen | None = None
        self._twin: AppState | None = None
        self._unfollow: Callable[[], None] = lambda: None
        self._column = QVBoxLayout(self)
        self.setAutoFillBackground(True)
        self.hide()

    def show_view(self, name: str, theme: str | None = None) -> None:
        """Put the registered view called name on stage (in theme, else the stage's)."""
        if name not in STAGE_VIEWS:  # the window's three figures: its large clock
            name = "bigclock"
        self.theme = theme or self.theme
        self._clear()
        parent = self.parentWidget()
        if self.screen_shown is not None:
            self.setGeometry(self.screen_shown.geometry())
        elif parent is not None:
            self.setGeometry(parent.rect())
        width, height = self.width(), self.height()
        margin = figure_margin(width, height)
        self._column.setContentsMargins(margin, margin, margin, margin)
        self._twin, self._unfollow = stage_state(self._state, height, self.theme)
        chosen = theme_of(self._twin)
        self.setPalette(figure_palette(self.palette(), chosen))
        self.slide = Slide(name, self._twin, self._texts(name))
        self.view = self.slide.view
        prepare_figure(self.slide, chosen, on_screen=True)
        self._column.addWidget(self.slide)
        self.name = name
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

    def _clear(self) -> None:
        if self.slide is not None:
            self.slide.hide()
            self.slide.setParent(None)
            self.slide.deleteLater()
            self.slide = self.view = None
        if self._twin is not None:
            self._unfollow()
            self._twin.deleteLater()
            self._twin = None
