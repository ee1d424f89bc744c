"""gui/figures/dial_grid.py: the dial grid's labels."""


def test_dial_labels_write_wavelengths_out():
    """Not 6.3k: beside the dials, k is the offset; and never 1e+03 or 1000k."""
    from pe_clock.gui.figures.dial_grid import compact

    assert [compact(w) for w in (6.2832, 62.832, 628.32, 999.68, 60611.5, 999_999.6)] == [
        "6.28", "62.8", "628", "1,000", "60,612", "1,000,000"
    ]  # fmt: skip
