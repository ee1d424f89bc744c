"""Colours for every eye: two colours that mean different things on one plot stay ΔE 20 apart
(CAM02-UCS) under simulated protanopia, deuteranopia and tritanopia, or differ in a way that
needs no colour (a dash, a symbol, a label), in both themes, in the window and on stage; text
meets WCAG's 4.5:1."""

import itertools

import pytest

from pe_clock.core.models.opened import open_model
from pe_clock.gui.export import render as export
from pe_clock.gui.look.themes import SERIES_STYLES, THEMES
from pe_clock.gui.views import STAGE_VIEWS, VIEW_NAMES
from tests.gui.contrast import contrast
from tests.gui.marks import DEFICIENCIES, LEAST, confused, distance, marks_by_plot
from tests.models import configs
from tests.models.files import smooth_table, write_model

#: The models that add marks: the scaling tab's model curves (Phi-3: its long factors too),
#: ALiBi's heads beyond the three drawn (BLOOM's 16), a learned table's curves (GPT-2).
MODELS = {
    "scaling": (configs.PHI_3_MINI_128K, None),
    "alibi": (configs.BLOOM_560M, None),
    "learned": (configs.GPT_2, (1024, 768)),
}


def rgb(colour) -> list[int]:
    return [colour.red(), colour.green(), colour.blue()]


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("view", VIEW_NAMES)
def test_no_two_marks_of_a_plot_differ_only_in_colours_an_eye_merges(view, theme, state, tmp_path):
    if view in MODELS:
        config, table = MODELS[view]
        tensors = None if table is None else {"wpe.weight": ("F32", smooth_table(*table))}
        state.show_model(open_model(write_model(tmp_path / view, config, tensors)))
    state.set(theme=theme, pos=20, scaling_method="all")
    sizes = [(1600, 900, False)] + [(1920, 1080, True)] * (view in STAGE_VIEWS)
    for width, height, stage in sizes:
        with export.staged(view, state, width, height, False, stage) as figure:
            plots = marks_by_plot(figure.widget, figure.theme)
        assert any(plots) or view in {"embedding", "worked", "why"}  # the check saw marks
        assert confused(plots) == [], (view, theme, stage)


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_pos_pos_k_the_selected_pair_and_the_hands_differ_by_colour_alone(theme):
    """The marks drawn together on the heatmap and the dials, and the large clock's three
    hands: apart by colour alone for every eye, whatever else differs."""
    for group in ((theme.pos, theme.offset, theme.select), theme.hands):
        for a, b in itertools.combinations(group, 2):
            for deficiency in (None, *DEFICIENCIES):
                assert distance(a.name(), b.name(), deficiency) >= LEAST, (a.name(), b.name())


def test_every_series_has_a_dash_of_its_own():
    assert len(set(SERIES_STYLES)) == len(SERIES_STYLES) == len(THEMES["light"].curves) + 1


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_text_and_marks_stand_out_from_the_background(theme):
    """Text (and the words a key colours: pos, pos + k, the selected pair, the hands) at
    least 4.5:1 against the background; lines and points at least 3:1 (WCAG 1.4.3, 1.4.11)."""
    back = rgb(theme.background)
    words = [theme.text, theme.dim_text, theme.title, theme.pos, theme.offset, theme.select]
    for colour in [*words, *theme.hands, theme.warning]:
        assert contrast(rgb(colour), back) >= 4.5, colour.name()
    for colour in [*theme.curves, theme.fifth, theme.dial_rim]:
        assert contrast(rgb(colour), back) >= 3.0, colour.name()


def test_every_word_in_the_window_meets_4_5_to_1(window, qtbot):
    """Every label of every tab, in its colour and in the colours its rich text gives words
    (the hands, pos + k, the selected pair), against the window's background (WCAG 1.4.3)."""
    import re

    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QLabel

    from pe_clock.gui.views import TABS

    back = rgb(window.palette().color(QPalette.ColorRole.Window))
    coloured = re.compile(r"color:\s*(#[0-9a-fA-F]{6})")
    # A key's sample of a curve is a line set in type: 3:1, as any line (WCAG 1.4.11).
    sample = re.compile(r"<b style='color:#[0-9a-fA-F]{6}'>(?:━|•|&nbsp;)+</b>")
    low: dict[str, float] = {}
    for index, spec in enumerate(TABS):
        window.tabs.setCurrentIndex(index)
        qtbot.waitUntil(lambda spec=spec: window.panel(spec.name).isVisible())
        for label in window.findChildren(QLabel):
            if not label.isVisible() or not label.isEnabled() or not label.text():
                continue
            colours = [label.palette().color(label.foregroundRole())]
            colours += [QColor(found) for found in coloured.findall(sample.sub("", label.text()))]
            lines = [
                QColor(found) for found in coloured.findall("".join(sample.findall(label.text())))
            ]
            for colour, least in [*((c, 4.5) for c in colours), *((c, 3.0) for c in lines)]:
                ratio = float(contrast(rgb(colour), back))
                if ratio < least:
                    low[f"{spec.name}: {colour.name()} in {label.text()[:40]!r}"] = ratio
    assert low == {}
