"""A learned absolute position table (GPT-2's, BERT's, BART's, CLIP's text tower's): its size
from the config, its numbers from the weights (`core.models.weights`); where position 0 sits
in it and whether each stack of an encoder-decoder has its own, from `core.models.families`."""

from __future__ import annotations

from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.families import LEARNED, Table, family_table
from pe_clock.core.models.group import LayerGroup, LearnedSize, Read
from pe_clock.core.models.reader import MAX_LAYERS, ConfigReader, first_key
from pe_clock.core.models.schemes import rope

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
    positions = _size(reader, table.positions, 2 - table.offset, 10**7)
    width = _size(reader, table.width, 2, 10**6)
    details = {**_first_row(reader, table), **_local_layers(reader, layers)}
    if reader.get("relative_attention") is True:  # DeBERTa's relative terms besides
        details["relative_terms"] = True
    if not table.stacks:
        if table.depth:
            layers = reader.whole(table.depth, 1, MAX_LAYERS)
        group = LayerGroup(tuple(range(layers)), NAME, details=details)
        return Read((group,), LearnedSize(positions + table.offset, width), num_layers=layers)
    encoder = reader.whole("encoder_layers", 1, MAX_LAYERS - 1)
    decoder = reader.whole("decoder_layers", 1, MAX_LAYERS - encoder)
    after = table.decoder_positions or table.positions
    decoder_positions = _size(reader, after, 2 - table.offset, 10**7)
    groups = (
        LayerGroup(
            tuple(range(encoder)),
            NAME,
            details={**details, "part": "encoder", "positions": positions},
        ),
        LayerGroup(
            tuple(range(encoder, encoder + decoder)),
            NAME,
            details={**details, "part": "decoder", "positions": decoder_positions},
        ),
    )
    size = LearnedSize(positions + table.offset, width, ENCODER_TABLE)
    return Read(groups, size, num_layers=encoder + decoder)


def _size(reader: ConfigReader, keys: tuple[str, ...], lo: int, hi: int) -> int:
    key = first_key(reader, *keys)
    if key is None:
        raise ValueError(tr("model.missing", name=keys[0]))
    return reader.whole(key, lo, hi)


def _first_row(reader: ConfigReader, table: Table) -> dict[str, object]:
    """The row of the table that position 0 reads, where it is not row 0: BART's offset, or
    RoBERTa's pad_token_id + 1 (its position ids count from there)."""
    if table.padded:
        pad = reader.get("pad_token_id")
        if pad is None:  # transformers' padding_idx: None counts from 0
            return {}
        # position 0 must be a row of the table: pad_token_id + 1 < its rows
        rows = _size(reader, table.positions, 2, 10**7)
        return {"first_row": reader.whole("pad_token_id", 0, rows - 2) + 1}
    return {"first_row": table.offset} if table.offset else {}


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
