"""Rendering widgets to arrays and finding view coordinates on screen, for pixel tests."""

import contextlib
import io
import signal
import subprocess
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QGraphicsView, QGraphicsWidget, QWidget


def to_array(image: QImage) -> np.ndarray:
    """An image as an (h, w, 3) uint8 RGB array."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w = image.height(), image.width()
    data = np.frombuffer(image.constBits(), np.uint8, count=image.sizeInBytes())
    return data.reshape(h, image.bytesPerLine())[:, : w * 3].reshape(h, w, 3).copy()


def grab(widget: QWidget) -> np.ndarray:
    return to_array(widget.grab().toImage())


def _layout(widget: QWidget) -> list[tuple[float, float, float, float]]:
    return [
        item.sceneBoundingRect().getRect()
        for view in widget.findChildren(QGraphicsView)
        for item in view.scene().items()
        if isinstance(item, QGraphicsWidget)
    ]


def settle(widget: QWidget, rounds: int = 12) -> None:
    """Paint and turn the event loop until the widget's graphics layouts stop moving.

    pyqtgraph sizes an axis to the tick labels it draws, so a layout takes a paint and a turn
    of the loop per step to settle; how many steps fit in a fixed wait depends on the machine."""
    before = None
    for _ in range(rounds):
        widget.grab()
        QApplication.processEvents()
        QApplication.processEvents()
        now = _layout(widget)
        if now == before:
            return
        before = now


def view_to_pixel(graphics: pg.GraphicsView, plot: pg.PlotItem, x: float, y: float) -> QPoint:
    """Where the data point (x, y) of a plot lands in its GraphicsView's viewport."""
    scene = plot.getViewBox().mapViewToScene(QPointF(x, y))
    return graphics.mapFromScene(scene)


def dark(pixels: np.ndarray, limit: int = 60) -> np.ndarray:
    return pixels.max(axis=-1) < limit


def cli_main(capsys, *argv: str) -> tuple[int, str, str]:
    """pe-clock's command line run in this process, as a test of its rules should be (a new
    process costs a second of CPU): its exit status, stdout and stderr; the language and the
    signals' handlers are left as they were."""
    code = _in_process(list(argv))
    said = capsys.readouterr()
    return code, said.out, said.err


def export_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`pe-clock export args` run in this process from the folder cwd (see `command_line`)."""
    return command_line("export", *args, cwd=cwd)


def command_line(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`pe-clock argv` run in this process from the folder cwd, as a finished process would
    report it: its exit status, stdout and stderr (with the messages Qt would print there)."""
    from PySide6.QtCore import qInstallMessageHandler

    out, err = io.StringIO(), io.StringIO()

    def printed(kind: object, context: object, message: str) -> None:
        if "propagateSizeHints" not in message:  # a headless process drops it (app.py)
            err.write(message + "\n")

    previous = qInstallMessageHandler(printed)
    try:
        with (
            contextlib.chdir(cwd),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            code = _in_process(list(argv))
    finally:
        qInstallMessageHandler(previous)
    return subprocess.CompletedProcess(["pe-clock", *argv], code, out.getvalue(), err.getvalue())


def _in_process(argv: list[str]) -> int:
    from pe_clock import cli  # first: importing it puts its start-up handlers in place
    from pe_clock.cli.signals import STOP_SIGNALS
    from pe_clock.core import i18n

    handlers = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    try:
        with i18n.speaking(i18n.language()):  # the language it chose is its own
            return cli.main(argv)
    except SystemExit as stop:  # argparse's own errors and --help
        return int(stop.code or 0)
    finally:  # an export handles them, then ignores them once its files are in place
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def parts(folder) -> list[str]:
    """The temporary files (PART_SUFFIX) an export left in folder."""
    from pe_clock.gui.platform.files import PART_SUFFIX

    return sorted(p.name for p in folder.iterdir() if p.name.endswith(PART_SUFFIX))
