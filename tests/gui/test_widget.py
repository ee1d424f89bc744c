"""The notebook's live widget: every view's controls set as a student sets them, each frame
the picture `pe_clock.figure` draws at those parameters; what is refused is said and changes
nothing; a burst of slider steps draws one frame; without ipywidgets one line says what to
install, and the desktop app never imports it."""

from __future__ import annotations

import asyncio
import contextlib
import html
import io
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QPointF

import pe_clock
from pe_clock.core.i18n import tr
from pe_clock.core.params import MAX_OFFSET, MIN_OFFSET
from pe_clock.gui.figures.heatmap import HeatmapView
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.views import VIEWS
from pe_clock.widget.frames import SETTLE_SECONDS, running_loop
from tests.models import configs
from tests.models.files import smooth_table, write_cache, write_model
from tests.sources import NOTEBOOK_EXTRA

ROOT = Path(__file__).resolve().parents[2]
SIZE = {"width": 960, "height": 540}
#: A change of each control a view has, as a student makes it.
CHANGES = {
    "pos": 7, "k": 3, "d_model": 64, "max_len": 40, "base": 500.0, "layout": "split",
    "head_dim": 64, "scaling_factor": 4.0, "original_len": 4096, "alibi_heads": 8,
    "why_pe": True, "causal": False, "rope_layout": "half", "scaling_method": "yarn",
    "train_len": 30, "trails": True, "scale_embeddings": True, "selected_pair": 5,
    "clock_pairs": (1, 2, 3),
}  # fmt: skip


#: The views with fields of their own (the window's panels build the same controls).
DECLARED = {
    spec.name: [name for name in spec.fields if Picture.FIELDS[name].control]
    for spec in VIEWS.values()
    if any(Picture.FIELDS[name].control for name in spec.fields)
}


class HeldLoop:
    """A kernel's event loop whose clock the test holds: callbacks wait until run_due."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self._due: list = []

    def is_closed(self) -> bool:
        return False

    def call_later(self, delay: float, callback) -> Due:
        self.delays.append(delay)
        self._due.append(handle := Due(callback))
        return handle

    def run_due(self) -> None:
        due, self._due = self._due, []
        for handle in due:
            if not handle.cancelled:
                handle.callback()


class Due:
    """A callback HeldLoop holds, which may be cancelled (as asyncio's TimerHandle)."""

    def __init__(self, callback) -> None:
        self.callback, self.cancelled = callback, False

    def cancel(self) -> None:
        self.cancelled = True


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def same_picture(widget, view: str, **look) -> bool:
    explorer = widget.explorer
    model = explorer.model_name or None  # every field the view draws, as the widget holds it
    drawn = {k: v for k, v in explorer.figure.values.items() if k in VIEWS[view].fields}
    want = pe_clock.figure(view, **SIZE, **look, model=model, **drawn).png()
    return np.array_equal(pixels(bytes(explorer.image.value)), pixels(want))


@pytest.fixture(autouse=True)
def closed(monkeypatch):
    """Every widget a test makes is closed after it, its Qt figure with it."""
    made = []

    def explore(*args, **kwargs):
        made.append(widget := real(*args, **kwargs))
        return widget

    real = pe_clock.explore
    monkeypatch.setattr(pe_clock, "explore", explore, raising=False)
    yield
    for widget in made:
        widget.close()


@pytest.fixture
def gpt2(tmp_path):
    small = {**configs.GPT_2, "n_positions": 64, "n_embd": 32}
    return write_model(tmp_path / "gpt2", small, {"wpe.weight": ("F32", smooth_table(64, 32))})


@pytest.mark.parametrize("view", list(VIEWS))
def test_every_views_controls_redraw_the_picture_figure_draws(view, gpt2, qapp):
    model = str(gpt2) if view == "learned" else None
    widget = pe_clock.explore(view, lang="en", model=model)
    explorer = widget.explorer
    assert widget.children[0] is explorer.image and bytes(explorer.image.value).startswith(
        b"\x89PNG"
    )
    assert {"theme", "lang"} <= set(explorer.controls)
    first, drawn = explorer.image.value, explorer.frames.drawn
    loop = HeldLoop()  # every change, then one frame for them all (as a burst is drawn)
    explorer.frames.loop_of = lambda: loop
    for name in VIEWS[view].controls:
        if name in CHANGES:
            explorer.controls[name].value = CHANGES[name]
            assert explorer.figure.values[name] == CHANGES[name], name
    assert explorer.message.value == "" and explorer.frames.drawn == drawn
    loop.run_due()
    explorer.frames.loop_of = running_loop
    assert explorer.image.value != first or view in ("learned",)  # base: the sinusoids only
    assert same_picture(widget, view, lang="en")
    for name in ("pos", "k"):  # drawn on the figure already laid out
        if name in explorer.controls:
            explorer.controls[name].value = 11
            assert same_picture(widget, view, lang="en"), name
    explorer.controls["lang"].value = "ko"
    assert same_picture(widget, view, lang="ko")


def test_a_refused_value_is_said_and_changes_nothing(qapp):
    widget = pe_clock.explore("clock", lang="en", pos=5)
    explorer = widget.explorer
    before = explorer.image.value
    explorer.controls["d_model"].value = 3
    assert "d_model must be an even integer" in explorer.message.value
    assert explorer.figure.values["d_model"] == 512 and explorer.controls["d_model"].value == 512
    assert explorer.image.value == before
    explorer.controls["max_len"].value = 4  # pos 5 follows the shorter table, as in the window
    assert explorer.figure.values["max_len"] == 4 and explorer.controls["pos"].max == 3
    assert explorer.controls["pos"].value == explorer.figure.values["pos"] == 3
    assert explorer.message.value == ""


def test_the_base_presets_and_play_speed(qapp):
    widget = pe_clock.explore("heatmap", lang="en")
    explorer = widget.explorer
    explorer.controls["preset"].value = 500000.0
    assert explorer.figure.values["base"] == 500000.0
    explorer.controls["base"].value = 1234.0
    assert explorer.controls["preset"].value == 0.0  # custom
    explorer.controls["speed"].value = 10.0
    assert explorer.controls["play"].interval == 100
    assert same_picture(widget, "heatmap", lang="en")


def test_without_a_view_a_menu_chooses_it(qapp):
    widget = pe_clock.explore(lang="en")
    explorer = widget.explorer
    menu = explorer.controls["view"]
    assert widget.children[0] is menu and menu.value == "clock"
    menu.value = "rope"
    assert "head_dim" in explorer.controls and "d_model" not in explorer.controls
    assert same_picture(widget, "rope", lang="en")


def test_a_model_is_chosen_in_its_field_and_a_bad_one_is_said(tmp_path, monkeypatch, qapp):
    write_cache(tmp_path, "google/gemma-3-4b-it", configs.GEMMA_3_4B)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    widget = pe_clock.explore("rope", lang="en")
    explorer = widget.explorer
    assert "google/gemma-3-4b-it" in explorer.controls["model"].options
    explorer.controls["model"].value = "google/gemma-3-4b-it"
    assert explorer.message.value == "" and explorer.figure.model is not None
    assert same_picture(widget, "rope", lang="en")
    explorer.controls["model"].value = "bigscience/bloom-560m"
    assert "not in the local Hugging Face cache" in explorer.message.value
    assert explorer.controls["model"].value == "google/gemma-3-4b-it"


def test_a_burst_of_slider_steps_draws_one_frame(qapp):
    """The kernel's loop with its clock held: a frame is due SETTLE_SECONDS after the first
    step, and every step that comes before it joins that frame (timed by a real clock, a
    busy machine let the settle time pass between two steps)."""
    widget = pe_clock.explore("clock", lang="en")
    explorer = widget.explorer
    drawn = explorer.frames.drawn
    loop = HeldLoop()
    explorer.frames.loop_of = lambda: loop
    for pos in range(1, 21):
        explorer.controls["pos"].value = pos
    assert explorer.frames.drawn == drawn and loop.delays == [SETTLE_SECONDS]
    loop.run_due()
    assert explorer.frames.drawn == drawn + 1 and explorer.figure.values["pos"] == 20
    assert same_picture(widget, "clock", lang="en")


def test_bad_arguments_raise_as_figures_do(qapp):
    with pytest.raises(ValueError, match="view"):
        pe_clock.explore("nope")
    with pytest.raises(ValueError, match="d_model"):
        pe_clock.explore("clock", d_model=3)
    with pytest.raises(ValueError, match="neither a file"):
        pe_clock.explore("rope", model="./no/such/model.json")


def test_without_ipywidgets_one_line_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)
    with pytest.raises(
        ImportError, match=r"^pe_clock.explore needs ipywidgets and ipyevents: run %pip install "
    ):
        pe_clock.explore("clock")


def test_the_desktop_app_never_imports_the_notebook_extra():
    """Run, as well as read (`test_only_the_widget_imports_the_notebook_extra`)."""
    probe = (
        "import sys, pe_clock.cli, pe_clock.gui.window.main_window, pe_clock.notebook;"
        f"print(sorted(set({NOTEBOOK_EXTRA!r}) & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("view", ["clock", "heatmap", "rotation"])
def test_a_students_session_draws_at_every_step_what_figure_draws(view, qapp):
    """Steps as a student takes them, one after the other on one widget (a drag, a new
    d_model, a preset, a layout, back): every frame the picture of those parameters."""
    widget = pe_clock.explore(view, lang="en")
    explorer = widget.explorer
    rng = np.random.default_rng(7)
    steps = [("pos", 12), ("d_model", 128), ("pos", 30), ("base", 500000.0), ("k", -4),
             ("layout", "split"), ("d_model", 512), ("max_len", 120), ("pos", 100),
             ("base", 10000.0), ("layout", "interleaved"), ("k", 9)]  # fmt: skip
    for name, value in [*steps, *(("pos", int(p)) for p in rng.integers(0, 110, 3))]:
        explorer.controls[name].value = value
        assert explorer.message.value == "", (name, value)
        assert same_picture(widget, view, lang="en"), (name, value)


def test_messages_from_another_thread_are_drawn_on_the_figures_own(qapp):
    """JupyterLab sends a widget's messages on a subshell, a thread of its own: the figure is
    still drawn on the thread that made it (Qt draws on no other), for the last step."""
    import threading

    async def session() -> tuple[object, set[str]]:
        widget = pe_clock.explore("clock", lang="en")
        explorer = widget.explorer
        threads = set()
        draw = explorer.frames._draw
        explorer.frames._draw = lambda: (threads.add(threading.current_thread().name), draw())

        def drag() -> None:
            for pos in range(8, 21):
                explorer.controls["pos"].value = pos

        await asyncio.get_running_loop().run_in_executor(None, drag)
        await asyncio.sleep(4 * SETTLE_SECONDS)
        return widget, threads

    widget, threads = asyncio.run(session())
    assert threads == {threading.current_thread().name}
    assert widget.explorer.figure.values["pos"] == 20
    assert same_picture(widget, "clock", lang="en")


@pytest.mark.parametrize("view", [s.name for s in VIEWS.values() if s.name in DECLARED])
def test_the_widgets_controls_are_the_fields_declared_ones(view, qapp):
    """Same range, step and choices as the window's panel (they come from one declaration):
    the widget allowed scaling_factor to 1e6 where the state takes 64."""
    explorer = pe_clock.explore(view, lang="en").explorer
    for name in DECLARED[view]:
        control, widget = Picture.FIELDS[name].control, explorer.controls[name]
        if control.choices:
            assert [value for _, value in widget.options] == list(control.choices)
        elif control.presets:  # typed (any base above 1): the state's check refuses the rest
            assert explorer.controls["preset"].options[-1][1] == 0.0  # custom
        elif hasattr(widget, "min"):  # a slider: its range now (a pair's within the table)
            assert (widget.min, widget.max) == explorer.figure.picture.allowed(name), name
            assert getattr(widget, "step", 1) in (control.step, None, 0.1), name


def test_a_model_chosen_in_the_widget_sets_its_numbers_and_closing_puts_them_back(tmp_path, qapp):
    """Chosen in the model field, Llama 3.1's numbers were drawn over by the widget's own
    (base 10000 under "set over the model's 500000", which nobody set)."""
    from pe_clock.gui.widgets.layer_strip import overrides

    llama = str(write_model(tmp_path / "llama", configs.LLAMA_3_1_8B))
    explorer = pe_clock.explore("scaling", lang="en").explorer
    before = dict(explorer.figure.values)
    explorer.controls["model"].value = llama
    values = explorer.figure.values
    assert (values["base"], values["scaling_method"]) == (500000.0, "llama3")
    assert explorer.controls["base"].value == 500000.0  # what the model set, shown
    assert same_picture(explorer.box, "scaling", lang="en")
    state = explorer.figure._rendered.state
    assert overrides(state) == []  # nothing set over the model's numbers
    explorer.controls["model"].value = ""
    assert explorer.figure.model is None
    assert {name: explorer.figure.values[name] for name in ("scaling_method", "original_len")} == {
        name: before[name] for name in ("scaling_method", "original_len")
    }


def test_a_view_that_cannot_show_the_open_model_is_refused(tmp_path, qapp):
    distilbert = str(write_model(tmp_path / "distil", configs.DISTILBERT_SINUSOIDAL))
    explorer = pe_clock.explore(lang="en", model=distilbert).explorer
    assert explorer.figure.values["d_model"] == 768
    explorer.controls["view"].value = "rope"
    assert "cannot be shown on view=&#x27;rope&#x27;" in explorer.message.value
    assert explorer.controls["view"].value == "clock" and explorer.figure.view == "clock"


def test_the_sliders_offer_only_what_the_state_takes(qapp):
    explorer = pe_clock.explore("heatmap", lang="en", pos=10, k=-5).explorer
    controls = explorer.controls
    assert controls["pos"].min == 5  # pos + k >= 0
    assert controls["d_model"].max == 8192
    # k typed: pos + k >= 0 checked with pos, its range by its check, each refusal said
    controls["k"].value = -11
    assert "pos + k" in explorer.message.value and controls["k"].value == -5
    for past in (MIN_OFFSET - 1, MAX_OFFSET + 1):  # never clamped without a word
        controls["k"].value = past
        assert "k must be" in explorer.message.value and controls["k"].value == -5
    interval = controls["play"].interval
    controls["speed"].value = 100.0  # as the window's speed: refused, said, put back
    assert "speed" in explorer.message.value and controls["speed"].value == 4.0
    assert controls["play"].interval == interval
    controls["pos"].value = 30
    assert controls["pos"].min == 5 and explorer.message.value == ""
    with pytest.raises(ValueError, match="view must be one of"):
        pe_clock.explore("")


def test_controls_set_from_two_threads_end_where_the_controls_end(qapp):
    """Two threads drag d_model in opposite orders while the kernel's loop runs: every frame
    is drawn on the figure's thread, and the figure ends at the value the slider ends at
    (a handler read the value its message carried, and the messages raced)."""

    async def session() -> object:
        widget = pe_clock.explore("clock", lang="en")
        slider = widget.explorer.controls["d_model"]

        def drag(values: list[int]) -> None:
            for value in values:
                slider.value = value

        loop = asyncio.get_running_loop()
        await asyncio.gather(
            loop.run_in_executor(None, drag, [16, 32, 64, 128] * 5),
            loop.run_in_executor(None, drag, [128, 64, 32, 16] * 5),
        )
        await asyncio.sleep(4 * SETTLE_SECONDS)
        return widget

    widget = asyncio.run(session())
    explorer = widget.explorer
    assert explorer.figure.values["d_model"] == explorer.controls["d_model"].value
    assert same_picture(widget, "clock", lang="en")


def test_with_no_loop_another_threads_change_waits_for_the_figures_thread(qapp):
    """A plain script has no loop to hand a thread's change to: Qt is never used from that
    thread (two drawing at once crashed the process); the figure's thread's next change
    draws the last value each control was set to."""
    import threading

    widget = pe_clock.explore("clock", lang="en")
    explorer = widget.explorer
    drawn = explorer.frames.drawn

    def drag(values: list[int]) -> None:
        for value in values:
            explorer.controls["d_model"].value = value

    threads = [threading.Thread(target=drag, args=([16, 64, 128, 32] * 3,)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert explorer.frames.drawn == drawn and explorer.figure.values["d_model"] == 512
    explorer.controls["k"].value = 2  # on the figure's thread: what waited, then this
    assert explorer.figure.values["d_model"] == 32 and explorer.figure.values["k"] == 2
    assert explorer.frames.drawn == drawn + 2  # one frame for d_model's last value, one for k
    assert same_picture(widget, "clock", lang="en")


def test_close_from_another_thread_returns_and_qt_closes_on_the_figures_thread(qapp):
    """A thread's close() never touches Qt (it blocked there with Python's lock held): the
    view is closed on the figure's thread, by its loop, or, with none, at its next call."""
    import threading

    def close_elsewhere(widget) -> None:
        thread = threading.Thread(target=widget.close, daemon=True)
        thread.start()
        thread.join(60)  # (a hang, not a time: it returned at once)
        assert not thread.is_alive()

    widget = pe_clock.explore("clock", lang="en")
    explorer = widget.explorer
    close_elsewhere(widget)
    assert explorer.closed and explorer.figure.rendered is not None  # not closed off-thread
    explorer._in_main(0, lambda: None)  # the figure's thread's next call closes it
    assert explorer.figure.rendered is None

    async def in_a_kernel() -> object:
        widget = pe_clock.explore("clock", lang="en")
        close_elsewhere(widget)
        await asyncio.sleep(0.05)  # the loop's next turn
        return widget.explorer.figure.rendered

    assert asyncio.run(in_a_kernel()) is None


def test_save_pressed_on_other_threads_saves_every_press(tmp_path, monkeypatch, qapp):
    """With no loop, presses wait for the figure's thread as changes do, but each is an
    action of its own: two threads pressing 5 times each make 10 files, not the last one."""
    import threading

    monkeypatch.chdir(tmp_path)
    explorer = pe_clock.explore("clock", lang="en", width=640, height=360).explorer
    presses = [threading.Thread(target=lambda: [explorer.controls["save"].click()
                                                for _ in range(5)]) for _ in range(2)]  # fmt: skip
    for thread in presses:
        thread.start()
    for thread in presses:
        thread.join()
    explorer._in_main(0, lambda: None)  # the figure's thread's next call runs what waited
    assert len(list(tmp_path.glob("pe-clock-clock*.png"))) == 10


def test_a_hover_with_any_coordinates_reads_out_or_says_nothing(qapp):
    explorer = pe_clock.explore("heatmap", lang="en").explorer
    for x in (10**400, float("nan"), float("inf"), "12", None, True, -(10**400)):
        explorer._hover({"type": "mousemove", "dataX": x, "dataY": 40})
        assert explorer.readout.value == ""


def test_changing_view_or_language_leaves_no_model_open(qapp):
    """Each change of view or language closes the controls it replaces (with their layouts,
    styles and links); closing the widget closes every model it made."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    widget = pe_clock.explore(lang="en")
    made = len(_instances)
    for view in ["heatmap", "rope", "alibi", "clock"]:
        widget.explorer.controls["view"].value = view
    for lang in ["ko", "en"]:
        widget.explorer.controls["lang"].value = lang
    assert len(_instances) == made
    assert widget.explorer.menu.value == "clock" and widget.children[0] is widget.explorer.menu
    widget.close()
    assert set(_instances) == before


def test_a_view_change_sends_only_the_rows_the_new_view_adds(monkeypatch, qapp):
    """The rows both views have stay (the same widgets, Play and all); a new control goes to
    the page whole, as it is made (its tooltip and label width then sent again made every
    view change 70 models and 35 updates); every control keeps its field's tooltip and a
    label as wide as its words."""
    from ipywidgets import Widget

    widget = pe_clock.explore(lang="en")
    explorer = widget.explorer
    kept = {name: explorer.controls[name] for name in ("pos", "play", "lang", "save")}
    sent: list[tuple[str, object]] = []
    opened: list[str] = []
    send_state, open_model = Widget.send_state, Widget.open

    def counted_send(self, key=None):
        sent.append((type(self).__name__, key))
        return send_state(self, key)

    def counted_open(self):
        opened.append(type(self).__name__)
        return open_model(self)

    monkeypatch.setattr(Widget, "send_state", counted_send)
    monkeypatch.setattr(Widget, "open", counted_open)
    explorer.controls["view"].value = "heatmap"  # its fields are all the clock's
    assert opened == []
    assert {kind for kind, _ in sent} == {"Dropdown", "ExplorerBox", "Image"}  # menu, rows, frame
    assert all(explorer.controls[name] is control for name, control in kept.items())
    sent.clear()
    explorer.controls["view"].value = "rope"  # fields of its own: made, sent once
    frame = ("Dropdown", "ExplorerBox", "Image")
    assert opened and not [update for update in sent if update[0] not in frame]
    for name, control in explorer.controls.items():
        if name in VIEWS["rope"].controls and name != "model":
            assert control.tooltip == tr(Picture.FIELDS[name].tip), name
        style = getattr(control, "style", None)
        if hasattr(style, "description_width"):
            assert style.description_width == "initial", name
    widget.close()


def test_a_new_view_draws_at_once_and_a_drag_s_frame_due_is_not_drawn_again(qapp):
    """A view change is one change, not a drag: its frame is drawn at once, without the 20 ms
    a drag's steps wait for each other, and a frame a slider had due is not drawn twice."""
    widget = pe_clock.explore(lang="en")
    explorer, loop = widget.explorer, HeldLoop()
    explorer.frames.loop_of = lambda: loop
    drawn = explorer.frames.drawn
    explorer.controls["pos"].value = 3  # due in 20 ms
    assert explorer.frames.drawn == drawn and loop.delays == [SETTLE_SECONDS]
    explorer.controls["view"].value = "heatmap"
    assert explorer.frames.drawn == drawn + 1  # at once, with pos 3
    loop.run_due()
    assert explorer.frames.drawn == drawn + 1
    assert explorer.figure.values["pos"] == 3 and same_picture(widget, "heatmap")
    widget.close()


def test_the_first_frame_is_drawn_before_explore_returns(qapp):
    """In a kernel (a running loop) too: an executed notebook keeps the picture its cell
    drew, and nbconvert saves the widget when the cell returns."""

    async def make() -> bytes:
        return bytes(pe_clock.explore("heatmap", lang="en").explorer.image.value)

    assert pixels(asyncio.run(make())).shape[:2] == (540, 960)


def test_save_writes_the_frame_as_a_new_file_and_code_shows_its_script(tmp_path, monkeypatch, qapp):
    from pe_clock.core.figure_code import script

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pe-clock-rotation.png").write_bytes(b"a student's file")
    explorer = pe_clock.explore("rotation", lang="en", k=3).explorer
    explorer.controls["save"].click()
    saved = tmp_path / "pe-clock-rotation-2.png"
    assert saved.read_bytes() == explorer.image.value  # the frame, figure()'s pixels
    assert (tmp_path / "pe-clock-rotation.png").read_bytes() == b"a student's file"
    assert explorer.message.value.endswith(f"Saved as {saved}</span>")

    assert explorer.code.layout.display == "none"
    explorer.controls["code"].value = True
    explorer.controls["k"].value = 5
    text = script("rotation", explorer.figure.picture.values(), "en", False)
    assert "pos, k = 0, 5" in text and html.escape(text) in explorer.code.value


def test_a_save_that_cannot_be_written_is_said_and_leaves_nothing(tmp_path, monkeypatch, qapp):
    from tests.gui.test_files import tiny_filesystem

    explorer = pe_clock.explore("clock", lang="en").explorer
    with tiny_filesystem(tmp_path) as disk:
        with contextlib.suppress(OSError), (disk / "filler").open("wb") as fill:
            while True:
                fill.write(b"\0" * 4096)
        monkeypatch.chdir(disk)
        explorer.controls["save"].click()
        assert "No space left" in explorer.message.value and "#b00020" in explorer.message.value
        assert sorted(path.name for path in disk.iterdir()) == ["filler"]
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    explorer.controls["save"].click()
    assert "The current folder no longer exists" in explorer.message.value


def test_a_script_that_builds_a_widget_exits_without_a_word(tmp_path):
    """A process is the point: what Python and Qt print as they end (a widget's __del__ on a
    Qt object already deleted was printed at exit)."""
    script = (
        "import pe_clock\n"
        "box = pe_clock.explore(lang='en')\n"
        "box.explorer.controls['view'].value = 'rotation'\n"
        "box.explorer.controls['k'].value = 3\n"
        "other = pe_clock.explore('heatmap')\n"
        "other.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_a_refused_widget_leaves_no_model_open(qapp):
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    with pytest.raises(ValueError, match="at least"):
        pe_clock.explore("window", width=320, height=240)
    assert set(_instances) == before


def test_a_frame_due_after_closing_draws_nothing(qapp):
    explorer = pe_clock.explore("clock", lang="en").explorer
    loop = HeldLoop()
    explorer.frames.loop_of = lambda: loop
    picture = bytes(explorer.image.value)
    explorer.controls["pos"].value = 9  # its frame due at the next turn of the loop
    explorer.box.close()
    loop.run_due()
    assert explorer.figure._rendered is None  # its Qt view not built again
    assert bytes(explorer.image.value) == picture


def test_a_frame_scheduled_on_a_loop_that_ended_does_not_stop_the_next(qapp):
    async def make() -> object:
        widget = pe_clock.explore("clock", lang="en")
        widget.explorer.controls["pos"].value = 3  # due 20 ms later: the loop ends first
        return widget

    widget = asyncio.run(make())
    drawn = widget.explorer.frames.drawn
    widget.explorer.controls["pos"].value = 7  # no loop now: drawn at once
    assert widget.explorer.frames.drawn == drawn + 1
    assert same_picture(widget, "clock", lang="en")


def test_save_takes_a_name_no_file_or_link_has(tmp_path, monkeypatch, qapp):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pe-clock-clock.png").symlink_to(tmp_path / "gone.png")  # dangling
    explorer = pe_clock.explore("clock", lang="en").explorer
    explorer.controls["save"].click()
    assert (tmp_path / "pe-clock-clock-2.png").read_bytes() == explorer.image.value


@pytest.mark.parametrize("view", ["heatmap", "window"])
def test_the_cell_under_the_mouse_is_read_out_as_the_window_says_it(view, qapp):
    """ipyevents gives the image the mouse: the read-out under the figure is the heatmap's
    hover read-out for the cell under the pointer, in the image's own pixels; leaving the
    image, or a point on no cell, says nothing."""
    from ipyevents import Event

    from pe_clock.gui.figures.heatmap import cell_formula

    explorer = pe_clock.explore(view, lang="en").explorer
    (events,) = explorer._events
    assert isinstance(events, Event) and events.source is explorer.image
    assert {"mousemove", "mouseleave"} <= set(events.watched_events)
    rendered = explorer.figure.rendered
    heatmap = rendered.widget.findChild(HeatmapView) or rendered.widget
    # The middle of cell (position 10, dimension 100), in the image's pixels.
    scene = heatmap.plot.getViewBox().mapViewToScene(QPointF(100.5, 10.5))
    point = heatmap.graphics.mapTo(rendered.widget, heatmap.graphics.mapFromScene(scene))
    x, y = ((v + rendered.margin) * rendered.scale for v in (point.x(), point.y()))
    explorer._hover({"type": "mousemove", "dataX": x, "dataY": y})
    # The formula, then (a pixel of several cells) the pixel's mean, as the window says both.
    assert explorer.readout.value.startswith(cell_formula(heatmap._state, 10, 100))
    explorer._hover({"type": "mouseleave"})
    assert explorer.readout.value == ""
    explorer._hover({"type": "mousemove", "dataX": 2, "dataY": 2})  # the margin: no cell
    assert explorer.readout.value == ""
