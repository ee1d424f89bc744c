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
        "embedding_size",
        "hidden_size",
        "max_position_embeddings",
        "n_ctx",
        "n_embd",
        "n_positions",
        "position_embedding_type",
    }
)


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
    return Read((LayerGroup(tuple(range(layers)), "learned"),), learned)
