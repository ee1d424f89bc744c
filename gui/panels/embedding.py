"""Embedding + position = input: embeddings, their PE rows and the sum, on one colour scale."""

from __future__ import annotations

import html
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QPushButton,
    QWidget,
)

from pe_clock.core.examples import input_norms
from pe_clock.core.format import fmt
from pe_clock.core.i18n import tr
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.panel import Panel
from pe_clock.gui.platform.file_dialog import choose_file
from pe_clock.gui.widgets.axes import name_rows
from pe_clock.gui.widgets.colour_bar import colour_bar
from pe_clock.gui.widgets.image import ColumnGroups, DivergingImage, image_plot
from pe_clock.gui.widgets.labels import INTERACTIVE, mark_prose
from pe_clock.gui.widgets.lazy_view import lazy
from pe_clock.gui.widgets.plots import set_title, style_plot
from pe_clock.gui.widgets.stable_label import StableLabel

PANELS = 3


class EmbeddingView(Panel):
    """Three stacked heatmaps: embeddings, PE(pos…), and their sum, sharing one colour bar."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self._levels = (-1.0, 1.0)  # the colour scale of all three images
        self._names: list[str] = []
        self.plots: list[pg.PlotItem] = []
        self.images: list[DivergingImage] = []
        for row in range(PANELS):
            plot, image = image_plot(self, self.graphics, row, 0, theme=self._theme)
            self.plots.append(plot)
            self.images.append(image)
        self.colorbar = colour_bar(self, self._theme, self.images)
        self.graphics.addItem(self.colorbar, row=0, col=1, rowspan=PANELS)

        # ‖E‖, ‖PE‖, ‖E + PE‖ and the cosine per token: they change with pos (E·PE does), so
        # plain text in a fixed slot.
        self.norms = StableLabel(fill=True)
        self.norms.setTextFormat(Qt.TextFormat.PlainText)
        self.scale_check = QCheckBox()
        self.load_button = QPushButton()
        self.examples_button = QPushButton()
        self.buttons = buttons = QWidget()
        buttons.setProperty(INTERACTIVE, True)
        row_layout = QHBoxLayout(buttons)
        row_layout.setContentsMargins(0, 0, 0, 0)
        row_layout.addWidget(self.scale_check)
        row_layout.addSpacing(16)
        row_layout.addWidget(self.load_button)
        row_layout.addWidget(self.examples_button)
        row_layout.addStretch(1)
        layout = self.arrange(below=[self.norms.slot, buttons], result=False)
        layout.setContentsMargins(4, 4, 4, 4)
        mark_prose(self.norms.slot)

        self.load_button.clicked.connect(self._on_load_button_clicked)
        self.examples_button.clicked.connect(self._on_examples_button_clicked)
        self.scale_check.toggled.connect(self._on_scale_check_toggled)
        # Where dimensions outnumber the pixels, each pixel column shows their mean.
        self.columns = ColumnGroups(self.plots[0], lambda: state.d_model, self._on_groups_changed)
        state.observe(
            ["table", "embeddings", "language", "font_scale", "scale_embeddings"],
            self._request_sync,
        )
        state.observe(["pos"], self._sync_pos)
        self._request_sync()

    def rows(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(embeddings as the model scales them, PE rows of pos, pos+1, …, their sum), each
        (n, d_model)."""
        s = self._state
        embeddings = self.embeddings()
        pe = s.pe_rows(s.pos, s.pos + embeddings.shape[0])
        return embeddings, pe, embeddings + pe

    def embeddings(self) -> np.ndarray:
        """The token embeddings as the model scales them, (n, d_model)."""
        s = self._state
        rows = s.embedding_rows()
        return rows * math.sqrt(s.d_model) if s.scale_embeddings else rows

    def _sync(self) -> None:
        """What does not move with pos: once per parameter, embedding or language change."""
        s = self._state
        n = s.embedding_rows().shape[0]
        if s.embeddings_loaded:
            names = [tr("embed.row", n=i) for i in range(n)]
            # The title is rich text: a file's name is shown as it is, never as markup.
            first_title = tr("embed.tokens_loaded", file=html.escape(s.embeddings_file))
        else:
            tokens = tr("embed.token_names").split("|")
            names = [tokens[i % len(tokens)] for i in range(n)]
            first_title = tr("embed.tokens_example")
        # Fixed titles: a title that changed with pos would re-lay out the figure every step.
        titles = (first_title, tr("embed.pe"), tr("embed.sum"))
        for plot, title in zip(self.plots, titles, strict=True):
            plot.setRange(xRange=(0, s.d_model), yRange=(0, n), padding=0)
            set_title(plot, title, s)
            style_plot(plot, s)
        style_plot(self.colorbar, s)
        # Rows named relative to pos, so that no label changes (and re-lays out) with a step.
        pe_names = ["pos" if i == 0 else f"pos+{i}" for i in range(n)]
        sums = [f"{a} + {b}" for a, b in zip(names, pe_names, strict=True)]
        rows = (names, pe_names, sums)
        name_rows(list(zip(self.plots, rows, strict=True)), s.font_scale)
        root = math.sqrt(s.d_model)
        pe_norm = math.sqrt(s.d_model / 2)
        scaled = tr("embed.scaled" if s.scale_embeddings else "embed.unscaled")
        self.caption.setText(
            tr("embed.caption", pe_norm=f"{pe_norm:.4g}", root=f"{root:.4g}", scaled=scaled)
            + _larger_part(np.linalg.norm(self.embeddings(), axis=1), pe_norm)
        )
        self.caption.setFont(scaled_font(s.font_scale))
        self._names = names
        self.norms.setFont(scaled_font(s.font_scale))
        # A line per token, and one for positions past the table's end.
        self.norms.slot.setFixedHeight(self.norms.fontMetrics().lineSpacing() * (n + 1) + 6)
        with QSignalBlocker(self.scale_check):
            self.scale_check.setChecked(s.scale_embeddings)
        self.buttons.setFont(scaled_font(s.font_scale))  # in presenter mode too
        self.scale_check.setText(tr("embed.scale_switch"))
        self.scale_check.setToolTip(tr(Picture.FIELDS["scale_embeddings"].tip))
        self.load_button.setText(tr("embed.load"))
        self.load_button.setToolTip(tr("tip.load_embeddings"))
        self.examples_button.setText(tr("embed.examples"))
        self.examples_button.setToolTip(tr("tip.example_embeddings"))
        self.examples_button.setEnabled(s.embeddings_loaded)
        # One scale for all three, in steps of 0.5, that stays while pos moves: a colour is the
        # same number at every step. Every |PE| <= 1, so every sum lies within max|E| + 1.
        embeddings = self.embeddings()
        limit = max(1.0, math.ceil(2 * (float(np.abs(embeddings).max()) + 1)) / 2)
        self._levels = (-limit, limit)
        self.colorbar.setLevels(self._levels)
        self.colorbar.setLabel("left", tr("embed.scale", limit=f"{limit:g}"))
        self._sync_images()

    def _sync_images(self) -> None:
        """The embeddings, then the rows that move with pos, at the width the plots now have."""
        embeddings = self.embeddings()
        rect = QRectF(0, 0, self._state.d_model, embeddings.shape[0])
        self.images[0].display(embeddings, rect, self._levels, self.columns.update())
        self.plots[-1].setLabel("bottom", tr("heatmap.x_interleaved") + self.columns.note())
        self._sync_pos()

    def _on_groups_changed(self) -> None:
        if self._names:  # else never drawn: the first sync draws at the width of then
            self._sync_images()

    @lazy
    def _sync_pos(self) -> None:
        embeddings, pe, total = self.rows()
        rect = QRectF(0, 0, self._state.d_model, embeddings.shape[0])
        for image, data in zip(self.images[1:], (pe, total), strict=True):
            image.display(data, rect, self._levels, self.columns.group)
        norm_e, norm_pe, norm_total, cosine = input_norms(embeddings, pe)
        s = self._state
        first, last = max(s.pos, s.max_len), s.pos + embeddings.shape[0] - 1
        positions = str(last) if first == last else tr("range", first=first, last=last)
        past = (
            tr("embed.past_table", positions=positions, end=s.max_len - 1, max_len=s.max_len)
            if last >= s.max_len
            else ""
        )
        self.norms.setText(
            "\n".join(
                tr(
                    "embed.norms",
                    name=name,
                    e=f"{a:.4g}",
                    pe=f"{b:.4g}",
                    total=f"{c:.4g}",
                    cosine=fmt(d, 3),
                )
                for name, a, b, c, d in zip(
                    self._names, norm_e, norm_pe, norm_total, cosine, strict=True
                )
            )
            + ("\n" + past if past else "")
        )

    def _on_load_button_clicked(self) -> None:
        path = choose_file(self, tr("embed.load"), "", tr("export.filter_npy"), save=False)
        if path:
            self._state.load_embeddings(path)

    def _on_scale_check_toggled(self, checked: bool) -> None:
        self._state.request(scale_embeddings=checked)

    def _on_examples_button_clicked(self) -> None:
        self._state.set_embeddings(None)


def _larger_part(norms: np.ndarray, pe_norm: float) -> str:
    """Which part of the sums is the larger, from the embeddings' lengths as drawn: with
    × √d_model on, the caption still said PE while ‖E‖ = 261.9 stood beside ‖PE‖ = 16."""
    values = {"pe": f"{pe_norm:.4g}", "low": f"{norms.min():.4g}", "high": f"{norms.max():.4g}"}
    if norms.max() < pe_norm:
        return tr("embed.pe_larger", **values)
    if norms.min() > pe_norm:
        return tr("embed.e_larger", **values)
    return tr("embed.mixed", **values)
