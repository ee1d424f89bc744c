"""The choices of the state's text fields that the command line checks before Qt starts, and
the base presets the window's and the notebook widget's controls offer."""

from __future__ import annotations

from pe_clock.core.params import check_choice

#: Light for screens and print, dark (white on black) for projectors: see look.themes.THEMES.
THEME_NAMES = ("light", "dark")


def check_theme(value: object) -> str:
    return check_choice("theme", value, THEME_NAMES)


#: Base presets (catalogue key, value): the paper, and rope_theta of Llama 3 and Qwen2.
BASE_PRESETS = (
    ("preset.paper", 10000.0),
    ("preset.llama3", 500000.0),
    ("preset.qwen2", 1000000.0),
)
