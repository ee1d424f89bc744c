"""Fixed sinusoids as a model's table: the paper's (DistilBERT's sinusoidal_pos_embds, Marian's,
Pegasus's, CTRL's), fairseq's (M2M100, FSMT, Speech2Text, XGLM) and Whisper's encoder's (beside
the learned table of its decoder)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.i18n import tr
from pe_clock.core.models.families import family_table
from pe_clock.core.models.group import LayerGroup, LearnedSize, Read
from pe_clock.core.models.reader import DEFAULT_ROPE_THETA, MAX_LAYERS, ConfigReader, first_key
from pe_clock.core.models.schemes.tables import first_row, stacks, table_size
from pe_clock.core.params import MAX_D_MODEL, MAX_LEN
from pe_clock.core.rope import rope_inverse_frequencies

NAME = "sinusoidal"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset(
    {
        "dim",
        "n_embd",
        "n_positions",
        "max_position_embeddings",
        "sinusoidal_pos_embds",
        "d_model",
        "encoder_layers",
        "decoder_layers",
        "max_source_positions",
        "max_target_positions",
    }
)
#: Whisper's decoder table, named apart from its encoder's (both are embed_positions).
WHISPER_DECODER_TABLE = "decoder.embed_positions.weight"


def detects(reader: ConfigReader, kind: str) -> bool:
    table = family_table(kind, reader.values)
    return kind == "whisper" or (table is not None and table.kind == NAME)


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """A family's fixed table (`core.models.families`): the paper's sinusoids (DistilBERT's
    interleaved, Marian's and CTRL's in split halves) or fairseq's (ω over d/2 − 1, as
    Whisper's encoder's), before each stack of an encoder-decoder."""
    if kind == "whisper":
        return _whisper(reader)
    table = family_table(kind, reader.values)
    assert table is not None
    key = first_key(reader, *table.width) or table.width[0]
    # Split halves need two pairs at least, ω over d/2 − 1 as well: d/2 − 1 > 0.
    width = _even_width(reader, key, 4 if table.shifted or table.layout == "split" else 2)
    positions = table_size(reader, table.positions, 2, MAX_LEN)
    if table.shifted:
        base, inv = shifted_frequencies(width)
    else:
        base, inv = DEFAULT_ROPE_THETA, rope_inverse_frequencies(width, DEFAULT_ROPE_THETA)
    details: dict[str, object] = {"positions": positions, **first_row(reader, table, positions)}
    if table.layout == "split":
        details.update(layout="split", variant="shifted" if table.shifted else "split")
    group = LayerGroup((), NAME, base, width, width, inv_freq=inv, details=details)
    if table.stacks:
        groups, layers = stacks(reader, table, group, 2, MAX_LEN)
        return Read(groups, num_layers=layers)
    return Read((replace(group, layers=tuple(range(layers))),))


def _even_width(reader: ConfigReader, key: str, lo: int) -> int:
    """A table's width at key: an even number from lo."""
    width = reader.whole(key, lo, MAX_D_MODEL)
    if width % 2:
        allowed = tr("allowed.even", lo=lo, hi=f"{MAX_D_MODEL:,}")
        raise ValueError(tr("model.key", name=key, value=width, allowed=allowed))
    return width


def whisper_base(width: int) -> float:
    """The paper's base at which its formula gives Whisper's encoder table: Whisper's
    sinusoids turn pair i by 10000^(−i/(width/2 − 1)), which is base^(−2i/width) at
    base = 10000^(width/(width − 2))."""
    return float(DEFAULT_ROPE_THETA ** (width / (width - 2)))


def shifted_frequencies(width: int) -> tuple[float, NDArray[np.float64]]:
    """fairseq's and Whisper's ω_i = e^(−i·ln 10000/(width/2 − 1)) (as Whisper's
    sinusoids() computes them), and the paper's base that gives them (`whisper_base`)."""
    step = math.log(DEFAULT_ROPE_THETA) / (width // 2 - 1)
    return whisper_base(width), np.exp(-step * np.arange(width // 2))


def _whisper(reader: ConfigReader) -> Read:
    """Whisper (transformers' WhisperEncoder and WhisperDecoder): the encoder's layers come
    after a fixed table of max_source_positions rows, sin(pos·ω_i) in the first half of its
    columns and cos in the second (the split layout), ω_i = 10000^(−i/(d_model/2 − 1)); the
    decoder's after a learned table of max_target_positions rows. Layers are numbered
    encoder first, then decoder."""
    width = _even_width(reader, "d_model", 4)  # at least two pairs: ω divides by d/2 − 1
    encoder = reader.whole("encoder_layers", 1, MAX_LAYERS - 1)  # both stacks within the limit
    decoder = reader.whole("decoder_layers", 1, MAX_LAYERS - encoder)
    source = reader.whole("max_source_positions", 2, MAX_LEN)  # the rows the views draw
    target = reader.whole("max_target_positions", 2, 10**7)  # as a learned table's
    base, inv = shifted_frequencies(width)
    sines = LayerGroup(
        tuple(range(encoder)), "sinusoidal", base, width, width, inv_freq=inv,
        details={"part": "encoder", "layout": "split", "positions": source},
    )  # fmt: skip
    learned = LayerGroup(
        tuple(range(encoder, encoder + decoder)),
        "learned",
        details={"part": "decoder", "positions": target},
    )
    size = LearnedSize(target, width, WHISPER_DECODER_TABLE)
    return Read((sines, learned), size, reads_max_positions=False, num_layers=encoder + decoder)
