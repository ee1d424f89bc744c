"""Numbers as the screen, the captions and the exports write them."""

from __future__ import annotations


def fmt(value: float, digits: int = 4) -> str:
    """A number for the screen: fixed decimals, true minus sign, no '-0.0000'."""
    text = f"{value:.{digits}f}"
    if float(text) == 0.0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def fmt_base(base: float) -> str:
    """10000, 500000, 1e+06 as users write them: no trailing .0, no exponent below 1e9."""
    return f"{base:.10g}" if base < 1e9 else f"{base:.6g}"
