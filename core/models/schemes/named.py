"""Schemes PE Clock names but does not draw: where the config says a model puts positions
somewhere no view of PE Clock reaches (an image's rows and columns, a convolution over audio
frames, terms inside attention), it says so in one line, naming the scheme, the model type and
the sub-config it was read from, and draws nothing (`NotDrawn`, a ValueError like every
refusal, so every frontend says it as it says any other).

Each scheme is found by the keys that carry it (RoPE over image patches of a type other than
transformers' "axial", which `schemes.axial` draws; num_conv_pos_embeddings,
position_embedding_type "sine", DeBERTa's relative_attention, BEiT's flags); a family whose
config carries no such key is named in `core.models.families.NAMED`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from pe_clock.core.format import said_base, shown
from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.families import NAMED
from pe_clock.core.models.group import Read
from pe_clock.core.models.reader import ConfigReader
from pe_clock.core.models.schemes.axial import AXIAL_TYPES, rope_blocks
from pe_clock.core.params import real

NAME = "named"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset(
    {
        "num_conv_pos_embeddings",
        "num_conv_pos_embedding_groups",
        "position_embeddings_type",
        "use_absolute_position_embeddings",
        "use_relative_position_bias",
        "use_shared_relative_position_bias",
        "relative_attention",
        "position_biased_input",
        "max_relative_positions",
        "position_buckets",
        "positional_encoding_temperature",
        "use_positional_embedding",
    }
)


class NotDrawn(ValueError):
    """A scheme PE Clock names truly but does not draw; scheme is its name (`SCHEMES`)."""

    def __init__(self, scheme: str, message: str) -> None:
        super().__init__(message)
        self.scheme = scheme


def _patch_rope(reader: ConfigReader) -> bool:
    """2D RoPE of a vision tower computed its own way: RoPE over a grid of image patches (a
    tower that sizes patches and has no vocabulary) of a rope type other than transformers'
    "axial", which `schemes.axial` draws."""
    blocks = rope_blocks(reader)
    patches = "patch_size" in reader.values or "spatial_patch_size" in reader.values
    axial = any(block.get("rope_type") in AXIAL_TYPES for block in blocks)
    return patches and blocks != [] and not axial and "vocab_size" not in reader.values


def _sine_2d(reader: ConfigReader) -> bool:
    """DETR's 2D sine (or learned) positions of an image's feature map."""
    kind = reader.get("position_embedding_type")
    return (kind in ("sine", "learned") and "num_queries" in reader.values) or (
        "positional_encoding_temperature" in reader.values
    )


def _deberta(reader: ConfigReader) -> bool:
    """DeBERTa's disentangled attention alone: relative terms and no position vector added
    to the input (with position_biased_input, the learned reader draws its table)."""
    return reader.get("relative_attention") is True and reader.get("position_biased_input") is False


#: BEiT's switches of its patches' positions.
PATCH_FLAGS = (
    "use_absolute_position_embeddings",
    "use_relative_position_bias",
    "use_shared_relative_position_bias",
)


def _patch_flags(reader: ConfigReader) -> bool:
    return "use_absolute_position_embeddings" in reader.values


#: The schemes found by their keys, in the order they are tried.
RULES: tuple[tuple[str, Callable[[ConfigReader], bool]], ...] = (
    ("rope_2d", _patch_rope),
    ("conv", lambda r: "num_conv_pos_embeddings" in r.values
                       and r.get("position_embeddings_type") in (None, "conv")),
    ("relative", lambda r: r.get("position_embeddings_type") in ("relative", "relative_key")),
    ("rope_conformer", lambda r: r.get("position_embeddings_type") == "rotary"),
    ("sine_2d", _sine_2d),
    ("relative_key", lambda r: r.get("position_embedding_type")
                               in ("relative_key", "relative_key_query")),
    ("deberta", _deberta),
    ("patches", _patch_flags),
    ("no_positions", lambda r: r.get("use_positional_embedding") is False),
)  # fmt: skip


def _found(reader: ConfigReader) -> str | None:
    kind = str(reader.get("model_type", ""))
    return NAMED.get(kind) or next((name for name, test in RULES if test(reader)), None)


def scheme_of(reader: ConfigReader) -> tuple[str, ConfigReader] | None:
    """The named scheme of a config and the reader it was found in: the model's own keys
    first (Grounding DINO's 2D sines are the detector's, not its BERT text tower's), then
    its language tower's."""
    top = ConfigReader(reader.config, towers=False)
    for where in (top, reader) if reader.tower else (reader,):
        scheme = _found(where)
        if scheme is not None:
            return scheme, where
    return None


def detects(reader: ConfigReader, kind: str) -> bool:
    return scheme_of(reader) is not None


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """Never returns: the scheme named, in one line."""
    found = scheme_of(reader)
    assert found is not None
    scheme, where = found
    raise NotDrawn(scheme, named_line(where, scheme))


def _count(reader: ConfigReader, key: str) -> str:
    """A size a named line quotes: a whole number from 1, or refused by its key."""
    if reader.get(key) is None:
        return "?"
    return f"{reader.whole(key, 1, 10**12):,}"


def named_line(reader: ConfigReader, scheme: str) -> str:
    """One line naming scheme for the model (or sub-config) reader reads."""
    kind = str(reader.get("model_type", ""))[:60]
    flags = [k for k in PATCH_FLAGS if reader.get(k) not in (None, False, 0)]
    if scheme == "patches" and not flags:
        scheme = "patches_none"
    theta = next((b.get("rope_theta") for b in rope_blocks(reader)), None)
    value = real(theta) if isinstance(theta, int | float) and not isinstance(theta, bool) else 0.0
    base = said_base(value) if 0 < value < math.inf else "?"
    where = tr("named.tower", tower=reader.tower) if reader.tower else ""
    return tr(
        f"named.{scheme}",
        model_type=shown(kind) or "?",
        where=where,
        base=base,
        # (a size only where its line quotes it: another scheme's keys are none of its own)
        kernel=_count(reader, "num_conv_pos_embeddings") if scheme == "conv" else "",
        distance=_count(reader, "max_position_embeddings") if scheme == "relative_key" else "",
        flags=", ".join(flags),
        kind=echo(reader.get("position_embeddings_type")),
    )
