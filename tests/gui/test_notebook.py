"""The notebook's API: pe_clock.table, pe_clock.figure and pe_clock.show."""

import os
import re
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

import pe_clock
from pe_clock import cli, notebook
from pe_clock.core.layout import column_order
from pe_clock.gui.model.picture import PARAMETERS
from pe_clock.gui.platform import app as platform_app
from pe_clock.gui.views import VIEW_NAMES

ROOT = Path(__file__).resolve().parents[2]


def course_positional_encoding(max_len, d_model):
    """The course page's function, as printed there."""
    pos = np.arange(max_len)[:, None]
    i = np.arange(d_model // 2)[None, :]
    angle = pos / (10000 ** (2 * i / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe


def test_the_table_is_the_courses_and_the_apps(state):
    np.testing.assert_allclose(pe_clock.table(4, 4), course_positional_encoding(4, 4), atol=1e-15)
    assert pe_clock.table(4, 4).round(3)[1].tolist() == [0.841, 0.54, 0.01, 1.0]
    big = pe_clock.table(50, 512)
    np.testing.assert_allclose(big, course_positional_encoding(50, 512), atol=1e-12)
    state.set(d_model=512, max_len=50)
    assert np.array_equal(big, state.pe_rows(0, 50))  # the very numbers the heatmap shows
    split = pe_clock.table(50, 512, layout="split")
    assert np.array_equal(split, big[:, column_order(512, "split")])
    assert np.array_equal(split[:, :256], big[:, 0::2])


@pytest.mark.parametrize(
    ("call", "argv", "keyword"),
    [
        (lambda: pe_clock.figure("heatmap", pos=99), ["--view", "heatmap", "--pos", "99"], "pos"),
        (lambda: pe_clock.figure("clock", d_model=7), ["--view", "clock", "--d-model", "7"],
         "d_model"),
        (lambda: pe_clock.figure("rope", base=1), ["--view", "rope", "--base", "1"], "base"),
        (lambda: pe_clock.figure("clock", width=10), ["--view", "clock", "--width", "10"],
         "width"),
        (lambda: pe_clock.figure("clock", theme="pink"), ["--view", "clock", "--theme", "pink"],
         "theme"),
    ],
)  # fmt: skip
def test_bad_parameters_raise_the_command_lines_message(call, argv, keyword, tmp_path, capsys):
    """The same rule and words, each in its caller's terms: the keyword in the API, its flag
    on the command line."""
    with pytest.raises(ValueError) as raised:
        call()
    assert cli.main(["--lang", "en", "export", *argv, "--out", str(tmp_path / "f.png")]) == 2
    said = capsys.readouterr().err.strip()
    flag = "--" + keyword.replace("_", "-")
    assert str(raised.value).startswith(f"{keyword} must be")
    assert said == f"pe-clock export: error: {flag}{str(raised.value)[len(keyword) :]}"
    assert "\n" not in str(raised.value)


def test_an_unknown_view_or_parameter_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="view must be one of window, heatmap"):
        pe_clock.figure("nope")
    with pytest.raises(ValueError, match=r"parameter must be one of d_model, .*; got 'speed'"):
        pe_clock.figure("clock", speed=3)
    with pytest.raises(ValueError, match="format"):
        pe_clock.figure("clock", format="jpeg")
    with pytest.raises(ValueError, match="embedding"):
        pe_clock.figure("clock", embeddings=np.zeros((3, 512)))


def test_a_figure_is_the_export_and_jupyter_shows_one_format(tmp_path):
    drawn = pe_clock.figure("heatmap", d_model=64, pos=7, width=640, height=480, lang="ko")
    assert "heatmap 640×480" in repr(drawn) and "pos=7" in repr(drawn)
    png = drawn._repr_png_()
    assert png.startswith(b"\x89PNG") and drawn._repr_svg_() is None
    image = QImage.fromData(png)
    assert (image.width(), image.height()) == (640, 480)
    out = tmp_path / "cli.png"
    argv = ["--lang", "ko", "export", "--view", "heatmap", "--d-model", "64", "--pos", "7",
            "--width", "640", "--height", "480", "--out", str(out)]  # fmt: skip
    assert cli.main(argv) == 0
    assert out.read_bytes() == png  # exactly as export draws it
    vector = pe_clock.figure("clock", pos=3, format="svg")
    assert vector._repr_png_() is None and vector._repr_svg_().lstrip().startswith("<?xml")
    saved = drawn.save(tmp_path / "fig.pdf")
    assert saved.read_bytes().startswith(b"%PDF")
    with pytest.raises(ValueError, match=r"fig\.jpg"):
        drawn.save(tmp_path / "fig.jpg")
    assert not (tmp_path / "fig.jpg").exists()


@pytest.mark.parametrize(
    "view, size, format",
    [("heatmap", (160, 120), "png"), ("window", (599, 413), "png"), ("rope", (640, 64), "png"),
     ("clock", (64, 64), "svg")],
)  # fmt: skip
def test_a_size_too_small_is_refused_by_figure_itself(view, size, format):
    """Refused at the call, where a try around figure() catches it, as the command line
    refuses it, not in a traceback when the notebook displays the figure."""
    with pytest.raises(ValueError, match="does not fit") as refused:
        pe_clock.figure(view, width=size[0], height=size[1], format=format, lang="en")
    argv = ["--lang", "en", "export", "--view", view, "--width", str(size[0]),
            "--height", str(size[1]), "--out", "never.png"]  # fmt: skip
    assert cli.main(argv) == 2 and not Path("never.png").exists()
    assert "needs at least" in str(refused.value)


def test_a_figure_leaves_the_notebooks_language_as_it_was():
    from pe_clock.core import i18n

    before = i18n.language()
    pe_clock.figure("worked", lang="ko" if before == "en" else "en").png()
    assert i18n.language() == before


def test_embeddings_come_from_an_array_or_a_file(tmp_path):
    rows = np.random.default_rng(0).normal(size=(6, 512))
    assert pe_clock.figure("embedding", embeddings=rows).png().startswith(b"\x89PNG")
    np.save(tmp_path / "e.npy", rows)
    assert pe_clock.figure("embedding", embeddings=tmp_path / "e.npy").png()
    with pytest.raises(ValueError, match="512"):
        pe_clock.figure("embedding", embeddings=np.zeros((3, 5)))


def test_help_lists_every_view_and_parameter():
    doc = pe_clock.figure.__doc__
    for name in (*VIEW_NAMES, *PARAMETERS):
        assert name in doc
    assert "speed" not in doc.split("**parameters")[1]


@pytest.fixture
def qt_loop(monkeypatch):
    """A notebook kernel that runs Qt's event loop (%gui qt)."""
    shell = types.SimpleNamespace(active_eventloop="qt")
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    return shell


def test_show_opens_the_window_on_the_view_when_qt_runs_in_the_notebook(qt_loop, qtbot):
    window = pe_clock.show("rope", head_dim=64, pos=5)
    qtbot.addWidget(window)
    assert window.isVisible() and window.current_view() == "rope"
    assert (window.state.head_dim, window.state.pos) == (64, 5)
    assert window in notebook._windows


def test_show_says_what_to_do_without_a_loop_or_a_display(monkeypatch, qtbot):
    monkeypatch.delitem(sys.modules, "IPython", raising=False)
    with pytest.raises(RuntimeError, match="%gui qt"):
        pe_clock.show("clock")
    shell = types.SimpleNamespace(kernel=types.SimpleNamespace(eventloop=None))
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    with pytest.raises(RuntimeError, match="%gui qt"):
        pe_clock.show("clock")
    monkeypatch.setattr(platform_app, "_offscreen", [True])
    with pytest.raises(RuntimeError, match="offscreen"):
        pe_clock.show("clock")
    monkeypatch.setattr(platform_app, "_offscreen", [])
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(RuntimeError, match="no display to open the window on"):
        pe_clock.show("clock")
    with pytest.raises(ValueError, match="pos"):  # a bad parameter first: nothing opens
        pe_clock.show("clock", pos=-5)


def test_the_kernels_loop_is_found_too(monkeypatch, qtbot):
    def loop_qt(kernel):  # ipykernel's name for it
        return None

    shell = types.SimpleNamespace(kernel=types.SimpleNamespace(eventloop=loop_qt))
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    window = pe_clock.show()
    qtbot.addWidget(window)
    assert window.isVisible()


def test_importing_pe_clock_loads_neither_qt_nor_numpy():
    probe = "import sys, pe_clock; print(sorted({'PySide6', 'numpy'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert "table" in dir(pe_clock) and pe_clock.__version__


def test_code_is_what_pe_clock_code_prints(capsys):
    argv = ["--lang", "ko", "code", "--view", "rotation", "--d-model", "8", "--k", "3"]
    assert cli.main(argv) == 0
    assert pe_clock.code("rotation", d_model=8, k=3, lang="ko") == capsys.readouterr().out
    with pytest.raises(ValueError, match="pos"):
        pe_clock.code("heatmap", pos=-1)


def test_the_example_notebook_runs_headless_and_draws_its_figures(tmp_path, monkeypatch):
    """examples/positional_encoding.ipynb, executed in a fresh kernel as Jupyter would."""
    import nbformat
    from nbclient import NotebookClient

    # The kernel is this interpreter's (python3 with pe_clock installed), offscreen.
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    notebook = nbformat.read(ROOT / "examples" / "positional_encoding.ipynb", as_version=4)
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    figures = [
        c for c in notebook.cells if c.cell_type == "code" and "pe_clock.figure(" in c.source
    ]
    widgets = [
        o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert len(widgets) == 1  # it opens with the live widget
    # every figure's picture, and the widget's beside its view: shown in the notebook unrun
    assert len(images) == len(figures) + 1 and len(figures) >= 5
    assert "image/png" in widgets[0]["data"]
    printed = "".join(o.get("text", "") for o in outputs)
    assert "[ 0.841  0.54   0.01   1.   ]" in printed  # the course's table
    assert "True" in printed  # R(k) @ PE(pos) == PE(pos + k)


@pytest.mark.parametrize(
    ("rows", "said"),
    [
        (np.full((3, 8), 1e308), "up to ±1e+15"),  # drawn, it crashed Qt (a segmentation fault)
        (np.full((3, 8), np.nan), "NaN"),
        ([["a"] * 8], "real numbers"),
        (np.ones((3, 8), dtype=complex), "real numbers"),
        (np.ones((3, 8), dtype=bool), "real numbers"),  # refused as a bool .npy is
        (object(), "real numbers"),
        (np.zeros((3, 5)), "d_model = 8"),
    ],
)
def test_embedding_arrays_are_checked_as_a_files_rows_are(rows, said, state):
    with pytest.raises(ValueError, match=re.escape(said)) as raised:
        pe_clock.figure("embedding", d_model=8, embeddings=rows)
    assert str(raised.value).startswith("embeddings ")
    state.set(d_model=8)
    with pytest.raises(ValueError, match=re.escape(said)):
        state.set_embeddings(rows)
    assert not state.embeddings_loaded


def test_flags_views_and_paths_must_be_what_they_say():
    for call in (
        lambda: pe_clock.figure("clock", stage="False"),
        lambda: pe_clock.figure("clock", caption="no"),
        lambda: pe_clock.code("heatmap", torch="no"),
        lambda: pe_clock.figure(["clock"]),
        lambda: pe_clock.code({}),
        lambda: pe_clock.show({}),
        lambda: pe_clock.figure("clock", **{"no such": 1}),
    ):
        with pytest.raises(ValueError):
            call()
    drawn = pe_clock.figure("clock")
    for path, said in (
        (None, "path"),
        ("", "path"),
        ("out/", "folder"),
        ("x.jpg", ".png, .svg, .pdf, .gif, .mp4, .webm, .html;"),
    ):
        with pytest.raises(ValueError, match=re.escape(said)):
            drawn.save(path)
    with pytest.raises(AttributeError):
        drawn.format = "jpeg"


def test_a_figure_is_drawn_from_what_was_passed_then(tmp_path):
    pairs = [0, 5, 10]
    rows = np.random.default_rng(1).normal(size=(3, 8))
    clock = pe_clock.figure("bigclock", d_model=64, clock_pairs=pairs, width=640, height=480)
    embedded = pe_clock.figure("embedding", d_model=8, embeddings=rows, width=640, height=480)
    first = (clock.png(), dict(embedded.request.parameters), repr(clock))
    pairs[0], rows[0, 0] = 31, 1e300
    again = pe_clock.figure("bigclock", d_model=64, clock_pairs=(0, 5, 10), width=640, height=480)
    assert again.png() == first[0] and "clock_pairs=(0, 5, 10)" in first[2]
    assert embedded.png().startswith(b"\x89PNG")


def test_no_display_a_figure_leaves_the_environment_and_show_says_why(tmp_path):
    """Without a display: offscreen for the figure alone (a notebook's !pe-clock still opens
    its window); code() makes no QApplication; show() names the cause."""
    probe = (
        "import os, pe_clock\n"
        "from PySide6.QtWidgets import QApplication\n"
        "print(pe_clock.code('heatmap') and QApplication.instance() is None)\n"
        "try:\n    pe_clock.figure('clock', pos=-1)\nexcept ValueError:\n    pass\n"
        "print(QApplication.instance() is None and 'QT_QPA_PLATFORM' not in os.environ)\n"
        "pe_clock.figure('clock', width=640, height=480).png()\n"
        "print('QT_QPA_PLATFORM' not in os.environ)\n"
        "try:\n    pe_clock.show('clock')\nexcept RuntimeError as err:\n    print(err)\n"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    env["LANG"] = "C"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:3] == ["True", "True", "True"]
    assert lines[3].startswith("no display to open the window on: neither DISPLAY nor")
    assert lines[3].endswith("pe_clock.figure(…) draws any view without one.")
