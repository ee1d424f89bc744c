"""The single object that owns every user-visible parameter of the window.

Views observe it; controls only assign to it. Setters validate through `core.params`, do
nothing when the value is unchanged (which breaks feedback loops) and emit one signal per field.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from core import i18n
from core.examples import MAX_EMBEDDING_ROWS, example_embeddings, load_embeddings
from core.i18n import tr
from core.params import MAX_LEN, Params, check_int, check_real
from gui.derived import DerivedNumbers

MIN_SPEED, MAX_SPEED = 0.25, 60.0
MIN_FONT_SCALE, MAX_FONT_SCALE = 0.6, 3.0
#: BERT's learned position table ends at 512: the default training length shown.
DEFAULT_TRAIN_LEN = 512


def default_clock_pairs(n_pairs: int) -> tuple[int, int, int]:
    """A fast, a middle and a slow hand: pairs 0, n/4 and n/2 (second, minute, hour)."""
    return (0, n_pairs // 4, n_pairs // 2)


class AppState(DerivedNumbers, QObject):
    """Owns pos, k, d_model, max_len, base and the view options; caches what they derive."""

    posChanged = Signal(int)
    kChanged = Signal(int)
    dModelChanged = Signal(int)
    maxLenChanged = Signal(int)
    baseChanged = Signal(float)
    #: Emitted once after d_model, max_len or base changed (the PE table must be redrawn).
    tableChanged = Signal()
    selectedPairChanged = Signal(int)
    clockPairsChanged = Signal(object)
    playingChanged = Signal(object)
    speedChanged = Signal(float)
    loopChanged = Signal(object)
    fontScaleChanged = Signal(float)
    languageChanged = Signal(str)
    trainLenChanged = Signal(int)
    embeddingsChanged = Signal()
    #: A value the user asked for was refused; the payload says why (for the status bar).
    rejected = Signal(str)
    #: Something changed that the user did not ask for directly (for the status bar).
    notified = Signal(str)

    def __init__(self, params: Params | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._params = params or Params()
        self._selected_pair = 0
        self._clock_pairs = default_clock_pairs(self._params.n_pairs)
        self._playing = False
        self._speed = 4.0
        self._loop = True
        self._font_scale = 1.0
        self._train_len = DEFAULT_TRAIN_LEN
        self._embeddings: np.ndarray | None = None
        self.embeddings_file = ""
        self._cache: dict[str, object] = {}
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.setInterval(self._interval_ms())

    # --- parameters --------------------------------------------------------------------------
    @property
    def params(self) -> Params:
        return self._params

    @property
    def n_pairs(self) -> int:
        return self._params.n_pairs

    def set_pos(self, pos: int) -> None:
        self.set_params(pos=pos)

    def set_k(self, k: int) -> None:
        self.set_params(k=k)

    def set_d_model(self, d_model: int) -> None:
        self.set_params(d_model=d_model)

    def set_base(self, base: float) -> None:
        self.set_params(base=base)

    def set_max_len(self, max_len: int) -> None:
        """Change the number of positions; pos moves to the last one if it falls outside."""
        n = Params(max_len=max_len).max_len if max_len != self.max_len else self.max_len
        self.set_params(max_len=n, pos=min(self.pos, n - 1))

    def set_params(self, **changes: object) -> None:
        """Assign several parameters at once; raise ValueError and change nothing if invalid."""
        new = dataclasses.replace(self._params, **changes)
        old, self._params = self._params, new
        if new == old:
            return
        table_changed = (new.d_model, new.max_len, new.base) != (old.d_model, old.max_len, old.base)
        if table_changed:
            self._cache.clear()
        elif new.k != old.k:
            self._cache.pop("rotation", None)
        if self._embeddings is not None and self._embeddings.shape[1] != new.d_model:
            cols, self._embeddings = self._embeddings.shape[1], None
            self.notified.emit(tr("npy.reset", cols=cols, d_model=new.d_model))
            self.embeddingsChanged.emit()
        # Fields that depend on d_model are fixed before any signal, so no observer ever sees
        # a pair index beyond the new table.
        pairs_reset = max(self._clock_pairs) >= new.n_pairs
        if pairs_reset:
            self._clock_pairs = default_clock_pairs(new.n_pairs)
        selection_reset = self._selected_pair >= new.n_pairs
        if selection_reset:
            self._selected_pair = 0
        if new.d_model != old.d_model:
            self.dModelChanged.emit(new.d_model)
        if new.max_len != old.max_len:
            self.maxLenChanged.emit(new.max_len)
        if new.base != old.base:
            self.baseChanged.emit(new.base)
        if table_changed:
            self.tableChanged.emit()
        if pairs_reset:
            self.clockPairsChanged.emit(self._clock_pairs)
        if selection_reset:
            self.selectedPairChanged.emit(0)
        if new.k != old.k:
            self.kChanged.emit(new.k)
        if new.pos != old.pos:
            self.posChanged.emit(new.pos)

    def request(self, **changes: object) -> bool:
        """Like the setters, for user input: a refused value is reported through `rejected`."""
        try:
            if "max_len" in changes and len(changes) == 1:
                self.set_max_len(changes["max_len"])  # type: ignore[arg-type]
            else:
                setters = {
                    "selected_pair": self.set_selected_pair,
                    "speed": self.set_speed,
                    "font_scale": self.set_font_scale,
                    "train_len": self.set_train_len,
                    "language": self.set_language,
                }
                view_changes = {n: changes.pop(n) for n in list(changes) if n in setters}
                for name, value in view_changes.items():
                    setters[name](value)
                if changes:
                    self.set_params(**changes)
        except ValueError as err:
            self.rejected.emit(str(err))
            return False
        return True

    def refuse(self, message: str) -> None:
        """Report input that a control refused before it reached the state."""
        self.rejected.emit(message)

    # --- stepping and animation --------------------------------------------------------------
    @property
    def first_pos(self) -> int:
        """Smallest pos allowed with the current k (pos + k must stay >= 0)."""
        return max(0, -self.k)

    def step(self, delta: int = 1) -> None:
        """Move pos by delta, clamped to the table; while playing with loop on, wrap around."""
        target = self.pos + delta
        last = self.max_len - 1
        if target > last:
            if self._playing and self._loop:
                target = self.first_pos
            else:
                target = last
                if self._playing:
                    self.set_playing(False)
        self.set_pos(max(self.first_pos, target))

    def go_to(self, pos: int) -> None:
        """Jump to pos, clamped to the valid range."""
        self.set_pos(min(max(self.first_pos, int(pos)), self.max_len - 1))

    @property
    def playing(self) -> bool:
        return self._playing

    def set_playing(self, playing: bool) -> None:
        playing = bool(playing)
        if playing == self._playing:
            return
        self._playing = playing
        if playing:
            if self.pos >= self.max_len - 1 and self._loop:
                self.set_pos(self.first_pos)
            self._timer.start()
        else:
            self._timer.stop()
        self.playingChanged.emit(playing)

    def toggle_playing(self) -> None:
        self.set_playing(not self._playing)

    def _on_timer_timeout(self) -> None:
        self.step(1)

    @property
    def speed(self) -> float:
        """Animation speed in positions per second."""
        return self._speed

    def set_speed(self, speed: float) -> None:
        speed = check_real(
            tr("name.speed"),
            speed,
            MIN_SPEED,
            MAX_SPEED,
            ("allowed.speed", {"lo": MIN_SPEED, "hi": f"{MAX_SPEED:g}"}),
        )
        if speed == self._speed:
            return
        self._speed = speed
        self._timer.setInterval(self._interval_ms())
        self.speedChanged.emit(speed)

    def _interval_ms(self) -> int:
        return max(1, round(1000.0 / self._speed))

    @property
    def loop(self) -> bool:
        return self._loop

    def set_loop(self, loop: bool) -> None:
        loop = bool(loop)
        if loop != self._loop:
            self._loop = loop
            self.loopChanged.emit(loop)

    # --- view options ------------------------------------------------------------------------
    @property
    def selected_pair(self) -> int:
        return self._selected_pair

    def set_selected_pair(self, pair: int) -> None:
        pair = check_int(tr("name.pair"), pair, 0, self.n_pairs - 1)
        if pair != self._selected_pair:
            self._selected_pair = pair
            self.selectedPairChanged.emit(pair)

    @property
    def clock_pairs(self) -> tuple[int, int, int]:
        """The pairs shown as the fast, middle and slow hand of the large clock."""
        return self._clock_pairs

    def set_clock_pair(self, hand: int, pair: int) -> None:
        hand = check_int(tr("name.hand"), hand, 0, 2)
        pair = check_int(tr("name.pair"), pair, 0, self.n_pairs - 1)
        if self._clock_pairs[hand] != pair:
            pairs = list(self._clock_pairs)
            pairs[hand] = pair
            self._clock_pairs = (pairs[0], pairs[1], pairs[2])
            self.clockPairsChanged.emit(self._clock_pairs)

    @property
    def font_scale(self) -> float:
        return self._font_scale

    def set_font_scale(self, scale: float) -> None:
        scale = check_real(
            tr("name.font_scale"),
            scale,
            MIN_FONT_SCALE,
            MAX_FONT_SCALE,
            ("allowed.factor", {"lo": MIN_FONT_SCALE, "hi": MAX_FONT_SCALE}),
        )
        if scale != self._font_scale:
            self._font_scale = scale
            self.fontScaleChanged.emit(scale)

    @property
    def language(self) -> str:
        return i18n.language()

    def set_language(self, lang: str) -> None:
        """Switch every text of the window (and of messages) to 'en' or 'ko'."""
        lang = i18n.check_language(lang)
        if lang != i18n.language():
            i18n.set_language(lang)
            self.languageChanged.emit(lang)

    @property
    def train_len(self) -> int:
        """Positions seen in training (BERT's learned table has 512)."""
        return self._train_len

    def set_train_len(self, train_len: int) -> None:
        train_len = check_int(tr("name.train_len"), train_len, 1, MAX_LEN)
        if train_len != self._train_len:
            self._train_len = train_len
            self.trainLenChanged.emit(train_len)

    @property
    def embeddings_loaded(self) -> bool:
        return self._embeddings is not None

    def set_embeddings(self, rows: np.ndarray | None) -> None:
        """Token embeddings for the input figure: rows (n, d_model), or None for the examples."""
        if rows is not None:
            rows = np.asarray(rows, dtype=np.float64)
            if (
                rows.ndim != 2
                or rows.shape[1] != self.d_model
                or not 1 <= rows.shape[0] <= MAX_EMBEDDING_ROWS
                or not np.isfinite(rows).all()
            ):
                raise ValueError(
                    tr(
                        "npy.shape",
                        file="",
                        shape=rows.shape,
                        d_model=self.d_model,
                        max_rows=MAX_EMBEDDING_ROWS,
                    )
                )
        self._embeddings = rows
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
