"""The sinusoidal positional encoding of "Attention Is All You Need", section 3.5.

PE(pos, 2i) = sin(pos * w_i), PE(pos, 2i+1) = cos(pos * w_i), with w_i = base^(-2i/d_model).
Column 2i is sin and column 2i+1 is cos, interleaved as in the paper. Everything is float64.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pe_clock.core.i18n import tr
from pe_clock.core.params import PAPER_BASE, check_base, check_d_model, check_max_len, check_real

#: Largest table `positional_encoding` builds in one call (2**27 values = 1 GiB of float64).
MAX_TABLE_VALUES = 2**27
#: Values of a table computed at a time by `encode_range` (8 MiB of float64).
BLOCK_VALUES = 2**20
#: Largest position accepted; beyond it float64 angles lose the fractional turn entirely.
MAX_POSITION = 1e12


def inverse_frequencies(d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """Angular frequency of each clock hand.

    Parameters
    ----------
    d_model : int
        Even embedding width, 2..8192.
    base : float
        The 10000 of the paper, > 1.

    Returns
    -------
    numpy.ndarray
        Shape (d_model/2,), float64, w_i = base^(-2i/d_model) in radians per position;
        w_0 = 1 and the sequence falls geometrically towards 1/base.
    """
    d_model = check_d_model(d_model)
    base = check_base(base)
    return np.power(base, -np.arange(0, d_model, 2, dtype=np.float64) / d_model)


def wavelengths(d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """Positions one hand needs for a full turn.

    Returns
    -------
    numpy.ndarray
        Shape (d_model/2,), float64, 2*pi/w_i = 2*pi*base^(2i/d_model) in positions.
    """
    return 2.0 * np.pi / inverse_frequencies(d_model, base)


def as_positions(positions: ArrayLike, name: str = "positions") -> NDArray[np.float64]:
    """Validate positions (an int, a sequence or an array) into a 1-D float64 array.

    Positions must be finite, >= 0 and <= MAX_POSITION; non-integers are allowed.
    """
    if isinstance(positions, bool):
        raise ValueError(f"{name} must be numbers >= 0; got {positions!r}")
    try:
        arr = np.asarray(positions)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{name} must be numbers >= 0; got {positions!r}") from err
    if arr.dtype == bool or not (
        np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)
    ):
        raise ValueError(f"{name} must be numbers >= 0; got {positions!r}")
    arr = arr.astype(np.float64, copy=False).ravel()
    bad = ~np.isfinite(arr) | (arr < 0) | (arr > MAX_POSITION)
    if bad.any():
        raise ValueError(
            f"{name} must be finite, >= 0 and <= {MAX_POSITION:.0e}; got {arr[bad][0]!r}"
        )
    return arr


def angles(positions: ArrayLike, d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """Angle of every hand at every position.

    Parameters
    ----------
    positions : int, sequence or array
        n positions, >= 0 (non-integers allowed); any shape is flattened.
    d_model, base
        As in `inverse_frequencies`.

    Returns
    -------
    numpy.ndarray
        Shape (n, d_model/2), float64, theta[p, i] = positions[p] * w_i in radians.
    """
    pos = as_positions(positions)
    return pos[:, None] * inverse_frequencies(d_model, base)[None, :]


def encode(positions: ArrayLike, d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """PE rows for arbitrary positions.

    Returns
    -------
    numpy.ndarray
        Shape (n, d_model), float64; column 2i is sin(theta_i), column 2i+1 is cos(theta_i).
    """
    return sin_cos(angles(positions, d_model, base))


def encode_range(
    n: int, d_model: int, base: float = PAPER_BASE, order: NDArray[np.intp] | None = None
) -> NDArray[np.float64]:
    """encode(range(n), d_model, base), its columns in order (a permutation of the
    dimensions; None: as they are), equal to it bit for bit, built a block of rows at a time
    into the result: a table at MAX_TABLE_VALUES costs little more than its own 1 GiB (the
    angles, both halves and the reordered copy at once peaked at 3.1 GB)."""
    check_table_size(n, d_model)
    out = np.empty((n, d_model))
    rows = max(1, BLOCK_VALUES // d_model)
    for first in range(0, n, rows):
        block = encode(np.arange(first, min(n, first + rows)), d_model, base)
        out[first : first + rows] = block if order is None else block[:, order]
    return out


def sin_cos(theta: NDArray[np.float64]) -> NDArray[np.float64]:
    """PE rows from their angles: shape (n, n_pairs) to (n, 2·n_pairs), sin and cos of each
    angle side by side (column 2i is sin(theta_i), column 2i+1 is cos(theta_i))."""
    out = np.empty((theta.shape[0], theta.shape[1], 2))
    np.sin(theta, out=out[..., 0])
    np.cos(theta, out=out[..., 1])
    return out.reshape(theta.shape[0], 2 * theta.shape[1])


def check_table_size(max_len: int, d_model: int) -> None:
    """Refuse a whole table of more than MAX_TABLE_VALUES values (ValueError naming them)."""
    if max_len * d_model > MAX_TABLE_VALUES:
        total = f"{max_len * d_model:,}"
        limit, n, d = f"{MAX_TABLE_VALUES:,}", f"{max_len:,}", f"{d_model:,}"
        raise ValueError(tr("error.table", limit=limit, n=n, d=d, total=total))


def positional_encoding(
    max_len: int, d_model: int, base: float = PAPER_BASE, start: float = 0
) -> NDArray[np.float64]:
    """The PE table for positions start, start+1, ..., start+max_len-1.

    Parameters
    ----------
    max_len : int
        Number of positions (rows), 1..MAX_LEN; max_len * d_model <= MAX_TABLE_VALUES.
    d_model : int
        Even embedding width (columns), 2..8192.
    base : float
        The 10000 of the paper, > 1.
    start : float
        First position, >= 0.

    Returns
    -------
    numpy.ndarray
        Shape (max_len, d_model), float64, C-contiguous; [p, 2i] = sin((start+p) w_i) and
        [p, 2i+1] = cos((start+p) w_i).

    Notes
    -----
    Positions are split as start + a*B + b with B ~ sqrt(max_len). sin/cos are evaluated only
    for the anchors a*B and the offsets b, and combined by the angle-addition formulas
    (the same identity that makes R(k) a rotation). That needs about 2*sqrt(max_len) rows of
    transcendental calls instead of max_len; the result agrees with direct evaluation to a
    few ulp.
    """
    n = check_max_len(max_len)
    d = check_d_model(d_model)
    start = check_real("start", start, 0.0, MAX_POSITION)
    check_table_size(n, d)
    return sin_cos_progression(start, 1.0, n, inverse_frequencies(d, base)).reshape(n, d)


def sin_cos_progression(
    first: float, step: float, n: int, omega: NDArray[np.float64]
) -> NDArray[np.float64]:
    """sin and cos of the angles (first + r*step) * omega for r = 0..n-1, by angle addition.

    Parameters
    ----------
    first, step : float
        The arithmetic progression of positions, in positions.
    n : int
        Number of positions, >= 1.
    omega : numpy.ndarray
        Shape (m,), angular frequencies in radians per position.

    Returns
    -------
    numpy.ndarray
        Shape (n, m, 2), float64, C-contiguous: [r, i, 0] = sin((first + r*step) w_i) and
        [r, i, 1] = cos(...); reshaped to (n, 2m) it is interleaved like PE.

    Notes
    -----
    r is split as a*B + b with B ~ sqrt(n). sin/cos are evaluated only for the anchors
    (first + a*B*step) and the offsets b*step, and combined by the angle-addition formulas
    (the same identity that makes R(k) a rotation): about 2*sqrt(n) rows of transcendental calls
    instead of n, agreeing with direct evaluation to a few ulp.
    """
    block = max(1, math.isqrt(n))
    n_anchor = -(-n // block)
    anchor = (first + block * step * np.arange(n_anchor, dtype=np.float64))[:, None] * omega
    offset = (step * np.arange(block, dtype=np.float64))[:, None] * omega
    sin_a, cos_a = np.sin(anchor)[:, None, :], np.cos(anchor)[:, None, :]
    sin_b, cos_b = np.sin(offset)[None], np.cos(offset)[None]

    out = np.empty((n_anchor, block, omega.shape[0], 2))
    tmp = np.empty((n_anchor, block, omega.shape[0]))
    sin_out, cos_out = out[..., 0], out[..., 1]
    np.multiply(sin_a, cos_b, out=sin_out)  # sin(a+b) = sin a cos b + cos a sin b
    np.multiply(cos_a, sin_b, out=tmp)
    sin_out += tmp
    np.multiply(cos_a, cos_b, out=cos_out)  # cos(a+b) = cos a cos b - sin a sin b
    np.multiply(sin_a, sin_b, out=tmp)
    cos_out -= tmp
    return out.reshape(n_anchor * block, omega.shape[0], 2)[:n]
