"""The ipywidgets a view's fields are set with, made whole as they are made, and the
ranges that follow other fields."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pe_clock.core.i18n import tr
from pe_clock.gui.model.picture import HAND_KEYS, Picture

#: A whole number with at most this many steps is a slider; a wider range is typed.
SLIDER_STEPS = 4096


class HandBoxes:
    """The large clock's three hands as one control (the field clock_pairs): a typed box a
    hand, named as the clock names it; its value is all three's (the field's check refuses a
    pair out of the table, saying so: a bounded box would clamp it without a word)."""

    def __init__(self, w: Any, pairs: tuple[int, int, int], tooltip: str) -> None:
        self.boxes = [
            w.IntText(
                value=pair, description=tr(key), tooltip=tooltip, layout=w.Layout(width="180px")
            )
            for pair, key in zip(pairs, HAND_KEYS, strict=True)
        ]

    @property
    def value(self) -> tuple[int, ...]:
        return tuple(box.value for box in self.boxes)

    @value.setter
    def value(self, pairs: tuple[int, ...]) -> None:
        for box, pair in zip(self.boxes, pairs, strict=True):
            box.value = pair

    def observe(self, handler: Callable[[dict[str, Any]], None], name: str) -> None:
        """handler({"new": the three pairs}) whenever a box changes."""
        for box in self.boxes:
            box.observe(lambda _: handler({"new": self.value}), name)

    def close(self) -> None:
        for box in self.boxes:
            box.close()


def close_tree(widget: Any) -> None:
    """Close widget, what it holds and its layout and style: each is a model of its own that
    the page keeps until it is closed."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in ("layout", "style"):
        model = getattr(widget, part, None)
        if model is not None:
            model.close()
    widget.close()


#: A control's label as wide as its words, and its buttons as wide as theirs.
WHOLE = {"description_width": "initial", "button_width": "auto"}


class Whole:
    """ipywidgets, each control made with its label whole (its description and buttons as
    wide as their words: never cut), as it is made: set after, each is one more message to
    the page and one more drawing of the control there."""

    def __init__(self, w: Any) -> None:
        self._w = w

    def __getattr__(self, kind: str) -> Any:
        made = getattr(self._w, kind)
        traits: dict[str, Any] = (
            getattr(made, "class_traits", dict)() if isinstance(made, type) else {}
        )
        trait = traits.get("style")
        names: list[str] = getattr(getattr(trait, "klass", None), "class_trait_names", list)()
        style = {name: value for name, value in WHOLE.items() if name in names}
        return functools.partial(made, style=style) if style else made


def tip(name: str) -> str:
    """Field name's tooltip, as the window's control has it."""
    return tr(Picture.FIELDS[name].tip)


#: The rows under a view's fields: the theme and language, and Save with the script.
LOOK_ROW, TOOLS_ROW = "(look)", "(tools)"


@dataclass
class Row:
    """A row of controls under the figure: the field (or LOOK_ROW, TOOLS_ROW) it is for, its
    widget, the controls it made by name and the links between them."""

    name: str
    widget: Any
    controls: dict[str, Any]
    links: list[Any]

    def close(self) -> None:
        close_tree(self.widget)
        for link in self.links:
            close_tree(link)
