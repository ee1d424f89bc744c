"""2D RoPE of a vision tower, transformers' rope_type "axial" (Qwen2-VL's vision encoder and
the families that share its `compute_axial_rope_parameters`): a patch at row h and column
w of the image's grid turns half of each head's d dimensions by h and the other half by w,
both halves with the same d/4 angles

    θ′_j = base^(−2j/(d/2)),   j = 0 … d/4 − 1,

so each axis is the paper's RoPE over d/2 dimensions with the patch's row (or column) as the
position. The group drawn is that: rotary_dim d/2, the row's pairs (the column's are the
same). Where a family lays the halves out (first and second half, interleaved, w before h)
changes no angle; a family whose angles differ (Pixtral's halves take alternate θ of the
whole head, MiniMax-M3-VL turns three axes) is named in `core.models.families.NAMED`.

d is head_dim, else the width over the heads: embed_dim (Qwen2-VL's vision width; its
hidden_size is the merger's output), else hidden_size, over num_attention_heads or num_heads.
A tower that also adds a learned table of the patch grid at its input is data
(`core.models.families.GRID_TABLES`), said beside the RoPE and not drawn.
"""

from __future__ import annotations

from typing import Any

from pe_clock.core.i18n import tr
from pe_clock.core.models.families import GRID_TABLES
from pe_clock.core.models.group import LayerGroup, Read
from pe_clock.core.models.reader import ConfigReader
from pe_clock.core.models.schemes import rope
from pe_clock.core.rope import rope_inverse_frequencies

NAME = "rope"
KEYS = frozenset({"rope_parameters"})
#: The rope types that turn an image's patches by row and column.
AXIAL_TYPES = ("axial",)


def rope_blocks(reader: ConfigReader) -> list[dict[str, Any]]:
    """The config's rope_parameters blocks: one per kind of layer, or the one flat block."""
    given = reader.get("rope_parameters")
    if not isinstance(given, dict):
        return []
    parts = [v for v in given.values() if isinstance(v, dict)]
    return parts or [given]


def detects(reader: ConfigReader, kind: str) -> bool:
    return any(block.get("rope_type") in AXIAL_TYPES for block in rope_blocks(reader))


def head_dim(reader: ConfigReader) -> int:
    """d as transformers' compute_axial_rope_parameters takes it (embed_dim, Qwen2-VL's
    width, before hidden_size; num_heads beside num_attention_heads), a multiple of 4: each
    axis turns whole pairs of d/2 dimensions."""
    dim = rope.head_size(reader, ("embed_dim", "hidden_size"), ("num_attention_heads", "num_heads"))
    if dim % 4:
        name = "head_dim" if reader.get("head_dim") is not None else "hidden_size"
        raise ValueError(tr("model.axial_dim", name=name, d=dim))
    return dim


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """Every layer one group: RoPE over d/2 dimensions by a patch's row (or column). The
    config's max_position_embeddings (Gemma 4's vision tower: 131,072) is no sequence's
    length here: named as not read."""
    block = next(b for b in rope_blocks(reader) if b.get("rope_type") in AXIAL_TYPES)
    if block.get("rope_theta") is None:
        raise ValueError(tr("model.missing", name="rope_parameters.rope_theta"))
    base = reader.number(
        "rope_parameters.rope_theta", 1.0, 1e300, lo_open=True, value=block["rope_theta"]
    )
    dim = head_dim(reader)
    half = dim // 2
    inv_freq = rope_inverse_frequencies(half, base)
    details: dict[str, object] = {"axes": 2}
    if str(reader.get("model_type", "")) in GRID_TABLES:
        details["grid_table"] = True
    group = LayerGroup(
        layers=tuple(range(layers)),
        scheme="rope",
        rope_theta=base,
        head_dim=dim,
        rotary_dim=half,
        rope_type="default",
        inv_freq=inv_freq,
        details=details,
    )
    return Read((group,), reads_max_positions=False)
