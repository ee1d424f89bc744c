"""PE Clock in a notebook: the course's table, any view as a figure, the live window.

    import pe_clock
    pe = pe_clock.table(50, 512)                       # the course's positional_encoding(50, 512)
    pe_clock.figure("heatmap", d_model=64, pos=7)      # Jupyter shows it (PNG, or SVG)
    pe_clock.figure("clock", pos=7, lang="ko").save("clock.svg")
    print(pe_clock.code("rotation", k=3))              # the NumPy code behind a figure
    pe_clock.show("rope", head_dim=64)                 # the live window, after %gui qt

A figure is drawn exactly as ``pe-clock export`` draws it, from a fresh state (never the
window's saved settings), and bad parameters raise ``ValueError`` with the command line's
messages.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from pe_clock.core import i18n
from pe_clock.core.encoding import encode_range
from pe_clock.core.i18n import echo, tr
from pe_clock.core.layout import column_order
from pe_clock.core.models.opened import open_model
from pe_clock.core.params import (
    PAPER_BASE,
    Params,
    check_bool,
    check_choice,
    check_int,
    check_real,
)
from pe_clock.gui.export.options import (
    ANIMATION_SUFFIXES,
    DEFAULT_FPS,
    MAX_FRAMES,
    MIN_FPS,
    STILL_SUFFIXES,
    VIDEO_SUFFIXES,
    max_fps,
)
from pe_clock.gui.model.picture import PARAMETERS
from pe_clock.gui.model.request import (
    API,
    MAX_SIDE,
    MIN_SIDE,
    FigureRequest,
    check_model_view,
    figure_request,
)
from pe_clock.gui.views import DEFAULT_VIEW, VIEW_NAMES, VIEWS

if TYPE_CHECKING:
    from pe_clock.gui.model.state import AppState
    from pe_clock.gui.window.main_window import MainWindow

#: How Jupyter shows a figure.
SHOWN_AS = ("png", "svg")


def table(
    max_len: int | None = None,
    d_model: int | None = None,
    base: float = PAPER_BASE,
    layout: str = "interleaved",
    *,
    model: str | os.PathLike[str] | None = None,
) -> NDArray[np.float64]:
    """The course's table: PE of positions 0 … max_len − 1, shape (max_len, d_model), float64.

    The numbers the app shows: column 2i is sin(pos · base^(−2i/d_model)) and column 2i+1 its
    cos (``layout="interleaved"``, the paper's), or the sines in the first half and the
    cosines in the second (``layout="split"``, tensor2tensor's). ``table(4, 4)`` is the
    course's ``positional_encoding(4, 4)``. Raises ValueError for a parameter out of range.

    model: a model whose positions are a table: DistilBERT's fixed sinusoids (its d_model and
    max_len unless given), or a learned table read from its weights (float64, as stored).
    A model of another scheme is refused, naming the views that show it.
    """
    if model is not None:
        opened = open_model(model)
        config = opened.config
        if config is None or config.learned is not None:
            if opened.table is None:
                raise ValueError(opened.missing or tr("weights.none"))
            if (max_len, d_model, base, layout) != (None, None, PAPER_BASE, "interleaved"):
                raise ValueError(tr("notebook.table_learned"))  # never silently ignored
            return np.array(opened.table.rows, dtype=np.float64)
        check_model_view(opened, "heatmap", "table()", model)  # fixed sinusoids, else refused
        group = config.groups[0]
        d_model = group.head_dim if d_model is None else d_model
        max_len = config.max_position_embeddings if max_len is None else max_len
    if max_len is None or d_model is None:
        raise ValueError(tr("notebook.table_size"))
    params = Params(d_model=d_model, max_len=max_len, base=base, pos=0, k=0)
    order = column_order(params.d_model, layout)
    return encode_range(params.max_len, params.d_model, params.base, order)


class Figure:
    """One view drawn headless; Jupyter shows it, ``save`` writes it as PNG, SVG or PDF.

    Made by `figure` from a checked request; the drawing happens the first time it is shown
    or saved (once per format).
    """

    def __init__(self, request: FigureRequest, shown_as: str = "png") -> None:
        self.request = request
        self.view = request.view
        self.width, self.height = request.size
        self._shown_as = shown_as
        self._drawn: dict[str, bytes] = {}

    @property
    def format(self) -> str:
        """What Jupyter shows: "png" (the default) or "svg"."""
        return self._shown_as

    @contextlib.contextmanager
    def _state(self) -> Iterator[AppState]:
        from pe_clock.gui.export.render import request_state
        from pe_clock.gui.platform.app import notebook_application

        notebook_application()
        with i18n.speaking(self.request.language):
            yield request_state(self.request)

    def _encoded(self, suffix: str) -> bytes:
        if suffix not in self._drawn:
            from pe_clock.gui.export.render import encode as encode_figure
            from pe_clock.gui.export.render import staged

            request = self.request
            with self._state() as state, staged(
                self.view, state, self.width, self.height, request.caption, request.stage
            ) as drawn:  # fmt: skip
                self._drawn[suffix] = encode_figure(drawn, suffix)
        return self._drawn[suffix]

    def png(self) -> bytes:
        """The figure as PNG bytes, width × height pixels (ValueError for a size too small
        for the view, saying the size it needs)."""
        return self._encoded(".png")

    def svg(self) -> str:
        """The figure as an SVG document (its text drawn as outlines: no font needed)."""
        return self._encoded(".svg").decode("utf-8")

    def _repr_png_(self) -> bytes | None:
        return self.png() if self.format == "png" else None

    def _repr_svg_(self) -> str | None:
        # One format per figure in a notebook: Jupyter asks for every format an object has,
        # and an SVG of a detailed view (its text as outlines) can be a megabyte.
        return self.svg() if self.format == "svg" else None

    def save(
        self,
        path: str | os.PathLike[str],
        *,
        start: int | None = None,
        stop: int | None = None,
        fps: float | None = None,
    ) -> Path:
        """Write the figure to path by its suffix, atomically: a failed write leaves no partial
        file and keeps what was there. Returns the path.

        A still (.png, .svg, .pdf), or positions start … stop played at fps frames a second
        as ``pe-clock export`` plays them: a GIF, an MP4 (H.264, for slides: PowerPoint and
        Keynote play it) or WebM video (needs PyAV: ``pip install "pe-clock[video]"``), or
        one self-contained web page (.html) with a slider, play and the window's keys. By
        default from the first position to the last (at most 2,000 frames), 4 a second.

        Raises ValueError for a bad path, suffix, range or rate, or a size too small for the
        view (its message gives the size it needs), and OSError (a WriteError: a missing
        folder, a full disk, a read-only file, PyAV missing) when the file cannot be written.
        """
        from pe_clock.gui.export.render import ExportError, check_suffix, export_figure

        if not isinstance(path, str | os.PathLike) or not str(path):
            raise ValueError(
                tr("error.must", name="path", value=echo(path), allowed=tr("save.path"))
            )
        target = Path(path)
        if str(path).endswith(("/", os.sep)) or target.is_dir():
            raise ValueError(tr("cli.out_dir", value=repr(str(path))))
        try:
            suffix = check_suffix(target, (*STILL_SUFFIXES, *ANIMATION_SUFFIXES))
        except ExportError as err:  # a bad argument here, as in figure()
            raise ValueError(str(err)) from None
        request = self.request
        if suffix in STILL_SUFFIXES:
            for name, value in (("start", start), ("stop", stop), ("fps", fps)):
                if value is not None:
                    raise ValueError(tr("save.animation_only", name=name, value=echo(value)))
            with self._state() as state:
                return export_figure(
                    target, self.view, state, self.width, self.height, request.caption,
                    stage=request.stage,
                )  # fmt: skip
        params = request.checked.params
        first, last = max(0, -params.k), params.max_len - 1
        start = first if start is None else check_int("start", start, first, last)
        end = min(last, start + MAX_FRAMES - 1)
        stop = end if stop is None else check_int("stop", stop, start, end)
        top = max_fps(suffix)
        fps = DEFAULT_FPS if fps is None else check_real(
            "fps", fps, MIN_FPS, top, ("allowed.fps", {"lo": MIN_FPS, "hi": top})
        )  # fmt: skip
        from pe_clock.gui.export.animation import export_animation

        if suffix in VIDEO_SUFFIXES:  # PyAV there, even sides, 4K at most: said at the call
            from pe_clock.gui.export.video import check_video

            try:
                check_video(suffix, self.width, self.height)
            except OSError as err:
                raise ValueError(str(err)) from None
        with self._state() as state:
            written = export_animation(
                target, self.view, state, start, stop, fps, self.width, self.height,
                request.caption, stage=request.stage,
            )  # fmt: skip
        assert written is not None  # (only a progress callback stops it)
        return written

    def __repr__(self) -> str:
        given = self.request.parameters
        shown = ", ".join(f"{name}={value!r}" for name, value in given.items())
        return (
            f"<pe_clock.Figure {self.view} {self.width}×{self.height}{': ' * bool(shown)}{shown}>"
        )


def figure(
    view: str = DEFAULT_VIEW,
    *,
    width: int | None = None,
    height: int | None = None,
    theme: str = "light",
    lang: str | None = None,
    caption: bool = False,
    stage: bool = False,
    embeddings: str | os.PathLike[str] | NDArray[np.float64] | None = None,
    model: str | os.PathLike[str] | None = None,
    layers: str | int | None = None,
    format: str = "png",
    **parameters: Any,
) -> Figure:
    """(The views and parameters are listed below, from the registry and the state.)"""
    request = figure_request(
        view, terms=API, width=width, height=height, theme=theme, lang=lang, caption=caption,
        stage=stage, embeddings=embeddings, model=model, layers=layers, parameters=parameters,
    )  # fmt: skip
    drawn = Figure(request, check_choice("format", format, SHOWN_AS))
    # Drawn now, in the format Jupyter will show: a size too small for the view is refused
    # here, where a try around figure() catches it, not when the notebook displays it.
    drawn._encoded(f".{drawn.format}")
    return drawn


def code(
    view: str = DEFAULT_VIEW,
    *,
    lang: str | None = None,
    torch: bool = False,
    model: str | os.PathLike[str] | None = None,
    layers: str | int | None = None,
    **parameters: Any,
) -> str:
    """The short NumPy script that recomputes what view shows at these parameters (as
    ``pe-clock code`` prints it), its comments in lang; ``exec`` it, or paste it into a cell.

    torch: the table as the course's blog writes it, in PyTorch (heatmap, worked, beyond).
    model, layers: as for `figure` (the learned view's script then reads the model's table;
    the RoPE and Extension views' scripts recompute its θ′). Raises ValueError as `figure`
    does.
    """
    request = figure_request(view, model=model, layers=layers, lang=lang, allow_no_model=True,
                             parameters=parameters)  # fmt: skip
    values = request.checked.values()
    return VIEWS[request.view].code(values, request.language, check_bool("torch", torch))


def _display_problem() -> str | None:
    """Why a window cannot be shown here, or None."""
    from pe_clock.gui.platform.app import chose_offscreen
    from pe_clock.gui.platform.display import window_problem

    problem = window_problem(tr("notebook.figure_hint"))
    if problem is not None:
        return problem
    if chose_offscreen():  # a figure was drawn first, with no display: Qt stays offscreen
        return tr("notebook.offscreen")
    # IPython is loaded in every notebook kernel: not loaded, no notebook and no loop.
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    kernel_loop = getattr(getattr(shell, "kernel", None), "eventloop", None)
    loop = getattr(shell, "active_eventloop", None) or getattr(kernel_loop, "__name__", None)
    if loop is None or "qt" not in str(loop):
        return tr("notebook.no_loop")
    return None


_windows: list[MainWindow] = []


def show(
    view: str = DEFAULT_VIEW,
    *,
    model: str | os.PathLike[str] | None = None,
    layers: str | int | None = None,
    **parameters: Any,
) -> MainWindow:
    """Open PE Clock's window on view, with these parameters over the saved settings (and
    over the numbers of model, with its group layers, as for `figure`).

    For a notebook whose kernel runs Qt's event loop (``%gui qt`` first): the window lives
    beside the notebook and the call returns at once. Without a display, or without that
    loop (where the window would freeze, or hang the kernel), it raises RuntimeError saying
    what to do, and opens nothing.
    """
    request = figure_request(  # (the window keeps a field for the views it shows later)
        view, model=model, layers=layers, allow_no_model=True, parameters=parameters,
        drawn_only=False,
    )  # fmt: skip
    problem = _display_problem()  # before any QApplication: it would choose its platform
    if problem is not None:
        raise RuntimeError(problem)
    from PySide6.QtWidgets import QApplication

    from pe_clock.gui.platform.app import create_application
    from pe_clock.gui.platform.resources import ensure_fonts
    from pe_clock.gui.window.main_window import MainWindow

    if QApplication.instance() is None:
        create_application()
    ensure_fonts()
    window = MainWindow()
    if request.model is not None:
        window.state.show_model(*request.model)
    window.state.set(**request.parameters)
    window.show_view(request.view)
    window.show()
    window.raise_()
    _windows.append(window)  # kept alive with the notebook, forgotten once closed
    window.destroyed.connect(lambda *_: _windows.remove(window) if window in _windows else None)
    return window


def _figure_doc() -> str:
    names = PARAMETERS
    return f"""Draw one of PE Clock's views headless, exactly as ``pe-clock export`` does.

    Returns a `Figure`: Jupyter shows it as an image; ``.save(path)`` writes PNG, SVG or PDF;
    ``.png()`` and ``.svg()`` give the bytes and the document.

    Parameters
    ----------
    view : str
        One of: {", ".join(VIEW_NAMES)}.
    width, height : int, optional
        Pixels ({MIN_SIDE}…{MAX_SIDE}); the view's export size by default (1920 × 1080 on stage).
    theme : "light" or "dark"
    lang : {" or ".join(repr(lang) for lang in i18n.LANGUAGES)}, optional
        The language of every text; the system's by default.
    caption : bool
        Add the line of parameters under the figure.
    stage : bool
        Draw it as a slide on stage (title line, figure, one line of result).
    embeddings : path of a .npy file, or an array (rows, d_model), optional
        Token embeddings for the "embedding" view.
    model : a model folder, its config.json, a model id in the local Hugging Face cache, or a
        .npy / .safetensors position table, optional
        Its numbers (rope_theta, head_dim, scaling) for the RoPE and Extension views, its
        learned table for the "learned" view, its slopes for "alibi", DistilBERT's fixed
        sinusoids for the course's views; the parameters given are set after them (and the
        model's strip says so). A view that cannot show the model is refused.
    layers : "local", "global" or a layer's number, optional
        With model: the group of layers whose numbers are drawn (Gemma 3's local layers).
    format : "png" or "svg"
        How Jupyter shows it (``save`` takes the format from the file's suffix).
    **parameters
        The state's fields: {", ".join(names)}. A fresh state's values by default (pos 0, k 1,
        d_model 512, max_len 50, base 10000).

    Raises
    ------
    ValueError
        For an unknown view or parameter, or a value out of range: the command line's message.
    """


figure.__doc__ = _figure_doc()
