"""PE Clock entry point: opens the window by default."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from core import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pe-clock",
        description="See the Transformer's sinusoidal positional encoding as clock hands.",
    )
    parser.add_argument("--version", action="version", version=f"PE Clock {__version__}")
    return parser


def run_gui() -> int:
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    from gui.app import create_application
    from gui.main_window import MainWindow

    app = QApplication.instance() or create_application(sys.argv)
    window = MainWindow()
    window.show()
    code = app.exec()
    # Delete the window before Python tears down the QApplication (PySide6 would crash on it).
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    build_parser().parse_args(argv)
    return run_gui()


if __name__ == "__main__":
    sys.exit(main())
