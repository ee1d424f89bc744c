"""Token embeddings for the "embedding + position = input" figure: examples, or the user's own.

The examples are deterministic stand-ins (a fixed random draw), labelled as examples wherever
they are shown; real embeddings can be loaded from a ``.npy`` file.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from core.encoding import encode, inverse_frequencies
from core.i18n import tr
from core.params import PAPER_BASE, check_d_model

NPY_MAGIC = b"\x93NUMPY"
EXAMPLE_ROWS = 3
MAX_EMBEDDING_ROWS = 16
#: Spread of the example values: comparable to PE's [-1, 1], so neither drowns the other.
EXAMPLE_SCALE = 0.5


def example_embeddings(d_model: int, rows: int = EXAMPLE_ROWS) -> NDArray[np.float64]:
    """Deterministic example token embeddings.

    Returns
    -------
    numpy.ndarray
        Shape (rows, d_model), float64, values ~ N(0, 0.5^2) from a fixed seed per row, so the
        same token keeps its first columns when d_model changes.
    """
    d_model = check_d_model(d_model)
    return np.stack(
        [
            np.random.default_rng(2017 + row).normal(0.0, EXAMPLE_SCALE, d_model)
            for row in range(rows)
        ]
    )


def load_embeddings(path: str | Path, d_model: int) -> NDArray[np.float64]:
    """Read embedding rows from a ``.npy`` file, refusing anything that is not plain numbers.

    Parameters
    ----------
    path : str or Path
        A ``.npy`` file holding a real array of shape (rows, d_model) or (d_model,).
    d_model : int
        The width the rows must have.

    Returns
    -------
    numpy.ndarray
        Shape (rows, d_model), float64, 1 <= rows <= MAX_EMBEDDING_ROWS, all finite.

    Raises
    ------
    ValueError
        With a message for the user: unreadable or truncated file, pickled objects (never
        loaded: ``allow_pickle=False``), non-real dtype, wrong shape, NaN or infinity.
    """
    d_model = check_d_model(d_model)
    name = Path(path).name
    try:
        with open(path, "rb") as handle:
            magic = handle.read(len(NPY_MAGIC))
    except OSError as err:
        raise ValueError(tr("npy.unreadable", file=name, reason=err.strerror or err)) from err
    if magic != NPY_MAGIC:  # np.load would take anything else for a pickle or an archive
        raise ValueError(tr("npy.unreadable", file=name, reason=tr("npy.not_npy")))
    try:
        data = np.load(path, allow_pickle=False)
    except ValueError as err:
        if "pickle" in str(err):
            raise ValueError(tr("npy.pickled", file=name)) from err
        raise ValueError(tr("npy.unreadable", file=name, reason=err)) from err
    except (OSError, EOFError) as err:
        raise ValueError(tr("npy.unreadable", file=name, reason=err)) from err
    if data.dtype.kind not in "fiu":
        raise ValueError(tr("npy.dtype", file=name, dtype=data.dtype))
    rows = data.reshape(1, -1) if data.ndim == 1 else data
    if rows.ndim != 2 or rows.shape[1] != d_model or not 1 <= rows.shape[0] <= MAX_EMBEDDING_ROWS:
        raise ValueError(
            tr(
                "npy.shape",
                file=name,
                shape=data.shape,
                d_model=d_model,
                max_rows=MAX_EMBEDDING_ROWS,
            )
        )
    values: NDArray[np.float64] = rows.astype(np.float64)
    if not np.all(np.isfinite(values)):
        raise ValueError(tr("npy.finite", file=name))
    return values


def worked_example(
    first: int, base: float = PAPER_BASE, rows: int = 4
) -> tuple[NDArray[np.int_], NDArray[np.float64], NDArray[np.float64]]:
    """The course's d_model = 4 table: sin(pos/1), cos(pos/1), sin(pos/100), cos(pos/100).

    Parameters
    ----------
    first : int
        First position (the course starts at 0).
    base : float
        The 10000 of the paper.
    rows : int
        Number of consecutive positions.

    Returns
    -------
    positions : numpy.ndarray
        Shape (rows,), int64: first .. first + rows - 1.
    denominators : numpy.ndarray
        Shape (2,), float64: base^(0/4) = 1 and base^(2/4) (100 for the paper), the numbers
        each pair divides pos by.
    values : numpy.ndarray
        Shape (rows, 4), float64: the PE rows, column order sin, cos, sin, cos.
    """
    positions = np.arange(first, first + rows)
    return positions, 1.0 / inverse_frequencies(4, base), encode(positions, 4, base)


def learned_table_example(rows: int, d_model: int) -> NDArray[np.float64]:
    """Illustrative values standing in for a trained position table (such as BERT's).

    Returns
    -------
    numpy.ndarray
        Shape (rows, d_model), float64, deterministic, in [-1, 1]. A learned table is trained,
        not computed: only its shape (it ends at `rows`) carries meaning here.
    """
    return np.random.default_rng(512).normal(0.0, 0.4, (rows, check_d_model(d_model))).clip(-1, 1)
