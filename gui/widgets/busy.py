"""A busy sign for work that holds the event loop: a tab built the first time it is shown,
a redraw of a large table.

Qt paints nothing while Python works, so the sign is painted by the work itself: a tab's
frame (its title and "Drawing…": the view is being drawn, and a build's constructor has no
step at which to say so later) at once, before its view is built; for other work, "Drawing…"
at the first step boundary (each `lazy` sync method is one) after BUSY_AFTER, and before a
redraw whose last run took longer than that, since it will take about as long again. A redraw
shorter than BUSY_AFTER shows no sign: it would only flicker. The busy cursor comes with the
sign after BUSY_AFTER.
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from pe_clock.core.i18n import tr

#: Seconds of work after which the sign shows (the issue's "a busy sign after 0.3 s").
BUSY_AFTER = 0.3
#: How much of the view under the sign still shows through it (0 none, 255 all).
VEIL_ALPHA = 215

clock = time.perf_counter  # a test replaces it to run work of any length at once
_took: dict[str, float] = {}  # what each kind of work took the last time it ran


class BusySign(QLabel):
    """A veil over its parent with the work's title, if it has one, and "Drawing…"."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setAutoFillBackground(True)
        parent.installEventFilter(self)  # it covers its parent at every size
        self.hide()

    @classmethod
    def on(cls, host: QWidget) -> BusySign | None:
        """host's sign, if it has one."""
        return host.findChild(cls, options=Qt.FindChildOption.FindDirectChildrenOnly)

    @classmethod
    def of(cls, host: QWidget) -> BusySign:
        """host's sign, made the first time it is needed."""
        return cls.on(host) or cls(host)

    def cover(self, title: str) -> None:
        """Show over the parent now with title and "Drawing…", painted before the work goes
        on."""
        parent = self.parentWidget()
        assert parent is not None
        palette = parent.palette()
        veil = palette.color(QPalette.ColorRole.Window)
        veil.setAlpha(VEIL_ALPHA)
        palette.setColor(QPalette.ColorRole.Window, veil)
        self.setPalette(palette)
        font = parent.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.setFont(font)
        drawing = html.escape(tr("busy.drawing"))
        # The title in bold over "Drawing…": the same type, they read as one phrase.
        self.setText(f"<b>{html.escape(title)}</b><br>{drawing}" if title else drawing)
        self.setAccessibleName(" ".join(line for line in (title, tr("busy.drawing")) if line))
        self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.repaint()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        parent = self.parentWidget()
        if watched is parent and event.type() == QEvent.Type.Resize:
            self.setGeometry(parent.rect())
        return False


def on_screen(widget: QWidget) -> bool:
    """widget is seen: shown, and not in a figure drawn into a file (never on a screen)."""
    window = widget.window()
    return widget.isVisible() and not window.testAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)


@dataclass
class _Work:
    host: QWidget
    title: str
    started: float
    shown: bool = False

    def show_busy(self) -> None:
        if self.shown or not on_screen(self.host):
            return
        self.shown = True
        QGuiApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        BusySign.of(self.host).cover(self.title)

    def end(self) -> None:
        try:
            if self.shown:
                QGuiApplication.restoreOverrideCursor()
        finally:  # the host may be gone with the work (a window closed by it)
            sign = BusySign.on(self.host) if shiboken6.isValid(self.host) else None
            if sign is not None:
                sign.hide()


_current: list[_Work] = []


@contextmanager
def working(host: QWidget, kind: str, title: str = "") -> Iterator[None]:
    """Run the block as one piece of work shown on host: with a title (a tab's first build),
    its frame and "Drawing…" are painted at once; without, "Drawing…" shows once the work
    passes BUSY_AFTER (at a step), or at once when work of this kind took longer the last
    time. The busy cursor shows from BUSY_AFTER. Work inside other work only counts as a step
    of it."""
    if _current:
        yield
        step()
        return
    work = _Work(host, title, clock())
    seen = on_screen(host)
    _current.append(work)
    try:
        if _took.get(kind, 0.0) > BUSY_AFTER:
            work.show_busy()
        elif title and seen:
            BusySign.of(host).cover(title)
        yield
    finally:
        _current.pop()
        # A redraw on screen foretells the next; an export's or a first build's, nothing.
        if seen and not title:
            _took[kind] = clock() - work.started
        work.end()


def step() -> None:
    """A step of the work under way has ended: show the sign if it has run long."""
    if _current and clock() - _current[0].started > BUSY_AFTER:
        _current[0].show_busy()
