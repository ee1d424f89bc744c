"""GIF animations of a view over a range of positions, with one palette for every frame."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image
from PySide6.QtGui import QImage

from core.i18n import tr
from core.params import check_real
from gui.export.options import ANIMATION_SUFFIX, MAX_FPS, MAX_FRAMES, MIN_FPS
from gui.export.render import ExportError, check_suffix, staged
from gui.platform.files import atomic_write
from gui.state import AppState


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
) -> Path | None:
    """Write a GIF of positions start..stop (inclusive) at fps frames per second.

    All frames share one palette, built from a few frames spread over the range (quantising
    each frame on its own is about ten times slower and makes colours flicker). progress(done,
    total) is called after each frame; when it returns False the export stops, no file is
    left behind and None is returned.
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
    total = stop - start + 1
    frames: list[Image.Image] = []
    with staged(view, state, width, height, caption) as figure:
        for index, pos in enumerate(range(start, stop + 1)):
            figure.state.set(pos=pos)
            figure.settle()
            image = figure.image().convertToFormat(QImage.Format.Format_RGB888)
            frames.append(
                Image.frombuffer(
                    "RGB",
                    (width, height),
                    bytes(image.constBits()),
                    "raw",
                    "RGB",
                    image.bytesPerLine(),
                    1,
                )
            )
            if progress is not None and not progress(index + 1, total):
                return None
    palette = shared_palette(frames)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    duration = round(1000 / fps)

    def write(tmp: Path) -> None:
        indexed[0].save(
            tmp,
            format="GIF",
            save_all=True,
            append_images=indexed[1:],
            duration=duration,
            loop=0,
            optimize=False,
            disposal=1,
        )

    return atomic_write(Path(path), write)


def shared_palette(frames: list[Image.Image]) -> Image.Image:
    """One 256-colour palette for all frames, from up to 8 frames spread over the range."""
    picks = frames[:: max(1, len(frames) // 8)][:8]
    width, height = picks[0].size
    sheet = Image.new("RGB", (width, height * len(picks)))
    for i, frame in enumerate(picks):
        sheet.paste(frame, (0, i * height))
    return sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
