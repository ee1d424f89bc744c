"""Rotary position embedding (RoPE): PE's rotation applied to queries and keys.

RoFormer (Su et al., 2021) turns each pair of a query or key by position·θ_i with
θ_i = base^(−2i/head_dim), the same angles as sinusoidal PE. The score q_m·k_n then depends on
the offset m − n only. Which dimensions form a pair differs between codebases: "interleaved"
pairs (2i, 2i+1) (RoFormer, GPT-J, Meta's Llama code), "half" pairs (i, i + head_dim/2)
(GPT-NeoX, Hugging Face's rotate_half); the two differ by a fixed permutation of the weights.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pe_clock.core.params import check_d_model, check_real

ROPE_LAYOUTS = ("interleaved", "half")


#: Positions m, n of the RoPE figure's score matrix (and of its code).
SCORE_LENGTH = 48


def rope_inverse_frequencies(head_dim: int, base: float = 10000.0) -> NDArray[np.float64]:
    """θ_i = base^(−2i/head_dim), i = 0 … head_dim/2 − 1, shape (head_dim/2,), float64."""
    head_dim = check_d_model(head_dim)
    base = check_real("base", base, 1.0, float("inf"), lo_open=True)
    exponents = np.arange(0, head_dim, 2, dtype=np.float64) / head_dim
    out: NDArray[np.float64] = base**-exponents
    return out


def apply_rope(
    x: ArrayLike, positions: ArrayLike, base: float = 10000.0, layout: str = "interleaved"
) -> NDArray[np.float64]:
    """Turn each pair of each row of x by its position times θ_i.

    Parameters
    ----------
    x : array of shape (n, head_dim)
        Queries or keys, one row per position.
    positions : array of shape (n,)
        The position of each row (any real numbers).
    base : float
        rope_theta.
    layout : "interleaved" or "half"
        Which dimensions form pair i: (2i, 2i+1), or (i, i + head_dim/2).

    Returns
    -------
    numpy.ndarray
        Shape (n, head_dim), float64: each pair (a, b) becomes
        (a·cos φ − b·sin φ, b·cos φ + a·sin φ) with φ = position·θ_i.
    """
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 2:
        raise ValueError(f"x must have shape (n, head_dim); got {x.shape}")
    head_dim = check_d_model(x.shape[1])
    pos = np.asarray(positions, dtype=np.float64).reshape(-1)
    if pos.shape[0] != x.shape[0] or not np.all(np.isfinite(pos)):
        count = x.shape[0]
        raise ValueError(f"positions must be {count} finite numbers; got {np.shape(positions)}")
    if layout not in ROPE_LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(ROPE_LAYOUTS)}; got {layout!r}")
    phi = pos[:, None] * rope_inverse_frequencies(head_dim, base)[None, :]
    cos, sin = np.cos(phi), np.sin(phi)
    half = head_dim // 2
    first = np.arange(0, head_dim, 2) if layout == "interleaved" else np.arange(half)
    second = first + 1 if layout == "interleaved" else first + half
    a, b = x[:, first], x[:, second]
    out = np.empty_like(x)
    out[:, first] = a * cos - b * sin
    out[:, second] = b * cos + a * sin
    return out


def decay_bound(head_dim: int, base: float, distances: ArrayLike) -> NDArray[np.float64]:
    """RoFormer's (§3.4.3) relative upper bound of |q_m·k_n| at distance r = m − n:
    (1/(d/2))·Σ_{j=1}^{d/2} |S_j| with S_j = Σ_{k<j} e^{i·r·θ_k}.

    32.5 at r = 0 and about 17.954 at r = 10 for head_dim 128, base 10000.

    Returns
    -------
    numpy.ndarray
        Shape of distances, float64.
    """
    theta = rope_inverse_frequencies(head_dim, base)
    r = np.asarray(distances, dtype=np.float64)
    partial = np.cumsum(np.exp(1j * r.reshape(-1, 1) * theta[None, :]), axis=1)
    out: NDArray[np.float64] = np.abs(partial).mean(axis=1).reshape(r.shape)
    return out


def rope_scores(
    q: ArrayLike, k: ArrayLike, length: int, base: float = 10000.0, layout: str = "interleaved"
) -> NDArray[np.float64]:
    """S[m, n] = RoPE(q, m)·RoPE(k, n) for positions m, n = 0 … length − 1, shape
    (length, length): a function of m − n alone, so constant along each diagonal."""
    q, k = np.asarray(q, dtype=np.float64), np.asarray(k, dtype=np.float64)
    positions = np.arange(length)
    queries = apply_rope(np.tile(q, (length, 1)), positions, base, layout)
    keys = apply_rope(np.tile(k, (length, 1)), positions, base, layout)
    out: NDArray[np.float64] = queries @ keys.T
    return out


def diagonal_spread(matrix: ArrayLike) -> float:
    """The largest difference between two entries of one diagonal (m − n fixed)."""
    s = np.asarray(matrix, dtype=np.float64)
    n = s.shape[0]
    return max(float(np.ptp(np.diagonal(s, offset))) for offset in range(1 - n, n))


def half_to_interleaved(head_dim: int) -> NDArray[np.intp]:
    """The column order [0, h, 1, h + 1, …] (h = head_dim/2) that turns the "half" layout's
    pairs (i, i + h) into the "interleaved" layout's (2i, 2i + 1): RoPE in one layout equals
    RoPE in the other on q and k (and so on their weights' columns) permuted this way."""
    half = check_d_model(head_dim) // 2
    return np.stack([np.arange(half), np.arange(half) + half], axis=1).reshape(-1)
