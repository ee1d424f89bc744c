"""Numbers as the screen, the captions and the exports write them."""

from __future__ import annotations


def fmt(value: float, digits: int = 4) -> str:
    """A number for the screen: fixed decimals, true minus sign, no '-0.0000'."""
    text = f"{value:.{digits}f}"
    if float(text) == 0.0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def fmt_base(base: float) -> str:
    """The shortest text that reads back as exactly this base, without a trailing .0: 10000,
    500000, 1.000000000001 (not "1"), 1e+16."""
    text = repr(float(base))
    return text[:-2] if text.endswith(".0") else text


def fmt_derived(value: float, base: float) -> str:
    """A number computed from the base (such as base^(2/4)), with 6 significant digits, or
    with every digit when the base itself needs more than 6 to be told apart (base
    1.000000000001 gives 1.0000000000005, not 1)."""
    significant = fmt_base(base).split("e")[0].replace(".", "").strip("0")
    if len(significant) <= 6:
        return f"{value:.6g}"
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text
