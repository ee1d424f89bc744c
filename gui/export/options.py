"""What can be exported, and within which limits; free of Qt so the command line checks fast."""

from __future__ import annotations

from pe_clock.core.i18n import echo, tr
from pe_clock.core.params import check_choice
from pe_clock.gui.model.request import MIN_SIDE

STILL_SUFFIXES = (".png", ".svg", ".pdf")
ANIMATION_SUFFIX = ".gif"
#: Videos (`gui.export.video`): MP4 (H.264) and WebM (VP9); at most 4K, 3840 × 2160 either way.
VIDEO_SUFFIXES = (".mp4", ".webm")
MAX_VIDEO_SIDES = (3840, 2160)
#: One self-contained web page of the frames (`gui.export.page`).
PAGE_SUFFIX = ".html"
#: What plays positions: a GIF, a video or a page, with the same range and rate.
ANIMATION_SUFFIXES = (ANIMATION_SUFFIX, *VIDEO_SUFFIXES, PAGE_SUFFIX)
#: A slide's pixels (Edit ▸ Copy figure at slide size; the console's picture of a scene).
SLIDE_SIZE = (1920, 1080)
MAX_FRAMES = 2000
MIN_FPS, MAX_FPS = 1, 60
#: A GIF's frame delays are in hundredths of a second: 50 a second at most.
MAX_GIF_FPS = 50


def bare_suffix(name: str) -> str | None:
    """The message for a file name that is a suffix alone (".png": to Python a hidden file
    with no suffix at all), else None."""
    if name.lower() in (*STILL_SUFFIXES, *ANIMATION_SUFFIXES):
        return tr("export.no_name", value=echo(name), suffix=name.lower())
    return None


def max_fps(suffix: str) -> int:
    """The highest frame rate an animation of suffix plays at."""
    return MAX_GIF_FPS if suffix == ANIMATION_SUFFIX else MAX_FPS


#: A handout page's title band and note band, as shares of its height; the figure between.
TITLE_SHARE, NOTE_SHARE = 0.09, 0.08


def handout_figure_height(height: int) -> int:
    """The figure's height on a handout page that many pixels high."""
    return height - round(TITLE_SHARE * height) - round(NOTE_SHARE * height)


#: The lowest handout page whose figure is MIN_SIDE high.
MIN_PAGE_HEIGHT = next(
    h for h in range(MIN_SIDE, 2 * MIN_SIDE) if handout_figure_height(h) >= MIN_SIDE
)
#: Handout papers: a slide-sized page (the default, its size from --width and --height), or a
#: printable sheet, portrait, in CSS pixels (96 to the inch) as every export draws.
PAPERS = {"slide": None, "a4": (210 / 25.4 * 96, 297 / 25.4 * 96), "letter": (8.5 * 96, 11 * 96)}


def check_paper(value: object) -> str:
    return check_choice("paper", value, tuple(PAPERS))


DEFAULT_FPS = 4.0
