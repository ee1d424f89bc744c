"""State fields declared once: the descriptor, and what AppState derives from the declarations.

A field is one line in AppState's class body, ``pos = StateField(0, group=PARAMS)``. From that
line come its read-only attribute, its change signal (``posChanged``), its place in
``state.set``/``state.request``, its settings key and text form, and whether ``state.copy()``
takes it. Nothing else lists the fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar, overload

from PySide6.QtCore import Signal

T = TypeVar("T")

#: Fields validated together by ``core.params.Params`` (pos < max_len, pos + k >= 0, ...).
PARAMS = "params"
#: Fields whose change redraws the PE table (``tableChanged``).
TABLE = "table"

Values = Mapping[str, Any]


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
    ) -> None:
        self.default = default
        self.check = check
        self.follow = follow
        self.group = group
        self.persist = persist
        self.copy = copy
        self.kind = kind or type(default)

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
    for name, field in fields.items():
        field.name = name
    return fields


def field_signals(namespace: Mapping[str, object]) -> dict[str, Signal]:
    """One change signal per declared field, to be added to the class body."""
    return {f.signal_name: Signal(object) for f in declared_fields(namespace).values()}
