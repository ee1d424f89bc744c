"""gui/model/picture.py: the fields declared once, checked together, following each other."""

import pytest

from pe_clock.gui.model.state import AppState


def test_invalid_value_raises_and_changes_nothing(state):
    with pytest.raises(ValueError, match="d_model"):
        state.set(d_model=7)
    assert state.d_model == 512


def test_max_len_clamps_pos(state):
    state.set(pos=40)
    state.set(max_len=10)
    assert (state.max_len, state.pos) == (10, 9)


def test_d_model_change_resets_out_of_range_pair_selection(state):
    state.set(selected_pair=200)
    state.set_clock_pair(2, 255)
    state.set(d_model=64)
    assert state.selected_pair == 0
    assert max(state.clock_pairs) < 32


def test_negative_k_keeps_pos_plus_k_valid(state):
    state.set(pos=5, k=-3)
    state.step(-10)
    assert state.pos == 3
    assert not state.request(pos=1)
    assert state.pos == 3


def test_every_field_is_declared_once_and_derived_everywhere(state, tmp_path):
    """Signals, settings and copy() all come from the one table of fields."""
    from PySide6.QtCore import QByteArray, QSettings

    from pe_clock.gui.platform.settings import save_values

    state.set(d_model=64, max_len=300, base=500000.0, pos=40, k=-3, selected_pair=5)
    state.set(clock_pairs=(1, 2, 3), speed=8.0, loop=False, font_scale=1.3, train_len=100)
    seen = []
    for name in AppState.FIELDS:
        state.changed(name).connect(lambda value, name=name: seen.append(name))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    save_values(settings, {**state.saved(), "window/geometry": QByteArray()})
    restored = AppState()
    assert restored.restore(settings.value) == []
    twin = state.copy()
    for name, field in AppState.FIELDS.items():
        if field.persist:
            assert getattr(restored, name) == getattr(state, name), name
        if field.copy:
            assert getattr(twin, name) == getattr(state, name), name
    twin.deleteLater()
    restored.deleteLater()
    state.set(d_model=4)  # pairs beyond the new table follow, in the same change
    assert state.selected_pair == 0 and max(state.clock_pairs) < 2
    assert seen[:1] == ["d_model"] and {"selected_pair", "clock_pairs"} <= set(seen)


def test_a_refused_change_changes_nothing(state):
    before = {name: getattr(state, name) for name in AppState.FIELDS}
    assert not state.request(d_model=64, pos=10_000)  # pos beyond max_len: all refused
    assert not state.request(speed=0.0)
    with pytest.raises(TypeError):
        state.set(colour="red")
    assert {name: getattr(state, name) for name in AppState.FIELDS} == before


def test_clock_hands_spread_out_again_after_a_tiny_model(state):
    assert state.clock_pairs == (0, 64, 128)
    state.set(d_model=4)
    assert state.clock_pairs == (0, 0, 1)
    state.set(d_model=512)
    assert state.clock_pairs == (0, 64, 128)  # not stuck on 0, 0, 1
    state.set_clock_pair(2, 100)  # an explicit choice is kept while it fits
    state.set(d_model=1024)
    assert state.clock_pairs == (0, 64, 100)
    state.set(d_model=64)  # it no longer fits: the defaults of d_model 64
    assert state.clock_pairs == (0, 8, 16)
    state.set(d_model=512)
    assert state.clock_pairs == (0, 64, 128)


def test_a_change_that_moves_another_field_into_a_refusal_names_both():
    """max_len 3 with pos 5 and k −5 moves pos to 2, where pos + k < 0: the message named
    neither max_len nor the move (the widget's student saw only "pos + k must be >= 0")."""
    from pe_clock.gui.model.picture import Picture

    picture = Picture()
    picture.set(pos=5, k=-5)
    with pytest.raises(ValueError, match=r"^max_len 3 moves pos to 2, and then pos \+ k must"):
        picture.set(max_len=3)
    assert (picture.max_len, picture.pos) == (50, 5)
