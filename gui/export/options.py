"""What can be exported, and within which limits; free of Qt so the command line checks fast."""

from __future__ import annotations

from pe_clock.core.params import check_choice
from pe_clock.gui.model.request import MIN_SIDE

STILL_SUFFIXES = (".png", ".svg", ".pdf")
ANIMATION_SUFFIX = ".gif"
#: A slide's pixels (Edit ▸ Copy figure at slide size; the console's picture of a scene).
SLIDE_SIZE = (1920, 1080)
MAX_FRAMES = 2000
MIN_FPS, MAX_FPS = 1, 50
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
