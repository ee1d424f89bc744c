"""Token embeddings for the "embedding + position = input" figure: examples, or the user's own.

The examples are deterministic stand-ins (a fixed random draw), labelled as examples wherever
they are shown; real embeddings can be loaded from a ``.npy`` file.
"""

from __future__ import annotations

import decimal
import os
import stat
import tokenize
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, Literal

import numpy as np
import numpy.lib.format as npy_format
from numpy.typing import NDArray

from pe_clock.core.encoding import encode, inverse_frequencies
from pe_clock.core.format import fmt_base
from pe_clock.core.i18n import tr
from pe_clock.core.params import PAPER_BASE, check_d_model

NPY_MAGIC = b"\x93NUMPY"
EXAMPLE_ROWS = 3
MAX_EMBEDDING_ROWS = 16
#: The dtypes token embeddings may have, from a file or an array alike (NumPy's kinds: real
#: and whole numbers; a bool array was taken where a bool .npy was refused).
NUMBER_KINDS = "fiu"
#: Largest embedding value drawn: beside PE's [-1, 1], and far from float64's overflow
#: (a value near 1e308 overflows when the colour scale doubles it).
MAX_EMBEDDING_SIZE = 1e15
#: Largest .npy header read (NumPy's own limit; its headers are a few hundred bytes).
MAX_HEADER = 10_000
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

    Nothing is read past the header until the header has been checked: the file must be a
    regular file (a pipe would block for ever), its header small and well formed, its dtype
    real, its shape (rows, d_model) or (d_model,), and its size exactly what the header says.
    A crafted header claiming 10¹² values is refused in microseconds, without allocating.

    Parameters
    ----------
    path : str or Path
        A ``.npy`` file holding a real array of shape (rows, d_model) or (d_model,).
    d_model : int
        The width the rows must have.

    Returns
    -------
    numpy.ndarray
        Shape (rows, d_model), float64, 1 <= rows <= MAX_EMBEDDING_ROWS, all finite and at
        most MAX_EMBEDDING_SIZE in size.

    Raises
    ------
    ValueError
        With a message for the user: not a regular file, unreadable, damaged or oversized
        header, pickled objects (never loaded), non-real dtype, wrong shape, a size that does
        not match the header, NaN or infinity, values too large to draw.
    """
    d_model = check_d_model(d_model)
    name = Path(path).name
    return _load(path, name, d_model)


def _load(path: str | Path, name: str, d_model: int) -> NDArray[np.float64]:
    def why_not(shape: tuple[int, ...]) -> str | None:
        rows, cols = (1, shape[0]) if len(shape) == 1 else (*shape, 0, 0)[:2]
        if len(shape) not in (1, 2) or cols != d_model or not 1 <= rows <= MAX_EMBEDDING_ROWS:
            return tr(
                "npy.shape", file=name, shape=shape, d_model=d_model, max_rows=MAX_EMBEDDING_ROWS
            )
        return None

    return check_embedding_rows(read_npy(path, name, why_not), d_model, name)


def read_npy(
    path: str | Path, name: str, why_not: Callable[[tuple[int, ...]], str | None]
) -> NDArray[np.float64]:
    """The real array of a .npy file, as float64, read only once its header has been checked:
    a regular file, a small well-formed header, a real dtype, a shape `why_not` accepts (it
    returns why not, or None) and a file size that is exactly what the header says. A 1-D
    array is one row. ValueError with a message for the user otherwise."""
    with warnings.catch_warnings():  # NumPy's warnings on odd headers or casts: not for users
        warnings.simplefilter("ignore")
        return _read_npy(path, name, why_not)


def _read_npy(
    path: str | Path, name: str, why_not: Callable[[tuple[int, ...]], str | None]
) -> NDArray[np.float64]:
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(tr("npy.not_file", file=name))
        with open(path, "rb") as handle:
            if handle.read(len(NPY_MAGIC)) != NPY_MAGIC:
                # np.load would take anything else for a pickle or an archive
                raise ValueError(tr("npy.unreadable", file=name, reason=tr("npy.not_npy")))
            handle.seek(0)
            shape, fortran, dtype = _read_header(handle, name)
            if dtype.hasobject:
                raise ValueError(tr("npy.pickled", file=name))
            if dtype.kind not in NUMBER_KINDS:
                raise ValueError(tr("npy.dtype", file=name, dtype=dtype))
            refused = why_not(shape)
            if refused:
                raise ValueError(refused)
            rows, cols = (1, shape[0]) if len(shape) == 1 else shape
            expected = handle.tell() + rows * cols * dtype.itemsize
            if info.st_size != expected:
                raise ValueError(
                    tr(
                        "npy.size",
                        file=name,
                        size=info.st_size,
                        expected=expected,
                        shape=shape,
                        dtype=dtype,
                    )
                )
            data = np.fromfile(handle, dtype=dtype, count=rows * cols)
    except OSError as err:
        raise ValueError(tr("npy.unreadable", file=name, reason=err.strerror or err)) from err
    order: Literal["F", "C"] = "F" if fortran else "C"
    out: NDArray[np.float64] = data.reshape((rows, cols), order=order).astype(np.float64)
    if not np.all(np.isfinite(out)):
        raise ValueError(tr("npy.finite", file=name))
    return out


def check_embedding_rows(rows: object, d_model: int, name: str) -> NDArray[np.float64]:
    """Token embeddings as PE Clock draws them: real numbers, shape (rows, d_model) with 1 to
    MAX_EMBEDDING_ROWS rows (or one row of d_model), finite, within ±MAX_EMBEDDING_SIZE.

    Returns a float64 copy; raises ValueError naming `name` (a file, or "embeddings").
    """
    try:
        array = np.array(rows, copy=True)
    except (TypeError, ValueError, OverflowError):  # ragged lists, objects NumPy cannot take
        raise ValueError(tr("npy.dtype", file=name, dtype=type(rows).__name__)) from None
    if array.dtype.hasobject or array.dtype.kind not in NUMBER_KINDS:
        raise ValueError(tr("npy.dtype", file=name, dtype=array.dtype))
    shape = array.shape
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != d_model or not 1 <= len(array) <= MAX_EMBEDDING_ROWS:
        raise ValueError(
            tr("npy.shape", file=name, shape=shape, d_model=d_model, max_rows=MAX_EMBEDDING_ROWS)
        )
    values: NDArray[np.float64] = array.astype(np.float64)
    if not np.all(np.isfinite(values)):
        raise ValueError(tr("npy.finite", file=name))
    largest = float(np.abs(values).max())
    if largest > MAX_EMBEDDING_SIZE:
        raise ValueError(tr("npy.magnitude", file=name, value=largest, limit=MAX_EMBEDDING_SIZE))
    return values


def _read_header(handle: BinaryIO, name: str) -> tuple[tuple[int, ...], bool, np.dtype]:
    """(shape, Fortran order, dtype) from a .npy header of at most MAX_HEADER bytes."""
    try:
        major, minor = npy_format.read_magic(handle)
    except ValueError as err:  # not a .npy file's first bytes
        raise ValueError(tr("npy.header", file=name, reason=tr("reason.damaged"))) from err
    if (major, minor) not in ((1, 0), (2, 0), (3, 0)):  # (its length field's width unknown)
        raise ValueError(tr("npy.version", file=name, version=f"{major}.{minor}"))
    try:
        # The header's length, checked before NumPy reads that many bytes (a header claiming
        # 4 GiB took 8.4 GB and 23 s to be refused): 2 bytes in version 1.0, 4 after.
        width = 2 if major == 1 else 4
        field = handle.read(width)
        if len(field) == width and int.from_bytes(field, "little") > MAX_HEADER:
            raise ValueError("max_header_size")
        handle.seek(-len(field), os.SEEK_CUR)
        if major == 1:
            header = npy_format.read_array_header_1_0(handle, max_header_size=MAX_HEADER)
        else:
            header = npy_format.read_array_header_2_0(handle, max_header_size=MAX_HEADER)
    except (ValueError, SyntaxError, TypeError, tokenize.TokenError) as err:
        # A damaged header: NumPy's parser raises these (TokenError for unbalanced brackets).
        message = str(err)
        if "max_header_size" in message:  # NumPy's refusal mentions allow_pickle too
            reason = tr("npy.header_size", limit=f"{MAX_HEADER:,}")
            raise ValueError(tr("npy.header", file=name, reason=reason)) from err
        if "pickle" in message:
            raise ValueError(tr("npy.pickled", file=name)) from err
        raise ValueError(tr("npy.header", file=name, reason=tr("reason.damaged"))) from err
    except (MemoryError, RecursionError) as err:
        # Python's parser of the header dict gives up on thousands of nested signs (----1).
        raise ValueError(tr("npy.header", file=name, reason=tr("npy.nested"))) from err
    shape, fortran, dtype = header
    return tuple(int(n) for n in shape), bool(fortran), np.dtype(dtype)


def input_norms(
    embeddings: NDArray[np.float64], pe: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """How much of the input each part is, row by row: ‖E‖, ‖PE‖, ‖E + PE‖ and the cosine of
    the angle between E and E + PE (1: the sum points where the embedding does).

    Parameters
    ----------
    embeddings, pe : numpy.ndarray
        Shape (n, d_model) each: token embeddings (scaled as the model scales them) and the PE
        rows added to them.

    Returns
    -------
    tuple of numpy.ndarray
        Four arrays of shape (n,), float64. ‖PE(pos)‖ = √(d_model / 2) for every pos.
    """
    total = embeddings + pe
    norm_e = np.linalg.norm(embeddings, axis=1)
    norm_total = np.linalg.norm(total, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        cosine = np.einsum("ij,ij->i", embeddings, total) / (norm_e * norm_total)
    return norm_e, np.linalg.norm(pe, axis=1), norm_total, cosine


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


#: Digits the worked table's high-precision values carry (`precise_worked_value`).
PRECISE_DIGITS = 40
#: π to 100 decimals, for reducing the angles of `precise_worked_value` (at most ~70 digits).
PI = decimal.Decimal(
    "3.14159265358979323846264338327950288419716939937510"
    "58209749445923078164062862089986280348253421170679"
)


def worked_denominators(base: float = PAPER_BASE) -> tuple[decimal.Decimal, decimal.Decimal]:
    """base^(0/4) = 1 and base^(2/4) = √base to PRECISE_DIGITS significant digits: the worked
    table's denominators as real numbers (float64 rounds √500000; 100 = √10000 is exact). The
    base is the number as it is written (1.1, not the float 1.100000000000000088…), so the
    values agree with the formulas that print it."""
    with decimal.localcontext() as ctx:
        ctx.prec = PRECISE_DIGITS
        return decimal.Decimal(1), decimal.Decimal(fmt_base(base)).sqrt()


def precise_worked_value(pos: int, dim: int, base: float = PAPER_BASE) -> decimal.Decimal:
    """PE(pos, dim) of the d_model = 4 table to about PRECISE_DIGITS significant digits.

    float64 rounds √base and pos/√base: at pos 999,996 the twelfth decimal of sin(pos/100) is
    off. Here the angle, its reduction by 2π and the Taylor series of sin or cos all carry
    PRECISE_DIGITS + 20 digits.
    """
    if not 0 <= dim < 4:
        raise ValueError(f"dim must be 0, 1, 2 or 3; got {dim!r}")
    with decimal.localcontext() as ctx:
        ctx.prec = PRECISE_DIGITS + 20 + len(str(abs(int(pos))))
        angle = decimal.Decimal(int(pos)) / worked_denominators(base)[dim // 2]
        tau = 2 * PI
        x = angle - tau * (angle / tau).to_integral_value()
        # sin x = x − x³/3! + …, cos x = 1 − x²/2! + …: |x| <= π, so the terms fall fast.
        term = x if dim % 2 == 0 else decimal.Decimal(1)
        total, n = term, (1 if dim % 2 == 0 else 0)
        while abs(term) > decimal.Decimal(10) ** -(ctx.prec + 2):
            term = -term * x * x / ((n + 1) * (n + 2))
            total += term
            n += 2
        ctx.prec = PRECISE_DIGITS
        return +total


def learned_table_example(rows: int, d_model: int) -> NDArray[np.float64]:
    """Illustrative values standing in for a trained position table (such as BERT's).

    Returns
    -------
    numpy.ndarray
        Shape (rows, d_model), float64, deterministic, in [-1, 1]. A learned table is trained,
        not computed: only its shape (it ends at `rows`) carries meaning here.
    """
    return np.random.default_rng(512).normal(0.0, 0.4, (rows, check_d_model(d_model))).clip(-1, 1)
