"""PE Clock live in a notebook: `explore` returns an ipywidgets widget (JupyterLab, Notebook 7,
VS Code and Colab render it) with a view drawn by the export renderer and, under it, the
controls that view uses.

One `LiveFigure` per widget keeps the view laid out between frames: a control sets the state's
field and the figure is laid out again as a new one would be, then encoded (the fields its
view draws so: `ViewSpec.in_place`); a new view, theme, language or model builds it anew.
Its pixels are those of `pe_clock.figure` at the same parameters; the tests compare them.
While a slider is dragged, the kernel queues a message per step: each only records the
latest values, and one frame is drawn for all that came within a few milliseconds
(`Frames`), so stale frames are dropped, never queued.

Only `explore` imports ipywidgets (the ``notebook`` extra); the desktop app never does.

The package by job: `figure` keeps the view laid out between frames, `frames` draws one frame
for a burst of changes, `controls` makes the ipywidgets a view's fields are set with, and
`explorer` holds the widget's parts together and makes it (`explore`).
"""

from pe_clock.widget.explorer import explore

__all__ = ["explore"]
