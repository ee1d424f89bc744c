import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pe_clock.core.encoding import (
    BLOCK_VALUES,
    MAX_TABLE_VALUES,
    angles,
    encode,
    encode_range,
    inverse_frequencies,
    positional_encoding,
    wavelengths,
)


def closed_form(pos: float, dim: int, d_model: int, base: float = 10000.0) -> float:
    """PE(pos, dim) written exactly as in the paper, one value at a time."""
    i = dim // 2
    theta = pos / base ** (2 * i / d_model)
    return math.sin(theta) if dim % 2 == 0 else math.cos(theta)


def test_worked_example_of_the_course():
    expected = [
        [0, 1, 0, 1],
        [0.841, 0.540, 0.010, 1.000],
        [0.909, -0.416, 0.020, 1.000],
        [0.141, -0.990, 0.030, 1.000],
    ]
    np.testing.assert_array_equal(positional_encoding(4, 4).round(3), expected)


def test_seed_figure_50_by_512():
    table = positional_encoding(50, 512)
    assert table.shape == (50, 512)
    assert table.dtype == np.float64
    assert table.flags.c_contiguous
    assert round(table.min(), 3) == -1.0
    assert round(table.max(), 3) == 1.0
    assert len(np.unique(table.round(6), axis=0)) == 50


@pytest.mark.parametrize(
    ("max_len", "d_model", "base", "start"),
    [
        (1, 2, 10000.0, 0),
        (7, 6, 10.0, 3),
        (50, 512, 10000.0, 0),
        (33, 64, 500000.0, 1000),
        (3, 8, 1e6, 2.5),
        (1000, 16, 10000.0, 123456),
    ],
)
def test_every_cell_matches_the_paper(max_len, d_model, base, start):
    table = positional_encoding(max_len, d_model, base, start)
    expected = np.array(
        [
            [closed_form(start + p, dim, d_model, base) for dim in range(d_model)]
            for p in range(max_len)
        ]
    )
    # Angles up to ~1e6 rad carry ~1e-10 of rounding in any float64 evaluation.
    np.testing.assert_allclose(table, expected, rtol=0, atol=1e-9 if start > 1000 else 1e-12)


def test_interleaved_not_split_halves():
    row = positional_encoding(2, 8)[1]
    omega = inverse_frequencies(8)
    np.testing.assert_allclose(row[0::2], np.sin(omega), atol=1e-15)
    np.testing.assert_allclose(row[1::2], np.cos(omega), atol=1e-15)


def test_large_table_agrees_with_extended_precision():
    n, d = 8192, 1024
    exact_angles = np.arange(n, dtype=np.longdouble)[:, None] * np.power(
        np.longdouble(10000), -np.arange(0, d, 2, dtype=np.longdouble) / d
    )
    table = positional_encoding(n, d)
    assert float(np.abs(table[:, 0::2] - np.sin(exact_angles)).max()) < 2e-12
    assert float(np.abs(table[:, 1::2] - np.cos(exact_angles)).max()) < 2e-12


def test_inverse_frequencies_and_wavelengths():
    omega = inverse_frequencies(4)
    np.testing.assert_allclose(omega, [1.0, 1 / 100], rtol=1e-15)
    np.testing.assert_allclose(wavelengths(4), [2 * np.pi, 200 * np.pi], rtol=1e-15)
    w = wavelengths(512, 500000.0)
    assert w.shape == (256,)
    np.testing.assert_allclose(w[-1], 2 * np.pi * 500000.0 ** (510 / 512), rtol=1e-14)
    assert np.all(np.diff(w) > 0)


def test_angles_accepts_int_sequence_array_and_fractions():
    omega = inverse_frequencies(6)
    np.testing.assert_allclose(angles(3, 6), [3 * omega])
    np.testing.assert_allclose(angles([0, 1.5], 6), np.outer([0, 1.5], omega))
    np.testing.assert_allclose(angles(np.array([[2], [4]]), 6), np.outer([2, 4], omega))
    assert angles([0, 1, 2], 6).shape == (3, 3)


def test_encode_matches_table_rows():
    np.testing.assert_allclose(
        encode([0, 5, 9], 64), positional_encoding(10, 64)[[0, 5, 9]], atol=1e-14
    )


@given(
    pos=st.floats(0, 1e5),
    d_model=st.integers(1, 512).map(lambda h: 2 * h),
    base=st.floats(10, 1e7),
)
def test_every_pair_has_unit_norm(pos, d_model, base):
    row = encode(pos, d_model, base)[0]
    assert np.all(np.abs(row) <= 1.0)
    np.testing.assert_allclose(row[0::2] ** 2 + row[1::2] ** 2, 1.0, atol=1e-14)
    assert math.isclose(float(row @ row), d_model / 2, rel_tol=1e-12)


BAD = [
    (positional_encoding, (4, 7), "d_model"),
    (positional_encoding, (4, 0), "d_model"),
    (positional_encoding, (4, -2), "d_model"),
    (positional_encoding, (4, 8194), "d_model"),
    (positional_encoding, (4, 8.0 + 0.5), "d_model"),
    (positional_encoding, (4, True), "d_model"),
    (positional_encoding, (4, "8"), "d_model"),
    (positional_encoding, (0, 8), "max_len"),
    (positional_encoding, (7.5, 8), "max_len"),
    (positional_encoding, (False, 8), "max_len"),
    (positional_encoding, (2_000_000, 8), "max_len"),
    (positional_encoding, (4, 8, 1.0), "base"),
    (positional_encoding, (4, 8, 0.5), "base"),
    (positional_encoding, (4, 8, float("nan")), "base"),
    (positional_encoding, (4, 8, float("inf")), "base"),
    (positional_encoding, (4, 8, 10000.0, -1), "start"),
    (positional_encoding, (4, 8, 10000.0, float("nan")), "start"),
    (positional_encoding, (1_000_000, 8192), "max_len * d_model"),
    (inverse_frequencies, (5,), "d_model"),
    (wavelengths, (8, -3.0), "base"),
    (angles, (-1, 8), "positions"),
    (angles, ([0, float("nan")], 8), "positions"),
    (angles, (True, 8), "positions"),
    (angles, (["a"], 8), "positions"),
    (encode, ([1, -2], 8), "positions"),
]


@pytest.mark.parametrize(("func", "args", "name"), BAD)
def test_invalid_input_is_refused_with_a_message(func, args, name):
    with pytest.raises(ValueError, match="must be") as info:
        func(*args)
    message = str(info.value)
    assert message.startswith(name)
    assert "got" in message


def test_odd_d_model_message_explains_the_pairs():
    with pytest.raises(ValueError, match=r"even integer.*clock hand.*got 7"):
        positional_encoding(4, 7)


def test_table_limit_is_documented_constant():
    assert MAX_TABLE_VALUES == 2**27


@pytest.mark.parametrize("layout", ["interleaved", "split"])
def test_a_whole_table_is_built_into_its_result(layout):
    """Issue 35, point 6: pe_clock.table(16384, 8192), allowed at 1 GiB, peaked at 3.1 GB
    (angles, sines and cosines, then a reordered copy). Built a block of rows at a time, it
    costs itself and a block, and equals encode() bit for bit, in either layout."""
    from pe_clock.core.layout import column_order

    order = column_order(2048, layout)
    tracemalloc.start()
    try:
        table = encode_range(3000, 2048, 500.0, order)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < table.nbytes + 4 * BLOCK_VALUES * 8
    assert table.flags.c_contiguous
    np.testing.assert_array_equal(table, encode(np.arange(3000), 2048, 500.0)[:, order])
