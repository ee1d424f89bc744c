"""Numbers as the screen, the captions and the exports write them."""

from __future__ import annotations

import math

TWO_PI = 2 * math.pi


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


def said_base(base: float) -> str:
    """A base as a title says it: as typed (`fmt_base`), or, for a base a formula derived
    (Whisper's 10000^(d/(d − 2)), a proportional head's rope_theta^(r/d)) whose exact text
    runs to 15 significant digits or more, "≈" and six: "≈ 10367.8", not 10367.79197060366."""
    text = fmt_base(base)
    if len(text.split("e")[0].replace(".", "").strip("0")) < 15:
        return text
    return f"≈ {base:.6g}"


def fmt_derived(value: float, base: float) -> str:
    """A number computed from the base (such as base^(2/4)), with 6 significant digits, or
    with every digit when the base itself needs more than 6 to be told apart (base
    1.000000000001 gives 1.0000000000005, not 1)."""
    significant = fmt_base(base).split("e")[0].replace(".", "").strip("0")
    if len(significant) <= 6:
        return f"{value:.6g}"
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def fmt_factor(value: float, multiplier: float) -> str:
    """value printed with the significant digits that `multiplier × value` needs, so the
    printed factors multiply to the printed product: 6, plus one per digit of |multiplier|
    (999999 × 0.663600906234 = 663600.574, not 999999 × 0.663601 = 663601), at most 17."""
    digits = 6 + max(0, math.ceil(math.log10(abs(multiplier) + 1)))
    return f"{value:.{min(17, digits)}g}"


def fmt_turned(theta: float) -> str:
    """Where a hand turned by theta radians points, in degrees [0, 360) with one decimal:
    359.96° is "0.0", never "360.0"."""
    degrees = round(math.degrees(theta) % 360.0, 1) % 360.0
    return f"{degrees:.1f}"


def fmt_angle(theta: float) -> str:
    """An angle in radians with six decimals, and, past one turn, reduced to [0, 2π) with its
    number of whole turns: '663600.574223 rad = 105616 turns + 5.160512 rad'. The reduction
    is what sin and cos see; float64 holds theta to about theta × 1.1e-16 rad."""
    text = f"{fmt(theta, 6)} rad"
    if abs(theta) < TWO_PI:
        return text
    turns = math.floor(theta / TWO_PI)
    rest = theta - turns * TWO_PI
    return f"{text} = {turns:,} × 2π + {fmt(rest, 6)} rad".replace("-", "−")


def shown(text: object) -> str:
    """A name from a model's files as a terminal may print it: control characters (an
    escape that retitles the terminal, say) written as escapes, never sent."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
