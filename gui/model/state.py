"""The single object that owns every user-visible parameter of the window.

Views observe it; controls only assign to it. Each field is declared once below (see
`gui.fields`); `set` validates a change of any number of fields together, does nothing when no
value changes (which breaks feedback loops) and emits one signal per changed field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal, SignalInstance

from pe_clock.core import i18n
from pe_clock.core.examples import check_embedding_rows, example_embeddings, load_embeddings
from pe_clock.core.i18n import echo, tr
from pe_clock.core.layout import check_layout
from pe_clock.core.params import (
    MAX_LEN,
    Params,
    check_bool,
    check_choice,
    check_int,
    check_max_len,
    check_real,
    refuse,
)
from pe_clock.core.rope import ROPE_LAYOUTS
from pe_clock.core.scaling import METHODS
from pe_clock.gui.model.choices import check_theme
from pe_clock.gui.model.derived import DerivedNumbers
from pe_clock.gui.model.fields import (
    PARAMS,
    TABLE,
    StateField,
    Values,
    declared_fields,
    field_signals,
)
from pe_clock.gui.model.opened_model import ModelHolder, shown_group

MIN_SPEED, MAX_SPEED = 0.25, 60.0
MIN_FONT_SCALE, MAX_FONT_SCALE = 0.6, 5.0
MIN_LINE_SCALE, MAX_LINE_SCALE = 1.0, 8.0
#: BERT's learned position table ends at 512: the default training length shown.
DEFAULT_TRAIN_LEN = 512
_DEFAULTS = Params()


def default_clock_pairs(n_pairs: int) -> tuple[int, int, int]:
    """A fast, a middle and a slow hand: pairs 0, n/4 and n/2 (second, minute, hour)."""
    return (0, n_pairs // 4, n_pairs // 2)


def _pair(value: object, values: Values) -> int:
    return check_int(tr("name.pair"), value, 0, values["d_model"] // 2 - 1)


def _clock_pairs(value: object, values: Values) -> tuple[int, int, int]:
    if not isinstance(value, tuple | list) or len(value) != 3:
        allowed = tr("allowed.three_pairs")
        raise ValueError(
            tr("error.must", name=tr("name.clock_pairs"), allowed=allowed, value=echo(value))
        )
    first, middle, slow = (_pair(p, values) for p in value)
    return (first, middle, slow)


def _clock_pairs_follow(
    pairs: tuple[int, int, int], values: Values, old: Values
) -> tuple[int, int, int]:
    """On a d_model change, a choice is kept while it fits; the defaults, or a choice that no
    longer fits, become the new d_model's defaults: a fast, a middle and a slow hand, so
    512 -> 4 -> 512 spreads the hands out again."""
    n_old, n_new = old["d_model"] // 2, values["d_model"] // 2
    if n_old == n_new:
        return pairs
    if pairs == default_clock_pairs(n_old) or max(pairs) >= n_new:
        return default_clock_pairs(n_new)
    return pairs


MAX_HEAD_DIM = 512
MAX_SCALING_FACTOR = 64.0
MAX_ORIGINAL_LEN = 1_000_000
MAX_ALIBI_HEADS = 64
#: The methods of core.scaling side by side ("all"), one of them, or none ("default": θ as
#: trained, what a preset without rope_scaling sets).
SCALING_CHOICES = ("all", *(m for m in METHODS if m != "default"), "default")


def _choice(name: str, choices: tuple[str, ...]) -> Callable[[object, Values], str]:
    def check(value: object, values: Values) -> str:
        return check_choice(name, value, choices)

    return check


def _head_dim(value: object, values: Values) -> int:
    allowed = ("allowed.even", {"lo": 2, "hi": MAX_HEAD_DIM})
    head_dim = check_int(tr("name.head_dim"), value, 2, MAX_HEAD_DIM, allowed)
    if head_dim % 2:
        raise refuse(tr("name.head_dim"), value, allowed)
    return head_dim


def _speed(value: object, values: Values) -> float:
    allowed = ("allowed.speed", {"lo": MIN_SPEED, "hi": f"{MAX_SPEED:g}"})
    return check_real(tr("name.speed"), value, MIN_SPEED, MAX_SPEED, allowed)


def _font_scale(value: object, values: Values) -> float:
    allowed = ("allowed.factor", {"lo": MIN_FONT_SCALE, "hi": MAX_FONT_SCALE})
    return check_real(tr("name.font_scale"), value, MIN_FONT_SCALE, MAX_FONT_SCALE, allowed)


class AppState(DerivedNumbers, ModelHolder, QObject):
    """Owns pos, k, d_model, max_len, base and the view options; caches what they derive."""

    # --- the fields, declared once; emitted in this order after a change ---------------------
    d_model = StateField(_DEFAULTS.d_model, group=(PARAMS, TABLE))
    max_len = StateField(_DEFAULTS.max_len, group=(PARAMS, TABLE))
    base = StateField(_DEFAULTS.base, group=(PARAMS, TABLE))
    #: Which dimension holds which number: the paper's "interleaved" or tensor2tensor's "split".
    layout = StateField("interleaved", lambda v, _: check_layout(v), group=(TABLE,), kind=str)
    #: The pairs shown as the fast, middle and slow hand of the large clock.
    clock_pairs = StateField(
        lambda v: default_clock_pairs(v["d_model"] // 2),
        _clock_pairs,
        follow=_clock_pairs_follow,
        kind=tuple,
    )
    selected_pair = StateField[int](
        0, _pair, follow=lambda p, v, _: p if p < v["d_model"] // 2 else 0
    )
    pos = StateField(
        _DEFAULTS.pos,
        group=(PARAMS,),
        follow=lambda p, v, _: min(p, check_max_len(v["max_len"]) - 1),
    )
    k = StateField(_DEFAULTS.k, group=(PARAMS,))
    playing = StateField(
        False, lambda v, _: check_bool(tr("name.playing"), v), persist=False, copy=False
    )
    #: Animation speed in positions per second.
    speed = StateField(4.0, _speed)
    loop = StateField(True, lambda v, _: check_bool(tr("name.loop"), v))
    font_scale = StateField(1.0, _font_scale)
    #: 'en' or 'ko': every text of the window and of messages.
    language = StateField(lambda v: i18n.language(), lambda v, _: i18n.check_language(v), kind=str)
    #: Multiply the token embeddings by √d_model before adding PE, as the paper does (§3.4).
    scale_embeddings = StateField(False, lambda v, _: check_bool(tr("name.scale_embeddings"), v))
    #: Positions seen in training (BERT's learned table has 512).
    train_len = StateField(
        DEFAULT_TRAIN_LEN, lambda v, _: check_int(tr("name.train_len"), v, 1, MAX_LEN)
    )
    #: Colours of the figures: 'light' or 'dark' (a projector's). Exports draw in either; the
    #: window's views keep the one they were built with.
    theme = StateField("light", lambda v, _: check_theme(v), persist=False, kind=str)
    #: The window is in presenter mode: views leave out the hints for the mouse and in-view
    #: controls a class does not need to see.
    presenting = StateField(
        False, lambda v, _: check_bool("presenting", v), persist=False, copy=False
    )
    #: Drawn for a projector (the stage, export --stage): the theme's projector colours, whose
    #: every cell stands out from the background (`look.themes.Theme.projector_colormap_name`).
    projected = StateField(False, lambda v, _: check_bool("projected", v), persist=False)
    # --- beyond sinusoids (issue 13): the toy attention, RoPE, context extension, ALiBi ---
    #: Add PE to the toy sentences' embeddings (the "why" panel).
    why_pe = StateField(False, lambda v, _: check_bool(tr("name.why_pe"), v))
    #: RoPE's head dimension, separate from d_model (real models use 64 or 128).
    head_dim = StateField(128, _head_dim)
    rope_layout = StateField("interleaved", _choice("rope_layout", ROPE_LAYOUTS), kind=str)
    #: One context-extension method, or "all" side by side.
    scaling_method = StateField("all", _choice("scaling_method", SCALING_CHOICES), kind=str)
    #: s, the extension factor, and L0, the trained context length.
    scaling_factor = StateField(
        8.0, lambda v, _: check_real(tr("name.scaling_factor"), v, 1.0, MAX_SCALING_FACTOR)
    )
    original_len = StateField(
        8192, lambda v, _: check_int(tr("name.original_len"), v, 16, MAX_ORIGINAL_LEN)
    )
    alibi_heads = StateField(
        12, lambda v, _: check_int(tr("name.alibi_heads"), v, 1, MAX_ALIBI_HEADS)
    )
    causal = StateField(True, lambda v, _: check_bool(tr("name.causal"), v))
    #: The big clock marks where each hand's tip was over the last TRAIL_LENGTH positions.
    trails = StateField(False, lambda v, _: check_bool(tr("name.trails"), v))
    #: Line widths and marker sizes times this: stage mode draws them for the back row.
    line_scale = StateField(
        1.0,
        lambda v, _: check_real(tr("name.line_scale"), v, MIN_LINE_SCALE, MAX_LINE_SCALE),
        persist=False,
    )
    FIELDS = declared_fields(locals())
    locals().update(field_signals(locals()))

    #: Emitted once after d_model, max_len or base changed (the PE table must be redrawn).
    tableChanged = Signal()
    embeddingsChanged = Signal()
    #: A model was opened or closed, or another group of its layers chosen (`ModelHolder`).
    modelChanged = Signal()
    #: A value the user asked for was refused; the payload says why (for the status bar).
    rejected = Signal(str)
    #: Something changed that the user did not ask for directly (for the status bar).
    notified = Signal(str)

    def __init__(self, params: Params | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._params = params or _DEFAULTS
        # In declaration order, so a default may depend on the fields above it.
        values: dict[str, Any] = {}
        for name, field in self.FIELDS.items():
            in_params = PARAMS in field.group
            values[name] = getattr(self._params, name) if in_params else field.initial(values)
        self._values = values
        self._embeddings: np.ndarray | None = None
        self._model = None
        self._model_group = 0
        self._before_model = None
        self.embeddings_file = ""
        self._cache: dict[str, object] = {}
        # Playing, pos follows the clock: each tick moves it by the positions due since the
        # last (a frame that took two positions' time skips one, rather than slowing the
        # lecture down), with the fraction of a position carried over.
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.setInterval(self._interval_ms())
        self._played = QElapsedTimer()
        self._due = 0.0  # positions due and not yet stepped, under one

    @classmethod
    def _group(cls, group: str) -> list[str]:
        return [name for name, field in cls.FIELDS.items() if group in field.group]

    # --- changing fields ---------------------------------------------------------------------
    @property
    def params(self) -> Params:
        """The core parameters as one validated record."""
        return self._params

    @property
    def n_pairs(self) -> int:
        return self.d_model // 2

    def changed(self, name: str) -> SignalInstance:
        """The change signal of the field called name (its new value is the payload)."""
        signal: SignalInstance = getattr(self, self.FIELDS[name].signal_name)
        return signal

    def observe(self, names: Iterable[str], slot: Callable[..., object]) -> None:
        """Connect slot to the change signals of the named fields, and of 'table' and
        'embeddings' and 'model' (a new PE table; other token embeddings; a model opened,
        closed or another group of its layers shown)."""
        extra = {
            "table": self.tableChanged,
            "embeddings": self.embeddingsChanged,
            "model": self.modelChanged,
        }
        for name in names:
            (extra[name] if name in extra else self.changed(name)).connect(slot)

    def set(self, **changes: Any) -> None:
        """Change fields together; raise ValueError (naming the field) and change nothing if bad.

        Fields that were not named follow the change where they must: pos stays within
        max_len, the clock's pairs and the selected pair within d_model.
        """
        unknown = set(changes) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"AppState has no field {', '.join(sorted(unknown))}")
        new = {**self._values, **changes}
        core = self._group(PARAMS)
        self._follow(new, changes, core)
        params = Params(**{name: new[name] for name in core})
        new.update({name: getattr(params, name) for name in core})
        rest = [name for name in self.FIELDS if name not in core]
        self._follow(new, changes, rest)
        for name in rest:
            check = self.FIELDS[name].check
            if check is not None and (name in changes or new[name] != self._values[name]):
                new[name] = check(new[name], new)
        changed = [name for name in self.FIELDS if new[name] != self._values[name]]
        if not changed:
            return
        self._values, self._params = new, params
        self._apply(changed)

    def _follow(self, new: dict[str, Any], changes: Values, names: list[str]) -> None:
        for name in names:
            follow = self.FIELDS[name].follow
            if name not in changes and follow is not None:
                new[name] = follow(new[name], new, self._values)

    def _apply(self, changed: list[str]) -> None:
        """Caches and side effects first, so no observer sees a stale number; then signals."""
        table = [name for name in changed if TABLE in self.FIELDS[name].group]
        if table:
            self._cache.clear()
        elif "k" in changed:
            for name in ("rotation", "phi"):
                self._cache.pop(name, None)
        if self._embeddings is not None and self._embeddings.shape[1] != self.d_model:
            cols, self._embeddings = self._embeddings.shape[1], None
            self.notified.emit(tr("npy.reset", cols=cols, d_model=self.d_model))
            self.embeddingsChanged.emit()
        if "language" in changed:
            i18n.set_language(self.language)
        if "speed" in changed:
            self._timer.setInterval(self._interval_ms())
        if "playing" in changed:
            if self.playing and self.loop and self.pos >= self.max_len - 1:
                self.set(pos=self.first_pos)  # play from the start, not at the end
            if self.playing:
                self._played.start()
                self._due = 0.0
                self._timer.start()
            else:
                self._timer.stop()
        # The table's own fields, then tableChanged, then the rest in declaration order: views
        # rebuild for a new table before they draw a step on it.
        for name in table:
            self.changed(name).emit(self._values[name])
        if table:
            self.tableChanged.emit()
        for name in changed:
            if name not in table:
                self.changed(name).emit(self._values[name])

    def request(self, **changes: Any) -> bool:
        """Like `set`, for user input: a refused value is reported through `rejected`."""
        try:
            self.set(**changes)
        except ValueError as err:
            self.rejected.emit(str(err))
            return False
        return True

    def _emit_model(self, message: str = "") -> None:
        self.modelChanged.emit()
        if message:
            self.notified.emit(message)

    def refuse(self, message: str) -> None:
        """Report input that a control refused before it reached the state."""
        self.rejected.emit(message)

    def values(self) -> dict[str, Any]:
        """Every field's value, by name, where the opened model's learned table is read
        from ("learned_table": None, or its path, tensor and dtype) and the RoPE group it
        shows ("model_group": None, or the model's name and the group): a copy, the scripts
        of `core.figure_code` read it."""
        table = self._model.table if self._model else None
        source = None if table is None else {"path": table.path, "tensor": table.tensor,
                                             "dtype": table.dtype}  # fmt: skip
        group = shown_group(self)
        model = None if group is None else (self._model.name, group)  # type: ignore[union-attr]
        return {**self._values, "learned_table": source, "model_group": model}

    def saved(self) -> dict[str, str]:
        """The fields kept between runs, as settings keys ("state/<name>") and texts."""
        return {
            f"state/{name}": field.to_text(getattr(self, name))
            for name, field in self.FIELDS.items()
            if field.persist
        }

    def restore(self, saved: Callable[[str], object]) -> list[str]:
        """Take the values saved(key) holds (None: nothing saved), field by field in
        declaration order (pos is checked against max_len, then k against pos); return the
        names of those present but invalid."""
        bad: list[str] = []
        for name, field in self.FIELDS.items():
            raw = saved(f"state/{name}") if field.persist else None
            if raw is None:
                continue
            try:
                self.set(**{name: field.from_text(raw)})
            except (TypeError, ValueError):
                bad.append(name)
        return bad

    def copy(self) -> AppState:
        """An independent state with the same fields (but not playing) and embeddings."""
        twin = AppState(self.params)
        twin.set(**{n: self._values[n] for n, field in self.FIELDS.items() if field.copy})
        if self._embeddings is not None:
            twin.set_embeddings(self._embeddings)
            twin.embeddings_file = self.embeddings_file
        twin._model, twin._model_group = self._model, self._model_group
        twin._before_model = self._before_model
        return twin

    def set_clock_pair(self, hand: int, pair: int) -> None:
        """Show pair as the large clock's hand 0 (fast), 1 (middle) or 2 (slow)."""
        pairs = list(self.clock_pairs)
        pairs[check_int(tr("name.hand"), hand, 0, 2)] = pair
        self.set(clock_pairs=tuple(pairs))

    # --- stepping and animation --------------------------------------------------------------
    @property
    def first_pos(self) -> int:
        """Smallest pos allowed with the current k (pos + k must stay >= 0)."""
        return max(0, -self.k)

    def step(self, delta: int = 1) -> None:
        """Move pos by delta, clamped to the table; while playing with loop on, wrap around."""
        target = self.pos + delta
        last = self.max_len - 1
        if target > last:
            if self.playing and self.loop:
                target = self.first_pos
            else:
                target = last
                self.set(playing=False)
        self.set(pos=max(self.first_pos, target))

    def go_to(self, pos: int) -> None:
        """Jump to pos, clamped to the valid range."""
        self.set(pos=min(max(self.first_pos, int(pos)), self.max_len - 1))

    def toggle_playing(self) -> None:
        self.set(playing=not self.playing)

    def _on_timer_timeout(self) -> None:
        seconds = self._played.nsecsElapsed() / 1e9
        self._played.start()
        # After a stall of over a second (a laptop asleep), on from where it was, not leaping.
        self._due = min(self._due + seconds * self.speed, max(1.0, self.speed))
        steps = int(self._due)
        if steps:
            self._due -= steps
            self.step(steps)

    def _interval_ms(self) -> int:
        """A tick at least once a position (rounded down: a tick that finds no position due
        does nothing, where rounding up would skip one in every so many)."""
        return max(1, int(1000.0 / self.speed))

    # --- token embeddings (an array: not a field) --------------------------------------------
    @property
    def embeddings_loaded(self) -> bool:
        return self._embeddings is not None

    def set_embeddings(self, rows: np.ndarray | None, name: str = "embeddings") -> None:
        """Token embeddings for the input figure: rows (n, d_model), or None for the examples;
        checked as a .npy file's are (ValueError naming `name`)."""
        if rows is not None:
            rows = check_embedding_rows(rows, self.d_model, name)
        self._embeddings = rows
        self.embeddingsChanged.emit()

    def load_embeddings(self, path: str) -> bool:
        """Load rows from a .npy file; a bad file is reported via `rejected` and changes nothing."""
        try:
            rows = load_embeddings(path, self.d_model)
        except ValueError as err:
            self.rejected.emit(str(err))
            return False
        self.embeddings_file = Path(path).name
        self.set_embeddings(rows)
        self.notified.emit(tr("npy.loaded", rows=rows.shape[0], file=self.embeddings_file))
        return True

    def embedding_rows(self) -> np.ndarray:
        """The loaded embeddings, or the deterministic examples, shape (n, d_model)."""
        if self._embeddings is not None:
            return self._embeddings
        return self._cached("examples", lambda: example_embeddings(self.d_model))
