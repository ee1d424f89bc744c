"""Every field's range, one in every frontend: what the window's control and the widget's
offer, and what the command line, the notebook's API and a deck take, are the field's
declared range (`Picture.allowed`), for every field set by a number."""

from __future__ import annotations

import math
from typing import Any

import pe_clock
from pe_clock.cli import parser as cli_parser
from pe_clock.cli.checks import figure_of
from pe_clock.core.params import MAX_LEN
from pe_clock.gui.model.deck import Scene, check_deck
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.request import CLI, figure_request
from pe_clock.gui.views import REGISTRY, VIEWS
from pe_clock.gui.widgets.field_control import FieldControl
from pe_clock.gui.widgets.spin_box import SpinBox

#: The table at its longest, at its last position: every field's range is then whole (k
#: reaches its lowest, −(MAX_LEN − 1), only from the last position).
AT = {"max_len": MAX_LEN, "pos": MAX_LEN - 1}


def ranged(name: str) -> bool:
    field = Picture.FIELDS[name]
    return field.control is not None and field.kind in (int, float, tuple)


#: Each field set by a number, and the first view that draws it.
FIELDS = {
    name: next(spec.name for spec in REGISTRY if name in spec.fields)
    for name in Picture.FIELDS
    if ranged(name) and any(name in spec.fields for spec in REGISTRY)
}


def companions(name: str) -> dict[str, Any]:
    """The other fields a value of name is given with: AT, where the view drawing name draws
    them too, but with neither for pos or max_len themselves (each bounds the other)."""
    drawn = set(next(spec.fields for spec in REGISTRY if name in spec.fields))
    return {} if name in AT or not set(AT) <= drawn else AT


def beyond(value: float, kind: type, toward: float) -> float:
    """The next value a field of kind could be given past value (toward ±inf)."""
    return value + (1 if toward > 0 else -1) if kind is not float else math.nextafter(value, toward)


def taken_by(name: str, value: Any, view: str) -> dict[str, bool]:
    """Whether the API, the command line and a deck take value for field name on view."""
    given = {**companions(name), name: value}
    if Picture.FIELDS[name].kind is tuple:
        given[name] = (value, 0, 0)
    took: dict[str, bool] = {}
    try:
        figure_request(view, parameters=given, lang="en", allow_no_model=True)
        took["api"] = True
    except ValueError:
        took["api"] = False
    argv = ["code", "--view", view]
    for key, item in given.items():
        text = ",".join(map(str, item)) if isinstance(item, tuple) else repr(item)
        argv += [CLI.flag(key), text]
    args = cli_parser.build_parser().parse_args(cli_parser.join_dashed_values(argv))
    try:
        figure_of(args, allow_no_model=True)
        took["cli"] = True
    except ValueError:
        took["cli"] = False
    try:
        check_deck([Scene(view, given)], Picture())
        took["deck"] = True
    except ValueError:
        took["deck"] = False
    return took


def range_table(qtbot: Any) -> list[tuple[str, str, tuple[float, float], dict[str, Any]]]:
    """(field, view, declared range, what each frontend offers or takes) for every field set
    by a number: the note's table, and what the test checks."""
    from pe_clock.gui.model.state import AppState

    rows = []
    for name, view in FIELDS.items():
        picture = Picture()
        picture.set(**companions(name))
        lo, hi = picture.allowed(name)
        kind = Picture.FIELDS[name].kind
        kind = int if kind is tuple else kind
        control = Picture.FIELDS[name].control
        assert control is not None
        offered: dict[str, Any] = {}
        state = AppState()
        state.set(**companions(name))
        if control.presets:  # the base: typed, as in the widget
            offered["window"] = "typed"
        elif Picture.FIELDS[name].kind is tuple:  # the clock's hand boxes, in the figure
            clock = VIEWS["clock"].load()(state)
            qtbot.addWidget(clock)
            clock.resize(1400, 800)
            clock.show()
            qtbot.waitUntil(lambda view=clock: len(view.findChildren(SpinBox)) == 3)
            (offered["window"],) = {(s.minimum(), s.maximum()) for s in clock.findChildren(SpinBox)}
        else:
            window = FieldControl(state, name).widget
            qtbot.addWidget(window)
            offered["window"] = (window.minimum(), window.maximum())
        widget = pe_clock.explore(view, lang="en", **companions(name)).explorer
        box = widget.controls[name]
        if hasattr(box, "min"):  # a slider: the range alone
            offered["widget"] = (box.min, box.max)
        else:  # typed: what is past the range is refused, said, and the box shows the truth
            offered["widget"] = "typed"
            was = box.value
            past = beyond(hi, kind, math.inf)
            box.value = (past, *was[1:]) if isinstance(was, tuple) else past
            assert box.value == was and "must be" in widget.message.value, (name, box.value)
        widget.box.close()
        state.deleteLater()
        first = beyond(lo, kind, math.inf) if control.lo_open else lo  # the base: above 1
        inside = {"lo": taken_by(name, first, view), "hi": taken_by(name, hi, view)}
        outside = {
            "below": taken_by(name, lo if control.lo_open else beyond(lo, kind, -math.inf), view),
            "above": taken_by(name, beyond(hi, kind, math.inf), view),
        }
        rows.append((name, view, (lo, hi), {**offered, **inside, **outside}))
    return rows


def test_every_frontend_offers_and_takes_the_fields_one_range(qtbot):
    assert {"pos", "k", "d_model", "max_len", "base", "selected_pair", "head_dim"} <= set(FIELDS)
    for name, view, (lo, hi), seen in range_table(qtbot):
        for frontend in ("window", "widget"):
            if frontend in seen and seen[frontend] != "typed":
                assert seen[frontend] == (lo, hi), (name, frontend, seen[frontend])
        assert all(seen["lo"].values()) and all(seen["hi"].values()), (name, view, seen)
        assert not any(seen["below"].values()) and not any(seen["above"].values()), (name, seen)
