"""ALiBi (Press et al., 2022): no position vector at all, a linear penalty on distance.

Head h adds −m_h·|i − j| to the attention score of query i on key j. The slopes m_h are a
geometric sequence; for a head count that is not a power of two the reference code takes the
slopes of the closest power of two c, then every other slope of 2c.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

#: Query and key positions the ALiBi figure (and its code) shows.
SHOWN_LENGTH = 16


def alibi_slopes(num_heads: int) -> NDArray[np.float64]:
    """m_h for h = 1 … H: 2^(−8h/H) when H is a power of two (H = 8: 1/2, 1/4, … 1/256).

    H = 12: 2^−1 … 2^−8 (the 8 of the closest power of two), then 2^−0.5, 2^−1.5, 2^−2.5,
    2^−3.5 (every other slope of 16 heads).
    """
    if isinstance(num_heads, bool) or not isinstance(num_heads, int) or num_heads < 1:
        raise ValueError(f"num_heads must be a whole number >= 1; got {num_heads!r}")

    def power_of_two(n: int) -> list[float]:
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start**i for i in range(n)]

    if math.log2(num_heads).is_integer():
        return np.array(power_of_two(num_heads))
    closest = 2 ** math.floor(math.log2(num_heads))
    rest = alibi_slopes(2 * closest)[0::2][: num_heads - closest]
    return np.concatenate([power_of_two(closest), rest])


def alibi_bias(num_heads: int, length: int) -> NDArray[np.float64]:
    """−m_h·|i − j| for every head, query i and key j: shape (H, L, L), float64."""
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise ValueError(f"length must be a whole number >= 1; got {length!r}")
    distance = np.abs(np.arange(length)[:, None] - np.arange(length)[None, :])
    out: NDArray[np.float64] = -alibi_slopes(num_heads)[:, None, None] * distance[None]
    return out
