"""M-RoPE (Qwen2-VL, Qwen2.5-VL, Qwen3-VL, GLM-4V): RoPE whose rotary pairs are split in
three sections, turned by a token's time, its row and its column in an image. Its θ are
default RoPE's; what it adds is the sections, read here for the RoPE reader."""

from __future__ import annotations

from pe_clock.core.i18n import echo, tr

#: Vision-language models whose rope block's mrope_section splits the pairs (M-RoPE), and
#: their text configs as transformers 5 saves them (nested under text_config).
MROPE_TYPES = tuple(
    f"{name}{part}"
    for name in ("qwen2_vl", "qwen2_5_vl", "qwen3_vl", "qwen3_vl_moe", "glm4v", "glm4v_moe")
    for part in ("", "_text")
)


def mrope_axes(sections: tuple[int, ...], interleaved: bool) -> tuple[int, ...]:
    """The position each pair turns with, by pair: 0 a token's time, 1 its row, 2 its column.
    In three runs in order (Qwen2-VL), or, interleaved (Qwen3-VL's apply_interleaved_mrope),
    pair j with its row where j % 3 == 1 and j < 3 × the row's section, its column where
    j % 3 == 2 and j < 3 × the column's, and its time otherwise (a slice past the last pair
    ends there, as transformers' slice(offset, 3 × section, 3) does)."""
    if not interleaved:
        return tuple(axis for axis, size in enumerate(sections) for _ in range(size))
    axes = [0] * sum(sections)
    for axis in (1, 2):
        for j in range(axis, min(3 * sections[axis], len(axes)), 3):
            axes[j] = axis
    return tuple(axes)


def mrope_pairs(sections: tuple[int, ...], interleaved: bool) -> tuple[tuple[int, ...], ...]:
    """The pairs that turn with a token's time, its row and its column (`mrope_axes`)."""
    axes = mrope_axes(sections, interleaved)
    return tuple(tuple(j for j, of in enumerate(axes) if of == axis) for axis in range(3))


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
