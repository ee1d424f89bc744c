"""Every sin/cos pair as a clock hand, plus one large clock with a fast, a middle and a slow hand.

The tip of hand i is exactly (PE(pos, 2i), PE(pos, 2i+1)) = (sin theta, cos theta): 12 o'clock
at pos 0, turning clockwise as pos grows.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QRectF, QSignalBlocker, Qt
from PySide6.QtGui import QFont, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QGraphicsEllipseItem,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pe_clock.core.format import fmt_turned, said_base
from pe_clock.core.i18n import tr
from pe_clock.gui.figures.dial_grid import (
    SPACING_X,
    SPACING_Y,
    DialLabels,
    circle_segments,
    compact,
    dial_centres,
    dials_that_fit,
    grid_shape,
    hand_segments,
    ring,
    set_points,
)
from pe_clock.gui.figures.segments import Segments, Trail
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.model.picture import HAND_KEYS, Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.widgets.backdrop import BackdropPlotWidget
from pe_clock.gui.widgets.labels import INTERACTIVE, mark_prose, rich_label
from pe_clock.gui.widgets.lazy_view import LazyView, lazy
from pe_clock.gui.widgets.plots import add_plot, cache_static, graphics_area, quiet_plot
from pe_clock.gui.widgets.prose import plain_text
from pe_clock.gui.widgets.spin_box import SpinBox
from pe_clock.gui.widgets.stable_label import StableLabel

#: A hand's line in the legend, longest first: with its angle, without it, its pair alone.
LEGEND_FORMS = ("clock.legend", "clock.legend_short", "clock.legend_pair")
HAND_LENGTHS = (0.9, 0.76, 0.52)  # inside the minute marks (0.94 to 1)
#: The numerals' outer edge, inside the hour marks (0.86 to 1), and their height as a share
#: of the radius at most: a numeral then ends above the slow hand's tip.
NUMERAL_RING, NUMERAL_SHARE = 0.8, 0.2
HAND_WIDTHS = (3.0, 5.0, 7.0)
#: Positions before pos whose tips a trail marks.
TRAIL_LENGTH = 8
#: Dials drawn at once; wider models page through their pairs, so stepping stays as fast.
PAGE_SIZE = 256
#: A smaller area draws a page of fewer dials, each at least MIN_DIAL_PX across (at 800 x 450
#: the window drew 256 dials a few pixels wide), and its title says which pairs it shows.
PAGE_SIZES = tuple(PAGE_SIZE >> halved for halved in range(6))  # 256, 128, … 8
MIN_DIAL_PX = 14


class ClockView(LazyView):
    """A grid with one dial per pair and a large three-handed clock beside it."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._theme = theme_of(state)  # fixed for the view: exports build a view per theme
        self._centres = np.zeros((0, 2))
        self._page = (0, 0)  # (first pair, number of pairs) of the dials drawn
        self._grid = (0, 0)  # (columns, rows) of the dials drawn
        self._shaded = False  # the big clock's background marks a position beyond training
        #: Whether each column is shown: 0 the dial grid, 1 the large clock (`leave_out`).
        self._shows = [True, True]
        self.legend_scale = 1.0  # the legend's type, times the body's
        self._legend_key = LEGEND_FORMS[0]  # or a shorter form, where the long does not fit
        self._legend_each = 2  # lines kept for each hand's line

        self.grid_widget = graphics_area(self._theme)
        self.grid_plot: pg.PlotItem = add_plot(self.grid_widget, self)
        self.grid_plot.setAspectLocked(True)
        self.grid_plot.hideAxis("left")
        self.grid_plot.hideAxis("bottom")
        # PlotCurveItem, the drawing core of PlotDataItem: setData per frame costs a third.
        self.rims = pg.PlotCurveItem(
            connect="pairs", pen=self._theme.pen(self._theme.dial_rim, 1.5)
        )
        self.selected_rim = pg.PlotCurveItem(pen=self._theme.pen(self._theme.select, 3))
        self.ghosts = Segments(self._theme.pen(self._theme.offset, 2, style=Qt.PenStyle.DashLine))
        self.hands = Segments(self._theme.pen(self._theme.pos, 2))
        self.labels = DialLabels(self._theme)
        for item in (self.rims, self.selected_rim, self.ghosts, self.hands, self.labels):
            self.grid_plot.addItem(item)
        # Still until the layout or the selection changes: drawn once, under the hands.
        self.grid_widget.set_backdrop(self.rims, self.selected_rim, self.labels)

        self.clock_widget = BackdropPlotWidget(background=self._theme.background, enableMenu=False)
        self.clock_plot: pg.PlotItem = quiet_plot(self.clock_widget.getPlotItem(), self)
        self.clock_plot.setAspectLocked(True)
        self.clock_plot.hideAxis("left")
        self.clock_plot.hideAxis("bottom")
        self.clock_plot.setRange(xRange=(-1.15, 1.15), yRange=(-1.15, 1.15), padding=0)
        self.face = pg.PlotCurveItem(
            *_clock_face().T, connect="pairs", pen=self._theme.pen(self._theme.clock_face, 2)
        )
        self.clock_plot.addItem(self.face)
        self.clock_widget.set_backdrop(self.face)
        # 12, 3, 6 and 9 inside the hour marks: where a hand points reads at a glance.
        self.numerals = []
        for text, x, y, anchor in (
            ("12", 0, NUMERAL_RING, (0.5, 0)),
            ("3", NUMERAL_RING, 0, (1, 0.5)),
            ("6", 0, -NUMERAL_RING, (0.5, 1)),
            ("9", -NUMERAL_RING, 0, (0, 0.5)),
        ):
            numeral = pg.TextItem(text, color=self._theme.dim_text, anchor=anchor)
            numeral.setPos(x, y)
            self.clock_plot.addItem(numeral)
            self.numerals.append(numeral)
        cache_static(*self.numerals)
        self.clock_plot.getViewBox().sigResized.connect(self._fit_numerals)
        self.trails = [
            Trail(color, 0.035, QRectF(-1.15, -1.15, 2.3, 2.3)) for color in self._theme.hands
        ]
        for trail in self.trails:
            self.clock_plot.addItem(trail)
        self.clock_hands = []
        for hand in range(3):
            pen = self._theme.pen(self._theme.hands[hand], HAND_WIDTHS[hand])
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item = Segments(pen, QRectF(-1.15, -1.15, 2.3, 2.3), repaint_moved=True)
            item.setZValue(len(HAND_WIDTHS) - hand)  # the thinnest on top, never hidden
            self.clock_plot.addItem(item)
            self.clock_hands.append(item)
        # The hub: a plain ellipse (a ScatterPlotItem costs a quarter of a step to repaint).
        hub = QGraphicsEllipseItem(-0.04, -0.04, 0.08, 0.08)
        hub.setBrush(pg.mkBrush(self._theme.pos))
        hub.setPen(pg.mkPen(None))
        hub.setZValue(len(HAND_WIDTHS) + 1)
        self.clock_plot.addItem(hub)
        cache_static(hub)

        # Plain-text lines, each in its hand's colour: they change with every step, and plain
        # text lays out several times faster than rich text.
        self.legend_lines = [StableLabel(fill=True) for _ in range(len(HAND_KEYS) + 2)]
        colours = (*self._theme.hands, self._theme.warning)
        for line, color in zip(self.legend_lines[1:], colours, strict=True):
            # The text's colour alone: the background still comes from the figure (a style
            # sheet filled an opaque stage label with the window's grey).
            palette = QPalette()
            palette.setColor(QPalette.ColorRole.WindowText, color)
            line.setPalette(palette)
        self.legend = QWidget()
        legend_layout = QVBoxLayout(self.legend)
        legend_layout.setContentsMargins(0, 0, 0, 0)
        legend_layout.setSpacing(0)
        for line in self.legend_lines:
            line.setTextFormat(Qt.TextFormat.PlainText)
            line.setWordWrap(True)
            legend_layout.addWidget(line.slot)
        legend_layout.addStretch(1)
        self.legend_lines[1].slot.installEventFilter(self)
        self.grid_widget.installEventFilter(self)
        self.hand_spins: list[SpinBox] = []
        self.hand_labels: list[QLabel] = []
        self.hand_selector = QWidget()
        self.hand_selector.setProperty(INTERACTIVE, True)
        spins = QGridLayout(self.hand_selector)
        spins.setContentsMargins(0, 0, 0, 0)
        for hand in range(len(HAND_KEYS)):
            spin = SpinBox()
            spin.refused.connect(state.refuse)
            spin.valueChanged.connect(
                lambda value, h=hand: self._on_hand_spin_value_changed(h, value)
            )
            label = QLabel()
            label.setStyleSheet(f"color: {self._theme.hands[hand].name()}; font-weight: bold")
            spins.addWidget(label, 0, hand)
            spins.addWidget(spin, 1, hand)
            self.hand_spins.append(spin)
            self.hand_labels.append(label)
        self.trail_check = QCheckBox()
        self.trail_check.toggled.connect(lambda on: self._state.request(trails=on))
        spins.addWidget(self.trail_check, 1, len(HAND_KEYS))

        self.grid_title = rich_label()
        mark_prose(self.grid_title)  # a paragraph: the slide's title names the grid
        self.previous_page = QToolButton()
        self.previous_page.setArrowType(Qt.ArrowType.LeftArrow)
        self.next_page = QToolButton()
        self.next_page.setArrowType(Qt.ArrowType.RightArrow)
        self.page_label = QLabel()
        self.pager = QWidget()
        # A figure keeps the page's name (which dials it shows), not the buttons: the pager
        # itself shows again whenever there is more than one page.
        for button in (self.previous_page, self.next_page):
            button.setProperty(INTERACTIVE, True)
        pager = QHBoxLayout(self.pager)
        pager.setContentsMargins(0, 0, 0, 0)
        for widget in (self.previous_page, self.page_label, self.next_page):
            pager.addWidget(widget)
        pager.addStretch(1)
        self.previous_page.clicked.connect(lambda: self._on_page_button_clicked(-1))
        self.next_page.clicked.connect(lambda: self._on_page_button_clicked(1))
        left = QVBoxLayout()
        left.addWidget(self.grid_title)
        left.addWidget(self.pager)
        left.addWidget(self.grid_widget, 1)
        # The hand selector and the legend, under the clock (or beside it: BigclockView).
        self.key_column = QWidget()
        keys = QVBoxLayout(self.key_column)
        keys.setContentsMargins(0, 0, 0, 0)
        keys.addStretch(1)
        keys.addWidget(self.hand_selector)
        keys.addWidget(self.legend)
        keys.addStretch(1)
        self.clock_column = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.clock_column.addWidget(self.clock_widget, 1)
        self.clock_column.addWidget(self.key_column)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 5)
        layout.addLayout(self.clock_column, 3)

        self.grid_widget.scene().sigMouseClicked.connect(self._on_grid_scene_mouse_clicked)
        state.observe(["table"], self._sync_layout)
        state.observe(["pos", "k"], self._sync_hands)
        state.observe(["selected_pair"], self._sync_selection)
        state.observe(["clock_pairs"], self._sync_clock)
        state.observe(["font_scale"], self._sync_fonts)
        state.observe(["train_len", "trails"], self._sync_clock_hands)
        state.observe(["presenting"], self._sync_presenting)
        state.observe(["language"], self._sync)
        self._sync()

    def leave_out(self, column: int, *widgets: QWidget) -> None:
        """Hide the widgets of one column (0 the dial grid, 1 the large clock) for a view of
        the other alone: hidden, and so left out of exports; the column takes no room."""
        for widget in widgets:
            widget.hide()
            widget.setProperty(INTERACTIVE, True)
        self._shows[column] = False  # a step then draws the other column alone
        layout = self.layout()
        assert isinstance(layout, QBoxLayout)
        layout.setStretch(column, 0)

    def _sync(self) -> None:
        for hand, (spin, label) in enumerate(zip(self.hand_spins, self.hand_labels, strict=True)):
            label.setText(tr(HAND_KEYS[hand]))
            spin.setAccessibleName(tr(HAND_KEYS[hand]))
            spin.setToolTip(tr("clock.hand_tip", name=tr(HAND_KEYS[hand])))
        self.trail_check.setText(tr("clock.trails"))
        self.trail_check.setToolTip(tr(Picture.FIELDS["trails"].tip))
        self._sync_layout()
        self._sync_fonts()

    def describe(self) -> str:
        """Its explanations, and the hands' legend: each hand's pair, its positions per turn
        and its angle now."""
        legend = [plain_text(line.text()) for line in self.legend_lines if line.isVisible()]
        parts = [part.rstrip(". ") for part in (super().describe(), *legend) if part]
        return ". ".join(parts) + "."

    def page(self) -> tuple[int, int]:
        """(first pair, number of pairs) of the page that holds the selected pair."""
        n, size = self._state.n_pairs, self.page_size()
        first = (self._state.selected_pair // size) * size
        return first, min(size, n - first)

    def page_size(self) -> int:
        """The dials a page holds: as many as the grid's area draws legibly."""
        area = self.grid_plot.getViewBox().size()  # where the dials are drawn
        if area.height() < 50:  # before it is laid out
            return PAGE_SIZE
        return dials_that_fit(area.width(), area.height(), PAGE_SIZES, MIN_DIAL_PX)

    def _sync_layout(self) -> None:
        s = self._state
        n = s.n_pairs
        self._page = first, count = self.page()
        cols, rows = self._grid = grid_shape(count, self._grid_aspect())
        self._centres = dial_centres(count, cols)
        set_points(self.rims, circle_segments(self._centres))
        waves = s.wavelengths()[first : first + count]
        self.labels.set_labels(
            self._centres, [(str(first + i), compact(w)) for i, w in enumerate(waves)]
        )
        left, top = -1.2, -(rows - 1) * SPACING_Y - 1.9
        self.grid_plot.setRange(
            xRange=(left, (cols - 1) * SPACING_X + 1.2), yRange=(top, 1.2), padding=0
        )
        reach = QRectF(left, top, (cols - 1) * SPACING_X + 2.4, 1.2 - top)
        for item in (self.hands, self.ghosts):
            item.set_bounds(reach)
        lo, hi = s.allowed("clock_pairs")
        for spin in self.hand_spins:
            with QSignalBlocker(spin):
                spin.setRange(int(lo), int(hi))
        self.grid_title.setText(
            tr(
                "clock.grid_title",
                n=n,
                base=said_base(s.base),
                d_model=s.d_model,
                color=self._theme.offset.name(),
            )
        )
        self.pager.setVisible(n > count)
        self.page_label.setText(tr("clock.page", first=first, last=first + count - 1, n=n))
        for button, key in ((self.previous_page, "previous"), (self.next_page, "next")):
            button.setAccessibleName(tr(f"clock.{key}_page"))
            button.setToolTip(tr(f"tip.{key}_page"))
        self.previous_page.setEnabled(first > 0)
        self.next_page.setEnabled(first + count < n)
        self._sync_selection()
        self._sync_clock()

    def _grid_aspect(self) -> float:
        """Width over height of the dial grid's area (before it is laid out, the window's)."""
        size = self.grid_widget.size()
        if size.height() < 50:
            return 16 / 9
        return size.width() / size.height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._grid_shape_changed():
            self._sync_layout()  # more columns (or fewer) draw the dials larger
        self._refit_legend()

    def _refit_legend(self) -> None:
        key = self._legend_key
        self._choose_legend()
        if key != self._legend_key:
            self._sync_clock_hands()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The legend laid out anew (its width changes after the view's own resize: a figure
        of 1024 x 768 kept the angle in lines that then ran past its edge), and the dial grid
        for the size its area settles to (the view's own resize comes before it: the grid
        took the columns of a size it left, and a new d_model then took others)."""
        if event.type() != QEvent.Type.Resize:
            return False
        if watched is self.legend_lines[1].slot:
            self._refit_legend()
        elif watched is self.grid_widget and self._grid_shape_changed():
            self._sync_layout()
        return False

    def _grid_shape_changed(self) -> bool:
        if not hasattr(self, "_grid"):  # a resize before the first layout
            return False
        if self.page() != self._page:  # the area holds more dials a page, or fewer
            return True
        return grid_shape(self._page[1], self._grid_aspect()) != self._grid

    @lazy
    def _sync_hands(self) -> None:
        s = self._state
        if self._shows[0]:
            shown = slice(2 * self._page[0], 2 * (self._page[0] + self._page[1]))
            self.hands.set_points(hand_segments(self._centres, s.pe(s.pos)[shown]))
            self.ghosts.set_points(hand_segments(self._centres, s.pe(s.pos + s.k)[shown]))
        if self._shows[1]:
            self._sync_clock_hands()

    def _sync_selection(self) -> None:
        if self.page() != self._page:
            self._sync_layout()  # the selection moved to another page of dials
            return
        index = self._state.selected_pair - self._page[0]
        set_points(self.selected_rim, self._centres[index] + ring(1.08))

    def _sync_clock(self) -> None:
        for spin, pair in zip(self.hand_spins, self._state.clock_pairs, strict=True):
            with QSignalBlocker(spin):
                spin.setValue(pair)
        self._choose_legend()
        self._sync_hands()

    def _sync_clock_hands(self) -> None:
        s = self._state
        pe, waves, theta = s.pe(s.pos), s.wavelengths(), s.angles(s.pos)
        for hand, pair in enumerate(s.clock_pairs):
            self.clock_hands[hand].set_points(
                hand_segments(np.zeros((1, 2)), pe[2 * pair : 2 * pair + 2], HAND_LENGTHS[hand])
            )
            self.legend_lines[1 + hand].setText(
                self._legend_text(hand, pair, f"{waves[pair]:.5g}", fmt_turned(theta[pair]))
            )
        self._sync_trails()
        note = tr("clock.trail_note", n=TRAIL_LENGTH) if s.trails else ""
        self.legend_lines[0].setText(f"pos {s.pos}{note}")
        beyond = s.pos >= s.train_len
        self.legend_lines[-1].setVisible(beyond)
        self.legend_lines[-1].setText(
            tr("clock.beyond", pos=s.pos, last=s.train_len - 1) if beyond else ""
        )
        # Shade the large clock, as the heatmap shades its rows, for positions never trained on.
        # Only on a change: setting a view's background repaints the whole view.
        if beyond != self._shaded:
            self._shaded = beyond
            t = self._theme
            self.clock_widget.setBackground(t.beyond_background if beyond else t.background)

    def _legend_text(self, hand: int, pair: int, wave: str, angle: str) -> str:
        name = tr(HAND_KEYS[hand])
        return tr(self._legend_key, name=name, pair=pair, wave=wave, angle=angle)

    def _choose_legend(self) -> None:
        """The hands' lines in the longest of LEGEND_FORMS that fits the legend's width at the
        widest angle (359.9°) in two lines each, else in three, else the shortest: the large
        clock shows where each hand points, and in a narrow column a line that does not break
        ran past the figure's edge."""
        line = self.legend_lines[1]
        width = line.slot.width()
        if width < 50:
            return  # not laid out yet
        waves = self._state.wavelengths()
        spacing = line.fontMetrics().lineSpacing()

        def lines(key: str) -> int | None:
            """The lines each hand's text takes in key's form (None: a word too wide)."""
            most = 0
            for hand, pair in enumerate(self._state.clock_pairs):
                name = tr(HAND_KEYS[hand])
                text = tr(key, name=name, pair=pair, wave=f"{waves[pair]:.5g}", angle="359.9")
                flags = Qt.TextFlag.TextWordWrap
                needed = line.fontMetrics().boundingRect(0, 0, width, 1 << 20, flags, text)
                if needed.width() > width:
                    return None
                most = max(most, -(-needed.height() // spacing))
            return most

        needs = {key: lines(key) for key in LEGEND_FORMS}
        for most in (2, 3):
            key = next((k for k, n in needs.items() if n is not None and n <= most), None)
            if key is not None:
                break
        self._legend_key = key or LEGEND_FORMS[-1]
        each = max(2, needs[self._legend_key] or 3)
        if each != self._legend_each:
            self._legend_each = each
            self._size_legend()

    def _size_legend(self) -> None:
        """Room for every hand's line wrapped to _legend_each lines: changing numbers never
        resize the clock above."""
        spacing = self.legend_lines[1].fontMetrics().lineSpacing()
        for index, line in enumerate(self.legend_lines):
            line.slot.setFixedHeight(spacing * (1 if index == 0 else self._legend_each) + 4)
        lines = 1 + self._legend_each * (len(HAND_KEYS) + 1)
        self.legend.setFixedHeight(spacing * lines + 4 * len(self.legend_lines) + 4)

    def _sync_presenting(self) -> None:
        """In presenter mode the large clock takes the hand selector's room."""
        self.hand_selector.setVisible(not self._state.presenting)

    def _sync_trails(self) -> None:
        """The tips at the TRAIL_LENGTH positions before pos, the most recent first."""
        s = self._state
        with QSignalBlocker(self.trail_check):
            self.trail_check.setChecked(s.trails)
        rows = s.pe_rows(max(0, s.pos - TRAIL_LENGTH), s.pos)[::-1] if s.trails else None
        for trail, pair, length in zip(self.trails, s.clock_pairs, HAND_LENGTHS, strict=True):
            tips = np.zeros((0, 2)) if rows is None else length * rows[:, 2 * pair : 2 * pair + 2]
            trail.set_points(tips)

    def _sync_fonts(self) -> None:
        scale = self._state.font_scale
        self.labels.set_scale(scale)
        for widget in (self.grid_title, *self.hand_spins, *self.hand_labels, self.trail_check):
            widget.setFont(scaled_font(scale))
        for line in self.legend_lines:
            line.setFont(scaled_font(scale, self.legend_scale))
        self.legend_lines[0].setFont(scaled_font(scale, self.legend_scale, bold=True))
        self._fit_numerals()
        self._size_legend()
        self._choose_legend()

    def _fit_numerals(self) -> None:
        """12, 3, 6 and 9 at one and a half times the body type, smaller on a small clock
        (NUMERAL_SHARE of its radius: on a 1280 x 720 screen they ran into each other, and
        the slow hand's tip into the 12), and none where that is under 0.8 of the body type."""
        body = scaled_font(self._state.font_scale)
        radius = min(self.clock_widget.width(), self.clock_widget.height()) / 2.3
        pixels = min(1.5 * body.pointSizeF() * 96 / 72, NUMERAL_SHARE * radius)
        shown = pixels >= 0.8 * body.pointSizeF() * 96 / 72
        font = QFont(body)
        font.setPixelSize(max(1, round(pixels)))
        for numeral in self.numerals:
            numeral.setVisible(shown)
            if numeral.textItem.font() != font:
                numeral.setFont(font)

    def _on_hand_spin_value_changed(self, hand: int, value: int) -> None:
        self._state.set_clock_pair(hand, value)

    def _on_grid_scene_mouse_clicked(self, event) -> None:
        point = self.grid_plot.getViewBox().mapSceneToView(event.scenePos())
        distances = np.hypot(*(self._centres - [point.x(), point.y()]).T)
        nearest = int(np.argmin(distances))
        if distances[nearest] <= 1.0:
            self._state.request(selected_pair=self._page[0] + nearest)

    def _on_page_button_clicked(self, direction: int) -> None:
        s = self._state
        self._state.request(
            selected_pair=min(max(0, s.selected_pair + direction * self.page_size()), s.n_pairs - 1)
        )


def _clock_face() -> np.ndarray:
    """Rim, 12 hour marks and 60 minute marks of the large clock, as point pairs."""
    rim = circle_segments(np.zeros((1, 2)), 1.0, ticks=False)
    t = np.arange(60) * (2 * np.pi / 60)
    inner = np.where(np.arange(60) % 5 == 0, 0.86, 0.94)
    marks = np.stack(
        [np.stack([inner * np.sin(t), inner * np.cos(t)], 1), np.stack([np.sin(t), np.cos(t)], 1)],
        axis=1,
    ).reshape(-1, 2)
    return np.vstack([rim, marks])
