"""A model's positions from its own config.json, as transformers computes them: real configs'
published values, θ′ of every pair against an independent implementation of the formulas
(plain Python floats, written from the papers and modeling_rope_utils), and configs that are
damaged, out of range or hostile."""

from __future__ import annotations

import math
import os
import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

from pe_clock.core.alibi import alibi_slopes
from pe_clock.core.models.config import parse_config, read_model_config
from pe_clock.core.models.files import MAX_CONFIG_BYTES, cached_models, hub_cache, locate
from pe_clock.core.models.opened import open_model
from pe_clock.core.models.schemes.named import NotDrawn
from tests.models import configs
from tests.models.files import write_cache


# --- an independent implementation of the formulas -------------------------------------------
def theta(dim: int, base: float) -> list[float]:
    return [1.0 / base ** (2 * i / dim) for i in range(dim // 2)]


def yarn(dim, base, s, l0, fast=32.0, slow=1.0, truncate=True) -> list[float]:
    def pair(turns: float) -> float:
        return dim * math.log(l0 / (turns * 2 * math.pi)) / (2 * math.log(base))

    low, high = pair(fast), pair(slow)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    if low == high:
        high += 0.001
    out = []
    for i, t in enumerate(theta(dim, base)):
        kept = 1 - min(max((i - low) / (high - low), 0.0), 1.0)
        out.append(t / s * (1 - kept) + t * kept)
    return out


def llama3(dim, base, s, l0, low, high) -> list[float]:
    out = []
    for t in theta(dim, base):
        wave = 2 * math.pi / t
        if wave < l0 / high:
            out.append(t)
        elif wave > l0 / low:
            out.append(t / s)
        else:
            smooth = (l0 / wave - low) / (high - low)
            out.append((1 - smooth) * t / s + smooth * t)
    return out


def read(config: dict):
    return read_model_config(config)


def check(group, expected: list[float]) -> None:
    np.testing.assert_allclose(group.inv_freq, expected, rtol=1e-13, atol=0)


# --- real configurations ----------------------------------------------------------------------
def test_llama_2_has_no_rope_theta_and_takes_transformers_default():
    model = read(configs.LLAMA_2_7B)
    (group,) = model.groups
    assert group.layers == tuple(range(32)) and group.scheme == "rope"
    assert (group.rope_theta, group.head_dim, group.rotary_dim) == (10000.0, 128, 128)
    assert group.rope_type == "default" and group.attention_factor == 1.0
    check(group, theta(128, 10000.0))
    assert "rope_theta = 10000" in model.defaults


def test_llama_3_1_rescales_by_wavelength():
    (group,) = read(configs.LLAMA_3_1_8B).groups
    assert (group.rope_type, group.factor, group.original_max_position_embeddings) == (
        "llama3",
        8.0,
        8192,
    )
    check(group, llama3(128, 500000.0, 8.0, 8192, 1.0, 4.0))
    # The fastest pairs keep θ, the slowest are divided by the whole factor.
    assert group.inv_freq[0] == 1.0 and group.inv_freq[-1] == pytest.approx(theta(128, 5e5)[-1] / 8)


def test_llama_4_scout_divides_nothing_by_zero_and_a_quarter_of_its_layers_has_no_rope():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's divide-by-zero RuntimeWarning fails the test
        model = read(configs.LLAMA_4_SCOUT)
    rope, none = model.groups
    assert none.scheme == "none" and none.layers == tuple(range(3, 48, 4))
    assert rope.layers == tuple(i for i in range(48) if (i + 1) % 4)
    check(rope, llama3(128, 500000.0, 16.0, 8192, 1.0, 1.0))  # no band between the two
    assert none.details == {"floor_scale": 8192.0, "attn_scale": 0.1}


def test_qwen_2_5_yarn_block_and_its_attention_factor():
    (group,) = read(configs.QWEN_2_5_7B).groups
    assert (group.rope_type, group.factor, group.original_max_position_embeddings) == (
        "yarn",
        4.0,
        32768,
    )
    check(group, yarn(128, 1e6, 4.0, 32768))
    assert group.attention_factor == pytest.approx(0.1 * math.log(4.0) + 1, rel=1e-15)
    assert group.sliding_window is None  # use_sliding_window false


def test_yarn_reads_factor_as_given_and_l0_from_max_position_embeddings_without_original():
    config = {**configs.QWEN_2_5_7B, "rope_scaling": {"type": "yarn", "factor": 4.0}}
    (group,) = read(config).groups
    check(group, yarn(128, 1e6, 4.0, 32768))  # L0 = max_position_embeddings
    untruncated = {
        **configs.QWEN_2_5_7B,
        "rope_scaling": {
            "type": "yarn",
            "factor": 4.0,
            "truncate": False,
            "beta_fast": 16,
            "beta_slow": 2,
        },
    }
    (group,) = read(untruncated).groups
    check(group, yarn(128, 1e6, 4.0, 32768, 16.0, 2.0, truncate=False))


def test_gemma_3_local_and_global_layers():
    model = read(configs.GEMMA_3_4B)
    local, global_ = sorted(model.groups, key=lambda g: len(g.layers), reverse=True)
    assert global_.layers == (5, 11, 17, 23, 29)
    assert (
        len(local.layers) == 29 and local.sliding_window == 1024 and global_.sliding_window is None
    )
    assert (local.rope_theta, local.rope_type) == (10000.0, "default")
    assert (global_.rope_theta, global_.rope_type, global_.factor) == (1e6, "linear", 8.0)
    check(local, theta(256, 1e4))
    check(global_, [t / 8 for t in theta(256, 1e6)])
    assert any(d.startswith("rope_local_base_freq") for d in model.defaults)


def test_transformers_v5_rope_parameters_read_as_rope_scaling():
    text = dict(configs.GEMMA_3_4B["text_config"])
    del text["rope_scaling"]
    text["rope_parameters"] = {
        "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1e6},
        "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
    }
    v5 = read({**configs.GEMMA_3_4B, "text_config": text})
    v4 = read(configs.GEMMA_3_4B)
    for new, old in zip(v5.groups, v4.groups, strict=True):
        assert new.layers == old.layers and new.rope_theta == old.rope_theta
        np.testing.assert_array_equal(new.inv_freq, old.inv_freq)
    flat = dict(configs.LLAMA_3_1_8B)
    flat["rope_parameters"] = {**flat.pop("rope_scaling"), "rope_theta": flat.pop("rope_theta")}
    np.testing.assert_array_equal(
        read(flat).groups[0].inv_freq, read(configs.LLAMA_3_1_8B).groups[0].inv_freq
    )


def test_deepseek_v3_rotates_its_decoupled_part_with_mscale_ratio_one():
    (group,) = read(configs.DEEPSEEK_V3).groups
    # transformers' head_dim is qk_rope_head_dim; 128 more dimensions carry no positions.
    assert (group.head_dim, group.rotary_dim, group.details["qk_nope_head_dim"]) == (64, 64, 128)
    check(group, yarn(64, 10000.0, 40.0, 4096))
    assert group.attention_factor == 1.0  # mscale == mscale_all_dim: their ratio
    # ... while the softmax scale takes mscale(40, 1)² (DeepSeek's attention).
    assert group.details["softmax_scale_factor"] == pytest.approx((0.1 * math.log(40) + 1) ** 2)


def test_phi_3_longrope_short_factors_at_initialisation_long_past_it():
    (group,) = read(configs.PHI_3_MINI_128K).groups
    short = configs.PHI_3_MINI_128K["rope_scaling"]["short_factor"]
    long = configs.PHI_3_MINI_128K["rope_scaling"]["long_factor"]
    check(group, [t / f for t, f in zip(theta(96, 1e4), short, strict=True)])
    np.testing.assert_allclose(
        group.inv_freq_long, [t / f for t, f in zip(theta(96, 1e4), long, strict=True)], rtol=1e-13
    )
    assert group.factor == 32.0  # 131072 / 4096: the config gives no factor
    assert group.attention_factor == pytest.approx(
        math.sqrt(1 + math.log(32) / math.log(4096)), rel=1e-15
    )


def test_pythia_turns_a_quarter_of_each_head():
    (group,) = read(configs.PYTHIA_160M).groups
    assert (group.head_dim, group.rotary_dim, group.rope_theta) == (64, 16, 10000.0)
    check(group, theta(16, 1e4))


def test_learned_tables_and_alibi():
    gpt2, bert = read(configs.GPT_2), read(configs.BERT_BASE)
    assert (gpt2.learned.positions, gpt2.learned.width) == (1024, 768)
    assert (bert.learned.positions, bert.learned.width) == (512, 768)
    assert gpt2.groups[0].scheme == bert.groups[0].scheme == "learned"
    (bloom,) = read(configs.BLOOM_560M).groups
    np.testing.assert_array_equal(bloom.slopes, alibi_slopes(16))
    (mpt,) = read(configs.MPT_7B).groups
    np.testing.assert_allclose(mpt.slopes, [2 ** (-8 * h / 32) for h in range(1, 33)], rtol=1e-15)
    twelve = read({**configs.MPT_7B, "n_heads": 12}).groups[0].slopes
    sixteen = [2 ** (-8 * h / 16) for h in range(1, 17)]  # MPT: odd ones, then even ones
    np.testing.assert_allclose(twelve, (sixteen[1::2] + sixteen[::2])[:12], rtol=1e-15)


def test_keys_about_positions_it_does_not_read_are_named():
    config = {**configs.LLAMA_3_1_8B, "rope_interleave": True, "position_hint": 32}
    config["rope_scaling"] = {**config["rope_scaling"], "mrope_section": [16, 24, 24]}
    unknown = read(config).unknown
    assert unknown == ("position_hint", "rope_interleave", "rope_scaling.mrope_section")
    assert read(configs.LLAMA_3_1_8B).unknown == ()


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"rope_theta": 1.0}, "rope_theta"),
        ({"rope_theta": "big"}, "rope_theta"),
        ({"num_attention_heads": 0}, "num_attention_heads"),
        (
            {
                "rope_scaling": {
                    "rope_type": "llama3",
                    "factor": 0,
                    "low_freq_factor": 1,
                    "high_freq_factor": 4,
                    "original_max_position_embeddings": 8192,
                }
            },
            "rope_scaling.factor",
        ),
        (
            {
                "rope_scaling": {
                    "rope_type": "llama3",
                    "factor": -2.0,
                    "low_freq_factor": 1,
                    "high_freq_factor": 4,
                    "original_max_position_embeddings": 8192,
                }
            },
            "rope_scaling.factor",
        ),
        (
            {"rope_scaling": {"type": "yarn", "factor": 4.0, "truncate": "yes"}},
            "rope_scaling.truncate",
        ),
        ({"rope_scaling": "linear"}, "rope_scaling"),
        ({"num_hidden_layers": 10**9}, "num_hidden_layers"),
        ({"head_dim": 3}, "head_dim"),
    ],
)
def test_a_value_out_of_range_names_its_key(change, key):
    with pytest.raises(ValueError, match=f"^{key} in config.json must be"):
        read({**configs.LLAMA_3_1_8B, **change})


def test_a_config_without_a_known_scheme_says_what_it_reads():
    with pytest.raises(ValueError, match="model_type wav2vec2"):  # a convolution's positions
        read({"model_type": "wav2vec2", "hidden_size": 768})


# --- files ------------------------------------------------------------------------------------
def test_config_json_that_is_not_json_nested_or_huge_is_one_clear_line(tmp_path):
    for data, words in (
        (b"{", "not valid JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nests deeper"),
        (b'{"a":' * 40 + b"1" + b"}" * 40, "nests deeper"),
        (b"\xff\xfe", "not valid JSON"),
        (b"[1, 2]", "not valid JSON"),
        (b'{"n": ' + b"9" * 5000 + b"}", "not valid JSON"),
    ):
        with pytest.raises(ValueError, match=words):
            parse_config(data)
    folder = tmp_path / "big"
    folder.mkdir()
    with open(folder / "config.json", "wb") as handle:
        handle.truncate(MAX_CONFIG_BYTES + 1)  # sparse: refused by its size, never read
    with pytest.raises(ValueError, match="more than the"):
        open_model(folder)


def test_infinity_and_nan_read_as_transformers_writes_them_and_refused_where_read():
    # transformers' own config.json for Bamba and Falcon-H1 holds time_step_limit [0, Infinity]
    bamba = parse_config(
        b'{"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64,'
        b' "num_attention_heads": 4, "time_step_limit": [0.0, Infinity]}'
    )
    assert bamba["time_step_limit"] == [0.0, math.inf]
    assert read_model_config(bamba).groups[0].scheme == "rope"
    for value in (b"NaN", b"Infinity", b"-Infinity"):
        config = parse_config(
            b'{"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64,'
            b' "num_attention_heads": 4, "rope_theta": ' + value + b"}"
        )
        with pytest.raises(ValueError, match="rope_theta"):
            read_model_config(config)


def test_a_folder_without_config_a_fifo_and_a_link_loop_are_refused(tmp_path):
    with pytest.raises(ValueError, match=r"has no config\.json"):
        open_model(tmp_path)
    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / "config.json")
    with pytest.raises(ValueError, match="not a regular file"):
        open_model(fifo)  # returns at once: a FIFO is never opened
    loop = tmp_path / "loop"
    loop.mkdir()
    os.symlink("config.json", loop / "config.json")
    with pytest.raises(ValueError, match=r"leads back to itself|not a regular file"):
        open_model(loop)
    with pytest.raises(ValueError, match="neither a file"):
        open_model(tmp_path / "absent")


def test_the_cache_is_found_as_huggingface_hub_finds_it(tmp_path, monkeypatch):
    env = {"HF_HUB_CACHE": str(tmp_path / "a"), "HF_HOME": str(tmp_path / "b")}
    assert hub_cache(env) == tmp_path / "a"
    assert hub_cache({"HF_HOME": str(tmp_path / "b")}) == tmp_path / "b" / "hub"
    assert hub_cache({}) == Path("~/.cache/huggingface/hub").expanduser()
    root = tmp_path / "hub"
    snapshot = write_cache(root, "Qwen/Qwen2.5-7B-Instruct", configs.QWEN_2_5_7B)
    monkeypatch.setenv("HF_HUB_CACHE", str(root))
    found = locate("Qwen/Qwen2.5-7B-Instruct")
    assert found.folder == snapshot and found.name == "Qwen/Qwen2.5-7B-Instruct"
    assert locate("Qwen/Qwen2.5-7B-Instruct/") == found  # as a shell completes it (refused)
    assert cached_models() == [("Qwen/Qwen2.5-7B-Instruct", snapshot)]
    assert open_model("Qwen/Qwen2.5-7B-Instruct").config.groups[0].rope_type == "yarn"
    with pytest.raises(ValueError, match=r"not in the local Hugging Face cache.*never downloads"):
        open_model("meta-llama/Llama-3.1-8B")


def test_a_cached_model_is_opened_and_refused_as_the_hub_would(tmp_path, monkeypatch):
    """org/name opened another snapshot where refs/main named one the cache lacked, while
    org/name@main was refused; the refusal listed one ref per snapshot (main, not v1.0 beside
    it); a snapshot named with a line break was listed on two lines."""
    root = tmp_path / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(root))
    main = write_cache(root, "org/model", configs.LLAMA_2_7B)
    repo = root / "models--org--model"
    (repo / "refs" / "v1.0").write_text(main.name)
    assert locate("org/model@v1.0").folder == locate("org/model").folder == main
    odd = repo / "snapshots" / (main.name[:-1] + "9\n")
    odd.mkdir()
    assert [name for name, _ in cached_models()] == ["org/model"]  # no second line
    with pytest.raises(ValueError, match=r"not at revision nope \(the cache holds main, v1\.0\)"):
        locate("org/model@nope")
    (repo / "refs" / "main").write_text("f" * 40)  # main moved on; its snapshot not fetched
    for asked in ("org/model", "org/model@main"):
        with pytest.raises(ValueError, match=r"not at revision main \(the cache holds v1\.0\)"):
            locate(asked)
    # a short commit two snapshots start with is ambiguous, not "not at revision"
    for commit in ("abcdef1" + "0" * 33, "abcdef1" + "1" * 33):
        shutil.copytree(main, repo / "snapshots" / commit)
    with pytest.raises(ValueError, match=r"org/model@abcdef1 is ambiguous: .*abcdef10000"):
        locate("org/model@abcdef1")
    assert locate("org/model@abcdef10").folder.name == "abcdef1" + "0" * 33


# --- config-class rules an audit against transformers 5 found ------------------------------
def test_defaults_are_named_only_when_taken():
    v5 = dict(configs.QWEN_2_5_7B)
    v5["rope_parameters"] = {"rope_type": "yarn", "factor": 4.0, "rope_theta": v5.pop("rope_theta"),
                             "original_max_position_embeddings": 32768}  # fmt: skip
    del v5["rope_scaling"]
    model = read(v5)
    assert model.defaults == () and model.groups[0].rope_theta == 1e6
    neox = {
        **configs.PYTHIA_160M,
        "rope_parameters": {"rope_theta": 20000.0, "partial_rotary_factor": 0.5},
    }
    del neox["rotary_pct"], neox["rotary_emb_base"]
    (group,) = read(neox).groups
    assert (group.rope_theta, group.rotary_dim) == (20000.0, 32)
    assert not any("rotary" in d for d in read(neox).defaults)


def test_layer_kinds_windows_and_chunks_as_transformers_sets_them():
    scout = dict(configs.LLAMA_4_SCOUT["text_config"])
    scout["layer_types"] = [
        "full_attention" if (i + 1) % 4 == 0 else "chunked_attention" for i in range(48)
    ]
    rope, none = read({"model_type": "llama4", "text_config": scout}).groups
    assert (
        rope.details["attention_chunk_size"] == 8192 and "attention_chunk_size" not in none.details
    )
    qwen = {
        **configs.QWEN_2_5_7B,
        "use_sliding_window": True,
        "sliding_window": 4096,
        "max_window_layers": 21,
    }
    full, sliding = read(qwen).groups
    assert full.layers == tuple(range(21)) and full.sliding_window is None
    assert sliding.layers == tuple(range(21, 28)) and sliding.sliding_window == 4096
    assert read({**qwen, "max_window_layers": 28}).groups[0].sliding_window is None
    mistral = {k: v for k, v in configs.MISTRAL_7B.items() if k != "sliding_window"}
    assert read(mistral).groups[0].sliding_window == 4096  # MistralConfig's default
    assert read({**configs.MISTRAL_7B, "sliding_window": None}).groups[0].sliding_window is None
    gemma = {
        **configs.GEMMA_3_4B,
        "text_config": {**configs.GEMMA_3_4B["text_config"], "sliding_window": None},
    }
    assert all(g.sliding_window is None for g in read(gemma).groups)


def test_what_real_files_write_and_class_defaults():
    scout = {**configs.LLAMA_4_SCOUT["text_config"], "attn_temperature_tuning": 4}  # as published
    assert (
        read({"model_type": "llama4", "text_config": scout}).groups[1].details["floor_scale"]
        == 8192
    )
    bloom = {k: v for k, v in configs.BLOOM_560M.items() if k != "n_head"}
    assert read(bloom).groups[0].slopes.size == 8  # BloomConfig's n_head
    dynamic = {**configs.LLAMA_2_7B, "rope_scaling": {"type": "dynamic", "factor": 2.0}}
    (group,) = read(dynamic).groups
    assert group.original_max_position_embeddings == 4096  # the base grows past it
    check(group, theta(128, 10000.0))  # at initialisation: θ as trained
    phi = {
        k: v for k, v in configs.PHI_3_MINI_128K.items() if k != "original_max_position_embeddings"
    }
    assert read(phi).groups[0].factor == 32.0  # Phi3Config's 4096
    mpt = read(configs.MPT_7B)
    assert (mpt.max_position_embeddings, mpt.max_positions_key) == (2048, "max_seq_len")


# --- what a hostile test found ----------------------------------------------------------------
def test_a_cache_ref_that_is_a_fifo_or_endless_never_blocks_nor_fills_memory(tmp_path, monkeypatch):
    for name, make in (("fifo", os.mkfifo), ("zero", lambda p: os.symlink("/dev/zero", p))):
        snapshot = write_cache(tmp_path, f"org/{name}", configs.LLAMA_2_7B)
        ref = snapshot.parent.parent / "refs" / "main"
        ref.unlink()
        make(ref)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    assert [m for m, _ in cached_models()] == ["org/fifo", "org/zero"]  # their only snapshot
    assert open_model("org/zero").config.num_layers == 32


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rope_scaling": {"type": "linear"}, "factor": 2.0}, r"^rope_scaling\.factor in"),
        ({"rope_scaling": {"type": "linear", "factor": 5e-324}}, r"^rope_scaling\.factor in"),
        ({"head_dim": 16384}, "^head_dim in"),
        ({"layer_types": ["full_attention"] * 40}, "^layer_types in"),
        ({"no_rope_layers": 0}, "^no_rope_layers in"),
        ({"no_rope_layers": [1.0] * 32}, "^no_rope_layers in"),
        ({"num_hidden_layers": None}, "^num_hidden_layers in"),
        (
            {"rope_parameters": {"full_attention": {"rope_type": "linear", "factor": 0}}},
            r"^rope_parameters\.full_attention\.factor in",
        ),
        (
            {"rope_parameters": {"full_attention": {"rope_theta": 1}}},
            r"^rope_parameters\.full_attention\.rope_theta in",
        ),
    ],
)
def test_hostile_values_name_the_key_they_came_from(change, words):
    with pytest.raises(ValueError, match=words):
        read({**configs.LLAMA_2_7B, **change})


def test_hostile_configs_that_raised_tracebacks_are_one_line():
    no_theta = {
        **configs.LLAMA_2_7B,
        "rope_parameters": {"full_attention": {"rope_type": "default"}},
    }
    assert read(no_theta).groups[0].rope_theta == 10000.0
    with pytest.raises(ValueError, match="num_attention_heads"):
        read({"model_type": "x", "alibi": True, "num_hidden_layers": 2})
    with pytest.raises(ValueError, match=r"original_max_position_embeddings in"):
        read({**configs.PHI_3_MINI_128K, "original_max_position_embeddings": 1})
    text = {**configs.GEMMA_3_4B["text_config"], "rope_local_base_freq": 1}
    with pytest.raises(ValueError, match=r"^rope_local_base_freq in"):
        read({**configs.GEMMA_3_4B, "text_config": text})


def test_names_too_long_and_homes_unknown_are_one_line(tmp_path):
    for path in ("a" * 300 + ".npy", "a" * 300, "~nosuchuser/x", ""):
        with pytest.raises(ValueError):
            open_model(path)


def test_the_trained_length_the_extension_tab_takes():
    from pe_clock.core.models.config import trained_length

    for config, want in (
        (configs.LLAMA_3_1_8B, [8192]),  # original_max_position_embeddings
        (configs.LLAMA_2_7B, [4096]),  # θ as trained: max_position_embeddings
        (configs.GEMMA_3_4B, [131072, 131072 // 8]),  # linear ×8 without one: max / factor
    ):
        model = read(config)
        assert [trained_length(model, g) for g in model.groups] == want


# --- every scheme a config names, named as what it is ----------------------------------------
def t5_bucket(relative: int, buckets: int, longest: int, bidirectional: bool) -> int:
    """T5's _relative_position_bucket for one distance, in plain Python floats."""
    out = 0
    if bidirectional:
        buckets //= 2
        out += buckets if relative > 0 else 0
        n = abs(relative)
    else:
        n = max(-relative, 0)
    exact = buckets // 2
    if n < exact:
        return out + n
    large = exact + int(math.log(n / exact) / math.log(longest / exact) * (buckets - exact))
    return out + min(large, buckets - 1)


def test_distilbert_with_sinusoidal_pos_embds_is_the_papers_fixed_table():
    config = read(configs.DISTILBERT_SINUSOIDAL)
    (group,) = config.groups
    assert group.scheme == "sinusoidal" and group.head_dim == 768 and config.learned is None
    assert config.max_position_embeddings == 512 and len(group.layers) == 6
    check(group, theta(768, 10000.0))
    # Its learned twin (sinusoidal_pos_embds false) is a learned table of the same size.
    learned = read({**configs.DISTILBERT_SINUSOIDAL, "sinusoidal_pos_embds": False})
    assert learned.learned.positions == 512 and learned.learned.width == 768


def whisper_sinusoids(length: int, channels: int) -> np.ndarray:
    """Whisper's sinusoids() (transformers' modeling_whisper), in NumPy."""
    increment = math.log(10000) / (channels // 2 - 1)
    inv_timescales = np.exp(-increment * np.arange(channels // 2))
    scaled_time = np.arange(length)[:, None] * inv_timescales[None, :]
    return np.concatenate([np.sin(scaled_time), np.cos(scaled_time)], axis=1)


@pytest.mark.parametrize("width", [384, 512, 1280, 4])
def test_whispers_encoder_is_a_split_sinusoid_table_and_its_decoder_a_learned_one(width):
    from pe_clock.core.encoding import positional_encoding
    from pe_clock.core.layout import column_order
    from pe_clock.core.models.describe import describe_text
    from pe_clock.core.models.group import LearnedSize
    from pe_clock.core.models.opened import OpenedModel

    config = read({**configs.WHISPER_TINY, "d_model": width})
    encoder, decoder = config.groups
    assert (encoder.scheme, encoder.layers, encoder.head_dim) == ("sinusoidal", (0, 1, 2, 3), width)
    assert encoder.details["layout"] == "split" and encoder.details["positions"] == 1500
    assert (decoder.scheme, decoder.layers) == ("learned", (4, 5, 6, 7))
    assert config.num_layers == 8 and config.unknown == () and config.defaults == ()
    assert config.learned == LearnedSize(448, width, "decoder.embed_positions.weight")
    # What the views draw at the base and layout it sets is Whisper's own table.
    drawn = positional_encoding(1500, width, encoder.rope_theta)[:, column_order(width, "split")]
    np.testing.assert_allclose(drawn, whisper_sinusoids(1500, width), rtol=0, atol=1e-11)
    sin, cos = np.split(whisper_sinusoids(2, width)[1], 2)  # position 1: every ω_i below π
    np.testing.assert_allclose(encoder.inv_freq, np.arctan2(sin, cos), rtol=1e-14)
    text = describe_text(OpenedModel("whisper-tiny", config))
    assert "encoder's fixed sinusoidal table" in text and "10000^(−i/(d_model/2 − 1))" in text
    assert "layers 4–7 (4): the decoder's learned position table: 448 positions" in text


def test_whisper_odd_or_narrow_widths_are_refused_in_one_line():
    with pytest.raises(ValueError, match=r"^d_model in config.json must be an even integer"):
        read({**configs.WHISPER_TINY, "d_model": 385})
    with pytest.raises(ValueError, match=r"^d_model in config.json"):
        read({**configs.WHISPER_TINY, "d_model": 2})


@pytest.mark.parametrize(("buckets", "longest"), [(32, 128), (32, 256), (64, 512), (8, 20)])
def test_t5_buckets_are_named_with_the_distances_each_holds(buckets, longest):
    from pe_clock.core.buckets import bucket_starts, relative_buckets

    given = {**configs.T5_SMALL, "relative_attention_num_buckets": buckets}
    config = read({**given, "relative_attention_max_distance": longest})
    (group,) = config.groups
    assert group.scheme == "buckets" and group.details == {
        "num_buckets": buckets,
        "max_distance": longest,
    }
    distances = np.arange(-3 * longest, 3 * longest)
    for both in (True, False):
        want = [t5_bucket(int(d), buckets, longest, both) for d in distances]
        assert relative_buckets(distances, buckets, longest, both).tolist() == want
        starts = bucket_starts(buckets, longest, both)
        assert [t5_bucket(-s, buckets, longest, both) for s in starts] == list(range(len(starts)))
    t5 = read(configs.T5_SMALL)
    assert t5.defaults == ("relative_attention_max_distance = 128",)
    # Its buckets reach any length: n_positions, which transformers does not read, is no
    # longest length, and is named as not read.
    assert t5.max_position_embeddings is None and t5.unknown == ("n_positions",)


@pytest.mark.parametrize(
    ("buckets", "longest", "key"),
    [
        (2, 128, "relative_attention_num_buckets"),  # T5's formula divided by 0
        (3, 128, "relative_attention_num_buckets"),
        (4096, 10**5, "relative_attention_num_buckets"),  # a line of 4,096 distances
        (32, 16, "relative_attention_max_distance"),  # at the decoder's exact buckets: log 1
    ],
)
def test_t5_buckets_no_formula_can_work_with_are_refused_in_one_line(buckets, longest, key):
    """2 or 3 buckets passed the check and crashed (ZeroDivisionError)."""
    given = {**configs.T5_SMALL, "relative_attention_num_buckets": buckets}
    with pytest.raises(ValueError, match=f"^{key} in config.json must be") as refused:
        read({**given, "relative_attention_max_distance": longest})
    assert "\n" not in str(refused.value)


def test_t5_buckets_as_far_as_10_to_the_12_are_described_without_a_table_of_them():
    """relative_attention_max_distance 10^9 took 7.7 GB (a table of every distance)."""
    import resource

    from pe_clock.core.buckets import bucket_starts, relative_buckets
    from pe_clock.core.models.describe import bucket_lines

    config = read({**configs.T5_SMALL, "relative_attention_max_distance": 10**12})
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    (encoder, decoder) = bucket_lines(config.groups[0])
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KiB
    # Each bucket starts where T5's formula (in float32, as PyTorch) first puts a distance in
    # it: the bucket of each start is one more than its distance less one's.
    for line, both in ((encoder, True), (decoder, False)):
        starts = np.array(bucket_starts(32, 10**12, both))
        assert f"from {starts[-1]} on" in line
        at = relative_buckets(-starts[1:], 32, 10**12, both)
        assert (at == relative_buckets(-(starts[1:] - 1), 32, 10**12, both) + 1).all()


def test_falcons_alibi_slopes_are_the_bfloat16_ones_its_attention_applies():
    """transformers' Falcon multiplies the distances by slopes[..., None].bfloat16(): up to
    0.14% off the float slopes that were shown as its own."""
    from pe_clock.core.models.describe import detail_lines
    from pe_clock.core.models.schemes.alibi import bfloat16
    from tests.models.files import bf16_bits

    (group,) = read(configs.FALCON_RW_1B).groups
    np.testing.assert_array_equal(group.slopes, bfloat16(alibi_slopes(32)))
    # bfloat16(): the nearer of the two bfloat16 values round each float32 (71 heads' slopes
    # round both ways).
    exact = alibi_slopes(71)
    down = (bf16_bits(exact.astype(np.float32)).astype(np.uint32) << 16).view(np.float32)
    up = ((bf16_bits(down).astype(np.uint32) + 1) << 16).view(np.float32)
    nearer = np.where(np.abs(up - exact) < np.abs(exact - down), up, down)
    np.testing.assert_array_equal(bfloat16(exact), nearer)
    assert (nearer == up).any() and (nearer == down).any()
    assert group.details["bfloat16_gap"] == pytest.approx(0.0014355, rel=1e-4)
    assert "up to 0.14% off" in detail_lines(group)[0]
    (bloom,) = read(configs.BLOOM_560M).groups
    np.testing.assert_array_equal(bloom.slopes, alibi_slopes(16))  # BLOOM's stay float


def test_gemma_2_as_published_alternates_sliding_and_full_layers():
    """With no layer_types, every layer was given a 4,096-position window; transformers'
    Gemma2Config slides on even layers and attends fully on odd ones."""
    local, overall = read(configs.GEMMA_2_2B).groups
    assert local.layers == tuple(range(0, 26, 2)) and local.sliding_window == 4096
    assert overall.layers == tuple(range(1, 26, 2)) and overall.sliding_window is None
    assert local.rope_theta == overall.rope_theta == 10000.0


def test_modernbert_has_a_base_for_its_global_layers_and_one_for_its_local_ones():
    """It was refused: its bases are global_rope_theta and local_rope_theta, its local layers
    see local_attention / 2 positions each way: transformers' sliding_window, 64 (its
    ModernBertConfig), where 128 was said."""
    from pe_clock.core.models.describe import detail_lines

    model = read(configs.MODERNBERT_BASE)
    overall, local = model.groups
    assert overall.layers == tuple(range(0, 22, 3)) and overall.rope_theta == 160000.0
    assert overall.sliding_window is None and overall.head_dim == 64
    assert local.layers == tuple(i for i in range(22) if i % 3) and local.rope_theta == 1e4
    assert local.sliding_window == 64 and local.local
    assert detail_lines(local)[-1] == (
        "each token sees itself, the 64 positions before it and the 64 after it "
        "(local_attention 128)"
    )
    check(overall, theta(64, 160000.0))
    assert model.defaults == () and model.unknown == ()  # no rope_theta said to be taken


def test_deberta_is_read_from_its_flags_not_its_name():
    """DeBERTa-v2 was one fixed sentence ("adds no position vector") whatever its config
    said; with transformers' defaults (position_biased_input true, relative_attention false)
    it adds a learned table and nothing else."""
    defaults = read({"model_type": "deberta-v2", "hidden_size": 1536, "num_hidden_layers": 24,
                     "max_position_embeddings": 512, "position_biased_input": True,
                     "relative_attention": False})  # fmt: skip
    ((table,), size) = defaults.groups, defaults.learned
    assert table.scheme == "learned" and (size.positions, size.width) == (512, 1536)
    assert "relative_terms" not in table.details
    both = read({**configs.DEBERTA_V3_BASE, "position_biased_input": True})
    assert both.groups[0].details["relative_terms"] and both.learned.width == 768
    with pytest.raises(NotDrawn, match=r"^deberta-v2 \(DeBERTa, relative_attention true, posit"):
        read(configs.DEBERTA_V3_BASE)


def test_cohere2_rotates_only_its_sliding_layers():
    """Command R7B was said to have RoPE on its full layers 3, 7, …, 31: transformers rotates
    only the sliding layers, and the full ones have no positions."""
    rotated, plain = read(configs.COHERE2_7B).groups
    every_fourth = tuple(range(3, 32, 4))
    assert rotated.scheme == "rope" and rotated.sliding_window == 4096
    assert rotated.layers == tuple(i for i in range(32) if i not in every_fourth)
    assert plain.scheme == "none" and plain.layers == every_fourth
    assert plain.sliding_window is None and rotated.rope_theta == 50000


@pytest.mark.parametrize("config", [configs.MAMBA_130M, configs.MAMBA_130M_ORIGINAL])
def test_a_state_space_model_has_no_positions_by_design(config):
    model = read(config)
    (group,) = model.groups
    assert group.scheme == "recurrent" and len(group.layers) == 24


def test_gpt_neo_and_esm_1b_learn_a_table_and_esm_2_turns_its_heads():
    neo = read(configs.GPT_NEO_125M)
    assert (neo.learned.positions, neo.learned.width, neo.num_layers) == (2048, 768, 12)
    # Its odd layers attend within 256 positions (they were not mentioned).
    from pe_clock.core.models.describe import detail_lines

    (table,) = neo.groups
    assert table.details == {"local_layers": (1, 3, 5, 7, 9, 11), "local_window": 256}
    assert detail_lines(table) == [  # transformers' mask keeps the token and 255 before it
        "layers 1, 3, 5, 7, 9, 11 (6) attend only within a window of 256 positions ending at "
        "each token: the token itself and the 255 before it (local attention); the others to "
        "every position up to it"
    ]
    types_only = {k: v for k, v in configs.GPT_NEO_125M.items() if k != "attention_layers"}
    assert read(types_only).groups == neo.groups  # attention_types, expanded
    with pytest.raises(ValueError, match=r"^attention_layers in config\.json must be"):
        read({**configs.GPT_NEO_125M, "attention_layers": ["global", "nearby"] * 6})
    esm1b = read({**configs.ESM2_8M, "position_embedding_type": "absolute"})
    assert esm1b.learned.positions == 1026
    (esm2,) = read(configs.ESM2_8M).groups
    assert (esm2.scheme, esm2.rotary_dim, esm2.rope_theta) == ("rope", 16, 10000.0)
    check(esm2, theta(16, 10000.0))


@pytest.mark.parametrize("config", [configs.QWEN2_VL_7B, configs.QWEN2_5_VL_7B])
def test_qwen2_vl_mrope_is_plain_rope_split_into_sections(config):
    model = read(config)
    (group,) = model.groups
    assert (group.rope_type, group.rotary_dim) == ("default", 128)
    assert group.details["mrope_section"] == (16, 24, 24) and not model.unknown
    check(group, theta(128, 1e6))
    bad = {**config, "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 23]}}
    with pytest.raises(ValueError, match=r"^rope_scaling\.mrope_section in config.json must be"):
        read(bad)


def test_mrope_in_transformers_5s_nested_form_and_qwen3_vls_interleaved_sections():
    """A text config re-saved by transformers 5 (rope_type default beside mrope_section, under
    text_config's own model type) and Qwen3-VL's interleaved sections got no M-RoPE line."""
    from pe_clock.core.models.describe import detail_lines

    nested = {
        **configs.QWEN2_5_VL_7B,
        "model_type": "qwen2_5_vl_text",
        "rope_scaling": {"rope_type": "default", "mrope_section": [16, 24, 24]},
    }
    model = read(nested)
    (group,) = model.groups
    assert group.details["mrope_section"] == (16, 24, 24) and not model.unknown
    (line,) = detail_lines(group)
    assert line.startswith("M-RoPE: pairs 0–15 turn with a token's time, pairs 16–39 with its row")
    qwen3 = {
        **nested,
        "model_type": "qwen3_vl_text",
        "rope_scaling": {"mrope_interleaved": True, "mrope_section": [24, 20, 20],
                         "rope_type": "default"},
    }  # fmt: skip
    model = read(qwen3)
    (group,) = model.groups
    assert group.details["mrope_interleaved"] is True and not model.unknown
    (line,) = detail_lines(group)
    # Qwen3-VL's apply_interleaved_mrope: rows on 1, 4, …, 58, columns on 2, 5, …, 59.
    assert "pairs 1, 4, 7, …, 58 turn with a token's row and pairs 2, 5, 8, …, 59" in line
    assert "(0, 3, 6, …, 60–63) with its time" in line


def test_no_scheme_is_said_to_be_unsaid_and_each_is_described_as_it_is():
    from pe_clock.core.models.describe import describe_text
    from pe_clock.core.models.opened import OpenedModel

    said = {
        "distilbert-base-uncased": "the paper's fixed sinusoidal table",
        "google-t5/t5-small": "buckets starting at 8, 12, 16, 23, 32, 46, 64, 91",
        "state-spaces/mamba-130m-hf": "a state-space model reads the tokens in order",
        "EleutherAI/gpt-neo-125m": "Learned table by config.json: 2,048 × 768",
        "facebook/esm2_t6_8M_UR50D": "RoPE · rope_theta 10000 · head_dim 16",
        "Qwen/Qwen2-VL-7B-Instruct": "pairs 0–15 turn with a token's time, pairs 16–39",
    }
    for name, words in said.items():
        text = describe_text(OpenedModel(name, read(configs.CONFIGS[name])))
        assert words in text and "does not say" not in text, name


def test_published_families_read_from_their_data_not_their_names():
    """BART, RoBERTa, Marian, RecurrentGemma and Jamba as their published config.json gives
    them: where position 0 sits in a table, which stack adds which, which layers attend."""
    bart = read(configs.BART_LARGE)
    encoder, decoder = bart.groups
    assert (encoder.layers, decoder.layers) == (tuple(range(12)), tuple(range(12, 24)))
    assert encoder.details["part"] == "encoder" and decoder.details["first_row"] == 2
    assert (bart.learned.positions, bart.learned.width) == (1026, 1024)
    assert bart.learned.tensor == "encoder.embed_positions.weight"
    roberta = read(configs.ROBERTA_BASE)
    assert roberta.groups[0].details["first_row"] == 2 and roberta.learned.positions == 514
    marian = read(configs.MARIAN_EN_DE)
    for group, part in zip(marian.groups, ("encoder", "decoder"), strict=True):
        assert (group.scheme, group.details["part"], group.details["layout"]) == (
            "sinusoidal",
            part,
            "split",
        )
        assert group.rope_theta == 10000 and group.head_dim == 512
        check(group, theta(512, 10000.0))
    gemma = read(configs.RECURRENTGEMMA_2B)
    recurrent, attention = gemma.groups
    assert attention.layers == tuple(range(2, 26, 3)) and attention.sliding_window == 2048
    assert (attention.rotary_dim, attention.head_dim) == (128, 256)
    assert recurrent.scheme == "none" and recurrent.details["mixing"] == "recurrent"
    assert len(recurrent.layers) == 18
    jamba = read(configs.JAMBA_V0_1)
    mamba, plain = jamba.groups
    assert plain.layers == (4, 12, 20, 28) and plain.scheme == "none" and not plain.details
    assert mamba.details["mixing"] == "linear" and len(mamba.layers) == 28


def test_hybrid_stacks_turn_only_where_their_config_says_so():
    """Bamba's attention layers are those attn_layer_indices lists (none by default: all
    Mamba); Zamba2's shared blocks turn only with use_mem_rope, Granite 4's hybrid only with
    position_embedding_type "rope" (its default None: no positions)."""
    bamba = {"model_type": "bamba", "num_hidden_layers": 32, "hidden_size": 4096,
             "num_attention_heads": 32, "attn_layer_indices": [9, 18, 27],
             "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0,
                                 "partial_rotary_factor": 0.5}}  # fmt: skip
    mamba, rope = read(bamba).groups[:2]
    assert rope.scheme == "rope" and rope.layers == (9, 18, 27) and rope.rotary_dim == 64
    assert mamba.details["mixing"] == "linear" and len(mamba.layers) == 29
    (everything,) = read({**bamba, "attn_layer_indices": None}).groups
    assert everything.details["mixing"] == "linear"
    granite = {"model_type": "granitemoehybrid", "num_hidden_layers": 4, "hidden_size": 256,
               "num_attention_heads": 4, "rope_parameters": {"rope_theta": 10000.0},
               "layer_types": ["linear_attention", "full_attention"] * 2}  # fmt: skip
    for switch, scheme in ((None, "none"), ("nope", "none"), ("rope", "rope")):
        groups = read({**granite, "position_embedding_type": switch}).groups
        assert [g.scheme for g in groups] == ["none", scheme], switch
    zamba2 = {"model_type": "zamba2", "num_hidden_layers": 4, "hidden_size": 256,
              "num_attention_heads": 4, "rope_parameters": {"rope_theta": 10000.0},
              "layers_block_type": ["linear_attention", "hybrid"] * 2}  # fmt: skip
    assert read(zamba2).groups[1].scheme == "none"
    assert read({**zamba2, "use_mem_rope": True}).groups[1].scheme == "rope"


def test_each_stack_of_an_encoder_decoder_has_its_own_positions():
    """Speech2Text's decoder was said to have its encoder's 6,000 positions: its sinusoids run
    over max_target_positions (LED's learned table over max_decoder_position_embeddings)."""
    speech = {"model_type": "speech_to_text", "d_model": 256, "encoder_layers": 12,
              "decoder_layers": 6, "max_source_positions": 6000, "max_target_positions": 1024,
              "pad_token_id": 1}  # fmt: skip
    encoder, decoder = read(speech).groups
    assert (encoder.details["positions"], decoder.details["positions"]) == (6000, 1024)
    assert decoder.details["first_row"] == 2 and decoder.layers == tuple(range(12, 18))
    led = {
        "model_type": "led",
        "d_model": 64,
        "encoder_layers": 2,
        "decoder_layers": 2,
        "max_encoder_position_embeddings": 16384,
        "max_decoder_position_embeddings": 1024,
    }
    model = read(led)
    assert [g.details["positions"] for g in model.groups] == [16384, 1024]
    assert model.learned.positions == 16384


def test_a_vision_towers_2d_rope_is_drawn_one_axis_at_a_time():
    tower = configs.QWEN2_VL_7B_VISION
    model = read_model_config(tower)
    (group,) = model.groups
    # embed_dim 1280 over 16 heads, not hidden_size 3584 (the merger's): each axis turns 40
    assert (group.head_dim, group.rotary_dim, group.rope_theta) == (80, 40, 10000.0)
    expected = [10000 ** (-2 * j / 40) for j in range(20)]
    np.testing.assert_allclose(group.inv_freq, expected, rtol=4e-16)
    assert group.layers == tuple(range(32)) and model.max_position_embeddings is None
    with pytest.raises(ValueError, match="multiple of 4"):
        read_model_config({**tower, "embed_dim": 16 * 78})
    with pytest.raises(ValueError, match=r"rope_parameters\.rope_theta"):
        read_model_config({**tower, "rope_parameters": {"rope_type": "axial"}})
    with pytest.raises(NotDrawn) as named:  # Pixtral's halves take the whole head's angles
        read_model_config({**tower, "model_type": "pixtral"})
    assert named.value.scheme == "rope_2d"
