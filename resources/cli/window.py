"""`pe-clock`: the window, on the saved settings and the command line's parameters."""

from __future__ import annotations

import signal
from typing import Any

from pe_clock.cli.parser import fail
from pe_clock.cli.signals import STOP_SIGNALS
from pe_clock.core.i18n import tr
from pe_clock.gui.platform.files import WriteError


def run_gui(
    lang: str | None,
    reset: bool,
    opening: dict[str, Any] | None = None,
    view: str | None = None,
    deck: str | None = None,
    stage: bool = False,
    model: str | None = None,
) -> int:
    """Open the window (on the saved settings, then the command line's parameters and view);
    a parameter the window refuses exits 2 with one line before anything is shown. Where no
    window can be shown (no display, or Qt's X11 plugin lacks its libraries) it says so and
    exits 1, after refusing a bad parameter as the window would: Qt would abort."""
    from pe_clock.gui.platform.display import window_problem

    problem = window_problem(tr("display.hint"))
    if problem is not None:
        return fail(problem, 1, "pe-clock")

    import socket

    from PySide6.QtCore import QCoreApplication, QEvent, QSocketNotifier, QTimer
    from PySide6.QtWidgets import QApplication

    from pe_clock.gui.model.deck import DeckError
    from pe_clock.gui.platform.app import create_application
    from pe_clock.gui.platform.settings import reset_settings
    from pe_clock.gui.window.main_window import MainWindow

    app = QApplication.instance() or create_application()
    if reset:
        # Refused values or a bad deck exit before the saved settings are cleared.
        from pe_clock.gui.model.deck import check_deck, read_deck
        from pe_clock.gui.model.state import AppState

        fresh = AppState()
        try:
            fresh.set(**(opening or {}))
            if deck is not None:
                check_deck(read_deck(deck), fresh)
        except (ValueError, TypeError, DeckError) as err:
            return fail(str(err), 2, "pe-clock")
        finally:
            fresh.deleteLater()
        try:
            reset_settings()
        except WriteError as err:
            return fail(str(err), 1, "pe-clock")
        print(tr("cli.reset_done"))
    window = MainWindow(language=lang)
    try:
        window.state.set(**(opening or {}))
        if model is not None:
            from pe_clock.core.models.opened import open_model
            from pe_clock.gui.model.opened_model import model_view
            from pe_clock.gui.model.request import CLI, check_model_view

            opened = open_model(model)
            # A model no view draws (T5's buckets, Mamba) opens no window that pretends to.
            view = view or model_view(opened) or ""
            check_model_view(opened, view, CLI.given("view", view), asked=model)
            window.state.show_model(opened)
        if deck is not None:
            window.deck.open(deck)  # its first scene, over the parameters above
    except (ValueError, TypeError, DeckError) as err:
        window.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return fail(str(err), 2, "pe-clock")
    if view is not None:
        window.show_view(view)
    # Ctrl+C in the terminal, SIGTERM and SIGHUP close the window as its close button does (settings
    # saved). Qt's event loop runs in C++: the signal's wake-up byte on a socket brings
    # control back to Python at once, where the handler runs.
    received: list[int] = []

    def close_window() -> None:
        window.closing_on_signal = True
        window.close()
        app.quit()  # whatever else is on screen (a note that the settings were not saved)

    def close_on_signal(signum: int, _frame: object) -> None:
        received.append(signum)
        if len(received) == 1:
            # In the event loop's first turn, or its next: a signal that came before
            # app.exec() quit a loop that was not running yet, which then ran for ever.
            QTimer.singleShot(0, close_window)

    wake_read, wake_write = socket.socketpair()
    wake_write.setblocking(False)
    signal.set_wakeup_fd(wake_write.fileno())
    notifier = QSocketNotifier(wake_read.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(lambda *_: wake_read.recv(64))
    for signum in STOP_SIGNALS:
        signal.signal(signum, close_on_signal)
    window.show()
    if stage:
        window.toggle_stage()
    code = app.exec()
    signal.set_wakeup_fd(-1)
    # Delete the window before Python tears down the QApplication (PySide6 would crash on it).
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return 128 + received[0] if received else code


def refused_before_qt(reset: bool, opening: dict[str, Any], deck: str | None) -> str:
    """Why the window would refuse the parameters given (over the saved settings, unless
    reset) or the deck, in the command line's terms (its flags), or ''; asked before Qt is
    loaded, so a bad value costs no window and no display. The settings file is read as
    plain INI (Qt's reader may mend or move a bad file, which is the window's to do): a
    value it cannot read keeps its default."""
    import configparser

    from pe_clock.gui.model.deck import DeckError, check_deck, read_deck
    from pe_clock.gui.model.picture import Picture
    from pe_clock.gui.model.request import CLI
    from pe_clock.gui.platform.settings import MAX_SETTINGS_BYTES, settings_path

    picture = Picture()
    saved = configparser.ConfigParser(interpolation=None, strict=False)
    if not reset:
        try:
            path = settings_path()
            if path.is_file() and path.stat().st_size <= MAX_SETTINGS_BYTES:
                saved.read_string(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeError, configparser.Error):
            saved.clear()
    picture.restore(lambda key: saved.get(*key.split("/", 1), fallback=None))
    try:
        picture.set(**opening)
        if deck is not None:
            check_deck(read_deck(deck), picture)
    except (ValueError, TypeError, DeckError) as err:
        return CLI.reworded(str(err), opening)
    return ""
