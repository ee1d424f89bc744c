"""RoPE as transformers reads a config: rope_theta, the rotated part of a head, the rope type
and its θ′ (`rope_types`), per kind of layer (sliding, full, chunked; Gemma 3's local
base; Llama 4's NoPE layers as groups without positions); M-RoPE's sections (`mrope`)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.families import ROPE_BLOCKS, ROPE_SWITCHES
from pe_clock.core.models.group import LayerGroup, Read
from pe_clock.core.models.reader import (
    DEFAULT_ROPE_THETA,
    FACTOR_RANGE,
    MAX_HEADS,
    MAX_LAYERS,
    MAX_ROTARY_DIM,
    ConfigReader,
    first_key,
)
from pe_clock.core.models.schemes.mrope import MROPE_TYPES, mrope_section
from pe_clock.core.models.schemes.rope_types import longrope, mscale, yarn
from pe_clock.core.scaling import scaled_inverse_frequencies

NAME = "rope"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset(
    {
        "attn_scale",
        "attn_temperature_tuning",
        "d_model",
        "floor_scale",
        "global_attn_every_n_layers",
        "global_rope_theta",
        "head_dim",
        "hidden_size",
        "layer_types",
        "local_attention",
        "local_rope_theta",
        "max_position_embeddings",
        "max_window_layers",
        "n_embd",
        "n_head",
        "n_heads",
        "no_rope_layer_interval",
        "no_rope_layers",
        "num_attention_heads",
        "original_max_position_embeddings",
        "partial_rotary_factor",
        "position_embedding_type",
        "qk_nope_head_dim",
        "qk_rope_head_dim",
        "rope_local_base_freq",
        "rope_parameters",
        "rope_scaling",
        "rope_theta",
        "rotary_dim",
        "rotary_emb_base",
        "rotary_pct",
        "sliding_window",
        "sliding_window_pattern",
        "sliding_window_size",
        "layers_block_type",
        "attn_layer_period",
        "attn_layer_offset",
        "attn_layer_indices",
        "use_mem_rope",
        "attention_window_size",
        "block_types",
        "use_sliding_window",
    }
)


#: ln of the largest base PE Clock draws at (a float's largest is e^709.78).
MAX_LOG_BASE = 700.0
#: The rope types PE Clock computes; "su" is Phi-3's first name for longrope.
ROPE_TYPES = ("default", "linear", "dynamic", "yarn", "longrope", "llama3", "proportional")
#: Keys of a rope_scaling (or rope_parameters) block this module reads.
ROPE_KEYS = {
    "rope_type",
    "type",
    "factor",
    "original_max_position_embeddings",
    "beta_fast",
    "beta_slow",
    "mscale",
    "mscale_all_dim",
    "attention_factor",
    "truncate",
    "short_factor",
    "long_factor",
    "low_freq_factor",
    "high_freq_factor",
    "rope_theta",
    "partial_rotary_factor",
}


def detects(reader: ConfigReader, kind: str) -> bool:
    """RoPE (`detects_rope`), or a hybrid stack whose layer_types name layers without
    attention (Nemotron-H: its attention layers have no positions)."""
    if detects_rope(reader, kind):
        return True
    given = (
        reader.get("layer_types") or reader.get("layers_block_type") or reader.get("block_types")
    )
    hybrid = isinstance(given, list) and any(
        isinstance(k, str) and k in UNPOSITIONED_KINDS for k in given
    )
    return (
        hybrid
        or reader.get("attn_layer_period") is not None
        or ("attn_layer_indices" in reader.values)
    )


def detects_rope(reader: ConfigReader, kind: str) -> bool:
    """A RoPE key, ESM-2's rotary position_embedding_type, or a model type that has RoPE
    without saying so (Llama 2's config gives no rope_theta)."""
    if reader.get("position_embedding_type") == "rotary":
        return True
    return _is_rope(reader, kind)


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    return Read(_rope_groups(reader, kind, layers, max_positions))


#: Model types whose sliding window alternates when the config gives no layer_types: every
#: pattern-th layer is global (transformers' Gemma2Config: sliding on even layers, full on
#: odd ones; a config as Google published it has neither layer_types nor a pattern).
DEFAULT_PATTERNS = {"gemma2": 2}
#: Model types that rotate only their sliding layers: their full-attention layers have no
#: positions at all (transformers' Cohere2 applies RoPE where the layer has a window).
ROPE_ONLY_SLIDING = ("cohere2",)


def _is_rope(reader: ConfigReader, model_type: str) -> bool:
    keys = (
        "rope_theta",
        "rope_parameters",
        "rope_scaling",
        "rotary_pct",
        "rotary_emb_base",
        "rotary_dim",
        "global_rope_theta",
    )
    return any(key in reader.values for key in keys) or model_type in (
        "roformer",
        "codegen",
        "llama",
        "mistral",
        "mixtral",
        "qwen2",
        "qwen3",
        "gemma",
        "gemma2",
        "gemma3",
        "gemma3_text",
        "phi3",
        "gpt_neox",
        "gptj",
        "deepseek_v2",
        "deepseek_v3",
        "falcon",
    )


#: Where a config gives its width and its heads, in the order looked for.
WIDTH_KEYS = ("hidden_size", "n_embd", "d_model")
HEADS_KEYS = ("num_attention_heads", "n_head", "n_heads", "decoder_num_attention_heads")


def head_size(
    reader: ConfigReader, widths: tuple[str, ...] = WIDTH_KEYS, heads: tuple[str, ...] = HEADS_KEYS
) -> int:
    """A head's size as transformers takes it: DeepSeek's qk_rope_head_dim, head_dim, else
    the first of widths over the first of heads."""
    if reader.get("qk_rope_head_dim") is not None:  # DeepSeek: transformers' head_dim
        return reader.whole("qk_rope_head_dim", 2, MAX_ROTARY_DIM)
    if reader.get("head_dim") is not None:
        return reader.whole("head_dim", 1, MAX_ROTARY_DIM)
    width_key = first_key(reader, *widths)
    heads_key = first_key(reader, *heads)
    if width_key is None or heads_key is None:
        missing = "num_attention_heads" if width_key else "head_dim, hidden_size"
        raise ValueError(tr("model.missing", name=missing))
    count = reader.whole(heads_key, 1, MAX_HEADS)
    # hidden_size / heads, as transformers divides it: a whole head of 1 … MAX_ROTARY_DIM
    return reader.whole(width_key, count, MAX_ROTARY_DIM * count + count - 1) // count


#: The kinds of layer transformers' layer_types name (configuration_utils'
#: ALLOWED_ATTN_LAYER_TYPES), as the attention whose rope block they take: attention over a
#: sliding window takes the sliding block, any other attention the full one.
ATTENTION_KINDS = {
    "full_attention": "full_attention",
    "sliding_attention": "sliding_attention",
    "chunked_attention": "full_attention",
    "window_attention": "full_attention",
    "indexed_attention": "full_attention",
    "compressed_sparse_attention": "full_attention",
    "heavily_compressed_attention": "full_attention",
    "minimax_m3_sparse": "full_attention",
    "hybrid": "full_attention",
    "hybrid_sliding": "sliding_attention",
    "reference_sliding_attention": "sliding_attention",
}
#: Layers that mix tokens without attention, and so without positions (what carries order
#: is their state or their kernel), by the word the description uses for them.
UNPOSITIONED_KINDS = {
    "linear_attention": "linear",
    "mamba": "linear",
    "conv": "conv",
    "moe": "mlp",
    "mlp": "mlp",
    "recurrent": "recurrent",
}
#: Older names transformers still reads (configuration_utils' _LEGACY_LAYER_TYPE_REMAP).
LEGACY_KINDS = {
    "attention": "full_attention",
    "deepseek_sparse_attention": "indexed_attention",
    "qwen_sparse_attention": "indexed_attention",
}
LAYER_KINDS = (*ATTENTION_KINDS, *UNPOSITIONED_KINDS, *LEGACY_KINDS)
#: The kinds a refusal names (the list goes on in transformers' configuration_utils).
SAID_KINDS = (
    "full_attention",
    "sliding_attention",
    "chunked_attention",
    "linear_attention",
    "conv",
)


def _kinds_given(reader: ConfigReader, layers: int) -> list[str] | None:
    """layer_types (or Zamba's and Nemotron-H's layers_block_type) as transformers reads
    them, legacy names mapped; a pattern shorter than the stack (Nemotron-H's default) is
    repeated over it."""
    key = "layer_types" if reader.get("layer_types") is not None else "layers_block_type"
    kinds = reader.get(key)
    if kinds is None and reader.get("block_types") is not None:
        # RecurrentGemma: its pattern repeated over the stack (layers_block_type); attention
        # within attention_window_size, recurrent blocks without positions
        pattern = reader.get("block_types")
        if (
            isinstance(pattern, list)
            and 0 < len(pattern) <= MAX_LAYERS
            and all(k in ("recurrent", "attention") for k in pattern)
        ):
            kinds = (pattern * (layers // len(pattern) + 1))[:layers]
            local = "sliding_attention" if reader.get("attention_window_size") else "full_attention"
            return [local if k == "attention" else "recurrent" for k in kinds]
        allowed = "recurrent / attention"
        raise ValueError(tr("model.key", name="block_types", value=echo(pattern), allowed=allowed))
    if kinds is None and "attn_layer_indices" in reader.values:
        # Bamba: attention at the layers listed, Mamba at every other (none listed: all Mamba)
        given = reader.get("attn_layer_indices") or []
        if not isinstance(given, list) or not all(type(i) is int for i in given):
            allowed = f"[0 … {layers - 1}]"
            raise ValueError(
                tr("model.key", name="attn_layer_indices", value=echo(given), allowed=allowed)
            )
        return ["full_attention" if i in given else "linear_attention" for i in range(layers)]
    if kinds is None and reader.get("attn_layer_period") is not None:
        # Jamba: attention every period-th layer from offset on, Mamba between
        period = reader.whole("attn_layer_period", 1, MAX_LAYERS)
        offset = reader.whole(
            "attn_layer_offset", 0, period - 1, reader.get("attn_layer_offset", 0)
        )
        return [
            "full_attention" if i % period == offset else "linear_attention" for i in range(layers)
        ]
    if kinds is None:
        return None
    if (
        isinstance(kinds, list)
        and kinds
        and layers % len(kinds) == 0
        and all(isinstance(k, str) and k in LAYER_KINDS for k in kinds)
    ):
        return [LEGACY_KINDS.get(str(k), str(k)) for k in kinds * (layers // len(kinds))]
    allowed = tr("model.layer_kinds", layers=layers, kinds=", ".join(SAID_KINDS))
    raise ValueError(tr("model.key", name=key, value=echo(kinds), allowed=allowed))


def _layer_kinds(reader: ConfigReader, model_type: str, layers: int, rope: list[bool]) -> list[str]:
    """Each layer's attention (LAYER_KINDS): from layer_types; else Gemma 3's
    sliding_window_pattern (every pattern-th layer global; Gemma 2's is 2 when not given,
    `DEFAULT_PATTERNS`); Qwen2's max_window_layers (the
    layers from it on slide, when use_sliding_window); Llama 4's attention_chunk_size (its
    RoPE layers attend in chunks); a sliding_window for every layer (Mistral); else full."""
    kinds = _kinds_given(reader, layers)
    if kinds is not None:
        return kinds
    if model_type == "modernbert":  # every n-th layer global, with a base of its own
        every = reader.whole("global_attn_every_n_layers", 1, MAX_LAYERS)
        return ["full_attention" if i % every == 0 else "sliding_attention" for i in range(layers)]
    if reader.get("sliding_window_pattern") is not None or model_type in DEFAULT_PATTERNS:
        pattern = reader.whole(
            "sliding_window_pattern",
            1,
            MAX_LAYERS,
            value=reader.get("sliding_window_pattern", DEFAULT_PATTERNS.get(model_type)),
        )
        return [
            "sliding_attention" if (i + 1) % pattern else "full_attention" for i in range(layers)
        ]
    if reader.get("use_sliding_window") is False or reader.get("sliding_window") is None:
        if reader.get("attention_chunk_size") is not None:
            return ["chunked_attention" if uses else "full_attention" for uses in rope]
        return ["full_attention"] * layers
    if reader.get("max_window_layers") is not None:
        first = reader.whole("max_window_layers", 0, MAX_LAYERS)
        return ["sliding_attention" if i >= first else "full_attention" for i in range(layers)]
    return ["sliding_attention"] * layers


def _uses_rope(reader: ConfigReader, layers: int) -> list[bool]:
    """Llama 4's (and SmolLM3's) no_rope_layers: 1 where a layer uses RoPE, 0 where it has no
    positions at all; when empty, every no_rope_layer_interval-th layer has none."""
    given = reader.get("no_rope_layers")
    if given is not None and given != []:
        if (
            not isinstance(given, list)
            or len(given) != layers
            or any(type(v) is not int or v not in (0, 1) for v in given)
        ):
            raise ValueError(
                tr(
                    "model.key",
                    name="no_rope_layers",
                    value=echo(given),
                    allowed=f"{layers} × 0 / 1",
                )
            )
        return [v == 1 for v in given]
    if "no_rope_layer_interval" in reader.values or "no_rope_layers" in reader.values:
        interval = reader.whole(
            "no_rope_layer_interval", 1, MAX_LAYERS, value=reader.get("no_rope_layer_interval", 4)
        )
        return [(i + 1) % interval != 0 for i in range(layers)]
    return [True] * layers


#: A block's own entries: where its keys are named from, and its base's key.
PREFIX, THETA = "\0prefix", "\0theta"


def _config_theta(reader: ConfigReader, key: str = "rope_theta") -> Any:
    """The config's own base (rope_theta, GPT-NeoX's rotary_emb_base), else transformers'
    default, named as taken."""
    theta = reader.get(key)
    if theta is None:
        reader.taken["rope_theta"] = theta = DEFAULT_ROPE_THETA
    return theta


def _rope_blocks(reader: ConfigReader) -> dict[str, dict[str, Any]]:
    """The rope parameters for each kind of layer: transformers v5's rope_parameters (flat,
    or one block per layer type), else rope_theta with rope_scaling; Gemma 3's local layers
    take rope_local_base_freq without scaling."""
    given = reader.get("rope_parameters")
    if isinstance(given, dict) and given and all(isinstance(v, dict) for v in given.values()):
        aliases = ROPE_BLOCKS.get(str(reader.get("model_type")), {})
        unknown = set(given) - set(LAYER_KINDS) - set(aliases.values())
        if unknown:
            raise ValueError(
                tr(
                    "model.key",
                    name="rope_parameters",
                    value=echo(sorted(unknown)[0]),
                    allowed=", ".join(ATTENTION_KINDS),
                )
            )
        # each kind of layer by the block it takes: its own, or its family's alias
        sources = {name: name for name in given} | {
            kind: block for kind, block in aliases.items() if block in given
        }
        blocks = {}
        for kind, source in sources.items():
            part = given[source]
            where = f"rope_parameters.{source}"
            theta = part["rope_theta"] if "rope_theta" in part else _config_theta(reader)
            named = f"{where}.rope_theta" if "rope_theta" in part else "rope_theta"
            blocks[kind] = {**part, "rope_theta": theta, PREFIX: where, THETA: named}
        # full and sliding layers share a block where only one is given
        if "full_attention" in blocks or "sliding_attention" in blocks:
            blocks.setdefault("sliding_attention", blocks.get("full_attention", {}))
            blocks.setdefault("full_attention", blocks["sliding_attention"])
        return blocks
    if given is not None and not isinstance(given, dict):
        raise ValueError(tr("model.key", name="rope_parameters", value=echo(given), allowed="{…}"))
    if "global_rope_theta" in reader.values:  # ModernBERT: a base for each kind of layer
        return {
            kind: {"rope_type": "default", "rope_theta": reader.get(key), PREFIX: key, THETA: key}
            for kind, key in (("full_attention", "global_rope_theta"),
                              ("sliding_attention", "local_rope_theta"))
        }  # fmt: skip
    scaling = reader.get("rope_scaling")
    if scaling is not None and not isinstance(scaling, dict):
        raise ValueError(tr("model.key", name="rope_scaling", value=echo(scaling), allowed="{…}"))
    where = "rope_parameters" if given is not None else "rope_scaling"
    block: dict[str, Any] = {**(scaling or {}), **(given or {}), PREFIX: where}
    theta_key = "rotary_emb_base" if "rotary_emb_base" in reader.values else "rope_theta"
    block[THETA] = f"{where}.rope_theta" if "rope_theta" in block else theta_key
    if "rope_theta" not in block:
        block["rope_theta"] = _config_theta(reader, theta_key)
    blocks = {"full_attention": block, "sliding_attention": block}
    if reader.get("rope_local_base_freq") is not None:
        local = {
            "rope_type": "default",
            "rope_theta": reader.get("rope_local_base_freq"),
            PREFIX: where,
            THETA: "rope_local_base_freq",
        }
        blocks["sliding_attention"] = local
    return blocks


def _rope_groups(
    reader: ConfigReader, model_type: str, layers: int, max_positions: int | None
) -> tuple[LayerGroup, ...]:
    """The layers grouped by kind: attention takes the rope block of its kind (or, in a
    hybrid stack without RoPE keys, no positions: Nemotron-H's attention layers); a layer
    without attention (linear attention, Mamba, a convolution) has none."""
    switch = ROPE_SWITCHES.get(model_type)
    switched_off = switch is not None and reader.get(switch[0]) != switch[1]
    has_rope = detects_rope(reader, model_type) and not switched_off
    head_dim = head_size(reader) if has_rope else 0
    rope = _uses_rope(reader, layers) if has_rope else [False] * layers
    kinds = _layer_kinds(reader, model_type, layers, rope)
    if model_type in ROPE_ONLY_SLIDING:
        rope = [uses and k == "sliding_attention" for uses, k in zip(rope, kinds, strict=True)]
    blocks = _rope_blocks(reader) if has_rope else {}
    window = _sliding_window(reader, model_type)
    chunk = _chunk(reader)
    made: dict[str, LayerGroup] = {}
    members: dict[tuple[str, bool], list[int]] = {}
    for layer, (kind, uses) in enumerate(zip(kinds, rope, strict=True)):
        members.setdefault((kind, uses and kind in ATTENTION_KINDS), []).append(layer)
    groups = []
    for (kind, uses), numbers in members.items():
        if kind in UNPOSITIONED_KINDS:
            mixing: dict[str, object] = {"layer_kind": kind, "mixing": UNPOSITIONED_KINDS[kind]}
            groups.append(LayerGroup(tuple(numbers), "none", details=mixing))
            continue
        block = kind if kind in blocks else ATTENTION_KINDS[kind]  # (Dots3's indexed block)
        sliding = window if ATTENTION_KINDS[kind] == "sliding_attention" else None
        extra: dict[str, object] = {}
        if kind == "chunked_attention" and chunk:
            extra["attention_chunk_size"] = chunk
        if sliding is not None and model_type == "modernbert":
            # transformers' sliding_window is half of local_attention, either side of a token
            extra["window_centred"] = True
            extra["local_attention"] = reader.whole("local_attention", 2, 10**12)
        if kind not in ("full_attention", "sliding_attention", "chunked_attention"):
            extra["layer_kind"] = kind
        if not uses:
            details = {**_temperature(reader), **extra}
            groups.append(
                LayerGroup(tuple(numbers), "none", sliding_window=sliding, details=details)
            )
            continue
        if block not in blocks:  # as transformers' layer would look it up, and fail
            allowed = tr("model.block_for", kind=kind)
            raise ValueError(
                tr("model.key", name="rope_parameters", value=echo(sorted(blocks)), allowed=allowed)
            )
        if block not in made:
            made[block] = _rope_group(reader, blocks[block], head_dim, max_positions)
        group = made[block]
        groups.append(
            replace(
                group,
                layers=tuple(numbers),
                sliding_window=sliding,
                details={**group.details, **extra},
            )
        )
    return tuple(sorted(groups, key=lambda g: g.layers[0]))


def _chunk(reader: ConfigReader) -> int | None:
    if reader.get("attention_chunk_size") is None:
        return None
    return reader.whole("attention_chunk_size", 1, 10**12)


def _temperature(reader: ConfigReader) -> dict[str, object]:
    """Llama 4's NoPE layers scale their queries by log(⌊(pos + 1) / floor_scale⌋ + 1) ·
    attn_scale + 1 (attn_temperature_tuning): position enters there, past floor_scale."""
    tuning = reader.get("attn_temperature_tuning")  # Llama 4 Scout's config writes 4: on
    if not isinstance(tuning, bool | int | float) or not tuning:
        return {}
    return {
        "floor_scale": reader.number("floor_scale", 1, 1e12),
        "attn_scale": reader.number("attn_scale", 0, 1e6),
    }


def _sliding_window(reader: ConfigReader, model_type: str) -> int | None:
    if model_type == "modernbert":  # centred on each token: half before, half after
        return reader.whole("local_attention", 2, 10**12) // 2
    key = first_key(reader, "sliding_window", "sliding_window_size", "attention_window_size")
    if reader.get("use_sliding_window") is False or key is None or reader.get(key) is None:
        return None
    return reader.whole(key, 1, 10**12)


def _rope_group(
    reader: ConfigReader,
    block: dict[str, Any],
    head_dim: int,
    max_positions: int | None,
) -> LayerGroup:
    def key(name: str) -> str:
        return str(block[THETA]) if name == "rope_theta" else f"{block[PREFIX]}.{name}"

    details: dict[str, object] = {}

    rope_type = block.get("rope_type", block.get("type", "default"))
    if rope_type == "su":
        rope_type = "longrope"
    mrope = rope_type == "mrope" or reader.get("model_type") in MROPE_TYPES
    if rope_type == "mrope":  # Qwen2-VL: transformers computes θ as default RoPE's
        rope_type = "default"
    if rope_type not in ROPE_TYPES:  # (transformers 5's "proportional" among them)
        raise ValueError(
            tr("model.rope_type", name=key("rope_type"), value=echo(rope_type),
               types=", ".join(ROPE_TYPES))
        )  # fmt: skip
    base = reader.number(key("rope_theta"), 1.0, 1e300, lo_open=True, value=block["rope_theta"])
    rotary_key = "head_dim"
    if reader.get("qk_rope_head_dim") is not None:  # DeepSeek's decoupled RoPE part
        rotary, rotary_key = head_dim, "qk_rope_head_dim"
        nope = reader.get("qk_nope_head_dim", 0)
        nope = reader.whole("qk_nope_head_dim", 0, MAX_ROTARY_DIM, nope)
        if nope:  # (DeepSeek V4 names no such part: none is said)
            details["qk_nope_head_dim"] = nope
    elif reader.get("rotary_dim") is not None:
        rotary_key = "rotary_dim"
        rotary = reader.whole("rotary_dim", 2, head_dim)  # GPT-J: a count of dimensions
    else:
        in_block = "partial_rotary_factor" in block  # (read the config's only if not)
        fraction_key = "rotary_pct" if "rotary_pct" in reader.values else "partial_rotary_factor"
        given = block["partial_rotary_factor"] if in_block else reader.get(fraction_key)
        if in_block:
            fraction_key = key("partial_rotary_factor")
        fraction = reader.number(
            fraction_key, 0, 1, lo_open=True, value=1.0 if given is None else given
        )
        rotary = int(head_dim * fraction)
        if rope_type == "proportional":  # whole pairs of the head; θ over the whole head
            rotary = 2 * int(fraction * head_dim // 2)
            details["exponent_dim"] = head_dim
        elif rotary % 2 and rotary + 1 <= head_dim:
            # transformers' arange(0, dim, 2) / dim: an odd part turns (dim + 1) / 2 pairs,
            # their θ over dim (GLM-4-MoE's defaults: int(42 × 0.5) = 21, 11 pairs).
            details["exponent_dim"] = rotary
            rotary += 1
        if given is not None and rotary < 2:
            allowed = tr("model.rotary_even", head_dim=head_dim, rotary=rotary)
            raise ValueError(
                tr("model.key", name=fraction_key, value=echo(fraction), allowed=allowed)
            )
    if rotary < 2 or rotary % 2:
        value = head_dim if rotary_key == "head_dim" else rotary
        raise ValueError(tr("model.key", name=rotary_key, value=value, allowed=tr("model.even")))
    if mrope and block.get("mrope_section") is not None:
        reader.block_keys_read.add("mrope_section")
        details["mrope_section"] = mrope_section(
            key("mrope_section"), block["mrope_section"], rotary
        )
        if "mrope_interleaved" in block:  # Qwen3-VL: the three axes take pairs in turn
            reader.block_keys_read.add("mrope_interleaved")
            interleaved = block["mrope_interleaved"]
            if not isinstance(interleaved, bool):
                allowed = "true / false"
                raise ValueError(
                    tr(
                        "model.key",
                        name=key("mrope_interleaved"),
                        value=echo(interleaved),
                        allowed=allowed,
                    )
                )
            details["mrope_interleaved"] = interleaved
    factor = None  # longrope without one: max_position_embeddings / L0 (`longrope`)
    if rope_type != "default" and not (rope_type == "longrope" and "factor" not in block):
        unscaled = 1.0 if rope_type == "proportional" else None  # transformers' default
        factor = reader.number(key("factor"), *FACTOR_RANGE, value=block.get("factor", unscaled))
    l0_key = key("original_max_position_embeddings")
    original = block.get("original_max_position_embeddings")
    top = "original_max_position_embeddings"
    # transformers' longrope takes the config's own over the block's.
    if (original is None or rope_type == "longrope") and reader.get(top) is not None:
        original, l0_key = reader.get(top), top
    l0 = reader.whole(l0_key, 2, 10**12, value=original) if original is not None else None
    trained = l0 if l0 is not None else max_positions
    if rope_type in ("yarn", "longrope", "llama3", "dynamic") and trained is None:
        raise ValueError(tr("model.missing", name="max_position_embeddings"))
    attention: float = 1.0
    over = details.get("exponent_dim", rotary)
    assert isinstance(over, int)
    if math.log(base) * rotary / over > MAX_LOG_BASE:  # the base it is drawn at stays finite
        top = f"{math.exp(MAX_LOG_BASE * over / rotary):g}"
        allowed = tr("allowed.real_range", lo="1", hi=top)
        raise ValueError(tr("model.key", name=key("rope_theta"), value=echo(base), allowed=allowed))
    inv = base ** -(np.arange(0, rotary, 2, dtype=np.float64) / over)
    inv_long = None
    if rope_type in ("linear", "proportional"):
        inv = inv / factor  # type: ignore[operator]
    elif rope_type == "yarn":
        assert factor is not None and trained is not None
        inv, attention = yarn(reader, block, key, rotary, base, factor, trained, details)
        if "qk_nope_head_dim" in details and block.get("mscale_all_dim"):
            # DeepSeek also multiplies its softmax scale by mscale(s, mscale_all_dim)².
            m_all = reader.number(key("mscale_all_dim"), 0, 1e6, value=block["mscale_all_dim"])
            details["softmax_scale_factor"] = mscale(factor, m_all) ** 2
    elif rope_type == "llama3":
        assert factor is not None
        low = reader.number(
            key("low_freq_factor"), *FACTOR_RANGE, value=block.get("low_freq_factor")
        )
        high = reader.number(
            key("high_freq_factor"), *FACTOR_RANGE, value=block.get("high_freq_factor")
        )
        if l0 is None:
            raise ValueError(tr("model.missing", name=l0_key))
        details.update(low_freq_factor=low, high_freq_factor=high)
        inv = scaled_inverse_frequencies(
            "llama3", rotary, base, factor, l0, low_freq_factor=low, high_freq_factor=high
        )[0]
    elif rope_type == "longrope":
        assert trained is not None
        inv, inv_long, attention, factor = longrope(
            reader, block, key, rotary, base, factor, trained, max_positions, details
        )
    elif rope_type == "dynamic":
        # At initialisation the sequence is max_position_embeddings long: θ as trained; the
        # base grows only once a longer sequence runs.
        details["grows_past"] = max_positions
    for theta, name in ((inv, "factor"), (inv_long, "long_factor")):
        if theta is not None and not np.all(np.isfinite(theta) & (theta > 0)):
            raise ValueError(tr("model.not_finite", name=key(name)))
    return LayerGroup(
        (),
        "rope",
        rope_theta=base,
        head_dim=head_dim,
        rotary_dim=rotary,
        rope_type=rope_type,
        factor=factor,
        # The trained length the type uses (linear uses none, default has none).
        original_max_position_embeddings=(
            max_positions if rope_type == "dynamic" else trained
        )  # the length its base grows past (transformers: max_position_embeddings)
        if rope_type not in ("default", "linear")
        else l0,
        attention_factor=attention,
        inv_freq=inv,
        inv_freq_long=inv_long,
        details=details,
    )
