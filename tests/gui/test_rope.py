"""gui/panels/rope.py: RoPE's turned pair and its scores."""

import math

import numpy as np
import pytest

from pe_clock.core.rope import apply_rope, rope_scores
from pe_clock.gui.panels.rope import SCORE_LENGTH, RopeView, query_key


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
