"""Presenter keys: one binding table read by the key handler, the window's menus, the F1
overlay and a README check.

The handler is an event filter on the window and on whatever widget has the focus, so buttons,
sliders and combo boxes do not swallow Space or the arrow keys during a lecture. A text field
keeps its typing, Up/Down and Enter; the keys a presentation clicker sends (PageDown, PageUp,
F5, Esc, and B and "." where they are not typing), function keys and Ctrl combinations act
whatever has the focus. Enter or Esc in a field commits or cancels it and hands the focus back
to the presentation, as does a click anywhere outside the field.

A control reached by Tab (a button, a check box, a list, a slider, the tabs) is being worked
by keyboard, as a field is: its own keys (Space, the arrows) work it and the clicker's keys
still step; Esc hands the focus back. Clicked, it leaves the keys to the presentation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTabBar,
    QTextEdit,
    QWidget,
)

from pe_clock.core.i18n import tr
from pe_clock.gui.model.picture import MAX_FONT_SCALE, MIN_FONT_SCALE
from pe_clock.gui.model.state import AppState

if TYPE_CHECKING:
    from pe_clock.gui.window.deck_player import DeckPlayer
    from pe_clock.gui.window.stage import Stage

SHIFT_STEP = 10
FONT_STEP = 1.15
DIGITS = tuple("0123456789")


@dataclass(frozen=True)
class Binding:
    """keys (QKeySequence's portable text), the catalogue key of what they do, and the name of
    the PresenterKeys method that does it. Shift is passed on (steps of 10), never required.
    menu: the menu that lists it ("present" or "help"; its entry's text is the
    catalogue's ``menu.<action>``, with its first key beside it), or "" for none."""

    action: str
    keys: tuple[str, ...]
    description: str
    menu: str = ""

    @property
    def sequences(self) -> list[QKeySequence]:
        return [QKeySequence(key) for key in self.keys]


BINDINGS = (
    Binding("next", ("Right", "Down", "PgDown", "Space", "N", "Return", "Enter"), "keys.next",
            "present"),
    Binding("previous", ("Left", "Up", "PgUp", "Backspace", "P"), "keys.previous", "present"),
    Binding("next_scene", ("Ctrl+PgDown",), "keys.next_scene", "present"),
    Binding("previous_scene", ("Ctrl+PgUp",), "keys.previous_scene", "present"),
    Binding("first", ("Home",), "keys.first", "present"),
    Binding("last", ("End",), "keys.last", "present"),
    Binding("type_digit", DIGITS, "keys.go_to"),
    Binding("k_down", ("[",), "keys.k_down", "present"),
    Binding("k_up", ("]",), "keys.k_up", "present"),
    Binding("play", ("K",), "keys.play", "present"),
    Binding("presenter", ("F5", "F11"), "keys.presenter", "present"),
    Binding("stage", ("S",), "keys.stage", "present"),
    Binding("stage_theme", ("D",), "keys.stage_theme", "present"),
    Binding("console", ("C",), "keys.console", "present"),
    Binding("black", ("B", "."), "keys.black", "present"),
    Binding("white", ("W",), "keys.white", "present"),
    Binding("larger", ("Ctrl+=", "Ctrl++"), "keys.larger", "present"),
    Binding("smaller", ("Ctrl+-",), "keys.smaller", "present"),
    Binding("reset_type", ("Ctrl+0",), "keys.reset_type", "present"),
    Binding("overlay", ("F1", "?"), "keys.overlay", "help"),
    Binding("escape", ("Esc",), "keys.escape"),
)  # fmt: skip
BY_ACTION = {binding.action: binding for binding in BINDINGS}
#: How keys are written on screen and in README.
KEY_NAMES = {
    "Right": "→",
    "Left": "←",
    "Up": "↑",
    "Down": "↓",
    "PgDown": "PageDown",
    "PgUp": "PageUp",
    "Return": "Enter",
    "Ctrl+-": "Ctrl+−",
    "Ctrl+PgDown": "Ctrl+PageDown",
    "Ctrl+PgUp": "Ctrl+PageUp",
}


def key_text(binding: Binding, most: int | None = None) -> str:
    """The binding's keys as shown in the overlay and README: '→ ↓ PageDown Space N Enter'
    (the first `most` of them: '→ ↓')."""
    if binding.keys == DIGITS:
        return "0–9"
    return " ".join(list(dict.fromkeys(KEY_NAMES.get(key, key) for key in binding.keys))[:most])


def _combination(sequence: QKeySequence) -> tuple[int, Qt.KeyboardModifier]:
    combo = cast(Any, sequence)[0]  # PySide6's stubs lack QKeySequence.__getitem__
    return combo.key().value, combo.keyboardModifiers() & ~Qt.KeyboardModifier.ShiftModifier


#: (key, modifiers without Shift) -> binding, for the handler.
_LOOKUP = {_combination(seq): binding for binding in BINDINGS for seq in binding.sequences}
_COMMAND = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.MetaModifier
#: Keys a presentation clicker sends that act even inside a text field (its Esc cancels the
#: field first, and F5 is a function key).
CLICKER_KEYS = {Qt.Key.Key_PageDown.value, Qt.Key.Key_PageUp.value}
#: Clicker keys that are typing in a field taking text or decimals, but not in an integer one.
CLICKER_LETTERS = {Qt.Key.Key_B.value, Qt.Key.Key_Period.value}
_ENTER = {Qt.Key.Key_Return.value, Qt.Key.Key_Enter.value}
_TAB = {Qt.Key.Key_Tab.value, Qt.Key.Key_Backtab.value}
#: Controls with keys of their own, worked by them when reached by Tab.
OPERABLE = (QAbstractButton, QComboBox, QAbstractSlider, QTabBar, QAbstractItemView)


class PresenterWindow(Protocol):
    """What the keys need from the window besides the state."""

    def toggle_presenter_mode(self) -> None: ...
    def leave_presenter_mode(self) -> bool: ...
    def toggle_blank(self, color: str) -> None: ...
    def clear_blank(self) -> bool: ...
    def toggle_shortcuts(self) -> None: ...
    def close_shortcuts(self) -> bool: ...
    def show_status(self, text: str) -> None: ...
    @property
    def deck(self) -> DeckPlayer: ...
    @property
    def stage(self) -> Stage: ...
    def toggle_stage(self) -> None: ...
    def leave_stage(self) -> bool: ...
    def toggle_stage_theme(self) -> None: ...
    def ask_console(self) -> None: ...


def is_text_field(widget: QWidget | None) -> bool:
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    return isinstance(widget, QLineEdit | QAbstractSpinBox | QTextEdit | QPlainTextEdit)


def _undo_typing(field: QWidget) -> None:
    """Take back what was typed into field since it last showed the state's value."""
    edit = field.lineEdit() if isinstance(field, QAbstractSpinBox | QComboBox) else field
    if isinstance(edit, QLineEdit):
        while edit.isUndoAvailable():
            edit.undo()


def binding_for(event: QKeyEvent) -> Binding | None:
    modifiers = event.modifiers() & ~(
        Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
    )
    return _LOOKUP.get((event.key(), modifiers))


class PresenterKeys(QObject):
    """Runs the bindings on the state and the window."""

    def __init__(self, window: QWidget, presenter: PresenterWindow, state: AppState) -> None:
        super().__init__(window)
        self._window = window
        self._presenter = presenter
        self._state = state
        self.typed = ""
        # Filters on the window and on the widget with the focus see every key before that
        # widget does; the application's filter, which sees every event of the process (each
        # paint too), only while a text field has the focus, for the click that ends it.
        app = cast(QApplication, QApplication.instance())
        window.installEventFilter(self)
        #: The windows whose keys run the bindings: the window, and the stage on a projector
        #: and the console on their own screens.
        self._windows: list[QWidget] = [window]
        self._watched: QWidget | None = None
        self._tabbing = False  # a Tab was pressed: the next focus came by keyboard
        #: The control reached by Tab, worked by its own keys (None: the presentation's).
        self.operated: QWidget | None = None
        self._follow_focus(None, QApplication.focusWidget())
        app.focusChanged.connect(self._follow_focus)  # Qt ends both with this object

    def watch(self, window: QWidget) -> None:
        """Keys pressed in window (a window of its own: the projected stage, the console) run
        the bindings too: the clicker works from either screen."""
        window.installEventFilter(self)
        self._windows.append(window)

    def _ours(self, widget: QWidget) -> bool:
        return any(widget.window() is window for window in self._windows)

    def _follow_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        tabbed, self._tabbing = self._tabbing, False
        if tabbed:
            self.operated = new if isinstance(new, OPERABLE) else None
        elif new is not self.operated and new is not None and self._ours(new):
            self.operated = None  # clicked, or handed back (a popup's return keeps it)
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        ours = new is not None and self._ours(new)
        self._watched = new if ours and new is not None and new is not new.window() else None
        if self._watched is not None:
            self._watched.installEventFilter(self)
        app = cast(QApplication, QApplication.instance())
        if ours and is_text_field(new):
            app.installEventFilter(self)  # installing twice keeps one
        else:
            app.removeEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress:
            self._tabbing = False
            self._on_press(obj)
            return False
        if kind != QEvent.Type.KeyPress or not isinstance(obj, QWidget):
            return False
        if not self._ours(obj) or not isinstance(event, QKeyEvent):
            return False
        if event.key() in _TAB:
            self._tabbing = True
            return False
        field = QApplication.focusWidget()
        if field is not None and (is_text_field(field) or field is self.operated):
            return self._in_field(field, event)
        binding = binding_for(event)
        if binding is None:
            return False
        self.run(binding.action, event)
        return True

    def _in_field(self, field: QWidget, event: QKeyEvent) -> bool:
        """A key pressed while a text field (or a control worked by keyboard) has the focus:
        True if it was acted on here."""
        key = event.key()
        if key in _ENTER:  # the field commits it first, then the presentation has the keys
            if is_text_field(field):
                QTimer.singleShot(0, self._hand_back)
            return False
        if key == Qt.Key.Key_Escape.value:
            _undo_typing(field)
            self._hand_back()
            return True
        binding = binding_for(event)
        if binding is None:
            return False
        is_function_key = Qt.Key.Key_F1.value <= key <= Qt.Key.Key_F35.value
        clicker = key in CLICKER_KEYS or (
            key in CLICKER_LETTERS and isinstance(field, QSpinBox) and not event.modifiers()
        )
        if not (clicker or is_function_key or event.modifiers() & _COMMAND):
            return False  # typing stays typing
        self._hand_back()
        self.run(binding.action, event)
        return True

    def _on_press(self, obj: QObject) -> None:
        """A click outside the text field that has the focus hands the focus back."""
        field = QApplication.focusWidget()
        if not is_text_field(field) or not isinstance(obj, QWidget) or field is None:
            return
        if obj is field or field.isAncestorOf(obj) or is_text_field(obj):
            return
        if self._ours(obj):
            QTimer.singleShot(0, self._hand_back)  # after the press: the click still acts

    def _hand_back(self) -> None:
        """Focus to the presentation (the field commits what was typed as it loses it)."""
        field = QApplication.focusWidget()
        if is_text_field(field) or (field is not None and field is self.operated):
            self._window.setFocus(Qt.FocusReason.OtherFocusReason)

    def run(self, action: str, event: QKeyEvent | None = None) -> None:
        """Do what the binding called action does (menus call this with no key event)."""
        if action not in ("type_digit", "next", "escape"):
            self.typed = ""
        getattr(self, action)(event)

    @staticmethod
    def _steps(event: QKeyEvent | None) -> int:
        shifted = event is not None and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        return SHIFT_STEP if shifted else 1

    # --- the actions, named in BINDINGS ------------------------------------------------------
    def next(self, event: QKeyEvent | None) -> None:
        enter = event is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and self.typed:
            typed, self.typed = self.typed, ""
            if self._state.request(pos=int(typed)):
                self._presenter.show_status(tr("status.position", pos=typed))
            return
        self.typed = ""
        if self._presenter.deck.active:
            self._presenter.deck.next()  # the scene's positions, then the next scene
        else:
            self._state.step(self._steps(event))

    def previous(self, event: QKeyEvent | None) -> None:
        if self._presenter.deck.active:
            self._presenter.deck.previous()
        else:
            self._state.step(-self._steps(event))

    def next_scene(self, event: QKeyEvent | None) -> None:
        self._scene_or_view(1)

    def previous_scene(self, event: QKeyEvent | None) -> None:
        self._scene_or_view(-1)

    def _scene_or_view(self, delta: int) -> None:
        """The deck's next (previous) scene; without a deck, on stage, the next view."""
        p = self._presenter
        if p.deck.active:
            (p.deck.next_scene if delta > 0 else p.deck.previous_scene)()
        elif p.stage.isVisible():
            p.stage.step_view(delta)
        else:
            p.show_status(tr("deck.none"))

    def stage(self, event: QKeyEvent | None) -> None:
        self._presenter.toggle_stage()

    def stage_theme(self, event: QKeyEvent | None) -> None:
        self._presenter.toggle_stage_theme()

    def console(self, event: QKeyEvent | None) -> None:
        self._presenter.ask_console()

    def first(self, event: QKeyEvent | None) -> None:
        self._state.go_to(self._presenter.deck.positions()[0])

    def last(self, event: QKeyEvent | None) -> None:
        self._state.go_to(self._presenter.deck.positions()[1])

    def type_digit(self, event: QKeyEvent | None) -> None:
        if event is not None:
            self.typed += event.text()
            self._presenter.show_status(tr("status.go_to", typed=self.typed))

    def k_down(self, event: QKeyEvent | None) -> None:
        self._state.request(k=self._state.k - 1)

    def k_up(self, event: QKeyEvent | None) -> None:
        self._state.request(k=self._state.k + 1)

    def play(self, event: QKeyEvent | None) -> None:
        self._state.toggle_playing()

    def presenter(self, event: QKeyEvent | None) -> None:
        self._presenter.toggle_presenter_mode()

    def black(self, event: QKeyEvent | None) -> None:
        self._presenter.toggle_blank("black")

    def white(self, event: QKeyEvent | None) -> None:
        self._presenter.toggle_blank("white")

    def larger(self, event: QKeyEvent | None) -> None:
        scale = min(MAX_FONT_SCALE, round(self._state.font_scale * FONT_STEP, 3))
        self._state.request(font_scale=scale)

    def smaller(self, event: QKeyEvent | None) -> None:
        scale = max(MIN_FONT_SCALE, round(self._state.font_scale / FONT_STEP, 3))
        self._state.request(font_scale=scale)

    def reset_type(self, event: QKeyEvent | None) -> None:
        self._state.request(font_scale=1.0)

    def overlay(self, event: QKeyEvent | None) -> None:
        self._presenter.toggle_shortcuts()

    def escape(self, event: QKeyEvent | None) -> None:
        """Close the overlay, else the blank screen, else a typed number, else presenter mode."""
        had_typed, self.typed = bool(self.typed), ""
        p = self._presenter
        if not (p.close_shortcuts() or p.clear_blank() or had_typed or p.leave_stage()):
            p.leave_presenter_mode()
