"""Beyond the trained length: sinusoidal PE goes on, a learned table (BERT: 512 rows) ends."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QWidget

from pe_clock.core.binning import mean_rows
from pe_clock.core.examples import learned_table_example
from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import ColumnGroups, image_plot
from pe_clock.gui.widgets.plots import (
    PlotNote,
    filled_rect,
    marker_line,
    set_title,
    style_marker,
    style_plot,
)

#: Rows drawn for each table (each row is the exact mean of the positions it covers).
ROWS = 600


#: Learned position tables of published models: (name, rows = max_len, width = d_model).
LEARNED_TABLES = (("GPT-2", 1024, 768), ("BERT", 512, 768))


class BeyondView(Panel):
    """Positions 0..2·training length: PE continues past the shaded part, a learned table stops."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self.sin_plot, self.sin_image = image_plot(self, self.graphics, 0, 0, theme=self._theme)
        self.learned_plot, self.learned_image = image_plot(
            self, self.graphics, 0, 1, theme=self._theme
        )
        # Not linked: both show positions 0 … span by their ranges (linked, they mapped each
        # other's range by pixels, and lost positions 0–61 while their heights differed);
        # their dimension titles alike, so that their rows line up.
        below = [plot.getAxis("bottom") for plot in (self.sin_plot, self.learned_plot)]
        below[0].share_title_form(below[1])
        below[1].share_title_form(below[0])
        images = [self.sin_image, self.learned_image]
        self.colorbar = colour_bar(self, self._theme, images, self.learned_plot)
        for column in (0, 1):  # side by side alike (the longer title widened its panel)
            self.graphics.ci.layout.setColumnStretchFactor(column, 1)
        self.shade = filled_rect(QBrush(self._theme.beyond_shade))
        self.missing = filled_rect(QBrush(self._theme.missing_hatch, Qt.BrushStyle.BDiagPattern))
        self.sin_plot.addItem(self.shade)
        self.learned_plot.addItem(self.missing)
        self.lines = []
        for plot in (self.sin_plot, self.learned_plot):
            line = marker_line(self._theme)
            plot.addItem(line)
            self.lines.append(line)
        self.missing_text = PlotNote(
            self.learned_plot, color=self._theme.text, fill=self._theme.label_fill
        )
        self.missing_text.setZValue(self.missing.zValue() + 1)  # on the hatching, not under
        # Where dimensions outnumber the pixels, each pixel column shows their mean: grouped for
        # the narrower plot (the learned table's, beside the colour bar), the same in both.
        self.columns = ColumnGroups(self.learned_plot, lambda: state.d_model, self._request_sync)
        self.arrange()  # the result line: the learned tables' parameter counts
        state.observe(["table", "train_len", "language", "font_scale"], self._request_sync)
        self._request_sync()

    def span(self) -> int:
        """Positions shown: twice the training length, at least max_len (beyond MAX_LEN
        too: PE is defined there, and a training length of MAX_LEN still has a beyond)."""
        s = self._state
        return max(s.max_len, 2 * s.train_len)

    def _sync(self) -> None:
        s = self._state
        span, trained = self.span(), s.train_len
        step = -(-span // ROWS)
        sinusoid = mean_rows(0, span, step, s.d_model, s.base)
        group = self.columns.update()
        rect = QRectF(0, 0, s.d_model, sinusoid.shape[0] * step)
        self.sin_image.display(sinusoid, rect, group=group)
        learned = learned_table_example(min(trained, ROWS), s.d_model)
        self.learned_image.display(learned, QRectF(0, 0, s.d_model, trained), group=group)
        self.shade.setRect(QRectF(0, trained, s.d_model, span - trained))
        self.missing.setRect(QRectF(0, trained, s.d_model, span - trained))
        self.missing_text.setText(tr("beyond.no_row", n=f"{trained:,}"))
        self.missing_text.setPos(s.d_model / 2, (trained + span) / 2)
        self.missing_text.setVisible(trained < span)
        for plot in (self.sin_plot, self.learned_plot):
            plot.setRange(xRange=(0, s.d_model), yRange=(0, span), padding=0)
            plot.setLabel("bottom", tr("rotation.dimension") + self.columns.note())
        self.sin_plot.setLabel("left", tr("heatmap.y"))
        for line in self.lines:
            line.setValue(trained)
            line.label.setFormat(tr("heatmap.trained", n=f"{trained:,}"))
            style_marker(line, s)
        set_title(self.sin_plot, tr("beyond.sinusoid"), s)
        set_title(self.learned_plot, tr("beyond.learned", n=f"{trained:,}"), s)
        self.colorbar.setLabel("left", tr("beyond.scale"))
        for plot in (self.sin_plot, self.learned_plot, self.colorbar):
            style_plot(plot, s)
        self.missing_text.setFont(scaled_font(s.font_scale, 1.2))
        self.caption.setText(tr("beyond.caption", n=f"{trained:,}"))
        tables = ", ".join(
            tr("beyond.table", name=name, rows=rows, width=width, count=f"{rows * width:,}")
            for name, rows, width in LEARNED_TABLES
        )
        count = f"{trained * s.d_model:,}"
        drawn = min(trained, ROWS)
        sampled = tr("beyond.sampled", n=f"{drawn:,}") if drawn < trained else ""
        self.result.setText(
            tr(
                "beyond.params",
                tables=tables,
                rows=f"{trained:,}",
                d_model=s.d_model,
                count=count,
                sampled=sampled,
            )
        )
        self.result.setFont(scaled_font(s.font_scale, 1.1))
        self.caption.setFont(scaled_font(s.font_scale, 1.1))
