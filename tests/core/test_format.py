import pytest

from pe_clock.core.format import fmt, fmt_base, fmt_derived


@pytest.mark.parametrize(
    ("base", "text"),
    [
        (10000.0, "10000"),
        (500000.0, "500000"),
        (1_000_000.0, "1000000"),
        (1 + 1e-12, "1.000000000001"),
        (2.5, "2.5"),
        (1e16, "1e+16"),
        (123456789.125, "123456789.125"),
    ],
)
def test_the_base_is_printed_with_the_digits_that_tell_it_apart(base, text):
    assert fmt_base(base) == text
    assert float(fmt_base(base)) == base  # it reads back as exactly this base


def test_numbers_derived_from_the_base_keep_the_digits_it_needs():
    assert fmt_derived(10000.0**0.5, 10000.0) == "100"
    assert fmt_derived(500000.0**0.5, 500000.0) == "707.107"
    close = 1 + 1e-12
    assert fmt_derived(close**0.5, close) != "1"
    assert float(fmt_derived(close**0.5, close)) == close**0.5


def test_fmt_uses_a_true_minus_and_no_negative_zero():
    assert fmt(-0.25, 2) == "−0.25"
    assert fmt(-0.00001, 3) == "0.000"


def test_printed_factors_multiply_to_the_printed_angle():
    """The audit's case: sin(999999 × 0.663601) printed as sin(663601 rad); the true angle is
    663600.574… and its sine 0.687, not 0.926."""
    import math

    from pe_clock.core.encoding import inverse_frequencies
    from pe_clock.core.format import fmt_angle, fmt_factor

    omega = float(inverse_frequencies(512, 10000.0)[10])
    pos = 999999
    printed = float(fmt_factor(omega, pos))
    assert abs(pos * printed - pos * omega) < 5e-7  # the factors give the angle to 6 decimals
    text = fmt_angle(pos * omega)
    angle, reduced = text.split(" = ")
    assert angle == f"{pos * omega:.6f} rad"
    turns, rest = reduced.split(" × 2π + ")
    rest_value = float(rest.removesuffix(" rad"))
    assert 0 <= rest_value < 2 * math.pi
    assert int(turns.replace(",", "")) * 2 * math.pi + rest_value == pytest.approx(pos * omega)
    assert math.sin(rest_value) == pytest.approx(math.sin(pos * omega), abs=1e-6)
    assert fmt_angle(1.5) == "1.500000 rad"


def test_a_turned_hand_reads_below_360_and_minus_signs_agree():
    import math

    from pe_clock.core.format import fmt_angle, fmt_turned

    assert fmt_turned(math.radians(359.96)) == "0.0"  # not "360.0"
    assert fmt_turned(math.radians(-90)) == "270.0" and fmt_turned(math.radians(171.94)) == "171.9"
    assert fmt_angle(-7.0) == "−7.000000 rad = −2 × 2π + 5.566371 rad"
