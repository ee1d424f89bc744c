"""A learned absolute position table (GPT-2's, BERT's, BART's, CLIP's text tower's): its size
from the config, its numbers from the weights (`core.models.weights`); where position 0 sits
in it and whether each stack of an encoder-decoder has its own, from `core.models.families`."""

from __future__ import annotations

from dataclasses import replace

from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.families import LEARNED, family_table
from pe_clock.core.models.group import LayerGroup, LearnedSize, Read
from pe_clock.core.models.reader import MAX_LAYERS, ConfigReader, first_key
from pe_clock.core.models.schemes import rope
from pe_clock.core.models.schemes.tables import first_row, stacks, table_size

NAME = "learned"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset(
    {
        "attention_layers",
        "attention_types",
        "embedding_size",
        "hidden_size",
        "max_position_embeddings",
        "max_encoder_position_embeddings",
        "max_decoder_position_embeddings",
        "n_ctx",
        "n_embd",
        "n_positions",
        "position_embedding_type",
        "use_learned_position_embeddings",
        "window_size",
    }
)
#: GPT-Neo's local attention window when its config gives none (GPTNeoConfig's default).
NEO_WINDOW = 256
#: The table of an encoder-decoder whose stacks each learn one: the encoder's is read.
ENCODER_TABLE = "encoder.embed_positions.weight"


def detects(reader: ConfigReader, kind: str) -> bool:
    """A family's learned table (`core.models.families`), or a config that sizes a table
    (max_position_embeddings or n_positions beside a width) and names no other scheme:
    absolute positions, no RoPE (ESM-2's rotary ones are RoPE's)."""
    table = family_table(kind, reader.values)
    if table is not None:
        return table.kind == NAME and reader.get("position_embedding_type") != "rotary"
    if reader.get("position_embedding_type", "absolute") != "absolute" or rope.detects(
        reader, kind
    ):
        return False
    return first_key(reader, *LEARNED.positions) is not None and (
        first_key(reader, *LEARNED.width) is not None
    )


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """The table's positions and width, at least two each, as a table read from weights."""
    table = family_table(kind, reader.values) or LEARNED
    positions = table_size(reader, table.positions, 2 - table.offset, 10**7)
    width = table_size(reader, table.width, 2, 10**6)
    rows = positions + table.offset
    details = {**first_row(reader, table, rows), **_local_layers(reader, layers)}
    if reader.get("relative_attention") is True:  # DeBERTa's relative terms besides
        details["relative_terms"] = True
    group = LayerGroup((), NAME, details=details)
    if table.stacks:
        groups, layers = stacks(reader, table, group, 2 - table.offset, 10**7)
        return Read(groups, LearnedSize(rows, width, ENCODER_TABLE), num_layers=layers)
    if table.depth:
        layers = reader.whole(table.depth, 1, MAX_LAYERS)
    group = replace(group, layers=tuple(range(layers)))
    return Read((group,), LearnedSize(rows, width), num_layers=layers)


def _local_layers(reader: ConfigReader, layers: int) -> dict[str, object]:
    """GPT-Neo's layers that attend only to a window of window_size positions ending at each
    token (its "local" layers, attention_layers; or attention_types, [[kinds, times], …],
    expanded as GPTNeoConfig does); the others attend to every position up to it."""
    kinds = reader.get("attention_layers")
    if kinds is None and isinstance(reader.get("attention_types"), list):
        kinds = []
        for part in reader.get("attention_types"):
            if not (isinstance(part, list) and len(part) == 2 and isinstance(part[0], list)):
                kinds = part  # refused below, by name
                break
            times = part[1]
            if isinstance(times, int) and not isinstance(times, bool) and times >= 0:
                if len(part[0]) * times > layers - len(kinds):  # more kinds than layers
                    kinds = part
                    break
                kinds += part[0] * times
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
