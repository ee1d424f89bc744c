"""Creating the QApplication with PE Clock's names and icon."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QtMsgType,
    QTranslator,
    qInstallMessageHandler,
)
from PySide6.QtGui import QIcon, QPixmapCache
from PySide6.QtWidgets import QApplication

from pe_clock import __version__
from pe_clock.gui.platform.display import display_set_up
from pe_clock.gui.platform.resources import ICON, ensure_fonts

#: Qt's pixmap cache, in kilobytes: room for the cached items of a 2160-line stage.
PIXMAP_CACHE_KB = 160 * 1024


def create_application() -> QApplication:
    """The application. Qt is given a program name alone: every option is PE Clock's, parsed
    by argparse, and Qt crashed on a byte that is not UTF-8 in any argument (pe-clock --pos
    $'\\xff' ended in a segmentation fault)."""
    app = QApplication(["pe-clock"])
    app.setApplicationName("PE Clock")
    app.setOrganizationName("pe-clock")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(QIcon(str(ICON)))
    ensure_fonts()
    # Static items are cached as pixmaps the size of what they cover on screen: Qt's 10 MB
    # held not even two of a 1080-line stage's (the dial grid's rims and labels), so they
    # were drawn anew on every step.
    QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
    return app


def headless_application(restore_environment: bool = False) -> QApplication:
    """The QApplication of an export or a notebook's figure: the one running, else a new one,
    offscreen unless a display is there.

    restore_environment: choose the platform for this QApplication alone and put the
    variable back, so that a program it starts (a notebook's !pe-clock) opens its windows.
    """
    running = QApplication.instance()
    if isinstance(running, QApplication):
        ensure_fonts()  # an application PE Clock did not make draws Hangul with the bundled font
        return running
    quiet_offscreen_warnings()
    if display_set_up():
        return create_application()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    _offscreen.append(True)
    try:
        return create_application()
    finally:
        if restore_environment:
            del os.environ["QT_QPA_PLATFORM"]


_offscreen: list[bool] = []


def notebook_application() -> QApplication:
    """The QApplication of a notebook's figure or widget: the running one, else a new one,
    on Linux without a display offscreen (for this QApplication alone), elsewhere on the
    system's own platform, which a window may use later."""
    running = QApplication.instance()
    if isinstance(running, QApplication):
        ensure_fonts()  # a kernel's own (%gui qt) draws Hangul with the bundled font too
        return running
    if not sys.platform.startswith("linux"):
        return create_application()
    return headless_application(restore_environment=True)


def chose_offscreen() -> bool:
    """Whether `headless_application` chose the offscreen platform (no display was set up):
    then no window of this process can be seen."""
    return bool(_offscreen)


def quiet_offscreen_warnings() -> None:
    """Drop the offscreen platform's harmless 'propagateSizeHints' warning from headless runs."""
    previous = None

    def handler(kind: QtMsgType, context, message: str) -> None:
        if "propagateSizeHints" in message:
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            print(message, file=sys.stderr)

    previous = qInstallMessageHandler(handler)


_qt_translator: list[QTranslator] = []


def use_qt_translations(lang: str) -> None:
    """Qt's own texts (standard buttons, file dialogs, edit menus) in the same language."""
    app = QCoreApplication.instance()
    assert app is not None, "create the application first"
    for translator in _qt_translator:
        app.removeTranslator(translator)
        translator.deleteLater()  # its parent is the application: it would live for ever
    _qt_translator.clear()
    if lang == "en":
        return
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{lang}", folder):
        app.installTranslator(translator)
        _qt_translator.append(translator)
