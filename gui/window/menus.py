"""The menu bar: File, Edit, View, Presentation and Help.

Every entry's text is a catalogue key, set again when the language changes. The presenter
keys' entries come from the key table (`keys.BINDINGS`: which menu lists a key, its action,
and the key shown beside it), so the menus, the keys and the F1 overlay never disagree: a new
instructor finds the stage, the black screen and Play in Present without knowing F1.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

from pe_clock.core import i18n
from pe_clock.core.i18n import tr
from pe_clock.gui.export.options import SLIDE_SIZE
from pe_clock.gui.window.keys import BINDINGS

if TYPE_CHECKING:
    from pe_clock.gui.window.main_window import MainWindow


class Menus:
    """The window's menus and their actions (whose shortcuts work with the bar hidden)."""

    def __init__(self, window: MainWindow) -> None:
        self._window = window
        #: (catalogue key, action or menu) for every text of the menu bar.
        self._texts: list[tuple[str, QAction | QMenu]] = []
        #: The presenter keys' entries and the key each shows.
        self._hints: dict[QAction, QKeySequence] = {}
        bar = window.menuBar()
        exports, deck = window.exports, window.deck
        file_menu = self._menu(bar, "menu.file")
        self._action(file_menu, "menu.export", exports.open_export_dialog, "Ctrl+E")
        self._action(
            file_menu, "menu.export_animation", exports.open_animation_dialog, "Ctrl+Shift+E"
        )
        self._action(file_menu, "menu.load_embeddings", window.open_embeddings_dialog, "Ctrl+O")
        file_menu.addSeparator()
        self._action(file_menu, "menu.open_model", window.open_model_dialog, "Ctrl+M")
        self.cached_menu = self._menu(file_menu, "menu.cached_models")
        self.cached_menu.aboutToShow.connect(self._list_cached_models)
        self.close_model_action = self._action(
            file_menu, "menu.close_model", window.state.close_model
        )
        window.state.observe(["model"], self._sync_model_actions)
        self._sync_model_actions()
        file_menu.addSeparator()
        self._action(file_menu, "menu.quit", window.close, QKeySequence.StandardKey.Quit)

        edit = self._menu(bar, "menu.edit")
        self._action(edit, "menu.copy", exports.copy_figure, "Ctrl+Shift+C")
        self._action(edit, "menu.copy_slide", lambda: exports.copy_figure(SLIDE_SIZE))
        self._action(edit, "menu.copy_code", exports.copy_code)

        view = self._menu(bar, "menu.view")
        language = self._menu(view, "menu.language")
        group = QActionGroup(window)
        self.language_actions: dict[str, QAction] = {}
        for lang in i18n.LANGUAGES:
            # Each language is named in itself, so anyone can find their way back.
            action = QAction(i18n.LANGUAGE_NAMES[lang], window, checkable=True)
            action.triggered.connect(lambda *_, lang=lang: window.state.set(language=lang))
            group.addAction(action)
            language.addAction(action)
            self.language_actions[lang] = action
        view.addSeparator()
        view.addAction(window.control_dock.toggleViewAction())

        # Everything a lecture uses: its deck, then the presenter keys (`keys.BINDINGS`).
        present = self._menu(bar, "menu.present")
        self._action(present, "menu.default_deck", lambda: deck.open_shown("default"))
        self._action(present, "menu.open_deck", deck.open_dialog, "Ctrl+Shift+O")
        self._action(present, "menu.add_scene", deck.add_current)
        needs_deck = [
            self._action(present, "menu.save_deck", deck.save_dialog, "Ctrl+Shift+S"),
            self._action(present, "menu.close_deck", deck.close),
        ]

        # Saving or closing a deck needs one: greyed out in the open menu without one (the
        # shortcut, outside it, says "no deck" itself)
        def enable(on: bool) -> None:
            for action in needs_deck:
                action.setEnabled(on)

        present.aboutToShow.connect(lambda: enable(deck.active))
        present.aboutToHide.connect(lambda: enable(True))
        present.addSeparator()
        self.presenter_action = self._bound(present, "present")["presenter"]
        self.presenter_action.setCheckable(True)

        help_menu = self._menu(bar, "menu.help")
        self._bound(help_menu, "help")
        self._action(help_menu, "menu.about", window.show_about)

    def _list_cached_models(self) -> None:
        """The models in the local Hugging Face cache, looked up each time the menu opens."""
        from pe_clock.core.models.files import cached_models, hub_cache

        menu = self.cached_menu
        menu.clear()
        found = cached_models()
        for model_id, _ in found:
            action = menu.addAction(model_id)
            action.triggered.connect(lambda *_, m=model_id: self._window.open_model(m))
        if not found:
            menu.addAction(tr("menu.no_cached", cache=hub_cache())).setEnabled(False)

    def _sync_model_actions(self, *_: object) -> None:
        self.close_model_action.setEnabled(self._window.state.model is not None)

    def _menu(self, parent: QMenuBar | QMenu, key: str) -> QMenu:
        menu = parent.addMenu("")
        self._texts.append((key, menu))
        return menu

    def _action(
        self,
        menu: QMenu,
        key: str,
        slot: Callable[[], object],
        *shortcuts: str | QKeySequence | QKeySequence.StandardKey,
    ) -> QAction:
        action = QAction(self._window)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(lambda *_: slot())
        menu.addAction(action)
        self._window.addAction(action)  # shortcuts keep working while the menu bar is hidden
        self._texts.append((key, action))
        return action

    def _bound(self, menu: QMenu, name: str) -> dict[str, QAction]:
        """An entry in menu for every presenter key the key table lists there, by action. The
        key handler acts on the keys (a shortcut would take a letter from the presentation's
        own handling): the entry runs the same action and shows its first key."""
        keys = self._window.keys
        actions = {}
        for binding in BINDINGS:
            if binding.menu == name:
                key = f"menu.{binding.action}"
                run = functools.partial(keys.run, binding.action)
                actions[binding.action] = action = self._action(menu, key, run)
                self._hints[action] = binding.sequences[0]
        return actions

    def retranslate(self) -> None:
        """Every text in the current language, the language's entry checked."""
        for key, item in self._texts:
            if isinstance(item, QMenu):
                item.setTitle(tr(key))
            elif item in self._hints:  # after a tab: drawn where a shortcut is
                keys = self._hints[item].toString(QKeySequence.SequenceFormat.NativeText)
                item.setText(f"{tr(key)}\t{keys}")
            else:
                item.setText(tr(key))
        self.language_actions[self._window.state.language].setChecked(True)
