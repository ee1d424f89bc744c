"""gui/panels/worked.py: the course's worked example, its numbers and its formula."""

import math

from PySide6.QtGui import QGuiApplication

from pe_clock.gui.panels.worked import WorkedView


def test_worked_example_matches_the_course_table(show, state):
    view = show(WorkedView, state)
    cells = [[view.table.item(r, c).text() for c in range(5)] for r in range(4)]
    assert cells[1] == ["1", "0.841", "0.540", "0.010", "1.000"]
    assert cells[2] == ["2", "0.909", "−0.416", "0.020", "1.000"]
    assert [view.table.horizontalHeaderItem(c).text() for c in range(1, 5)] == [
        "dim 0\nsin(pos/1)",
        "dim 1\ncos(pos/1)",
        "dim 2\nsin(pos/100)",
        "dim 3\ncos(pos/100)",
    ]
    state.set(language="ko")  # the course's own headers: 칸 0 … 칸 3
    assert view.table.horizontalHeaderItem(0).text() == "위치 pos"
    assert view.table.horizontalHeaderItem(1).text() == "칸 0\nsin(pos/1)"
    state.set(language="en")
    caption = view.caption.text().replace("<nobr>", "").replace("</nobr>", "")
    assert "10000<sup>0/4</sup> = 1" in caption and "10000<sup>2/4</sup> = 100" in caption
    view.table.setCurrentCell(3, 2)
    assert "PE(3, 1) = cos(3/1)" in view.formula.text()
    assert f"{math.cos(3):.12f}".replace("-", "−") in view.formula.text()


def test_worked_example_follows_pos_and_copies(show, state):
    view = show(WorkedView, state)
    state.set(pos=20)
    view.follow_check.setChecked(True)
    assert view.table.item(0, 0).text() == "20"
    assert view.table.item(0, 1).text() == f"{math.sin(20):.3f}"
    view.copy_csv_button.click()
    csv = QGuiApplication.clipboard().text().splitlines()
    assert csv[0] == "position,sin(pos/1),cos(pos/1),sin(pos/100),cos(pos/100)"
    assert csv[1].split(",")[0] == "20" and len(csv) == 5
    view.copy_text_button.click()
    assert "\t" in QGuiApplication.clipboard().text()


def test_worked_formula_writes_twelve_right_decimals_and_exact_denominators(show, state):
    """At pos 999,996 float64 gets the twelfth decimal of sin(pos/100) wrong (…756, not …755);
    and 707.107 is not 500000^(2/4), so the formula writes the power where √base is inexact."""
    state.set(max_len=1_000_000, pos=999_996)
    view = show(WorkedView, state)
    view.follow_check.setChecked(True)
    view.table.setCurrentCell(0, 3)
    assert "PE(999996, 2) = sin(999996/100)" in view.formula.text()
    assert "−0.267293870755)" in view.formula.text()  # 50-digit value −0.2672938707553636…
    view.table.setCurrentCell(0, 4)
    assert "−0.963615061452)" in view.formula.text()
    state.set(base=500000.0, pos=1)
    view.table.setCurrentCell(0, 3)
    assert "sin(1/500000^(2/4))" in view.formula.text() and "0.001414213091)" in view.formula.text()
    assert "500000<sup>2/4</sup></nobr> ≈ 707.107" in view.caption.text()
    assert view.cells()[0][3] == "sin(pos/500000^(2/4))"
    # The value of the formula as printed: base 1.1, not the float 1.100000000000000088…
    state.set(base=1.1, pos=999_999)
    view.table.setCurrentCell(0, 3)
    assert "sin(999999/1.1^(2/4))" in view.formula.text()
    assert "0.739137619899)" in view.formula.text()  # mpmath; the float base gives …873


def test_worked_caption_tells_a_base_near_one_apart(show, state):
    state.set(base=1 + 1e-12)
    view = show(WorkedView, state)
    text = view.caption.text().replace("<nobr>", "").replace("</nobr>", "")
    assert "1.000000000001<sup>2/4</sup> ≈ 1.0000000000005" in text
    state.set(base=10000.0)
    assert "<nobr>10000<sup>2/4</sup></nobr> = 100" in view.caption.text()
