"""A config.json as transformers reads it: the language model's keys (a multimodal model's
text_config merged over the rest) over transformers' defaults for its model_type, every number
checked within its range (a ValueError naming its key), and which defaults were taken. Every
scheme's reader (`core.models.schemes`) reads its keys through one."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pe_clock.core.i18n import echo, tr
from pe_clock.core.params import MAX_D_MODEL, real

MAX_LAYERS = 4096
MAX_HEADS = 4096
#: Largest head read (real heads have 64 … 512 dimensions): PE Clock's widest table.
MAX_ROTARY_DIM = MAX_D_MODEL
#: A scaling factor (and longrope's, llama3's frequency factors) lies within these.
FACTOR_RANGE = (1e-3, 1e6)
#: transformers' default rope_theta when a RoPE config gives none (LlamaConfig and most others).
DEFAULT_ROPE_THETA = 10000.0
#: transformers' configuration defaults of the keys the readers read, per model_type, where
#: a model's config.json may leave them out (Gemma 3 4B's gives neither rope_theta nor
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
    "whisper": {
        "d_model": 384, "encoder_layers": 4, "decoder_layers": 4,
        "max_source_positions": 1500, "max_target_positions": 448,
    },
    "modernbert": {
        "global_rope_theta": 160000.0, "local_rope_theta": 10000.0,
        "global_attn_every_n_layers": 3, "local_attention": 128, "max_position_embeddings": 8192,
    },
}  # fmt: skip

#: `ConfigReader.number`'s "read the key itself".
_READ = object()


def _plain_number(value: object) -> str:
    """1000000.0 as 1000000, 0.1 as 0.1, True as true (as config.json writes them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class ConfigReader:
    """The config (text_config merged over it, as multimodal models nest the language model)
    over transformers' defaults for its model_type, and what was read of it."""

    def __init__(self, config: Mapping[str, Any], towers: bool = True) -> None:
        #: The config as given, and the sub-config read, as "text_config" or
        #: "vlm_config.text_config" ("" the top; always "" without towers).
        self.config = config
        self.tower = ""
        merged = dict(config)
        for name, part in language_tower(config) if towers else ():
            merged.update(part)
            self.tower = f"{self.tower}.{name}" if self.tower else name
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


#: Where a model nests the stack whose positions are its language model's (transformers'
#: sub-configs), in the order looked for: a multimodal model's text_config is read over
#: the rest; the others only where the level above names no positions of its own.
TOWERS = (
    "text_config", "language_config", "llm_config", "thinker_config", "vlm_config",
    "decoder_config", "decoder", "generator", "global_config", "encoder_config", "encoder",
    "speech_config", "audio_config", "vision_config",
)  # fmt: skip
#: Keys that say a level has positions of its own (its stack's, not a tower's).
OWN_POSITIONS = (
    "max_position_embeddings", "n_positions", "rope_theta", "rope_parameters", "rope_scaling",
    "max_source_positions", "relative_attention_num_buckets", "layer_types", "alibi",
    "position_embedding_type", "num_hidden_layers", "n_layer",
)  # fmt: skip
#: Sub-configs nest no deeper than this (Qwen3-Omni's thinker_config.text_config).
MAX_TOWER_DEPTH = 3


def language_tower(config: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The chain of sub-configs down to the stack read: text_config always (its keys over
    the model's), another tower (TOWERS) only where the level above names no positions."""
    chain: list[tuple[str, dict[str, Any]]] = []
    level: Mapping[str, Any] = config
    while len(chain) < MAX_TOWER_DEPTH:
        own = any(key in level for key in OWN_POSITIONS)
        name = next(
            (
                name
                for name in TOWERS
                if isinstance(level.get(name), dict)
                and level[name]
                and (name == "text_config" or not own)
            ),
            None,
        )
        if name is None:
            return chain
        level = level[name]
        chain.append((name, dict(level)))
    return chain


def first_key(reader: ConfigReader, *keys: str) -> str | None:
    """The first of keys the config (or its model type's defaults) has: models name one
    number differently (num_hidden_layers, GPT-2's n_layer, MPT's n_layers)."""
    return next((key for key in keys if key in reader.values), None)
