"""Every sentence true at every setting, not at the defaults alone (the audit's finding).

Each view is drawn over a grid of settings (base 2, 10000 and 1e6; d_model 4, 512 and 8192;
the shortest and longest training lengths; every extension method at s = 1 and s = 8 and at
the extreme trained lengths; the embeddings scaled and not), in both languages. Every text it
shows must be filled in (no placeholder, particle alternation, nan or inf left), and each
sentence whose truth depends on the settings is checked against the numbers it speaks about.
"""

import itertools
import re

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QLabel

from pe_clock.core.i18n import PARTICLES, set_language, tr
from pe_clock.core.params import MAX_LEN
from pe_clock.core.rope import rope_inverse_frequencies
from pe_clock.core.scaling import SAME_WITHIN, split_pairs, yarn_paper_frequencies
from pe_clock.gui.model.picture import MAX_ORIGINAL_LEN, SCALING_CHOICES
from pe_clock.gui.panels.scaling import RAMPED, scaled
from pe_clock.gui.views import REGISTRY

BASES = (2.0, 10000.0, 1e6)
WIDTHS = (4, 512, 8192)
#: (base, d_model, train_len, scale_embeddings, language): every base with every width, the
#: shortest and longest training lengths, scaling on and off and the two languages in turn.
GRID = [
    (base, d_model, (1, MAX_LEN)[n // 2 % 2], bool(n // 4 % 2), ("en", "ko")[n % 2])
    for n, (base, d_model) in enumerate(itertools.product(BASES, WIDTHS))
]
LEFT_OVER = re.compile(
    r"\{\w*\}|" + "|".join(re.escape(p) for p in PARTICLES) + r"|\bnan\b|\binf\b", re.IGNORECASE
)


def shown_texts(view) -> list[str]:
    """The texts a view shows: its labels, and its plots' titles, axis labels and text items."""
    texts = [label.text() for label in view.findChildren(QLabel) if label.isVisibleTo(view)]
    for graphics in view.findChildren(pg.GraphicsView):
        for item in graphics.scene().items():
            if isinstance(item, pg.LabelItem) and item.isVisible():
                texts.append(item.text)
            elif isinstance(item, pg.TextItem) and item.isVisible():
                texts.append(item.toPlainText())
            elif isinstance(item, pg.AxisItem) and item.isVisible():
                texts.append(item.labelText)
    return texts


def check_filled(view, where: str) -> None:
    for text in shown_texts(view):
        found = LEFT_OVER.search(text)
        assert found is None, f"{where}: {found.group()!r} left in {text[:200]!r}"


@pytest.mark.parametrize("spec", REGISTRY, ids=lambda spec: spec.name)
def test_every_view_fills_every_text_at_every_setting(show, state, spec):
    view = None
    try:
        for base, d_model, train_len, scaled_on, language in GRID:
            set_language(language)
            state.set(
                language=language,
                base=base,
                d_model=d_model,
                train_len=train_len,
                scale_embeddings=scaled_on,
                selected_pair=d_model // 2 - 1,
                pos=min(state.max_len - 1, 37),
            )
            if view is None:
                view = show(spec.load(), state, (1400, 850))
            view.grab()  # a lazy view draws when painted
            check_filled(view, f"{spec.name} at {base=}, {d_model=}, {train_len=}, {language}")
            if spec.name == "embedding":
                check_larger_part(view, d_model)
            if spec.name == "heatmap":
                _, (first, stop, group) = view.pixel_window()
                rest = (stop - first) % group
                last = tr("heatmap.mean_cols_last", n=rest) if rest else ""
                said = tr("heatmap.mean_cols", n=f"{group:,}", last=last)
                assert (said in view.readout.text()) == (group > 1), (d_model, group)
                assert group == 1 or d_model > view.plot.getViewBox().width()
    finally:
        set_language("en")


def check_larger_part(view, d_model: int) -> None:
    """Which part of the sums is the larger, said from the lengths drawn."""
    norms = np.linalg.norm(view.embeddings(), axis=1)
    pe = np.sqrt(d_model / 2)
    key = "embed.pe_larger" if norms.max() < pe else "embed.e_larger" if norms.min() > pe else None
    values = dict(pe=f"{pe:.4g}", low=f"{norms.min():.4g}", high=f"{norms.max():.4g}")
    assert tr(key or "embed.mixed", **values) in view.caption.text()


EXTENSION = [
    (method, factor, base, original_len, ("en", "ko")[n % 2])
    for n, (method, factor, base, original_len) in enumerate(
        itertools.product(SCALING_CHOICES, (1.0, 8.0), BASES, (16, MAX_ORIGINAL_LEN))
    )
]


def test_extension_says_what_its_curves_show_at_every_setting(show, state):
    """Each ramped method's split, and YaRN's two ramps agreeing or not, against the core."""
    from pe_clock.gui.panels.scaling import ScalingView

    view = show(ScalingView, state, (1400, 850))
    try:
        for method, factor, base, original_len, language in EXTENSION:
            set_language(language)
            state.set(
                language=language,
                scaling_method=method,
                scaling_factor=factor,
                base=base,
                original_len=original_len,
                head_dim=128,
            )
            where = f"{method} s={factor} base={base} L0={original_len} {language}"
            check_filled(view, where)
            text = view.result.text()
            inv = rope_inverse_frequencies(128, base)
            for ramped in RAMPED:
                name = tr(f"scaling.{ramped}")
                said = tr("scaling.split", method=name, parts="")[:-1].rstrip(": ")
                if method not in (ramped, "all"):
                    assert said not in text, where
                    continue
                ratio = scaled(state, ramped)[0] / inv
                split = split_pairs(ratio, factor)
                if split.kept.size == ratio.size:
                    assert tr("scaling.split_all_kept", method=name) in text, where
                elif split.divided.size == ratio.size:
                    assert tr("scaling.split_all_divided", method=name) in text, where
                else:
                    for key, at in (
                        ("scaling.split_kept", split.kept),
                        ("scaling.split_between", split.between),
                        ("scaling.split_divided", split.divided),
                    ):
                        if at.size:
                            pairs = (
                                tr("scaling.at_pair", pair=int(at[0]))
                                if at.size == 1
                                else tr("scaling.at_pairs", first=int(at[0]), last=int(at[-1]))
                            )
                            assert tr(key, pairs=pairs) in text, where
                            assert np.array_equal(at, np.arange(at[0], at[-1] + 1)), where
                    least = tr("scaling.split_none_divided", least=f"{ratio.min():.3g}")
                    assert (least in text) == (split.divided.size == 0), where
            if method in ("yarn", "all"):
                paper = yarn_paper_frequencies(128, base, factor, original_len)
                gap = float((np.abs(scaled(state, "yarn")[0] - paper) / inv).max())
                agree = tr("scaling.yarn_same").strip() in text
                assert agree == (gap <= SAME_WITHIN), (where, gap)
            # θ as trained: new angles past L0 only if the slowest pair outruns L0.
            longest = float(2 * np.pi / inv.min())
            outrun = tr("scaling.none_note", longest=f"{longest:,.0f}")
            turned = tr("scaling.none_turned", longest=f"{longest:,.4g}")
            assert (outrun in text) == (method == "default" and longest > original_len), where
            assert (turned in text) == (method == "default" and longest <= original_len), where
    finally:
        set_language("en")
