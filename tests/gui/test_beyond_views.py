"""The views of issue 13: every number they draw or print is the core's."""

import math
import re

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QCheckBox

from pe_clock.core.alibi import alibi_bias, alibi_slopes
from pe_clock.core.rope import apply_rope, rope_scores
from pe_clock.core.scaling import MODELS, scaled_inverse_frequencies
from pe_clock.core.toy import toy_attention
from pe_clock.gui.panels.alibi import AlibiView
from pe_clock.gui.panels.beyond import BeyondView
from pe_clock.gui.panels.rope import SCORE_LENGTH, RopeView, query_key
from pe_clock.gui.panels.scaling import ScalingView
from pe_clock.gui.panels.why import WhyView


@pytest.mark.parametrize(("size", "staggered"), [((1400, 800), False), ((520, 900), True)])
def test_why_names_too_wide_for_their_cells_take_two_lines(show, state, size, staggered):
    """On a narrow matrix (an A4 page) "를" and "사랑해" ran together: every other name is
    then a line lower; where they fit, one line."""
    state.set(language="ko")
    view = show(WhyView, state, size)
    axis = view.weight_plots[0].getAxis("bottom")
    axis.tickValues(0, 5, axis.geometry().width())
    assert axis.staggered == staggered
    names = axis.tickStrings([0.5, 1.5, 2.5, 3.5, 4.5], 1, 1)
    assert [name.strip() for name in names] == list(axis.names)
    assert [name.startswith("\n") for name in names] == [False, staggered] * 2 + [False]


def test_why_shows_the_toy_layer_and_its_switch_adds_pe(show, state, qtbot):
    view = show(WhyView, state, (1400, 800))
    plain = toy_attention("en", False)
    np.testing.assert_allclose(view.output_images[1].image, plain.outputs[1], rtol=1e-6)
    # The outputs' scale reaches just past their largest (on ±2 they were black on a stage).
    largest = max(float(abs(o).max()) for o in plain.outputs)
    assert largest <= view.output_bar.levels()[1] < largest + 0.1 + 1e-9
    gap = float(re.search(r"at most ([0-9.e+-]+)", view.result.text()).group(1))
    assert gap < 1e-12 and "‘man’" in view.result.text()  # the first word of the second
    # The two orders at one width, and their difference row for row drawn: zero without PE.
    widths = {p.getViewBox().width() for p in (*view.weight_plots, *view.output_plots)}
    assert max(widths) - min(widths) < 2
    assert float(np.abs(view.difference_image.image).max()) < 1e-6
    (check,) = view.options.findChildren(QCheckBox)
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton)
    assert state.why_pe
    assert "With PE" in view.result.text()
    with_pe = toy_attention("en", True)
    np.testing.assert_allclose(view.output_images[0].image, with_pe.outputs[0], rtol=1e-6)
    assert float(np.abs(view.difference_image.image).max()) == pytest.approx(with_pe.gap, 1e-6)
    # the largest difference on the slide itself, in the difference's title
    assert f"at most {with_pe.gap:.2g}" in view.difference_plot.titleLabel.whole
    state.set(language="ko")
    assert "나는 너를 사랑해" in view.caption.text()


def test_rope_draws_the_scores_and_the_turned_pair(show, state):
    state.set(pos=5, k=3, selected_pair=2)
    view = show(RopeView, state, (1400, 800))
    q, k = query_key(128)
    np.testing.assert_allclose(
        view.score_image.image, rope_scores(q, k, SCORE_LENGTH, 10000.0), rtol=1e-5, atol=1e-4
    )
    turned = apply_rope(q[None], [8])[0][4:6]
    x, y = view.hands[0].getData()
    assert math.atan2(y[1], x[1]) == pytest.approx(math.atan2(turned[1], turned[0]))
    theta = 10000.0 ** (-4 / 128)
    text = view.turn.text()
    assert "m = 5 + 3 = 8" in text and f"=\u00a0{3 * theta:.6g}\u00a0rad" in text
    assert "Within one turn" not in text  # 3θ lies within the first turn

    def reference_turn():
        """The dashed qₙ is the query as it stands at n, and the arc turns it onto qₘ: the
        +171.9° the text gave had no hand to be read from."""
        n, pair = state.pos, view.pair()
        at_n = apply_rope(q[None], [n])[0][2 * pair : 2 * pair + 2]
        rx, ry = view.reference.getData()
        assert math.atan2(ry[1], rx[1]) == pytest.approx(math.atan2(at_n[1], at_n[0]))
        ax, ay = view.arc.getData()
        qx, qy = view.hands[0].getData()
        assert math.atan2(ay[-1], ax[-1]) == pytest.approx(math.atan2(qy[1], qx[1]))
        return np.unwrap(np.arctan2(ay, ax))[[0, -1]] @ [-1, 1]

    assert reference_turn() == pytest.approx(3 * theta)
    # The equation stays true past a turn and below zero: the angle itself, then the hand.
    state.set(pos=30, k=-5, selected_pair=0)  # (m − n)·θ = −5 rad = −286.5°
    text = view.turn.text()
    assert "m = 30 − 5 = 25" in text and "=\u00a0−5\u00a0rad\u00a0=\u00a0−286.5°:" in text
    assert "Within one turn: 73.5°." in text and "the arc from qₙ" in text
    assert math.degrees(reference_turn()) == pytest.approx(73.5, abs=0.05)
    state.set(k=0)  # qₙ is qₘ: no arc, and the text says so
    assert not view.arc.isVisible() and not view.reference_tip.isVisible()
    assert "at k = 0 the query and the key stand at the same position" in view.turn.text()
    state.set(k=2)
    assert view.arc.isVisible() and view.reference.isVisible()
    state.set(head_dim=64, rope_layout="half")
    q, k = query_key(64)
    np.testing.assert_allclose(
        view.score_image.image,
        rope_scores(q, k, SCORE_LENGTH, 10000.0, "half"),
        rtol=1e-5,
        atol=1e-4,
    )
    assert "GPT-\u2060NeoX" in view.result.text()  # a word joiner: no break at the hyphen
    state.set(selected_pair=40)  # past a 64-wide head's 32 pairs: its last pair is drawn
    assert view.pair() == 31


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
        names = [m.name for m in MODELS]
        view.preset.setCurrentIndex(names.index("Llama 3.1 8B") + 1)
        for name in ("Qwen2 7B", "Mistral 7B v0.2", "Gemma 3 4B, local layers"):
            view.preset.setCurrentIndex(names.index(name) + 1)
            assert state.scaling_method == "default", name
            assert view.preset.currentText().startswith(name)
            assert [m for m, c in view.ratio_curves.items() if c.isVisible()] == ["default"]
            np.testing.assert_array_equal(view.ratio_curves["default"].getData()[1], 1.0)
            model = MODELS[names.index(name)]
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
        view.preset.setCurrentIndex(names.index("Mistral 7B v0.2") + 1)
        assert view.preset.currentText().startswith("Mistral 7B v0.2")
        # θ as trained at base 2: every pair turns within L0, and that is what is said.
        state.set(base=2.0)
        assert tr("scaling.none_turned", longest="12.43") in view.result.text()
        assert "reach angles they never" not in view.result.text()
        view.preset.setCurrentIndex(names.index("Gemma 3 4B, global layers") + 1)
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


@pytest.mark.parametrize("size", [(1400, 800), (800, 1100)])
def test_alibi_is_composed_for_a_wide_and_a_tall_figure(show, state, size):
    """Wide, the slopes beside the matrices; tall (a printed page), the matrices across the
    top and the slopes beside the lines. The three matrices alike, and their row no taller
    than their squares need: on A4 they were 2 cm squares in 8 cm tall axes."""
    view = show(AlibiView, state, size)
    view.compose()
    tall = size[1] > size[0]
    assert (view.slope_plot in view.second_row.items) == tall
    boxes = [plot.getViewBox().geometry() for plot in view.bias_plots]
    assert max(b.width() for b in boxes) - min(b.width() for b in boxes) <= 2
    if tall:
        assert boxes[0].height() <= 1.1 * boxes[0].width()  # square matrices, tight axes
        assert boxes[0].width() >= 0.15 * size[0]


def test_alibi_slopes_and_the_causal_mask(show, state):
    view = show(AlibiView, state, (1400, 800))
    assert state.alibi_heads == 12
    assert "2<sup>−3.5</sup>" in view.result.text()
    assert view.heads_drawn() == [1, 6, 12]
    # One scale for the three heads, to the steepest head's largest penalty (head 9's, 15·2^−0.5,
    # with 12 heads): the steeper a head, the further its matrix reaches down it (each on its
    # own scale, the three looked alike).
    bias, slopes = alibi_bias(12, 16), alibi_slopes(12)
    lower = np.tri(16, dtype=bool)
    scale = (-15 * slopes.max(), 0.0)
    reach = []
    for image, head in zip(view.bias_images, view.heads_drawn(), strict=True):
        np.testing.assert_allclose(image.image[lower], bias[head - 1][lower], rtol=1e-6)
        assert np.isnan(image.image[~lower]).all()
        assert tuple(image.levels) == pytest.approx(scale)
        reach.append(np.nanmin(image.image))
    assert reach == pytest.approx([-15 * slopes[head - 1] for head in view.heads_drawn()])
    assert tuple(view.bias_bar.levels()) == pytest.approx(scale)
    assert "share one colour scale" in view.result.text() and "head 9's" in view.result.text()
    # The masked cells, and only they, are hatched (blank, they looked like zero bias).
    path = view.masks[0].path()
    for i in range(16):
        for j in range(16):
            assert path.contains(QPointF(j + 0.5, i + 0.5)) == (j > i), (i, j)
    assert all(mask.isVisible() for mask in view.masks) and "Hatched cells" in view.result.text()
    key = view.key.text()
    assert "the other 9 heads" in key and "head 6: m = <nobr>2<sup>−6</sup>" in key
    state.set(causal=False)
    np.testing.assert_allclose(view.bias_images[0].image, bias[0], rtol=1e-6)
    assert not any(mask.isVisible() for mask in view.masks)
    state.set(alibi_heads=8)
    assert "2<sup>−8</sup>" in view.result.text()
    state.set(alibi_heads=1)  # one head: its tick is 1, not 0.6, 0.8, … 1.4
    axis = view.slope_plot.getAxis("bottom")
    (low, high), _ = view.slope_plot.getViewBox().viewRange()
    assert (low, high) == (0.5, 1.5)  # from 12 heads, pyqtgraph kept the width: −5 … 7
    ticks = [v for _, values in axis.tickValues(low, high, axis.width()) for v in values]
    assert ticks == [1.0] and axis.tickStrings(ticks, 1, 0.2) == ["1"]
    assert view.slope_plot.titleLabel.text == "1 slope (log scale)"
    assert "One head, one slope: m<sub>1</sub> = <nobr>2<sup>−8</sup></nobr>," in view.result.text()
    assert "gentlest" not in view.result.text()
    assert not view.line_plot.getAxis("left").autoSIPrefix  # −0.5, not −500 "(x0.001)"


def test_beyond_counts_the_parameters_of_learned_tables(show, state):
    view = show(BeyondView, state, (1400, 800))
    text = view.result.text()
    assert "1024 × 768 = 786,432" in text and "512 × 768 = 393,216" in text
    assert "0" in text


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
