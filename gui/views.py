"""Every view PE Clock can show or export, registered once, with what it draws.

The window's tabs, the export dialog, the command line's ``--view`` choices, the exports, the
notebook widget's controls and the model -> view table read this list. A view declares the
fields it draws (the widget's controls, in this order; its panel's own row builds those of
them that are not the window's main controls) and the model schemes it shows (a model of
another scheme is refused on it, everywhere). A new panel is one file and one entry here.
Classes are named as "module:Class" and imported on first use, so the command line checks a
view name without starting Qt.
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
    ``view.<name>`` and, if it is a tab, its tab text is ``tab.<name>``. package: "figures"
    (the design card's three views) or "panels" (a teaching panel). moves: whether it
    draws pos (a clicker step changes it); the console says pos only for those. fields: the
    state's fields it draws, as a student sets them (`gui.model.picture`). schemes: the model
    schemes whose positions it draws (`core.models.config`'s group schemes). in_place: the
    fields a notebook's frame draws on the figure already laid out (`Figure.refit`); any
    other change builds the figure anew. A view's layout may keep traces of the values it
    was laid out for, so a field is drawn in place only where the tests find every frame
    equal to a new figure's (they compare every view after every control).
    """

    name: str
    tab: bool
    size: tuple[int, int]
    package: str
    fields: tuple[str, ...]
    schemes: tuple[str, ...] = ()
    moves: bool = True
    in_place: tuple[str, ...] = ("pos", "k", "d_model", "max_len", "base", "layout")

    @property
    def target(self) -> str:
        """Its class, "module:Class": heatmap -> gui/figures/heatmap.py -> HeatmapView."""
        return f"pe_clock.gui.{self.package}.{self.name}:{self.name.title()}View"

    @property
    def controls(self) -> tuple[str, ...]:
        """What a student sets on this view: its fields, and a model where it shows one."""
        return (*self.fields, "model") if self.schemes else self.fields

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


#: The fields of the course's table, and of the figures that only read it (no pos).
_TABLE = ("pos", "k", "d_model", "max_len", "base", "layout")
_STILL = ("d_model", "max_len", "base", "layout")
#: The large clock marks positions past the training length and, asked, its hands' trails;
#: its hands are the pairs chosen for it.
_CLOCK = (*_TABLE, "train_len", "trails", "clock_pairs")
#: The pair outlined (the heatmap's column, the dials' ring, R(k)'s block, RoPE's dial).
_PAIR = "selected_pair"
#: DistilBERT's fixed sinusoids are the course's table: every view of it shows them.
_SINE = ("sinusoidal",)
_ROPE = ("pos", "k", "head_dim", "rope_layout", "base")
_SCALING = ("scaling_method", "scaling_factor", "original_len", "head_dim", "base")

#: name, shown as a tab?, default export size (the window's is the seed's 1600 x 900), package,
#: fields, schemes.
REGISTRY = (
    # The window's k and the Learned view's base lay their figures out anew.
    ViewSpec("window", True, (1600, 900), "figures", (*_CLOCK, _PAIR), _SINE, in_place=("pos",)),
    ViewSpec("heatmap", False, (1000, 800), "figures", (*_TABLE, "train_len", _PAIR), _SINE),
    ViewSpec("clock", False, (1400, 800), "figures", (*_CLOCK, _PAIR), _SINE),
    ViewSpec("bigclock", False, (1000, 800), "figures", _CLOCK, _SINE),
    ViewSpec("dials", False, (1200, 800), "figures", (*_TABLE, _PAIR), _SINE),
    ViewSpec("rotation", False, (1400, 600), "figures", (*_TABLE, _PAIR), _SINE),
    ViewSpec("embedding", True, (1400, 800), "panels", (*_TABLE, "scale_embeddings"), _SINE),
    ViewSpec("worked", True, (1000, 420), "panels", ("pos", "base")),
    ViewSpec("unique", True, (1200, 700), "panels", _STILL, _SINE, moves=False),
    ViewSpec("distance", True, (1400, 700), "panels", _TABLE, _SINE),
    ViewSpec("wavelength", True, (1200, 700), "panels", _STILL, _SINE, moves=False),
    ViewSpec("beyond", True, (1400, 800), "panels", (*_STILL, "train_len"), moves=False),
    ViewSpec("why", True, (1400, 800), "panels", ("why_pe", "base"), moves=False),
    ViewSpec("rope", True, (1400, 800), "panels", (*_ROPE, _PAIR), ("rope",)),
    ViewSpec("scaling", True, (1400, 800), "panels", _SCALING, ("rope",), moves=False),
    ViewSpec(
        "alibi", True, (1400, 800), "panels", ("alibi_heads", "causal"), ("alibi",), moves=False
    ),
    ViewSpec(
        "learned", True, (1600, 900), "panels", ("base",), ("learned",), moves=False, in_place=()
    ),
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
