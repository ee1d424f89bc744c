"""What a frame of video costs: the clock played over 120 positions at 1920 x 1080 and at
3840 x 2160, the CPU time of each frame split into drawing (the still export's figure at that
position, drawn into the encoder's frame as the export draws it), converting (FFmpeg's BGRA to
BT.709 YUV 4:2:0: the same run with each frame converted, less the drawing) and the codec (the
same run with the frames encoded, less both), for MP4 (H.264) and WebM (VP9), and the files'
sizes beside the GIF of the same frames.

    python benchmarks/video.py [frames]

CPU time is this process's, every thread's (x264 and libvpx encode on threads of their own):
what a frame costs a machine, not how long it waits. Run by hand, never by CI.
"""

from __future__ import annotations

import io
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> None:
    from pe_clock.gui.platform.app import headless_application

    headless_application()
    from PySide6.QtGui import QImage

    from pe_clock.gui.export import animation, video
    from pe_clock.gui.export.render import staged
    from pe_clock.gui.model.state import AppState

    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    positions = range(frames)
    print(f"clock, {frames} frames at 30 fps; CPU ms a frame (all threads)")
    print(f"{'size':>11} {'format':>6} {'draw':>6} {'convert':>7} {'codec':>6} {'total':>6} "
          f"{'file KB':>8}")  # fmt: skip
    for width, height in ((1920, 1080), (3840, 2160)):
        state = AppState()
        state.set(max_len=max(frames, 50))
        with staged("clock", state, width, height, False) as figure:

            def played(
                suffix: str, stage: str, width: int = width, height: int = height
            ) -> tuple[float, int]:
                """CPU ms a frame drawing each position into the encoder's frame, and as
                stage says converting it or encoding it (conversion included) as the export
                does, and the file's bytes."""
                out = io.BytesIO()
                with video.encoding(out, suffix, 30, width, height) as encoder:
                    canvas = QImage(encoder.buffer, width, height, encoder.bytes_per_line,
                                    QImage.Format.Format_RGB32)  # fmt: skip
                    start = time.process_time()
                    for pos in positions:
                        figure.state.set(pos=pos)
                        figure.settle()
                        figure.draw_into(canvas)
                        if stage == "convert":
                            encoder.converted()
                        elif stage == "encode":
                            encoder.add()
                    spent = time.process_time() - start
                return spent * 1000 / frames, len(out.getvalue())

            draw, _ = played(".mp4", "draw")
            convert = played(".mp4", "convert")[0] - draw
            for suffix in video.VIDEO_SUFFIXES:
                total, size = played(suffix, "encode")
                print(
                    f"{width:>5}x{height:<5} {suffix:>6} {draw:6.1f} {convert:7.1f} "
                    f"{total - draw - convert:6.1f} {total:6.1f} {size / 1024:8,.0f}"
                )
            out = io.BytesIO()
            start = time.process_time()
            animation._gif(figure, positions, 30, lambda done: None)(out)
            gif = (time.process_time() - start) * 1000 / frames
            print(f"{width:>5}x{height:<5} {'.gif':>6} {'':>6} {'':>7} {'':>6} {gif:6.1f} "
                  f"{len(out.getvalue()) / 1024:8,.0f}")  # fmt: skip
        state.deleteLater()


if __name__ == "__main__":
    main()
