"""The window's three figures in one widget: heatmap and clock hands above, R(k) below."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from pe_clock.gui.figures.clock import ClockView
from pe_clock.gui.figures.heatmap import HeatmapView
from pe_clock.gui.figures.rotation import RotationView
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.lazy_view import LazyView


class WindowView(LazyView):
    """Composes the three views around one state; used by the window and by exports. Its
    hooks are its three views' (each draws its own part)."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heatmap_view = HeatmapView(state)
        self.clock_view = ClockView(state)
        self.rotation_view = RotationView(state)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.heatmap_view)
        top.addWidget(self.clock_view)
        # The heatmap's share: on a 1920 x 1080 screen its plot has a pixel column for each of
        # d_model 512's dimensions (at 520 : 800 it had 334 pixels).
        top.setSizes([950, 1050])
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.rotation_view)
        self.splitter.setSizes([460, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab stops at each of its three figures

    def parts(self) -> tuple[LazyView, ...]:
        """Its three figures: the heatmap, the clock and R(k)."""
        return (self.heatmap_view, self.clock_view, self.rotation_view)

    def prepare_export(self) -> None:
        for part in self.parts():
            part.prepare_export()

    def prepare_slide(self) -> None:
        for part in self.parts():
            part.prepare_slide()

    def views(self) -> dict[str, QWidget]:
        return {
            "heatmap": self.heatmap_view,
            "clock": self.clock_view,
            # The large clock and the dial grid alone are parts of the clock view on screen.
            "bigclock": self.clock_view.clock_widget,
            "dials": self.clock_view.grid_widget,
            "rotation": self.rotation_view,
        }
