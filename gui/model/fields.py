"""State fields declared once: the descriptor, its role and its control. Qt-free.

A field is one line in `gui.model.picture.Picture`'s class body,
``head_dim = StateField(128, control=Control("rope.head_dim", 2, 512, step=2))``. From that
line come its read-only attribute, its check, its change signal on the window's state
(``headDimChanged``), its place in ``set``/``request``, its settings key and text form,
whether ``copy()`` takes it, which frontends take it (its role) and the control the window's
panel and the notebook widget build for it (same range, same step, same label). Nothing else
lists the fields: the notebook's keywords, a deck's keys, the stage's followed fields and the
widget's controls are all derived from these declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from pe_clock.core.i18n import tr
from pe_clock.core.params import Allowed, check_bool, check_choice, check_int, check_real, refuse

T = TypeVar("T")

#: Fields validated together by ``core.params.Params`` (pos < max_len, pos + k >= 0, ...).
PARAMS = "params"
#: Fields whose change redraws the PE table (``tableChanged``).
TABLE = "table"

Values = Mapping[str, Any]

# --- roles: which frontends take a field ---------------------------------------------------
#: What a figure shows: the notebook's keywords, a deck scene's keys, the widget's controls;
#: the stage shows the window's.
PARAMETER = "parameter"
#: How a figure is drawn (theme, type and line scale, projected, presenting): a figure's own
#: arguments, the stage's own.
LOOK = "look"
#: How the window plays (the timer): the window's alone.
PLAYBACK = "playback"
#: The language of every text: a figure's own argument; the stage follows the window's.
LANGUAGE = "language"
ROLES = (PARAMETER, LOOK, PLAYBACK, LANGUAGE)


def message_name(key: str) -> str:
    """A field's name in messages: a catalogue key's text, or a word without a dot as it is."""
    return tr(key) if "." in key else key


# --- where the window builds a field's control (the notebook widget builds every one) --------
#: In the row of options of the panel that draws it.
ROW = "row"
#: In the window's controls dock: the course's table (pos, k, d_model, max_len, base, layout),
#: the pair outlined and the training length.
DOCK = "dock"
#: In the figure itself, which sets it (the clock's hand boxes and trails, the embedding
#: figure's scale switch).
FIGURE = "figure"


@dataclass(frozen=True)
class Bounds:
    """A range that follows other fields: of(values) is (lo, hi) now; follows names the
    fields it reads (a control sets its range again when one of them changes)."""

    follows: tuple[str, ...]
    of: Callable[[Values], tuple[int, int]]


@dataclass(frozen=True)
class Control:
    """How a field is set by hand: the window's panels and controls dock and the notebook
    widget build their controls from this, and the field's check uses its range.

    label: catalogue key of the control's label; name: catalogue key of the field's name in
    messages (a word without a dot is the name itself); lo, hi: the range (a number's, or
    each of a tuple's); a field whose range follows others declares that too
    (`StateField.bounds`); step: 1, or 2 for an even number; choices: each value and the
    catalogue key of its text; width: a choice's box is about this many characters wide;
    place: where the window builds it (ROW, DOCK or FIGURE); presets: values a list offers
    beside the typed field (catalogue key, value); played: the animation moves it (the
    window adds a slider, the widget a Play button and its speed); unit: catalogue key of
    what follows the number (" positions/s"); lo_open: lo itself is not taken (the base is
    above 1).
    """

    label: str
    lo: float | None = None
    hi: float | None = None
    step: int = 1
    choices: Mapping[str, str] = field(default_factory=dict)
    name: str = ""
    width: int = 12
    place: str = ROW
    presets: tuple[tuple[str, float], ...] = ()
    played: bool = False
    unit: str = ""
    lo_open: bool = False

    @property
    def said(self) -> str:
        """The field's name in its messages, in words ("causal mask")."""
        return message_name(self.name or self.label)

    def check(self, kind: type, value: object) -> Any:
        """value checked against this control (ValueError naming the field)."""
        name = self.said
        if kind is bool:
            return check_bool(name, value)
        if self.choices:
            return check_choice(name, value, tuple(self.choices))
        assert self.lo is not None and self.hi is not None
        if kind is float:
            return check_real(name, value, self.lo, self.hi)
        even: Allowed | None = None
        if self.step == 2:
            even = ("allowed.even", {"lo": self.lo, "hi": self.hi})
        number = check_int(name, value, int(self.lo), int(self.hi), even)
        if even is not None and number % 2:
            raise refuse(name, value, even)
        return number


class StateField(Generic[T]):
    """One field of the state.

    Parameters
    ----------
    default
        The value of a new state, or a function of the other fields' values (declared above it).
    check
        ``check(value, values) -> value``: normalise a requested value or raise ``ValueError``
        with a message for the user; ``values`` holds every field's value after the change.
        Fields in the PARAMS group are checked together by ``Params`` instead.
    follow
        ``follow(value, values, old) -> value``: how the field keeps up when other fields change
        and it was not asked to (pos follows max_len, pairs follow d_model); values are the new
        fields so far, old the fields before the change.
    group
        PARAMS for the core parameters (``TABLE`` too for those that change the table).
    persist
        Saved in the settings file and restored at start-up.
    copy
        Taken by ``state.copy()`` (exports draw a copy; playing is not copied).
    kind
        The value's type in the settings file, when ``default`` is a function.
    role
        Which frontends take it: PARAMETER, LOOK, PLAYBACK or LANGUAGE.
    control
        The control that sets it by hand (`Control`); its range is the field's check unless
        ``check`` is given.
    bounds
        Its range now, where it follows other fields (`Bounds`: pos within the table from
        −k, a pair within d_model); its check keeps to it.
    """

    name = ""

    def __init__(
        self,
        default: T | Callable[[Values], T],
        check: Callable[[Any, Values], T] | None = None,
        *,
        follow: Callable[[T, Values, Values], T] | None = None,
        group: tuple[str, ...] = (),
        persist: bool = True,
        copy: bool = True,
        kind: type | None = None,
        role: str = PARAMETER,
        control: Control | None = None,
        bounds: Bounds | None = None,
    ) -> None:
        self.default = default
        self.kind = kind or type(default)
        if check is None and control is not None and PARAMS not in group:
            kind_ = self.kind

            def check(value: Any, values: Values) -> Any:  # by the control's range
                return control.check(kind_, value)

        self.check = check
        self.follow = follow
        self.group = group
        self.persist = persist
        self.copy = copy
        assert role in ROLES
        self.role = role
        self.control = control
        self.bounds = bounds

    @property
    def label(self) -> str:
        """The catalogue key of its control's label: its `Control`'s, else controls.<name>."""
        return self.control.label if self.control is not None else f"controls.{self.name}"

    def allowed(self, values: Values) -> tuple[float, float]:
        """Its range at these values: its bounds', else its control's."""
        if self.bounds is not None:
            return self.bounds.of(values)
        assert self.control is not None and self.control.lo is not None, self.name
        assert self.control.hi is not None
        return self.control.lo, self.control.hi

    @property
    def said(self) -> str:
        """The field's name in its messages (its control's, in words: "causal mask")."""
        return self.control.said if self.control is not None else self.name

    @property
    def tip(self) -> str:
        """The catalogue key of its control's tooltip, in every frontend: tip.<name>."""
        return f"tip.{self.name}"

    @property
    def signal_name(self) -> str:
        """pos -> posChanged, d_model -> dModelChanged."""
        head, *rest = self.name.split("_")
        return head + "".join(word.title() for word in rest) + "Changed"

    def initial(self, values: Values) -> T:
        if callable(self.default):
            return self.default(values)
        return self.default

    @overload
    def __get__(self, obj: None, owner: type) -> StateField[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object | None, owner: type) -> StateField[T] | T:
        if obj is None:
            return self
        value: T = obj._values[self.name]  # type: ignore[attr-defined]
        return value

    def __set__(self, obj: object, value: T) -> None:
        raise AttributeError(f"use state.set({self.name}=...) or state.request({self.name}=...)")

    # --- the settings file's text form -------------------------------------------------------
    def to_text(self, value: T) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple):
            return ",".join(map(str, value))
        return repr(value) if isinstance(value, float) else str(value)

    def from_text(self, raw: object) -> object:
        """A saved value back in the field's type; the check then validates it."""
        text = ",".join(map(str, raw)) if isinstance(raw, list) else str(raw)
        kind = self.kind
        if kind is bool:
            if text.lower() not in ("true", "false"):
                raise ValueError(text)
            return text.lower() == "true"
        if kind is tuple:
            return tuple(int(part) for part in text.split(","))
        if kind is float:
            return float(text)
        if kind is int:
            return int(text)
        return text


def declared_fields(namespace: Mapping[str, object]) -> dict[str, StateField[Any]]:
    """The fields of a class body, in declaration order (named now: the class does not exist
    yet, so ``__set_name__`` has not run)."""
    fields = {n: f for n, f in namespace.items() if isinstance(f, StateField)}
    for name, declared in fields.items():
        declared.name = name
    return fields
