"""Spin boxes that say why they refused what was typed or pasted, instead of staying silent."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from pe_clock.core.i18n import echo, tr

State = QValidator.State


def _refusal(box: SpinBox | DoubleSpinBox, text: str) -> str:
    """The message for text refused by box, naming the field and the range it allows."""
    spin: Any = box  # both classes have these methods, one for int and one for float
    lo, hi = spin.textFromValue(spin.minimum()), spin.textFromValue(spin.maximum())
    key = "allowed.real_range" if isinstance(box, QDoubleSpinBox) else "allowed.int_range"
    allowed = tr(key, lo=lo, hi=hi)
    if getattr(box, "even", False):
        allowed = tr("allowed.d_model", lo=box.minimum(), hi=box.maximum())
    return tr(
        "error.must",
        name=box.accessibleName() or "?",
        allowed=allowed,
        value=echo(text or box.lineEdit().text()),
    )


def _checked(box: SpinBox | DoubleSpinBox, result: object) -> object:
    """Report a refused keystroke or paste (Invalid) through box.refused."""
    state, text = (result[0], result[1]) if isinstance(result, tuple) else (result, "")
    if state == State.Invalid and text.strip():
        box.refused.emit(_refusal(box, text.strip()))
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
        # Called when editing ends on text that is not acceptable (too small, odd): Qt then
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
