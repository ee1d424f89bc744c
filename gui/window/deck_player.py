"""Plays a lecture deck in the window: next and previous step through a scene's positions,
then on to the next or previous scene, like the builds and then the slides of a slide show."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel, QWidget

from pe_clock.core.i18n import LANGUAGES, language, tr
from pe_clock.gui.export.options import SLIDE_SIZE
from pe_clock.gui.export.render import figure_image, request_state, window_request
from pe_clock.gui.export.slide import SlideTexts
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.deck import (
    Deck,
    DeckError,
    Scene,
    check_deck,
    deck_toml,
    missing_models,
    parameters,
    read_deck,
    scene_picture,
)
from pe_clock.gui.model.state import AppState
from pe_clock.gui.platform.file_dialog import choose_file
from pe_clock.gui.platform.files import WriteError, atomic_write
from pe_clock.gui.platform.message import warn
from pe_clock.gui.views import VIEWS
from pe_clock.gui.widgets.labels import rich_label
from pe_clock.gui.window.console import ConsoleScene


class DeckWindow(Protocol):
    def show_view(self, name: str) -> None: ...
    def current_view(self) -> str: ...
    def show_status(self, text: str) -> None: ...


class DeckPlayer(QObject):
    def __init__(self, window: DeckWindow, state: AppState, dialogs: QWidget) -> None:
        """dialogs: the widget the deck's dialogs open over (the window)."""
        super().__init__()
        self._window = window
        self._dialogs = dialogs
        self._state = state
        self.scenes: Deck = Deck()
        self.index = -1
        #: The parameters the deck was opened over: scene n is always these, then scenes 1 … n.
        self._base: dict[str, Any] = {}
        #: A line per scene whose model cannot be opened (said when the deck opens).
        self._missing: list[str] = []
        #: The scene's number, title and note above the views (hidden without a deck).
        self.banner = rich_label()
        self.banner.setContentsMargins(8, 4, 8, 4)
        self.banner.hide()
        state.observe(["language", "font_scale"], self._show_banner)

    @property
    def active(self) -> bool:
        return bool(self.scenes)

    def load(self, scenes: list[Scene]) -> None:
        """Play scenes from the first; raise DeckError (and change nothing) if the state
        refuses one of them."""
        check_deck(scenes, self._state)
        self.scenes = Deck(scenes, getattr(scenes, "texts", None))
        self._base = parameters(self._state)
        self.go(0)
        self._missing = missing_models(scenes)

    def open(self, source: str | Path) -> None:
        """Load a deck file (or "default"); raise DeckError, changing nothing, if it is bad."""
        self.load(read_deck(source))
        opened = tr("deck.opened", n=len(self.scenes))
        self._window.show_status(" ".join([opened, *self._missing]))

    def open_shown(self, source: str) -> bool:
        """open(source); a bad deck is shown in a dialog (and changes nothing)."""
        try:
            self.open(source)
        except DeckError as err:
            self._window.show_status(str(err))
            warn(self._dialogs, tr("dialog.deck_failed"), str(err))
            return False
        return True

    def open_dialog(self) -> None:
        path = choose_file(self._dialogs, tr("menu.open_deck"), "", tr("deck.filter"), save=False)
        if path:
            self.open_shown(path)

    def save_dialog(self) -> None:
        if not self.active:
            self._window.show_status(tr("deck.none"))
            return
        path = choose_file(
            self._dialogs, tr("menu.save_deck"), "lecture.toml", tr("deck.filter"), save=True
        )
        if not path:
            return
        try:
            written = self.save(Path(path))
        except WriteError as err:
            warn(self._dialogs, tr("dialog.deck_failed"), str(err))
            return
        self._window.show_status(tr("status.saved", path=written))

    def close(self) -> None:
        self.scenes, self.index = Deck(), -1
        self._show_banner()

    def save(self, path: Path) -> Path:
        """Write the deck (the loaded one, with any scenes added) as TOML, atomically."""
        data = deck_toml(self.scenes).encode("utf-8")
        return atomic_write(path, lambda handle: handle.write(data))

    def add_current(self) -> None:
        """Append the view on screen with every parameter a scene holds, after the current
        scene (the first scene of a new deck)."""
        view = self._window.current_view()
        texts = {f"title_{lang}": tr(f"view.{view}", lang) for lang in LANGUAGES}
        scene = Scene(view, parameters(self._state), texts)
        if not self.scenes:
            self._base = parameters(self._state)
        self.index += 1
        self.scenes.insert(self.index, scene)
        self._show_banner()
        self._window.show_status(tr("deck.added", n=self.index + 1, total=len(self.scenes)))

    def go(self, index: int, at_end: bool = False) -> None:
        """Show scene index (its last position if at_end)."""
        scene = self.scenes[index]
        try:
            shown = scene_picture(self.scenes, index, self._state, at_end, base=self._base)
        except DeckError as err:  # a scene added since, over other parameters
            self._window.show_status(str(err))
            return
        if shown.model is None:
            self._state.close_model()
        elif shown.model is not self._state.model:
            self._state.show_model(shown.model, shown.model_group)
        self._state.request(**parameters(shown))
        self.index = index  # before the view is shown: its slide names this scene
        self._window.show_view(scene.view)
        self._show_banner()

    def next(self) -> None:
        scene = self.scenes[self.index]
        if scene.positions is not None and self._state.pos < scene.positions[1]:
            self._state.set(pos=max(self._state.pos + 1, scene.positions[0]))
        elif self.index + 1 < len(self.scenes):
            self.go(self.index + 1)
        else:
            self._window.show_status(tr("deck.end"))

    def previous(self) -> None:
        scene = self.scenes[self.index]
        if scene.positions is not None and self._state.pos > scene.positions[0]:
            self._state.set(pos=min(self._state.pos - 1, scene.positions[1]))
        elif self.index > 0:
            self.go(self.index - 1, at_end=True)
        else:
            self._window.show_status(tr("deck.start"))

    def next_scene(self) -> None:
        if self.index + 1 < len(self.scenes):
            self.go(self.index + 1)
        else:
            self._window.show_status(tr("deck.end"))

    def previous_scene(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)
        else:
            self._window.show_status(tr("deck.start"))

    def slide_texts(self, view: str) -> SlideTexts | None:
        """The title line and note of the scene on screen, for a slide of view (None if no
        scene of the deck shows that view now)."""
        if not self.active or self.scenes[self.index].view != view:
            return None
        index = self.index
        return lambda: self._slide_texts(index, language())

    def positions(self) -> tuple[int, int]:
        """The first and last position Home and End go to: the scene's own steps (End went
        to pos 49 on a scene of 0–10), else the table's."""
        scene = self.scenes[self.index] if self.active else None
        if scene is not None and scene.positions is not None:
            return scene.positions
        return 0, self._state.max_len - 1

    def step_text(self) -> str:
        """Where the clicker is within the scene: 'pos 5 · the scene steps 0–10'."""
        pos = self._state.pos
        scene = self.scenes[self.index] if self.active else None
        if scene is not None and not VIEWS[scene.view].moves:
            return tr("console.still")  # "pos 0" beside a view that draws no position
        if scene is None or scene.positions is None:
            return tr("console.step", pos=pos)
        low, high = scene.positions
        return tr("console.step_range", pos=pos, lo=low, hi=high)

    def console_scene(
        self, view: str, view_title: str, explanations: list[str], theme: str
    ) -> ConsoleScene:
        """What the console shows: this scene (view, on stage in theme) and the next, and
        the deck's scenes; without a deck, the view on screen (view_title) alone."""
        if not self.active:
            return ConsoleScene(
                view_title, "", explanations, self.step_text(), tr("console.no_next"), None,
                theme, view=view,
            )  # fmt: skip
        scene, after = self.scenes[self.index], self.index + 1
        language_now = language()
        title = self._slide_title(self.index, language_now)
        if after < len(self.scenes):
            next_title = self._slide_title(after, language_now)
            picture = lambda: self._picture(after, theme)  # noqa: E731 - drawn later, once
        else:
            next_title, picture = tr("console.last"), None
        note, cue = scene.note(language_now), scene.cue(language_now)
        scenes = tuple(self._slide_title(n, language_now) for n in range(len(self.scenes)))
        return ConsoleScene(
            title, note, explanations, self.step_text(), next_title, picture, theme, cue,
            view=view, texts=self.slide_texts(view), scenes=scenes, index=self.index,
        )  # fmt: skip

    def _slide_title(self, index: int, language_now: str) -> str:
        title = self.scenes[index].title(language_now)
        return tr("deck.slide_title", n=index + 1, total=len(self.scenes), title=title)

    def _slide_texts(self, index: int, language_now: str) -> tuple[str, str]:
        """Scene index's slide: its title line and, unless the deck says not, its note."""
        scene = self.scenes[index]
        note = scene.note(language_now) if scene.stage_note else ""
        return self._slide_title(index, language_now), note

    def _picture(self, index: int, theme: str) -> QImage:
        """Scene index as its slide looks on a 1080-line stage (the console makes it small;
        drawn small, its type kept the stage's floor and its plots collapsed into slivers), or
        a blank picture if the scene cannot be shown over the parameters now (one added since,
        say)."""
        try:
            shown = scene_picture(self.scenes, index, self._state, base=self._base)
        except DeckError:
            return QImage()
        texts = self._slide_texts(index, language())
        view = self.scenes[index].view
        drawn = request_state(window_request(self._state, view, SLIDE_SIZE, theme, shown=shown))
        return figure_image(view, drawn, *SLIDE_SIZE, stage=True, texts=lambda: texts)

    def _show_banner(self, *_: object) -> None:
        label: QLabel = self.banner
        if not self.active:
            label.hide()
            return
        language = self._state.language
        scene = self.scenes[self.index]
        # A deck's words are text, not markup: "pos<max_len and k>0" must not vanish.
        note = html.escape(scene.note(language))
        label.setText(
            tr(
                "deck.banner",
                n=self.index + 1,
                total=len(self.scenes),
                title=html.escape(scene.title(language)),
                note=f" — {note}" if note else "",
            )
        )
        label.setFont(scaled_font(self._state.font_scale, 1.2))
        label.show()
