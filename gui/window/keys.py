"""Presenter keys: what a keyboard or a clicker sends, whenever no text field has focus.

Installed as an application event filter so that buttons, sliders and combo boxes do not swallow
Space or the arrow keys during a lecture.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from core.i18n import tr
from gui.state import AppState

Key = Qt.Key
NEXT_KEYS = {
    Key.Key_Right,
    Key.Key_Down,
    Key.Key_PageDown,
    Key.Key_Space,
    Key.Key_N,
    Key.Key_Return,
    Key.Key_Enter,
}
PREVIOUS_KEYS = {Key.Key_Left, Key.Key_Up, Key.Key_PageUp, Key.Key_Backspace, Key.Key_P}
SHIFT_STEP = 10

#: (keys, what they do) as shown in the on-screen overlay; the handler below is the truth.
#: Keys written as a catalogue key ("keys.…") hold words and are translated too.
SHORTCUTS = (
    ("→ ↓ PgDn Space N Enter", "keys.next"),
    ("← ↑ PgUp Backspace P", "keys.previous"),
    ("keys.shift", "keys.ten"),
    ("Home / End", "keys.home_end"),
    ("keys.digits", "keys.go_to"),
    ("[ / ]", "keys.offset"),
    ("K", "keys.play"),
    ("F5 / F11", "keys.presenter"),
    ("B / .", "keys.black"),
    ("W", "keys.white"),
    ("Ctrl + = / Ctrl + −", "keys.type"),
    ("F1 / ?", "keys.overlay"),
)


class PresenterWindow(Protocol):
    """What the keys need from the window besides the state."""

    def toggle_presenter_mode(self) -> None: ...
    def leave_presenter_mode(self) -> bool: ...
    def toggle_blank(self, color: str) -> None: ...
    def clear_blank(self) -> bool: ...
    def toggle_shortcuts(self) -> None: ...
    def close_shortcuts(self) -> bool: ...
    def show_status(self, text: str) -> None: ...


def is_text_field(widget: QWidget | None) -> bool:
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    return isinstance(widget, QLineEdit | QAbstractSpinBox | QTextEdit | QPlainTextEdit)


class PresenterKeys(QObject):
    """Maps presenter key presses onto the state and the window."""

    def __init__(self, window: QWidget, state: AppState) -> None:
        super().__init__(window)
        self._window = window
        self._state = state
        self.typed = ""
        app = QApplication.instance()
        app.installEventFilter(self)
        window.destroyed.connect(lambda *_: app.removeEventFilter(self))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not obj.isWidgetType():
            return False
        if obj.window() is not self._window:
            return False
        if self.handle_menu_key(event):  # type: ignore[arg-type]
            return True
        if is_text_field(QApplication.focusWidget()):
            return False
        return self.handle(event)  # type: ignore[arg-type]

    def handle_menu_key(self, event: QKeyEvent) -> bool:
        """Run the window action whose shortcut this key is (F5, F1, Ctrl+=, ...).

        A key press gets here only when Qt did not run the shortcut itself, because the window
        system left the window inactive (a bare X server): the keys must work all the same.
        """
        pressed = QKeySequence(event.keyCombination())
        for action in self._window.actions():
            if any(
                shortcut.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
                for shortcut in action.shortcuts()
            ):
                action.trigger()
                return True
        return False

    def handle(self, event: QKeyEvent) -> bool:
        """Act on one key press; return whether it was a presenter key."""
        key = Key(event.key())
        mods = event.modifiers()
        if mods & (
            Qt.KeyboardModifier.ControlModifier
            | Qt.KeyboardModifier.AltModifier
            | Qt.KeyboardModifier.MetaModifier
        ):
            return False
        window: PresenterWindow = self._window  # type: ignore[assignment]
        state = self._state
        text = event.text()

        if text.isdigit() and len(text) == 1:
            self.typed += text
            window.show_status(tr("status.go_to", typed=self.typed))
            return True
        if key in (Key.Key_Return, Key.Key_Enter) and self.typed:
            typed, self.typed = self.typed, ""
            if not state.request(pos=int(typed)):
                return True
            window.show_status(tr("status.position", pos=typed))
            return True
        if key == Key.Key_Escape:
            had_typed, self.typed = bool(self.typed), ""
            if not (window.close_shortcuts() or window.clear_blank() or had_typed):
                window.leave_presenter_mode()
            return True
        self.typed = ""

        step = SHIFT_STEP if mods & Qt.KeyboardModifier.ShiftModifier else 1
        if key in NEXT_KEYS:
            state.step(step)
        elif key in PREVIOUS_KEYS:
            state.step(-step)
        elif key == Key.Key_Home:
            state.go_to(0)
        elif key == Key.Key_End:
            state.go_to(state.max_len - 1)
        elif text == "[":
            state.request(k=state.k - 1)
        elif text == "]":
            state.request(k=state.k + 1)
        elif key == Key.Key_K:
            state.toggle_playing()
        elif key == Key.Key_B or text == ".":
            window.toggle_blank("black")
        elif key == Key.Key_W:
            window.toggle_blank("white")
        elif text == "?":
            window.toggle_shortcuts()
        else:
            return False
        return True
