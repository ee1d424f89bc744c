"""gui/model/fields.py: a field's declaration, its control's check and range, its text form."""

import re

import pytest

from pe_clock.gui.model.fields import DOCK, FIGURE, ROW, Bounds, Control, StateField
from pe_clock.gui.model.picture import Picture


def test_a_controls_range_step_and_choices_are_its_check():
    even = Control("rope.head_dim", 2, 8, step=2, name="head_dim")
    assert even.check(int, 4) == 4 and even.check(int, 6.0) == 6
    for refused in (3, 10, 0, 2.5, True, "4"):
        with pytest.raises(ValueError, match="head_dim must be"):
            even.check(int, refused)
    choice = Control("rope.layout", choices={"a": "x.a", "b": "x.b"}, name="rope_layout")
    assert choice.check(str, "b") == "b"
    with pytest.raises(ValueError, match="one of a, b"):
        choice.check(str, "c")
    real = Control("scaling.factor", 1.0, 64.0, name="factor")
    assert real.check(float, 64) == 64.0
    with pytest.raises(ValueError, match="factor must be"):
        real.check(float, float("nan"))


def test_a_field_checks_by_its_control_unless_it_declares_a_check():
    field = StateField(3, control=Control("alibi.heads", 1, 8, name="heads"))
    assert field.check is not None and field.check(8, {}) == 8
    with pytest.raises(ValueError, match="heads must be"):
        field.check(9, {})


def test_a_range_that_follows_other_fields_is_its_bounds_else_its_controls():
    bounded = StateField(0, bounds=Bounds(("d_model",), lambda v: (0, v["d_model"] // 2 - 1)))
    assert bounded.allowed({"d_model": 8}) == (0, 3)
    plain = StateField(2, control=Control("x", 1, 5))
    assert plain.allowed({}) == (1, 5)
    picture = Picture()
    picture.set(d_model=16, k=-3, pos=10)
    assert picture.allowed("selected_pair") == (0, 7)
    assert picture.allowed("pos") == (3, picture.max_len - 1)


def test_every_control_has_a_place_and_a_bounded_range_lies_in_its_declared_one():
    places = {field.control.place for field in Picture.FIELDS.values() if field.control}
    assert places <= {ROW, DOCK, FIGURE}
    for name, field in Picture.FIELDS.items():
        if field.bounds is not None:  # a bounded range is within the declared one
            assert field.control is not None, name
            lo, hi = Picture().allowed(name)
            assert field.control.lo <= lo <= hi <= field.control.hi, name


def test_a_fields_text_form_reads_back():
    for name, field in Picture.FIELDS.items():
        value = getattr(Picture(), name)
        assert field.from_text(field.to_text(value)) == value, name
    assert Picture.FIELDS["d_model"].signal_name == "dModelChanged"


def test_a_controls_texts_are_plain_in_every_language():
    """A list's items, a label and a tooltip are plain text in Qt's and the page's controls:
    the Korean "half" layout showed its <nobr> tags in both."""
    from pe_clock.core.i18n import LANGUAGES, speaking, tr

    for field in Picture.FIELDS.values():
        control = field.control
        if control is None:
            continue
        keys = [control.label, field.tip, *control.choices.values()]
        keys += [key for key, _ in control.presets] + ([control.unit] if control.unit else [])
        for language in LANGUAGES:
            with speaking(language):
                for key in keys:
                    assert not re.search(r"<[a-z/]|&[a-z#]", tr(key)), (language, key, tr(key))
