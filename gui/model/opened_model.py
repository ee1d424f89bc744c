"""The model the window has opened (File ▸ Open model…, --model): the state holds it, as it
holds the token embeddings, and its numbers go into the RoPE, Extension and ALiBi tabs' fields.

Opening a model sets base, head_dim and the scaling fields to the numbers of one group of its
layers (`first_group`: the first whose θ is rescaled, else the first with RoPE), or the ALiBi
tab's heads; choosing another group in the per-layer strip sets that group's; closing the
model puts back the fields as they were before it opened. A number the tabs cannot draw
(rope_theta past the base's range, say) is named and the rest still apply.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from pe_clock.core.alibi import alibi_slopes
from pe_clock.core.i18n import tr
from pe_clock.core.models.config import LayerGroup, trained_length
from pe_clock.core.models.opened import OpenedModel, open_model

#: The fields a model sets (and closing it puts back).
MODEL_FIELDS = (
    "base", "head_dim", "scaling_method", "scaling_factor", "original_len", "alibi_heads"
)  # fmt: skip
#: transformers' rope types the Extension tab draws as a method of its own.
DRAWN_TYPES = ("linear", "dynamic", "yarn", "llama3")


def group_changes(model: OpenedModel, group: LayerGroup) -> dict[str, Any]:
    """The state fields that show a RoPE group: rope_theta as base, the rotary part as
    head_dim, its rope type and factor, and L0 (`trained_length`)."""
    assert group.scheme == "rope" and model.config is not None
    kind = group.rope_type or "default"
    changes: dict[str, Any] = {"base": group.rope_theta, "head_dim": group.rotary_dim}
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


def model_view(model: OpenedModel | None) -> str:
    """The view that shows a model's positions: its learned table, its ALiBi slopes, or its
    RoPE (the Extension tab when its config rescales θ)."""
    config = model.config if model else None
    if model is None or config is None or config.learned is not None:
        return "learned"
    schemes = [group.scheme for group in config.groups]
    if "rope" in schemes:
        scaled = any(g.rope_type not in (None, "default") for g in config.groups)
        return "scaling" if scaled else "rope"
    return "alibi" if "alibi" in schemes else "rope"


def first_group(model: OpenedModel) -> int:
    """The group shown first: the first whose θ is rescaled (Gemma 3's global layers, what the
    Extension tab is about), else the first with RoPE, else the first."""
    if model.config is None:
        return 0
    groups = rope_groups(model)
    scaled = [i for i in groups if model.config.groups[i].rope_type != "default"]
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
    set: Callable[..., None]
    values: Callable[[], dict[str, Any]]

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
            values = self.values()
            self._before_model = {name: values[name] for name in MODEL_FIELDS}
        self._model = model
        self._model_group = first_group(model) if group is None else group
        refused = self._apply_group()
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
        self._model = None
        self._model_group = 0
        self.set(**before)
        self._emit_model(tr("model.closed"))

    def _apply_group(self) -> str:
        """Set the shown group's numbers field by field; name those the tabs cannot draw."""
        model = self._model
        if model is None or model.config is None:
            return ""
        group = model.config.groups[self._model_group]
        if group.scheme == "rope":
            changes = group_changes(model, group)
        elif group.scheme == "alibi" and group.slopes is not None:
            # The ALiBi tab draws Press et al.'s slopes (BLOOM's): MPT's differ for a head
            # count that is not a power of two, and there the tab keeps its own. More heads
            # than the tab draws are named as refused.
            heads = group.slopes.size
            same = bool(np.allclose(group.slopes, alibi_slopes(heads)))
            changes = {"alibi_heads": heads} if same else {}
        else:
            return ""
        refused = []
        for name, value in changes.items():
            try:
                self.set(**{name: value})
            except ValueError as err:
                refused.append(str(err))
        return "".join(" " + tr("model.not_drawn", reason=reason) for reason in refused)
