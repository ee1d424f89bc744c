"""transformers' config registry as the test oracle: every model type it defines, its defaults
written as config.json the way save_pretrained writes them (Infinity included), and the modeling
code of its family, read as text (transformers installs without torch; nothing is imported from
a modeling file).

A type is position-bearing when the stack PE Clock reads (the config, or the language tower
`ConfigReader` picks) has a key that sizes or sets positions (`POSITION_FIELDS`)."""

from __future__ import annotations

import importlib.util
import json
import re
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pe_clock.core.models.config import ModelConfig, parse_config, read_model_config
from pe_clock.core.models.reader import ConfigReader
from pe_clock.core.models.schemes.named import NotDrawn

#: Keys that size or set a stack's positions.
POSITION_FIELDS = (
    "max_position_embeddings", "n_positions", "max_source_positions", "max_target_positions",
    "rope_theta", "rope_parameters", "rope_scaling", "rotary_dim", "rotary_pct",
    "partial_rotary_factor", "position_embedding_type", "relative_attention_num_buckets",
    "alibi", "max_seq_len", "n_ctx",
)  # fmt: skip

#: What a family's modeling code holds where a scheme is drawn for it.
EVIDENCE = {
    "learned": r"nn\.Embedding\(\s*(config\.)?(max_position_embeddings|n_positions|"
    r"max_target_positions|max_encoder_position_embeddings|num_hash_buckets)"
    r"|LearnedPositionalEmbedding|position_embedding = nn\.Embedding|QuantEmbedding"
    r"|PositionalEmbedding\(\s*(self|config)\.max_target_positions"
    r"|nn\.Parameter\(torch\.empty\(1, 1, max_position_embeddings",
    "sinusoidal": r"Sinusoidal|sinusoid|def positional_encoding|torch\.sin\(",
    "rope": r"RotaryEmbedding|apply_rotary_pos_emb|rotate_half",
    "alibi": r"alibi",
    "buckets": r"_relative_position_bucket|relative_attention_bias",
}


@dataclass(frozen=True)
class Outcome:
    """What PE Clock made of one type's defaults: its reading, or the line it said."""

    model_type: str
    tower: str  # the model type of the stack read
    bearing: bool
    model: ModelConfig | None = None
    named: str = ""  # the scheme named (NotDrawn), or ""
    refused: str = ""  # any other refusal's line


def registry() -> dict[str, type]:
    from transformers import CONFIG_MAPPING
    from transformers.utils import logging

    logging.set_verbosity_error()
    return {name: CONFIG_MAPPING[name] for name in CONFIG_MAPPING}


@cache
def outcomes() -> tuple[Outcome, ...]:
    """Every type transformers defines whose defaults it can build, as PE Clock reads them."""
    out = []
    for model_type, config_class in sorted(registry().items()):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                text = config_class().to_json_string()
            except Exception:  # a class whose defaults transformers itself refuses
                continue
        config = parse_config(text.encode())
        reader = ConfigReader(config)
        tower = str(reader.values.get("model_type", model_type))
        bearing = any(key in reader.values for key in POSITION_FIELDS)
        try:
            out.append(Outcome(model_type, tower, bearing, read_model_config(config)))
        except NotDrawn as err:
            out.append(Outcome(model_type, tower, bearing, named=err.scheme))
        except ValueError as err:
            out.append(Outcome(model_type, tower, bearing, refused=str(err)))
    return tuple(out)


@cache
def modeling_source(model_type: str) -> str:
    """The text of the modeling files of model_type's family ("" where it has none: a family
    that reuses another's code)."""
    classes = registry()
    if model_type not in classes:
        return ""
    spec = importlib.util.find_spec(classes[model_type].__module__)
    assert spec is not None and spec.origin is not None
    folder = Path(spec.origin).parent
    return "".join(
        path.read_text(encoding="utf-8") for path in sorted(folder.glob("modeling_*.py"))
    )


def evidence(scheme: str, model_type: str) -> bool | None:
    """Whether the family's code holds the scheme's mark; None where it has no code."""
    source = modeling_source(model_type)
    if not source:
        return None
    return re.search(EVIDENCE[scheme], source) is not None


def config_json(model_type: str) -> dict[str, object]:
    return json.loads(registry()[model_type]().to_json_string())


def counts() -> dict[str, int]:
    """Position-bearing types described, named (a scheme PE Clock does not draw) and refused."""
    bearing = [o for o in outcomes() if o.bearing]
    return {
        "position-bearing": len(bearing),
        "described": sum(o.model is not None for o in bearing),
        "named": sum(bool(o.named) for o in bearing),
        "refused": sum(bool(o.refused) for o in bearing),
        "all types read": len(outcomes()),
    }


if __name__ == "__main__":  # python -m tests.models.registry: the counts, and each refusal
    for name, value in counts().items():
        print(f"{name}: {value}")
    for o in outcomes():
        if o.bearing and o.refused:
            print(f"  refused {o.model_type}: {o.refused}")
