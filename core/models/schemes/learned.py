"""A learned absolute position table (GPT-2's, BERT's, GPT-Neo's, OPT's): its size from the
config, its numbers from the weights (`core.models.weights`)."""

from __future__ import annotations

from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.group import LayerGroup, LearnedSize, Read
from pe_clock.core.models.reader import ConfigReader

NAME = "learned"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset(
    {
        "attention_layers",
        "attention_types",
        "embedding_size",
        "hidden_size",
        "max_position_embeddings",
        "n_ctx",
        "n_embd",
        "n_positions",
        "position_embedding_type",
        "window_size",
    }
)
#: GPT-Neo's local attention window when its config gives none (GPTNeoConfig's default).
NEO_WINDOW = 256


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


def detects(reader: ConfigReader, kind: str) -> bool:
    """A learned table's model type with absolute positions (ESM-2's rotary ones are RoPE's;
    another type, such as relative_key, is refused by name)."""
    if kind not in LEARNED_TYPES or reader.get("position_embedding_type") == "rotary":
        return False
    position_type = reader.get("position_embedding_type", "absolute")
    if position_type != "absolute":
        raise ValueError(tr("model.position_type", value=echo(position_type)))
    return True


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """The table's positions and width, at least two each, as a table read from weights."""
    positions_key, width_key = LEARNED_TYPES[kind]
    # OPT's table has two rows more than positions: its positions start at 2.
    offset = 2 if kind == "opt" else 0
    learned = LearnedSize(
        reader.whole(positions_key, 2 - offset, 10**7) + offset,
        reader.whole(width_key, 2, 10**6),
    )
    details = _local_layers(reader, layers) if kind == "gpt_neo" else {}
    return Read((LayerGroup(tuple(range(layers)), "learned", details=details),), learned)


def _local_layers(reader: ConfigReader, layers: int) -> dict[str, object]:
    """GPT-Neo's layers that attend only to the window_size positions before a token (its
    "local" layers, attention_layers; or attention_types, [[kinds, times], …], expanded as
    GPTNeoConfig does); the others attend to every position before it."""
    kinds = reader.get("attention_layers")
    if kinds is None and isinstance(reader.get("attention_types"), list):
        kinds = []
        for part in reader.get("attention_types"):
            if not (isinstance(part, list) and len(part) == 2 and isinstance(part[0], list)):
                kinds = part  # refused below, by name
                break
            if isinstance(part[1], int) and not isinstance(part[1], bool) and part[1] <= layers:
                kinds += part[0] * part[1]
    if kinds is None:
        return {}
    if (
        not isinstance(kinds, list)
        or len(kinds) != layers
        or any(kind not in ("global", "local") for kind in kinds)
    ):
        name = (
            "attention_layers" if reader.get("attention_layers") is not None else "attention_types"
        )
        allowed = f"{layers} × global / local"
        raise ValueError(tr("model.key", name=name, value=echo(kinds), allowed=allowed))
    local = tuple(i for i, kind in enumerate(kinds) if kind == "local")
    if not local:
        return {}
    window = reader.whole("window_size", 1, 10**7, value=reader.get("window_size", NEO_WINDOW))
    return {"local_layers": local, "local_window": window}
