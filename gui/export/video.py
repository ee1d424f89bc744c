"""Video of a view over a range of positions: MP4 (H.264, yuv420p: PowerPoint, Keynote and
every browser play it) or WebM (VP9), encoded with PyAV, whose wheels carry FFmpeg with
libx264 and libvpx (an optional extra, ``pip install "pe-clock[video]"``).

Each frame is the figure the still export draws at that position, painted by Qt straight
into the memory of the frame FFmpeg converts from (`Encoder`: a copy of 8 MB a 1080p frame
cost 5 ms), to BT.709 YUV, tagged so, with limited range, as players expect of HD video.
The file is written through `atomic_write`, so a failure or a signal leaves no half file and
the old one as it was. Free of Qt: the command line checks a video's size before anything is
drawn.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.i18n import tr
from pe_clock.gui.export.options import MAX_VIDEO_SIDES, VIDEO_SUFFIXES
from pe_clock.gui.platform.files import WriteError as ExportError  # (render's, without Qt)

#: Per suffix: FFmpeg's muxer, the codec and its options. x264's fastest preset at a high
#: constant quality (crf 18; thin lines stay sharp), tuned for no delay: no B-frames and no
#: look-ahead thread (at 1080p 15 ms of CPU a frame with the conversion, 18 with the
#: animation tune, for 5% more bytes; veryfast: files a third smaller at about twice the
#: CPU; `benchmarks/video.py`); libvpx-vp9 in its realtime mode, all cores, constant quality.
ENCODERS: dict[str, tuple[str, str, dict[str, str]]] = {
    ".mp4": ("mp4", "libx264", {"preset": "ultrafast", "tune": "zerolatency", "crf": "18"}),
    ".webm": (
        "webm",
        "libvpx-vp9",
        {"deadline": "realtime", "cpu-used": "8", "row-mt": "1", "crf": "18", "b": "0"},
    ),
}
assert set(ENCODERS) == set(VIDEO_SUFFIXES)
#: Qt's 0xffRRGGBB words as FFmpeg names their bytes in memory.
QT_PIXELS = "bgra" if sys.byteorder == "little" else "argb"
#: ITU-R BT.709 (FFmpeg's AVCOL_PRI_BT709, AVCOL_TRC_BT709, AVCOL_SPC_BT709), limited range.
BT709, LIMITED_RANGE = 1, 1


def _av() -> Any:
    """PyAV, or ExportError in one line saying how to get it."""
    try:
        import av
    except ImportError as err:
        raise ExportError(tr("video.install")) from err
    return av


def check_video(suffix: str, width: int, height: int) -> None:
    """ExportError for a video PE Clock does not write: PyAV missing, an odd side (yuv420p
    halves each), or larger than 4K."""
    _av()
    if width % 2 or height % 2:
        raise ExportError(tr("video.even", suffix=suffix, width=width, height=height))
    if max(width, height) > max(MAX_VIDEO_SIDES) or min(width, height) > min(MAX_VIDEO_SIDES):
        wide, high = MAX_VIDEO_SIDES
        raise ExportError(tr("video.large", width=width, height=height, most=f"{wide} × {high}"))


class Encoder:
    """A video stream being written: each picture is painted into `buffer` (Qt's 32-bit
    pixels, `bytes_per_line` apart, in the memory of the frame FFmpeg converts from: nothing
    is copied; `pixels` is the same memory as an array), then `add`ed."""

    def __init__(self, av: Any, container: Any, stream: Any, width: int, height: int) -> None:
        self._container, self._stream = container, stream
        self._canvas = av.VideoFrame(width, height, QT_PIXELS)
        plane = self._canvas.planes[0]
        self.bytes_per_line: int = plane.line_size
        self.buffer = memoryview(plane)
        rows = np.frombuffer(plane, np.uint8).reshape(height, plane.line_size)
        self.pixels: NDArray[np.uint8] = rows[:, : 4 * width].reshape(height, width, 4)
        self._count = 0

    def converted(self) -> Any:
        """The picture painted, as the codec takes it (BT.709 YUV 4:2:0)."""
        return self._canvas.reformat(format="yuv420p", dst_colorspace="itu709")

    def add(self, held: int = 1) -> None:
        """The picture painted, converted once and encoded as a frame held times."""
        frame = self.converted()
        for _ in range(held):
            frame.pts, self._count = self._count, self._count + 1
            self._container.mux(self._stream.encode(frame))


@contextmanager
def encoding(
    handle: BinaryIO, suffix: str, fps: float, width: int, height: int
) -> Iterator[Encoder]:
    """An Encoder writing into handle as suffix says, finished when the block ends."""
    av = _av()
    muxer, codec, options = ENCODERS[suffix]
    try:
        with av.open(handle, mode="w", format=muxer) as container:
            stream = container.add_stream(codec, rate=Fraction(fps).limit_denominator(1001))
            stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
            stream.options = options
            context = stream.codec_context
            context.color_primaries = context.color_trc = context.colorspace = BT709
            context.color_range = LIMITED_RANGE
            yield Encoder(av, container, stream, width, height)
            container.mux(stream.encode(None))  # the frames the encoder still holds
    except av.error.FFmpegError as err:
        # A write that failed inside FFmpeg (a full disk) comes back as PyAV's error when the
        # file is closed: the OSError it stands for, which the export says in one line.
        cause = err.__context__
        raise cause if isinstance(cause, OSError) else OSError(str(err)) from err
    handle.seek(0, os.SEEK_END)  # (the muxer seeks back to finish its header)


def write_held(
    handle: BinaryIO,
    suffix: str,
    pictures: Iterable[tuple[NDArray[np.uint8], int]],
    fps: float,
    width: int,
    height: int,
    after_frame: Callable[[], None],
) -> None:
    """Encode pictures (height × width × 4 arrays of Qt's 32-bit pixels) at fps into handle
    as suffix says, each held for a number of frames (a lecture's slide held for seconds):
    converted once, encoded as often as it is held; after_frame() runs after each (a signal
    or the caller's stop raises there)."""
    with encoding(handle, suffix, fps, width, height) as encoder:
        for pixels, held in pictures:
            encoder.pixels[...] = pixels
            encoder.add(held)
            after_frame()
