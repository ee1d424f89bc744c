"""What a model's config.json says about positions, layer by layer, read as Hugging Face
transformers reads it (`modeling_rope_utils` and each model's configuration class).

Layers are grouped by the scheme they share: "rope" (with its base, head and rotary sizes,
rope type and θ′ of every pair as computed at initialisation; ESM's rotary, Qwen2-VL's
M-RoPE sections), "learned" (an absolute table: GPT-2's, BERT's, GPT-Neo's), "sinusoidal"
(the paper's fixed table, DistilBERT's sinusoidal_pos_embds), "alibi" (BLOOM, MPT),
"buckets" (T5's relative position buckets), "none" (Llama 4's NoPE layers) or "recurrent"
(a state-space model such as Mamba: no positions by design). Keys about
positions that PE Clock does not read are listed, never silently dropped; a value out of
range is a ValueError naming its key.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.alibi import alibi_slopes
from pe_clock.core.i18n import echo, tr
from pe_clock.core.params import MAX_D_MODEL, real
from pe_clock.core.rope import rope_inverse_frequencies
from pe_clock.core.scaling import scaled_inverse_frequencies, yarn_correction_range

#: Nesting deeper than this is refused (real configs nest three or four levels).
MAX_DEPTH = 16
MAX_LAYERS = 4096
MAX_HEADS = 4096
#: Largest head read (real heads have 64 … 512 dimensions): PE Clock's widest table.
MAX_ROTARY_DIM = MAX_D_MODEL
#: A scaling factor (and longrope's, llama3's frequency factors) lies within these.
FACTOR_RANGE = (1e-3, 1e6)
#: The rope types PE Clock computes; "su" is Phi-3's first name for longrope.
ROPE_TYPES = ("default", "linear", "dynamic", "yarn", "longrope", "llama3")
#: transformers' default rope_theta when a RoPE config gives none (LlamaConfig and most others).
DEFAULT_ROPE_THETA = 10000.0

#: Model types whose positions are a learned absolute table, and the keys of its size.
LEARNED_TYPES = {
    "gpt2": ("n_positions", "n_embd"),
    "bert": ("max_position_embeddings", "hidden_size"),
    "roberta": ("max_position_embeddings", "hidden_size"),
    "xlm-roberta": ("max_position_embeddings", "hidden_size"),
    "electra": ("max_position_embeddings", "embedding_size"),
    "distilbert": ("max_position_embeddings", "dim"),
    "opt": ("max_position_embeddings", "hidden_size"),
    "gpt_neo": ("max_position_embeddings", "hidden_size"),
    "esm": ("max_position_embeddings", "hidden_size"),
}
#: State-space and recurrent models: tokens are read in order, with no position encoding.
RECURRENT_TYPES = ("mamba", "mamba2", "falcon_mamba", "rwkv", "xlstm")
#: Vision-language models whose rope block's mrope_section splits the pairs (M-RoPE).
MROPE_TYPES = ("qwen2_vl", "qwen2_5_vl", "qwen3_vl", "glm4v")
#: T5's relative_attention_max_distance when its config gives none (T5Config's default).
T5_MAX_DISTANCE = 128

#: Keys about positions this module reads; any other key naming positions is reported.
READ_KEYS = {
    "rope_theta",
    "rope_parameters",
    "rope_scaling",
    "partial_rotary_factor",
    "rotary_pct",
    "rotary_emb_base",
    "rotary_dim",
    "head_dim",
    "hidden_size",
    "num_attention_heads",
    "max_position_embeddings",
    "original_max_position_embeddings",
    "rope_local_base_freq",
    "sliding_window",
    "sliding_window_pattern",
    "use_sliding_window",
    "layer_types",
    "no_rope_layers",
    "no_rope_layer_interval",
    "qk_rope_head_dim",
    "qk_nope_head_dim",
    "n_positions",
    "n_embd",
    "n_head",
    "n_layer",
    "n_heads",
    "n_layers",
    "num_hidden_layers",
    "position_embedding_type",
    "attn_config",
    "alibi",
    "model_type",
    "text_config",
    "max_window_layers",
    "max_seq_len",
    "d_model",
    "dim",
    "embedding_size",
    "n_ctx",
    "sinusoidal_pos_embds",
    "attn_temperature_tuning",
    "floor_scale",
    "attn_scale",
    "num_layers",
    "num_decoder_layers",
    "num_heads",
    "relative_attention_num_buckets",
    "relative_attention_max_distance",
}
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
POSITION_WORDS = ("rope", "rotary", "position", "alibi", "pos_emb", "nope", "sliding")


def parse_config(data: bytes, name: str = "config.json") -> dict[str, Any]:
    """The JSON object of a config.json; ValueError (naming name) for anything else: not UTF-8,
    not JSON, NaN or Infinity (not JSON), nested deeper than MAX_DEPTH, not an object."""
    try:
        value = json.loads(data.decode("utf-8-sig"), parse_constant=_no_constant)
    except UnicodeDecodeError as err:
        raise ValueError(tr("model.json", file=name, reason="UTF-8")) from err
    except RecursionError as err:
        raise ValueError(tr("model.nested", file=name, limit=MAX_DEPTH)) from err
    except ValueError as err:  # JSONDecodeError, NaN, a number of 5,000 digits
        raise ValueError(tr("model.json", file=name, reason=str(err)[:100])) from err
    if _depth(value) > MAX_DEPTH:
        raise ValueError(tr("model.nested", file=name, limit=MAX_DEPTH))
    if not isinstance(value, dict):
        raise ValueError(tr("model.json", file=name, reason=tr("model.not_object")))
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not JSON")


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
class LayerGroup:
    """Layers that share one position scheme, with that scheme's numbers (None where they do
    not apply). inv_freq is θ′ of every pair at initialisation (longrope: its short factors;
    inv_freq_long its long ones), float64 from the formulas (transformers stores float32)."""

    layers: tuple[int, ...]
    scheme: str
    rope_theta: float | None = None
    head_dim: int | None = None
    rotary_dim: int | None = None
    rope_type: str | None = None
    factor: float | None = None
    original_max_position_embeddings: int | None = None
    attention_factor: float | None = None
    sliding_window: int | None = None
    inv_freq: NDArray[np.float64] | None = None
    inv_freq_long: NDArray[np.float64] | None = None
    slopes: NDArray[np.float64] | None = None
    #: The rope_scaling block's other numbers as read (beta_fast, low_freq_factor, …).
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LearnedSize:
    """A learned absolute table's size as the config gives it: positions × width."""

    positions: int
    width: int


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


#: transformers' configuration defaults of the keys above, per model_type, where a model's
#: config.json may leave them out (Gemma 3 4B's gives neither rope_theta nor
#: rope_local_base_freq; Llama 2's no rope_theta).
MODEL_DEFAULTS: dict[str, dict[str, object]] = {
    "llama": {"rope_theta": 10000.0, "max_position_embeddings": 2048},
    "mistral": {"rope_theta": 10000.0, "max_position_embeddings": 131072, "sliding_window": 4096},
    "qwen2": {"rope_theta": 10000.0, "max_position_embeddings": 32768},
    "phi3": {
        "rope_theta": 10000.0, "max_position_embeddings": 4096,
        "original_max_position_embeddings": 4096,
    },
    "gemma3_text": {
        "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0, "head_dim": 256,
        "num_attention_heads": 8, "num_hidden_layers": 26, "sliding_window": 4096,
        "sliding_window_pattern": 6, "max_position_embeddings": 131072,
    },
    "llama4_text": {
        "rope_theta": 500000.0, "head_dim": 128, "num_attention_heads": 40,
        "num_hidden_layers": 48, "no_rope_layer_interval": 4, "max_position_embeddings": 131072,
        "attn_temperature_tuning": True, "floor_scale": 8192, "attn_scale": 0.1,
    },
    "gpt_neox": {"rotary_pct": 0.25, "rotary_emb_base": 10000, "max_position_embeddings": 2048},
    "gptj": {"rotary_dim": 64, "n_positions": 2048},
    "deepseek_v3": {"rope_theta": 10000.0, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128},
    "gpt2": {"n_positions": 1024, "n_embd": 768, "n_layer": 12, "n_head": 12},
    "bert": {"max_position_embeddings": 512, "hidden_size": 768, "num_hidden_layers": 12},
    "bloom": {"n_head": 8, "n_layer": 2},
}  # fmt: skip


#: `_Reader.number`'s "read the key itself".
_READ = object()


def _plain_number(value: object) -> str:
    """1000000.0 as 1000000, 0.1 as 0.1, True as true (as config.json writes them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class _Reader:
    """The config (text_config merged over it, as multimodal models nest the language model)
    over transformers' defaults for its model_type, and what was read of it."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        text = config.get("text_config")
        merged = dict(config)
        if isinstance(text, dict):
            merged.update(text)
        kind = str(merged.get("model_type", ""))
        #: transformers' defaults of the keys the config leaves out (a key written as null is
        #: None, as transformers reads it), and those of them a reading took.
        self.fallback = {k: v for k, v in MODEL_DEFAULTS.get(kind, {}).items() if k not in merged}
        self.given = merged
        self.values = {**self.fallback, **merged}
        self.taken: dict[str, object] = {}
        #: Keys of a rope block read beyond ROPE_KEYS, for this model (M-RoPE's sections).
        self.block_keys_read: set[str] = set()

    @property
    def defaults(self) -> list[str]:
        """The defaults taken, as "key = value"."""
        return [f"{key} = {_plain_number(value)}" for key, value in self.taken.items()]

    def get(self, key: str, default: object = None) -> Any:
        value = self.values.get(key)
        if value is not None and key in self.fallback:
            self.taken[key] = value
        return default if value is None else value

    def number(
        self, key: str, lo: float, hi: float, *, lo_open: bool = False, value: object = _READ
    ) -> float:
        """The number at key (or value, read from a block: None there is refused, never taken
        from a top-level key of the same name), within lo … hi; ValueError naming key."""
        value = self.get(key) if value is _READ else value
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        number = real(value) if ok else math.nan  # type: ignore[arg-type]
        if not (lo < number if lo_open else lo <= number) or not number <= hi:
            kind = "allowed.above" if lo_open else "allowed.real_range"
            allowed = tr(kind, lo=f"{lo:g}", hi=f"{hi:g}")
            raise ValueError(tr("model.key", name=key, value=echo(value), allowed=allowed))
        return number

    def whole(self, key: str, lo: int, hi: int, value: object = _READ) -> int:
        value = self.get(key) if value is _READ else value
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            allowed = tr("allowed.int_range", lo=f"{lo:,}", hi=f"{hi:,}")
            raise ValueError(tr("model.key", name=key, value=echo(value), allowed=allowed))
        return value


def _first_key(reader: _Reader, *keys: str) -> str | None:
    """The first of keys the config (or its model type's defaults) has: models name one
    number differently (num_hidden_layers, GPT-2's n_layer, MPT's n_layers)."""
    return next((key for key in keys if key in reader.values), None)


def read_model_config(config: Mapping[str, Any]) -> ModelConfig:
    """The groups of layers and their position schemes of a parsed config.json."""
    reader = _Reader(config)
    model_type = str(config.get("model_type", reader.get("model_type", "")))[:60]
    kind = str(reader.get("model_type", ""))[:60]
    layer_key = _first_key(reader, "num_hidden_layers", "n_layer", "n_layers", "num_layers")
    scheme = _scheme(reader, kind)
    if scheme is None:
        raise ValueError(tr("model.no_scheme", model_type=model_type or "?"))
    if layer_key is None:
        raise ValueError(tr("model.missing", name="num_hidden_layers"))
    layers = reader.whole(layer_key, 1, MAX_LAYERS)
    max_pos_key = "n_positions" if "n_positions" in reader.values else "max_position_embeddings"
    if max_pos_key not in reader.values and "max_seq_len" in reader.values:
        max_pos_key = "max_seq_len"
    max_pos = reader.get(max_pos_key)
    max_positions = reader.whole(max_pos_key, 1, 10**12) if max_pos is not None else None
    ignored = []
    if scheme == "buckets" and max_positions is not None:
        # T5's buckets reach any length: its n_positions is a leftover transformers does not
        # read, so it is named as not read rather than said to be a longest length.
        ignored, max_positions = [max_pos_key], None
    learned = None
    every = tuple(range(layers))
    if scheme == "alibi":
        groups: tuple[LayerGroup, ...] = (_alibi_group(reader, kind, layers),)
    elif scheme == "recurrent":
        groups = (LayerGroup(every, "recurrent"),)
    elif scheme == "buckets":
        groups = (_bucket_group(reader, every),)
    elif scheme == "sinusoidal":
        width = reader.whole("dim", 2, MAX_D_MODEL)
        if max_positions is None:
            raise ValueError(tr("model.missing", name="max_position_embeddings"))
        inv = rope_inverse_frequencies(width, DEFAULT_ROPE_THETA)
        groups = (LayerGroup(every, "sinusoidal", DEFAULT_ROPE_THETA, width, width, inv_freq=inv),)
    elif scheme == "learned":
        positions_key, width_key = LEARNED_TYPES[kind]
        # OPT's table has two rows more than positions: its positions start at 2.
        offset = 2 if kind == "opt" else 0
        # At least two positions and two dimensions, as a table read from the weights.
        learned = LearnedSize(
            reader.whole(positions_key, 2 - offset, 10**7) + offset,
            reader.whole(width_key, 2, 10**6),
        )
        groups = (LayerGroup(every, "learned"),)
    else:
        groups = _rope_groups(reader, layers, max_positions)
    return ModelConfig(
        model_type,
        max_positions,
        layers,
        groups,
        learned,
        tuple(sorted([*_unknown_keys(reader), *ignored])),
        tuple(reader.defaults),
        max_pos_key,
    )


def _scheme(reader: _Reader, kind: str) -> str | None:
    """The scheme the config names for its layers' positions (RoPE groups may then hold
    NoPE layers too), None if it names none PE Clock knows."""
    if _is_alibi(reader, kind):
        return "alibi"
    if kind in RECURRENT_TYPES or isinstance(reader.given.get("ssm_cfg"), dict):
        return "recurrent"  # (state-spaces/mamba's own config.json has no model_type)
    if reader.get("relative_attention_num_buckets") is not None:
        return "buckets"
    if kind == "distilbert" and reader.get("sinusoidal_pos_embds") is True:
        return "sinusoidal"
    if reader.get("position_embedding_type") == "rotary":  # ESM-2
        return "rope"
    if _is_learned(reader, kind):
        return "learned"
    return "rope" if _is_rope(reader, kind) else None


def _bucket_group(reader: _Reader, layers: tuple[int, ...]) -> LayerGroup:
    """T5's relative attention bias: one learned bias per head and bucket of the distance
    between query and key, the same for every layer (layer 0 holds it)."""
    buckets = reader.whole("relative_attention_num_buckets", 2, 10**6)
    given = reader.get("relative_attention_max_distance")
    distance = reader.whole(
        "relative_attention_max_distance",
        1,
        10**12,
        value=T5_MAX_DISTANCE if given is None else given,
    )
    if given is None:
        reader.taken["relative_attention_max_distance"] = distance
    return LayerGroup(layers, "buckets", details={"num_buckets": buckets, "max_distance": distance})


def _is_alibi(reader: _Reader, model_type: str) -> bool:
    attn = reader.get("attn_config", {})
    return (
        model_type == "bloom"
        or (isinstance(attn, dict) and attn.get("alibi") is True)
        or reader.get("alibi") is True
    )


def _is_learned(reader: _Reader, model_type: str) -> bool:
    if model_type not in LEARNED_TYPES:
        return False
    kind = reader.get("position_embedding_type", "absolute")
    if kind != "absolute":
        raise ValueError(tr("model.position_type", value=echo(kind)))
    return True


def _is_rope(reader: _Reader, model_type: str) -> bool:
    keys = ("rope_theta", "rope_parameters", "rope_scaling", "rotary_pct", "rotary_emb_base")
    return any(key in reader.values for key in keys) or model_type in (
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


def _alibi_group(reader: _Reader, model_type: str, layers: int) -> LayerGroup:
    attn = reader.get("attn_config", {})
    heads_key = _first_key(reader, "n_head", "n_heads", "num_attention_heads")
    if heads_key is None:
        raise ValueError(tr("model.missing", name="num_attention_heads"))
    heads = reader.whole(heads_key, 1, MAX_HEADS)
    if model_type == "mpt":
        bias_max = reader.number(
            "attn_config.alibi_bias_max", 0, 1e6, lo_open=True, value=attn.get("alibi_bias_max", 8)
        )
        slopes = mpt_slopes(heads, bias_max)
    else:
        slopes = alibi_slopes(heads)
    return LayerGroup(tuple(range(layers)), "alibi", slopes=slopes)


def mpt_slopes(heads: int, bias_max: float = 8.0) -> NDArray[np.float64]:
    """MPT's gen_slopes: 1/2^(m·bias_max/n) over the next power of two n; for a head count
    that is not a power of two, the odd then the even ones of n, cut to heads (not Press et
    al.'s order, which BLOOM keeps)."""
    n = 2 ** math.ceil(math.log2(heads))
    m = np.arange(1, n + 1, dtype=np.float64) * (bias_max / n)
    slopes = 1.0 / np.power(2.0, m)
    if n != heads:
        slopes = np.concatenate([slopes[1::2], slopes[::2]])[:heads]
    out: NDArray[np.float64] = slopes
    return out


def _head_dim(reader: _Reader) -> int:
    if reader.get("qk_rope_head_dim") is not None:  # DeepSeek: transformers' head_dim
        return reader.whole("qk_rope_head_dim", 2, MAX_ROTARY_DIM)
    if reader.get("head_dim") is not None:
        return reader.whole("head_dim", 1, MAX_ROTARY_DIM)
    width_key = _first_key(reader, "hidden_size", "n_embd", "d_model")
    heads_key = _first_key(reader, "num_attention_heads", "n_head", "n_heads")
    if width_key is None or heads_key is None:
        missing = "num_attention_heads" if width_key else "head_dim, hidden_size"
        raise ValueError(tr("model.missing", name=missing))
    heads = reader.whole(heads_key, 1, MAX_HEADS)
    return reader.whole(width_key, 1, MAX_ROTARY_DIM * MAX_HEADS) // heads


#: The attention of a layer, as transformers' layer_types name it.
LAYER_KINDS = ("full_attention", "sliding_attention", "chunked_attention")


def _layer_kinds(reader: _Reader, layers: int, rope: list[bool]) -> list[str]:
    """Each layer's attention (LAYER_KINDS): from layer_types; else Gemma 3's
    sliding_window_pattern (every pattern-th layer global); Qwen2's max_window_layers (the
    layers from it on slide, when use_sliding_window); Llama 4's attention_chunk_size (its
    RoPE layers attend in chunks); a sliding_window for every layer (Mistral); else full."""
    kinds = reader.get("layer_types")
    if kinds is not None:
        if (
            not isinstance(kinds, list)
            or len(kinds) != layers
            or not all(isinstance(k, str) and k in LAYER_KINDS for k in kinds)
        ):
            allowed = f"{layers} × " + " / ".join(LAYER_KINDS)
            raise ValueError(
                tr("model.key", name="layer_types", value=echo(kinds), allowed=allowed)
            )
        return list(kinds)
    if reader.get("sliding_window_pattern") is not None:
        pattern = reader.whole("sliding_window_pattern", 1, MAX_LAYERS)
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


def _uses_rope(reader: _Reader, layers: int) -> list[bool]:
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


def _config_theta(reader: _Reader, key: str = "rope_theta") -> Any:
    """The config's own base (rope_theta, GPT-NeoX's rotary_emb_base), else transformers'
    default, named as taken."""
    theta = reader.get(key)
    if theta is None:
        reader.taken["rope_theta"] = theta = DEFAULT_ROPE_THETA
    return theta


def _rope_blocks(reader: _Reader) -> dict[str, dict[str, Any]]:
    """The rope parameters for each kind of layer: transformers v5's rope_parameters (flat,
    or one block per layer type), else rope_theta with rope_scaling; Gemma 3's local layers
    take rope_local_base_freq without scaling."""
    given = reader.get("rope_parameters")
    if isinstance(given, dict) and given and all(isinstance(v, dict) for v in given.values()):
        unknown = set(given) - {"full_attention", "sliding_attention"}
        if unknown:
            raise ValueError(
                tr(
                    "model.key",
                    name="rope_parameters",
                    value=echo(sorted(unknown)[0]),
                    allowed="full_attention, sliding_attention",
                )
            )
        blocks = {}
        for kind, part in given.items():
            where = f"rope_parameters.{kind}"
            theta = part["rope_theta"] if "rope_theta" in part else _config_theta(reader)
            named = f"{where}.rope_theta" if "rope_theta" in part else "rope_theta"
            blocks[kind] = {**part, "rope_theta": theta, PREFIX: where, THETA: named}
        blocks.setdefault("sliding_attention", blocks.get("full_attention", {}))
        blocks.setdefault("full_attention", blocks["sliding_attention"])
        return blocks
    if given is not None and not isinstance(given, dict):
        raise ValueError(tr("model.key", name="rope_parameters", value=echo(given), allowed="{…}"))
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


def _rope_groups(reader: _Reader, layers: int, max_positions: int | None) -> tuple[LayerGroup, ...]:
    head_dim = _head_dim(reader)
    rope = _uses_rope(reader, layers)
    kinds = _layer_kinds(reader, layers, rope)
    blocks = _rope_blocks(reader)
    window = _sliding_window(reader)
    chunk = _chunk(reader)
    made: dict[str, LayerGroup] = {}
    members: dict[tuple[str, bool], list[int]] = {}
    for layer, (kind, uses) in enumerate(zip(kinds, rope, strict=True)):
        members.setdefault((kind, uses), []).append(layer)
    groups = []
    for (kind, uses), numbers in members.items():
        sliding = window if kind == "sliding_attention" else None
        extra = {"attention_chunk_size": chunk} if kind == "chunked_attention" and chunk else {}
        if not uses:
            details = {**_temperature(reader), **extra}
            groups.append(
                LayerGroup(tuple(numbers), "none", sliding_window=sliding, details=details)
            )
            continue
        block = "sliding_attention" if kind == "sliding_attention" else "full_attention"
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


def _chunk(reader: _Reader) -> int | None:
    if reader.get("attention_chunk_size") is None:
        return None
    return reader.whole("attention_chunk_size", 1, 10**12)


def _temperature(reader: _Reader) -> dict[str, object]:
    """Llama 4's NoPE layers scale their queries by log(⌊(pos + 1) / floor_scale⌋ + 1) ·
    attn_scale + 1 (attn_temperature_tuning): position enters there, past floor_scale."""
    tuning = reader.get("attn_temperature_tuning")  # Llama 4 Scout's config writes 4: on
    if not isinstance(tuning, bool | int | float) or not tuning:
        return {}
    return {
        "floor_scale": reader.number("floor_scale", 1, 1e12),
        "attn_scale": reader.number("attn_scale", 0, 1e6),
    }


def _sliding_window(reader: _Reader) -> int | None:
    if reader.get("use_sliding_window") is False or reader.get("sliding_window") is None:
        return None
    return reader.whole("sliding_window", 1, 10**12)


def _rope_group(
    reader: _Reader,
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
    if rope_type not in ROPE_TYPES:
        raise ValueError(
            tr(
                "model.key",
                name=key("rope_type"),
                value=echo(rope_type),
                allowed=", ".join(ROPE_TYPES),
            )
        )
    base = reader.number(key("rope_theta"), 1.0, 1e300, lo_open=True, value=block["rope_theta"])
    rotary_key = "head_dim"
    if reader.get("qk_rope_head_dim") is not None:  # DeepSeek's decoupled RoPE part
        rotary, rotary_key = head_dim, "qk_rope_head_dim"
        nope = reader.get("qk_nope_head_dim", 0)
        details["qk_nope_head_dim"] = reader.whole("qk_nope_head_dim", 0, MAX_ROTARY_DIM, nope)
    elif reader.get("rotary_dim") is not None:
        rotary_key = "rotary_dim"
        rotary = reader.whole("rotary_dim", 2, head_dim)  # GPT-J: a count of dimensions
    else:
        fraction_key = "rotary_pct" if "rotary_pct" in reader.values else "partial_rotary_factor"
        in_block = "partial_rotary_factor" in block  # (read the config's only if not)
        given = block["partial_rotary_factor"] if in_block else reader.get(fraction_key)
        fraction = reader.number(fraction_key, 0, 1, lo_open=True, value=given or 1.0)
        rotary = int(head_dim * fraction)
        if given is not None and (rotary < 2 or rotary % 2):  # int(head_dim × it) must pair
            allowed = tr("model.rotary_even", head_dim=head_dim, rotary=rotary)
            raise ValueError(
                tr("model.key", name=fraction_key, value=echo(fraction), allowed=allowed)
            )
    if rotary < 2 or rotary % 2:
        raise ValueError(tr("model.key", name=rotary_key, value=rotary, allowed=tr("model.even")))
    if mrope and block.get("mrope_section") is not None:
        reader.block_keys_read.add("mrope_section")
        details["mrope_section"] = _mrope_section(
            key("mrope_section"), block["mrope_section"], rotary
        )
    factor = None  # longrope without one: max_position_embeddings / L0 (`_longrope`)
    if rope_type != "default" and not (rope_type == "longrope" and "factor" not in block):
        factor = reader.number(key("factor"), *FACTOR_RANGE, value=block.get("factor"))
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
    inv = rope_inverse_frequencies(rotary, base)
    inv_long = None
    if rope_type == "linear":
        inv = inv / factor  # type: ignore[operator]
    elif rope_type == "yarn":
        assert factor is not None and trained is not None
        inv, attention = _yarn(reader, block, key, rotary, base, factor, trained, details)
        if "qk_nope_head_dim" in details and block.get("mscale_all_dim"):
            # DeepSeek also multiplies its softmax scale by mscale(s, mscale_all_dim)².
            m_all = reader.number(key("mscale_all_dim"), 0, 1e6, value=block["mscale_all_dim"])
            details["softmax_scale_factor"] = _mscale(factor, m_all) ** 2
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
        inv, inv_long, attention, factor = _longrope(
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


def _mrope_section(name: str, given: object, rotary: int) -> tuple[int, ...]:
    """Qwen2-VL's M-RoPE: how many pairs, in order, turn with a token's time, its row and its
    column in an image; they add up to the rotary pairs."""
    pairs = rotary // 2
    if (
        not isinstance(given, list)
        or len(given) != 3
        or any(type(v) is not int or v < 0 for v in given)
        or sum(given) != pairs
    ):
        allowed = tr("model.sections", pairs=pairs)
        raise ValueError(tr("model.key", name=name, value=echo(given), allowed=allowed))
    return tuple(given)


def _yarn(
    reader: _Reader,
    block: dict[str, Any],
    key: Any,
    dim: int,
    base: float,
    factor: float,
    l0: int,
    details: dict[str, object],
) -> tuple[NDArray[np.float64], float]:
    """YaRN as transformers computes it: the ramp between the pairs turning beta_fast and
    beta_slow times within L0 (floored and ceiled unless truncate is false), θ/s below it;
    attention factor from the config, else mscale's 0.1·ln s + 1 (their ratio with
    mscale_all_dim when both are given)."""
    fast = reader.number(key("beta_fast"), 0, 1e6, lo_open=True, value=block.get("beta_fast") or 32)
    slow = reader.number(key("beta_slow"), 0, 1e6, lo_open=True, value=block.get("beta_slow") or 1)
    truncate = block.get("truncate", True)
    if not isinstance(truncate, bool):
        raise ValueError(
            tr("model.key", name=key("truncate"), value=echo(truncate), allowed="true, false")
        )

    inv = scaled_inverse_frequencies(
        "yarn", dim, base, factor, l0, beta_fast=fast, beta_slow=slow, truncate=truncate
    )[0]
    low, high = yarn_correction_range(dim, base, l0, fast, slow, truncate)

    given = _given_attention(reader, block, key)
    if given is not None:
        attention = given
    elif block.get("mscale") and block.get("mscale_all_dim"):
        m = reader.number(key("mscale"), 0, 1e6, lo_open=True, value=block["mscale"])
        m_all = reader.number(
            key("mscale_all_dim"), 0, 1e6, lo_open=True, value=block["mscale_all_dim"]
        )
        attention = _mscale(factor, m) / _mscale(factor, m_all)
    else:
        attention = _mscale(factor)
    details.update(beta_fast=fast, beta_slow=slow, truncate=truncate, ramp=(low, high))
    return inv, attention


def _mscale(scale: float, m: float = 1.0) -> float:
    """YaRN's mscale, 0.1·m·ln s + 1 (1 for s ≤ 1), as transformers' get_mscale."""
    return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0


def _given_attention(reader: _Reader, block: dict[str, Any], key: Any) -> float | None:
    """The block's own attention_factor, checked, or None."""
    given = block.get("attention_factor")
    if given is None:
        return None
    return reader.number(key("attention_factor"), 0, 1e6, lo_open=True, value=given)


def _longrope(
    reader: _Reader,
    block: dict[str, Any],
    key: Any,
    dim: int,
    base: float,
    factor: float | None,
    l0: int,
    max_positions: int | None,
    details: dict[str, object],
) -> tuple[NDArray[np.float64], NDArray[np.float64], float, float]:
    """LongRoPE (Phi-3): θ divided per pair by short_factor at initialisation (and up to L0),
    by long_factor past it; attention factor √(1 + ln s / ln L0), s = factor if given, else
    max_position_embeddings / original_max_position_embeddings."""
    lists = []
    for name in ("short_factor", "long_factor"):
        values = block.get(name)
        numbers = isinstance(values, list) and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in values
        )
        array = np.array([real(v) for v in values] if numbers and values else [], dtype=np.float64)
        low, high = FACTOR_RANGE
        if array.size != dim // 2 or not np.all((array >= low) & (array <= high)):
            allowed = tr("model.per_pair", n=dim // 2)
            raise ValueError(tr("model.key", name=key(name), value=echo(values), allowed=allowed))
        lists.append(array)
        details[name] = tuple(float(v) for v in array)
    if factor is None:
        factor = (max_positions or l0) / l0
    inv = rope_inverse_frequencies(dim, base)
    attention = _given_attention(reader, block, key)
    if attention is None:
        attention = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(l0))
    return inv / lists[0], inv / lists[1], attention, factor


def _unknown_keys(reader: _Reader) -> list[str]:
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
