"""English and Korean texts: one catalogue, looked up by key, switchable at run time.

Pure Python (no Qt), so the command line, the core's error messages and the window share it.
The texts themselves live in `core.messages`; this module chooses the language and fills in
the numbers.
"""

from __future__ import annotations

from core.messages import MESSAGES

LANGUAGES = ("en", "ko")
LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}
_current = ["en"]


def language() -> str:
    """The language texts are given in now: 'en' or 'ko'."""
    return _current[0]


def check_language(lang: object) -> str:
    if lang not in LANGUAGES:
        raise ValueError(
            tr("error.must", name="language", allowed=", ".join(LANGUAGES), value=repr(lang))
        )
    return str(lang)


def set_language(lang: str) -> None:
    _current[0] = check_language(lang)


def language_for_locale(name: str) -> str:
    """'ko_KR' -> 'ko'; every other locale name -> 'en'."""
    return "ko" if name.lower().startswith("ko") else "en"


def tr(key: str, lang: str | None = None, **values: object) -> str:
    """The text for key in the current language (or lang), with {placeholders} filled in."""
    entry = MESSAGES[key]
    text = entry[1] if (lang or _current[0]) == "ko" else entry[0]
    return text.format(**values) if values else text
