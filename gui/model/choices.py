"""The choices of the state's text fields that the command line checks before Qt starts."""

from __future__ import annotations

from pe_clock.core.i18n import echo, tr

#: Light for screens and print, dark (white on black) for projectors: see look.themes.THEMES.
THEME_NAMES = ("light", "dark")


def check_theme(value: object) -> str:
    if value not in THEME_NAMES:
        allowed = tr("allowed.choice", choices=", ".join(THEME_NAMES))
        raise ValueError(tr("error.must", name="theme", value=echo(value), allowed=allowed))
    return str(value)
