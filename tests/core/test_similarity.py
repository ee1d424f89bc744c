import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pe_clock.core.encoding import positional_encoding
from pe_clock.core.similarity import (
    distance_by_offset,
    dot_by_offset,
    dot_matrix,
    measured_dots,
    uniqueness,
)


@given(
    p=st.integers(0, 5000),
    q=st.integers(0, 5000),
    k=st.integers(-200, 200),
    d_model=st.integers(1, 128).map(lambda h: 2 * h),
)
def test_dot_product_depends_on_offset_only(p, q, k, d_model):
    dots = measured_dots([p, q], [k], d_model)
    closed = dot_by_offset([k], d_model)[0]
    for value, pos in zip(dots[:, 0], (p, q), strict=True):
        if pos + k >= 0:
            assert value == pytest.approx(closed, abs=1e-9)
        else:
            assert np.isnan(value)


def test_dot_matrix_is_toeplitz_with_d_over_2_diagonal():
    m = dot_matrix(30, 64)
    np.testing.assert_allclose(np.diag(m), 32.0, atol=1e-12)
    np.testing.assert_allclose(m, m.T, atol=1e-12)
    for offset in (1, 7, 20):
        np.testing.assert_allclose(np.diag(m, offset), dot_by_offset([offset], 64)[0], atol=1e-10)


def test_distance_matches_brute_force():
    table = positional_encoding(40, 32)
    brute = np.linalg.norm(table[5:] - table[:-5], axis=1)
    np.testing.assert_allclose(brute, distance_by_offset([5], 32)[0], atol=1e-12)


def test_seed_figure_has_fifty_distinct_rows():
    u = uniqueness(50, 512)
    assert u.distinct == 50 and u.positions == 50
    assert round(u.min_value, 3) == -1.0 and round(u.max_value, 3) == 1.0
    table = positional_encoding(50, 512)
    pairwise = np.linalg.norm(table[:, None] - table[None], axis=-1)
    pairwise[np.eye(50, dtype=bool)] = np.inf
    assert u.min_distance == pytest.approx(pairwise.min(), abs=1e-12)
    assert u.offsets_checked == 49


@pytest.mark.parametrize(("n", "d_model", "decimals"), [(1000, 2, 2), (300, 4, 1), (64, 8, 6)])
def test_distinct_count_matches_rounded_rows(n, d_model, decimals):
    u = uniqueness(n, d_model, decimals=decimals)
    expected = len(np.unique(positional_encoding(n, d_model).round(decimals), axis=0))
    assert u.distinct == expected


def test_large_tables_stay_within_budget():
    u = uniqueness(1_000_000, 8192, budget=1 << 20)
    assert u.offsets_checked < 999_999 and u.values_rows < 1_000_000
    assert u.distinct is None
    assert u.min_distance > 0


def test_single_position():
    u = uniqueness(1, 8)
    assert u.distinct == 1 and u.offsets_checked == 0


def test_the_distance_does_not_cancel_for_the_nearest_rows():
    """d_model 2, max_len 1,000,000: rows 312,689 apart are 2|sin(312689/2)| = 2.9006994e-06
    apart (mpmath); d − 2·Σcos cancelled to 2.90072e-06."""
    assert distance_by_offset([312_689], 2)[0] == pytest.approx(2.9006994e-06, rel=1e-7)
