"""Spin boxes that say why they refused what was typed or pasted, instead of staying silent,
and never commit part of it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from pe_clock.core.i18n import echo, tr

State = QValidator.State


def _typed(box: SpinBox | DoubleSpinBox, text: str) -> str:
    """What was typed, without the box's prefix and unit ("100", not "100 pos/s")."""
    text = text.strip()
    for affix, cut in ((box.prefix(), str.removeprefix), (box.suffix(), str.removesuffix)):
        text = cut(text, affix.strip()) if affix.strip() else text
    return text.strip()


def _refusal(box: SpinBox | DoubleSpinBox, text: str) -> str:
    """The message for text refused by box, naming the field and the range it allows."""
    spin: Any = box  # both classes have these methods, one for int and one for float
    lo, hi = spin.textFromValue(spin.minimum()), spin.textFromValue(spin.maximum())
    key = "allowed.real_range" if isinstance(box, QDoubleSpinBox) else "allowed.int_range"
    if getattr(box, "even", False):
        key = "allowed.even"
    return tr(
        "error.must",
        name=box.accessibleName() or "?",
        allowed=tr(key, lo=lo, hi=hi),
        value=echo(_typed(box, text or box.lineEdit().text())),
    )


def _checked(box: SpinBox | DoubleSpinBox, result: object) -> object:
    """A number out of range is kept as typed (Intermediate), to be refused whole at Enter or
    focus-out (`fixup`): refused at the keystroke that took it out of range, the digits before
    it stayed and Enter committed them (99 at most 49 set 9). Text that is no number is
    refused at once, with a message."""
    state, text = (result[0], result[1]) if isinstance(result, tuple) else (result, "")
    if state == State.Invalid and text.strip():
        spin: Any = box
        number = _typed(box, text).replace(spin.locale().groupSeparator(), "")
        try:
            float(number)
        except ValueError:
            box.refused.emit(_refusal(box, text))
        else:
            return (State.Intermediate, *result[1:])  # type: ignore[index]
    return result


class SpinBox(QSpinBox):
    """QSpinBox that emits `refused` with a message for out-of-range or non-numeric input.

    Set `even` for values that must be even (d_model: each sin/cos pair is one clock hand).
    """

    refused = Signal(str)
    even = False

    def validate(self, text: str, pos: int):
        result = super().validate(text, pos)
        if (
            self.even
            and isinstance(result, tuple)
            and result[0] == State.Acceptable
            and self.valueFromText(result[1]) % 2
        ):
            result = (State.Intermediate, *result[1:])
        return _checked(self, result)

    def fixup(self, text: str) -> str:
        # Called when editing ends on text that is not acceptable (out of range, odd): Qt then
        # restores the last value; say why.
        self.refused.emit(_refusal(self, text.strip()))
        return super().fixup(text)


class DoubleSpinBox(QDoubleSpinBox):
    """QDoubleSpinBox that emits `refused` with a message, like `SpinBox`."""

    refused = Signal(str)

    def validate(self, text: str, pos: int):
        return _checked(self, super().validate(text, pos))

    def fixup(self, text: str) -> str:
        self.refused.emit(_refusal(self, text.strip()))
        return super().fixup(text)
