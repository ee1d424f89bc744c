"""What can be exported, and within which limits; free of Qt so the command line checks fast."""

from __future__ import annotations

#: View names, with the default pixel size of each figure (the window's is the seed's 1600 x 900).
DEFAULT_SIZES = {
    "window": (1600, 900),
    "heatmap": (1000, 800),
    "clock": (1400, 800),
    "rotation": (1400, 600),
    "embedding": (1400, 800),
    "worked": (1000, 420),
    "unique": (1200, 700),
    "distance": (1400, 700),
    "wavelength": (1200, 700),
    "beyond": (1400, 800),
}
VIEW_NAMES = tuple(DEFAULT_SIZES)
STILL_SUFFIXES = (".png", ".svg", ".pdf")
ANIMATION_SUFFIX = ".gif"
MIN_SIDE, MAX_SIDE = 64, 8192
MAX_FRAMES = 2000
MIN_FPS, MAX_FPS = 1, 50
DEFAULT_FPS = 4.0
