"""The window's export commands: File ▸ Export…, Export animation…, Edit ▸ Copy figure.

Failures are shown in a dialog and in the status bar; the app goes on and no file is left
half-written (see `gui.export.render`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.export import render as export
from pe_clock.gui.export.animation import export_animation
from pe_clock.gui.export.dialog import ExportDialog, ExportRequest
from pe_clock.gui.export.memory import ExportMemory
from pe_clock.gui.export.options import MAX_FRAMES
from pe_clock.gui.model.state import AppState
from pe_clock.gui.views import DEFAULT_VIEW, VIEWS


class ExportActions(QObject):
    """Runs exports for a window whose views are given by name (plus 'window' for all three)."""

    def __init__(
        self,
        window: QWidget,
        state: AppState,
        views: Callable[[], dict[str, QWidget]],
        show_status: Callable[[str], None],
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._state = state
        self._views = views
        self._show_status = show_status
        #: Each view's last request of each kind: a dialog starts from it.
        self.memory = ExportMemory(settings)

    def screen_sizes(self) -> dict[str, tuple[int, int]]:
        return {
            name: (max(64, w.width()), max(64, w.height())) for name, w in self._views().items()
        }

    def fitting(self, view: str, size: tuple[int, int]) -> tuple[int, int]:
        """The smallest size at least size at which view draws the window's figure (as the
        command line's export would refuse a smaller one)."""
        state = export.request_state(export.window_request(self._state, view, size, "light"))
        try:
            return export.fitting_size(view, state, *size)
        finally:
            state.deleteLater()

    def _dialog(self, animated: bool) -> ExportRequest | None:
        """Run the export dialog of a kind on the current view; the request, or None."""
        s = self._state
        dialog = ExportDialog(
            self.screen_sizes(),
            (s.first_pos, s.max_len - 1, MAX_FRAMES) if animated else None,
            self._window,
            recall=lambda view: self.memory.for_view(animated, view),
            view=self.current_view(),
            fitting=self.fitting,
        )
        accepted = dialog.exec() == ExportDialog.DialogCode.Accepted
        request = dialog.request() if accepted else None
        dialog.deleteLater()
        if request is not None:
            self.memory.remember(animated, request)
        return request

    def open_export_dialog(self) -> None:
        request = self._dialog(animated=False)
        if request is not None:
            self.export_figure(request)

    def open_animation_dialog(self) -> None:
        request = self._dialog(animated=True)
        if request is not None:
            self.export_animation(request)

    def _requested(self, request: ExportRequest) -> AppState:
        """The state of what the dialog asks for: the window's figure as a request (its
        parameters, model, embeddings and type size) in the dialog's theme, drawn anew."""
        size = (request.width, request.height)
        figure = export.window_request(self._state, request.view, size, request.theme)
        return export.request_state(figure)

    def export_figure(self, request: ExportRequest) -> Path | None:
        """Write a still figure; a failure is shown in a dialog and leaves no file behind."""
        state = self._requested(request)
        try:
            path = export.export_figure(
                request.path, request.view, state, request.width, request.height, request.caption
            )
        except (export.ExportError, export.TooSmall) as err:
            self._failed(err)
            return None
        finally:
            state.deleteLater()
        self._show_status(tr("status.saved", path=path))
        return path

    def export_animation(self, request: ExportRequest) -> Path | None:
        """Write a GIF with a progress dialog; Cancel stops it and leaves no file."""
        total = request.stop - request.start + 1
        progress = QProgressDialog("", tr("progress.cancel"), 0, total, self._window)
        progress.setWindowTitle(tr("export.title_animation"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)

        def report(done: int, total: int) -> bool:
            progress.setValue(done)
            progress.setLabelText(tr("progress.rendering", done=done, total=total))
            QApplication.processEvents()
            return not progress.wasCanceled()

        state = self._requested(request)
        try:
            path = export_animation(
                request.path,
                request.view,
                state,
                request.start,
                request.stop,
                request.fps,
                request.width,
                request.height,
                request.caption,
                report,
            )
        except (export.ExportError, export.TooSmall) as err:
            self._failed(err)
            return None
        finally:
            state.deleteLater()
            progress.close()
            progress.deleteLater()
        self._show_status(tr("status.cancelled") if path is None else tr("status.saved", path=path))
        return path

    def current_view(self) -> str:
        """The view that has the keyboard's focus (the figure a keyboard user is on), else the
        one under the mouse pointer, else the visible teaching panel, else 'window'."""
        named = [(n, w) for n, w in self._views().items() if not VIEWS[n].staged_as]
        for under in (QApplication.focusWidget(), QApplication.widgetAt(QCursor.pos())):
            for name, widget in named:
                if under is not None and (under is widget or widget.isAncestorOf(under)):
                    return name
        for name, widget in named:
            if widget.isVisible() and VIEWS[name].tab:
                return name
        return DEFAULT_VIEW

    def copy_figure(self, size: tuple[int, int] | None = None) -> None:
        """Put the current view on the clipboard as an image of its on-screen size, or of
        size (a slide's 1920 × 1080, with type sized for projection: see render.LAYOUT_WIDTH)."""
        name = self.current_view()
        width, height = size or self.screen_sizes()[name]
        try:
            try:
                image = export.figure_image(name, self._state, width, height)
            except export.TooSmall as small:  # a view small on screen: as large as it must be
                width, height = (
                    math.ceil(side * ratio)
                    for side, ratio in zip((width, height), small.ratio, strict=True)
                )
                image = export.figure_image(name, self._state, width, height)
        except (export.ExportError, export.TooSmall) as err:
            self._failed(err)
            return
        QGuiApplication.clipboard().setImage(image)
        self._show_status(tr("status.copied", width=width, height=height))

    def copy_code(self) -> None:
        """Put the NumPy script that recomputes the current view on the clipboard, its
        comments in the window's language (`pe-clock code` prints the same)."""
        name = self.current_view()
        code = VIEWS[name].code(self._state.values(), self._state.language)
        QGuiApplication.clipboard().setText(code)
        self._show_status(tr("status.code_copied", view=name, lines=code.count("\n")))

    def _failed(self, err: Exception) -> None:
        self._show_status(tr("status.export_failed", error=err))
        QMessageBox.critical(self._window, tr("dialog.export_failed"), str(err))
