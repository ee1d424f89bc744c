"""gui/widgets/busy.py: a tab's frame and "Drawing…" at once, a redraw's sign and the busy
cursor only for work past 0.3 s, and the sign painted while the event loop is held (its
pixels, not only its visibility)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from pe_clock.core.i18n import tr
from pe_clock.gui.views import TABS, VIEWS
from pe_clock.gui.widgets import busy
from pe_clock.gui.widgets.busy import BUSY_AFTER, BusySign, working
from pe_clock.gui.widgets.lazy_view import LazyView, lazy


@pytest.fixture
def now(monkeypatch):
    """A clock the test moves: work of any length runs at once."""
    time = [0.0]
    monkeypatch.setattr(busy, "clock", lambda: time[0])
    monkeypatch.setattr(busy, "_took", {})
    return time


def sign_on(host: QWidget) -> str:
    """What the sign says (its lines, as a screen reader hears them) if it is on screen over
    host, else ""."""
    sign = host.findChild(BusySign, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return sign.accessibleName() if sign is not None and sign.isVisible() else ""


class Steps(LazyView):
    """A view of three sync steps of 0.2 s each, noting the sign after each."""

    def __init__(self, host: QWidget, now: list[float]) -> None:
        super().__init__()
        self.host, self.now, self.seen = host, now, []
        self._one()
        self._two()
        self._three()

    def _step(self) -> None:
        self.now[0] += 0.2
        self.seen.append(sign_on(self.host))

    @lazy
    def _one(self) -> None:
        self._step()

    @lazy
    def _two(self) -> None:
        self._step()

    @lazy
    def _three(self) -> None:
        self._step()


def host_window(qtbot) -> QWidget:
    host = QWidget()
    qtbot.addWidget(host)
    QVBoxLayout(host)
    host.resize(400, 300)
    host.show()
    qtbot.waitExposed(host)
    return host


def test_a_first_build_shows_its_frame_and_drawing_at_once(qtbot, now):
    host = host_window(qtbot)
    framed = f"The steps {tr('busy.drawing')}"
    with working(host, "steps", "The steps"):
        # The frame, before anything is built: a constructor has no step to say it at (the
        # Learned tab's 1.4 s were a veil with its title alone).
        assert sign_on(host) == framed
        view = Steps(host, now)
        host.layout().addWidget(view)
        view.show()  # its steps run here, each a step of the work
    assert view.seen == [framed] * 3
    assert sign_on(host) == ""
    assert QApplication.overrideCursor() is None  # the busy cursor is taken down too


def test_the_sign_is_painted_while_the_work_holds_the_event_loop(qtbot, now):
    host = host_window(qtbot)
    before = host.grab().toImage()
    with working(host, "paint", "Title"):
        framed = host.grab().toImage()
        assert QApplication.overrideCursor() is None  # not before BUSY_AFTER
        now[0] += 2 * BUSY_AFTER
        busy.step()
        assert QApplication.overrideCursor().shape() == Qt.CursorShape.BusyCursor
    sign = host.findChild(BusySign)
    # The sign is ink before any event is processed, its two lines inside the host.
    assert sign.geometry() == host.rect()
    assert before != framed
    assert sign.fontMetrics().horizontalAdvance(tr("busy.drawing")) < host.width()


def test_a_redraw_shows_the_sign_before_it_starts_once_it_was_long(qtbot, now):
    host = host_window(qtbot)
    view = Steps(host, now)  # hidden: its steps wait
    host.layout().addWidget(view)
    view.show()
    assert sign_on(view) == ""  # quick work shows nothing

    seen = []

    def long_redraw(self) -> None:
        now[0] += 1.0
        seen.append(sign_on(self))

    slow = lazy(long_redraw)
    slow(view)  # took 1 s: no sign the first time (nothing foretold it) ...
    slow(view)  # ... and at once the second time, before it draws
    assert seen == ["", tr("busy.drawing")]
    assert sign_on(view) == ""


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_tab_builds_under_its_own_frame(window, qtbot, now, monkeypatch, language):
    window.state.set(language=language)
    spec = TABS[-1]
    seen = []
    build = VIEWS[spec.name].load()

    def slow_build(state):
        seen.append(sign_on(window.panel_hosts[spec.name]))
        now[0] += 1.0
        return build(state)

    monkeypatch.setattr(type(VIEWS[spec.name]), "load", lambda self: slow_build)
    window.tabs.setCurrentIndex(len(TABS) - 1)
    assert seen == [f"{spec.title} {tr('busy.drawing')}"]
    assert sign_on(window.panel_hosts[spec.name]) == ""
    assert window.panels[spec.name].isVisible()


def test_a_host_gone_with_the_work_still_gives_the_cursor_back(qtbot, now):
    import shiboken6

    host = QWidget()
    host.show()
    with working(host, "gone"):
        now[0] += 1.0
        busy.step()
        assert QApplication.overrideCursor() is not None
        shiboken6.delete(host)
    assert QApplication.overrideCursor() is None
