"""Why position? A toy self-attention layer on two sentences with the same words reordered."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QWidget

from pe_clock.core.i18n import tr
from pe_clock.core.toy import TOY_DIM, toy_attention, written
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.axes import name_rows
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import image_plot
from pe_clock.gui.widgets.plots import set_title, style_plot


class WhyView(Panel):
    """Attention weights and outputs of both sentences side by side, with or without PE."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.weight_plots, self.output_plots, weight_images, output_images = [], [], [], []
        for column in range(2):
            # Attention weights are never negative: a sequential map from 0.
            plot, image = image_plot(
                self, self.graphics, 0, column, theme=self._theme, sequential=True
            )
            self.weight_plots.append(plot)  # cells as wide as the panel allows: large blocks
            weight_images.append(image)
            plot, image = image_plot(self, self.graphics, 1, column, theme=self._theme)
            self.output_plots.append(plot)
            output_images.append(image)
        # The second sentence's outputs less the first's rows in its order, row for row, on
        # the outputs' scale: zero (to rounding) without PE, plainly not with it.
        self.difference_plot, self.difference_image = image_plot(
            self, self.graphics, 1, 2, theme=self._theme
        )
        self.weight_images, self.output_images = weight_images, output_images
        # The scales in the third column: both sentences' plots are as wide as each other.
        self.weight_bar = colour_bar(self, self._theme, weight_images, sequential=True)
        self.graphics.addItem(self.weight_bar, 0, 2)
        self.output_bar = colour_bar(
            self, self._theme, [*output_images, self.difference_image], self.difference_plot
        )
        self.arrange()
        state.observe(["why_pe", "base", "language", "font_scale"], self._request_sync)
        self._request_sync()

    def _sync(self) -> None:
        s = self._state
        run = toy_attention(s.language, s.why_pe, s.base)
        # The outputs of both sentences on one scale, up to their largest in steps of 0.1:
        # without PE they are small, and on the scale of the outputs with PE (±2) they were
        # black on a dark stage. The weights (0 to 1, most near 1/n) likewise, from 0.
        largest = max(float(abs(o).max()) for o in run.outputs)
        limit = max(0.1, math.ceil(10 * largest) / 10)
        self.output_bar.setLevels((-limit, limit))
        heaviest = max(float(w.max()) for w in run.weights)
        weight_limit = math.ceil(10 * heaviest) / 10
        self.weight_bar.setLevels((0.0, weight_limit))
        n = len(run.tokens[0])
        sentences = written(s.language)
        for column, tokens in enumerate(run.tokens):
            self.weight_images[column].display(
                run.weights[column], QRectF(0, 0, n, n), (0.0, weight_limit)
            )
            self.output_images[column].display(
                run.outputs[column], QRectF(0, 0, TOY_DIM, n), (-limit, limit)
            )
            sentence = sentences[column]
            set_title(self.weight_plots[column], tr("why.weights", sentence=sentence), s)
            set_title(self.output_plots[column], tr("why.outputs", sentence=sentence), s)
            self.weight_plots[column].getAxis("bottom").set_cells(n, names=tokens)
            self.weight_plots[column].setRange(xRange=(0, n), yRange=(0, n), padding=0)
            self.output_plots[column].setRange(xRange=(0, TOY_DIM), yRange=(0, n), padding=0)
            self.output_plots[column].setLabel("bottom", tr("why.dimension"))
            self.output_plots[column].getAxis("bottom").set_cells(TOY_DIM)
        self.difference_image.display(
            run.outputs[1] - run.outputs[0][run.order], QRectF(0, 0, TOY_DIM, n), (-limit, limit)
        )
        difference = self.difference_plot
        # its largest on the slide itself (0.78 with PE, 1e-16 without), not only in the
        # colours near the map's middle
        gap = f"{run.gap:.2g}" if s.why_pe else f"{run.gap:.0e}"
        title = tr("why.difference", a=sentences[0], b=sentences[1], gap=gap)
        set_title(difference, title, s)
        difference.setRange(xRange=(0, TOY_DIM), yRange=(0, n), padding=0)
        difference.setLabel("bottom", tr("why.dimension"))
        difference.getAxis("bottom").set_cells(TOY_DIM)
        plots = [*self.weight_plots, *self.output_plots, difference]
        self.weight_bar.setLabel("left", tr("why.weight_scale"))
        self.output_bar.setLabel("left", tr("why.output_scale"))
        for plot in (*plots, self.weight_bar, self.output_bar):
            style_plot(plot, s)
        # After the axes have their type and ticks: the rows' names are measured in them.
        name_rows(
            [
                (p, list(tokens))
                for p, tokens in zip(plots, [*run.tokens * 2, run.tokens[1]], strict=True)
            ],
            s.font_scale,
        )
        moved = run.tokens[0][run.order[0]]  # the first word of b, which stood elsewhere in a
        if s.why_pe:
            text = tr("why.differ", gap=f"{run.gap:.3g}")
        else:
            text = tr("why.same", gap=f"{run.gap:.1e}", word=moved)
        self.result.setText(text)
        # With PE on, the caption says what PE changes, not the no-PE identity alone: under
        # "Add PE, and word order counts" the no-PE sentence read as if it still held.
        caption = "why.caption_pe" if s.why_pe else "why.caption"
        self.caption.setText(tr(caption, a=sentences[0], b=sentences[1], d=TOY_DIM))
        for label in (self.caption, self.result):
            label.setFont(scaled_font(s.font_scale, 1.1))
