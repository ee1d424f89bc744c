"""A learned position table measured beside the sinusoids of its size.

For a table P (positions × width): the cosine similarity of every pair of rows (a learned
table's is banded, the sinusoids' a function of the distance alone), similarity against the
offset k from a few positions, each row's distance to its nearest other row (how unique the
positions are), and the first principal components of the rows (GPT-2's trace smooth waves).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pe_clock.core.encoding import encode

#: Positions compared at most in the similarity matrix: a longer table is sampled evenly.
MAX_COMPARED = 1024
#: Principal components kept.
COMPONENTS = 3
#: The size the view compares without a learned table: BERT-base's (512 positions × 768).
BERT_BASE_SIZE = (512, 768)


def sinusoid_rows(positions: ArrayLike, width: int, base: float = 10000.0) -> NDArray[np.float64]:
    """The paper's PE rows at these positions, as wide as a learned table (an odd width drops
    the last column of the next even one: PE pairs dimensions)."""
    return encode(positions, width + width % 2, base)[:, :width]


def sampled_positions(positions: int, limit: int = MAX_COMPARED) -> NDArray[np.intp]:
    """The positions compared: all of them, or `limit` spread evenly from the first to the
    last."""
    if positions <= limit:
        return np.arange(positions)
    return np.unique(np.round(np.linspace(0, positions - 1, limit)).astype(np.intp))


def _lengths(rows: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each row's Euclidean length, shape (n,), with no squared copy of the rows (norm() made
    one: a third copy of a table's rows at the limit)."""
    return np.sqrt(_squared_lengths(rows))


def _squared_lengths(rows: NDArray[np.float64]) -> NDArray[np.float64]:
    out: NDArray[np.float64] = np.einsum("ij,ij->i", rows, rows)
    return out


def _unit(rows: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each row divided by its length (a zero row stays zero: 0 to every row)."""
    norms = _lengths(rows)
    out: NDArray[np.float64] = rows / np.where(norms > 0, norms, 1)[:, None]
    return out


def cosine_similarity(rows: NDArray[np.float64]) -> NDArray[np.float64]:
    """cos(P_a, P_b) for every pair of rows, shape (n, n)."""
    unit = _unit(rows)
    out: NDArray[np.float64] = np.clip(unit @ unit.T, -1, 1)
    return out


def similarity_by_offset(
    rows: Callable[[int, int], NDArray[np.float64]],
    positions: int,
    starts: tuple[int, ...],
    reach: int,
) -> list[tuple[int, NDArray[np.intp], NDArray[np.float64]]]:
    """For each start p: (p, offsets k ≥ 0 with p + k in the table up to reach, cos(P_p,
    P_(p+k))); rows(first, stop) gives the table's rows first … stop − 1."""
    out = []
    for start in starts:
        stop = min(positions, start + reach + 1)
        unit = _unit(rows(start, stop))
        out.append((start, np.arange(stop - start), np.clip(unit @ unit[0], -1, 1)))
    return out


def nearest_distances(rows: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each row's Euclidean distance to its nearest other row, shape (n,): 0 means two
    positions share a vector (the model could not tell them apart)."""
    squared = _squared_lengths(rows)
    gram = rows @ rows.T
    distance = np.sqrt(np.maximum(squared[:, None] + squared[None, :] - 2 * gram, 0))
    np.fill_diagonal(distance, np.inf)
    out: NDArray[np.float64] = distance.min(axis=1)
    return out


@dataclass(frozen=True)
class Components:
    """The rows projected on their first principal components, and each one's share of the
    variance (of all components, so the shares of the first few sum to at most 1)."""

    scores: NDArray[np.float64]
    share: NDArray[np.float64]


def principal_components(rows: NDArray[np.float64], count: int = COMPONENTS) -> Components:
    """PCA of the rows (centred): scores (n, count) and variance shares (count,); the sign
    of each component is fixed so that its score at the first position is ≤ 0 (the same
    picture on every run)."""
    centred = rows - rows.mean(axis=0)
    count = min(count, *centred.shape)
    # From the smaller Gram matrix's eigenvectors, largest first: the full SVD of a table at
    # the limit (1,024 sampled rows of 4,096) took 2.4 s, twice per table.
    if centred.shape[0] <= centred.shape[1]:
        values, vectors = np.linalg.eigh(centred @ centred.T)
        values = np.clip(values[::-1][:count], 0, None)  # rounding leaves a zero at -1e-13
        scores = vectors[:, ::-1][:, :count] * np.sqrt(values)
    else:
        values, vectors = np.linalg.eigh(centred.T @ centred)
        values = np.clip(values[::-1][:count], 0, None)
        scores = centred @ vectors[:, ::-1][:, :count]
    signs = np.where(scores[0] > 0, -1.0, 1.0)
    total = float(np.einsum("ij,ij->", centred, centred))  # all components' variance
    share = values / total if total > 0 else np.zeros(count)
    return Components(scores * signs, share)


@dataclass(frozen=True)
class TableMeasures:
    """Everything the learned view draws about one table."""

    positions: NDArray[np.intp]
    similarity: NDArray[np.float64]
    #: Each row's distance to its nearest other row, divided by the median row length (a
    #: learned table's rows and the sinusoids' differ in length: this compares them).
    nearest: NDArray[np.float64]
    components: Components


def measure(rows: NDArray[np.float64], at: NDArray[np.intp]) -> TableMeasures:
    """The measures of a table's rows at the sampled positions at (`sampled_positions`)."""
    length = float(np.median(_lengths(rows))) or 1.0
    nearest = nearest_distances(rows) / length
    return TableMeasures(at, cosine_similarity(rows), nearest, principal_components(rows))


def shared_measures(
    rows: NDArray[np.float64], at: NDArray[np.intp]
) -> tuple[NDArray[np.float64], TableMeasures]:
    """A table's rows at the sampled positions at and their measures, to be kept and shared
    by every view that shows the table (they cost about 0.2 s of CPU at 1,024 × 768), in
    arrays made read-only so that no view can change them for the others."""
    measured = measure(rows, at)
    shared = (rows, at, measured.similarity, measured.nearest, *vars(measured.components).values())
    for array in shared:
        array.flags.writeable = False
    return rows, measured


@functools.lru_cache(maxsize=4)
def sinusoids_measured(
    positions: int, width: int, base: float
) -> tuple[NDArray[np.float64], TableMeasures]:
    """The sinusoids of a positions × width table at its sampled positions, and their
    measures: the same for every view of that size and base, so computed once for them all
    (`shared_measures`)."""
    at = sampled_positions(positions)
    return shared_measures(sinusoid_rows(at, width, base), at)
