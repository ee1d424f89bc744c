"""Context extension: how each method rescales RoPE's frequencies to run past the trained length."""

from __future__ import annotations

import html
import math

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QComboBox, QWidget

from pe_clock.core.format import said_base
from pe_clock.core.i18n import tr
from pe_clock.core.models.config import LayerGroup
from pe_clock.core.rope import rope_inverse_frequencies
from pe_clock.core.scaling import (
    MODELS,
    SAME_WITHIN,
    pair_run,
    scaled_inverse_frequencies,
    split_pairs,
    split_parts,
    yarn_paper_frequencies,
)
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import LOOSE_DOTS, SERIES_SYMBOLS
from pe_clock.gui.model.opened_model import shown_group
from pe_clock.gui.model.picture import SCALING_CHOICES
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets import axes
from pe_clock.gui.widgets.labels import key_text, rich_label
from pe_clock.gui.widgets.layer_strip import LayerStrip
from pe_clock.gui.widgets.plots import (
    add_plot,
    clear_spot,
    marker_line,
    set_title,
    style_marker,
    style_plot,
)

#: The methods "all" draws side by side (not "default", θ itself, drawn dashed as "before").
METHODS = tuple(m for m in SCALING_CHOICES if m not in ("all", "default"))
#: The methods that choose per pair, whose split the result line states at every setting.
RAMPED = ("yarn", "llama3")


def scaled(state: AppState, method: str) -> tuple[np.ndarray, float]:
    """(θ′, attention factor) of method for the state's head, base, s and L0; dynamic NTK at
    the target length s·L0."""
    s = state
    return scaled_inverse_frequencies(
        method,
        s.head_dim,
        s.base,
        s.scaling_factor,
        s.original_len,
        seq_len=round(s.scaling_factor * s.original_len),
    )


class ScalingView(Panel):
    """Per pair: θ′/θ and the wavelength before and after, for one method or all of them."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        t = self._theme
        self.preset = QComboBox()
        self._chosen = 0  # the preset last chosen
        self.preset.currentIndexChanged.connect(self._on_preset_chosen)
        self.options.extra(
            "scaling.preset",
            "tip.scaling_preset",
            self.preset,
            self._show_preset,
            ["base", "head_dim", "original_len", "scaling_method", "scaling_factor"],
        )
        # Pairs are counted: whole ticks only (at head_dim 2 the axes read 0.2, 0.4, …).
        self.ratio_plot = add_plot(
            self.graphics, self, {"bottom": axes.WholeAxis("bottom")}, row=0, col=0
        )
        self.wave_plot = add_plot(
            self.graphics,
            self,
            {"left": axes.PlainLogAxis("left"), "bottom": axes.WholeAxis("bottom")},
            row=0,
            col=1,
        )
        self.wave_plot.setLogMode(x=False, y=True)
        # Each method in a series' colour and dash; θ itself solid, in the text's colour.
        pens = {method: t.series_pen(index, 2.5) for index, method in enumerate(METHODS)}
        pens["default"] = t.pen(t.text, 2.5)
        # The key under the plots: inside them it covered the curves wherever it went.
        self.key = rich_label()
        self._pens = pens
        self._symbols = dict(zip(METHODS, SERIES_SYMBOLS, strict=True)) | {"default": "o"}
        self.ratio_curves = {m: self.ratio_plot.plot(pen=pen) for m, pen in pens.items()}
        dashed = t.pen(t.text, 1.5, style=Qt.PenStyle.DashLine)
        self.paper_curve = self.ratio_plot.plot(pen=dashed)
        self.paper_curve.setZValue(5)  # over the solid curves: at base 2 Llama 3.1 hid it
        self.wave_curves = {m: self.wave_plot.plot(pen=pen) for m, pen in pens.items()}
        self.original_wave = self.wave_plot.plot(pen=dashed)
        self.original_wave.setZValue(5)
        self.lines = [marker_line(t, 0.05, [(0, 1), (0, 1)]) for _ in range(2)]
        for line in self.lines:
            self.wave_plot.addItem(line)
        # An opened model's own θ′ (its config's every number: betas, truncate, longrope's
        # factors), over the methods' curves, in a colour of none of them; longrope's long
        # factors dotted.
        self.model_curves = [
            plot.plot(pen=t.pen(t.warning, 3.5, style=Qt.PenStyle.DashDotLine))
            for plot in (self.ratio_plot, self.wave_plot)
        ]
        dotted = t.pen(t.dim_text, 3, style=Qt.PenStyle.CustomDashLine)
        dotted.setDashPattern(LOOSE_DOTS)
        self.long_curves = [plot.plot(pen=dotted) for plot in (self.ratio_plot, self.wave_plot)]
        for curve in (*self.model_curves, *self.long_curves):
            curve.setZValue(6)
        for line in self.lines:  # their labels over every curve (a dot hid a digit's comma)
            line.setZValue(7)
        # ... each where the fewest curves pass, found again as the range or size changes.
        view = self.wave_plot.getViewBox()
        for signal in (view.sigRangeChanged, view.sigResized):
            signal.connect(self._place_labels)
        self.strip = LayerStrip(state, ("rope", "none"))
        self.arrange(above=[self.strip], below=[self.key])
        fields = ["base", "head_dim", "scaling_method", "scaling_factor", "original_len"]
        state.observe([*fields, "language", "font_scale", "model"], self._request_sync)
        self._request_sync()

    def _show_preset(self) -> None:
        s = self._state
        method = (s.scaling_method, s.scaling_factor)
        self.preset.clear()
        self.preset.addItem(tr("scaling.custom"))
        found = 0
        for index, model in enumerate(MODELS, start=1):
            self.preset.addItem(tr("scaling.model", name=model.title, base=said_base(model.base)))
            same = (model.base, model.head_dim, model.original_max_len) == (
                s.base,
                s.head_dim,
                s.original_len,
            )
            # A configuration without rope_scaling is its θ as trained, at any s.
            if same and (model.scaling or ("default", s.scaling_factor)) == method:
                # The one chosen, of two with the same settings (Qwen2 and Mistral v0.2).
                found = index if index == self._chosen or not found else found
        self.preset.setCurrentIndex(found)

    def _on_preset_chosen(self, index: int) -> None:
        if index <= 0:
            return
        self._chosen = index
        model = MODELS[index - 1]
        changes: dict[str, object] = {
            "base": model.base,
            "head_dim": model.head_dim,
            "original_len": model.original_max_len,
        }
        if model.scaling is None:
            # Not scaled: θ as trained (the previous model's Llama 3.1 ×8 stayed on screen).
            changes["scaling_method"] = "default"
        else:
            changes["scaling_method"], changes["scaling_factor"] = model.scaling
        self._state.request(**changes)

    def _draws_model(self, group: LayerGroup, inv: np.ndarray) -> bool:
        """Whether the tab shows the group's base and rotary size (after the user changes
        them, the model's curve would be of another θ)."""
        same = (group.rope_theta, group.rotary_dim) == (self._state.base, inv.size * 2)
        return group.inv_freq is not None and same

    def _draw_model(self, group: LayerGroup | None, inv: np.ndarray) -> list[tuple[QPen, str]]:
        """The opened model's θ′/θ and wavelengths (group: the one the tab shows, or None)."""
        for curve in (*self.model_curves, *self.long_curves):
            curve.setVisible(group is not None)
        if group is None or group.inv_freq is None or self._state.model is None:
            return []
        pairs = np.arange(inv.size)
        entries: list[tuple[QPen, str]] = []
        name = html.escape(self._state.model.name)
        for curves, theta, key in (
            (self.model_curves, group.inv_freq, "scaling.model_curve"),
            (self.long_curves, group.inv_freq_long, "scaling.model_long"),
        ):
            visible = theta is not None
            for curve in curves:
                curve.setVisible(visible)
            if theta is None:
                continue
            curves[0].setData(pairs, theta / inv)
            curves[1].setData(pairs, 2 * np.pi / theta)
            entries.append((curves[0].opts["pen"], tr(key, name=name)))
        return entries

    def _sync(self) -> None:
        s = self._state
        shown = METHODS if s.scaling_method == "all" else (s.scaling_method,)
        inv = rope_inverse_frequencies(s.head_dim, s.base)
        pairs = np.arange(inv.size)
        factors = []
        splits = []
        entries: list[tuple[QPen, str]] = []
        model = shown_group(s)
        drawn = model if model is not None and self._draws_model(model, inv) else None
        own = drawn.drawn_type if drawn is not None else None
        for method, pen in self._pens.items():  # every curve, "default" (θ itself) too
            # The model's own curve replaces its method's (whose betas or frequency factors
            # are the method's defaults, not the config's).
            visible = method in shown and method != own
            self.ratio_curves[method].setVisible(visible)
            self.wave_curves[method].setVisible(visible)
            if not visible:
                continue
            theta, attention = scaled(s, method)
            # head_dim 2 has one pair: a dot, since a line needs two (and none after it).
            one = inv.size == 1
            dot = {"symbol": self._symbols[method] if one else None, "symbolBrush": pen.color()}
            self.ratio_curves[method].setData(pairs, theta / inv, **dot)
            self.wave_curves[method].setData(pairs, 2 * np.pi / theta, **dot)
            entries.append((pen, tr(f"scaling.{method}")))
            if method != "default":
                factors.append(f"<nobr>{tr(f'scaling.{method}')} {attention:.4g}</nobr>")
            if method in RAMPED:
                splits.append(_split_note(method, theta / inv, s.scaling_factor))
        if drawn is not None and drawn.inv_freq is not None and s.model is not None:
            # The model's own attention factor and split, in place of its method's defaults.
            factors.append(
                f"<nobr>{html.escape(s.model.name)} {drawn.attention_factor or 1:.4g}</nobr>"
            )
            if own in RAMPED and drawn.factor:
                splits.append(_split_note(own, drawn.inv_freq / inv, drawn.factor))
        yarn = "yarn" in shown and own != "yarn"
        self.paper_curve.setVisible(yarn)
        paper_gap = ""
        if yarn:
            paper = yarn_paper_frequencies(s.head_dim, s.base, s.scaling_factor, s.original_len)
            self.paper_curve.setData(pairs, paper / inv)
            entries.append((self.paper_curve.opts["pen"], tr("scaling.paper")))
            paper_gap = _largest_gap_note(np.abs(scaled(s, "yarn")[0] - paper) / inv)
        entries.append((self.original_wave.opts["pen"], tr("scaling.before")))
        entries.extend(self._draw_model(drawn, inv))
        self.key.setText(key_text(entries))
        self.original_wave.setData(pairs, 2 * np.pi / inv)
        for line, length, key in zip(
            self.lines,
            (s.original_len, s.scaling_factor * s.original_len),
            ("scaling.l0", "scaling.target"),
            strict=True,
        ):
            line.setValue(math.log10(length))
            line.label.setFormat(tr(key, n=f"{round(length):,}"))
            style_marker(line, s)
        self.ratio_plot.setYRange(0, 1.05, padding=0)
        for plot in (self.ratio_plot, self.wave_plot):
            # One pair spans −0.5 … 0.5 (its axis had a tick 1 and no pair 1).
            plot.setXRange(*((-0.5, 0.5) if inv.size == 1 else (0, inv.size - 1)), padding=0.02)
        set_title(self.ratio_plot, tr("scaling.ratio_title"), s)
        set_title(self.wave_plot, tr("scaling.wave_title"), s)
        self.ratio_plot.setLabel("bottom", tr("scaling.pair"))
        self.ratio_plot.setLabel("left", tr("scaling.ratio"))
        self.wave_plot.setLabel("bottom", tr("scaling.pair"))
        self.wave_plot.setLabel("left", tr("scaling.wavelength"))
        for plot in (self.ratio_plot, self.wave_plot):
            style_plot(plot, s)
        self.caption.setText(tr("scaling.caption", base=said_base(s.base)))
        self.result.setText(
            tr(
                "scaling.result",
                factors=", ".join(factors) or "1",
                s=f"{s.scaling_factor:g}",
                l0=f"{s.original_len:,}",
                target=f"{round(s.scaling_factor * s.original_len):,}",
                dynamic=tr("scaling.dynamic_drawn") if "dynamic" in shown else "",
            )
            + (_none_note(inv, s.original_len) if s.scaling_method == "default" else "")
            + "".join(splits)
            + paper_gap
            + (tr("scaling.one_pair") if s.head_dim == 2 and {"ntk", "dynamic"} & {*shown} else "")
        )
        for label in (self.caption, self.key, self.result):
            label.setFont(scaled_font(s.font_scale, 1.05))
        self._place_labels()

    def _place_labels(self, *_: object) -> None:
        for line in self.lines:
            clear_spot(line, self.wave_plot)


def _none_note(inv: np.ndarray, original_len: int) -> str:
    """θ as trained: past L0 the slowest pair turns to angles never seen, unless every pair
    turns at least once within L0 (at base 2, or at L0 1,000,000 with base 10000)."""
    longest = float(2 * np.pi / inv.min())
    if longest > original_len:
        return tr("scaling.none_note", longest=f"{longest:,.0f}")
    return tr("scaling.none_turned", longest=f"{longest:,.4g}")


def _split_note(method: str, ratio: np.ndarray, factor: float) -> str:
    """What the method's curve shows at these settings: which pairs keep θ, which are
    divided by s and which lie between (at base 2 transformers' YaRN divides every pair and
    Llama 3.1 none; at L0 1,000,000 YaRN divides none by the whole s)."""
    split = split_pairs(ratio, factor)
    name = tr(f"scaling.{method}")
    one = "one" if ratio.size == 1 else "all"  # head_dim 2: not "every pair" of one pair
    if split.kept.size == ratio.size:
        return tr(f"scaling.split_{one}_kept", method=name)
    if split.divided.size == ratio.size:
        return tr(f"scaling.split_{one}_divided", method=name)
    parts = split_parts(split)
    if not split.divided.size:
        parts.append(tr("scaling.split_none_divided", least=f"{ratio.min():.3g}"))
    return tr("scaling.split", method=name, parts=" · ".join(parts))


def _largest_gap_note(apart: np.ndarray) -> str:
    """YaRN's note: the largest gap in θ′/θ between the ramps and every pair at it (not
    whichever argmax returns among equals); at none, that the two agree."""
    largest = float(apart.max())
    # A gap within float64's rounding of θ′/θ ≤ 1 is none: at s = 1 the two are the same,
    # and noise of 1.8e-16 read "the two differ by up to 1.77e-16 (pair 15)".
    if largest <= SAME_WITHIN:
        return tr("scaling.yarn_same")
    at = np.flatnonzero(apart >= largest * (1 - 1e-9))
    first, last = int(at[0]), int(at[-1])
    if first == last or last - first + 1 == at.size:
        where = pair_run(at)
    else:
        where = tr("scaling.at_some", n=at.size, first=first)
    return tr("scaling.yarn_note", gap=f"{largest:.3g}", where=where)
