"""The validated parameter record, and the checks every public function shares.

Each check raises ``ValueError`` whose message names the parameter, the value received and
what is allowed, so the command line and the window can show it to the user unchanged.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import SupportsInt, cast

import numpy as np

from pe_clock.core.i18n import echo, tr

MIN_D_MODEL = 2
MAX_D_MODEL = 8192
#: Longest sequence PE Clock accepts (a million positions, the longest RoPE contexts in use).
MAX_LEN = 1_000_000
#: Largest |k|; positions and offsets beyond this gain nothing for teaching and lose precision.
MAX_OFFSET = 10_000_000
#: The lowest k of the table, where pos + k >= 0 at its last position.
MIN_OFFSET = -(MAX_LEN - 1)
#: Largest base (rope_theta values in use stay below 10^8).
MAX_BASE = 1e9

PAPER_BASE = 10000.0


#: What a check allows, as a catalogue key and its values; turned into text only on error,
#: in the language of that moment.
Allowed = tuple[str, Mapping[str, object]]


def refuse(name: str, value: object, allowed: Allowed) -> ValueError:
    """The ValueError for a refused value: names the parameter, the value and what is allowed."""
    key, values = allowed
    return ValueError(
        tr("error.must", name=name, allowed=tr(key, None, **values), value=echo(value))
    )


def check_int(name: str, value: object, lo: int, hi: int, allowed: Allowed | None = None) -> int:
    """Return ``value`` as an ``int`` if it is an integer in [lo, hi]; raise ValueError otherwise.

    Booleans and non-integral floats (7.5) are refused rather than truncated; an integral float
    such as 8.0 is accepted.
    """
    allowed = allowed or ("allowed.int_range", {"lo": f"{lo:,}", "hi": f"{hi:,}"})
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise refuse(name, value, allowed)
    if isinstance(value, numbers.Integral):
        as_int = int(value)
    elif math.isfinite(value):
        # int() truncates any finite Real, though typeshed's numbers.Real declares no __int__.
        as_int = int(cast(SupportsInt, value))
        if value != as_int:
            raise refuse(name, value, allowed)
    else:
        raise refuse(name, value, allowed)
    if not lo <= as_int <= hi:
        raise refuse(name, value, allowed)
    return as_int


def check_choice(name: str, value: object, choices: Sequence[str]) -> str:
    """Return ``value`` if it is one of the texts ``choices``; raise ValueError naming them
    otherwise (a list, an array or any other object included)."""
    if not isinstance(value, str) or value not in choices:
        raise refuse(name, value, ("allowed.choice", {"choices": ", ".join(choices)}))
    return value


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is a bool (NumPy's included); raise ValueError otherwise."""
    if not isinstance(value, bool | np.bool_):
        raise refuse(name, value, ("allowed.bool", {}))
    return bool(value)


def real(value: float) -> float:
    """value (an int or a float) as a float, ±inf past float's range (a 400-digit integer): a
    check then refuses it by its range, never with an OverflowError."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def check_real(
    name: str,
    value: object,
    lo: float,
    hi: float,
    allowed: Allowed | None = None,
    *,
    lo_open: bool = False,
) -> float:
    """Return ``value`` as a finite ``float`` in [lo, hi] (or (lo, hi] if ``lo_open``)."""
    allowed = allowed or ("allowed.real_range", {"lo": f"{lo:g}", "hi": f"{hi:g}"})
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise refuse(name, value, allowed)
    as_float = real(cast(float, value))
    above = as_float > lo if lo_open else as_float >= lo
    if not (math.isfinite(as_float) and above and as_float <= hi):
        raise refuse(name, value, allowed)
    return as_float


def check_d_model(d_model: object) -> int:
    """Validate d_model: an even integer from 2 to 8192."""
    allowed = ("allowed.d_model", {"lo": MIN_D_MODEL, "hi": MAX_D_MODEL})
    value = check_int("d_model", d_model, MIN_D_MODEL, MAX_D_MODEL, allowed)
    if value % 2:
        raise refuse("d_model", d_model, allowed)
    return value


def check_max_len(max_len: object) -> int:
    """Validate max_len: an integer from 1 to MAX_LEN."""
    return check_int("max_len", max_len, 1, MAX_LEN)


def check_base(base: object) -> float:
    """Validate base: a finite number greater than 1 and at most MAX_BASE."""
    return check_real(
        "base", base, 1.0, MAX_BASE, ("allowed.base", {"hi": f"{MAX_BASE:,.0f}"}), lo_open=True
    )


@dataclass(frozen=True, slots=True)
class Params:
    """The user-visible parameters of PE Clock, valid by construction.

    Attributes
    ----------
    d_model : int
        Embedding width, even, 2..8192. Pair i = dimensions (2i, 2i+1) is one clock hand.
    max_len : int
        Number of positions shown (rows of the heatmap), 1..MAX_LEN.
    base : float
        The 10000 of the paper (rope_theta in RoPE configs), finite and > 1.
    pos : int
        The current position, 0..max_len-1.
    k : int
        The relative offset shown by R(k), MIN_OFFSET..MAX_OFFSET; pos + k must be >= 0.
    """

    d_model: int = 512
    max_len: int = 50
    base: float = PAPER_BASE
    pos: int = 0
    k: int = 1

    def __post_init__(self) -> None:
        # object.__setattr__ because the dataclass is frozen; values are normalised to int/float.
        object.__setattr__(self, "d_model", check_d_model(self.d_model))
        object.__setattr__(self, "max_len", check_max_len(self.max_len))
        object.__setattr__(self, "base", check_base(self.base))
        pos = check_int(
            "pos",
            self.pos,
            0,
            self.max_len - 1,
            ("allowed.pos", {"hi": f"{self.max_len - 1:,}"}),
        )
        k = check_int("k", self.k, MIN_OFFSET, MAX_OFFSET)
        if pos + k < 0:
            raise ValueError(tr("error.pos_plus_k", pos=pos, k=k, total=pos + k))
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "k", k)

    @property
    def n_pairs(self) -> int:
        """Number of clock hands, d_model / 2."""
        return self.d_model // 2
