import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pe_clock.core.binning import max_abs_pool, mean_columns, mean_rows, screen_image
from pe_clock.core.encoding import positional_encoding, sin_cos_progression


def test_step_one_is_the_table():
    np.testing.assert_allclose(mean_rows(0, 50, 1, 512), positional_encoding(50, 512), atol=1e-14)
    np.testing.assert_allclose(
        mean_rows(17, 40, 1, 64), positional_encoding(23, 64, start=17), atol=1e-14
    )


@settings(max_examples=60, deadline=None)
@given(
    start=st.integers(0, 10**6),
    length=st.integers(1, 3000),
    step=st.integers(1, 400),
    d_model=st.integers(1, 32).map(lambda h: 2 * h),
    base=st.floats(10, 1e6),
)
def test_block_means_equal_the_slow_mean(start, length, step, d_model, base):
    fast = mean_rows(start, start + length, step, d_model, base)
    table = positional_encoding(length, d_model, base, start=start)
    slow = np.stack([table[r : r + step].mean(axis=0) for r in range(0, length, step)])
    np.testing.assert_allclose(fast, slow, atol=1e-9)


def test_only_the_pairs_asked_for():
    np.testing.assert_allclose(
        mean_rows(5, 900, 11, 256, pairs=(10, 20)), mean_rows(5, 900, 11, 256)[:, 20:40], atol=1e-14
    )


def test_mean_columns_with_a_short_last_group():
    values = np.arange(14.0).reshape(2, 7)
    np.testing.assert_allclose(mean_columns(values, 3), [[1, 4, 6], [8, 11, 13]])
    assert mean_columns(values, 1) is values


@pytest.mark.parametrize(
    ("rows", "columns"),
    [
        ((0, 1000, 9), (3, 61, 4)),
        ((999_000, 1_000_000, 37), (0, 64, 1)),
        ((20, 21, 1), (63, 64, 1)),
    ],
)
def test_screen_image_pixels_are_means_of_what_they_cover(rows, columns):
    image = screen_image(rows, columns, 64)
    (r0, r1, step), (c0, c1, group) = rows, columns
    table = positional_encoding(r1 - r0, 64, start=r0)[:, c0:c1]
    assert image.shape == (-(-(r1 - r0) // step), -(-(c1 - c0) // group))
    for r in range(image.shape[0]):
        for c in range(image.shape[1]):
            block = table[r * step : (r + 1) * step, c * group : (c + 1) * group]
            assert image[r, c] == pytest.approx(block.mean(), abs=1e-10)


def test_progression_matches_direct_evaluation():
    omega = np.array([1.0, 0.01, 1e-4])
    out = sin_cos_progression(3.5, 7.0, 1000, omega)
    angles = (3.5 + 7.0 * np.arange(1000))[:, None] * omega
    np.testing.assert_allclose(out[..., 0], np.sin(angles), atol=1e-11)
    np.testing.assert_allclose(out[..., 1], np.cos(angles), atol=1e-11)


def test_bad_windows_are_refused():
    with pytest.raises(ValueError, match="stop"):
        mean_rows(10, 10, 1, 8)
    with pytest.raises(ValueError, match="step"):
        mean_rows(0, 10, 0, 8)
    with pytest.raises(ValueError, match="column stop"):
        screen_image((0, 10, 1), (4, 3, 1), 8)


def test_max_abs_pool_keeps_the_diagonal():
    m = np.eye(512) * 0.5
    pooled = max_abs_pool(m, 128)
    assert pooled.shape == (128, 128)
    np.testing.assert_allclose(np.diag(pooled), 0.5)
    assert max_abs_pool(m, 1024) is m


def test_more_dimensions_than_pixels_are_averaged_never_dropped():
    """512 columns on 400 pixels were sampled nearest-neighbour: 112 of them dropped, and
    stripes the table does not have. Every pixel column now means the dimensions under it."""
    from pe_clock.core.binning import column_group

    assert column_group(512, 512) == 1 and column_group(512, 1000) == 1
    assert column_group(512, 511) == 2 and column_group(512, 400) == 2
    assert column_group(8192, 700) == 12 and column_group(512, 0) == 1
    for columns in range(2, 600, 7):
        for pixels in range(1, 700, 13):
            group = column_group(columns, pixels)
            assert -(-columns // group) <= pixels  # every pixel column a mean, none dropped
            assert (group == 1) == (columns <= pixels)
