"""Issue 13's core: attention, RoPE, context extension and ALiBi against published values."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pe_clock.core.alibi import alibi_bias, alibi_slopes
from pe_clock.core.attention import self_attention, softmax
from pe_clock.core.encoding import encode
from pe_clock.core.i18n import LANGUAGES
from pe_clock.core.rope import apply_rope, decay_bound, rope_inverse_frequencies
from pe_clock.core.scaling import METHODS, scaled_inverse_frequencies, yarn_correction_range


def weights(d_model=8, d_k=4, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.normal(0, 0.5, (d_model, d_k)) for _ in range(3)]


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(5)))
def test_attention_is_permutation_equivariant_until_pe_is_added(order):
    """Attention(P·X) = P·Attention(X): without positions, word order is invisible."""
    x = np.random.default_rng(1).normal(0, 1, (5, 8))
    w = weights()
    out, _ = self_attention(x, *w)
    permuted, _ = self_attention(x[list(order)], *w)
    np.testing.assert_allclose(permuted, out[list(order)], atol=1e-12)
    if list(order) != sorted(order):
        with_pe, _ = self_attention(x + encode(range(5), 8), *w)
        permuted_pe, _ = self_attention(x[list(order)] + encode(range(5), 8), *w)
        assert not np.allclose(permuted_pe, with_pe[list(order)], atol=1e-6)


def test_softmax_is_stable_and_rows_sum_to_one():
    rows = softmax([[1000.0, 1001.0, 999.0], [-1e300, 0.0, 1e300]])
    assert np.all(np.isfinite(rows))
    np.testing.assert_allclose(rows.sum(axis=1), 1.0)
    _, w = self_attention(np.eye(4), *weights(4, 2))
    np.testing.assert_allclose(w.sum(axis=1), 1.0)


def test_rope_frequencies_and_the_decay_bounds_published_values():
    np.testing.assert_allclose(rope_inverse_frequencies(8, 10000.0), [1, 0.1, 0.01, 0.001])
    assert decay_bound(128, 10000.0, [0])[0] == pytest.approx(32.5)
    assert decay_bound(128, 10000.0, [10])[0] == pytest.approx(17.954, abs=5e-4)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 500),
    st.integers(0, 500),
    st.integers(-50, 50),
    st.sampled_from(["interleaved", "half"]),
)
def test_rope_scores_depend_on_the_offset_only(m, n, shift, layout):
    rng = np.random.default_rng(3)
    q, k = rng.normal(0, 1, (1, 16)), rng.normal(0, 1, (1, 16))
    score = (apply_rope(q, [m], layout=layout) @ apply_rope(k, [n], layout=layout).T)[0, 0]
    a, b = m + shift + 50, n + shift + 50
    moved = (apply_rope(q, [a], layout=layout) @ apply_rope(k, [b], layout=layout).T)[0, 0]
    assert moved == pytest.approx(score, abs=1e-9)


def test_the_two_rope_layouts_differ_by_a_fixed_permutation():
    rng = np.random.default_rng(4)
    x = rng.normal(0, 1, (6, 8))
    positions = np.arange(6) * 3.5
    half_order = np.array([0, 4, 1, 5, 2, 6, 3, 7])  # (i, i + 4) -> (2i, 2i + 1)
    interleaved = apply_rope(x[:, half_order], positions, layout="interleaved")
    half = apply_rope(x, positions, layout="half")
    np.testing.assert_allclose(interleaved, half[:, half_order], atol=1e-12)
    # One pair by hand: (a, b) -> (a cos φ − b sin φ, b cos φ + a sin φ), φ = 3.5·θ_0 = 3.5.
    a, b = x[1, 0], x[1, 1]
    out = apply_rope(x[1:2], [3.5])[0]
    assert out[0] == pytest.approx(a * math.cos(3.5) - b * math.sin(3.5))
    assert out[1] == pytest.approx(b * math.cos(3.5) + a * math.sin(3.5))


def test_yarn_published_values():
    inv = rope_inverse_frequencies(128, 10000.0)
    scaled, attention = scaled_inverse_frequencies("yarn", 128, 10000.0, 16, 4096)
    ratio = scaled / inv
    assert yarn_correction_range(128, 10000.0, 4096, 32, 1) == (20, 46)
    np.testing.assert_allclose(ratio[:21], 1.0)  # pairs 0–20 untouched
    np.testing.assert_allclose(ratio[46:], 1 / 16)  # 46–63 divided by 16
    assert ratio[33] == pytest.approx(0.53125)
    assert attention == pytest.approx(1.277259, abs=1e-6)


def test_llama31_published_values():
    inv = rope_inverse_frequencies(128, 500000.0)
    scaled, attention = scaled_inverse_frequencies("llama3", 128, 500000.0, 8, 8192)
    ratio = scaled / inv
    kept = np.isclose(ratio, 1.0)
    divided = np.isclose(ratio, 1 / 8)
    blended = ~kept & ~divided
    assert kept.sum() == 29 and divided.sum() == 29 and attention == 1.0
    assert np.flatnonzero(blended).tolist() == list(range(29, 35))  # 6 blended pairs


def test_linear_ntk_and_dynamic_follow_their_formulas():
    d, base, s, l0 = 64, 10000.0, 4.0, 2048
    inv = rope_inverse_frequencies(d, base)
    np.testing.assert_allclose(scaled_inverse_frequencies("linear", d, base, s, l0)[0], inv / s)
    ntk = scaled_inverse_frequencies("ntk", d, base, s, l0)[0]
    np.testing.assert_allclose(ntk, rope_inverse_frequencies(d, base * s ** (d / (d - 2))))
    grown = base * ((s * 8192 / l0) - (s - 1)) ** (d / (d - 2))
    dynamic = scaled_inverse_frequencies("dynamic", d, base, s, l0, seq_len=8192)[0]
    np.testing.assert_allclose(dynamic, rope_inverse_frequencies(d, grown))
    short = scaled_inverse_frequencies("dynamic", d, base, s, l0, seq_len=100)[0]
    np.testing.assert_allclose(short, inv)  # within the trained length: nothing changes
    assert set(METHODS) == {"default", "linear", "ntk", "dynamic", "yarn", "llama3"}
    with pytest.raises(ValueError, match="method"):
        scaled_inverse_frequencies("rope2", d, base, s, l0)


@pytest.mark.parametrize("method", ["default", "linear", "ntk", "dynamic", "yarn", "llama3"])
def test_every_method_takes_the_smallest_head(method):
    """head_dim 2: one pair. NTK's exponent d/(d − 2) divided by zero; its one θ is base⁰ = 1
    whatever the base, so NTK and dynamic NTK leave it as it is."""
    theta, attention = scaled_inverse_frequencies(method, 2, 10000.0, 8.0, 4096, seq_len=32768)
    assert theta.shape == (1,) and np.isfinite(theta).all() and np.isfinite(attention)
    if method in ("ntk", "dynamic"):
        assert theta[0] == 1.0


@pytest.mark.parametrize(
    ("heads", "exponents"),
    [
        (8, [1, 2, 3, 4, 5, 6, 7, 8]),
        (12, [1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5]),
        (1, [8]),
        (6, [2, 4, 6, 8, 1, 3]),
    ],
)
def test_alibi_slopes_as_in_the_reference_code(heads, exponents):
    np.testing.assert_allclose(alibi_slopes(heads), [2.0**-e for e in exponents])


def test_alibi_bias_is_minus_slope_times_distance():
    bias = alibi_bias(12, 5)
    assert bias.shape == (12, 5, 5)
    slopes = alibi_slopes(12)
    assert bias[3, 4, 1] == pytest.approx(-slopes[3] * 3)
    np.testing.assert_allclose(np.diagonal(bias, axis1=1, axis2=2), 0.0)
    with pytest.raises(ValueError):
        alibi_slopes(0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_toy_sentences_look_alike_without_pe_and_differ_with_it(language):
    """Every translation's sentences (the catalogue's toy.sentences): the same distinct tokens
    in another order."""
    from pe_clock.core.toy import sentences, toy_attention

    plain = toy_attention(language, with_pe=False)
    a, b = sentences(language)
    assert sorted(a) == sorted(b) and a != b  # the same tokens, another order
    assert len(set(a)) == len(a)  # each token once: b's order is a's, rearranged
    assert [a[i] for i in plain.order] == list(b)
    assert plain.gap < 1e-12
    np.testing.assert_allclose(plain.weights[1], plain.weights[0][np.ix_(plain.order, plain.order)])
    assert toy_attention(language, with_pe=True).gap > 0.05
    assert toy_attention(language, with_pe=True, base=500000.0).gap > 0.05


def test_the_toy_sentences_are_written_with_their_particles_joined():
    from pe_clock.core.toy import sentences, written

    assert written("en") == ("dog bites man", "man bites dog")
    assert written("ko") == ("나는 너를 사랑해", "너는 나를 사랑해")
    assert sentences("ko")[0] == ("나", "는", "너", "를", "사랑해")


def test_rope_score_matrix_and_its_diagonals():
    from pe_clock.core.rope import diagonal_spread, half_to_interleaved, rope_scores

    rng = np.random.default_rng(5)
    q, k = rng.normal(size=64), rng.normal(size=64)
    scores = rope_scores(q, k, 20, 10000.0, "interleaved")
    direct = apply_rope(q[None], [7])[0] @ apply_rope(k[None], [3])[0]
    assert scores[7, 3] == pytest.approx(direct)
    assert diagonal_spread(scores) < 1e-12
    assert diagonal_spread(rng.normal(size=(5, 5))) > 0.1
    order = half_to_interleaved(8)
    assert order.tolist() == [0, 4, 1, 5, 2, 6, 3, 7]
    half = rope_scores(q, k, 12, 500000.0, "half")
    np.testing.assert_allclose(
        half,
        rope_scores(q[half_to_interleaved(64)], k[half_to_interleaved(64)], 12, 500000.0),
        atol=1e-12,
    )


def test_yarn_as_its_paper_writes_it_and_as_its_code_computes_it():
    from pe_clock.core.scaling import yarn_paper_frequencies

    inv = rope_inverse_frequencies(128, 10000.0)
    paper = yarn_paper_frequencies(128, 10000.0, 16.0, 4096) / inv
    code = scaled_inverse_frequencies("yarn", 128, 10000.0, 16.0, 4096)[0] / inv
    # Both keep the pairs that turn more than 32 times within L0 and divide those turning
    # less than once; between, r = L0/λ is exponential in i, so a ramp linear in r is not
    # linear in i.
    turns = 4096 * inv / (2 * math.pi)
    np.testing.assert_allclose(paper[turns >= 32], 1.0)
    np.testing.assert_allclose(paper[turns <= 1], 1 / 16)
    middle = (turns > 1) & (turns < 32)
    gamma = (turns[middle] - 1) / 31
    np.testing.assert_allclose(paper[middle], gamma + (1 - gamma) / 16)
    assert 0.3 < np.abs(paper - code).max() < 0.4


def test_model_presets_are_the_published_configurations():
    from pe_clock.core.scaling import MODELS

    by_name = {model.name: model for model in MODELS}
    assert by_name["Llama 3.1 8B"].scaling == ("llama3", 8.0)
    assert (by_name["Llama 3 8B"].base, by_name["Llama 3 8B"].original_max_len) == (5e5, 8192)
    assert by_name["Qwen2 7B"].base == by_name["Mistral 7B v0.2"].base == 1e6
    assert by_name["Llama 2 7B"].base == 1e4
    gemma = [m for m in MODELS if m.name.startswith("Gemma 3")]
    assert {m.base for m in gemma} == {1e6, 1e4}
    assert all(m.head_dim % 2 == 0 for m in MODELS)


@pytest.mark.parametrize("s", [2.0, 4.0, 8.0, 32.0])
def test_the_caption_on_the_slowest_pair_holds(s):
    """The Context extension caption: NTK-aware divides the slowest θ by s; dynamic NTK, with
    factor s at length s·L0, by s² − s + 1 (so the slow pairs turn less far, not as far)."""
    d, base, l0 = 128, 10000.0, 4096
    inv = rope_inverse_frequencies(d, base)
    ntk = scaled_inverse_frequencies("ntk", d, base, s, l0)[0]
    dynamic = scaled_inverse_frequencies("dynamic", d, base, s, l0, seq_len=int(s * l0))[0]
    assert inv[-1] / ntk[-1] == pytest.approx(s, rel=1e-12)
    assert inv[-1] / dynamic[-1] == pytest.approx(s * s - s + 1, rel=1e-12)
