"""Every view PE Clock can show or export, registered once.

The window's tabs, the export dialog, the command line's ``--view`` choices and the exports read
this list. A new panel is one file and one line here. Classes are named as "module:Class" and
imported on first use, so the command line checks a view name without starting Qt.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pe_clock.core.i18n import tr
from pe_clock.core.params import check_choice

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QWidget

    from pe_clock.gui.model.state import AppState


@dataclass(frozen=True)
class ViewSpec:
    """One registered view.

    name: its ``--view`` name, which is also its module's name; its title is the catalogue's
    ``view.<name>`` and, if it is a tab, its tab text is ``tab.<name>``. moves: whether it
    draws pos (a clicker step changes it); the console says pos only for those.
    """

    name: str
    tab: bool
    size: tuple[int, int]
    target: str
    moves: bool = True

    @property
    def title(self) -> str:
        return tr(f"view.{self.name}")

    @property
    def tab_title(self) -> str:
        return tr(f"tab.{self.name}")

    def load(self) -> Callable[[AppState], QWidget]:
        """The view's class (imports its module the first time): call it with a state."""
        module, _, cls = self.target.partition(":")
        loaded: Callable[[AppState], QWidget] = getattr(importlib.import_module(module), cls)
        return loaded


#: name, shown as a tab?, default export size (the window's is the seed's 1600 x 900), class.
REGISTRY = (
    ViewSpec("window", True, (1600, 900), "pe_clock.gui.figures.window:WindowView"),
    ViewSpec("heatmap", False, (1000, 800), "pe_clock.gui.figures.heatmap:HeatmapView"),
    ViewSpec("clock", False, (1400, 800), "pe_clock.gui.figures.clock:ClockView"),
    ViewSpec("bigclock", False, (1000, 800), "pe_clock.gui.figures.bigclock:BigclockView"),
    ViewSpec("dials", False, (1200, 800), "pe_clock.gui.figures.dials:DialsView"),
    ViewSpec("rotation", False, (1400, 600), "pe_clock.gui.figures.rotation:RotationView"),
    ViewSpec("embedding", True, (1400, 800), "pe_clock.gui.panels.embedding:EmbeddingView"),
    ViewSpec("worked", True, (1000, 420), "pe_clock.gui.panels.worked:WorkedView"),
    ViewSpec("unique", True, (1200, 700), "pe_clock.gui.panels.unique:UniqueView", moves=False),
    ViewSpec("distance", True, (1400, 700), "pe_clock.gui.panels.distance:DistanceView"),
    ViewSpec(
        "wavelength",
        True,
        (1200, 700),
        "pe_clock.gui.panels.wavelength:WavelengthView",
        moves=False,
    ),
    ViewSpec("beyond", True, (1400, 800), "pe_clock.gui.panels.beyond:BeyondView", moves=False),
    ViewSpec("why", True, (1400, 800), "pe_clock.gui.panels.why:WhyView", moves=False),
    ViewSpec("rope", True, (1400, 800), "pe_clock.gui.panels.rope:RopeView"),
    ViewSpec("scaling", True, (1400, 800), "pe_clock.gui.panels.scaling:ScalingView", moves=False),
    ViewSpec("alibi", True, (1400, 800), "pe_clock.gui.panels.alibi:AlibiView", moves=False),
    ViewSpec("learned", True, (1600, 900), "pe_clock.gui.panels.learned:LearnedView", moves=False),
)
VIEWS = {spec.name: spec for spec in REGISTRY}
VIEW_NAMES = tuple(VIEWS)
TABS = tuple(spec for spec in REGISTRY if spec.tab)
#: Views that can be on stage, in the order the keys move through them: every registered
#: view but the window's three figures together (a slide is one picture).
STAGE_VIEWS = tuple(spec.name for spec in REGISTRY if spec.name != "window")


def check_view(view: object, name: str = "--view") -> str:
    """A registered view's name; a ValueError naming the choices for anything else."""
    return check_choice(name, view, VIEW_NAMES)
