"""The base of the teaching panels: the state, the theme, and the layout every panel shares.

A panel states what it shows, its own controls and plots; the base lays them out the same way
in every tab: the caption, the row of the panel's controls (when it has any), what goes above
the figure, the figure, what goes under it, and the result line.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.model.state import AppState
from pe_clock.gui.panels.options import Options
from pe_clock.gui.widgets.labels import mark_prose, rich_label
from pe_clock.gui.widgets.lazy_view import LazyView
from pe_clock.gui.widgets.plots import graphics_area


class Panel(LazyView):
    """A teaching panel: it draws the state, in a theme fixed for the panel (exports build a
    panel per theme), under a rich-text caption, with its result line under the figure. The
    caption and the result are prose: a slide leaves them to the console and the handout."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._theme = theme_of(state)
        self.caption = rich_label()
        self.options = Options(state, self)  # hidden if the panel adds no control
        self.result = rich_label()
        self.result.setParent(self)  # a child, hidden until `arrange` lays it out
        self.result.hide()
        mark_prose(self.caption, self.result)

    @functools.cached_property
    def graphics(self) -> pg.GraphicsLayoutWidget:
        """The figure's plots, made on first use (the worked example's figure is a table)."""
        return graphics_area(self._theme)

    def arrange(
        self,
        *,
        above: Sequence[QWidget] = (),
        below: Sequence[QWidget] = (),
        result: bool = True,
    ) -> QVBoxLayout:
        """Lay the panel out, after its controls and plots are made: the caption, the
        controls' row (those the panel made, then each its view's fields declare for a row:
        the view is the panel's module's name, as `gui.views` registers it), `above`, the
        graphics (they take the room left), `below`, and the result line (unless the panel
        has none)."""
        self.options.declared(type(self).__module__.rpartition(".")[2])
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        if self.options.has_controls():
            self.options.finish()
            layout.addWidget(self.options)
        else:
            self.options.hide()
        for widget in above:
            layout.addWidget(widget)
        layout.addWidget(self.graphics, 1)
        for widget in below:
            layout.addWidget(widget)
        if result:
            layout.addWidget(self.result)
            self.result.show()
        return layout
