import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pe_clock.core.encoding import encode, inverse_frequencies
from pe_clock.core.rotation import pair_angles, pair_rotation, relative_rotation, rotate

positions = st.integers(0, 99_999)
offsets = st.integers(0, 99_999)
widths = st.integers(1, 512).map(lambda h: 2 * h)
bases = st.floats(10, 1e7)


def test_pair_rotation_closed_form():
    phi = 0.3
    expected = [[np.cos(phi), np.sin(phi)], [-np.sin(phi), np.cos(phi)]]
    np.testing.assert_allclose(pair_rotation(phi), expected, rtol=0, atol=1e-16)
    assert pair_rotation(np.zeros((4, 3))).shape == (4, 3, 2, 2)


def test_pair_rotation_turns_the_hand_clockwise():
    theta, phi = 0.4, 1.1
    turned = pair_rotation(phi) @ [np.sin(theta), np.cos(theta)]
    np.testing.assert_allclose(turned, [np.sin(theta + phi), np.cos(theta + phi)], atol=1e-15)
    # 12 o'clock (0, 1) turned by a quarter turn lands on 3 o'clock (1, 0): clockwise.
    np.testing.assert_allclose(pair_rotation(np.pi / 2) @ [0, 1], [1, 0], atol=1e-15)


def test_relative_rotation_is_block_diagonal():
    r = relative_rotation(3, 8)
    omega = inverse_frequencies(8)
    for i, w in enumerate(omega):
        np.testing.assert_allclose(r[2 * i : 2 * i + 2, 2 * i : 2 * i + 2], pair_rotation(3 * w))
    mask = np.kron(np.eye(4), np.ones((2, 2))) == 0
    assert np.all(r[mask] == 0)


def test_pair_angles():
    np.testing.assert_allclose(pair_angles(5, 4), [5.0, 0.05], rtol=1e-15)


@given(pos=positions, k=offsets, d_model=widths, base=bases)
def test_rotation_moves_pe_by_k(pos, k, d_model, base):
    r = relative_rotation(k, d_model, base)
    pe = encode(pos, d_model, base)[0]
    np.testing.assert_allclose(r @ pe, encode(pos + k, d_model, base)[0], rtol=0, atol=1e-9)


@given(k=st.integers(-99_999, 99_999), d_model=st.integers(1, 64).map(lambda h: 2 * h), base=bases)
def test_rotation_is_orthogonal_and_inverse_is_transpose(k, d_model, base):
    r = relative_rotation(k, d_model, base)
    np.testing.assert_allclose(r @ r.T, np.eye(d_model), atol=1e-12)
    np.testing.assert_allclose(relative_rotation(-k, d_model, base), r.T, atol=1e-15)


@given(
    a=st.integers(-99_999, 99_999),
    b=st.integers(-99_999, 99_999),
    d_model=st.integers(1, 64).map(lambda h: 2 * h),
    base=bases,
)
def test_rotations_compose(a, b, d_model, base):
    np.testing.assert_allclose(
        relative_rotation(a, d_model, base) @ relative_rotation(b, d_model, base),
        relative_rotation(a + b, d_model, base),
        atol=1e-9,
    )


@given(
    k=st.floats(-1e5, 1e5),
    d_model=st.integers(1, 128).map(lambda h: 2 * h),
    base=bases,
    seed=st.integers(0, 2**32 - 1),
)
def test_rotate_equals_dense_product(k, d_model, base, seed):
    v = np.random.default_rng(seed).normal(size=(3, 2, d_model))
    np.testing.assert_allclose(
        rotate(v, k, d_model, base), v @ relative_rotation(k, d_model, base).T, atol=1e-12
    )


def test_rotate_scales_to_8192_without_dense_matrix():
    pe = encode([10, 20], 8192)
    np.testing.assert_allclose(rotate(pe, 7, 8192), encode([17, 27], 8192), atol=1e-12)


@pytest.mark.parametrize(
    ("func", "args", "name"),
    [
        (relative_rotation, (float("nan"), 8), "k"),
        (relative_rotation, (1e9, 8), "k"),
        (relative_rotation, (True, 8), "k"),
        (relative_rotation, (1, 9), "d_model"),
        (relative_rotation, (1, 8, 1.0), "base"),
        (rotate, (np.zeros(6), 1, 8), "vectors"),
        (rotate, (np.zeros(8), "1", 8), "k"),
        (pair_rotation, (float("inf"),), "phi"),
    ],
)
def test_invalid_input_is_refused(func, args, name):
    with pytest.raises(ValueError, match=f"^{name} must .*got"):
        func(*args)


@given(
    pos=st.integers(0, 10**7),
    k=st.integers(-(10**6), 10**6),
    d_model=st.integers(1, 256).map(lambda h: 2 * h),
    base=st.floats(10, 1e9),
)
def test_identity_holds_at_the_edges(pos, k, d_model, base):
    """Positions up to 10^7 and bases up to 10^9: R(k)·PE(pos) = PE(pos + k) within 1e-6."""
    if pos + k < 0:
        k = -pos
    np.testing.assert_allclose(
        rotate(encode(pos, d_model, base), k, d_model, base),
        encode(pos + k, d_model, base),
        rtol=0,
        atol=1e-6,
    )


@settings(max_examples=300, deadline=None)
@given(
    pos=st.integers(10**5, 2 * 10**6),
    d_model=st.integers(2, 4096).map(lambda n: 2 * n),
    base=st.sampled_from([1.5, 100.0, 10000.0, 500000.0, 1e6, 1e9]),
)
def test_the_largest_rounded_angle_bounds_the_float64_angles_real_error(pos, d_model, base):
    """Against a 50-digit angle (decimal): pair 1's float64 angle pos·ω_1, as the app computes
    it, is within the bound, and the bound is not loose by more than a few units."""
    import decimal
    import math

    from pe_clock.core.encoding import angles
    from pe_clock.core.rotation import largest_rounded_angle

    angle, error = largest_rounded_angle(pos, d_model, base)
    computed = float(angles(pos, d_model, base)[0, 1])
    assert angle == computed
    with decimal.localcontext() as ctx:
        ctx.prec = 50
        exact = decimal.Decimal(pos) * decimal.Decimal(base) ** (
            decimal.Decimal(-2) / decimal.Decimal(d_model)
        )
        assert abs(decimal.Decimal(computed) - exact) <= decimal.Decimal(error)
    assert error <= 3 * math.ulp(angle) + math.log(base) * 2 / d_model * 2**-53 * angle


def test_no_angle_is_rounded_with_pair_0_alone():
    from pe_clock.core.rotation import largest_rounded_angle

    assert largest_rounded_angle(10**7, 2, 10000.0) is None  # pos × 1 is exact
