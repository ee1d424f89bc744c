"""Relative position as a rotation: PE(pos + k) = R(k) @ PE(pos).

Each pair (sin theta, cos theta) turns by phi_i = k * w_i. R(k) is block-diagonal with one
2x2 block per pair, and depends on k alone, never on pos.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pe_clock.core.encoding import inverse_frequencies
from pe_clock.core.params import MAX_OFFSET, PAPER_BASE, check_d_model, check_real


def check_offset(k: object) -> float:
    """Validate an offset k: a finite number with |k| <= MAX_OFFSET (non-integers allowed)."""
    return check_real("k", k, -MAX_OFFSET, MAX_OFFSET)


def pair_rotation(phi: ArrayLike) -> NDArray[np.float64]:
    """The 2x2 maps that turn (sin theta, cos theta) into (sin(theta+phi), cos(theta+phi)).

    Parameters
    ----------
    phi : float or array of shape (...)
        Rotation angles in radians; must be finite.

    Returns
    -------
    numpy.ndarray
        Shape (..., 2, 2), float64, [[cos phi, sin phi], [-sin phi, cos phi]]. Acting on the
        column (sin, cos) this turns the hand clockwise on the clock face.
    """
    phi = np.asarray(phi, dtype=np.float64)
    if not np.all(np.isfinite(phi)):
        raise ValueError(f"phi must be finite angles in radians; got {phi!r}")
    c, s = np.cos(phi), np.sin(phi)
    return np.stack([np.stack([c, s], axis=-1), np.stack([-s, c], axis=-1)], axis=-2)


def pair_angles(k: float, d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """Rotation angle of each pair for an offset k.

    Returns
    -------
    numpy.ndarray
        Shape (d_model/2,), float64, phi_i = k * w_i in radians.
    """
    return check_offset(k) * inverse_frequencies(d_model, base)


def relative_rotation(k: float, d_model: int, base: float = PAPER_BASE) -> NDArray[np.float64]:
    """The dense block-diagonal matrix R(k).

    Parameters
    ----------
    k : float
        Offset in positions (|k| <= MAX_OFFSET, non-integers allowed).
    d_model : int
        Even embedding width, 2..8192. The dense matrix has d_model^2 entries (512 MiB at
        8192): prefer `rotate` to apply it.
    base : float
        The 10000 of the paper, > 1.

    Returns
    -------
    numpy.ndarray
        Shape (d_model, d_model), float64, with R(k) @ PE(pos) == PE(pos + k) for every pos.
    """
    return block_diagonal(pair_angles(k, d_model, base))


def block_diagonal(phi: ArrayLike) -> NDArray[np.float64]:
    """Dense block-diagonal matrix with one `pair_rotation` block per angle.

    Parameters
    ----------
    phi : array of shape (n,)
        Rotation angle of each pair in radians.

    Returns
    -------
    numpy.ndarray
        Shape (2n, 2n), float64; block i sits at rows and columns 2i, 2i+1.
    """
    blocks = pair_rotation(np.atleast_1d(phi))
    n = blocks.shape[0]
    out = np.zeros((n, 2, n, 2))
    idx = np.arange(n)
    out[idx, :, idx, :] = blocks
    return out.reshape(2 * n, 2 * n)


def rotate(
    vectors: ArrayLike, k: float, d_model: int, base: float = PAPER_BASE
) -> NDArray[np.float64]:
    """Apply R(k) to vectors in O(d_model) each, without building the dense matrix.

    Parameters
    ----------
    vectors : array of shape (..., d_model)
        Rows laid out like PE: column 2i paired with column 2i+1.
    k, d_model, base
        As in `relative_rotation` (any even d_model up to 8192).

    Returns
    -------
    numpy.ndarray
        Shape (..., d_model), float64, equal to vectors @ R(k).T.
    """
    v = np.asarray(vectors, dtype=np.float64)
    d = check_d_model(d_model)
    if v.ndim == 0 or v.shape[-1] != d:
        raise ValueError(f"vectors must have shape (..., d_model={d}); got shape {v.shape}")
    return rotate_by(v, pair_angles(k, d, base))


def rotate_by(v: NDArray[np.float64], phi: NDArray[np.float64]) -> NDArray[np.float64]:
    """`rotate` with the pair angles given: vectors v (..., 2n) float64 turned pair by pair by
    phi (n,), the angles `pair_angles` gives for the offset."""
    c, s = np.cos(phi), np.sin(phi)
    first, second = v[..., 0::2], v[..., 1::2]
    out = np.empty_like(v)
    out[..., 0::2] = c * first + s * second
    out[..., 1::2] = c * second - s * first
    return out


def largest_rounded_angle(
    largest_pos: float, d_model: int, base: float = PAPER_BASE
) -> tuple[float, float] | None:
    """(The largest angle float64 rounds, a bound on its error) at positions up to
    largest_pos, or None when every angle is exact (d_model 2: pair 0 alone).

    Pair 0's angle, pos × 1, is a whole number and exact. Pair i's angle pos·ω_i carries three
    roundings: of the exponent 2i/d_model (at most x·2^-53 for x = 2i/d_model, an error pow
    multiplies by ln base), of pow itself (within one unit in the last place, a relative
    2^-52), and of the product (half a unit in its last place). The bound
    pos·base^-x·(2 + x·ln base)·2^-53 falls as x grows, so pair 1's is the largest. At 10^7
    it is about 3e-9 rad; at ~10^12 rad only about four correct decimals of sin and cos
    remain.
    """
    rounding = _pair_one_rounding(check_d_model(d_model), base)
    if rounding is None:
        return None  # pair 0 alone
    omega, relative = rounding
    angle = float(largest_pos) * omega
    return angle, angle * relative + math.ulp(angle) / 2


@functools.lru_cache(maxsize=8)
def _pair_one_rounding(d: int, base: float) -> tuple[float, float] | None:
    """(w_1, the relative error of pow and of its exponent in w_1), or None when d is 2:
    what `largest_rounded_angle` needs besides the position, kept for the last few tables so
    that stepping pos computes no frequency."""
    if d < 4:
        return None
    omega = float(inverse_frequencies(d, base)[1])
    exponent_error = abs(Fraction(2 / d) - Fraction(2, d))  # 0 when d is a power of two
    return omega, 2.0**-52 + math.log(base) * float(exponent_error)
