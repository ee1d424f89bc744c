"""The widget's parts held together (`Explorer`), and `explore`, which makes it."""

from __future__ import annotations

import base64
import html
import itertools
import math
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pe_clock.core import i18n
from pe_clock.core.i18n import tr
from pe_clock.gui.model.choices import THEME_NAMES
from pe_clock.gui.model.fields import Control
from pe_clock.gui.model.picture import Picture
from pe_clock.gui.model.request import API, check_model_view, figure_request, open_shown
from pe_clock.gui.views import VIEW_NAMES, VIEWS, check_view
from pe_clock.widget.controls import (
    LOOK_ROW,
    SLIDER_STEPS,
    TOOLS_ROW,
    HandBoxes,
    Row,
    Whole,
    close_tree,
    tip,
)
from pe_clock.widget.figure import LiveFigure
from pe_clock.widget.frames import Frames, running_loop

if TYPE_CHECKING:
    import ipywidgets


#: The size a widget draws at unless told (the figure fits a notebook's column).
WIDGET_SIZE = (960, 540)


def _ipywidgets() -> Any:
    try:
        import ipywidgets
    except ImportError as err:
        raise ImportError(tr("widget.install")) from err
    return ipywidgets


def _box_class(w: Any) -> Any:
    """ipywidgets' VBox whose close() also frees the figure kept laid out (its Qt view): a
    notebook closes a widget when its cell's output is cleared."""

    class ExplorerBox(w.VBox):
        explorer: Explorer

        def close(self) -> None:
            explorer = getattr(self, "explorer", None)
            if explorer is not None:
                explorer.close()
            self.layout.close()
            super().close()

        def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
            """The widget's view, and beside it the frame on screen as a PNG with the
            figure's numbers and description as its text: a notebook saved after running
            shows the picture where no kernel runs the widget (GitHub, nbviewer, JupyterLab
            and VS Code opened unrun)."""
            data = super()._repr_mimebundle_(**kwargs)
            explorer = getattr(self, "explorer", None)
            if data is not None and explorer is not None and explorer.image.value:
                data["image/png"] = base64.b64encode(bytes(explorer.image.value)).decode()
                data["text/plain"] = explorer.described()
            return data

    return ExplorerBox


def _declared_control(name: str) -> Control | None:
    """The control field name declares (None for a control that sets no field: Play, …)."""
    declared = Picture.FIELDS.get(name)
    return None if declared is None else declared.control


def _pixel(value: object) -> float | None:
    """A pointer's coordinate from the page as a finite float, or None (a page may send
    anything: a string, a 401-digit integer float() cannot hold, NaN)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


class Explorer:
    """The widget's parts: the figure, a line for what was refused, the controls.

    Every change is handled on the thread that made the figure, one at a time (Qt draws on no
    other, and two threads drawing at once crashed the process): a message on another thread
    (JupyterLab's subshell) is handed to the kernel's loop; with no loop to hand it to (a
    plain script), it waits for the figure's thread's next change. A handler reads its
    control's value when it runs, so the figure ends at the value the control ends at,
    whatever order the threads' messages came in.
    """

    def __init__(
        self,
        view: str | None,
        size: tuple[int, int],
        look: dict[str, str],
        picture: Picture,
        model_name: str = "",
    ) -> None:
        self.w = Whole(_ipywidgets())
        # The thread that draws, and its event loop (a notebook kernel's), if one runs.
        self._thread = threading.current_thread()
        self._loop = running_loop()
        self._lock = threading.RLock()
        # Set on another thread with no loop to run it: each control's handler, in order.
        self._waiting: dict[int, Callable[[], None]] = {}
        self._due: dict[int, int] = {}  # changes of each control not handled yet
        self._clicks = itertools.count(-1, -1)  # each button press's key (ids are positive)
        #: The rows of controls under the figure, by the field (or LOOK_ROW, TOOLS_ROW) each
        #: is for: a row the next view has too stays as it is.
        self._rows: dict[str, Row] = {}
        self._links: list[Any] = []  # links made while a row is built (models the page keeps)
        self.figure = LiveFigure(view or "clock", size, look, picture)
        self.model_name = model_name
        self.frames = Frames(self._draw)
        # At most as wide as the page's column (its margin inside it: a 2-pixel margin past
        # a narrow column made the page scroll sideways).
        self.image = self.w.Image(
            format="png",
            layout=self.w.Layout(width=f"{size[0]}px", max_width="100%", margin="0px"),
        )
        self.message = self.w.HTML()
        self.code = self.w.HTML(layout=self.w.Layout(display="none"))
        self.readout = self.w.HTML()  # the cell under the mouse, as the window's hover says it
        self._events = self._hover_events()
        self.controls: dict[str, Any] = {}
        self._quiet = False  # while the widget sets a control itself
        self.menu = self._view_menu() if view is None else None
        self.closed = False
        self.box = _box_class(self.w)()
        self.box.explorer = self  # kept with the widget (its figure, its frames)
        try:
            self._lay_out()
            # The first frame before the cell returns: an executed notebook keeps it.
            self.frames.flush()
        except BaseException:
            self.box.close()  # refused (a size too small for the view): nothing left open
            raise

    # --- the parts ------------------------------------------------------------------------
    def _lay_out(self, fresh: bool = True) -> None:
        """Every control of the view, in the figure's language, under the menu, the picture
        and the message line. A row the view before had too (a field's, the look's, the
        tools') stays as it is, unless fresh (a new language: every label anew): a view
        change sends the page only the rows it did not have (it made and sent all 70 or so
        models again, and each control's tooltip and label width once more after it)."""
        old = self._rows
        rows: dict[str, Row] = {}
        self.controls = {}
        with i18n.speaking(self.figure.look["lang"]):
            if self.menu is not None:
                self._translate_menu(fresh or not old)
            for name in (*VIEWS[self.figure.view].controls, LOOK_ROW, TOOLS_ROW):
                kept = name in old and not fresh
                row = rows[name] = old[name] if kept else self._made_row(name)
                self.controls.update(row.controls)
        self._rows = rows
        menu = [] if self.menu is None else [self.menu]
        made = [row.widget for row in rows.values()]
        self.box.children = (*menu, self.image, self.readout, self.message, *made, self.code)
        for row in old.values():
            if rows.get(row.name) is not row:
                row.close()
        self._sync_ranges()

    def _made_row(self, name: str) -> Row:
        """The row for name, with the controls and links it made."""
        before, self.controls = self.controls, {}
        self._links = []
        try:
            if name == LOOK_ROW:
                widget = self._look_row()
            elif name == TOOLS_ROW:
                widget = self._tools_row()
            else:
                widget = self._control(name)
            return Row(name, widget, self.controls, self._links)
        finally:
            self.controls = before
            self._links = []

    def close(self) -> None:
        """Close the figure (its Qt view) and every model the widget made; a frame or a change
        still due after it does nothing. From any thread: the Qt view is closed on the
        figure's thread (handed to its loop, or, with none, at its next change), never here,
        where Qt would block with Python's lock held."""
        self.closed = True
        if threading.current_thread() is self._thread:
            self.figure.close()
        elif self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.figure.close)
        else:
            with self._lock:
                self._waiting[id(self.figure)] = self.figure.close
        parts = [self.image, self.readout, self.message, self.code]
        for widget in ([] if self.menu is None else [self.menu]) + parts + self._events:
            close_tree(widget)
        for row in self._rows.values():
            row.close()
        self._rows = {}

    def described(self) -> str:
        """The frame shown in words: its numbers and what its view says it shows."""
        from pe_clock.gui.export.render import caption_text

        rendered = self.figure.rendered
        if rendered is None:
            return VIEWS[self.figure.view].title
        with i18n.speaking(self.figure.look["lang"]):
            line = caption_text(self.figure.view, rendered.state)
            return f"{VIEWS[self.figure.view].title}. {line}. {rendered.drawn.describe()}"

    def _hover_events(self) -> list[Any]:
        """The mouse over the picture, with ipyevents (an ipywidgets image sends no pointer
        events): the cell under it read out beneath the figure, as the window's hover read-out
        says it, asked of the figure laid out behind the still. Without ipyevents, none."""
        try:
            from ipyevents import Event
        except ImportError:
            return []
        events = Event(
            source=self.image, watched_events=["mousemove", "mouseleave"],
            wait=40, throttle_or_debounce="throttle",  # a frame's time apart, the last kept
        )  # fmt: skip
        events.on_dom_event(lambda event: self._in_main(id(events), lambda: self._hover(event)))
        return [events]

    def _hover(self, event: dict[str, Any]) -> None:
        """event: ipyevents' mousemove (dataX, dataY: the image's own pixels) or mouseleave."""
        text = ""
        rendered = self.figure.rendered
        if event.get("type") == "mousemove" and rendered is not None and not self.closed:
            x, y = _pixel(event.get("dataX")), _pixel(event.get("dataY"))
            if x is not None and y is not None:
                with i18n.speaking(self.figure.look["lang"]):
                    text = rendered.readout_at(x, y)
        self.readout.value = text

    def _row(self, *children: Any) -> Any:
        """Controls side by side, wrapped onto the next line where the notebook is narrower
        (a sidebar open: the speed's unit and the third hand ran past the page's edge)."""
        return self.w.HBox(
            list(children), layout=self.w.Layout(flex_flow="row wrap", align_items="center")
        )

    def _view_menu(self) -> Any:
        # As wide as the longest title in either language ("Learned positions beside the
        # sinusoids (learned)"), within the page.
        menu = self.w.Dropdown(
            options=[], value=None, layout=self.w.Layout(width="560px", max_width="100%")
        )
        self._on(menu, self._new_view)
        return menu

    def _translate_menu(self, words: bool) -> None:
        """The menu at the view shown; words: its views and label in the figure's language
        too."""
        assert self.menu is not None
        self._quiet = True
        try:
            if words:
                options = [(f"{VIEWS[name].title} ({name})", name) for name in VIEW_NAMES]
                self.menu.options = options
                self.menu.description = tr("widget.view")
            self.menu.value = self.figure.view
        finally:
            self._quiet = False
        self.controls["view"] = self.menu

    def _on(self, widget: Any, handler: Callable[[Any], None]) -> None:
        """Call handler with widget's value each time it changes, on the figure's thread.
        Until it has run, nothing sets the widget back to the figure's value."""
        key = id(widget)

        def run() -> None:
            self._due[key] -= 1
            if not self.closed:
                handler(widget.value)

        def changed(_: object) -> None:
            with self._lock:
                self._due[key] = self._due.get(key, 0) + 1
            self._in_main(key, run)

        widget.observe(changed, "value")

    def _in_main(self, control: int, run: Callable[[], None]) -> None:
        """run (control's handler) on the figure's thread; waiting, a control's last one only."""
        if threading.current_thread() is self._thread:
            with self._lock:
                waiting, self._waiting = self._waiting, {}
                for handler in (*waiting.values(), run):
                    handler()
        elif self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._in_main, control, run)
        else:
            with self._lock:
                if self._waiting.pop(control, None) is not None and control in self._due:
                    self._due[control] -= 1  # its last change will do
                self._waiting[control] = run  # after the others that came since

    def _watch(self, name: str, widget: Any) -> Any:
        """widget (made with `tip(name)` as its tooltip) sets field name."""
        self.controls[name] = widget
        self._on(widget, lambda value: self._changed(name, value))
        return widget

    def _control(self, name: str) -> Any:
        """The control of a field the view declares, as its declaration says (the window's
        are built from the same one, `gui.widgets.field_control`): a model's field, the
        clock's three hands, a played field with Play and its speed, a typed field with its
        presets, or one ipywidget with the field's label, range and step."""
        if name == "model":
            return self._model_row()
        declared = Picture.FIELDS[name]
        control = declared.control
        assert control is not None, name
        if declared.kind is tuple:
            hands = HandBoxes(self.w, self.figure.values[name], tip(name))
            self._watch(name, hands)
            label = self.w.Label(tr(control.label), layout=self.w.Layout(margin="2px 12px 2px 2px"))
            return self._row(label, *hands.boxes)
        if control.played:
            return self._played_row(name)
        if control.presets:
            return self._presets_row(name)
        return self._watch(name, self._declared(name))

    def _declared(self, name: str) -> Any:
        """The ipywidget for the control field name declares: its label, range and step."""
        w, value = self.w, self.figure.values[name]
        declared = Picture.FIELDS[name]
        control = declared.control
        assert control is not None, name
        said = {"value": value, "description": tr(control.label), "tooltip": tip(name)}
        if declared.kind is bool:
            return w.Checkbox(**said)
        if control.choices:
            options = [(tr(key), choice) for choice, key in control.choices.items()]
            return w.Dropdown(options=options, **said)
        # A typed number is any (a bounded box would clamp what is typed without a word):
        # the field's check refuses what is out of its range, saying so; a slider offers
        # the range alone.
        if declared.kind is float:
            return w.FloatText(**said)
        lo, hi = (int(end) for end in self.figure.picture.allowed(name))
        if (hi - lo) // control.step <= SLIDER_STEPS:
            return w.IntSlider(min=lo, max=hi, step=control.step, **said)
        return w.IntText(step=control.step, **said)

    def _played_row(self, name: str) -> Any:
        """The field the animation moves: a slider, Play (played in the browser, drawn
        here) and its speed, in the window's range."""
        w, value = self.w, self.figure.values[name]
        lo, hi = (int(end) for end in self.figure.picture.allowed(name))
        slider = w.IntSlider(value=value, min=lo, max=hi, tooltip=tip(name),
                             description=tr(Picture.FIELDS[name].label),
                             layout=w.Layout(width="480px"))  # fmt: skip
        speed_field = Picture.FIELDS["speed"]
        speed_control, first = speed_field.control, speed_field.default
        assert speed_control is not None and isinstance(first, float)
        play = w.Play(value=value, min=lo, max=hi, interval=round(1000 / first))
        speed = w.FloatText(
            value=first, step=0.25, description=tr(speed_control.label), tooltip=tip("speed"),
            layout=w.Layout(width="200px"),
        )  # fmt: skip
        self._links += [
            w.jslink((play, "value"), (slider, "value")),
            w.jslink((play, "max"), (slider, "max")),
            w.jslink((play, "min"), (slider, "min")),
        ]

        def paced(change: dict[str, Any]) -> None:  # checked as the window's speed is
            try:
                with i18n.speaking(self.figure.look["lang"]):
                    pace = speed_field.check(change["new"], {})  # type: ignore[misc]
            except ValueError as err:
                self._say(str(err))
                speed.value = change["old"]
                return
            play.interval = round(1000 / pace)

        speed.observe(paced, "value")
        self.controls["play"], self.controls["speed"] = play, speed
        self._watch(name, slider)
        return self._row(play, slider, speed, w.Label(tr(speed_control.unit).strip()))

    def _presets_row(self, name: str) -> Any:
        """A typed number and the list of its presets (custom: as typed)."""
        w, value = self.w, self.figure.values[name]
        control = Picture.FIELDS[name].control
        assert control is not None
        known = [preset for _, preset in control.presets]
        options = [(tr(key), preset) for key, preset in control.presets]
        options.append((tr("preset.custom"), 0.0))
        preset = w.Dropdown(
            options=options, value=value if value in known else 0.0,
            description=tr("controls.preset"), tooltip=tr("tip.preset"),
        )  # fmt: skip
        field = w.FloatText(value=value, description=tr(control.label), tooltip=tip(name))
        self.controls["preset"] = preset

        def chosen(value: float) -> None:
            if value and not self._quiet:  # a preset (custom: the field as typed)
                field.value = value

        self._on(preset, chosen)
        return self._row(self._watch(name, field), preset)

    def _model_row(self) -> Any:
        from pe_clock.core.models.files import cached_models

        names = [name for name, _ in cached_models()]
        box = self.w.Combobox(
            value=self.model_name, options=names, placeholder=tr("widget.model_hint"),
            tooltip=tr("widget.model_hint"),
            description=tr("widget.model"), ensure_option=False, continuous_update=False,
            layout=self.w.Layout(width="480px"),
        )  # fmt: skip
        self.controls["model"] = box
        self._on(box, self._new_model)
        return box

    def _look_row(self) -> Any:
        w, look = self.w, self.figure.look
        theme = w.ToggleButtons(options=[(tr(f"widget.theme_{t}"), t) for t in THEME_NAMES],
                                value=look["theme"])  # fmt: skip
        languages = [(i18n.LANGUAGE_NAMES[lang], lang) for lang in i18n.LANGUAGES]
        lang = w.Dropdown(options=languages, value=look["lang"],
                          description=tr("widget.language"))  # fmt: skip
        self.controls["theme"], self.controls["lang"] = theme, lang
        self._on(theme, lambda value: self._new_look(theme=value))
        self._on(lang, lambda value: self._new_look(lang=value))
        return self._row(w.Label(tr("widget.theme")), theme, lang)

    # --- a control changed ----------------------------------------------------------------
    def _changed(self, name: str, value: Any) -> None:
        if self._quiet:
            return
        try:
            with i18n.speaking(self.figure.look["lang"]):
                self.figure.set(**{name: value})
        except (TypeError, ValueError) as err:
            self._say(str(err))
            self._set_quietly(name, self.figure.values[name])  # the true value again
            return
        self._say("")
        self._show_values()
        self.frames.request()

    def _show_values(self) -> None:
        """Every control at its field's value (what followed a change, or a model, shown),
        within the range its field allows now."""
        self._sync_ranges()
        values = self.figure.values
        for name, control in self.controls.items():
            held = values.get(name)
            if self._due.get(id(control)):
                continue  # a change of its own comes next: the student's, not undone
            if held is not None and control.value != held:
                self._set_quietly(name, held)
        for name in self.controls:
            control = _declared_control(name)
            if control is not None and control.presets:  # the preset it is, else custom
                known = [value for _, value in control.presets]
                self._set_quietly("preset", values[name] if values[name] in known else 0.0)

    def _sync_ranges(self) -> None:
        """Each control whose range follows other fields (`StateField.bounds`) within the
        range its field allows now (Play within its field's): a control offers only what the
        state takes."""
        picture, ranges = self.figure.picture, {}
        for name in self.controls:
            if name in Picture.FIELDS and Picture.FIELDS[name].bounds is not None:
                ranges[name] = picture.allowed(name)
                control = _declared_control(name)
                if control is not None and control.played:
                    ranges["play"] = ranges[name]
        self._quiet = True
        try:
            for name, (low, high) in ranges.items():
                box: Any = self.controls.get(name)
                if getattr(box, "min", None) is None:
                    continue  # typed: its field's check takes what is in range
                if (box.min, box.max) != (low, high):
                    # widened first, so the value is never outside on the way
                    box.min, box.max = min(low, box.min), max(high, box.max)
                    box.min, box.max = low, high
        finally:
            self._quiet = False

    def _set_quietly(self, name: str, value: Any) -> None:
        self._quiet = True
        try:
            self.controls[name].value = value
        finally:
            self._quiet = False

    def _new_view(self, view: str) -> None:
        if self._quiet:
            return
        shown = self.figure.model
        try:
            if shown is not None:  # a view that cannot show the open model is refused
                check_model_view(shown[0], view, API.given("view", view))
        except ValueError as err:
            self._say(str(err))
            self._set_quietly("view", self.figure.view)
            return
        self._say("")
        self.figure.rebuild(view=check_view(view, "view"))
        self._lay_out(fresh=False)
        self.frames.flush()

    def _new_look(self, **look: str) -> None:
        if self._quiet:
            return
        self.figure.rebuild(look={**self.figure.look, **look})
        if "lang" in look:
            self._lay_out()  # every label in the new language
        self.frames.flush()

    def _new_model(self, name: str) -> None:
        if self._quiet:
            return
        try:
            with i18n.speaking(self.figure.look["lang"]):
                shown = open_shown(self.figure.view, name, None) if name.strip() else None
        except (TypeError, ValueError) as err:
            self._say(str(err))
            self._set_quietly("model", self.model_name)
            return
        self.model_name = name.strip()
        self.figure.show_model(shown)  # its numbers on the fields; closed, they go back
        self._say(" ".join(self.figure.picture.model_refused().values()))
        self._show_values()
        self.frames.flush()

    def _tools_row(self) -> Any:
        """Save the figure as a PNG file, and show the script that recomputes its numbers."""
        w = self.w
        save = w.Button(description=tr("widget.save"), tooltip=tr("widget.tip_save"))
        show = w.ToggleButton(
            value=self.code.layout.display != "none",
            description=tr("widget.code"),
            tooltip=tr("widget.tip_code"),
        )
        # Each click an action of its own (a value control's changes wait as its last one)
        save.on_click(lambda _: self._in_main(next(self._clicks), self._save))
        self._on(show, self._show_code)
        self.controls["save"], self.controls["code"] = save, show
        return self._row(save, show)

    def _save(self) -> None:
        """The frame on screen (figure()'s pixels) as a new file in the current folder."""
        from pe_clock.gui.platform.files import WriteError, atomic_write_new

        if self.frames.scheduled:
            self.frames.flush()  # the frame of the values set, not the one before
        stem, png = f"pe-clock-{self.figure.view}", self.image.value
        with i18n.speaking(self.figure.look["lang"]):
            try:
                folder = Path.cwd()
            except FileNotFoundError:
                self._say(tr("widget.no_folder"))
                return
            names = (
                folder / (f"{stem}.png" if n == 1 else f"{stem}-{n}.png")
                for n in itertools.count(1)
            )
            try:  # claimed atomically: a name taken by anything (a dangling link too) is passed
                written = atomic_write_new(names, lambda file: file.write(png))
            except WriteError as err:
                self._say(str(err))
                return
            except OSError as err:  # a folder that cannot be searched
                self._say(tr("widget.cannot_save", folder=folder, reason=err.strerror or err))
                return
            self._say(tr("widget.saved", path=written), error=False)

    def _show_code(self, shown: bool) -> None:
        self.code.layout.display = "" if shown else "none"
        self._write_code()

    def _write_code(self) -> None:
        """The script of what the figure shows, while it is shown (`pe_clock.code`'s)."""
        if self.code.layout.display == "none":
            return
        look = self.figure.look
        try:
            text = VIEWS[self.figure.view].code(self.figure.picture.values(), look["lang"])
        except ValueError as err:  # a script refused (a table too large to build whole)
            text = str(err)
        self.code.value = (
            f"<pre style='white-space: pre; overflow-x: auto'>{html.escape(text)}</pre>"
        )

    def _say(self, text: str, error: bool = True) -> None:
        colour = "#b00020" if error else "inherit"
        self.message.value = (
            f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""
        )

    def _draw(self) -> None:
        if self.closed:
            return
        self.image.value = self.figure.png()
        self._write_code()


def explore(
    view: str | None = None,
    *,
    width: int | None = None,
    height: int | None = None,
    theme: str = "light",
    lang: str | None = None,
    model: str | os.PathLike[str] | None = None,
    layers: str | int | None = None,
    **parameters: Any,
) -> ipywidgets.VBox:
    """A live view for a notebook: the figure (as `figure` draws it) with, under it, the
    controls of the fields the view declares (`gui.views`) — pos with Play at a chosen speed,
    k, d_model, max_len, base with its presets, layout, and each field's own control as the
    window builds it (the training length, the clock's trails, the embeddings' scale,
    head_dim, the pair layout, the extension's method, factor and L0, ALiBi's heads and
    causal mask, the Why tab's switch) — then theme and language, and
    for a view that draws a model's positions the model (a cached id, a folder or a table).
    Without a view, a menu chooses it. Works without a display (Qt
    offscreen), as `figure` does. Needs ipywidgets and ipyevents (``%pip install ipywidgets
    ipyevents`` in the notebook; in Colab, ``output.enable_custom_widget_manager()`` first);
    without them, ImportError says so. Bad parameters raise ValueError as `figure`'s do.
    """
    _ipywidgets()
    request = figure_request(
        "clock" if view is None else view,
        width=WIDGET_SIZE[0] if width is None else width,
        height=WIDGET_SIZE[1] if height is None else height,
        theme=theme, lang=lang, model=model, layers=layers, allow_no_model=True,
        parameters=parameters, drawn_only=view is not None,  # (a menu's views may draw them)
    )  # fmt: skip
    look = {"theme": request.theme, "lang": request.language}
    chosen = None if view is None else request.view
    explorer = Explorer(chosen, request.size, look, request.picture(), str(model or ""))
    return explorer.box
