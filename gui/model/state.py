"""The window's state: a `Picture` (every field, checked without Qt) that emits signals.

Views observe it; controls only assign to it. The fields are declared once, in
`gui.model.picture`; here each gets its change signal (``posChanged``). `set` validates a
change of any number of fields together, does nothing when no value changes (which breaks
feedback loops) and emits one signal per changed field. Playing (the timer) and the token
embeddings live here (a picture holds neither: a figure request carries its embeddings as an
array). `Looked` is the same state seen with another look: the stage's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal, SignalInstance

from pe_clock.core import i18n
from pe_clock.core.examples import check_embedding_rows, example_embeddings, load_embeddings
from pe_clock.core.i18n import tr
from pe_clock.core.params import Params
from pe_clock.gui.model.derived import DerivedNumbers
from pe_clock.gui.model.fields import LOOK, TABLE
from pe_clock.gui.model.picture import Picture

#: The fields of a look: theme, type and line scale, projected, presenting.
LOOK_FIELDS = Picture.role(LOOK)
#: The signals that are not a field's, by the name `observe` knows them by.
EXTRA = {"table": "tableChanged", "embeddings": "embeddingsChanged", "model": "modelChanged"}


class Signals(QObject):
    """A change signal per field of the state (its new value is the payload), and the
    state's other signals."""

    locals().update({f.signal_name: Signal(object) for f in Picture.FIELDS.values()})

    #: Emitted once after d_model, max_len or base changed (the PE table must be redrawn).
    tableChanged = Signal()
    embeddingsChanged = Signal()
    #: A model was opened or closed, or another group of its layers chosen (`ModelHolder`).
    modelChanged = Signal()
    #: A value the user asked for was refused; the payload says why (for the status bar).
    rejected = Signal(str)
    #: Something changed that the user did not ask for directly (for the status bar).
    notified = Signal(str)

    def changed(self, name: str) -> SignalInstance:
        """The change signal of the field called name (its new value is the payload)."""
        signal: SignalInstance = getattr(self, Picture.FIELDS[name].signal_name)
        return signal

    def observe(self, names: Iterable[str], slot: Callable[..., object]) -> None:
        """Connect slot to the change signals of the named fields, and of 'table' and
        'embeddings' and 'model' (a new PE table; other token embeddings; a model opened,
        closed or another group of its layers shown)."""
        for name in names:
            extra = EXTRA.get(name)
            (getattr(self, extra) if extra else self.changed(name)).connect(slot)


class AppState(Picture, DerivedNumbers, Signals):
    """A Picture whose every field has a change signal; it plays, and caches what the
    fields derive."""

    def __init__(self, params: Params | None = None, parent: QObject | None = None) -> None:
        Signals.__init__(self, parent)
        Picture.__init__(self, params)
        self._embeddings: np.ndarray | None = None
        self.embeddings_file = ""
        self._cache: dict[str, object] = {}
        # Playing, pos follows the clock: each tick moves it by the positions due since the
        # last (a frame that took two positions' time skips one, rather than slowing the
        # lecture down), with the fraction of a position carried over.
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.setInterval(self._interval_ms())
        self._played = QElapsedTimer()
        self._due = 0.0  # positions due and not yet stepped, under one

    @classmethod
    def of(cls, picture: Picture) -> AppState:
        """A state (no parent) of picture's fields and model, taken as checked: a request's
        or a handout's, checked once already."""
        return picture.copied_to(cls(picture.params))

    def _apply(self, changed: list[str]) -> None:
        """Caches and side effects first, so no observer sees a stale number; then signals."""
        table = [name for name in changed if TABLE in self.FIELDS[name].group]
        if table:
            self._cache.clear()
        elif "k" in changed:
            for name in ("rotation", "phi"):
                self._cache.pop(name, None)
        if self._embeddings is not None and self._embeddings.shape[1] != self.d_model:
            cols, self._embeddings = self._embeddings.shape[1], None
            self.notified.emit(tr("npy.reset", cols=cols, d_model=self.d_model))
            self.embeddingsChanged.emit()
        if "language" in changed:
            i18n.set_language(self.language)
        if "speed" in changed:
            self._timer.setInterval(self._interval_ms())
        if "playing" in changed:
            if self.playing and self.loop and self.pos >= self.max_len - 1:
                self.set(pos=self.first_pos)  # play from the start, not at the end
            if self.playing:
                self._played.start()
                self._due = 0.0
                self._timer.start()
            else:
                self._timer.stop()
        # The table's own fields, then tableChanged, then the rest in declaration order: views
        # rebuild for a new table before they draw a step on it.
        for name in table:
            self.changed(name).emit(self._values[name])
        if table:
            self.tableChanged.emit()
        for name in changed:
            if name not in table:
                self.changed(name).emit(self._values[name])

    def request(self, **changes: Any) -> bool:
        """Like `set`, for user input: a refused value is reported through `rejected`."""
        try:
            self.set(**changes)
        except ValueError as err:
            self.rejected.emit(str(err))
            return False
        return True

    def _emit_model(self, message: str = "") -> None:
        self.modelChanged.emit()
        if message:
            self.notified.emit(message)

    def refuse(self, message: str) -> None:
        """Report input that a control refused before it reached the state."""
        self.rejected.emit(message)

    def copy(self) -> AppState:
        """An independent state with the same fields (but not playing), model and embeddings."""
        twin = super().copy()
        if self._embeddings is not None:
            twin.set_embeddings(self._embeddings)
            twin.embeddings_file = self.embeddings_file
        return twin

    # --- stepping and animation --------------------------------------------------------------
    def step(self, delta: int = 1) -> None:
        """Move pos by delta, clamped to the table; while playing with loop on, wrap around."""
        target = self.pos + delta
        last = self.max_len - 1
        if target > last:
            if self.playing and self.loop:
                target = self.first_pos
            else:
                target = last
                self.set(playing=False)
        self.set(pos=max(self.first_pos, target))

    def go_to(self, pos: int) -> None:
        """Jump to pos, clamped to the valid range."""
        self.set(pos=min(max(self.first_pos, int(pos)), self.max_len - 1))

    def toggle_playing(self) -> None:
        self.set(playing=not self.playing)

    def _on_timer_timeout(self) -> None:
        seconds = self._played.nsecsElapsed() / 1e9
        self._played.start()
        # After a stall of over a second (a laptop asleep), on from where it was, not leaping.
        self._due = min(self._due + seconds * self.speed, max(1.0, self.speed))
        steps = int(self._due)
        if steps:
            self._due -= steps
            self.step(steps)

    def _interval_ms(self) -> int:
        """A tick at least once a position (rounded down: a tick that finds no position due
        does nothing, where rounding up would skip one in every so many)."""
        return max(1, int(1000.0 / self.speed))

    # --- token embeddings (an array: not a field) --------------------------------------------
    @property
    def embeddings_loaded(self) -> bool:
        return self._embeddings is not None

    def set_embeddings(self, rows: np.ndarray | None, name: str = "embeddings") -> None:
        """Token embeddings for the input figure: rows (n, d_model), or None for the examples;
        checked as a .npy file's are (ValueError naming `name`)."""
        if rows is not None:
            rows = check_embedding_rows(rows, self.d_model, name)
        self._embeddings = rows
        self.embeddingsChanged.emit()

    def take_embeddings(self, rows: np.ndarray, file: str) -> None:
        """Rows a figure's request checked for this d_model (`figure_request`), from file."""
        assert rows.shape[1] == self.d_model
        self._embeddings, self.embeddings_file = rows, file
        self.embeddingsChanged.emit()

    def load_embeddings(self, path: str) -> bool:
        """Load rows from a .npy file; a bad file is reported via `rejected` and changes nothing."""
        try:
            rows = load_embeddings(path, self.d_model)
        except ValueError as err:
            self.rejected.emit(str(err))
            return False
        self.embeddings_file = Path(path).name
        self.set_embeddings(rows)
        self.notified.emit(tr("npy.loaded", rows=rows.shape[0], file=self.embeddings_file))
        return True

    def embedding_rows(self) -> np.ndarray:
        """The loaded embeddings, or the deterministic examples, shape (n, d_model)."""
        if self._embeddings is not None:
            return self._embeddings
        return self._cached("examples", lambda: example_embeddings(self.d_model))


if TYPE_CHECKING:
    _Seen = AppState
else:
    _Seen = Signals


class Looked(_Seen):
    """The window's state seen with a look of its own: what the stage's view observes.

    Every field but the look, every derived number, the opened model and the embeddings are
    the state's, read live (nothing is copied, so nothing lags behind or is computed twice),
    and the state's signals are relayed; a change asked of it is the state's (a click on the
    stage moves the window's pos). The look (type and line scale, theme, projected) is its
    own and fixed: another look is another `Looked`. Deleting it disconnects every view
    built on it. (It passes for an AppState: whatever it does not hold, the state answers.)
    """

    def __init__(self, state: AppState, **look: Any) -> None:
        Signals.__init__(self)
        self._state = state
        checked = Picture()  # the look's values checked as the state checks them
        checked.set(**look)
        self._look = {name: getattr(checked, name) for name in LOOK_FIELDS}
        for name in Picture.FIELDS:
            if name not in LOOK_FIELDS:
                state.changed(name).connect(self.changed(name))
        for signal in (*EXTRA.values(), "rejected", "notified"):
            getattr(state, signal).connect(getattr(self, signal))

    def __getattr__(self, name: str) -> Any:
        look = self.__dict__.get("_look", {})
        return look[name] if name in look else getattr(self.__dict__["_state"], name)
