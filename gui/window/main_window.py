"""The main window: composes views, controls, menus and presenter keys; owns no maths."""

from __future__ import annotations

import itertools
import sys

from PySide6.QtCore import QByteArray, QLocale, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QCloseEvent,
    QGuiApplication,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QDockWidget,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pe_clock import __version__
from pe_clock.core import i18n
from pe_clock.core.i18n import tr
from pe_clock.gui.export.actions import ExportActions
from pe_clock.gui.figures.window import WindowView
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.model.fields import LANGUAGE, PARAMETER
from pe_clock.gui.model.opened_model import model_view
from pe_clock.gui.model.picture import MAX_FONT_SCALE, Picture
from pe_clock.gui.model.state import AppState
from pe_clock.gui.platform.app import use_qt_translations
from pe_clock.gui.platform.error_hook import ErrorHook
from pe_clock.gui.platform.file_dialog import choose_file
from pe_clock.gui.platform.files import WriteError
from pe_clock.gui.platform.message import message_box
from pe_clock.gui.platform.resources import ensure_fonts
from pe_clock.gui.platform.settings import open_settings, save_values
from pe_clock.gui.views import TABS, VIEWS
from pe_clock.gui.widgets.busy import working
from pe_clock.gui.widgets.labels import parameter_line
from pe_clock.gui.widgets.lazy_view import as_view
from pe_clock.gui.widgets.prose import explanations
from pe_clock.gui.widgets.stable_label import StableLabel
from pe_clock.gui.widgets.window_style import use_window_style
from pe_clock.gui.window.console import Console
from pe_clock.gui.window.controls import ControlPanel
from pe_clock.gui.window.deck_player import DeckPlayer
from pe_clock.gui.window.keys import PresenterKeys
from pe_clock.gui.window.menus import Menus
from pe_clock.gui.window.overlay import ShortcutOverlay
from pe_clock.gui.window.stage import Stage, stage_view

#: The type scale of presenter mode.
PRESENTER_SCALE = 1.5
#: The first window takes FIRST_FILL of its screen's free area, up to DEFAULT_SIZE (on a 4K
#: screen, not a wall), less the pixels kept back for a title bar: at 1600 x 900 on a
#: 1920 x 1080 screen the heatmap had 334 pixels for 512 dimensions.
DEFAULT_SIZE = (2400, 1350)
FIRST_FILL = 0.95
FRAME_ALLOWANCE = 32
#: With one screen, how long a first C waits for the second that opens the console.
CONSOLE_CONFIRM_MS = 4000
#: The presenter console as a window of its own (one screen).
CONSOLE_SIZE = (1000, 640)
#: How long pos and the parameters stay still before a screen reader hears the figures again.
SETTLE_MS = 400


class MainWindow(QMainWindow):
    """PE Clock's window: the clock figures and the teaching panels, observing one AppState."""

    def __init__(
        self,
        state: AppState | None = None,
        settings: QSettings | None = None,
        language: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """language: 'en' or 'ko' overrides the saved choice (which overrides the system's)."""
        super().__init__(parent)
        ensure_fonts()
        use_window_style()
        settings_problem = None
        if settings is None:
            settings, settings_problem = open_settings()
        self.settings = settings
        self.state = state if state is not None else AppState(parent=self)
        bad_keys = [] if state is not None else self.state.restore(self.settings.value)
        saved = None if "language" in bad_keys else self.settings.value("state/language")
        self.state.set(
            language=language or saved or i18n.language_for_locale(QLocale.system().name())
        )
        self._presenting = False
        self._scale_before_presenting = 1.0
        self._controls_before_presenting = True
        self._geometry_before_presenting = QByteArray()

        # Tabs come from the view registry; all but the first are built the first time they
        # are shown, so start-up stays short.
        self.figures = WindowView(self.state)
        self.heatmap_view = self.figures.heatmap_view
        self.clock_view = self.figures.clock_view
        self.rotation_view = self.figures.rotation_view
        self.panels: dict[str, QWidget] = {TABS[0].name: self.figures}
        self.panel_hosts: dict[str, QWidget] = {TABS[0].name: self.figures}
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.figures, "")
        for spec in TABS[1:]:
            host = self.panel_hosts[spec.name] = QWidget()
            QVBoxLayout(host).setContentsMargins(0, 0, 0, 0)
            self.tabs.addTab(host, "")
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)
        self.deck = DeckPlayer(self, self.state, self)
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.deck.banner)
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.central = central
        self.controls = ControlPanel(self.state)
        self.control_dock = QDockWidget(self)
        self.control_dock.setObjectName("controls")
        self.control_dock.setWidget(self.controls)
        # Closable: Qt enables the dock's View ▸ Controls action only for a closable dock.
        self.control_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.control_dock)

        #: Set by the command line's signal handler: a close then asks nothing of anyone.
        self.closing_on_signal = False
        #: The note that the settings could not be saved, once closing failed to save them.
        self.save_notice: QMessageBox | None = None
        self.stage = Stage(self, self.state, self.deck.slide_texts)
        self._stage_presenting = False
        self.readout = StableLabel()
        self.statusBar().addPermanentWidget(self.readout)
        self.shortcut_overlay = ShortcutOverlay(self)
        self.blank = QWidget(self)
        self.blank.setAutoFillBackground(True)
        self.blank.hide()
        self.blank_color = ""

        self.exports = ExportActions(self, self.state, self.views, self.show_status, self.settings)
        self.error_hook = ErrorHook(self, self.show_status)
        self.keys = PresenterKeys(self, self, self.state)
        self.console = Console(self, self.state)
        self.console.chosen.connect(self.deck.go)  # a scene clicked in the console's list
        for own_window in (self.stage, self.console):
            self.keys.watch(own_window)  # the clicker works from either screen
        # The console follows a beat later: a tab just brought forward draws its texts first.
        self._console_asked = QTimer(self)  # a first C on one screen waits for a second
        self._console_asked.setSingleShot(True)
        self._console_sync = QTimer(self)
        self._console_sync.setSingleShot(True)
        self._console_sync.timeout.connect(self._sync_console)
        self.stage.shown.connect(self._console_sync.start)
        self.menus = Menus(self)
        self.presenter_action = self.menus.presenter_action
        self.language_actions = self.menus.language_actions

        self.state.observe(["pos", "k", "d_model", "base", "max_len"], self._sync_readout)
        self.state.observe(["font_scale"], self._sync_fonts)
        self.state.observe(["pos"], self._sync_console_step)
        # What a screen reader hears, once a step has settled (a play changes pos each frame).
        self._speech = QTimer(self)
        self._speech.setSingleShot(True)
        self._speech.setInterval(SETTLE_MS)
        self._speech.timeout.connect(self._speak)
        heard = [*Picture.role(PARAMETER, LANGUAGE), "table", "model", "embeddings"]
        settle = lambda *_: self._speech.start()  # noqa: E731 - never start(payload): an interval
        self.state.observe(heard, settle)
        self.tabs.currentChanged.connect(settle)
        self.stage.shown.connect(settle)
        self.state.observe(["language"], self._retranslate)
        self.state.rejected.connect(self.show_status)
        self.state.notified.connect(self.show_status)
        self._retranslate()
        self._sync_fonts()
        self._order_focus()
        self._speech.start()  # what the figures show at start-up

        self._fit_first_size()
        geometry = self.settings.value("window/geometry")
        if geometry is not None and not (
            isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)
        ):
            bad_keys.append("geometry")
        if bad_keys:
            self.show_status(tr("status.bad_settings", keys=", ".join(bad_keys)))
        if settings_problem is not None:
            print(settings_problem, file=sys.stderr)
            self.show_status(settings_problem, 60_000)

    def _fit_first_size(self) -> None:
        """FIRST_FILL of the screen's free area, at most DEFAULT_SIZE (it opened at 1600×900
        on a 1280×720 laptop), centred on it; a saved geometry then takes over."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(*DEFAULT_SIZE)
            return
        free = screen.availableGeometry()
        # Room for the title bar and frame, which are not known before the window is shown.
        width = min(DEFAULT_SIZE[0], round(free.width() * FIRST_FILL))
        height = min(DEFAULT_SIZE[1], round(free.height() * FIRST_FILL) - FRAME_ALLOWANCE)
        self.resize(width, height)
        self.move(free.center() - self.rect().center())

    def views(self) -> dict[str, QWidget]:
        """Every view on screen by registered name: the tabs and the three figures."""
        return {**self.panel_hosts, **self.figures.views()}

    def show_view(self, name: str) -> None:
        """Bring the registered view called name on screen: its tab, or for one of the three
        figures, the tab that holds them."""
        host = self.panel_hosts.get(name, self.panel_hosts[TABS[0].name])
        if name not in self.views():
            raise ValueError(name)
        self.tabs.setCurrentWidget(host)
        if self.stage.isVisible():
            self.stage.show_view(name)  # the console follows the stage
        else:
            self._console_sync.start()

    def panel(self, name: str) -> QWidget:
        """The tab's view called name, built on first use."""
        if name not in self.panels:
            host = self.panel_hosts[name]
            layout = host.layout()
            assert layout is not None
            # The tab's frame at once, "Drawing…" if its first draw takes long: never a tab
            # left blank, or the last one still on screen, while it builds.
            with working(host, name, VIEWS[name].title):
                view = self.panels[name] = VIEWS[name].load()(self.state)
                layout.addWidget(view)
                view.show()  # drawn now, inside the work (the layout would show it later)
            self._order_focus()
        return self.panels[name]

    def _order_focus(self) -> None:
        """Tab in reading order, from the focus a window starts with: the tabs, the tab on
        screen (its figures, each before its controls), then the controls on the left, top
        to bottom. (Qt's order is the order the widgets were made in: a tab built when first
        shown came after the controls.)"""
        chain: list[QWidget] = []
        widget = self.nextInFocusChain()
        while widget is not None and widget is not self:
            if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                chain.append(widget)
            widget = widget.nextInFocusChain()
        bar = self.tabs.tabBar()
        docked = [w for w in chain if self.control_dock.isAncestorOf(w)]
        shown = [w for w in chain if w not in (self.tabs, bar) and w not in docked]
        # The tab widget hands its focus to the bar.
        for first, second in itertools.pairwise([self.tabs, bar, *shown, *docked]):
            QWidget.setTabOrder(first, second)

    def _on_tabs_current_changed(self, index: int) -> None:
        self.panel(TABS[index].name)

    # --- menus -------------------------------------------------------------------------------
    def _retranslate(self, *_: object) -> None:
        use_qt_translations(self.state.language)
        self.setWindowTitle(tr("window.title"))
        self.menus.retranslate()
        self.control_dock.setWindowTitle(tr("dock.controls"))
        for index, spec in enumerate(TABS):
            self.tabs.setTabText(index, spec.tab_title)
            self.tabs.setTabToolTip(index, spec.title)
        self.tabs.tabBar().setAccessibleName(tr("tabs.name"))
        # Buttons Qt makes, in the window's language (Qt's own said "Scroll Left" in Korean).
        made: list[tuple[QWidget, str, str]] = [
            (self.control_dock, f"qt_dockwidget_{key}button", key) for key in ("float", "close")
        ]
        made += [(self.tabs.tabBar(), f"Scroll{side}Button", f"scroll_{side.lower()}")
                 for side in ("Left", "Right")]  # fmt: skip
        for parent, name, key in made:
            button = parent.findChild(QAbstractButton, name)
            if button is not None:
                button.setAccessibleName(tr(f"button.{key}"))
                button.setToolTip(tr(f"tip.{key}"))
                button.setAccessibleDescription(tr(f"tip.{key}"))
        self.shortcut_overlay.retranslate()
        self._sync_readout()
        self._sync_console_step()  # the console in the new language at once, as the stage

    def current_view(self) -> str:
        """The registered name of the tab on screen."""
        return TABS[self.tabs.currentIndex()].name

    def open_embeddings_dialog(self) -> None:
        path = choose_file(self, tr("embed.load"), "", tr("export.filter_npy"), save=False)
        if path:
            self.state.load_embeddings(path)
            drawn_on = next(spec.name for spec in TABS if spec.embeddings)  # the tab drawing them
            self.tabs.setCurrentWidget(self.panel_hosts[drawn_on])

    def open_model_dialog(self) -> None:
        filters = tr("dialog.model_filter")
        path = choose_file(self, tr("dialog.open_model"), "", filters, save=False)
        if path:
            self.open_model(path)

    def open_model(self, path: str) -> bool:
        """Open a model and bring on screen the tab that shows its positions."""
        if not self.state.open_model(path):
            return False
        view = model_view(self.state.model)
        if view is not None:  # T5, Mamba: described on the status bar, drawn nowhere
            self.show_view(view)
        return True

    # --- presenter features ------------------------------------------------------------------
    @property
    def presenting(self) -> bool:
        return self._presenting

    def toggle_presenter_mode(self) -> None:
        if self.leave_presenter_mode():
            return
        self._presenting = True
        self._scale_before_presenting = self.state.font_scale
        # In proportion to the screen: the window's layout that reads at 1.5x on 1080 lines
        # was cut off at 1.5x on 720 (its R(k) numbers, the large clock a thumbnail).
        screen = self.screen().geometry().height() / 1080
        presenter = PRESENTER_SCALE * min(max(screen, 2 / 3), 2.0)
        scale = min(MAX_FONT_SCALE, self.state.font_scale * presenter)
        self.state.set(font_scale=scale, presenting=True)
        self._controls_before_presenting = self.control_dock.isVisible()
        self.control_dock.hide()
        self.menuBar().hide()
        self.presenter_action.setChecked(True)
        self._geometry_before_presenting = self.saveGeometry()
        # Without a window manager (a bare X server, some kiosk set-ups) full screen is only a
        # request: cover the whole screen first, then ask.
        self.setGeometry(self.screen().geometry())
        self.showFullScreen()
        self.setFocus()

    def leave_presenter_mode(self) -> bool:
        """Leave presenter mode; return whether it was on."""
        if not self._presenting:
            return False
        self._presenting = False
        self.presenter_action.setChecked(False)
        self.state.set(font_scale=self._scale_before_presenting, presenting=False)
        self.control_dock.setVisible(self._controls_before_presenting)
        self.menuBar().show()
        self.showNormal()
        self.restoreGeometry(self._geometry_before_presenting)
        return True

    def toggle_stage(self) -> None:
        """One view as a slide, type and lines for the back row; or back. With a second
        screen (a projector) the stage fills it and the console fills the window's screen;
        with one, the stage covers the window in presenter mode."""
        if self.leave_stage():
            return
        projector = self.projector_screen()
        self.stage.project(projector)
        self._stage_presenting = projector is None and not self.presenting
        if self._stage_presenting:
            self.toggle_presenter_mode()
        if projector is None:  # nothing of the window over the stage: its status strip hides
            self.statusBar().hide()
        # The window's views under the stage (or the console) are hidden: their syncs wait
        # until they are seen again, and a step pays for the stage alone.
        self.central.hide()
        if projector is not None:
            screen = self.screen()
            self.console.setScreen(screen)
            self.console.setGeometry(screen.geometry())
            self.console.showFullScreen()
            self.console.restart_clock()  # the lecture starts as the stage goes up
        scene = self.deck.scenes[self.deck.index].view if self.deck.active else None
        self.stage.show_view(scene or self.current_view())

    def projector_screen(self) -> QScreen | None:
        """A screen the window is not on (the projector), or None with one screen."""
        mine = self.screen()
        return next((s for s in QGuiApplication.screens() if s is not mine), None)

    def leave_stage(self) -> bool:
        """Leave stage mode (and the presenter mode or the console it started); return
        whether it was on."""
        if not self.stage.isVisible():
            return False
        projected = self.stage.screen_shown is not None
        self.clear_blank()
        self.stage.leave()
        self.central.show()
        if projected:
            self.console.hide()
        else:
            self.statusBar().show()
            self._sync_readout()
        if self._stage_presenting:
            self.leave_presenter_mode()
        return True

    def ask_console(self) -> None:
        """C (or the menu): the console, or away again. With one screen, what the window's
        screen shows is what a projector mirrors, so the console's notes, cues and next scene
        would be the class's too: the first press says so where the class looks (the stage
        over the window, else the status bar), and a second within CONSOLE_CONFIRM_MS opens
        it (a rehearsal at a desk)."""
        asked = self._console_asked.isActive()
        self._console_asked.stop()
        if self.console.isVisible() or self.projector_screen() is not None or asked:
            self.toggle_console()
            return
        self._console_asked.start(CONSOLE_CONFIRM_MS)
        self.show_status(
            tr("console.one_screen", seconds=CONSOLE_CONFIRM_MS // 1000), CONSOLE_CONFIRM_MS
        )

    def toggle_console(self) -> None:
        """The presenter console as a window of its own (with one screen), or away again."""
        if self.console.isVisible():
            self.console.hide()
            return
        self.console.showNormal()
        self.console.resize(CONSOLE_SIZE[0], CONSOLE_SIZE[1])
        self.console.raise_()
        self._sync_console()

    def _sync_console(self, *_: object) -> None:
        """The console shows the scene (or view) on stage, else in the window."""
        if not self.console.isVisible():
            return
        slide = self.stage.slide if self.stage.isVisible() else None
        name = slide.name if slide is not None else self.current_view()
        view = slide.view if slide is not None else self.views().get(name)
        texts = explanations(view) if view is not None else []
        scene = self.deck.console_scene(
            stage_view(name), VIEWS[name].title, texts, self.stage.theme
        )
        self.console.show_scene(scene)

    def _sync_console_step(self, *_: object) -> None:
        if self.console.isVisible():
            self._console_sync.start()

    def toggle_stage_theme(self) -> None:
        if self.stage.isVisible():
            self.stage.show_view(self.stage.name, "light" if self.stage.theme == "dark" else "dark")

    def toggle_blank(self, color: str) -> None:
        """Black or white screen; the same key again (or Esc) brings the figures back."""
        if self.blank.isVisible() and self.blank_color == color:
            self.clear_blank()
            return
        self.blank_color = color
        # Over what the class sees: the stage on the projector, else the window.
        host = self.stage if self.stage.screen_shown is not None else self
        if self.blank.parentWidget() is not host:
            self.blank.setParent(host)
        self.blank.setStyleSheet(f"background: {color};")
        self.blank.setGeometry(host.rect())
        self.blank.show()
        self.blank.raise_()

    def clear_blank(self) -> bool:
        was_visible = self.blank.isVisible()
        self.blank.hide()
        self.blank_color = ""
        return was_visible

    def toggle_shortcuts(self) -> None:
        if not self.close_shortcuts():
            self.shortcut_overlay.cover()
            self.shortcut_overlay.show()

    def close_shortcuts(self) -> bool:
        was_visible = self.shortcut_overlay.isVisible()
        self.shortcut_overlay.hide()
        return was_visible

    def show_status(self, text: str, timeout_ms: int = 8000) -> None:
        """Say text in the status bar, on the console while it is up (over the window's
        screen, it hides the status bar: the end of the deck went unseen), and at the foot
        of a stage over the window (which hides it too)."""
        self.statusBar().showMessage(text, timeout_ms)
        if self.console.isVisible():
            self.console.show_notice(text, timeout_ms)
        elif self.stage.isVisible() and self.stage.screen_shown is None:
            self.stage.show_notice(text, timeout_ms)

    # --- state -> window ---------------------------------------------------------------------
    def _speak(self) -> None:
        """Every figure on screen named and described for a screen reader, once a step has
        settled (not on every frame of a play): its title, the parameters and what its
        explanations say now, in the window's language."""
        line = parameter_line(self.state)
        shown = [(n, v) for n, v in self.panels.items() if n != TABS[0].name]
        parts = self.figures.parts()  # the three figures, each described as a whole
        shown += [(n, view) for n, view in self.figures.views().items() if view in parts]
        for slide in (self.stage.slide, self.console.slide):  # the class's and the lecturer's
            if slide is not None:
                shown.append((slide.name, slide.view))
        for name, view in shown:
            if not view.isVisible():
                continue
            view.setAccessibleName(VIEWS[name].title)
            described = f"{line}. {as_view(view).describe()}"
            if described != view.accessibleDescription():
                view.setAccessibleDescription(described)
                if view.hasFocus():  # said aloud: Orca reads no change of a description
                    QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(view, described))

    def _sync_readout(self, *_: object) -> None:
        if self.statusBar().isHidden():  # under the stage: brought up to date when shown
            return
        self.readout.setText(parameter_line(self.state))

    def _sync_fonts(self, *_: object) -> None:
        scale = self.state.font_scale
        self.readout.setFont(scaled_font(scale, bold=True))
        self.tabs.tabBar().setFont(scaled_font(scale))  # in presenter mode too
        self.shortcut_overlay.set_scale(scale)

    def show_about(self) -> None:
        about = tr("about.text", version=__version__)
        box = message_box(QMessageBox.Icon.Information, tr("about.title"), about, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    # --- Qt overrides ------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.blank.setGeometry(self.rect())
        self.stage.refit()
        if self.shortcut_overlay.isVisible():
            self.shortcut_overlay.cover()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.state.set(playing=False)
        self.leave_stage()
        self.console.hide()  # a window of its own: it would keep the application running
        if self.presenting:
            self.leave_presenter_mode()
        try:
            window = {"window/geometry": self.saveGeometry(), **self.exports.memory.values()}
            save_values(self.settings, {**self.state.saved(), **window})
        except WriteError as err:
            # Said on stderr always; in the window, a note that does not hold the close up (a
            # modal warning that nobody answered kept a signalled window running).
            print(f"pe-clock: {tr('dialog.settings_failed')}: {err}", file=sys.stderr)
            if not self.closing_on_signal and self.save_notice is None:  # once a window
                notice = message_box(
                    QMessageBox.Icon.Warning, tr("dialog.settings_failed"), str(err)
                )
                notice.setModal(False)
                notice.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
                notice.show()
                # A window of its own (parented, it would go with this one); kept here, or
                # Python would delete it at once. The application ends once it is closed.
                self.save_notice = notice
        super().closeEvent(event)
