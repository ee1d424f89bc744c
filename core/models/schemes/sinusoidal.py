"""The paper's fixed sinusoids as a model's table: DistilBERT's sinusoidal_pos_embds."""

from __future__ import annotations

from pe_clock.core.i18n import tr
from pe_clock.core.models.group import LayerGroup, Read
from pe_clock.core.models.reader import DEFAULT_ROPE_THETA, ConfigReader
from pe_clock.core.params import MAX_D_MODEL
from pe_clock.core.rope import rope_inverse_frequencies

NAME = "sinusoidal"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset({"dim", "sinusoidal_pos_embds"})


def detects(reader: ConfigReader, kind: str) -> bool:
    return kind == "distilbert" and reader.get("sinusoidal_pos_embds") is True


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """d_model = dim, base 10000, the model's max_position_embeddings rows."""
    width = reader.whole("dim", 2, MAX_D_MODEL)
    if max_positions is None:
        raise ValueError(tr("model.missing", name="max_position_embeddings"))
    inv = rope_inverse_frequencies(width, DEFAULT_ROPE_THETA)
    every = tuple(range(layers))
    return Read((LayerGroup(every, "sinusoidal", DEFAULT_ROPE_THETA, width, width, inv_freq=inv),))
