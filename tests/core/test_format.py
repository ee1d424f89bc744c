import pytest

from core.format import fmt, fmt_base, fmt_derived


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
