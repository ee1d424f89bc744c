"""M-RoPE (Qwen2-VL, Qwen2.5-VL, Qwen3-VL, GLM-4V): RoPE whose rotary pairs are split in
three sections, turned by a token's time, its row and its column in an image. Its θ are
default RoPE's; what it adds is the sections, read here for the RoPE reader."""

from __future__ import annotations

from pe_clock.core.i18n import echo, tr

#: Vision-language models whose rope block's mrope_section splits the pairs (M-RoPE).
MROPE_TYPES = ("qwen2_vl", "qwen2_5_vl", "qwen3_vl", "glm4v")


def mrope_section(name: str, given: object, rotary: int) -> tuple[int, ...]:
    """Qwen2-VL's M-RoPE: how many pairs, in order, turn with a token's time, its row and its
    column in an image; they add up to the rotary pairs."""
    pairs = rotary // 2
    if (
        not isinstance(given, list)
        or len(given) != 3
        or any(type(v) is not int or v < 0 for v in given)
        or sum(given) != pairs
    ):
        allowed = tr("model.sections", pairs=pairs)
        raise ValueError(tr("model.key", name=name, value=echo(given), allowed=allowed))
    return tuple(given)
