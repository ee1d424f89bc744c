"""RoPE: q and k turned by their positions, a score that depends on m − n alone, its decay."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QWidget

from pe_clock.core.format import fmt_base, fmt_turned, said_base
from pe_clock.core.i18n import tr
from pe_clock.core.rope import (
    SCORE_LENGTH,
    apply_rope,
    decay_bound,
    diagonal_spread,
    half_to_interleaved,
    rope_inverse_frequencies,
    rope_scores,
)
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import image_plot
from pe_clock.gui.widgets.labels import mark_prose
from pe_clock.gui.widgets.layer_strip import LayerStrip
from pe_clock.gui.widgets.lazy_view import lazy
from pe_clock.gui.widgets.plots import add_plot, set_title, style_legend, style_plot
from pe_clock.gui.widgets.section_band import SectionBand
from pe_clock.gui.widgets.stable_label import StableLabel

#: The bases whose decay is compared: the paper's, Llama 3's and Qwen2's rope_theta.
DECAY_BASES = (10000.0, 500000.0, 1000000.0)
DECAY_DISTANCES = np.arange(0, 1025)
#: The least share of the decay plot's height the curves right of distance 0 keep under the
#: legend's row.
MIN_CURVE_SHARE = 0.35


def query_key(head_dim: int) -> tuple[np.ndarray, np.ndarray]:
    """A fixed query and key of head_dim numbers (seeded: the same on every machine)."""
    rng = np.random.default_rng(2021)  # the year of RoFormer
    return rng.normal(size=head_dim), rng.normal(size=head_dim)


class RopeView(Panel):
    """A dial of one pair of q and k, the score matrix q_m·k_n, and RoFormer's decay bound."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        t = self._theme
        # Plain text in a fixed slot: it changes with every step.
        self.turn = StableLabel(fill=True)
        self.turn.setTextFormat(Qt.TextFormat.PlainText)
        self.turn.setWordWrap(True)
        self.dial = add_plot(self.graphics, self, row=0, col=0)
        self.dial.setAspectLocked(True)
        self.dial.hideAxis("left")
        self.dial.hideAxis("bottom")
        self.dial.setRange(xRange=(-1.3, 1.3), yRange=(-1.3, 1.3), padding=0)
        angles = np.linspace(0, 2 * np.pi, 129)
        rim = pg.PlotCurveItem(np.cos(angles), np.sin(angles), pen=t.pen(t.dial_rim, 2.5))
        self.dial.addItem(rim)
        self.hands = []
        for color in t.hands[:2]:
            hand = pg.PlotCurveItem(pen=t.pen(color, 5))
            self.dial.addItem(hand)
            self.hands.append(hand)
        self.tips = [
            pg.TextItem(name, color=color, anchor=(0.5, 0.5))
            for name, color in zip(("qₘ", "kₙ"), t.hands[:2], strict=True)
        ]
        for tip in self.tips:
            self.dial.addItem(tip)
        # The reference the angle is read from: the query as it stands at n (dashed, where kₙ's
        # angle to it is the one at m = n), and the arc (m − n)·θ from there to qₘ.
        q_colour = t.hands[0]
        self.reference = pg.PlotCurveItem(pen=t.pen(q_colour, 2.5, style=Qt.PenStyle.DashLine))
        self.arc = pg.PlotCurveItem(pen=t.pen(q_colour, 2))
        self.reference_tip = pg.TextItem("qₙ", color=q_colour, anchor=(0.5, 0.5))
        # Over the hands and the arc it names, on the labels' fill: where the angle is small
        # the dashed reference crossed it.
        self.arc_label = pg.TextItem(
            "(m−n)·θ", color=q_colour, anchor=(0.5, 0.5), fill=t.label_fill
        )
        for item in (self.reference, self.arc, self.reference_tip, self.arc_label):
            self.dial.addItem(item)
        for label in (*self.tips, self.reference_tip, self.arc_label):
            label.setZValue(10)
        self.score_plot, self.score_image = image_plot(self, self.graphics, 0, 1, theme=t)
        self.score_bar = colour_bar(self, t, self.score_image, self.score_plot)
        self.decay_plot = add_plot(self.graphics, self, row=1, col=0, colspan=2)
        self.decay_legend = self.decay_plot.addLegend(offset=(-10, 10), labelTextColor=t.text)
        self.decay_legend.setColumnCount(len(DECAY_BASES))  # one row, in room kept above
        self.decay_curves = [self.decay_plot.plot(pen=t.series_pen(i, 2)) for i in range(3)]
        self._decay_tail = self._decay_peak = 1.0
        self.decay_plot.getViewBox().sigResized.connect(lambda *_: self._fit_decay_room())
        self.graphics.ci.layout.setRowStretchFactor(0, 1)
        self.graphics.ci.layout.setRowStretchFactor(1, 1)
        self.strip = LayerStrip(state, ("rope", "none"), unscaled=True)
        self.sections = SectionBand(state)
        self.arrange(above=[self.strip, self.sections], below=[self.turn.slot])
        mark_prose(self.turn.slot)
        state.observe(["base", "language", "font_scale", "head_dim"], self._request_sync)
        state.observe(["rope_layout"], self._request_sync)
        state.observe(["pos", "k", "selected_pair"], self._sync_dial)
        self._request_sync()

    def pair(self) -> int:
        """The pair drawn: the selected pair, if the head has it."""
        return min(self._state.selected_pair, self._state.head_dim // 2 - 1)

    def _sync(self) -> None:
        s = self._state
        q, k = query_key(s.head_dim)
        scores = rope_scores(q, k, SCORE_LENGTH, s.base, s.rope_layout)
        limit = float(np.abs(scores).max())
        square = QRectF(0, 0, SCORE_LENGTH, SCORE_LENGTH)
        self.score_image.display(scores, square, (-limit, limit))
        self.score_bar.setLevels((-limit, limit))
        self.score_plot.setRange(xRange=(0, SCORE_LENGTH), yRange=(0, SCORE_LENGTH), padding=0)
        style_legend(self.decay_legend, s)
        self.decay_legend.clear()
        self.decay_legend.layout.setHorizontalSpacing(round(24 * s.font_scale))
        tail = peak = 0.0
        for curve, base in zip(self.decay_curves, DECAY_BASES, strict=True):
            bound = decay_bound(s.head_dim, base, DECAY_DISTANCES)
            curve.setData(DECAY_DISTANCES, bound)
            self.decay_legend.addItem(curve, tr("rope.decay_base", base=fmt_base(base)))
            tail = max(tail, float(bound[len(bound) // 20 :].max()))
            peak = max(peak, float(bound.max()))
        self._decay_tail, self._decay_peak = tail, peak
        self._fit_decay_room()
        order = half_to_interleaved(s.head_dim)
        half = rope_scores(q, k, SCORE_LENGTH, s.base, "half")
        interleaved = rope_scores(q[order], k[order], SCORE_LENGTH, s.base, "interleaved")
        self.result.setText(
            tr(
                "rope.result",
                spread=f"{diagonal_spread(scores):.1e}",
                largest=f"{limit:.3g}",
                permuted=f"{float(np.abs(half - interleaved).max()):.1e}",
                layout=tr(f"rope.{s.rope_layout}_note"),
                other=tr("rope.half" if s.rope_layout == "interleaved" else "rope.interleaved"),
            )
        )
        set_title(self.score_plot, tr("rope.scores", n=SCORE_LENGTH - 1), s)
        set_title(self.decay_plot, tr("rope.decay", head_dim=s.head_dim), s)
        self.score_plot.setLabel("bottom", tr("rope.n"))
        self.score_plot.setLabel("left", tr("rope.m"))
        self.score_bar.setLabel("left", tr("rope.score"))
        self.decay_plot.setLabel("bottom", tr("rope.distance"))
        self.decay_plot.setLabel("left", tr("rope.bound"))
        for plot in (self.score_plot, self.score_bar, self.decay_plot):
            style_plot(plot, s)
        for tip in (*self.tips, self.reference_tip):
            tip.setFont(scaled_font(s.font_scale, 1.1, bold=True))
        self.arc_label.setFont(scaled_font(s.font_scale))
        self.caption.setText(tr("rope.caption", base=said_base(s.base)))
        for label in (self.caption, self.result, self.turn):
            label.setFont(scaled_font(s.font_scale, 1.05))
        self._fit_turn()
        self._sync_dial()

    @lazy
    def _sync_dial(self) -> None:
        s = self._state
        q, k = query_key(s.head_dim)
        m, n, i = s.pos + s.k, s.pos, self.pair()
        theta = rope_inverse_frequencies(s.head_dim, s.base)[i]
        order = np.arange(s.head_dim)
        if s.rope_layout == "half":
            order = half_to_interleaved(s.head_dim)  # pair i is (i, i + head_dim/2)
        turned = [
            apply_rope(vector[None, :], [position], s.base, s.rope_layout)[0][order][2 * i :][:2]
            for vector, position in ((q, m), (k, n))
        ]
        for hand, tip, vector in zip(self.hands, self.tips, turned, strict=True):
            x, y = vector / (np.hypot(*vector) or 1.0)
            hand.setData([0, x], [0, y])
            tip.setPos(1.2 * x, 1.2 * y)  # outside the rim
        angle = (m - n) * theta
        for item in (self.reference, self.arc, self.reference_tip, self.arc_label):
            item.setVisible(s.k != 0)
        if s.k == 0:  # qₙ is qₘ: no arc to read, and the labels would lie on one another
            self.turn.setText(tr("rope.same", pair=i, n=f"{n:,}", theta=f"{theta:.6g}"))
            self._fit_turn(grow=True)
            return
        self._draw_reference(turned[0], angle)
        degrees = math.degrees(angle)
        reduced = "" if 0 <= degrees < 360 else tr("rope.reduced", degrees=fmt_turned(angle))
        self.turn.setText(
            tr(
                "rope.turn",
                sum=f"{n:,} + {s.k:,}" if s.k >= 0 else f"{n:,} − {-s.k:,}",
                m=f"{m:,}",
                n=f"{n:,}",
                pair=i,
                theta=f"{theta:.6g}",
                rad=f"{angle:.6g}".replace("-", "−"),
                degrees=f"{degrees:,.1f}".replace("-", "−"),
                reduced=reduced,
            )
        )
        self._fit_turn(grow=True)

    def _draw_reference(self, query: np.ndarray, angle: float) -> None:
        """qₙ, the query turned back by (m − n)·θ, dashed, and the arc that turns it onto qₘ
        (counter-clockwise, within one turn, as the hands themselves stand)."""
        end = math.atan2(query[1], query[0])
        turn = angle % (2 * math.pi)
        start = end - turn
        self.reference.setData([0, 0.9 * math.cos(start)], [0, 0.9 * math.sin(start)])
        self.reference_tip.setPos(1.2 * math.cos(start), 1.2 * math.sin(start))
        arc = np.linspace(start, end, max(2, round(turn / 0.05)))
        self.arc.setData(0.4 * np.cos(arc), 0.4 * np.sin(arc))
        middle = start + turn / 2
        self.arc_label.setPos(0.75 * math.cos(middle), 0.75 * math.sin(middle))

    def _fit_decay_room(self) -> None:
        """Room for the legend's row above the curves right of the peak at distance 0: its
        height in pixels, whatever the plot's (a fixed share of the range let the legend
        cross the curves in a short plot: a model's strip above it, a small export)."""
        height = self.decay_plot.getViewBox().height()
        legend = self.decay_legend.boundingRect().height() + 10 + 6  # its offset, a gap
        share = max(1 - legend / height, MIN_CURVE_SHARE) if height > 0 else 1 / 1.6
        self.decay_plot.setYRange(
            0, max(self._decay_tail / share, 1.05 * self._decay_peak), padding=0
        )

    def _fit_turn(self, grow: bool = False) -> None:
        """Three lines, more when the numbers are long (from pos 999,000 the Korean took four
        and lost its first and last). While stepping it only grows: the plots above must not
        jump up and down with the line count."""
        needed = max(3, self.turn.lines()) * self.turn.fontMetrics().lineSpacing() + 6
        if grow:
            needed = max(needed, self.turn.slot.height())
        self.turn.slot.setFixedHeight(needed)
