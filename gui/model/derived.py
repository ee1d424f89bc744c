"""Numbers derived from the state's parameters: computed by core, cached until inputs change.

AppState inherits these; it empties `_cache` when d_model, max_len or base change and drops
the entries of k (R(k) and its angles) when k changes, so stepping pos never recomputes a
table, nor w: a step's angles are pos times the cached w.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pe_clock.core.encoding import as_positions, inverse_frequencies, sin_cos, wavelengths
from pe_clock.core.layout import column_order, rotation_entries
from pe_clock.core.params import Params
from pe_clock.core.rotation import pair_angles, rotate_by
from pe_clock.core.similarity import Uniqueness, dot_matrix, uniqueness

#: R(k) is shown densely up to this width; wider matrices show their leading block.
MAX_MATRIX_DIM = 1024
#: Rows kept between calls: PE(pos), PE(pos + k) and a few recent ones; likewise R(k)·PE(pos).
PE_ROWS_KEPT = 4
#: The block of PE rows kept for stepping (`pe_rows`) holds at most about this many bytes
#: beyond the rows asked for: 2 MiB of float64 rows is 32 rows at d_model 8192.
BLOCK_MARGIN_BYTES = 2 << 20


class DerivedNumbers:
    """Mixin for AppState: everything here reads `params` and the `_cache` dict."""

    _cache: dict[str, Any]
    #: "interleaved" or "split" (an AppState field).
    layout: str

    @property
    def params(self) -> Params:  # pragma: no cover - AppState defines it
        raise NotImplementedError

    def _cached(self, key: str, compute: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def _table(self) -> tuple[int, float]:
        """(d_model, base): what every number of the table depends on besides positions."""
        return self.params.d_model, self.params.base

    def omega(self) -> np.ndarray:
        """Inverse frequencies w_i, shape (n_pairs,)."""
        return self._cached("omega", lambda: inverse_frequencies(*self._table()))

    def wavelengths(self) -> np.ndarray:
        """Positions per turn of each hand, shape (n_pairs,)."""
        return self._cached("wavelengths", lambda: wavelengths(*self._table()))

    def column_order(self) -> np.ndarray:
        """The interleaved dimension each column of the current layout holds (core.layout)."""
        return self._cached("order", lambda: column_order(self.params.d_model, self.layout))

    def rotation_matrix(self) -> np.ndarray:
        """Dense R(k) in the current layout's order, restricted to its leading
        min(d_model, MAX_MATRIX_DIM) columns: block-diagonal when interleaved, two diagonal
        bands when split."""

        def compute() -> np.ndarray:
            dims = self.column_order()[:MAX_MATRIX_DIM]
            return rotation_entries(self.pair_angles(), dims)

        return self._cached("rotation", compute)

    def uniqueness(self) -> Uniqueness:
        """Distinct rows, smallest distance and value range of the table (see core.similarity)."""
        return self._cached(
            "uniqueness",
            lambda: uniqueness(self.params.max_len, *self._table()),
        )

    def pair_angles(self) -> np.ndarray:
        """phi_i = k * w_i for the current k, shape (n_pairs,)."""

        def compute() -> np.ndarray:
            phi = pair_angles(self.params.k, *self._table())
            phi.setflags(write=False)
            return phi

        return self._cached("phi", compute)

    def dot_matrix(self, n: int) -> np.ndarray:
        """PE(a) . PE(b) for positions a, b < n, shape (n, n) (see core.similarity)."""
        return dot_matrix(n, *self._table())

    def angles(self, pos: float) -> np.ndarray:
        """theta_i = pos * w_i of every pair, shape (n_pairs,), from the cached w (as
        core.encoding.angles computes them)."""
        return as_positions(pos)[0] * self.omega()

    def pe(self, pos: float) -> np.ndarray:
        """PE(pos), shape (d_model,); read-only, shared by the views drawing one step.

        The last few rows are kept: a step asks for PE(pos) and PE(pos + k) in several views.
        """
        return self._recent("pe", pos, lambda: sin_cos(self.angles(pos)[None])[0])

    def _recent(self, name: str, key: Any, compute: Callable[[], np.ndarray]) -> np.ndarray:
        """compute(), read-only, kept with the last few results of name."""
        recent: dict[Any, np.ndarray] = self._cache.setdefault(name, {})
        if key not in recent:
            if len(recent) >= PE_ROWS_KEPT:
                recent.pop(next(iter(recent)))
            recent[key] = row = compute()
            row.setflags(write=False)
        return recent[key]

    def pe_rows(self, first: int, stop: int) -> np.ndarray:
        """PE rows of positions first..stop-1, shape (stop - first, d_model), read-only.

        Cut from a block of rows that is kept while the steps stay inside it; a new block
        keeps the rows it shares with the old one, so stepping pos computes each row once. The
        block reaches past the rows asked for by up to their number on each side, within
        BLOCK_MARGIN_BYTES: at d_model 8192 a block for 401 rows is 27 MB, not 79 MB.
        """
        block: tuple[int, np.ndarray] | None = self._cache.get("block")
        if block is None or not block[0] <= first <= stop <= block[0] + len(block[1]):
            span = stop - first
            margin = min(span, max(1, BLOCK_MARGIN_BYTES // (16 * self.params.d_model)))
            lo, hi = max(0, first - margin), stop + margin
            self._cache["block"] = block = (lo, self._block(lo, hi, block))
        lo, rows = block
        return rows[first - lo : stop - lo]

    def _block(self, lo: int, hi: int, old: tuple[int, np.ndarray] | None) -> np.ndarray:
        """PE rows of positions lo..hi-1, read-only, copying those the old block holds."""
        rows = np.empty((hi - lo, self.params.d_model))
        a = b = lo  # rows a..b-1 are copied
        if old is not None:
            a, b = max(lo, old[0]), min(hi, old[0] + len(old[1]))
            if a < b:
                rows[a - lo : b - lo] = old[1][a - old[0] : b - old[0]]
            else:
                a = b = lo
        for start, end in ((lo, a), (b, hi)):
            if start < end:
                positions = np.arange(start, end, dtype=np.float64)
                rows[start - lo : end - lo] = sin_cos(positions[:, None] * self.omega())
        rows.setflags(write=False)
        return rows

    def pairs_turning_within(self, positions: int) -> int:
        """How many pairs (0, 1, … in order) have a wavelength shorter than `positions`: each
        turns at least once within that many positions, so a mean over them is not the value
        of any of them."""
        if positions <= 1:
            return 0
        return int(np.searchsorted(self.wavelengths(), positions))

    def rotated(self) -> np.ndarray:
        """R(k) @ PE(pos), computed in O(d_model), shape (d_model,); read-only."""
        p = self.params
        return self._recent(
            "rotated", (p.pos, p.k), lambda: rotate_by(self.pe(p.pos), self.pair_angles())
        )

    def rotation_error(self) -> float:
        """max |R(k)·PE(pos) − PE(pos + k)| over the dimensions: float64 rounding only."""
        p = self.params
        return float(np.max(np.abs(self.rotated() - self.pe(p.pos + p.k))))

    def completes_turn(self) -> np.ndarray:
        """Which hands turn fully over positions 0..max_len−1: (max_len − 1)·ω_i ≥ 2π, i.e.
        wavelength <= max_len − 1; shape (n_pairs,), bool."""
        return self.wavelengths() <= self.params.max_len - 1
