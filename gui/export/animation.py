"""Animations of a view over a range of positions: a GIF, a video (MP4, WebM: `video`) or
one self-contained web page (`page`), each frame the figure the still export draws at that
position, written atomically whatever the format.

A GIF is streamed to disk with one palette, so memory stays flat whatever the number of
frames: the palette comes from a few sample frames (shrunk, keeping their exact colours), then
each frame is drawn, quantised to that palette and written before the next one is drawn.
Pillow's GIF encoder writes one frame at a time through its `getheader` / `getdata`
functions; its `save_all` would keep every frame until the end. A video's encoder and a page
take their frames one at a time as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from PIL import GifImagePlugin, Image
from PySide6.QtGui import QImage

from pe_clock.core.i18n import tr
from pe_clock.core.params import check_real
from pe_clock.gui.export.options import (
    ANIMATION_SUFFIX,
    ANIMATION_SUFFIXES,
    MAX_FRAMES,
    MIN_FPS,
    PAGE_SUFFIX,
    VIDEO_SUFFIXES,
    max_fps,
)
from pe_clock.gui.export.render import (
    ExportError,
    Figure,
    caption_text,
    check_suffix,
    png_bytes,
    staged,
)
from pe_clock.gui.model.state import AppState
from pe_clock.gui.platform.files import atomic_write, check_interrupted, check_target

if TYPE_CHECKING:
    from pe_clock.gui.export.page import PageFrame
from pe_clock.gui.views import VIEWS

#: Sample frames for the shared palette, each shrunk to at most this many pixels.
PALETTE_SAMPLES, SAMPLE_PIXELS = 8, 1_000_000
#: Bytes held per pixel while one frame is drawn, converted, quantised and encoded.
BYTES_PER_PIXEL = 16


class _Stopped(Exception):
    """The progress callback asked to stop."""


def available_memory() -> int | None:
    """Bytes the system can still give without swapping (Linux's MemAvailable), if known."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def memory_needed(width: int, height: int) -> int:
    """Peak bytes of a GIF export at this size: one frame in flight plus the palette samples,
    whatever the number of frames."""
    sample = min(width * height, SAMPLE_PIXELS)
    return BYTES_PER_PIXEL * width * height + 4 * PALETTE_SAMPLES * sample


def export_animation(
    path: Path,
    view: str,
    state: AppState,
    start: int,
    stop: int,
    fps: float,
    width: int,
    height: int,
    caption: bool = False,
    progress: Callable[[int, int], bool] | None = None,
    stage: bool = False,
) -> Path | None:
    """Write positions start..stop (inclusive) at fps frames per second as path's suffix
    says: a GIF, an MP4 or WebM video, or an HTML page.

    progress(done, total) is called after each frame; when it returns False the export stops,
    no file is left behind and None is returned.
    """
    check_suffix(path, ANIMATION_SUFFIXES)
    suffix = Path(path).suffix.lower()
    last = state.max_len - 1
    first_allowed = max(0, -state.k)
    for name, value in (("from", start), ("to", stop)):
        if not first_allowed <= value <= last:
            raise ExportError(
                tr("export.position", name=name, lo=first_allowed, hi=last, value=value)
            )
    if stop < start:
        raise ExportError(tr("export.order", start=start, stop=stop))
    if stop - start + 1 > MAX_FRAMES:
        raise ExportError(tr("export.frames", limit=MAX_FRAMES, count=stop - start + 1))
    top = max_fps(suffix)
    try:
        check_real("fps", fps, MIN_FPS, top, ("allowed.fps", {"lo": MIN_FPS, "hi": top}))
    except ValueError as err:
        raise ExportError(str(err)) from err
    if suffix in VIDEO_SUFFIXES:
        from pe_clock.gui.export.video import check_video

        check_video(suffix, width, height)
    check_target(Path(path))
    needed, free = memory_needed(width, height), available_memory()
    if free is not None and needed > free:
        raise ExportError(
            tr("export.memory", need=f"{needed / 2**20:,.0f}", free=f"{free / 2**20:,.0f}")
        )
    total = stop - start + 1
    positions = range(start, stop + 1)

    def after_frame(done: int) -> None:
        check_interrupted()
        if progress is not None and not progress(done, total):
            raise _Stopped

    with staged(view, state, width, height, caption, stage) as figure:
        if suffix == ANIMATION_SUFFIX:
            write = _gif(figure, positions, fps, after_frame)
        else:
            write = _played(figure, suffix, positions, fps, after_frame)
        try:
            return atomic_write(Path(path), write)
        except _Stopped:
            return None


def _played(
    figure: Figure,
    suffix: str,
    positions: range,
    fps: float,
    after_frame: Callable[[int], None],
) -> Callable[[BinaryIO], None]:
    """The writer of a video or a page of the figure at positions."""
    done = iter(range(1, len(positions) + 1))

    def next_done() -> None:
        after_frame(next(done))

    if suffix == PAGE_SUFFIX:
        from pe_clock.gui.export.page import write_page

        title = VIEWS[figure.view].title

        def page(handle: BinaryIO) -> None:
            write_page(
                handle, page_frames(figure, positions), len(positions), fps, figure.width,
                figure.height, title, figure.state.language, next_done,
            )  # fmt: skip

        return page
    from pe_clock.gui.export.video import encoding

    def video(handle: BinaryIO) -> None:
        with encoding(handle, suffix, fps, figure.width, figure.height) as encoder:
            canvas = QImage(encoder.buffer, figure.width, figure.height,
                            encoder.bytes_per_line, QImage.Format.Format_RGB32)  # fmt: skip
            for pos in positions:
                figure.state.set(pos=pos)
                figure.settle()
                figure.draw_into(canvas)
                encoder.add()
                next_done()

    return video


def page_frames(figure: Figure, positions: range) -> Iterator[PageFrame]:
    """The figure at each position as a page shows it: its PNG (as the still export writes
    it), its caption and its description."""
    for pos in positions:
        figure.state.set(pos=pos)
        figure.settle()
        png = png_bytes(figure.image())
        described = figure.drawn.describe()
        from pe_clock.gui.export.page import PageFrame

        yield PageFrame(png, caption_text(figure.view, figure.state), described)


def _gif(
    figure: Figure, positions: range, fps: float, after_frame: Callable[[int], None]
) -> Callable[[BinaryIO], None]:
    """The writer of a GIF of the figure at positions, with one palette from samples."""
    start, total = positions[0], len(positions)
    duration = round(1000 / fps)
    spread = range(PALETTE_SAMPLES)
    picks = sorted({start + (total - 1) * i // (PALETTE_SAMPLES - 1) for i in spread})
    samples = []
    for pos in picks:  # a signal is heard within a frame here too (8 frames of 8192²)
        samples.append(_shrunk(frame_at(figure, pos)))
        check_interrupted()
    palette = shared_palette(samples)

    def write(handle: BinaryIO) -> None:
        for index, pos in enumerate(positions):
            frame = frame_at(figure, pos).quantize(palette=palette, dither=Image.Dither.NONE)
            if index == 0:
                header, _ = GifImagePlugin.getheader(frame, info={"loop": 0, "duration": duration})
                handle.writelines(header)
            handle.writelines(GifImagePlugin.getdata(frame, duration=duration, disposal=1))
            after_frame(index + 1)
        handle.write(b";")  # the GIF trailer

    return write


def frame_at(figure: Figure, pos: int) -> Image.Image:
    """The figure at pos as an RGB image."""
    figure.state.set(pos=pos)
    figure.settle()
    image = figure.image().convertToFormat(QImage.Format.Format_RGB888)
    return Image.frombuffer(
        "RGB",
        (image.width(), image.height()),
        bytes(image.constBits()),
        "raw",
        "RGB",
        image.bytesPerLine(),
        1,
    )


def _shrunk(frame: Image.Image) -> Image.Image:
    """At most SAMPLE_PIXELS pixels, by dropping pixels (nearest): no new colours appear."""
    scale = (SAMPLE_PIXELS / (frame.width * frame.height)) ** 0.5
    if scale >= 1:
        return frame
    size = (max(1, int(frame.width * scale)), max(1, int(frame.height * scale)))
    return frame.resize(size, Image.Resampling.NEAREST)


def shared_palette(frames: list[Image.Image]) -> Image.Image:
    """One 256-colour palette for all frames, from the sample frames stacked in one sheet."""
    width = max(frame.width for frame in frames)
    sheet = Image.new("RGB", (width, sum(frame.height for frame in frames)), "white")
    top = 0
    for frame in frames:
        sheet.paste(frame, (0, top))
        top += frame.height
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
