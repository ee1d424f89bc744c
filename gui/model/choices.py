"""The choices of the state's text fields that the command line checks before Qt starts."""

from __future__ import annotations

from pe_clock.core.params import check_choice

#: Light for screens and print, dark (white on black) for projectors: see look.themes.THEMES.
THEME_NAMES = ("light", "dark")


def check_theme(value: object) -> str:
    return check_choice("theme", value, THEME_NAMES)
