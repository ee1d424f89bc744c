"""Self-attention, to show why a Transformer needs positions at all.

Attention(X) = softmax(Q·Kᵀ / √d_k)·V with Q = X·W_q, K = X·W_k, V = X·W_v is
permutation-equivariant: permuting the tokens (the rows of X) permutes the output rows the same
way, Attention(P·X) = P·Attention(X). "나는 너를 사랑해" and "너는 나를 사랑해" then look alike
to it; adding PE to X breaks the symmetry.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def softmax(scores: ArrayLike) -> NDArray[np.float64]:
    """Row-wise softmax, numerically stable: each row's maximum is subtracted first, so no
    exponent overflows whatever the scores' size."""
    s = np.asarray(scores, dtype=np.float64)
    shifted = np.exp(s - s.max(axis=-1, keepdims=True))
    out: NDArray[np.float64] = shifted / shifted.sum(axis=-1, keepdims=True)
    return out


def self_attention(
    x: ArrayLike, w_q: ArrayLike, w_k: ArrayLike, w_v: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """One head of scaled dot-product self-attention.

    Parameters
    ----------
    x : array of shape (n, d_model)
        One row per token.
    w_q, w_k : arrays of shape (d_model, d_k)
        Query and key projections; d_k = w_q.shape[1].
    w_v : array of shape (d_model, d_v)
        Value projection.

    Returns
    -------
    output : numpy.ndarray
        Shape (n, d_v): softmax(Q·Kᵀ / √d_k)·V.
    weights : numpy.ndarray
        Shape (n, n): the attention weights, each row summing to 1.
    """
    x = np.asarray(x, dtype=np.float64)
    q, k, v = (x @ np.asarray(w, dtype=np.float64) for w in (w_q, w_k, w_v))
    if x.ndim != 2 or q.shape[1] != k.shape[1] or v.shape[0] != x.shape[0]:
        raise ValueError(
            f"x must be (n, d_model) and w_q, w_k (d_model, d_k); got {x.shape}, "
            f"{np.shape(w_q)}, {np.shape(w_k)}, {np.shape(w_v)}"
        )
    weights = softmax(q @ k.T / np.sqrt(q.shape[1]))
    return weights @ v, weights
