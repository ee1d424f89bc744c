"""What a frame of video costs: the clock played over 120 positions at 1920 x 1080 and at
3840 x 2160, the CPU time of each frame split into drawing (the still export's figure at that
position) and encoding (FFmpeg's conversion to YUV and the codec), for MP4 (H.264) and WebM
(VP9), and the files' sizes beside the GIF of the same frames.

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
    from pe_clock.gui.export import animation, video
    from pe_clock.gui.export.render import staged
    from pe_clock.gui.model.state import AppState

    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 120
    positions = range(frames)
    print(f"clock, {frames} frames at 30 fps; CPU ms a frame (all threads)")
    print(f"{'size':>11} {'format':>6} {'draw':>6} {'encode':>7} {'total':>6} {'file KB':>8}")
    for width, height in ((1920, 1080), (3840, 2160)):
        state = AppState()
        state.set(max_len=max(frames, 50))
        with staged("clock", state, width, height, False) as figure:
            start = time.process_time()
            drawn = [f.copy() for f in animation.pixel_frames(figure, positions)]
            draw = (time.process_time() - start) * 1000 / frames
            for suffix in video.VIDEO_SUFFIXES:
                out = io.BytesIO()
                start = time.process_time()
                video.write_video(out, suffix, drawn, 30, width, height, lambda: None)
                encode = (time.process_time() - start) * 1000 / frames
                size = len(out.getvalue()) / 1024
                print(
                    f"{width:>5}x{height:<5} {suffix:>6} {draw:6.1f} {encode:7.1f} "
                    f"{draw + encode:6.1f} {size:8,.0f}"
                )
            out = io.BytesIO()
            start = time.process_time()
            animation._gif(figure, positions, 30, lambda done: None)(out)
            gif = (time.process_time() - start) * 1000 / frames
            print(f"{width:>5}x{height:<5} {'.gif':>6} {'':>6} {'':>7} {gif:6.1f} "
                  f"{len(out.getvalue()) / 1024:8,.0f}")  # fmt: skip
        state.deleteLater()


if __name__ == "__main__":
    main()
