"""ALiBi (BLOOM, MPT): no position vector; each head adds −m_h·|i − j| to its scores, m_h
from Press et al.'s rule (MPT's own with its alibi_bias_max)."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.alibi import alibi_slopes
from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.group import LayerGroup, Read
from pe_clock.core.models.reader import MAX_HEADS, ConfigReader, first_key

NAME = "alibi"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS = frozenset({"alibi", "attn_config", "n_head", "n_heads", "num_attention_heads"})


def detects(reader: ConfigReader, kind: str) -> bool:
    attn = reader.get("attn_config", {})
    return (
        kind == "bloom"
        or (isinstance(attn, dict) and attn.get("alibi") is True)
        or reader.get("alibi") is True
    )


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    """Every layer's heads and their slopes."""
    return Read((_alibi_group(reader, kind, layers),))


def _alibi_group(reader: ConfigReader, model_type: str, layers: int) -> LayerGroup:
    attn = reader.get("attn_config", {})
    if not isinstance(attn, dict):
        raise ValueError(tr("model.key", name="attn_config", value=echo(attn), allowed="{…}"))
    heads_key = first_key(reader, "n_head", "n_heads", "num_attention_heads")
    if heads_key is None:
        raise ValueError(tr("model.missing", name="num_attention_heads"))
    heads = reader.whole(heads_key, 1, MAX_HEADS)
    if model_type == "mpt":
        bias_max = reader.number(
            "attn_config.alibi_bias_max", 0, 1000, lo_open=True, value=attn.get("alibi_bias_max", 8)
        )
        slopes = mpt_slopes(heads, bias_max)
    else:
        slopes = alibi_slopes(heads)
    details: dict[str, object] = {}
    if model_type in BFLOAT16_SLOPES:  # the slopes as its attention applies them
        exact, slopes = slopes, bfloat16(slopes)
        details["bfloat16_gap"] = float(np.max(np.abs(slopes - exact) / exact))
    return LayerGroup(tuple(range(layers)), "alibi", slopes=slopes, details=details)


#: Model types whose attention applies the slopes rounded to bfloat16, whatever its dtype
#: (transformers' Falcon: `slopes[..., None].bfloat16() * arange_tensor`).
BFLOAT16_SLOPES = ("falcon",)


def bfloat16(values: NDArray[np.float64]) -> NDArray[np.float64]:
    """values as float32, then rounded to bfloat16 (to nearest, ties to even), as PyTorch's
    .bfloat16() rounds them."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    out: NDArray[np.float64] = rounded.astype(np.uint32).view(np.float32).astype(np.float64)
    return out


def mpt_slopes(heads: int, bias_max: float = 8.0) -> NDArray[np.float64]:
    """MPT's gen_slopes: 1/2^(m·bias_max/n) over the next power of two n; for a head count
    that is not a power of two, the odd then the even ones of n, cut to heads (not Press et
    al.'s order, which BLOOM keeps)."""
    n = 2 ** math.ceil(math.log2(heads))
    m = np.arange(1, n + 1, dtype=np.float64) * (bias_max / n)
    slopes = 1.0 / np.power(2.0, m)
    if n != heads:
        slopes = np.concatenate([slopes[1::2], slopes[::2]])[:heads]
    out: NDArray[np.float64] = slopes
    return out
