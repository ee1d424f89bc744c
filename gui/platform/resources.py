"""The bundled files (NanumGothic and its licence, the icon, the decks) and the font they give.

On the platform floor: the application and the desktop entry need them before any view exists.
The paths import no Qt (a deck is read and checked before Qt starts); the font needs it.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

#: The package's own folder (the repository's resources/): installed, editable or from a wheel.
RESOURCES = Path(str(importlib.resources.files("pe_clock")))
DECKS = RESOURCES / "decks"
#: Bundled so Hangul renders on machines without a Korean font (SIL OFL 1.1, see resources/fonts).
KOREAN_FONT = RESOURCES / "fonts" / "NanumGothic.ttf"
ICON = RESOURCES / "icons" / "pe-clock.svg"
_loaded_families: list[str] = []


def ensure_fonts() -> str:
    """Load the bundled Korean font once and add it as the application font's fallback.

    Returns the font's family name ("" if it could not be loaded). Latin text keeps the system
    font; characters it lacks, such as Hangul, come from the bundled one.
    """
    from PySide6.QtGui import QFontDatabase
    from PySide6.QtWidgets import QApplication

    if not _loaded_families:
        font_id = QFontDatabase.addApplicationFont(str(KOREAN_FONT))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        _loaded_families.append(families[0] if families else "")
    family = _loaded_families[0]
    app = QApplication.instance()
    if family and isinstance(app, QApplication) and family not in app.font().families():
        font = app.font()
        font.setFamilies([*font.families(), family])
        app.setFont(font)
    return family
