"""Dot products and distances between PE rows: they depend on the offset k alone.

PE(a) . PE(b) = sum_i [sin(a w_i) sin(b w_i) + cos(a w_i) cos(b w_i)] = sum_i cos((a - b) w_i),
so ||PE(a) - PE(b)||^2 = d_model - 2 sum_i cos((a - b) w_i).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pe_clock.core.encoding import encode, inverse_frequencies, positional_encoding
from pe_clock.core.params import PAPER_BASE, check_max_len

#: Work budget (values touched) for the live statistics; beyond it they cover a prefix.
STATS_BUDGET = 1 << 22
#: The distance figure's offsets reach ±DISTANCE_REACH at most (its code too).
DISTANCE_REACH = 200
#: Values held at once by the chunked loops (8 MiB of float64).
CHUNK = 1 << 20


def dot_by_offset(
    offsets: ArrayLike, d_model: int, base: float = PAPER_BASE
) -> NDArray[np.float64]:
    """Closed form of PE(p) . PE(p + k) = sum_i cos(k w_i), the same for every p.

    Returns
    -------
    numpy.ndarray
        Shape (n,) for n offsets, float64, in [-d_model/2, d_model/2].
    """
    return _sum_over_pairs(offsets, d_model, base, np.cos)


def _sum_over_pairs(
    offsets: ArrayLike,
    d_model: int,
    base: float,
    term: Callable[[NDArray[np.float64]], NDArray[np.float64]],
) -> NDArray[np.float64]:
    """sum_i term(k w_i) for each offset k, shape (n,)."""
    k = np.asarray(offsets, dtype=np.float64).ravel()
    omega = inverse_frequencies(d_model, base)
    out = np.empty(k.size)
    # In chunks of about CHUNK values, so that memory stays flat for long offset ranges.
    rows = max(1, CHUNK // omega.size)
    for first in range(0, k.size, rows):
        out[first : first + rows] = term(np.outer(k[first : first + rows], omega)).sum(axis=1)
    return out


def measured_dots(
    positions: ArrayLike, offsets: ArrayLike, d_model: int, base: float = PAPER_BASE
) -> NDArray[np.float64]:
    """PE(p) . PE(p + k) computed from the PE rows themselves (NaN where p + k < 0).

    Returns
    -------
    numpy.ndarray
        Shape (len(positions), len(offsets)), float64.
    """
    pos = np.asarray(positions, dtype=np.float64).ravel()
    k = np.asarray(offsets, dtype=np.float64).ravel()
    out = np.full((pos.size, k.size), np.nan)
    for row, p in enumerate(pos):
        valid = p + k >= 0
        out[row, valid] = encode(p + k[valid], d_model, base) @ encode(p, d_model, base)[0]
    return out


def dot_matrix(n: int, d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """All PE(a) . PE(b) for positions a, b in 0..n-1.

    Returns
    -------
    numpy.ndarray
        Shape (n, n), float64, symmetric, Toeplitz (constant along diagonals), diagonal d_model/2.
    """
    table = positional_encoding(check_max_len(n), d_model, base)
    return table @ table.T


def distance_by_offset(
    offsets: ArrayLike, d_model: int, base: float = PAPER_BASE
) -> NDArray[np.float64]:
    """||PE(p) - PE(p + k)|| = 2·sqrt(sum_i sin²(k w_i / 2)) for each offset k, the same for
    every p. Shape (n,), float64.

    Each pair's two dimensions differ by a chord of the unit circle, 2|sin(k w_i / 2)|. The
    equal d_model − 2·sum_i cos(k w_i) cancels: at d_model 2 its 2.9007e-06 came out 2.90072e-06.
    """
    return 2.0 * np.sqrt(_sum_over_pairs(offsets, d_model, base, lambda x: np.sin(x / 2) ** 2))


@dataclass(frozen=True)
class Uniqueness:
    """How distinct the rows of the PE table for positions 0..max_len-1 are.

    Attributes
    ----------
    positions : int
        max_len, the number of rows.
    distinct : int or None
        Distinct rows after rounding to `decimals` places; None when not computed (too large).
    decimals : int
    min_distance, min_offset : float, int
        The smallest ||PE(a) - PE(b)|| over pairs of rows with |a - b| <= offsets_checked, and
        the offset |a - b| where it occurs (it depends on the offset alone).
    offsets_checked : int
        max_len - 1 when every pair was compared; smaller when the budget cut the search.
    min_value, max_value : float
        Smallest and largest entry over the first `values_rows` rows.
    values_rows : int
    """

    positions: int
    distinct: int | None
    decimals: int
    min_distance: float
    min_offset: int
    offsets_checked: int
    min_value: float
    max_value: float
    values_rows: int


def uniqueness(
    max_len: int,
    d_model: int,
    base: float = PAPER_BASE,
    decimals: int = 6,
    budget: int = STATS_BUDGET,
) -> Uniqueness:
    """Distinct-row count, smallest distance between rows, and the value range of the table.

    The smallest distance uses the closed form over offsets 1..max_len-1 (O(max_len * d_model)
    instead of O(max_len^2 * d_model)). If it exceeds sqrt(d_model) * 10^-decimals, some entry of
    every pair of rows differs by more than 10^-decimals, so all rows stay distinct after
    rounding and no table needs to be built; otherwise the rounded rows are counted directly.
    """
    n = check_max_len(max_len)
    pairs = d_model // 2
    offsets_checked = min(n - 1, max(1, budget // max(1, pairs)))
    if n > 1:
        offsets = np.arange(1, offsets_checked + 1)
        distances = distance_by_offset(offsets, d_model, base)
        best = int(np.argmin(distances))
        min_distance, min_offset = float(distances[best]), int(offsets[best])
    else:
        min_distance, min_offset, offsets_checked = float("inf"), 0, 0
    values_rows = min(n, max(1, budget // d_model))
    table = positional_encoding(values_rows, d_model, base)
    if offsets_checked == n - 1 and min_distance > np.sqrt(d_model) * 10.0**-decimals:
        distinct: int | None = n
    elif values_rows == n:
        distinct = len(np.unique(table.round(decimals), axis=0))
    else:
        distinct = None
    return Uniqueness(
        n,
        distinct,
        decimals,
        min_distance,
        min_offset,
        offsets_checked,
        float(table.min()),
        float(table.max()),
        values_rows,
    )
