import numpy as np
import pytest

from pe_clock.core.binning import mean_columns, screen_image
from pe_clock.core.encoding import encode
from pe_clock.core.layout import (
    LAYOUTS,
    check_layout,
    column_of,
    column_order,
    pair_of,
    rotation_entries,
)
from pe_clock.core.rotation import pair_angles, relative_rotation


def test_split_puts_every_sine_first_then_every_cosine():
    order = column_order(8, "split")
    assert order.tolist() == [0, 2, 4, 6, 1, 3, 5, 7]
    assert column_order(8, "interleaved").tolist() == list(range(8))
    pe = encode([5], 8)[0]
    angles = 5 * 10000.0 ** (-np.arange(4) / 4)
    np.testing.assert_allclose(pe[order], np.concatenate([np.sin(angles), np.cos(angles)]))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_columns_and_dimensions_map_both_ways(layout):
    order = column_order(64, layout)
    for column in range(64):
        dim = int(order[column])
        assert column_of(dim, 64, layout) == column
        assert pair_of(column, 64, layout) == (dim // 2, bool(dim % 2))


def test_r_of_k_in_the_split_layout_is_the_permuted_matrix():
    phi = pair_angles(3, 16)
    order = column_order(16, "split")
    dense = relative_rotation(3, 16)
    np.testing.assert_allclose(rotation_entries(phi, order), dense[np.ix_(order, order)])
    np.testing.assert_allclose(rotation_entries(phi, np.arange(16)), dense)
    split = rotation_entries(phi, order)
    # Two diagonal bands: cos on the main diagonal, ±sin half a matrix away.
    np.testing.assert_allclose(np.diag(split), np.cos(np.tile(phi, 2)))
    np.testing.assert_allclose(np.diag(split, 8), np.sin(phi))
    np.testing.assert_allclose(np.diag(split, -8), -np.sin(phi))


@pytest.mark.parametrize("columns", [(0, 64, 1), (10, 50, 1), (0, 64, 4), (30, 35, 2)])
def test_the_split_heatmap_shows_the_permuted_table(columns):
    rows = (3, 40, 1)
    start, stop, group = columns
    table = encode(np.arange(3, 40), 64)[:, column_order(64, "split")][:, start:stop]
    np.testing.assert_allclose(
        screen_image(rows, columns, 64, layout="split"), mean_columns(table, group), atol=1e-12
    )


def test_an_unknown_layout_is_refused():
    with pytest.raises(ValueError, match="layout"):
        check_layout("diagonal")
