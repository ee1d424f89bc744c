"""GIF animations of a view over a range of positions, streamed to disk with one palette.

Memory stays flat whatever the number of frames: the palette comes from a few sample frames
(shrunk, keeping their exact colours), then each frame is drawn, quantised to that palette and
written before the next one is drawn. Pillow's GIF encoder writes one frame at a time through
its `getheader` / `getdata` functions; its `save_all` would keep every frame until the end.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from PIL import GifImagePlugin, Image
from PySide6.QtGui import QImage

from pe_clock.core.i18n import tr
from pe_clock.core.params import check_real
from pe_clock.gui.export.options import ANIMATION_SUFFIX, MAX_FPS, MAX_FRAMES, MIN_FPS
from pe_clock.gui.export.render import ExportError, Figure, check_suffix, staged
from pe_clock.gui.model.state import AppState
from pe_clock.gui.platform.files import atomic_write, check_interrupted, check_target

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
    """Write a GIF of positions start..stop (inclusive) at fps frames per second.

    progress(done, total) is called after each frame; when it returns False the export stops,
    no file is left behind and None is returned.
    """
    check_suffix(path, (ANIMATION_SUFFIX,))
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
    try:
        check_real("fps", fps, MIN_FPS, MAX_FPS, ("allowed.fps", {"lo": MIN_FPS, "hi": MAX_FPS}))
    except ValueError as err:
        raise ExportError(str(err)) from err
    check_target(Path(path))
    needed, free = memory_needed(width, height), available_memory()
    if free is not None and needed > free:
        raise ExportError(
            tr("export.memory", need=f"{needed / 2**20:,.0f}", free=f"{free / 2**20:,.0f}")
        )
    duration = round(1000 / fps)
    total = stop - start + 1
    with staged(view, state, width, height, caption, stage) as figure:
        spread = range(PALETTE_SAMPLES)
        picks = sorted({start + (total - 1) * i // (PALETTE_SAMPLES - 1) for i in spread})
        samples = []
        for pos in picks:  # a signal is heard within a frame here too (8 frames of 8192²)
            samples.append(_shrunk(frame_at(figure, pos)))
            check_interrupted()
        palette = shared_palette(samples)

        def write(handle: BinaryIO) -> None:
            for index, pos in enumerate(range(start, stop + 1)):
                frame = frame_at(figure, pos).quantize(palette=palette, dither=Image.Dither.NONE)
                if index == 0:
                    header, _ = GifImagePlugin.getheader(
                        frame, info={"loop": 0, "duration": duration}
                    )
                    handle.writelines(header)
                handle.writelines(GifImagePlugin.getdata(frame, duration=duration, disposal=1))
                check_interrupted()
                if progress is not None and not progress(index + 1, total):
                    raise _Stopped
            handle.write(b";")  # the GIF trailer

        try:
            return atomic_write(Path(path), write)
        except _Stopped:
            return None


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
