"""Lecture decks: an ordered list of scenes, read from and written to TOML.

A scene is a registered view, any of the state's parameters, a title and a one-line note in
English and Korean, and optionally a range of positions the clicker steps through:

    [[scene]]
    view = "clock"
    d_model = 512
    positions = [0, 30]
    title_en = "The clock analogy"
    title_ko = "시계 비유"
    note_en = "…"
    note_ko = "…"

A deck is checked whole before anything changes: each scene's parameters are applied, in order,
to a copy of the state, so a refused value is reported with its scene number and field.
"""

from __future__ import annotations

import importlib.resources
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.i18n import tr
from gui.state import AppState
from gui.views import VIEWS

#: The state fields a scene may set (the window's own options, such as the speed or the type
#: size, stay the lecturer's).
PARAMETERS = (
    "d_model", "max_len", "base", "layout", "clock_pairs", "selected_pair", "pos", "k",
    "train_len", "scale_embeddings", "theme", "why_pe", "head_dim", "rope_layout",
    "scaling_method", "scaling_factor", "original_len", "alibi_heads", "causal", "trails",
)  # fmt: skip
TEXTS = ("title_en", "title_ko", "note_en", "note_ko")
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

    def title(self, language: str) -> str:
        return self.texts.get(f"title_{language}", "") or VIEWS[self.view].title

    def note(self, language: str) -> str:
        return self.texts.get(f"note_{language}", "")


def _scene(number: int, table: object) -> Scene:
    def fail(name: str, message: str) -> DeckError:
        return DeckError(tr("deck.field", n=number, name=name, message=message))

    if not isinstance(table, dict):
        raise DeckError(tr("deck.not_table", n=number))
    unknown = sorted(set(table) - {"view", "positions", *TEXTS, *PARAMETERS})
    if unknown:
        raise fail(unknown[0], tr("deck.unknown"))
    view = table.get("view")
    if view is None:
        raise fail("view", tr("deck.no_view"))
    if not isinstance(view, str) or view not in VIEWS:
        raise fail("view", tr("deck.view", views=", ".join(VIEWS), value=repr(view)))
    texts = {}
    for name in TEXTS:
        if name in table:
            if not isinstance(table[name], str) or "\n" in table[name]:
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
    params = {name: table[name] for name in PARAMETERS if name in table}
    if "clock_pairs" in params and isinstance(params["clock_pairs"], list):
        params["clock_pairs"] = tuple(params["clock_pairs"])
    return Scene(view, params, texts, positions)


def parse_deck(text: str) -> list[Scene]:
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
        raise DeckError(tr("deck.toml", reason=err)) from err
    except RecursionError as err:  # arrays nested hundreds deep: no deck needs that
        raise DeckError(tr("deck.nested")) from err
    if _depth(data) > MAX_DEPTH:  # dotted keys nest without recursing; their repr would not
        raise DeckError(tr("deck.nested"))
    unknown = sorted(set(data) - {"scene"})
    if unknown:
        raise DeckError(tr("deck.top", name=unknown[0]))
    tables = data.get("scene")
    if not isinstance(tables, list) or not tables:
        raise DeckError(tr("deck.empty"))
    if len(tables) > MAX_SCENES:
        raise DeckError(tr("deck.too_many", n=f"{len(tables):,}", limit=MAX_SCENES))
    return [_scene(number, table) for number, table in enumerate(tables, start=1)]


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


def parameters(state: AppState) -> dict[str, Any]:
    """The fields a scene may set, as state holds them."""
    return {name: getattr(state, name) for name in PARAMETERS}


def check_deck(scenes: list[Scene], state: AppState) -> None:
    """Apply every scene in order to a copy of state: raise DeckError naming the first scene
    and field that state refuses; state itself never changes."""
    scene_state(scenes, len(scenes) - 1, state).deleteLater()


def scene_state(
    scenes: list[Scene],
    index: int,
    state: AppState,
    at_end: bool = False,
    base: dict[str, Any] | None = None,
) -> AppState:
    """A copy of state showing scene index: the base parameters if given (those the deck was
    opened over), then the scenes up to index applied in order (a scene keeps what the ones
    before it set), then the first (or last) of its positions. The window going back to a
    scene and the handout's page of it show the same. Raises DeckError."""
    scratch = state.copy()
    try:
        try:
            scratch.set(**(base or {}))
        except ValueError as err:
            raise DeckError(str(err)) from err
        for number, scene in enumerate(scenes[: index + 1], start=1):
            try:
                scratch.set(**scene.params)
            except ValueError as err:
                raise DeckError(tr("deck.scene", n=number, reason=err)) from err
            if scene.positions is not None:
                first, last = scene.positions
                if first < scratch.first_pos or last >= scratch.max_len:
                    raise DeckError(
                        tr(
                            "deck.field",
                            n=number,
                            name="positions",
                            message=tr("deck.range", lo=scratch.first_pos, hi=scratch.max_len - 1),
                        )
                    )
                scratch.set(pos=last if at_end and number == index + 1 else first)
    except BaseException:
        scratch.deleteLater()
        raise
    return scratch


def read_deck(source: str | Path) -> list[Scene]:
    """The scenes of a deck file, or of the built-in deck for "default"."""
    if str(source) == DEFAULT:
        resource = importlib.resources.files("gui.resources") / "decks" / "default.toml"
        return parse_deck(resource.read_text(encoding="utf-8"))
    path = Path(source)
    try:
        if not path.is_file():
            raise DeckError(tr("deck.not_file" if path.exists() else "deck.no_file", path=path))
        if path.stat().st_size > MAX_DECK_BYTES:
            raise DeckError(tr("deck.too_large", path=path, limit=f"{MAX_DECK_BYTES:,}"))
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DeckError(tr("deck.unreadable", path=path, reason=err)) from err
    return parse_deck(text)


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
    """A deck's TOML text (what File ▸ Save deck writes); parse_deck reads it back unchanged."""
    lines = ["# A PE Clock lecture deck: one [[scene]] per scene (see README)."]
    for scene in scenes:
        lines += ["", "[[scene]]", f"view = {_toml_value(scene.view)}"]
        lines += [f"{name} = {_toml_value(value)}" for name, value in scene.params.items()]
        if scene.positions is not None:
            lines.append(f"positions = {_toml_value(scene.positions)}")
        lines += [
            f"{name} = {_toml_value(scene.texts[name])}" for name in TEXTS if name in scene.texts
        ]
    return "\n".join(lines) + "\n"
