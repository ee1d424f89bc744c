"""Every view PE Clock can show or export, registered once, with what it draws and its rules.

The window's tabs, the export dialog, the command line's ``--view`` choices, the exports, the
notebook widget's controls, the stage, captions, ``code`` and the model -> view choice read
this list. A view declares the fields it draws (the widget's controls, in this order; its
panel's own row builds those of them whose control sits in a row), the model schemes it
shows (a model of another scheme is refused on it, everywhere) and the one it opens for,
what a figure of it needs, and the writer of its script. A new panel is one file, one entry
here and its script's writer. Classes are named as "module:Class" and imported on first use,
so the command line checks a view name without starting Qt."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pe_clock.core.i18n import tr
from pe_clock.core.params import check_choice

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

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
    equal to a new figure's (they compare every view after every control). opens: the
    models it is the view opened for, by their lead scheme (`opened_model.lead_scheme`:
    "scaled rope" is a RoPE model whose config rescales θ). needs_table: a figure of it
    needs a model's learned table (the window and the widget may show it without one, and
    say so). embeddings: it draws token embeddings (a .npy file's rows). staged_as: the view
    the stage shows in its place ("" itself; a slide is one picture). caption: catalogue key
    of its caption line ("" the parameter line). script: the writer of its code
    (`core.figure_code.WRITERS`; "" its name).
    """

    name: str
    tab: bool
    size: tuple[int, int]
    package: str
    fields: tuple[str, ...]
    schemes: tuple[str, ...] = ()
    moves: bool = True
    in_place: tuple[str, ...] = ("pos", "k", "d_model", "max_len", "base", "layout")
    opens: tuple[str, ...] = ()
    needs_table: bool = False
    embeddings: bool = False
    staged_as: str = ""
    caption: str = ""
    script: str = ""

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

    @property
    def writer(self) -> str:
        """The name of its script's writer in `core.figure_code.WRITERS`."""
        return self.script or self.name

    @property
    def torch(self) -> bool:
        """Whether its script can write the table in PyTorch, as the course's blog does."""
        from pe_clock.core.figure_code import WRITERS

        return WRITERS[self.writer].torch

    def code(
        self, values: Mapping[str, Any], language: str, torch: bool = False,
        torch_option: str = "torch=True",
    ) -> str:  # fmt: skip
        """Its script at values (a picture's `values()`), its comments in language; torch:
        the table in PyTorch (ValueError where its script has none: torch_option says how
        the caller asked, ``--torch`` or ``torch=True``)."""
        from pe_clock.core.figure_code import script

        if torch and not self.torch:
            views = ", ".join(spec.name for spec in REGISTRY if spec.torch)
            raise ValueError(
                tr("code.no_torch", language, view=self.name, views=views, torch=torch_option)
            )
        return script(self.writer, values, language, torch, self.name)

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
# fmt: off
REGISTRY = (
    # The window's k and the Learned view's base lay their figures out anew.
    ViewSpec("window", True, (1600, 900), "figures", (*_CLOCK, _PAIR), _SINE, in_place=("pos",),
             staged_as="bigclock"),
    ViewSpec("heatmap", False, (1000, 800), "figures", (*_TABLE, "train_len", _PAIR), _SINE,
             opens=("sinusoidal",)),
    ViewSpec("clock", False, (1400, 800), "figures", (*_CLOCK, _PAIR), _SINE),
    ViewSpec("bigclock", False, (1000, 800), "figures", _CLOCK, _SINE),
    ViewSpec("dials", False, (1200, 800), "figures", (*_TABLE, _PAIR), _SINE, script="clock"),
    ViewSpec("rotation", False, (1400, 600), "figures", (*_TABLE, _PAIR), _SINE),
    ViewSpec("embedding", True, (1400, 800), "panels", (*_TABLE, "scale_embeddings"), _SINE,
             embeddings=True),
    # The course's d_model = 4 table from position 0, whatever the window's d_model.
    ViewSpec("worked", True, (1000, 420), "panels", ("pos", "base"), caption="caption.worked"),
    ViewSpec("unique", True, (1200, 700), "panels", _STILL, _SINE, moves=False),
    ViewSpec("distance", True, (1400, 700), "panels", _TABLE, _SINE),
    ViewSpec("wavelength", True, (1200, 700), "panels", _STILL, _SINE, moves=False),
    ViewSpec("beyond", True, (1400, 800), "panels", (*_STILL, "train_len"), moves=False),
    ViewSpec("why", True, (1400, 800), "panels", ("why_pe", "base"), moves=False),
    ViewSpec("rope", True, (1400, 800), "panels", (*_ROPE, _PAIR), ("rope",), opens=("rope",)),
    ViewSpec("scaling", True, (1400, 800), "panels", _SCALING, ("rope",), moves=False,
             opens=("scaled rope",)),
    ViewSpec("alibi", True, (1400, 800), "panels", ("alibi_heads", "causal"), ("alibi",),
             moves=False, opens=("alibi",)),
    ViewSpec("learned", True, (1600, 900), "panels", ("base",), ("learned",), moves=False,
             in_place=(), opens=("learned",), needs_table=True),
)
# fmt: on
VIEWS = {spec.name: spec for spec in REGISTRY}
VIEW_NAMES = tuple(VIEWS)
TABS = tuple(spec for spec in REGISTRY if spec.tab)
#: Views that can be on stage, in the order the keys move through them: every registered
#: view but those the stage shows another in place of (the window's three figures).
STAGE_VIEWS = tuple(spec.name for spec in REGISTRY if not spec.staged_as)
#: The view export, code and the window show unless another is asked for: the first.
DEFAULT_VIEW = REGISTRY[0].name


def check_view(view: object, name: str = "--view") -> str:
    """A registered view's name; a ValueError naming the choices for anything else."""
    return check_choice(name, view, VIEW_NAMES)
