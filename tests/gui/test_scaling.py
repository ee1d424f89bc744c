"""gui/panels/scaling.py: context extension, each method's θ′ and its presets."""

import numpy as np
import pytest

from pe_clock.core.scaling import MODELS, scaled_inverse_frequencies
from pe_clock.gui.panels.scaling import ScalingView


def test_scaling_presets_set_the_model_and_the_curves_are_the_core(show, state):
    view = show(ScalingView, state, (1400, 800))
    index = next(i for i, m in enumerate(MODELS, 1) if m.name == "Llama 3.1 8B")
    view.preset.setCurrentIndex(index)
    assert (state.base, state.head_dim, state.original_len) == (500000.0, 128, 8192)
    assert (state.scaling_method, state.scaling_factor) == ("llama3", 8.0)
    _, ratio = view.ratio_curves["llama3"].getData()
    inv = scaled_inverse_frequencies("default", 128, 500000.0, 1.0, 8192)[0]
    theta = scaled_inverse_frequencies("llama3", 128, 500000.0, 8.0, 8192)[0]
    np.testing.assert_allclose(ratio, theta / inv)
    assert int(np.sum(ratio == 1.0)) == 29  # Llama 3.1's published split: 29 pairs kept
    assert not view.ratio_curves["yarn"].isVisible()
    state.set(scaling_factor=4.0)  # no longer Llama 3.1's, nor Llama 3's (θ as trained)
    assert view.preset.currentIndex() == 0
    state.set(scaling_method="default")  # Llama 3's, at any s
    assert view.preset.currentText().startswith("Llama 3 8B")
    state.set(head_dim=96)
    assert view.preset.currentIndex() == 0  # no model's configuration
    state.set(scaling_method="all")
    assert "differ by up to" in view.result.text()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_preset_without_rope_scaling_is_theta_as_trained(show, state, language):
    """After Llama 3.1 (×8), Qwen2 showed Llama 3.1 ×8 and Gemma 3's local layers linear ×8:
    a configuration without rope_scaling leaves every θ as it is."""
    from pe_clock.core.i18n import set_language, tr

    set_language(language)
    try:
        state.set(language=language)
        view = show(ScalingView, state, (1400, 800))
        names = [(m.name, m.layers) for m in MODELS]
        view.preset.setCurrentIndex(names.index(("Llama 3.1 8B", "")) + 1)
        for named in (("Qwen2 7B", ""), ("Mistral 7B v0.2", ""), ("Gemma 3 4B", "local")):
            view.preset.setCurrentIndex(names.index(named) + 1)
            name = MODELS[names.index(named)].title  # in the language shown
            assert state.scaling_method == "default", name
            assert view.preset.currentText().startswith(name)
            assert [m for m, c in view.ratio_curves.items() if c.isVisible()] == ["default"]
            np.testing.assert_array_equal(view.ratio_curves["default"].getData()[1], 1.0)
            model = MODELS[names.index(named)]
            longest = (
                2
                * np.pi
                / scaled_inverse_frequencies(
                    "default", model.head_dim, model.base, 1.0, model.original_max_len
                )[0].min()
            )
            assert longest > model.original_max_len  # these slowest pairs outrun L0
            assert tr("scaling.none_note", longest=f"{longest:,.0f}") in view.result.text()
        # Two presets with the same settings: the one chosen is the one named.
        view.preset.setCurrentIndex(names.index(("Mistral 7B v0.2", "")) + 1)
        assert view.preset.currentText().startswith("Mistral 7B v0.2")
        # θ as trained at base 2: every pair turns within L0, and that is what is said.
        state.set(base=2.0)
        assert tr("scaling.none_turned", longest="12.43") in view.result.text()
        assert "reach angles they never" not in view.result.text()
        view.preset.setCurrentIndex(names.index(("Gemma 3 4B", "global")) + 1)
        assert (state.scaling_method, state.scaling_factor) == ("linear", 8.0)
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize(
    ("settings", "yarn", "llama3"),
    [
        # base 2: transformers' YaRN divides every pair, Llama 3.1 none (the caption said
        # both kept the fast pairs).
        (dict(base=2.0, original_len=8192), "all divided", "all kept"),
        # L0 1,000,000: YaRN's slowest pair gets θ′/θ = 0.86, not 1/s.
        (dict(base=10000.0, original_len=1_000_000), "0.86", "all kept"),
        # Llama 3.1's own configuration: 29 pairs kept, 29 divided, a ramp between.
        (dict(base=500000.0, original_len=8192), "0…18 19…34 35…63", "0…28 29…34 35…63"),
        (dict(base=500000.0, original_len=8192, scaling_factor=1.0), "all kept", "all kept"),
    ],
)
def test_extension_says_which_pairs_each_ramp_keeps(show, state, language, settings, yarn, llama3):
    from pe_clock.core.i18n import set_language, tr

    set_language(language)
    try:
        state.set(language=language, head_dim=128, scaling_factor=8.0, scaling_method="all")
        state.set(**settings)
        view = show(ScalingView, state, (1400, 800))
        text = view.result.text()
        for method, expected in (("yarn", yarn), ("llama3", llama3)):
            name = tr(f"scaling.{method}")
            _, ratio = view.ratio_curves[method].getData()
            s = state.scaling_factor
            if expected == "all kept":
                assert tr("scaling.split_all_kept", method=name) in text
                np.testing.assert_allclose(ratio, 1.0, rtol=1e-15)
            elif expected == "all divided":
                assert tr("scaling.split_all_divided", method=name) in text
                np.testing.assert_allclose(ratio, 1 / s, rtol=1e-15)
            elif expected == "0.86":
                assert tr("scaling.split_none_divided", least="0.86") in text
                assert ratio.min() == pytest.approx(0.86, abs=0.005) and ratio.min() > 1 / s
            else:
                kept, ramp, divided = (
                    tr("scaling.at_pairs", first=r.split("…")[0], last=r.split("…")[1])
                    for r in expected.split()
                )
                parts = [
                    tr("scaling.split_kept", pairs=kept),
                    tr("scaling.split_between", pairs=ramp),
                    tr("scaling.split_divided", pairs=divided),
                ]
                assert tr("scaling.split", method=name, parts=" · ".join(parts)) in text
                first_divided = int(expected.split()[2].split("…")[0])
                np.testing.assert_allclose(ratio[first_divided:], 1 / s, rtol=1e-15)
    finally:
        set_language("en")


def test_one_pair_is_a_dot_and_more_pairs_are_lines_again(show, state):
    """head_dim 2 draws its one pair as a dot; back at 128, the curves had kept their dots."""
    from pe_clock.gui.panels.scaling import ScalingView

    def drawn(view):
        curves = [curve for curve in view.ratio_curves.values() if curve.isVisible()]
        assert len(curves) == 5  # every method, side by side
        return curves

    view = show(ScalingView, state, (1400, 800))
    state.set(head_dim=2)
    symbols = [curve.opts["symbol"] for curve in drawn(view)]
    assert None not in symbols and len(set(symbols)) == 5  # told apart without colour too
    text = view.result.text()
    assert "every pair keeps" not in text and "the one pair keeps" in text  # not "every"
    assert "NTK-aware and dynamic NTK leave it" in text
    state.set(scaling_method="yarn")  # the note on NTK is about curves not drawn
    assert "NTK-aware and dynamic NTK leave it" not in view.result.text()
    state.set(scaling_method="all")
    state.set(head_dim=128)
    assert all(curve.opts["symbol"] is None for curve in drawn(view))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_yarn_at_s_1_says_the_two_ramps_agree(show, state, language):
    """At s = 1 both ramps leave every θ as it is: float noise read 'the two differ by up to
    1.77e-16 (pair 15)'. At s = 8 they do differ, and it is said."""
    from pe_clock.core.i18n import set_language, tr

    set_language(language)
    try:
        state.set(language=language, scaling_method="yarn", scaling_factor=1.0)
        view = show(ScalingView, state)
        agree = tr("scaling.yarn_same").strip()
        assert agree in view.result.text()
        state.set(scaling_factor=8.0, original_len=8192, head_dim=128, base=10000.0)
        assert agree not in view.result.text()
    finally:
        set_language("en")
