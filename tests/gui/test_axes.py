"""gui/widgets/axes.py: axes that write their numbers out."""

import math


def test_log_axes_write_their_numbers_out():
    from pe_clock.gui.widgets.axes import PlainLogAxis

    axis = PlainLogAxis("left")
    assert axis.logTickStrings([1.0, 2.0, 4.0, 6.0], 1, 1) == ["10", "100", "10,000", "1,000,000"]
    # One notation per ruler: it mixed "1,000,000" with "1e8" (the Extension tab at L0 1e6).
    wide = axis.logTickStrings([1.0, 2.0, 4.0, 6.0, 8.0], 1, 1)
    assert wide == ["1e1", "1e2", "1e4", "1e6", "1e8"]
    # Asked level by level, a ruler up to 1e7 writes its minor level as its major one.
    axis.setLogMode(False, True)
    axis.setRange(0.5, 7.2)
    assert axis.logTickStrings([2.0, 4.0, 6.0], 1, 1) == ["1e2", "1e4", "1e6"]


def test_log_axes_label_powers_of_ten_only(qapp):
    from pe_clock.gui.widgets.axes import PlainLogAxis

    axis = PlainLogAxis("left")
    values = [-2, -1, math.log10(0.2), 0, math.log10(2), 1, 4, 7]
    assert axis.logTickStrings(values[:-1], 1, 1) == ["0.01", "0.1", "", "1", "", "10", "10,000"]
    assert axis.logTickStrings(values, 1, 1) == ["1e−2", "1e−1", "", "1e0", "", "1e1", "1e4", "1e7"]
