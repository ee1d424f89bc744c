"""What a model's config.json says about positions, layer by layer, read as Hugging Face
transformers reads it (`modeling_rope_utils` and each model's configuration class).

Layers are grouped by the scheme they share (`LayerGroup`); each scheme has its own reader in
`core.models.schemes`: "rope" (with its base, head and rotary sizes, rope type and θ′ of
every pair as computed at initialisation; ESM's rotary, Qwen2-VL's M-RoPE sections),
"learned" (an absolute table: GPT-2's, BERT's, BART's), "sinusoidal" (fixed tables: the
paper's, fairseq's, Whisper's), "alibi" (BLOOM, MPT, Falcon), "buckets" (T5's relative
position buckets), "none" (layers without positions: Llama 4's NoPE layers, a hybrid's Mamba,
linear-attention and convolution layers, within the RoPE reader) or "recurrent" (a
state-space model such as Mamba: no positions by design); schemes PE Clock does not draw are
named in one line (`schemes.named`, a `NotDrawn`). Keys about positions that PE Clock does
not read are listed, never silently dropped; a value out of range is a ValueError naming its
key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pe_clock.core.format import shown
from pe_clock.core.i18n import echo, reason, tr
from pe_clock.core.models.group import LayerGroup, LearnedSize
from pe_clock.core.models.reader import MAX_LAYERS, ConfigReader, first_key
from pe_clock.core.models.schemes import SCHEMES, named
from pe_clock.core.models.schemes.rope import ROPE_KEYS

__all__ = [
    "LayerGroup",
    "LearnedSize",
    "ModelConfig",
    "parse_config",
    "read_model_config",
    "trained_length",
]

#: Nesting deeper than this is refused (real configs nest three or four levels).
MAX_DEPTH = 16
#: Where a config gives its depth, in the order looked for (GPT-2's n_layer, MPT's n_layers,
#: Moonshine's decoder_num_hidden_layers, Whisper's encoder_layers; an encoder-decoder's reader
#: counts both stacks, `Read.num_layers`).
LAYER_KEYS = (
    "num_hidden_layers", "n_layer", "n_layers", "num_layers", "decoder_num_hidden_layers",
    "encoder_layers", "decoder_layers", "layers", "l_layers", "depth",
)  # fmt: skip
#: Keys about positions the readers read (the layers and the longest length here, each
#: scheme's own in its module); any other key naming positions is reported.
READ_KEYS = frozenset(
    {"model_type", "text_config", *LAYER_KEYS, "max_position_embeddings", "n_positions",
     "max_seq_len"}
).union(*(scheme.KEYS for scheme in SCHEMES))  # fmt: skip

POSITION_WORDS = ("rope", "rotary", "position", "alibi", "pos_emb", "nope", "sliding")


def parse_config(data: bytes, name: str = "config.json") -> dict[str, Any]:
    """The JSON object of a config.json; ValueError (naming name) for anything else: not UTF-8,
    not JSON, nested deeper than MAX_DEPTH, not an object."""
    try:
        # Infinity and NaN as Python's json (and so transformers) writes and reads them:
        # Bamba's and Falcon-H1's own config.json hold one; a key read is checked for range.
        value = json.loads(data.decode("utf-8-sig"))
    except RecursionError as err:
        raise ValueError(tr("model.nested", file=name, limit=MAX_DEPTH)) from err
    except ValueError as err:  # not UTF-8, JSONDecodeError, a number of 5,000 digits
        raise ValueError(tr("model.json", file=name, reason=reason(err))) from err
    if _depth(value) > MAX_DEPTH:
        raise ValueError(tr("model.nested", file=name, limit=MAX_DEPTH))
    if not isinstance(value, dict):
        raise ValueError(tr("model.json", file=name, reason=tr("model.not_object")))
    return value


def _depth(value: object) -> int:
    """How deep value nests, without recursion (a crafted file cannot exhaust the stack)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


@dataclass(frozen=True)
class ModelConfig:
    """A model's positions as its config.json sets them."""

    model_type: str
    max_position_embeddings: int | None
    num_layers: int
    groups: tuple[LayerGroup, ...]
    learned: LearnedSize | None
    #: Keys about positions PE Clock does not read, as "key" or "block.key".
    unknown: tuple[str, ...]
    #: Values the config left out, with transformers' default taken (e.g. rope_theta).
    defaults: tuple[str, ...]
    #: The key max_position_embeddings was read from (GPT-2's n_positions, MPT's max_seq_len).
    max_positions_key: str = "max_position_embeddings"


def trained_length(model: ModelConfig, group: LayerGroup) -> int | None:
    """A RoPE group's trained length L0: original_max_position_embeddings, else
    max_position_embeddings; for linear scaling without one, max_position_embeddings /
    factor (the length whose angles the scaled positions reuse: no trained length given)."""
    longest = model.max_position_embeddings
    if group.original_max_position_embeddings is not None or longest is None:
        return group.original_max_position_embeddings
    if group.rope_type == "linear" and group.factor:
        return round(longest / group.factor)
    return longest


def read_model_config(config: Mapping[str, Any]) -> ModelConfig:
    """The groups of layers and their position schemes of a parsed config.json."""
    reader = ConfigReader(config)
    given = config.get("model_type", reader.get("model_type", ""))
    model_type = given[:60] if isinstance(given, str) else "?"
    kind = str(reader.get("model_type", ""))[:60]
    # An encoder-decoder's reader counts both stacks (Read.num_layers): Whisper's encoder's
    # count stands where its config has no num_hidden_layers.
    # (LXMERT's class writes num_hidden_layers as a dict of its stacks: a count is preferred)
    counts = [key for key in LAYER_KEYS if type(reader.values.get(key)) is int]
    layer_key = counts[0] if counts else first_key(reader, *LAYER_KEYS)
    scheme = next((scheme for scheme in SCHEMES if scheme.detects(reader, kind)), None)
    if scheme is None:
        raise ValueError(tr("model.no_scheme", model_type=shown(model_type) or "?"))
    if scheme is named:  # named in one line, whatever its depth
        scheme.read(reader, kind, 0, None)
    kinds = reader.get("layer_types") or reader.get("layers_block_type")
    if layer_key is None and isinstance(kinds, list) and kinds:
        layers = len(kinds)  # Nemotron-H: as many layers as its pattern names
        if layers > MAX_LAYERS:
            allowed = tr("allowed.int_range", lo="1", hi=f"{MAX_LAYERS:,}")
            raise ValueError(
                tr("model.key", name="layer_types", value=echo(kinds), allowed=allowed)
            )
    elif layer_key is None:
        raise ValueError(tr("model.missing", name="num_hidden_layers"))
    else:
        layers = reader.whole(layer_key, 1, MAX_LAYERS)
    max_pos_key = "n_positions" if "n_positions" in reader.values else "max_position_embeddings"
    if max_pos_key not in reader.values and "max_seq_len" in reader.values:
        max_pos_key = "max_seq_len"
    max_pos = reader.get(max_pos_key)
    max_positions = reader.whole(max_pos_key, 1, 10**12) if max_pos is not None else None
    read = scheme.read(reader, kind, layers, max_positions)
    ignored = []
    if not read.reads_max_positions and max_positions is not None:
        # named as not read rather than said to be a longest length
        ignored, max_positions = [max_pos_key], None
    return ModelConfig(
        model_type,
        max_positions,
        read.num_layers or layers,
        read.groups,
        read.learned,
        tuple(sorted([*_unknown_keys(reader), *ignored])),
        tuple(reader.defaults),
        max_pos_key,
    )


def _unknown_keys(reader: ConfigReader) -> list[str]:
    """Keys naming positions (rope, rotary, position, alibi, …) that this module does not
    read, and keys of a rope block it does not know."""
    out = [
        name
        for name in reader.given
        if name not in READ_KEYS and any(word in name.lower() for word in POSITION_WORDS)
    ]
    for block_name in ("rope_scaling", "rope_parameters"):
        block = reader.given.get(block_name)
        if not isinstance(block, dict):
            continue
        inner = block.values() if all(isinstance(v, dict) for v in block.values()) else [block]
        for part in inner:
            read = ROPE_KEYS | reader.block_keys_read
            out.extend(f"{block_name}.{k}" for k in part if k not in read)
    attn = reader.given.get("attn_config")
    if isinstance(attn, dict):
        out.extend(
            f"attn_config.{k}"
            for k in attn
            if k not in ("alibi", "alibi_bias_max") and any(w in k for w in POSITION_WORDS)
        )
    return sorted(dict.fromkeys(out))
