"""One figure, asked for and checked once, without Qt: the `FigureRequest`.

The command line (`export`, `code`), `pe_clock.figure/code/show` and the notebook widget
describe the figure they want here (the view, the parameters given, the look, the size, the
model and its group of layers, the token embeddings) and `figure_request` checks all of it
against the declarations (`gui.views`, `gui.model.picture`) before anything is drawn: a
refused value raises ValueError in the caller's own terms (`Terms`: a keyword in the API, a
flag on the command line), and nothing imports Qt. The window's export dialog makes its
request from the window's state, already checked (`gui.export.render.window_request`). The
renderer then draws a request (`gui.export.render.request_state`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pe_clock.core import i18n
from pe_clock.core.examples import check_embedding_rows, load_embeddings
from pe_clock.core.format import shown
from pe_clock.core.i18n import echo, tr
from pe_clock.core.models.opened import OpenedModel, open_model
from pe_clock.core.params import check_bool, check_choice, check_int
from pe_clock.gui.model.opened_model import chosen_group, model_views, scheme_words
from pe_clock.gui.model.picture import PARAMETERS, Picture
from pe_clock.gui.views import REGISTRY, STAGE_VIEWS, VIEWS, check_view

#: A model and the index of its group of layers a figure shows.
Shown = tuple[OpenedModel, int]
#: The size of a slide on stage, unless another is asked for.
STAGE_SIZE = (1920, 1080)
#: A figure's sides, in pixels.
MIN_SIDE, MAX_SIDE = 64, 8192


@dataclass(frozen=True)
class Terms:
    """How a caller names its options in messages: flags (``--view heatmap``) on the command
    line, keywords (``view='heatmap'``) in the notebook's API."""

    flags: bool

    def flag(self, name: str) -> str:
        """An option by itself: --head-dim, or head_dim."""
        return "--" + name.replace("_", "-") if self.flags else name

    def given(self, name: str, value: object, placeholder: bool = False) -> str:
        """An option with its value: --view heatmap, or view='heatmap' (a placeholder, such
        as PATH, is written bare)."""
        if self.flags:
            return f"{self.flag(name)} {shown(value)}"
        return f"{name}={value if placeholder else echo(value)}"

    def switch(self, name: str) -> str:
        """An option that is on: --torch, or torch=True."""
        return self.flag(name) if self.flags else f"{name}=True"

    def reworded(self, message: str, names: Iterable[str]) -> str:
        """A field's message in these terms: it opens with the field's name ("d_model must
        be …", "d_model: …" in Korean) or its control's name in words ("causal mask must be
        …"), which the command line calls by its flag and the API by its keyword."""
        for name in names:
            field = Picture.FIELDS.get(name)
            said = [name] if field is None or field.control is None else [name, field.said]
            for words in said:
                if message.startswith((f"{words} must ", f"{words}:")) and (
                    self.flags or words != name
                ):
                    return self.flag(name) + message[len(words) :]
        return message


API = Terms(flags=False)
CLI = Terms(flags=True)


def check_model_view(
    model: OpenedModel, view: str, shown_on: str, asked: str | os.PathLike[str] | None = None
) -> None:
    """ValueError with one line if view cannot show model's positions, naming the model as
    it was asked for (asked: the id or path given, else its name), its scheme, where it was
    asked for (shown_on: ``--view heatmap``, ``view='heatmap'``) and the views that do (or
    that none does, and `pe-clock model` describes it)."""
    views = model_views(model)
    if view in views:
        return
    name, scheme = shown(model.name if asked is None else os.fspath(asked)), scheme_words(model)
    if not views:
        raise ValueError(tr("model.no_view", model=name, scheme=scheme))
    raise ValueError(
        tr("model.wrong_view", model=name, scheme=scheme, view=shown_on, views=", ".join(views))
    )


def open_shown(
    view: str, model: str | os.PathLike[str] | None, layers: object, terms: Terms = API
) -> Shown | None:
    """The model a caller names, opened and checked against view, with the group layers
    names ("local", "global", a layer's number); None without a model."""
    if model is None:
        if layers is not None:
            model_given = terms.given("model", "PATH", placeholder=True)
            raise ValueError(
                tr("cli.layers_needs_model", layers=terms.flag("layers"), model=model_given)
            )
        return None
    opened = open_model(model)
    check_model_view(opened, view, terms.given("view", view), model)
    return opened, chosen_group(opened, layers, terms.given("layers", layers))


def checked_picture(parameters: Mapping[str, Any], model: Shown | None = None) -> Picture:
    """A fresh picture that took the model's numbers, then the parameters, checked as the
    window checks them (ValueError naming the field)."""
    for name in parameters:
        check_choice("parameter", name, PARAMETERS)
    picture = Picture()
    if model is not None:  # its numbers first: the parameters given win
        picture.show_model(*model)
    picture.set(**parameters)
    return picture


@dataclass(frozen=True, eq=False)
class FigureRequest:
    """One figure, checked: what every frontend hands to the renderer.

    checked: the picture the request checked (the model's numbers, the fields given over
    them, the theme, language and type size): the renderer and `code` draw and write from
    it, never checking a value again. parameters: the fields given (as the picture holds
    them: a list of pairs a tuple, a NumPy integer an int). notes: what of the model the
    views cannot draw ('' for nothing), for the caller to say.
    """

    view: str
    checked: Picture
    parameters: Mapping[str, Any]
    size: tuple[int, int]
    caption: bool = False
    stage: bool = False
    embeddings: NDArray[np.float64] | None = None
    embeddings_file: str = ""
    notes: str = ""

    def picture(self) -> Picture:
        """A copy of the checked picture (Qt-free: a script is written from it)."""
        return self.checked.picture()

    @property
    def theme(self) -> str:
        return self.checked.theme

    @property
    def language(self) -> str:
        return self.checked.language

    @property
    def model(self) -> Shown | None:
        """The opened model and the group of its layers shown, or None."""
        model = self.checked.model
        return None if model is None else (model, self.checked.model_group)


def figure_size(
    view: str, width: object, height: object, stage: bool = False, terms: Terms = API
) -> tuple[int, int]:
    """The size asked for, checked (MIN_SIDE…MAX_SIDE a side); the view's export size by
    default, a slide's on stage."""
    default = STAGE_SIZE if stage else VIEWS[view].size
    sides = [
        side if given is None else check_int(terms.flag(key), given, MIN_SIDE, MAX_SIDE)
        for key, given, side in (("width", width, default[0]), ("height", height, default[1]))
    ]
    return sides[0], sides[1]


def check_drawn(view: str, parameters: Mapping[str, Any], terms: Terms) -> None:
    """ValueError for the fields view does not draw (`ViewSpec.fields`), naming each and the
    views that draw it: `code --view heatmap --head-dim 64` dropped it without a word."""
    undrawn = [
        tr(
            "request.drawn_by",
            field=terms.flag(name),
            views=", ".join(spec.name for spec in VIEWS.values() if name in spec.fields),
        )
        for name in parameters
        if name in PARAMETERS and name not in VIEWS[view].fields
    ]
    if undrawn:
        fields = ", ".join(undrawn)
        raise ValueError(tr("request.not_drawn", view=terms.given("view", view), fields=fields))


def figure_request(
    view: object,
    *,
    terms: Terms = API,
    width: object = None,
    height: object = None,
    theme: object = "light",
    lang: object = None,
    caption: object = False,
    stage: object = False,
    embeddings: str | os.PathLike[str] | NDArray[np.float64] | None = None,
    model: str | os.PathLike[str] | None = None,
    layers: object = None,
    allow_no_model: bool = False,
    parameters: Mapping[str, Any] | None = None,
    drawn_only: bool = True,
) -> FigureRequest:
    """Check everything a figure needs, in order, and return it as one request.

    allow_no_model: a script, the window or the widget may show the learned view with no
    model yet (the view says so); a figure of it needs one. drawn_only: a field the view does
    not draw is refused, naming the views that draw it (not for the window or a widget with
    a menu of views, which keep it for the views they show later). Raises ValueError, in
    the caller's terms, for the first thing refused.
    """
    parameters = parameters or {}
    language = i18n.system_language() if lang is None else check_language(lang, terms)
    with i18n.speaking(language):  # its messages in the language asked for
        name = check_view(view, terms.flag("view"))
        if check_bool(terms.flag("stage"), stage) and name not in STAGE_VIEWS:
            views = ", ".join(STAGE_VIEWS)
            raise ValueError(tr("cli.stage_view", stage=terms.flag("stage"), views=views))
        if drawn_only:
            check_drawn(name, parameters, terms)
        shown = open_shown(name, model, layers, terms)
        spec = VIEWS[name]
        if spec.needs_table and shown is None and not allow_no_model:
            raise ValueError(
                tr(
                    "cli.learned_needs_model",
                    view=terms.given("view", name),
                    model=terms.given("model", "PATH", placeholder=True),
                )
            )
        if spec.needs_table and shown and shown[0].table is None and not allow_no_model:
            # A config alone, or weights only in a pickle: no table to draw (it drew the
            # sinusoids with a notice, exit 0).
            raise ValueError(
                tr(
                    "request.no_table",
                    view=terms.given("view", name),
                    model=shown[0].name,
                    why=shown[0].missing,
                )
            )
        try:  # in the language asked for: a fresh picture's language is the one spoken
            picture = checked_picture(parameters, shown)
            picture.set(theme=theme)
        except ValueError as err:
            raise ValueError(terms.reworded(str(err), [*parameters, "theme"])) from None
        given = MappingProxyType({key: getattr(picture, key) for key in parameters})
        notes = "" if shown is None else " ".join(picture.model_refused().values())
        size = figure_size(name, width, height, bool(stage), terms)
        rows, file = None, ""
        if embeddings is not None:
            if not spec.embeddings:
                drawing = [other.name for other in REGISTRY if other.embeddings]
                raise ValueError(
                    tr(
                        "cli.embeddings_view",
                        embeddings=terms.flag("embeddings"),
                        embedding=", ".join(terms.given("view", view) for view in drawing),
                        view=terms.given("view", name),
                    )
                )
            if isinstance(embeddings, str | os.PathLike):
                rows, file = (
                    load_embeddings(Path(embeddings), picture.d_model),
                    Path(embeddings).name,
                )
            else:  # checked as a file's rows are, and copied
                rows = check_embedding_rows(embeddings, picture.d_model, terms.flag("embeddings"))
        return FigureRequest(
            name,
            picture,
            given,
            size,
            caption=check_bool(terms.flag("caption"), caption),
            stage=bool(stage),
            embeddings=rows,
            embeddings_file=file,
            notes=notes,
        )


def check_language(lang: object, terms: Terms = API) -> str:
    """lang, one of the catalogue's languages; ValueError naming the option otherwise."""
    return check_choice(terms.flag("lang"), lang, i18n.LANGUAGES)
