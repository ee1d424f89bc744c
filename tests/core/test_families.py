"""Every model type transformers knows, read from its own defaults (`tests.models.registry`):
each position-bearing type is described or its scheme named in one line, what is drawn is what
the family's modeling code computes, and every number is checked against float64 formulas
written here in plain Python. A transformers release that adds a family PE Clock cannot read
fails here, not in a user's hands."""

from __future__ import annotations

import json
import math
import re

import numpy as np

from pe_clock.core import i18n
from pe_clock.core.models.config import ModelConfig
from pe_clock.core.models.describe import describe_text, model_json
from pe_clock.core.models.families import GRID_TABLES, NAMED, TABLES
from pe_clock.core.models.group import LayerGroup
from pe_clock.core.models.opened import OpenedModel
from tests.models.registry import (
    config_json,
    counts,
    evidence,
    modeling_source,
    outcomes,
    registry,
)

#: Position-bearing types PE Clock still refuses, each for its reason. A type read since fails
#: the test until it leaves this list; a type refused and not here fails it too.
REFUSED = {
    # transformers' own defaults cannot run: a head of 2048 / 28 = 73 dimensions, odd, which
    # its RoPE would rotate as 74
    "qwen3_omni_moe": "head_dim",
    "qwen3_omni_moe_text": "head_dim",
    "qwen3_omni_moe_thinker": "head_dim",
    # its defaults leave input_size, the table's width, as None
    "fun_asr_nano_encoder": "input_size",
    # a stack of four transformers (patcher, local encoder and decoder, global) at one level
    "blt": "num_hidden_layers",
    # ProphetNet: a learned table and n-stream relative buckets, in keys of its own
    "prophetnet": "num_hidden_layers",
    # Perceiver: a trainable table over its latents' inputs, its depth in keys of its own
    "perceiver": "num_hidden_layers",
}
#: Types whose modeling code has no mark of the scheme drawn, and why that is still its scheme.
UNMARKED = {
    "canine": "learned",  # its table is nn.Embedding(config.num_hash_buckets, …)
    "exaone": "rope",  # the families below reuse another family's modeling code
    "internlm3": "rope",
    "iquestcoder": "rope",
    "param2moe": "rope",
    "sarvam_mla": "rope",
    "sarvam_moe": "rope",
    "dpr": "learned",  # BERT's
    "layoutxlm": "learned",  # LayoutLMv2's
}


def test_every_position_bearing_type_is_described_or_its_scheme_named():
    bearing = [o for o in outcomes() if o.bearing]
    unknown = i18n.tr("model.no_scheme", model_type="").split("model_type")[0]
    refused = {o.model_type: o.refused for o in bearing if o.refused}
    assert not [name for name, line in refused.items() if line.startswith(unknown)]
    assert set(refused) == set(REFUSED), "refused now, or read now: update REFUSED"
    for name, key in REFUSED.items():
        assert key in refused[name], name
    tally = counts()  # 517 described, 48 named, 7 refused of 572 with transformers 5.25
    assert tally["described"] >= 0.90 * tally["position-bearing"], tally
    assert len(outcomes()) > 800  # the registry was walked (831 types in transformers 5.25)


def test_what_is_drawn_is_what_the_familys_code_computes():
    for o in outcomes():
        if o.model is None:
            continue
        for group in o.model.groups:
            if group.scheme not in ("learned", "sinusoidal", "rope", "alibi", "buckets"):
                continue
            found = evidence(group.scheme, o.tower)
            if found is None or UNMARKED.get(o.tower) == group.scheme:
                continue
            assert found, f"{o.model_type} ({o.tower}): {group.scheme} not in its code"


def test_family_data_names_types_transformers_knows():
    known = {o.tower for o in outcomes()} | {o.model_type for o in outcomes()}
    assert set(TABLES) <= known and set(NAMED) <= known


#: transformers' axial RoPE as the families PE Clock draws it compute it: each axis turns
#: half the head (spatial_dim = dim // 2) by the same angles, the head from head_dim or a
#: width over the heads.
AXIAL_PARAMETERS = re.compile(
    r"def compute_axial_rope_parameters\(.*?"
    r'dim = getattr\(config, "head_dim", None\) or config\.(\w+) // config\.(\w+)\s+'
    r"spatial_dim = dim // 2\b",
    re.S,
)
#: A vision tower's learned table of its patch grid, added at its input.
GRID_TABLE = re.compile(
    r"pos_embed = nn\.Embedding|position_embedding = nn\.Embedding"
    r"|position_embedding_table = nn\.(Embedding|Parameter)|position_embeddings = nn\.Parameter"
)


def test_2d_rope_is_drawn_where_transformers_computes_its_axial_halves():
    """Every vision tower drawn with 2D RoPE computes it as transformers' shared axial RoPE,
    its head as the config's class gives it; its grid table is said where its code has one;
    a tower with axial RoPE of its own angles (Pixtral's) is named."""
    drawn = [o for o in outcomes() if o.model and "axes" in o.model.groups[0].details]
    assert len(drawn) >= 30
    for o in drawn:
        group = o.model.groups[0]
        found = AXIAL_PARAMETERS.search(modeling_source(o.tower))
        assert found, o.model_type
        config = registry()[o.tower]()
        dim = getattr(config, "head_dim", None) or (
            getattr(config, found.group(1)) // getattr(config, found.group(2))
        )
        assert (group.head_dim, group.rotary_dim) == (dim, dim // 2), o.model_type
        tables = GRID_TABLE.search(modeling_source(o.tower)) is not None
        assert tables == (o.tower in GRID_TABLES), o.model_type
        assert o.model.max_position_embeddings is None  # no sequence's length
    for o in outcomes():
        axial = '"rope_type": "axial"' in json.dumps(config_json(o.model_type))
        if o.named == "rope_2d" and axial:
            assert not AXIAL_PARAMETERS.search(modeling_source(o.tower)), o.model_type


def _press_slopes(heads: int) -> list[float]:
    """Press et al.'s slopes, from their reference code."""

    def power_of_two(n: int) -> list[float]:
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start**i for i in range(n)]

    if math.log2(heads).is_integer():
        return power_of_two(heads)
    closest = 2 ** math.floor(math.log2(heads))
    return power_of_two(closest) + _press_slopes(2 * closest)[0::2][: heads - closest]


def _check_rope(group: LayerGroup, where: str) -> None:
    assert group.inv_freq is not None and group.rotary_dim is not None, where
    assert group.rope_theta is not None and group.head_dim is not None, where
    assert 2 <= group.rotary_dim <= max(group.head_dim, 2) + 1, where
    inv = group.inv_freq
    assert inv.shape == (group.rotary_dim // 2,) and np.all(np.isfinite(inv) & (inv > 0)), where
    if group.rope_type in ("default", "linear", "proportional"):
        over = int(group.details.get("exponent_dim", group.rotary_dim))
        factor = group.factor or 1.0
        expected = [group.rope_theta ** (-(2 * i) / over) / factor for i in range(inv.size)]
        np.testing.assert_allclose(inv, expected, rtol=4e-16, err_msg=where)


def _check_sinusoid(group: LayerGroup, where: str) -> None:
    d = group.head_dim
    assert d is not None and group.inv_freq is not None, where
    if group.rope_theta == 10000:
        expected = [10000 ** (-(2 * i) / d) for i in range(d // 2)]
        rtol = 4e-16
    else:  # fairseq's and Whisper's: ω_i = e^(−i·ln 10000/(d/2 − 1))
        expected = [math.exp(-i * math.log(10000) / (d // 2 - 1)) for i in range(d // 2)]
        assert math.isclose(group.rope_theta or 0, 10000 ** (d / (d - 2)), rel_tol=1e-15)
        rtol = 4e-15  # e^x's argument, as large as −9.2, carries its own rounding
    np.testing.assert_allclose(group.inv_freq, expected, rtol=rtol, err_msg=where)


def _check_table(model: ModelConfig, name: str, tower: str) -> None:
    """The table's size as the family's modeling code declares it (one nn.Embedding of a
    position count by a width), its offset rows (BART's LearnedPositionalEmbedding)."""
    assert model.learned is not None, name
    source = modeling_source(tower)
    config = config_json(name)
    values = {**config, **(config.get("text_config") or {})}  # type: ignore[dict-item]
    declared = set(
        re.findall(
            r"position_embeddings? = nn\.Embedding\(\s*config\.(max_position_embeddings|"
            r"n_positions)(?:\s*\+\s*(\d+))?,\s*config\.(\w+)",
            source,
        )
    )
    if len(declared) == 1 and isinstance(values, dict):
        ((rows, extra, width),) = declared
        if width in values and rows in values:
            expected = (values[rows] + int(extra or 0), values[width])
            assert (model.learned.positions, model.learned.width) == expected, name
    first = model.groups[0].details.get("first_row")
    if "LearnedPositionalEmbedding" in source and "self.offset = 2" in source:
        assert first == 2, name
    pad = values.get("pad_token_id") if isinstance(values, dict) else None
    if "def create_position_ids_from_input_ids" in source and isinstance(pad, int):
        assert first == pad + 1, name  # RoBERTa's ids count from the padding row on


def test_every_number_against_float64_formulas():
    for o in outcomes():
        model = o.model
        if model is None:
            continue
        opened = OpenedModel(o.model_type, model)
        assert describe_text(opened) and json.dumps(model_json(opened)), o.model_type
        layers = sorted(layer for group in model.groups for layer in group.layers)
        assert layers == list(range(model.num_layers)), o.model_type
        for group in model.groups:
            where = f"{o.model_type}: layers {group.layers[:3]}…"
            if group.scheme == "rope":
                _check_rope(group, where)
            elif group.scheme == "sinusoidal":
                _check_sinusoid(group, where)
            elif group.scheme == "alibi" and "bfloat16_gap" not in group.details:
                assert group.slopes is not None
                # (MPT's own formula, 2^(−8h/n), agrees with Press et al.'s to 1e-15)
                np.testing.assert_allclose(
                    group.slopes, _press_slopes(group.slopes.size), rtol=4e-15, err_msg=where
                )
        if model.learned is not None and o.tower != "whisper":
            _check_table(model, o.model_type, o.tower)
