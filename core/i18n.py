"""English and Korean texts: one catalogue, looked up by key, switchable at run time.

Pure Python (no Qt), so the command line, the core's error messages and the window share it.
The texts live in gettext catalogues (`core/locale`, see `core.catalogue`): English, the
source language, in the template, each translation in its own .po file. They are read
compiled, with the standard library's `gettext`; this module chooses the language, looks a
key up and fills in the numbers, then the Korean particles.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
import re
import reprlib
import stat
import string
import struct
import sys
from collections.abc import Iterator
from pathlib import Path

from pe_clock.core.catalogue import SOURCE_MO, TEMPLATE, read_mo, read_po, translation_path

#: The languages, in the order menus list them. A new one is its .po file and a line here.
LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}
LANGUAGES = tuple(LANGUAGE_NAMES)
_current = ["en"]

#: A compiled catalogue larger than this is not read (PE Clock's are about 120 kB).
MAX_CATALOGUE_BYTES = 8 * 1024 * 1024


def _regular_file(path: Path) -> bytes:
    """path's bytes, if it is a regular file of at most MAX_CATALOGUE_BYTES: opened without
    waiting (a FIFO in its place hung every command) and checked once open."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path} is not a regular file")
        if info.st_size > MAX_CATALOGUE_BYTES:
            raise OSError(f"{path} is {info.st_size:,} bytes, more than a catalogue holds")
        # As much as it holds (a read of the cap allocated 8 MiB for a 64 KiB file), and a
        # byte more: one that grows meanwhile is refused, never read past the cap.
        data = file.read(info.st_size + 1)
        if len(data) > MAX_CATALOGUE_BYTES:
            raise OSError(f"{path} grew past {MAX_CATALOGUE_BYTES:,} bytes while read")
        return data


def _say_unreadable(what: str, path: Path, err: Exception, instead: str) -> None:
    """Named once on stderr, in English (the catalogue that would translate it is the one
    that failed), with what is shown instead."""
    print(f"pe-clock: {what} {path} cannot be read ({err}); {instead}", file=sys.stderr)


#: What a catalogue that cannot be read raises while it is read.
_BAD_CATALOGUE = (OSError, ValueError, IndexError, OverflowError, struct.error)
#: The catalogues read so far: the English (key -> English) and each translation's (None:
#: one that could not be read).
_english: list[dict[str, str]] = []
_translations: dict[str, gettext.NullTranslations | None] = {}


def _source() -> dict[str, str]:
    """key -> English, the source language (the compiled template's msgctxt -> msgid), read
    on first use; from the template itself if its .mo cannot be read, and {} (each text is
    then its key) if neither can."""
    if not _english:
        try:
            _english.append(read_mo(SOURCE_MO, _regular_file(SOURCE_MO)))
        except _BAD_CATALOGUE as err:
            _say_unreadable("the English catalogue", SOURCE_MO, err, "its template is read")
            try:
                _english.append({e.key: e.source for e in read_po(TEMPLATE)})
            except _BAD_CATALOGUE as err:
                _say_unreadable("the English template", TEMPLATE, err, "messages are keys")
                _english.append({})
    return _english[0]


def _translation(language: str) -> gettext.NullTranslations | None:
    """language's catalogue, read on first use (None, said once, if it cannot be read)."""
    if language not in _translations:
        path = translation_path(language, ".mo")
        try:
            _translations[language] = gettext.GNUTranslations(io.BytesIO(_regular_file(path)))
        except _BAD_CATALOGUE as err:
            name = LANGUAGE_NAMES.get(language, language)
            _say_unreadable(f"the {name} catalogue", path, err, "English is shown")
            _translations[language] = None
    return _translations[language]


def message_keys() -> Iterator[str]:
    """Every message's key."""
    return iter(_source())


def has(key: str) -> bool:
    return key in _source()


#: A translation's field as the English has it: (name, conversion, format spec).
_Field = tuple[str, str | None, str]


def _fields(text: str) -> list[_Field] | None:
    """text's placeholders, or None if text is not a format string (a lone brace)."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    return [(name, conv, spec or "") for _, name, spec, conv in parsed if name is not None]


def _fits(translated: str, english: str) -> bool:
    """Whether translated takes only placeholders the English has, as the English has them:
    a name alone (never an attribute or an index: '{value.__class__}' was evaluated), with the
    English's conversion and format."""
    ours, theirs = _fields(translated), _fields(english)
    return ours is not None and theirs is not None and set(ours) <= set(theirs)


def text(key: str, lang: str) -> str:
    """The unfilled text of key in lang: English where a translation lacks it, cannot be read,
    or takes a placeholder the English does not have (the key itself without a catalogue)."""
    english = _source().get(key, key)
    catalogue = None if lang == "en" else _translation(lang)
    if catalogue is None:
        return english
    translated = catalogue.pgettext(key, english)
    return translated if _fits(translated, english) else english


def system_language() -> str:
    """The language of the environment's locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return language_for_locale(os.environ[name])
    return "en"


def language() -> str:
    """The language texts are given in now, one of LANGUAGES."""
    return _current[0]


def check_language(lang: object) -> str:
    if lang not in LANGUAGES:
        raise ValueError(
            tr("error.must", name="language", allowed=", ".join(LANGUAGES), value=echo(lang))
        )
    return str(lang)


def set_language(lang: str) -> None:
    _current[0] = check_language(lang)


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Texts in lang inside the block; the language before it afterwards (a notebook draws
    a figure in its own language and keeps the kernel's)."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def language_for_locale(name: str) -> str:
    """'ko_KR' (or Windows' 'Korean_Korea') -> 'ko': the language whose code the locale's
    name starts with, else 'en'."""
    lower = name.lower()
    return next((lang for lang in LANGUAGES if lower.startswith(lang)), "en")


#: Korean particles written in the catalogue after a placeholder, as "{n}(으)로": chosen from
#: the value when the text is filled in, so the reader never sees an alternation.
PARTICLES = {
    "(으)로": ("으로", "로"),
    "은(는)": ("은", "는"),
    "이(가)": ("이", "가"),
    "을(를)": ("을", "를"),
    "과(와)": ("과", "와"),
}
_PARTICLE_AFTER = re.compile(
    r"\{(\w+)\}(" + "|".join(re.escape(alternation) for alternation in PARTICLES) + ")"
)
#: The final consonant of each digit's Korean reading: 일 이 삼 사 오 육 칠 팔 구 (0: 영).
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                "7": "ㄹ", "8": "ㄹ", "9": ""}  # fmt: skip
#: ... and of the unit read last when a number ends in zeros: 십 백 천 만 (to 천만) 억.
_UNIT_FINAL = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ", 4: "ㄴ", 5: "ㄴ", 6: "ㄴ", 7: "ㄴ", 8: "ㄱ"}


def final_sound(text: str) -> str:
    """The final consonant ('' for a vowel) with which a Korean reader ends text: a Hangul
    syllable's 받침, or a number read aloud (17 칠 -> ㄹ, 20 이십 -> ㅂ, 0 영 -> ㅇ)."""
    text = text.rstrip()
    if not text:
        return ""
    last = text[-1]
    if "가" <= last <= "힣":
        final = (ord(last) - ord("가")) % 28
        return "" if final == 0 else ("ㄹ" if final == 8 else "ㅁ")  # any other 받침 acts alike
    digits = re.search(r"(\d[\d,]*)(?:\.(\d+))?$", text)
    if digits is None:
        return ""
    if digits.group(2):  # a decimal is read digit by digit after the point
        return _DIGIT_FINAL[digits.group(2)[-1]]
    whole = digits.group(1).replace(",", "")
    if int(whole) == 0:
        return _DIGIT_FINAL["0"]
    zeros = len(whole) - len(whole.rstrip("0"))
    return _UNIT_FINAL.get(zeros, "ㄱ") if zeros else _DIGIT_FINAL[whole[-1]]


def particle(value: object, alternation: str) -> str:
    """The particle that follows value: particle(17, '(으)로') == '로', particle(20, ...) ==
    '으로', particle(3, '은(는)') == '은'."""
    consonant, vowel = PARTICLES[alternation]
    final = final_sound(str(value))
    if alternation == "(으)로":
        return vowel if final in ("", "ㄹ") else consonant
    return vowel if final == "" else consonant


def _fill(text: str, values: dict[str, object]) -> str:
    """text with its placeholders filled in from values (the English's only: see `text`), and
    each Korean particle written after one chosen from its value."""
    text = _PARTICLE_AFTER.sub(
        lambda m: "{" + m.group(1) + "}" + particle(values.get(m.group(1), ""), m.group(2)),
        text,
    )
    return text.format(**values)


#: How much of a refused value a message quotes (a 400,000-item list made a 1.2 MB line).
ECHO_LIMIT = 60
#: repr of a container, no more of it than a message shows.
_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = ECHO_LIMIT // 2
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = ECHO_LIMIT


def reason(err: BaseException) -> str:
    """Why a file could not be read, in PE Clock's words and the interface's language, never
    a library's own text (a codec's, json's, safetensors', Python's advice to call one of its
    functions): the system's reason for an OSError, else what was wrong with the bytes."""
    if isinstance(err, OSError):
        return err.strerror or tr("reason.damaged")
    if isinstance(err, UnicodeDecodeError):
        return tr("reason.not_utf8", offset=f"{err.start:,}")
    if isinstance(err, RecursionError):
        return tr("reason.nested")
    text = str(err)
    where = re.search(r"line (\d+) column (\d+)|at line (\d+), column (\d+)", text)
    if isinstance(err, ValueError) and "int_max_str_digits" in text:
        return tr("reason.long_number", limit=f"{sys.get_int_max_str_digits():,}")
    if where is not None:
        line, column = (g for g in where.groups() if g is not None)
        return tr("reason.syntax", line=line, column=column)
    return tr("reason.damaged")


def echo(value: object) -> str:
    """value as a message quotes it: its repr, cut after ECHO_LIMIT characters with its length
    said, so that a message stays one readable line."""
    if isinstance(value, int) and value.bit_length() > 4 * ECHO_LIMIT:
        # Its leading digits and its length, without writing it out: past str()'s digit
        # limit (a 5,000-digit pos) repr raised Python's own error.
        size = abs(value)
        digits = int(size.bit_length() * 0.3010299956639812) + 1
        if 10 ** (digits - 1) > size:
            digits -= 1
        sign = "-" if value < 0 else ""
        head = sign + str(size // 10 ** (digits - ECHO_LIMIT + len(sign)))
        return tr("echo.cut", text=head, n=f"{digits + len(sign):,}")
    if isinstance(value, list | tuple | dict | set):
        # A container's repr is built no larger than the message shows (a config's list of
        # millions of items took gigabytes to write out before it was cut).
        text = _SHORT.repr(value)
        if len(text) <= ECHO_LIMIT and "..." not in text:
            return text
        return tr("echo.cut_items", text=text[:ECHO_LIMIT], n=f"{len(value):,}")
    text = repr(value)
    if len(text) <= ECHO_LIMIT:
        return text
    return tr("echo.cut", text=text[:ECHO_LIMIT], n=f"{len(text):,}")


def tr(key: str, lang: str | None = None, **values: object) -> str:
    """The text for key in the current language (or lang), with {placeholders} filled in and
    each Korean particle written after one chosen from its value."""
    found = text(key, lang or _current[0])
    return _fill(found, values) if values else found
