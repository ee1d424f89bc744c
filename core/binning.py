"""Exact means of PE over blocks of positions, for drawing any table on a screen.

When several positions fall into one screen pixel row, the pixel shows their mean. The sum of
sin/cos over an arithmetic progression of angles has a closed form,

    sum_{n=0}^{q-1} sin(t + n w) = sin(t + (q-1) w / 2) * sin(q w / 2) / sin(w / 2)

(and the same with cos), so a pixel costs O(1) however many positions it covers, and nothing
aliases the way plain subsampling would. Only the rows on screen are ever computed. Columns are
averaged the same way once two or more dimensions share a pixel (fewer, and each dimension keeps
its own column, so the sin/cos stripes of the classic figure stay visible).
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.encoding import MAX_TABLE_VALUES, inverse_frequencies, sin_cos_progression
from pe_clock.core.layout import column_order
from pe_clock.core.params import PAPER_BASE, check_d_model, check_int

_ScalarT = TypeVar("_ScalarT", bound=np.generic)

#: Largest position range handled (positions are exact integers in float64 far beyond this).
MAX_STOP = 10**12


def mean_rows(
    start: int,
    stop: int,
    step: int,
    d_model: int,
    base: float = PAPER_BASE,
    pairs: tuple[int, int] | None = None,
) -> NDArray[np.float64]:
    """Mean PE row over each block of `step` consecutive positions.

    Parameters
    ----------
    start, stop : int
        Half-open range of positions, 0 <= start < stop.
    step : int
        Positions per block (per screen pixel); 1 gives the exact PE rows.
    d_model, base
        As in `core.encoding.inverse_frequencies`.
    pairs : (first, last + 1), optional
        Only these pairs (columns 2*first .. 2*last + 1); all pairs by default.

    Returns
    -------
    numpy.ndarray
        Shape (ceil((stop - start) / step), 2 * n_pairs), float64: row r is the exact mean of the
        PE rows of positions start + r*step .. min(stop, start + (r+1)*step) - 1 (the last block
        may be shorter).
    """
    d_model = check_d_model(d_model)
    start = check_int("start", start, 0, MAX_STOP - 1)
    stop = check_int(
        "stop", stop, start + 1, MAX_STOP, ("allowed.after", {"name": "start", "lo": start})
    )
    step = check_int("step", step, 1, MAX_STOP)
    first, last = pairs if pairs is not None else (0, d_model // 2)
    omega = inverse_frequencies(d_model, base)[first:last]
    n_rows = -(-(stop - start) // step)
    if n_rows * omega.size * 2 > MAX_TABLE_VALUES:
        raise ValueError(
            f"rows * columns must be <= {MAX_TABLE_VALUES:,}; got {n_rows:,} * {2 * omega.size:,}"
        )
    out = _block_means(start, step, n_rows, omega)
    tail = stop - (start + (n_rows - 1) * step)
    if tail != step:  # the last block is shorter: its own centre and damping
        out[-1] = _block_means(start + (n_rows - 1) * step, tail, 1, omega)[0]
    return out.reshape(n_rows, 2 * omega.size)


def _block_means(
    start: int, count: int, n_blocks: int, omega: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Means over blocks start + r*count .. + count - 1, r < n_blocks: shape (n_blocks, m, 2)."""
    centre = start + (count - 1) / 2.0
    out = sin_cos_progression(centre, float(count), n_blocks, omega)
    if count > 1:
        # w <= 1 for every pair, so sin(w / 2) never vanishes.
        out *= (np.sin(count * omega / 2.0) / (count * np.sin(omega / 2.0)))[:, None]
    return out


def column_group(columns: int, pixels: int) -> int:
    """Dimensions per pixel column when `columns` dimensions are drawn on `pixels` pixels:
    1 (every dimension its own column) while each has a pixel, then enough that the groups
    fit. Between one and two dimensions per pixel, nearest-neighbour sampling dropped
    columns (512 of them on a 1920×1080 export drew vertical stripes the table does not
    have): every pixel column is now a mean of the dimensions under it."""
    return -(-columns // pixels) if pixels > 0 and columns > pixels else 1


def mean_columns(values: NDArray[np.float64], group: int) -> NDArray[np.float64]:
    """Mean over consecutive groups of `group` columns (the last group may be narrower).

    Returns
    -------
    numpy.ndarray
        Shape (rows, ceil(columns / group)), float64.
    """
    if group == 1:
        return values
    edges = np.arange(0, values.shape[1], group)
    sizes = np.diff(np.append(edges, values.shape[1]))
    return np.add.reduceat(values, edges, axis=1) / sizes


def screen_image(
    rows: tuple[int, int, int],
    columns: tuple[int, int, int],
    d_model: int,
    base: float = PAPER_BASE,
    layout: str = "interleaved",
) -> NDArray[np.float64]:
    """The part of the PE table seen through a window, at screen resolution.

    Parameters
    ----------
    rows : (start, stop, step)
        Positions start..stop-1, `step` positions per pixel row.
    columns : (start, stop, group)
        Dimensions start..stop-1 (0 <= start < stop <= d_model), `group` per pixel column.
    d_model, base
        As in `core.encoding.inverse_frequencies`.
    layout : "interleaved" or "split"
        Which dimension each column holds (see `core.layout`); columns are grouped in the
        layout's order.

    Returns
    -------
    numpy.ndarray
        Shape (ceil((stop - start) / step), ceil((col_stop - col_start) / group)), float64:
        each pixel the exact mean of the table entries it covers. Memory and time scale with
        the pixel rows times the dimensions in view, never with the whole table.
    """
    d_model = check_d_model(d_model)
    col_start = check_int("column start", columns[0], 0, d_model - 1)
    col_stop = check_int("column stop", columns[1], col_start + 1, d_model)
    group = check_int("column group", columns[2], 1, d_model)
    dims = column_order(d_model, layout)[col_start:col_stop]
    first_pair, last_pair = int(dims.min()) // 2, int(dims.max()) // 2 + 1
    means = mean_rows(rows[0], rows[1], rows[2], d_model, base, (first_pair, last_pair))
    return mean_columns(means[:, dims - 2 * first_pair], group)


def max_abs_pool(matrix: NDArray[_ScalarT], size: int) -> NDArray[_ScalarT]:
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
