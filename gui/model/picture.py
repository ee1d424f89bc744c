"""What a figure shows, declared once and checked without Qt: every field of the state.

`Picture` holds the fields' values and the opened model, and checks a change of any number
of fields together (`set`): a refused value raises ValueError naming the field and changes
nothing; fields that were not named follow (pos stays within max_len, the clock's pairs
within d_model). It imports no Qt, so the notebook, the command line and `figure_request`
check a figure with it before Qt starts (or without Qt at all: `pe_clock.code`). The
window's `AppState` is a Picture that also emits a signal per changed field, plays, and
caches what the fields derive.

Each field declares its role (`fields.PARAMETER`, LOOK, PLAYBACK, LANGUAGE) and, where it is
set by hand, its control (`fields.Control`): the window's panels, the widget's controls, the
notebook's keywords, a deck's keys and the stage's own look all derive from these lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pe_clock.core import i18n
from pe_clock.core.i18n import echo, tr
from pe_clock.core.layout import LAYOUTS, check_layout
from pe_clock.core.params import (
    MAX_BASE,
    MAX_D_MODEL,
    MAX_LEN,
    MAX_OFFSET,
    MIN_D_MODEL,
    MIN_OFFSET,
    Params,
    check_bool,
    check_int,
    check_max_len,
    check_real,
)
from pe_clock.core.rope import ROPE_LAYOUTS
from pe_clock.core.scaling import METHODS
from pe_clock.gui.model.choices import BASE_PRESETS, check_theme
from pe_clock.gui.model.fields import (
    DOCK,
    FIGURE,
    LANGUAGE,
    LOOK,
    PARAMETER,
    PARAMS,
    PLAYBACK,
    TABLE,
    Bounds,
    Control,
    StateField,
    Values,
    declared_fields,
    message_name,
)
from pe_clock.gui.model.opened_model import ModelHolder, shown_group

MIN_SPEED, MAX_SPEED = 0.25, 60.0
MIN_FONT_SCALE, MAX_FONT_SCALE = 0.6, 5.0
MIN_LINE_SCALE, MAX_LINE_SCALE = 1.0, 8.0
#: BERT's learned position table ends at 512: the default training length shown.
DEFAULT_TRAIN_LEN = 512
MAX_HEAD_DIM = 512
MAX_SCALING_FACTOR = 64.0
MAX_ORIGINAL_LEN = 1_000_000
#: BLOOM-176B has 112 heads, the most of a published ALiBi model: every one is drawn.
MAX_ALIBI_HEADS = 128
#: The last pair of the largest table: a pair's range before d_model narrows it.
MAX_PAIR = MAX_D_MODEL // 2 - 1
#: The methods of core.scaling side by side ("all"), one of them, or none ("default": θ as
#: trained, what a preset without rope_scaling sets).
SCALING_CHOICES = ("all", *(m for m in METHODS if m != "default"), "default")
_DEFAULTS = Params()

P = TypeVar("P", bound="Picture")


#: The large clock's hands, in the order of clock_pairs: each one's name in the catalogue.
HAND_KEYS = ("clock.fast", "clock.middle", "clock.slow")


def default_clock_pairs(n_pairs: int) -> tuple[int, int, int]:
    """A fast, a middle and a slow hand: pairs 0, n/4 and n/2 (second, minute, hour)."""
    return (0, n_pairs // 4, n_pairs // 2)


#: A pair's range: one of the table's (`_pair` checks it).
_PAIRS = Bounds(("d_model",), lambda v: (0, v["d_model"] // 2 - 1))


def _pair(value: object, values: Values) -> int:
    return check_int(tr("name.pair"), value, 0, values["d_model"] // 2 - 1)


def _clock_pairs(value: object, values: Values) -> tuple[int, int, int]:
    if not isinstance(value, tuple | list) or len(value) != 3:
        allowed = tr("allowed.three_pairs")
        raise ValueError(
            tr("error.must", name=tr("name.clock_pairs"), allowed=allowed, value=echo(value))
        )
    top = values["d_model"] // 2 - 1  # each one of the table's pairs (`_PAIRS`), named as all
    in_table = ("allowed.three_pairs_range", {"hi": f"{top:,}"})
    first, middle, slow = (check_int(tr("name.clock_pairs"), p, 0, top, in_table) for p in value)
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


def _speed(value: object, values: Values) -> float:
    allowed = ("allowed.speed", {"lo": MIN_SPEED, "hi": f"{MAX_SPEED:g}"})
    return check_real(tr("name.speed"), value, MIN_SPEED, MAX_SPEED, allowed)


def _font_scale(value: object, values: Values) -> float:
    allowed = ("allowed.factor", {"lo": MIN_FONT_SCALE, "hi": MAX_FONT_SCALE})
    return check_real(tr("name.font_scale"), value, MIN_FONT_SCALE, MAX_FONT_SCALE, allowed)


def _bool(key: str) -> Callable[[object, Values], bool]:
    return lambda value, _: check_bool(message_name(key), value)


class Picture(ModelHolder):
    """Every field's value and the opened model, checked together; no Qt."""

    # --- the fields, declared once; in this order a default may read the ones above it ------
    # The course's table and the position shown: checked together by `Params`, set in the
    # window's controls dock.
    d_model = StateField(
        _DEFAULTS.d_model,
        group=(PARAMS, TABLE),
        control=Control(
            "controls.d_model", MIN_D_MODEL, MAX_D_MODEL, step=2, name="d_model", place=DOCK
        ),
    )
    max_len = StateField(
        _DEFAULTS.max_len,
        group=(PARAMS, TABLE),
        control=Control("controls.max_len", 1, MAX_LEN, name="max_len", place=DOCK),
    )
    #: Typed (any number above 1), or one of the presets: the paper's and two rope_thetas.
    base = StateField(
        _DEFAULTS.base,
        group=(PARAMS, TABLE),
        control=Control(
            "controls.base",
            1.0,
            MAX_BASE,
            name="base",
            place=DOCK,
            presets=BASE_PRESETS,
            lo_open=True,
        ),
    )
    #: Which dimension holds which number: the paper's "interleaved" or tensor2tensor's "split".
    layout = StateField(
        "interleaved",
        lambda v, _: check_layout(v),
        group=(TABLE,),
        kind=str,
        control=Control(
            "controls.layout",
            choices={la: f"layout.{la}" for la in LAYOUTS},
            name="layout",
            place=DOCK,
        ),
    )
    #: The pairs shown as the fast, middle and slow hand of the large clock (in the window,
    #: the clock's own boxes set them).
    clock_pairs = StateField(
        lambda v: default_clock_pairs(v["d_model"] // 2),
        _clock_pairs,
        follow=_clock_pairs_follow,
        kind=tuple,
        control=Control("name.clock_pairs", 0, MAX_PAIR, place=FIGURE),
        bounds=_PAIRS,
    )
    #: The pair outlined on the heatmap, the dials and R(k) (in the window, a click on a
    #: figure or the controls' box sets it).
    selected_pair = StateField[int](
        0,
        _pair,
        follow=lambda p, v, _: p if p < v["d_model"] // 2 else 0,
        control=Control("controls.pair", 0, MAX_PAIR, name="name.pair", place=DOCK),
        bounds=_PAIRS,
    )
    #: Within the table, from its first position: pos + k ≥ 0.
    pos = StateField(
        _DEFAULTS.pos,
        group=(PARAMS,),
        follow=lambda p, v, _: min(p, check_max_len(v["max_len"]) - 1),
        control=Control("controls.pos", 0, MAX_LEN - 1, name="pos", place=DOCK, played=True),
        bounds=Bounds(("k", "max_len"), lambda v: (max(0, -v["k"]), v["max_len"] - 1)),
    )
    #: Any offset down to the table's last position's; pos + k ≥ 0, which `Params` checks
    #: with pos (a range that followed pos would lay the dock out again at every step).
    k = StateField(
        _DEFAULTS.k,
        group=(PARAMS,),
        control=Control("controls.k", MIN_OFFSET, MAX_OFFSET, name="k", place=DOCK),
    )
    playing = StateField(False, _bool("name.playing"), persist=False, copy=False, role=PLAYBACK)
    loop = StateField(
        True,
        _bool("name.loop"),
        role=PLAYBACK,
        control=Control("controls.loop", name="name.loop", place=DOCK),
    )
    #: Animation speed in positions per second.
    speed = StateField(
        4.0,
        _speed,
        role=PLAYBACK,
        control=Control(
            "controls.speed",
            MIN_SPEED,
            MAX_SPEED,
            name="name.speed",
            place=DOCK,
            unit="controls.speed_suffix",
        ),
    )
    font_scale = StateField(1.0, _font_scale, role=LOOK)
    #: 'en' or 'ko': every text of the window and of messages.
    language = StateField(
        lambda v: i18n.language(), lambda v, _: i18n.check_language(v), kind=str, role=LANGUAGE
    )
    #: Multiply the token embeddings by √d_model before adding PE, as the paper does (§3.4).
    scale_embeddings = StateField(
        False,
        control=Control("embed.scale_switch", name="name.scale_embeddings", place=FIGURE),
    )
    #: Positions seen in training (BERT's learned table has 512).
    train_len = StateField(
        DEFAULT_TRAIN_LEN,
        control=Control("controls.train_len", 1, MAX_LEN, name="name.train_len", place=DOCK),
    )
    #: Colours of the figures: 'light' or 'dark' (a projector's). Exports draw in either; the
    #: window's views keep the one they were built with.
    theme = StateField("light", lambda v, _: check_theme(v), persist=False, kind=str, role=LOOK)
    #: The window is in presenter mode: views leave out the hints for the mouse and in-view
    #: controls a class does not need to see.
    presenting = StateField(False, _bool("presenting"), persist=False, copy=False, role=LOOK)
    #: Drawn for a projector (the stage, export --stage): the theme's projector colours, whose
    #: every cell stands out from the background (`look.themes.Theme.projector_colormap_name`).
    projected = StateField(False, _bool("projected"), persist=False, role=LOOK)
    # --- beyond sinusoids (issue 13): the toy attention, RoPE, context extension, ALiBi ---
    #: Add PE to the toy sentences' embeddings (the "why" panel).
    why_pe = StateField(False, control=Control("why.switch", name="name.why_pe"))
    #: RoPE's head dimension, separate from d_model (real models use 64 or 128).
    head_dim = StateField(
        128, control=Control("rope.head_dim", 2, MAX_HEAD_DIM, step=2, name="name.head_dim")
    )
    rope_layout = StateField(
        "interleaved",
        control=Control(
            "rope.layout",
            choices={layout: f"rope.{layout}" for layout in ROPE_LAYOUTS},
            name="rope_layout",
            width=22,  # "interleaved (2i, 2i+1)" whole: the row has room for it
        ),
    )
    #: One context-extension method, or "all" side by side.
    scaling_method = StateField(
        "all",
        control=Control(
            "scaling.method",
            choices={m: f"scaling.{m}" for m in SCALING_CHOICES},
            name="scaling_method",
        ),
    )
    #: s, the extension factor, and L0, the trained context length.
    scaling_factor = StateField(
        8.0,
        control=Control("scaling.factor", 1.0, MAX_SCALING_FACTOR, name="name.scaling_factor"),
    )
    original_len = StateField(
        8192,
        control=Control("scaling.original_len", 16, MAX_ORIGINAL_LEN, name="name.original_len"),
    )
    alibi_heads = StateField(
        12, control=Control("alibi.heads", 1, MAX_ALIBI_HEADS, name="name.alibi_heads")
    )
    causal = StateField(True, control=Control("alibi.causal", name="name.causal"))
    #: The big clock marks where each hand's tip was over the last TRAIL_LENGTH positions.
    trails = StateField(False, control=Control("clock.trails", name="name.trails", place=FIGURE))
    #: Line widths and marker sizes times this: stage mode draws them for the back row.
    line_scale = StateField(
        1.0,
        lambda v, _: check_real(tr("name.line_scale"), v, MIN_LINE_SCALE, MAX_LINE_SCALE),
        persist=False,
        role=LOOK,
    )
    FIELDS = declared_fields(locals())

    def __init__(self, params: Params | None = None) -> None:
        self._params = params or _DEFAULTS
        # In declaration order, so a default may depend on the fields above it.
        values: dict[str, Any] = {}
        for name, field in self.FIELDS.items():
            in_params = PARAMS in field.group
            values[name] = getattr(self._params, name) if in_params else field.initial(values)
        self._values = values
        self._model = None
        self._model_group = 0
        self._before_model = None
        self._model_refused: dict[str, str] = {}

    @classmethod
    def role(cls, *roles: str) -> tuple[str, ...]:
        """The names of the fields of these roles, in declaration order."""
        return tuple(name for name, field in cls.FIELDS.items() if field.role in roles)

    @classmethod
    def _group(cls, group: str) -> list[str]:
        return [name for name, field in cls.FIELDS.items() if group in field.group]

    @property
    def params(self) -> Params:
        """The core parameters as one validated record."""
        return self._params

    @property
    def n_pairs(self) -> int:
        return self.d_model // 2

    def set(self, **changes: Any) -> None:
        """Change fields together; raise ValueError (naming the field) and change nothing if bad.

        Fields that were not named follow the change where they must: pos stays within
        max_len, the clock's pairs and the selected pair within d_model.
        """
        unknown = set(changes) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        new = {**self._values, **changes}
        core = self._group(PARAMS)
        self._follow(new, changes, core)
        params = self._params
        if any(new[name] != self._values[name] or name in changes for name in core):
            try:
                params = Params(**{name: new[name] for name in core})
            except ValueError as err:
                raise self._followed(err, changes, new, core) from None
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

    def _followed(
        self, err: ValueError, changes: Values, new: Values, core: list[str]
    ) -> ValueError:
        """err, saying first which field asked for moved another that then failed (max_len 3
        moves pos to 2, and then pos + k < 0): the message named neither."""
        moved = [n for n in core if n not in changes and new[n] != self._values[n]]
        if not moved or any(str(err).startswith(name) for name in changes):
            return err
        asked = ", ".join(f"{name} {echo(value)}" for name, value in changes.items())
        field = moved[0]
        return ValueError(
            tr("error.moved", asked=asked, field=field, value=echo(new[field]), message=err)
        )

    def _follow(self, new: dict[str, Any], changes: Values, names: list[str]) -> None:
        for name in names:
            follow = self.FIELDS[name].follow
            if name not in changes and follow is not None:
                new[name] = follow(new[name], new, self._values)

    def _apply(self, changed: list[str]) -> None:
        """After a change was taken: the window's state emits its signals here."""

    def _emit_model(self, message: str = "") -> None:
        """A model was opened, closed or another group chosen: the window's state says so."""

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

    def parameters(self) -> dict[str, Any]:
        """What the figure shows: the value of every field of the PARAMETER role, by name."""
        return {name: getattr(self, name) for name in PARAMETERS}

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

    def copy(self: P) -> P:
        """An independent state with the same fields (but not playing) and model."""
        return self.copied_to(type(self)(self.params))

    def picture(self) -> Picture:
        """The same as a Qt-free picture: its fields (but not playing) and model."""
        return self.copied_to(Picture(self.params))

    def copied_to(self, twin: P) -> P:
        """twin (a fresh picture or state of the same params) given these fields (but not
        playing) and model. The values are taken as they are, not checked again: a picture
        holds only values its checks took (a figure's request is checked once)."""
        taken = {n: self._values[n] for n, field in self.FIELDS.items() if field.copy}
        changed = [name for name, value in taken.items() if twin._values[name] != value]
        twin._values = {**twin._values, **taken}
        twin._model, twin._model_group = self._model, self._model_group
        twin._before_model, twin._model_refused = self._before_model, self._model_refused
        if changed:
            twin._apply(changed)
        return twin

    def set_clock_pair(self, hand: int, pair: int) -> None:
        """Show pair as the large clock's hand 0 (fast), 1 (middle) or 2 (slow)."""
        pairs = list(self.clock_pairs)
        pairs[check_int(tr("name.hand"), hand, 0, 2)] = pair
        self.set(clock_pairs=tuple(pairs))

    def allowed(self, name: str) -> tuple[float, float]:
        """Field name's range now (`StateField.allowed`): what every frontend's control
        offers and its check takes (pos from −k, a pair within d_model)."""
        return self.FIELDS[name].allowed(self._values)

    @property
    def first_pos(self) -> int:
        """Smallest pos allowed with the current k (pos + k must stay >= 0)."""
        return max(0, -self.k)


#: What a figure shows: the notebook's keywords, the widget's values, a deck's parameters.
PARAMETERS = Picture.role(PARAMETER)
