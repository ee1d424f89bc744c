"""The model the window has opened (File ▸ Open model…, --model): the state holds it, as it
holds the token embeddings, and its numbers go into the RoPE, Extension and ALiBi tabs' fields.

Opening a model sets base, head_dim and the scaling fields to the numbers of one group of its
layers (`first_group`: the first whose θ is rescaled, else the first with RoPE), the ALiBi
tab's heads, or for DistilBERT's fixed sinusoids the course's d_model and max_len; choosing
another group in the per-layer strip sets that group's; closing the model puts back each
field a model set as it was before the first model opened. A number the tabs cannot draw
(rope_theta past the base's range, say) is named and the rest still apply.

Each view declares the schemes it draws (`gui.views`); a model asked for on any other view
is refused (`gui.model.request.check_model_view`), as T5's buckets and Mamba's lack of
positions, which no view draws, are named rather than drawn as something else.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pe_clock.core.alibi import alibi_slopes
from pe_clock.core.format import shown
from pe_clock.core.i18n import tr
from pe_clock.core.models.config import LayerGroup, trained_length
from pe_clock.core.models.describe import group_title, layer_runs
from pe_clock.core.models.opened import OpenedModel, open_model
from pe_clock.core.models.schemes.alibi import bfloat16
from pe_clock.gui.views import REGISTRY

#: transformers' rope types the Extension tab draws as a method of its own.
DRAWN_TYPES = ("linear", "dynamic", "yarn", "llama3")
#: --layers' names of the two kinds of layer: local (a sliding window, or chunks), global.
LAYER_NAMES = ("local", "global")


def drawn_for(state: ModelHolder, view: str) -> str:
    """ " · model" for a title of view when it draws the state's opened model (a figure
    drawn for a model names it: "PE(pos, dim) · d_model 768 · base 10000" said nothing of
    DistilBERT), as HTML-escaped text (a name comes from a file); "" otherwise."""
    model = state.model
    if model is None or view not in model_views(model):
        return ""
    return " · " + html.escape(model.name)


def model_views(model: OpenedModel) -> tuple[str, ...]:
    """The views that show model's positions (those that declare one of its schemes), in
    the registry's order (a table file alone: the learned view)."""
    schemes = {g.scheme for g in model.config.groups} if model.config else {"learned"}
    return tuple(spec.name for spec in REGISTRY if schemes & set(spec.schemes))


def scheme_words(model: OpenedModel) -> str:
    """The model's schemes, as the strip's key names them."""
    if model.config is None:
        return tr("strip.learned")
    return " / ".join(dict.fromkeys(group_title(g, compact=True) for g in model.config.groups))


def chosen_group(model: OpenedModel, layers: object, asked: str = "") -> int:
    """The index of the group layers names: "local" (the sliding-window or chunked layers),
    "global" (the full-attention ones) or a layer's number; ValueError naming the groups otherwise,
    and how the caller asked (asked: ``--layers 99``, ``layers=99``). A group without
    positions to draw (Llama 4's NoPE layers) is refused too."""
    config = model.config
    asked = asked or shown(layers)
    if config is None or layers is None:
        return first_group(model) if layers is None else _no_group(model, asked)
    groups = config.groups
    drawn = [i for i, g in enumerate(groups) if g.scheme != "none"]
    text = str(layers).strip()
    found: list[int] = []
    if text in LAYER_NAMES:
        found = [i for i in drawn if groups[i].local == (text == "local")]
    elif text.isascii() and text.isdigit() and len(text) < 8 and not isinstance(layers, bool):
        found = [i for i in drawn if int(text) in groups[i].layers]
    return found[0] if found else _no_group(model, asked)


def _no_group(model: OpenedModel, asked: str) -> int:
    config = model.config
    runs = []
    for group in config.groups if config else ():
        kind = "local" if group.local else "global"
        where = tr("modelinfo.layers", runs=layer_runs(group.layers), n=len(group.layers))
        runs.append(f"{where} ({kind}): {group_title(group, compact=True)}")
    raise ValueError(
        tr("model.no_group", model=shown(model.name), layers=asked, groups="; ".join(runs))
    )


def _rope_changes(model: OpenedModel, group: LayerGroup) -> dict[str, Any]:
    """A RoPE group's numbers: rope_theta as base, the rotary part as head_dim, its rope type
    and factor, and L0 (`trained_length`)."""
    assert model.config is not None
    kind = group.drawn_type or "default"
    changes: dict[str, Any] = {"base": group.drawn_base, "head_dim": group.rotary_dim}
    # longrope has no method of its own in the tab: the others at its factor, beside its curve.
    changes["scaling_method"] = kind if kind in DRAWN_TYPES else "all"
    if kind == "default":
        changes["scaling_method"], changes["scaling_factor"] = "default", 1.0  # s = 1: none
    elif group.factor is not None:
        changes["scaling_factor"] = group.factor
    l0 = trained_length(model.config, group)
    if l0 is not None:
        changes["original_len"] = l0
    return changes


def _alibi_changes(model: OpenedModel, group: LayerGroup) -> dict[str, Any] | None:
    """An ALiBi group's head count (its slopes, drawn as Press et al.'s)."""
    return None if group.slopes is None else {"alibi_heads": group.slopes.size}


def _sinusoid_changes(model: OpenedModel, group: LayerGroup) -> dict[str, Any]:
    """Fixed sinusoids: the course's table at the model's width, base and layout. DistilBERT's
    rows are max_position_embeddings, Whisper's encoder's its own: the positions the model was
    trained on (the heatmap marks where they end)."""
    assert model.config is not None
    rows = group.details.get("positions", model.config.max_position_embeddings)
    return {
        "base": group.rope_theta,
        "d_model": group.head_dim,
        "layout": group.details.get("layout", "interleaved"),
        "max_len": rows,
        "train_len": rows,
    }


@dataclass(frozen=True)
class SchemeReader:
    """What a group of a scheme sets: read(model, group) gives the fields' values (None: none
    to set); sets names every field it may set, with what the layer strip calls the model's
    number where a user may draw another over it ("": the strip says nothing of it)."""

    read: Callable[[OpenedModel, LayerGroup], dict[str, Any] | None]
    sets: Mapping[str, str]


_ROPE_SETS = {"base": "base (rope_theta)", "head_dim": "head_dim", "scaling_method": "",
              "scaling_factor": "factor", "original_len": "L0"}  # fmt: skip
_SINUSOID_SETS = dict.fromkeys(("base", "d_model", "layout", "max_len", "train_len"), "")
#: The schemes whose groups set fields, each with its reader.
READERS = {
    "rope": SchemeReader(_rope_changes, _ROPE_SETS),
    "alibi": SchemeReader(_alibi_changes, {"alibi_heads": "heads"}),
    "sinusoidal": SchemeReader(_sinusoid_changes, _SINUSOID_SETS),
}


def group_changes(model: OpenedModel, group: LayerGroup) -> dict[str, Any] | None:
    """The fields group sets (its scheme's reader's), or None for a scheme that sets none."""
    reader = READERS.get(group.scheme)
    return None if reader is None else reader.read(model, group)


def lead_scheme(model: OpenedModel | None) -> str | None:
    """What a model's positions are, first: its learned table ("learned"), its RoPE
    ("scaled rope" where its config rescales θ), else its first scheme a view opens for
    (fixed sinusoids, ALiBi's slopes); None where it has none (T5's buckets, Mamba)."""
    config = model.config if model else None
    if model is None or config is None or config.learned is not None:
        return "learned"
    schemes = [group.scheme for group in config.groups]
    if "rope" in schemes:
        scaled = any(g.drawn_type not in (None, "default") for g in config.groups)
        return "scaled rope" if scaled else "rope"
    opened = {scheme for spec in REGISTRY for scheme in spec.opens}
    return next((scheme for scheme in schemes if scheme in opened), None)


def model_view(model: OpenedModel | None) -> str | None:
    """The view opened for a model: the one whose entry opens its lead scheme
    (`ViewSpec.opens`); None where no view draws its positions."""
    lead = lead_scheme(model)
    return next((spec.name for spec in REGISTRY if lead in spec.opens), None)


def first_group(model: OpenedModel) -> int:
    """The group shown first: the first whose θ is rescaled (Gemma 3's global layers, what the
    Extension tab is about), else the first with RoPE, else the first."""
    if model.config is None:
        return 0
    groups = rope_groups(model)
    scaled = [i for i in groups if model.config.groups[i].drawn_type != "default"]
    return (scaled or groups or [0])[0]


def rope_groups(model: OpenedModel | None) -> list[int]:
    """The indices of the model's groups that use RoPE."""
    if model is None or model.config is None:
        return []
    return [i for i, group in enumerate(model.config.groups) if group.scheme == "rope"]


def shown_group(state: ModelHolder) -> LayerGroup | None:
    """The RoPE group of the opened model whose numbers the tabs show, or None."""
    model = state.model
    if model is None or state.model_group not in rope_groups(model):
        return None
    assert model.config is not None
    return model.config.groups[state.model_group]


class ModelHolder:
    """Mixin for AppState: the opened model, its shown group, and the fields it set."""

    _model: OpenedModel | None
    _model_group: int
    _before_model: dict[str, Any] | None
    _model_refused: dict[str, str]
    set: Callable[..., None]

    def _emit_model(self, message: str = "") -> None:  # pragma: no cover - AppState's
        raise NotImplementedError

    @property
    def model(self) -> OpenedModel | None:
        return self._model

    @property
    def model_group(self) -> int:
        """The index of the group of layers whose numbers the tabs show."""
        return self._model_group

    def open_model(self, path: str | Path) -> bool:
        """Open a model (folder, config.json, cached id or table file); a bad one is reported
        through `rejected` and changes nothing."""
        try:
            model = open_model(path)
        except ValueError as err:
            self.rejected.emit(str(err))  # type: ignore[attr-defined]
            return False
        self.show_model(model)
        return True

    def show_model(self, model: OpenedModel, group: int | None = None) -> str:
        """Make model the opened one, showing group (else `first_group`); return what of its
        numbers the tabs cannot draw ('' for none)."""
        if self._before_model is None:
            self._before_model = {}  # each field as it was before the first model set it
        self._model = model
        self._model_group = first_group(model) if group is None else group
        refused = self._apply_group()
        if not model_views(model):  # T5, Mamba: opened and described, drawn nowhere
            refused += " " + tr("model.no_view_here", scheme=scheme_words(model), model=model.name)
        self._emit_model(tr("model.opened", name=model.name) + refused)
        return refused.strip()

    def choose_model_group(self, index: int) -> bool:
        """Show the numbers of the model's group index (a RoPE group); False if it has none."""
        if index not in rope_groups(self._model) or index == self._model_group:
            return False
        self._model_group = index
        self._emit_model(self._apply_group().strip())
        return True

    def close_model(self) -> None:
        """Back to the presets: the fields as they were before the model opened."""
        if self._model is None:
            return
        before, self._before_model = self._before_model or {}, None
        self._model, self._model_refused = None, {}
        self._model_group = 0
        self.set(**before)
        self._emit_model(tr("model.closed"))

    def _apply_group(self) -> str:
        """Set the shown group's numbers field by field; name those the tabs cannot draw."""
        model = self._model
        self._model_refused = {}
        if model is None or model.config is None:
            return ""
        group = model.config.groups[self._model_group]
        changes = group_changes(model, group)
        if changes is None:
            return ""
        if group.slopes is not None:
            # The ALiBi tab draws Press et al.'s slopes (BLOOM's, and MPT's at its default
            # alibi_bias_max 8): where a model's differ the tab keeps its own, saying so.
            heads = group.slopes.size
            exact = alibi_slopes(heads)
            # Falcon's are Press et al.'s rounded to bfloat16: drawn exact, the strip says so
            rounded = "bfloat16_gap" in group.details and np.array_equal(
                group.slopes, bfloat16(exact)
            )
            if not rounded and not np.allclose(group.slopes, exact):
                self._model_refused["alibi_heads"] = tr("model.other_slopes", heads=heads)
                return " " + self.model_refused()["alibi_heads"]
        before = self._before_model if self._before_model is not None else {}
        for name, value in changes.items():
            before.setdefault(name, getattr(self, name))
            try:
                self.set(**{name: value})
            except ValueError as err:
                self._model_refused[name] = str(err)
        return "".join(" " + line for line in self.model_refused().values())

    def model_refused(self) -> dict[str, str]:
        """The shown group's numbers the views cannot draw, by field, each as a sentence (the
        field keeps its own value: nobody set it over the model's)."""
        return {
            name: tr("model.not_drawn", reason=reason)
            for name, reason in self._model_refused.items()
        }
