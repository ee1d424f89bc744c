"""What can be exported, and within which limits; free of Qt so the command line checks fast."""

from __future__ import annotations

STILL_SUFFIXES = (".png", ".svg", ".pdf")
ANIMATION_SUFFIX = ".gif"
MIN_SIDE, MAX_SIDE = 64, 8192
MAX_FRAMES = 2000
MIN_FPS, MAX_FPS = 1, 50
DEFAULT_FPS = 4.0
