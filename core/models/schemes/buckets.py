"""T5's relative attention bias: a learned bias per head and bucket of the distance between
query and key, shared by every layer."""

from __future__ import annotations

from pe_clock.core.buckets import exact_buckets
from pe_clock.core.models.group import LayerGroup, Read
from pe_clock.core.models.reader import ConfigReader

NAME = "buckets"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset(
    {
        "d_model",
        "num_decoder_layers",
        "num_heads",
        "relative_attention_max_distance",
        "relative_attention_num_buckets",
    }
)


#: T5's relative_attention_max_distance when its config gives none (T5Config's default).
T5_MAX_DISTANCE = 128
#: The most buckets read (T5 and its kin use 32).
MAX_BUCKETS = 1024


def detects(reader: ConfigReader, kind: str) -> bool:
    return reader.get("relative_attention_num_buckets") is not None


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """The buckets; T5's n_positions is no longest length (its buckets reach any)."""
    return Read((_bucket_group(reader, tuple(range(layers))),), reads_max_positions=False)


def _bucket_group(reader: ConfigReader, layers: tuple[int, ...]) -> LayerGroup:
    """T5's relative attention bias: one learned bias per head and bucket of the distance
    between query and key, the same for every layer (layer 0 holds it)."""
    # At least 4: the encoder halves them per direction and gives half of those a distance
    # each; with 2 or 3 no distance has a bucket of its own and T5's formula divides by 0.
    # At most MAX_BUCKETS: every bucket's first distance is said in a line.
    buckets = reader.whole("relative_attention_num_buckets", 4, MAX_BUCKETS)
    given = reader.get("relative_attention_max_distance")
    # Past the decoder's exact buckets (its logarithm's base is max_distance / exact).
    distance = reader.whole(
        "relative_attention_max_distance",
        exact_buckets(buckets, bidirectional=False) + 1,
        10**12,
        value=T5_MAX_DISTANCE if given is None else given,
    )
    if given is None:
        reader.taken["relative_attention_max_distance"] = distance
    return LayerGroup(layers, "buckets", details={"num_buckets": buckets, "max_distance": distance})
