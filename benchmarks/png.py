"""What a PNG costs to encode: each view's 1280 x 720 picture at Qt's default and at PE Clock's
quality (`render.PNG_QUALITY`), its CPU time and its size.

    python benchmarks/png.py [rounds]

Medians of the rounds (5 unless given) of the CPU time (user + system, this process) of one
encoding, and the sums over the views. Run by hand, never by CI (the machines are noisy).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> None:
    from pe_clock.gui.platform.app import headless_application

    headless_application()
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QImageWriter

    from pe_clock.gui.export import render
    from pe_clock.gui.model.state import AppState
    from pe_clock.gui.views import VIEW_NAMES

    def encoded(image: QImage, quality: int) -> tuple[float, int]:
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QImageWriter(buffer, QByteArray(b"PNG"))
        writer.setQuality(quality)
        start = time.process_time()  # user + system
        assert writer.write(image), writer.errorString()
        return (time.process_time() - start) * 1000, buffer.size()

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    state = AppState()
    state.set(pos=20)
    totals = {quality: [0.0, 0] for quality in (-1, render.PNG_QUALITY)}
    print(f"{'':12} {'Qt default':>20} {'quality ' + str(render.PNG_QUALITY):>20}")
    for view in VIEW_NAMES:
        image = render.figure_image(view, state, 1280, 720)
        row = []
        for quality, total in totals.items():
            runs = [encoded(image, quality) for _ in range(rounds)]
            ms, size = statistics.median(run[0] for run in runs), runs[0][1]
            total[0] += ms
            total[1] += size
            row.append(f"{ms:6.1f} ms {size / 1024:6.0f} KiB")
        print(f"{view:12} {row[0]:>20} {row[1]:>20}")
    row = [f"{ms:6.1f} ms {size / 1024:6.0f} KiB" for ms, size in totals.values()]
    print(f"{'all views':12} {row[0]:>20} {row[1]:>20}")


if __name__ == "__main__":
    main()
