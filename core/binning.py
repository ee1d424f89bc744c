"""Exact means of PE over runs of consecutive positions, for drawing long sequences.

When several positions fall into one screen pixel, the pixel shows their mean. The sum of
sin/cos over an arithmetic progression of angles has a closed form,

    sum_{n=0}^{N-1} sin(t + n w) = sin(t + (N-1) w / 2) * sin(N w / 2) / sin(w / 2)

(and the same with cos), so each pixel costs O(1) however many positions it covers, and
nothing aliases the way plain subsampling would.
"""

from __future__ import annotations

import numpy as np

from core.encoding import MAX_TABLE_VALUES, inverse_frequencies
from core.params import PAPER_BASE, check_d_model, check_int


def run_bounds(start: int, stop: int, n_rows: int) -> tuple[np.ndarray, np.ndarray]:
    """Split positions start..stop-1 into n_rows consecutive runs of (almost) equal length.

    Returns
    -------
    first, count : numpy.ndarray
        Shape (n_rows,) int64: run r covers positions first[r] .. first[r] + count[r] - 1.
        Every count is >= 1 (n_rows is capped at stop - start).
    """
    n = stop - start
    n_rows = min(n_rows, n)
    edges = start + (np.arange(n_rows + 1, dtype=np.int64) * n) // n_rows
    return edges[:-1], np.diff(edges)


def run_means(
    first: np.ndarray, count: np.ndarray, d_model: int, base: float = PAPER_BASE
) -> np.ndarray:
    """Mean PE row over each run of consecutive positions.

    Parameters
    ----------
    first, count : array of shape (n,)
        Run r covers positions first[r] .. first[r] + count[r] - 1; counts >= 1.
    d_model, base
        As in `core.encoding.inverse_frequencies`.

    Returns
    -------
    numpy.ndarray
        Shape (n, d_model), float64: row r is the exact mean of PE over run r (a run of one
        position is that position's PE row).
    """
    omega = inverse_frequencies(d_model, base)
    first = np.asarray(first, dtype=np.float64)[:, None]
    count = np.asarray(count, dtype=np.float64)[:, None]
    if first.shape[0] * d_model > MAX_TABLE_VALUES:
        raise ValueError(
            f"runs * d_model must be <= {MAX_TABLE_VALUES:,}; got {first.shape[0]:,} * {d_model:,}"
        )
    centre = (first + (count - 1.0) / 2.0) * omega
    # w <= 1 for every pair, so sin(w/2) never vanishes.
    damping = np.sin(count * omega / 2.0) / (count * np.sin(omega / 2.0))
    out = np.empty((first.shape[0], omega.shape[0], 2))
    np.multiply(np.sin(centre), damping, out=out[..., 0])
    np.multiply(np.cos(centre), damping, out=out[..., 1])
    return out.reshape(first.shape[0], -1)


def binned_encoding(
    start: int, stop: int, n_rows: int, d_model: int, base: float = PAPER_BASE
) -> np.ndarray:
    """PE over positions start..stop-1 at n_rows rows of resolution.

    Parameters
    ----------
    start, stop : int
        Half-open range of positions, 0 <= start < stop.
    n_rows : int
        Rows wanted (screen pixels); when it is >= stop - start every row is one position and
        the values are exact PE rows.
    d_model, base
        As in `core.encoding.inverse_frequencies`.

    Returns
    -------
    numpy.ndarray
        Shape (min(n_rows, stop - start), d_model), float64; each row is the exact mean of the
        PE rows of the positions it covers (see `run_bounds`).
    """
    d_model = check_d_model(d_model)
    start = check_int("start", start, 0, 10**12)
    stop = check_int(
        "stop", stop, start + 1, 10**12 + 1, ("allowed.after", {"name": "start", "lo": start})
    )
    n_rows = check_int("n_rows", n_rows, 1, 1 << 20)
    first, count = run_bounds(start, stop, n_rows)
    return run_means(first, count, d_model, base)


def max_abs_pool(matrix: np.ndarray, size: int) -> np.ndarray:
    """Shrink a matrix for display so that no nonzero entry disappears.

    Parameters
    ----------
    matrix : array of shape (m, n)
    size : int
        Largest number of rows and columns wanted.

    Returns
    -------
    numpy.ndarray
        Shape (ceil(m/f), ceil(n/f)) with f = ceil(max(m, n) / size); each entry is the entry of
        largest magnitude (sign kept) among the f x f it covers. With f = 1 it is `matrix`.
        A thin band such as the diagonal of R(k) stays visible, where a mean would fade it.
    """
    m, n = matrix.shape
    f = max(1, -(-max(m, n) // size))
    if f == 1:
        return matrix
    rows, cols = -(-m // f), -(-n // f)
    padded = np.zeros((rows * f, cols * f), dtype=matrix.dtype)
    padded[:m, :n] = matrix
    blocks = padded.reshape(rows, f, cols, f).transpose(0, 2, 1, 3).reshape(rows, cols, f * f)
    pick = np.abs(blocks).argmax(axis=2)[..., None]
    return np.take_along_axis(blocks, pick, axis=2)[..., 0]
