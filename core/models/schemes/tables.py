"""What a learned table's reader and a fixed table's reader share: a size read from the first
of its keys, the row position 0 reads, and an encoder-decoder's two stacks, each adding a
table of its own (`core.models.families.Table` says which)."""

from __future__ import annotations

from dataclasses import replace

from pe_clock.core.i18n import tr
from pe_clock.core.models.families import Table
from pe_clock.core.models.group import LayerGroup
from pe_clock.core.models.reader import MAX_LAYERS, ConfigReader, first_key


def table_size(reader: ConfigReader, keys: tuple[str, ...], lo: int, hi: int) -> int:
    """The number at the first of keys the config has, within lo … hi."""
    key = first_key(reader, *keys)
    if key is None:
        raise ValueError(tr("model.missing", name=keys[0]))
    return reader.whole(key, lo, hi)


def first_row(reader: ConfigReader, table: Table, rows: int) -> dict[str, object]:
    """The row of a table of `rows` rows that position 0 reads, where it is not row 0:
    BART's offset, or RoBERTa's and fairseq's pad_token_id + 1 (their position ids count
    from there; transformers' padding_idx None counts from 0)."""
    if table.padded and reader.get("pad_token_id") is not None:
        # position 0 must be a row of the table: pad_token_id + 1 < its rows
        return {"first_row": reader.whole("pad_token_id", 0, rows - 2) + 1}
    return {"first_row": table.offset} if table.offset else {}


def stacks(
    reader: ConfigReader, table: Table, template: LayerGroup, lo: int, hi: int
) -> tuple[tuple[LayerGroup, ...], int]:
    """An encoder-decoder's groups made from one template: the encoder's layers, then the
    decoder's, each with its part and its positions (LED's and Speech2Text's decoder have
    keys of their own); and the layers of both."""
    encoder = reader.whole("encoder_layers", 1, MAX_LAYERS - 1)
    decoder = reader.whole("decoder_layers", 1, MAX_LAYERS - encoder)
    parts = (
        ("encoder", range(encoder), table.positions),
        ("decoder", range(encoder, encoder + decoder), table.decoder_positions or table.positions),
    )
    groups = []
    for part, numbers, keys in parts:
        details = {**template.details, "part": part, "positions": table_size(reader, keys, lo, hi)}
        groups.append(replace(template, layers=tuple(numbers), details=details))
    return tuple(groups), encoder + decoder
