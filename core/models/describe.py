"""An opened model in words and in JSON: what `pe-clock model` prints and the window shows."""

from __future__ import annotations

import math
from typing import Any

from pe_clock.core.buckets import bucket_starts, exact_buckets
from pe_clock.core.format import fmt_base, said_base, shown
from pe_clock.core.i18n import tr
from pe_clock.core.models.config import LayerGroup
from pe_clock.core.models.opened import OpenedModel
from pe_clock.core.models.schemes.mrope import mrope_pairs
from pe_clock.core.rope import rope_inverse_frequencies
from pe_clock.core.scaling import split_pairs, split_parts


def layer_runs(layers: tuple[int, ...]) -> str:
    """Layer numbers as runs, "0–4, 6–10, 12"; a long list as its first runs, "…" and its
    last (the count is said beside it)."""
    runs: list[tuple[int, int]] = []
    for layer in layers:
        if runs and layer == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], layer)
        else:
            runs.append((layer, layer))
    text = [f"{a}" if a == b else f"{a}–{b}" for a, b in runs]
    if len(text) > 6:
        text = [*text[:3], "…", text[-1]]
    return ", ".join(text)


def group_title(group: LayerGroup, compact: bool = False) -> str:
    """One line naming a group's scheme and numbers; compact: the few a slide's key holds
    (the base, the rotated part, the rope type and factor)."""
    if compact:
        return _compact_title(group)
    if group.scheme == "rope":
        assert group.rotary_dim is not None and group.head_dim is not None
        if "axes" in group.details:  # a vision tower's 2D RoPE: each axis turns half the head
            half = group.rotary_dim
            return tr(
                "modelinfo.rope_axial",
                base=fmt_base(group.rope_theta or 0),
                head_dim=group.head_dim,
                half=half,
                pairs=half // 2,
            )
        if group.rotary_dim == group.head_dim:
            dims = tr("modelinfo.rotary_all", head_dim=group.head_dim, pairs=group.rotary_dim // 2)
        else:
            dims = tr(
                "modelinfo.rotary_part",
                head_dim=group.head_dim,
                rotary=group.rotary_dim,
                pairs=group.rotary_dim // 2,
            )
        return tr("modelinfo.rope", base=fmt_base(group.rope_theta or 0), dims=dims)
    return _scheme_title("modelinfo", group)


def _scheme_title(kind: str, group: LayerGroup) -> str:
    """A scheme's title other than RoPE's, with the numbers it names; an encoder-decoder's
    group (Whisper's) by its part, "encoder_sinusoidal" and "decoder_learned"."""
    details = group.details
    if group.scheme == "none" and "mixing" in details:  # a layer without attention
        return tr(f"{kind}.mixing_{details['mixing']}")
    name = "_".join(
        str(p) for p in (details.get("part"), group.scheme, details.get("variant")) if p
    )
    return tr(
        f"{kind}.{name}",
        heads=0 if group.slopes is None else group.slopes.size,
        d_model=group.head_dim,
        buckets=group.details.get("num_buckets"),
        base=said_base(group.rope_theta or 0),
        positions=f"{group.details.get('positions', 0):,}",
    )


def _compact_title(group: LayerGroup) -> str:
    if group.scheme != "rope":
        return _scheme_title("strip", group)
    if "axes" in group.details:
        return tr("strip.rope_axial", base=fmt_base(group.rope_theta or 0))
    text = tr("strip.rope", base=fmt_base(group.rope_theta or 0))
    if group.rotary_dim != group.head_dim:
        text += tr("strip.part", rotary=group.rotary_dim, head_dim=group.head_dim)
    if group.rope_type not in (None, "default"):
        factor = f" ×{group.factor:g}" if group.factor not in (None, 1.0) else ""
        text += f" · {group.rope_type}{factor}"
    if group.sliding_window is not None:  # which group is Gemma 2's local one
        # ModernBERT's is centred: local_attention in all, half either side
        window = group.details.get("local_attention", group.sliding_window)
        text += tr("strip.window", n=f"{window:,}")
    return text


def scaling_line(group: LayerGroup) -> str:
    """The rope type and its numbers, or '' for θ as trained."""
    kind = group.rope_type
    if group.scheme == "none" and "attn_scale" in group.details:
        scale, floor = group.details["attn_scale"], group.details["floor_scale"]
        # the scale is 1 while pos + 1 < floor_scale: up to ⌈floor⌉ − 2, none below 2
        first = math.ceil(floor) - 2
        return tr(
            "modelinfo.temperature" if first >= 0 else "modelinfo.temperature_all",
            scale=f"{scale:g}",
            floor=f"{floor:g}",
            first=f"{first:,}",
        )
    if group.scheme != "rope" or kind == "default":
        return ""
    if kind == "proportional" and group.rotary_dim == group.head_dim:
        # the whole head turns: default RoPE's θ, divided by the factor as linear scaling
        kind = group.drawn_type or "default"
        if kind == "default":
            return ""
    elif kind == "proportional" and group.factor == 1:
        return tr("modelinfo.proportional")
    l0 = group.original_max_position_embeddings
    text = tr(
        f"modelinfo.type_{kind}",
        factor=f"{group.factor:g}" if group.factor is not None else "?",
        l0=f"{l0:,}" if l0 else "?",
        **{k: f"{v:g}" for k, v in group.details.items() if isinstance(v, float)},
    )
    if group.attention_factor not in (None, 1.0):
        text += tr("modelinfo.attention", value=f"{group.attention_factor:.6g}")
    return text


def split_line(group: LayerGroup) -> str:
    """Which pairs a ramped rope type (yarn, llama3) keeps, divides by the whole factor, or
    blends, as runs of pairs; '' for the others."""
    if group.rope_type not in ("yarn", "llama3") or group.inv_freq is None:
        return ""
    assert group.rotary_dim is not None and group.rope_theta is not None and group.factor
    ratio = group.inv_freq / rope_inverse_frequencies(group.rotary_dim, group.rope_theta)
    return " · ".join(split_parts(split_pairs(ratio, group.factor)))


def turns_line(group: LayerGroup) -> str:
    """The fastest and slowest pair's θ′ and wavelength."""
    inv = group.inv_freq
    if inv is None:
        return ""
    last = inv.size - 1
    return tr(
        "modelinfo.turns_axial" if "axes" in group.details else "modelinfo.turns",
        fast=f"{inv[0]:.6g}",
        last=last,
        slow=f"{inv[-1]:.6g}",
        wave=f"{2 * math.pi / inv[-1]:,.0f}",
    )


def bucket_lines(group: LayerGroup) -> list[str]:
    """T5's buckets, for the encoder (both directions) and the decoder (the past): which
    distances share one, as T5 bins them."""
    if group.scheme != "buckets":
        return []
    count, longest = group.details["num_buckets"], group.details["max_distance"]
    lines = []
    for side, both in (("encoder", True), ("decoder", False)):
        starts = bucket_starts(count, longest, both)
        exact = exact_buckets(count, both)
        lines.append(
            tr(
                f"modelinfo.buckets_{side}",
                n=len(starts),
                exact=exact - 1,
                starts=", ".join(str(start) for start in starts[exact:]),
                final=starts[-1],
            )
        )
    return lines


def drawn_base_line(group: LayerGroup) -> str:
    """Why a RoPE group is drawn at another base than its rope_theta (`drawn_base`), or ''."""
    if group.scheme != "rope" or group.drawn_base == group.rope_theta:
        return ""
    assert group.drawn_base is not None
    return tr(
        "modelinfo.drawn_base",
        base=fmt_base(group.rope_theta or 0),
        rotary=group.rotary_dim,
        over=group.details["exponent_dim"],
        drawn=said_base(group.drawn_base).removeprefix("≈ "),
    )


def key_list(keys: tuple[str, ...], most: int = 20) -> str:
    """Keys as a line says them: the first `most`, then how many in all."""
    if len(keys) <= most:
        return ", ".join(keys)
    return tr("echo.cut_items", text=", ".join(keys[:most]), n=f"{len(keys):,}")


def detail_lines(group: LayerGroup) -> list[str]:
    """What else a group's attention does with positions: its sliding window or chunks, a
    part of the head without positions (DeepSeek), a softmax scale that grows with s, the
    axis a vision tower's 2D RoPE is drawn by (and its grid's table), the M-RoPE sections of
    a vision-language model, T5's buckets."""
    lines = bucket_lines(group)
    if "axes" in group.details and group.rotary_dim is not None:
        axis = group.rotary_dim
        lines.append(tr("modelinfo.axial_drawn", pairs=axis // 2, half=axis))
    if group.details.get("grid_table"):
        lines.append(tr("modelinfo.grid_table"))
    sections = group.details.get("mrope_section")
    if sections:
        interleaved = bool(group.details.get("mrope_interleaved"))
        time, rows, cols = (layer_runs(p) for p in mrope_pairs(sections, interleaved))
        key = "modelinfo.mrope_interleaved" if interleaved else "modelinfo.mrope"
        lines.append(tr(key, time=time, rows=rows, cols=cols))
    if group.sliding_window is not None and group.details.get("window_centred"):
        whole = group.details.get("local_attention", 2 * group.sliding_window)
        half = f"{group.sliding_window:,}"
        lines.append(tr("modelinfo.window_centred", n=f"{whole:,}", half=half))
    elif group.sliding_window is not None:
        lines.append(tr("modelinfo.window", n=f"{group.sliding_window:,}"))
    if "bfloat16_gap" in group.details:
        gap = f"{100 * group.details['bfloat16_gap']:.2f}"
        lines.append(tr("modelinfo.bfloat16_slopes", gap=gap))
    local = group.details.get("local_layers")
    if local:
        window = group.details["local_window"]
        lines.append(
            tr(
                "modelinfo.local_layers",
                layers=layer_runs(local),
                n=len(local),
                window=f"{window:,}",
                before=f"{window - 1:,}",
            )
        )
    details = group.details
    first = details.get("first_row")
    if isinstance(first, int) and first > 0:
        key = "modelinfo.first_row_one" if first == 1 else "modelinfo.first_row"
        lines.append(tr(key, row=first, last=first - 1))
    if drawn := drawn_base_line(group):
        lines.append(drawn)
    if details.get("relative_terms"):
        lines.append(tr("modelinfo.relative_terms"))
    if "layer_kind" in details and "mixing" not in details:
        lines.append(tr("modelinfo.layer_kind", kind=details["layer_kind"]))
    if "attention_chunk_size" in details:
        lines.append(tr("modelinfo.chunks", n=f"{details['attention_chunk_size']:,}"))
    if "qk_nope_head_dim" in details:
        lines.append(tr("modelinfo.nope_part", nope=details["qk_nope_head_dim"]))
    if "softmax_scale_factor" in details:
        lines.append(tr("modelinfo.softmax_scale", value=f"{details['softmax_scale_factor']:.6g}"))
    return lines


def describe_text(model: OpenedModel) -> str:
    """The plain text of `pe-clock model`, readable by an instructor."""
    lines = []
    config = model.config
    if config is None:
        lines.append(shown(model.name))
    else:
        top = tr(
            "modelinfo.head",
            name=shown(model.name),
            model_type=shown(config.model_type or "?"),
            layers=config.num_layers,
        )
        if config.max_position_embeddings is not None:
            key = config.max_positions_key
            top += tr("modelinfo.max_pos", name=key, n=f"{config.max_position_embeddings:,}")
        lines.append(top)
        for group in config.groups:
            where = tr("modelinfo.layers", runs=layer_runs(group.layers), n=len(group.layers))
            lines.append(f"{where}: {group_title(group)}")
            for extra in (scaling_line(group), split_line(group), turns_line(group)):
                if extra:
                    lines.append(f"    {extra}")
            lines.extend(f"    {extra}" for extra in detail_lines(group))
            if group.slopes is not None:
                slopes = ", ".join(f"{s:.6g}" for s in group.slopes)
                lines.append("    " + tr("modelinfo.slopes", slopes=slopes))
        if config.defaults:
            lines.append(tr("modelinfo.default", value=", ".join(config.defaults)))
        if config.unknown:
            lines.append(tr("modelinfo.not_read", keys=shown(key_list(config.unknown))))
    if model.table is not None:
        table = model.table
        rows, width = table.rows.shape
        lines.append(
            tr(
                "modelinfo.table",
                tensor=shown(table.tensor),
                rows=f"{rows:,}",
                width=f"{width:,}",
                n=f"{table.parameters:,}",
                dtype=table.dtype,
                file=shown(table.file),
            )
        )
    elif config is not None and config.learned is not None:
        size = config.learned
        lines.append(
            tr(
                "modelinfo.table_size",
                rows=f"{size.positions:,}",
                width=f"{size.width:,}",
                n=f"{size.positions * size.width:,}",
            )
        )
    if model.table is None and model.missing:
        lines.append(model.missing)
    return "\n".join(lines) + "\n"


def _group_json(group: LayerGroup) -> dict[str, Any]:
    """One group's entry: every key in every entry, null where the scheme has none."""
    inv, long = group.inv_freq, group.inv_freq_long
    out: dict[str, Any] = {
        "layers": list(group.layers),
        "scheme": group.scheme,
        "rope_theta": group.rope_theta,
        "head_dim": group.head_dim,
        "rotary_dim": group.rotary_dim,
        "rope_type": group.rope_type,
        "factor": group.factor,
        "original_max_position_embeddings": group.original_max_position_embeddings,
        "inv_freq": None if inv is None else [float(x) for x in inv],
        "attention_factor": group.attention_factor,
        "sliding_window": group.sliding_window,
        "alibi_slopes": None if group.slopes is None else [float(x) for x in group.slopes],
    }
    if long is not None:
        out["inv_freq_long"] = [float(x) for x in long]
    for key, value in group.details.items():
        out[key] = list(value) if isinstance(value, tuple) else value
    return out


def model_json(model: OpenedModel) -> dict[str, Any]:
    """What `pe-clock model --json` prints."""
    config = model.config
    table = model.table
    learned = None
    if table is not None:
        learned = {
            "tensor": table.tensor,
            "shape": list(table.rows.shape),
            "parameters": table.parameters,
            "dtype": table.dtype,
            "file": table.file,
        }
    return {
        "name": model.name,
        "model_type": config.model_type if config else None,
        "max_position_embeddings": config.max_position_embeddings if config else None,
        "num_layers": config.num_layers if config else None,
        "groups": [_group_json(g) for g in config.groups] if config else [],
        "learned": learned,
        "learned_size": (
            [config.learned.positions, config.learned.width]
            if config is not None and config.learned is not None
            else None
        ),
        "learned_missing": model.missing or None,
        "not_read": list(config.unknown) if config else [],
        "defaults": list(config.defaults) if config else [],
    }
