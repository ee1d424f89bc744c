"""The main window: composes views, controls, menus and presenter keys; owns no maths."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QCursor, QGuiApplication, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from core import __version__
from gui import export, style
from gui.controls import ControlPanel
from gui.export_dialog import ExportDialog, ExportRequest
from gui.figure_panel import FigurePanel
from gui.presenter_keys import PresenterKeys
from gui.settings import default_settings, restore_state, save_state
from gui.shortcut_overlay import ShortcutOverlay
from gui.state import MAX_FONT_SCALE, MIN_FONT_SCALE, AppState

PRESENTER_SCALE = 1.5
FONT_STEP = 1.15
DEFAULT_SIZE = (1600, 900)


class MainWindow(QMainWindow):
    """PE Clock's window: heatmap, clock hands and R(k) panel observing one AppState."""

    def __init__(
        self,
        state: AppState | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("PE Clock — sinusoidal positional encoding")
        self.settings = settings if settings is not None else default_settings()
        self.state = state if state is not None else AppState(parent=self)
        bad_keys = [] if state is not None else restore_state(self.settings, self.state)
        self._presenting = False
        self._scale_before_presenting = 1.0

        self.figures = FigurePanel(self.state)
        self.heatmap_view = self.figures.heatmap_view
        self.clock_view = self.figures.clock_view
        self.rotation_view = self.figures.rotation_view
        self.controls = ControlPanel(self.state)
        self.setCentralWidget(self.figures)
        self.control_dock = QDockWidget("Controls", self)
        self.control_dock.setObjectName("controls")
        self.control_dock.setWidget(self.controls)
        self.control_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.control_dock)

        self.readout = QLabel()
        self.statusBar().addPermanentWidget(self.readout)
        self.shortcut_overlay = ShortcutOverlay(self)
        self.blank = QWidget(self)
        self.blank.setAutoFillBackground(True)
        self.blank.hide()
        self.blank_color = ""

        self._build_menus()
        self.keys = PresenterKeys(self, self.state)

        for signal in (
            self.state.posChanged,
            self.state.kChanged,
            self.state.dModelChanged,
            self.state.baseChanged,
            self.state.maxLenChanged,
        ):
            signal.connect(self._sync_readout)
        self.state.fontScaleChanged.connect(self._sync_fonts)
        self.state.rejected.connect(self.show_status)
        self._sync_readout()
        self._sync_fonts()

        self.resize(*DEFAULT_SIZE)
        geometry = self.settings.value("window/geometry")
        if geometry is not None and not (
            isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)
        ):
            bad_keys.append("geometry")
        if bad_keys:
            self.show_status(
                "Ignored invalid saved settings (defaults used): " + ", ".join(bad_keys)
            )

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._action(file_menu, "&Export figure…", self.open_export_dialog, "Ctrl+E")
        self._action(file_menu, "Export &animation…", self.open_animation_dialog, "Ctrl+Shift+E")
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        edit = self.menuBar().addMenu("&Edit")
        self._action(edit, "&Copy figure", self.copy_figure, "Ctrl+Shift+C")

        view = self.menuBar().addMenu("&View")
        self.presenter_action = self._action(
            view, "&Presenter mode", self.toggle_presenter_mode, "F5", "F11"
        )
        self.presenter_action.setCheckable(True)
        self._action(view, "&Larger type", self.larger_type, "Ctrl+=", "Ctrl++")
        self._action(view, "&Smaller type", self.smaller_type, "Ctrl+-")
        self._action(view, "&Reset type size", lambda: self.state.set_font_scale(1.0), "Ctrl+0")
        view.addSeparator()
        view.addAction(self.control_dock.toggleViewAction())

        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&Keyboard shortcuts", self.toggle_shortcuts, "F1")
        self._action(help_menu, "&About PE Clock", self._show_about)

    def _action(self, menu, text: str, slot, *shortcuts) -> QAction:  # type: ignore[no-untyped-def]
        action = QAction(text, self)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.triggered.connect(lambda *_: slot())
        menu.addAction(action)
        self.addAction(action)  # shortcuts keep working while the menu bar is hidden
        return action

    # --- export ------------------------------------------------------------------------------
    def screen_sizes(self) -> dict[str, tuple[int, int]]:
        widgets = {"window": self.figures, **self.figures.views()}
        return {name: (max(64, w.width()), max(64, w.height())) for name, w in widgets.items()}

    def open_export_dialog(self) -> None:
        dialog = ExportDialog(self.screen_sizes(), parent=self)
        if dialog.exec() == ExportDialog.DialogCode.Accepted:
            self.export_figure(dialog.request())
        dialog.deleteLater()

    def open_animation_dialog(self) -> None:
        s = self.state
        dialog = ExportDialog(self.screen_sizes(), (s.first_pos, s.max_len - 1, s.pos), self)
        if dialog.exec() == ExportDialog.DialogCode.Accepted:
            self.export_animation(dialog.request())
        dialog.deleteLater()

    def export_figure(self, request: ExportRequest) -> Path | None:
        """Write a still figure; a failure is shown in a dialog and leaves no file behind."""
        try:
            path = export.export_figure(
                request.path,
                request.view,
                self.state,
                request.width,
                request.height,
                request.caption,
            )
        except export.ExportError as err:
            self._export_failed(err)
            return None
        self.show_status(f"Saved {path}")
        return path

    def export_animation(self, request: ExportRequest) -> Path | None:
        """Write a GIF with a progress dialog; Cancel stops it and leaves no file."""
        total = request.stop - request.start + 1
        progress = QProgressDialog("Rendering frames…", "Cancel", 0, total, self)
        progress.setWindowTitle("Export animation")
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)

        def report(done: int, total: int) -> bool:
            progress.setValue(done)
            progress.setLabelText(f"Rendering frame {done} of {total}…")
            QApplication.processEvents()
            return not progress.wasCanceled()

        try:
            path = export.export_animation(
                request.path,
                request.view,
                self.state,
                request.start,
                request.stop,
                request.fps,
                request.width,
                request.height,
                request.caption,
                report,
            )
        except export.ExportError as err:
            self._export_failed(err)
            return None
        finally:
            progress.close()
            progress.deleteLater()
        self.show_status("Export cancelled: no file written" if path is None else f"Saved {path}")
        return path

    def current_view(self) -> str:
        """The view under the mouse pointer, or 'window' when it is over none of them."""
        under = QApplication.widgetAt(QCursor.pos())
        for name, widget in self.figures.views().items():
            if under is not None and (under is widget or widget.isAncestorOf(under)):
                return name
        return "window"

    def copy_figure(self) -> None:
        """Put the current view on the clipboard as an image of its on-screen size."""
        name = self.current_view()
        width, height = self.screen_sizes()[name]
        try:
            image = export.figure_image(name, self.state, width, height)
        except export.ExportError as err:
            self._export_failed(err)
            return
        QGuiApplication.clipboard().setImage(image)
        self.show_status(f"Copied the {name} figure ({width} × {height}) to the clipboard")

    def _export_failed(self, err: Exception) -> None:
        self.show_status(f"Export failed: {err}")
        QMessageBox.critical(self, "Export failed", str(err))

    # --- presenter features ------------------------------------------------------------------
    @property
    def presenting(self) -> bool:
        return self._presenting

    def toggle_presenter_mode(self) -> None:
        if self.leave_presenter_mode():
            return
        self._presenting = True
        self._scale_before_presenting = self.state.font_scale
        self.state.set_font_scale(min(MAX_FONT_SCALE, self.state.font_scale * PRESENTER_SCALE))
        self.control_dock.hide()
        self.menuBar().hide()
        self.presenter_action.setChecked(True)
        self.showFullScreen()
        self.setFocus()

    def leave_presenter_mode(self) -> bool:
        """Leave presenter mode; return whether it was on."""
        if not self._presenting:
            return False
        self._presenting = False
        self.presenter_action.setChecked(False)
        self.state.set_font_scale(self._scale_before_presenting)
        self.control_dock.show()
        self.menuBar().show()
        self.showNormal()
        return True

    def toggle_blank(self, color: str) -> None:
        """Black or white screen; the same key again (or Esc) brings the figures back."""
        if self.blank.isVisible() and self.blank_color == color:
            self.clear_blank()
            return
        self.blank_color = color
        self.blank.setStyleSheet(f"background: {color};")
        self.blank.setGeometry(self.rect())
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

    def larger_type(self) -> None:
        self.state.set_font_scale(min(MAX_FONT_SCALE, round(self.state.font_scale * FONT_STEP, 3)))

    def smaller_type(self) -> None:
        self.state.set_font_scale(max(MIN_FONT_SCALE, round(self.state.font_scale / FONT_STEP, 3)))

    def show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # --- state -> window ---------------------------------------------------------------------
    def _sync_readout(self, *_: object) -> None:
        s = self.state
        self.readout.setText(
            f"pos {s.pos} · k {s.k} · d_model {s.d_model} · base {style.fmt_base(s.base)}"
            f" · max_len {s.max_len:,}"
        )

    def _sync_fonts(self, *_: object) -> None:
        scale = self.state.font_scale
        self.readout.setFont(style.scaled_font(scale, bold=True))
        self.shortcut_overlay.set_scale(scale)

    def _show_about(self) -> None:
        QMessageBox.about(
            self,
            "About PE Clock",
            f"<b>PE Clock {__version__}</b><p>The sinusoidal positional encoding of "
            "“Attention Is All You Need” (§3.5) as clock hands: PE(pos+k) = R(k)·PE(pos).</p>",
        )

    # --- Qt overrides ------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.blank.setGeometry(self.rect())
        if self.shortcut_overlay.isVisible():
            self.shortcut_overlay.cover()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.state.set_playing(False)
        if self.presenting:
            self.leave_presenter_mode()
        save_state(self.settings, self.state)
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.sync()
        super().closeEvent(event)
