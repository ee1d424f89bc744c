"""gui/panels/wavelength.py: the wavelength ruler."""

import math
import re

import pytest

from pe_clock.core.encoding import wavelengths
from pe_clock.gui.panels.wavelength import WavelengthView


def test_wavelength_ruler_counts_pairs_that_never_turn(show, state):
    view = show(WavelengthView, state)
    waves = wavelengths(512)
    done = int((waves <= 49).sum())
    assert f"<b>{done}</b> of 256 pairs" in view.summary.text()
    assert len(view.finishing.data) == done and len(view.never.data) == 256 - done
    state.set(base=500000.0)  # a rope_theta: longer wavelengths, fewer finish
    assert len(view.finishing.data) == int((wavelengths(512, 500000.0) <= 49).sum()) < done
    # The line is where the rule is: 49 steps from position 0 to position 49.
    assert view.max_len_line.value() == pytest.approx(math.log10(49))
    # The true range: pair 0 takes 2π, pair 255 takes 2π·base^(1 − 2/512), not "nearly 2π·base".
    longest = 2 * math.pi * 500000.0 ** (1 - 2 / 512)
    shown = re.sub("<[^>]+>", "", view.caption.text()).replace("&nbsp;", " ")
    assert f"= {longest:,.0f} (pair 255)" in shown
