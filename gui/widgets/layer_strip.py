"""An opened model's layers in one row: a cell per layer, coloured by the group of layers
that share its position scheme (hollow where a layer has no positions at all), the shown
group outlined; a click on a RoPE layer shows its group's numbers. Under it, the key: each
group's layers and numbers. Hidden while no model with a config is open."""

from __future__ import annotations

import html

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from pe_clock.core.format import fmt_base
from pe_clock.core.i18n import tr
from pe_clock.core.models.config import trained_length
from pe_clock.core.models.describe import drawn_base_line, group_title, key_list, layer_runs
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import Theme, theme_of
from pe_clock.gui.model.opened_model import READERS, group_changes, shown_group
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.cell_row import CellRow
from pe_clock.gui.widgets.labels import mark_prose, rich_label


def group_colours(theme: Theme, count: int) -> list[QColor]:
    """One colour per group, from the theme's distinguishable curve colours."""
    palette = [*theme.curves, theme.fifth]
    return [palette[i % len(palette)] for i in range(count)]


#: The fields a model sets that a user (or --base beside --model) may set over its numbers,
#: with the name the strip gives them: each scheme reader's (`opened_model.READERS`).
OVERRIDDEN = {
    name: said for reader in READERS.values() for name, said in reader.sets.items() if said
}


def overrides(state: AppState) -> list[str]:
    """A line for each number of the shown group that the figure draws otherwise: the strip
    highlights the model's group, so what is drawn instead is said beside it: set over the
    model's (by a user, or --base beside --model), or refused by the view's range."""
    model = state.model
    if model is None or model.config is None:
        return []
    group = model.config.groups[state.model_group]
    reader = READERS.get(group.scheme)
    own = group_changes(model, group)
    if own is None or reader is None or not any(reader.sets.values()):
        return []
    refused = state.model_refused()
    lines = list(refused.values())
    if drawn_base_line(group):  # proportional RoPE: drawn at the base its θ imply
        lines.append(drawn_base_line(group))
    if "bfloat16_gap" in group.details and "alibi_heads" not in refused:
        lines.append(tr("strip.bfloat16_slopes", gap=f"{100 * group.details['bfloat16_gap']:.2f}"))
    for name, label in reader.sets.items():
        if not label or name not in own or own[name] == getattr(state, name) or name in refused:
            continue
        if name == "scaling_factor" and own.get("scaling_method") == "default":
            continue  # θ as trained: the factor is not drawn
        drawn, given = getattr(state, name), own[name]
        text = fmt_base if name == "base" else (lambda v: f"{v:,g}")
        lines.append(tr("strip.override", name=label, value=text(drawn), model=text(given)))
    return lines


class LayerCells(CellRow):
    """The row of cells itself: a cell a layer."""

    CELL_HEIGHT = 22

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        self._theme = theme_of(state)

    def _layers(self) -> list[int]:
        """The group index of each layer."""
        config = self._state.model.config if self._state.model else None
        if config is None:
            return []
        of = {}
        for index, group in enumerate(config.groups):
            for layer in group.layers:
                of[layer] = index
        return [of[layer] for layer in range(config.num_layers)]

    def cell_rect(self, layer: int, count: int) -> QRectF:
        width = (self.width() - 2) / max(count, 1)
        return QRectF(1 + layer * width, 3, max(width - 1.5, 1.0), self.cell_height())

    def paintEvent(self, event: QPaintEvent) -> None:
        layers = self._layers()
        config = self._state.model.config if self._state.model else None
        if not layers or config is None:
            return
        colours = group_colours(self._theme, len(config.groups))
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        shown = self._state.model_group
        for layer, index in enumerate(layers):
            rect = self.cell_rect(layer, len(layers))
            colour = colours[index]
            hollow = config.groups[index].scheme == "none"
            painter.setPen(self._theme.pen(colour, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush if hollow else colour)
            painter.drawRect(rect.adjusted(0.75, 0.75, -0.75, -0.75))
            if index == shown and not hollow:
                painter.setPen(self._theme.pen(self._theme.text, 2.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect.adjusted(-0.5, -2, 0.5, 2))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        layers = self._layers()
        if not layers:
            return
        layer = int((event.position().x() - 1) / ((self.width() - 2) / len(layers)))
        if 0 <= layer < len(layers):
            self._state.choose_model_group(layers[layer])


class LayerStrip(QWidget):
    """The model's name, the cells and the key of its groups; shown while a model with a
    group of one of `schemes` is open (the RoPE tab has nothing to say of GPT-2's layers)."""

    def __init__(
        self,
        state: AppState,
        schemes: tuple[str, ...],
        parent: QWidget | None = None,
        *,
        unscaled: bool = False,
    ) -> None:
        """unscaled: the tab draws θ as trained, so say so when the shown group rescales it
        (the RoPE tab beside Gemma 3's linear ×8)."""
        super().__init__(parent)
        self._state = state
        self._schemes = schemes
        self._unscaled = unscaled
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.cells = LayerCells(state, self)
        self.key = rich_label()
        self.notes = rich_label()
        mark_prose(self.notes)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for widget in (self.title, self.cells, self.key, self.notes):
            layout.addWidget(widget)
        state.observe(["model", "language", "font_scale", *OVERRIDDEN], self.sync)
        self.sync()

    def sync(self, *_: object) -> None:
        s = self._state
        config = s.model.config if s.model else None
        shown = config is not None and any(g.scheme in self._schemes for g in config.groups)
        self.setVisible(shown)
        if s.model is None or config is None or not shown:
            return
        colours = group_colours(theme_of(s), len(config.groups))
        entries = []
        for index, group in enumerate(config.groups):
            mark = "□" if group.scheme == "none" else "■"
            runs = tr("modelinfo.layers", runs=layer_runs(group.layers), n=len(group.layers))
            text = html.escape(f"{runs}: {group_title(group, compact=True)}")
            if index == s.model_group and group.scheme == "rope":
                text = f"<b>{text}</b>"
            colour = colours[index].name()
            entries.append(f"<span style='color:{colour}'>{mark}</span> {text}")
        shown_rope = shown_group(s)
        if self._unscaled and shown_rope is not None and shown_rope.drawn_type != "default":
            kind = f"{shown_rope.rope_type} ×{shown_rope.factor or 0:g}"
            entries.append(html.escape(tr("strip.unscaled", kind=kind)))
        # What the figure draws over the model's own numbers: in the key, which every figure
        # keeps (the notes below are left out of a small one).
        entries.extend(html.escape(line) for line in overrides(s))
        self.key.setText("<br>".join(entries))
        # What the config says that PE Clock does not read, and what it took as transformers'
        # defaults: named on screen, never dropped silently (a slide leaves it to the console).
        notes = []
        if config.defaults:
            notes.append(tr("modelinfo.default", value=", ".join(config.defaults)))
        if config.unknown:
            notes.append(tr("modelinfo.not_read", keys=key_list(config.unknown)))
        if (
            shown_rope is not None
            and shown_rope.rope_type == "linear"
            and shown_rope.original_max_position_embeddings is None
            and shown_rope.factor
            and config.max_position_embeddings
        ):
            longest = f"{config.max_position_embeddings:,}"
            factor = f"{shown_rope.factor:g}"
            l0 = f"{trained_length(config, shown_rope):,}"
            notes.append(tr("strip.l0_inferred", l0=l0, longest=longest, factor=factor))
        self.notes.setText("<br>".join(html.escape(note) for note in notes))
        self.notes.setVisible(bool(notes))
        name = html.escape(s.model.name)
        self.title.setText(
            tr(
                "strip.title",
                name=f"<b>{name}</b>",
                model_type=html.escape(config.model_type or "?"),
                layers=config.num_layers,
            )
        )
        self.cells.setToolTip(tr("strip.click"))
        for label in (self.title, self.key, self.notes):
            label.setFont(scaled_font(s.font_scale))
        self.cells.setFixedHeight(self.cells.row_height())
        self.cells.update()
