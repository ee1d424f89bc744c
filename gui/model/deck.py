"""Lecture decks: an ordered list of scenes, read from and written to TOML.

A scene is a registered view, any of the state's parameters, a title and a one-line note in
English and Korean, and optionally a range of positions the clicker steps through:

    [[scene]]
    view = "clock"
    d_model = 512
    positions = [0, 30]
    handout_pos = 10          # the handout draws the scene here (else at its first position)
    stage_note = true         # the note under the title on stage (the default)
    title_en = "The clock analogy"
    title_ko = "시계 비유"
    note_en = "…"             # for the class: on stage, on the console and in the handout
    note_ko = "…"
    cue_en = "…"              # for the lecturer alone: on the presenter console
    cue_ko = "…"

A deck may have a title of its own (top-level `title_en`, `title_ko`): the handout's title.
A deck is checked whole before anything changes: each scene's parameters are applied, in order,
to a copy of the state, so a refused value is reported with its scene number and field.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pe_clock.core.i18n import LANGUAGES, echo, reason, tr
from pe_clock.core.models.opened import OpenedModel, open_model
from pe_clock.gui.model.picture import PARAMETERS as PICTURE_PARAMETERS
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.request import check_model_view
from pe_clock.gui.platform.resources import DECKS
from pe_clock.gui.views import VIEWS

#: The state fields a scene may set: what a figure shows, and its colours (the window's own
#: options, such as the speed or the type size, stay the lecturer's).
PARAMETERS = (*PICTURE_PARAMETERS, "theme")
TEXTS = tuple(f"{text}_{lang}" for text in ("title", "note", "cue") for lang in LANGUAGES)
DECK_TEXTS = tuple(f"title_{lang}" for lang in LANGUAGES)
#: A scene's own keys besides its view, its parameters and its texts.
OPTIONS = ("positions", "handout_pos", "stage_note", "model")
#: A deck file larger than this is refused before it is read (a deck is a few kilobytes).
MAX_DECK_BYTES = 1_000_000
DEFAULT = "default"


class DeckError(ValueError):
    """A deck that cannot be used; the message names the scene and the field."""


@dataclass(frozen=True)
class Scene:
    view: str
    params: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    #: (first, last) positions the clicker steps through, or None.
    positions: tuple[int, int] | None = None
    #: The position the handout's page shows (else the scene's first).
    handout_pos: int | None = None
    #: Whether the stage shows the note under the title.
    stage_note: bool = True
    #: A model to open (an id in the local Hugging Face cache, or a path); "" closes it.
    model: str | None = None

    def title(self, language: str) -> str:
        return self.texts.get(f"title_{language}", "") or VIEWS[self.view].title

    def note(self, language: str) -> str:
        return self.texts.get(f"note_{language}", "")

    def cue(self, language: str) -> str:
        """What the lecturer is told (the console alone), never projected."""
        return self.texts.get(f"cue_{language}", "")


class Deck(list[Scene]):
    """A deck's scenes, in order, and its own title in each language (perhaps none)."""

    def __init__(self, scenes: Iterable[Scene] = (), texts: dict[str, str] | None = None) -> None:
        super().__init__(scenes)
        self.texts = dict(texts or {})

    def title(self, language: str) -> str:
        return self.texts.get(f"title_{language}", "")


#: Every character str.splitlines breaks a line at.
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def _one_line(value: object) -> bool:
    """A text on one line: no line break of any kind (\\r and U+2028 too)."""
    return isinstance(value, str) and _LINE_BREAKS.isdisjoint(value)


def _scene(number: int, table: object) -> Scene:
    def fail(name: str, message: str) -> DeckError:
        return DeckError(tr("deck.field", n=number, name=name, message=message))

    if not isinstance(table, dict):
        raise DeckError(tr("deck.not_table", n=number))
    unknown = sorted(set(table) - {"view", *OPTIONS, *TEXTS, *PARAMETERS})
    if unknown:
        raise fail(unknown[0], tr("deck.unknown"))
    view = table.get("view")
    if view is None:
        raise fail("view", tr("deck.no_view"))
    if not isinstance(view, str) or view not in VIEWS:
        raise fail("view", tr("deck.view", views=", ".join(VIEWS), value=echo(view)))
    texts = {}
    for name in TEXTS:
        if name in table:
            if not _one_line(table[name]):
                raise fail(name, tr("deck.text"))
            texts[name] = table[name]
    positions = table.get("positions")
    if positions is not None:
        if (
            not isinstance(positions, list)
            or len(positions) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in positions)
            or not 0 <= positions[0] <= positions[1]
        ):
            raise fail("positions", tr("deck.positions"))
        positions = (positions[0], positions[1])
    handout_pos = table.get("handout_pos")
    if handout_pos is not None and (
        not isinstance(handout_pos, int) or isinstance(handout_pos, bool) or handout_pos < 0
    ):
        raise fail("handout_pos", tr("deck.handout_pos"))
    stage_note = table.get("stage_note", True)
    if not isinstance(stage_note, bool):
        raise fail("stage_note", tr("deck.boolean"))
    model = table.get("model")
    if model is not None and not _one_line(model):
        raise fail("model", tr("deck.model_key"))
    params = {name: table[name] for name in PARAMETERS if name in table}
    if "clock_pairs" in params and isinstance(params["clock_pairs"], list):
        params["clock_pairs"] = tuple(params["clock_pairs"])
    return Scene(view, params, texts, positions, handout_pos, stage_note, model)


def parse_deck(text: str) -> Deck:
    """The scenes of a deck's TOML text, checked for shape (not yet against the state)."""
    # Before tomllib: its memory grows with the square of a dotted key's length (a 200 KB
    # deck of one long key took 24 GB and was killed). A key is one line, whatever its quotes
    # and escapes: a cap on the dots of a line bounds it. A line that is a plain key and one
    # string (a title or a note, full of sentences and decimals) holds no dotted key.
    total = 0
    for number, line in enumerate(text.split("\n"), start=1):
        if _TEXT_LINE.fullmatch(line):
            continue
        dots = line.count(".")
        if dots > MAX_LINE_DOTS:
            raise DeckError(tr("deck.dots", line=number, limit=MAX_LINE_DOTS))
        total += dots
    if total > MAX_DECK_DOTS:  # many keys of 100 parts: tomllib's tables add up
        raise DeckError(tr("deck.dots_total", limit=f"{MAX_DECK_DOTS:,}"))
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))  # as Windows Notepad saves it
    except tomllib.TOMLDecodeError as err:
        raise DeckError(tr("deck.toml", reason=reason(err))) from err
    except RecursionError as err:  # arrays nested hundreds deep: no deck needs that
        raise DeckError(tr("deck.nested")) from err
    if _depth(data) > MAX_DEPTH:  # dotted keys nest without recursing; their repr would not
        raise DeckError(tr("deck.nested"))
    unknown = sorted(set(data) - {"scene", *DECK_TEXTS})
    if unknown:
        raise DeckError(tr("deck.top", name=unknown[0]))
    for name in DECK_TEXTS:
        if name in data and not _one_line(data[name]):
            raise DeckError(tr("deck.title", name=name))
    tables = data.get("scene")
    if not isinstance(tables, list) or not tables:
        raise DeckError(tr("deck.empty"))
    if len(tables) > MAX_SCENES:
        raise DeckError(tr("deck.too_many", n=f"{len(tables):,}", limit=MAX_SCENES))
    scenes = [_scene(number, table) for number, table in enumerate(tables, start=1)]
    return Deck(scenes, {name: data[name] for name in DECK_TEXTS if name in data})


#: Scenes in a deck at most: a term's lectures, and pages numbered 001 … 999. (47,618 scenes fit
#: in a megabyte, and each page of a handout replays the scenes before it.)
MAX_SCENES = 999
#: Dots on one line of a deck, and in all of it, at most. The default deck has 51, three at
#: most on a line; a megabyte of 100-part dotted keys took tomllib 2 s and 400 MB.
MAX_LINE_DOTS = 100
MAX_DECK_DOTS = 50_000
#: A line that is a bare key (no dots) and one basic or literal string, and perhaps a comment.
_TEXT_LINE = re.compile(
    r"""\s*[A-Za-z0-9_-]+\s*=\s*(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*')\s*(?:#.*)?\r?"""
)
#: Tables and arrays in a deck nest at most this deep ([[scene]], a table, a list of hands).
MAX_DEPTH = 8


def _depth(value: object) -> int:
    """How deep tables and arrays nest in value, counted without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest


def parameters(picture: Picture) -> dict[str, Any]:
    """The fields a scene may set, as picture holds them."""
    return {name: getattr(picture, name) for name in PARAMETERS}


def check_deck(scenes: list[Scene], picture: Picture) -> None:
    """Apply every scene in order to a copy of picture (the window's state, say): raise
    DeckError naming the first scene and field it refuses; picture itself never changes."""
    scene_picture(scenes, len(scenes) - 1, picture)


def scene_picture(
    scenes: list[Scene],
    index: int,
    picture: Picture,
    at_end: bool = False,
    base: dict[str, Any] | None = None,
    handout: bool = False,
) -> Picture:
    """What scene index shows, over picture (the window's state, say), without Qt: the base
    parameters if given (those the deck was opened over), then the scenes up to index applied
    in order (a scene keeps what the ones before it set), then the first (or last) of its
    positions; for the handout, the scene's handout_pos if it has one. The window going back
    to a scene, its slide on the console and the handout's page of it show the same. Raises
    DeckError."""
    scratch = picture.picture()
    try:
        scratch.set(**(base or {}))
    except ValueError as err:
        raise DeckError(str(err)) from err
    for number, scene in enumerate(scenes[: index + 1], start=1):
        if scene.model is not None:
            opened = scene_model(scene.model) if scene.model else ""
            if isinstance(opened, str):  # "" or missing: its parameters, without a model
                scratch.close_model()
            else:
                try:  # a scene's view shows its model, as every frontend's must
                    check_model_view(opened, scene.view, f'view = "{scene.view}"')
                except ValueError as err:
                    raise DeckError(tr("deck.scene", n=number, reason=err)) from err
                scratch.show_model(opened)
        try:
            scratch.set(**scene.params)
        except ValueError as err:
            raise DeckError(tr("deck.scene", n=number, reason=err)) from err
        if scene.positions is not None:
            first, last = scene.positions
            if first < scratch.first_pos or last >= scratch.max_len:
                raise _outside_table(number, "positions", scratch)
            scratch.set(pos=last if at_end and number == index + 1 else first)
        if scene.handout_pos is not None:
            if not scratch.first_pos <= scene.handout_pos < scratch.max_len:
                raise _outside_table(number, "handout_pos", scratch)
            if handout and number == index + 1:
                scratch.set(pos=scene.handout_pos)
    return scratch


_opened: dict[str, OpenedModel | str] = {}


def scene_model(name: str) -> OpenedModel | str:
    """The model a scene names, opened once per run (a deck's scenes are replayed on every
    step back and on every handout page), or why it cannot be opened."""
    if name not in _opened:
        try:
            _opened[name] = open_model(name)
        except ValueError as err:
            _opened[name] = str(err)
    return _opened[name]


def missing_models(scenes: list[Scene]) -> list[str]:
    """A line for each scene whose model cannot be opened: it shows its parameters alone."""
    notes = []
    for number, scene in enumerate(scenes, start=1):
        opened = scene_model(scene.model) if scene.model else None
        if isinstance(opened, str):
            notes.append(tr("deck.model_missing", n=number, reason=opened))
    return notes


def _outside_table(number: int, name: str, state: Picture) -> DeckError:
    message = tr("deck.range", lo=state.first_pos, hi=state.max_len - 1)
    return DeckError(tr("deck.field", n=number, name=name, message=message))


def read_deck(source: str | Path) -> Deck:
    """The scenes of a deck file, or of the built-in deck for "default"."""
    if str(source) == DEFAULT:
        return parse_deck((DECKS / "default.toml").read_text(encoding="utf-8"))
    path = Path(source)
    try:
        if not path.is_file():
            raise DeckError(tr("deck.not_file" if path.exists() else "deck.no_file", path=path))
        if path.stat().st_size > MAX_DECK_BYTES:
            raise DeckError(tr("deck.too_large", path=path, limit=f"{MAX_DECK_BYTES:,}"))
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DeckError(tr("deck.unreadable", path=path, reason=err)) from err
    deck = parse_deck(text)
    for index, scene in enumerate(deck):
        # A scene's model path is the deck's folder's, as a lecture's files travel together
        # (an absolute path stays itself; an id found nowhere beside it, an id).
        if scene.model:
            beside = path.parent / scene.model
            with contextlib.suppress(OSError, ValueError):
                if os.path.lexists(beside):
                    deck[index] = dataclasses.replace(scene, model=str(beside))
    return deck


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    text = str(value)
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c.isprintable() else _escape(c) for c in escaped) + '"'


def _escape(char: str) -> str:
    """TOML's escape of a character: \\uXXXX, or \\UXXXXXXXX beyond the first 65,536."""
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def deck_toml(scenes: list[Scene]) -> str:
    """A deck's TOML text (what Presentation ▸ Save deck writes); parse_deck reads it back."""
    lines = ["# A PE Clock lecture deck: one [[scene]] per scene (see README)."]
    if isinstance(scenes, Deck):
        lines += [f"{n} = {_toml_value(scenes.texts[n])}" for n in DECK_TEXTS if n in scenes.texts]
    for scene in scenes:
        lines += ["", "[[scene]]", f"view = {_toml_value(scene.view)}"]
        lines += [f"{name} = {_toml_value(value)}" for name, value in scene.params.items()]
        if scene.positions is not None:
            lines.append(f"positions = {_toml_value(scene.positions)}")
        if scene.handout_pos is not None:
            lines.append(f"handout_pos = {scene.handout_pos}")
        if not scene.stage_note:
            lines.append("stage_note = false")
        if scene.model is not None:
            lines.append(f"model = {_toml_value(scene.model)}")
        lines += [
            f"{name} = {_toml_value(scene.texts[name])}" for name in TEXTS if name in scene.texts
        ]
    return "\n".join(lines) + "\n"
