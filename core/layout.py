"""The two layouts of a PE vector students meet.

"interleaved" is the paper's (and the course code's): dimension 2i holds sin(pos·ω_i) and 2i+1
holds cos(pos·ω_i). "split" is tensor2tensor's and the TensorFlow tutorial's: the sines of every
pair first, then their cosines, [sin | cos]. The numbers are the same; only the dimension that
holds each one differs, which is why their heatmaps look different. Every function here maps
between a layout's dimensions (its columns) and the interleaved ones the core computes.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.params import check_choice
from pe_clock.core.rotation import pair_rotation

LAYOUTS = ("interleaved", "split")


def check_layout(value: object) -> str:
    return check_choice("layout", value, LAYOUTS)


def column_order(d_model: int, layout: str) -> NDArray[np.intp]:
    """order[c] = the interleaved dimension that column c of the layout holds, shape (d_model,).

    PE in the layout is `pe[..., order]`.
    """
    dims = np.arange(d_model)
    if check_layout(layout) == "interleaved":
        return dims
    return np.concatenate([dims[0::2], dims[1::2]])


def column_of(dim: int, d_model: int, layout: str) -> int:
    """The column of the layout that holds interleaved dimension dim."""
    if check_layout(layout) == "interleaved":
        return dim
    return dim // 2 + (d_model // 2 if dim % 2 else 0)


def pair_of(column: int, d_model: int, layout: str) -> tuple[int, bool]:
    """(pair i, whether it is the cosine) of a layout's column."""
    dim = int(column_order(d_model, layout)[column])
    return dim // 2, bool(dim % 2)


def rotation_entries(phi: NDArray[np.float64], dims: NDArray[np.intp]) -> NDArray[np.float64]:
    """R(k) restricted to the given interleaved dimensions, in their order: entry (a, b) is
    R[dims[a], dims[b]]. R(k) only joins the two dimensions of one pair, so for the split
    layout's dimensions the blocks become two diagonal bands.

    Parameters
    ----------
    phi : numpy.ndarray
        Shape (n_pairs,): each pair's angle k·ω_i.
    dims : numpy.ndarray
        Shape (m,): interleaved dimensions (column_order of a layout, or part of it).

    Returns
    -------
    numpy.ndarray
        Shape (m, m), float64.
    """
    pairs, parts = dims // 2, dims % 2
    blocks = pair_rotation(phi)
    values = blocks[pairs[:, None], parts[:, None], parts[None, :]]
    return np.where(pairs[:, None] == pairs[None, :], values, 0.0)
