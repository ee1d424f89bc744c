"""RoPE's scalings as transformers computes θ′ at initialisation (`modeling_rope_utils`):
YaRN's ramp and attention factor, LongRoPE's short and long factors, and mscale. Linear,
dynamic and Llama 3.1's are in `core.scaling`, which these share."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.reader import FACTOR_RANGE, ConfigReader
from pe_clock.core.params import real
from pe_clock.core.rope import rope_inverse_frequencies
from pe_clock.core.scaling import scaled_inverse_frequencies, yarn_correction_range


def yarn(
    reader: ConfigReader,
    block: dict[str, Any],
    key: Any,
    dim: int,
    base: float,
    factor: float,
    l0: int,
    details: dict[str, object],
) -> tuple[NDArray[np.float64], float]:
    """YaRN as transformers computes it: the ramp between the pairs turning beta_fast and
    beta_slow times within L0 (floored and ceiled unless truncate is false), θ/s below it;
    attention factor from the config, else mscale's 0.1·ln s + 1 (their ratio with
    mscale_all_dim when both are given)."""
    # (from 1e-9: a pair turning fewer times in L0 puts YaRN's ramp at an infinite pair)
    fast = reader.number(key("beta_fast"), 1e-9, 1e6, value=block.get("beta_fast") or 32)
    slow = reader.number(key("beta_slow"), 1e-9, 1e6, value=block.get("beta_slow") or 1)
    truncate = block.get("truncate", True)
    if not isinstance(truncate, bool):
        raise ValueError(
            tr("model.key", name=key("truncate"), value=echo(truncate), allowed="true, false")
        )

    inv = scaled_inverse_frequencies(
        "yarn", dim, base, factor, l0, beta_fast=fast, beta_slow=slow, truncate=truncate
    )[0]
    low, high = yarn_correction_range(dim, base, l0, fast, slow, truncate)

    given = given_attention(reader, block, key)
    if given is not None:
        attention = given
    elif block.get("mscale") and block.get("mscale_all_dim"):
        m = reader.number(key("mscale"), 0, 1e6, lo_open=True, value=block["mscale"])
        m_all = reader.number(
            key("mscale_all_dim"), 0, 1e6, lo_open=True, value=block["mscale_all_dim"]
        )
        attention = mscale(factor, m) / mscale(factor, m_all)
    else:
        attention = mscale(factor)
    details.update(beta_fast=fast, beta_slow=slow, truncate=truncate, ramp=(low, high))
    return inv, attention


def mscale(scale: float, m: float = 1.0) -> float:
    """YaRN's mscale, 0.1·m·ln s + 1 (1 for s ≤ 1), as transformers' get_mscale."""
    return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0


def given_attention(reader: ConfigReader, block: dict[str, Any], key: Any) -> float | None:
    """The block's own attention_factor, checked, or None."""
    given = block.get("attention_factor")
    if given is None:
        return None
    return reader.number(key("attention_factor"), 0, 1e6, lo_open=True, value=given)


def longrope(
    reader: ConfigReader,
    block: dict[str, Any],
    key: Any,
    dim: int,
    base: float,
    factor: float | None,
    l0: int,
    max_positions: int | None,
    details: dict[str, object],
) -> tuple[NDArray[np.float64], NDArray[np.float64], float, float]:
    """LongRoPE (Phi-3): θ divided per pair by short_factor at initialisation (and up to L0),
    by long_factor past it; attention factor √(1 + ln s / ln L0), s = factor if given, else
    max_position_embeddings / original_max_position_embeddings."""
    lists = []
    for name in ("short_factor", "long_factor"):
        values = block.get(name)
        numbers = isinstance(values, list) and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in values
        )
        array = np.array([real(v) for v in values] if numbers and values else [], dtype=np.float64)
        low, high = FACTOR_RANGE
        if array.size != dim // 2 or not np.all((array >= low) & (array <= high)):
            allowed = tr("model.per_pair", n=dim // 2)
            raise ValueError(tr("model.key", name=key(name), value=echo(values), allowed=allowed))
        lists.append(array)
        details[name] = tuple(float(v) for v in array)
    if factor is None:
        factor = (max_positions or l0) / l0
    inv = rope_inverse_frequencies(dim, base)
    attention = given_attention(reader, block, key)
    if attention is None:
        attention = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(l0))
    return inv / lists[0], inv / lists[1], attention, factor
