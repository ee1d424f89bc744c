import ast
import gettext
import os
import re
import string
import subprocess
import sys

import pytest

from pe_clock.core import catalogue, i18n
from tests.sources import package_trees

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Entries that are notation or names in both languages.
SAME_IN_BOTH = {"argparse.%(prog)s: error: %(message)s\n"}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_entry_has_every_language_with_the_same_placeholders():
    """One pass over the catalogue, every problem named (a test per key was 1,591 tests)."""
    printf = re.compile(r"%\(\w+\)[sr]|%[sr]")  # argparse's own placeholders
    problems = []
    for key in sorted(i18n.message_keys()):
        english = i18n.text(key, "en")
        for language in i18n.LANGUAGES:
            translated = i18n.text(key, language)
            if not translated.strip():
                problems.append(f"{key} ({language}): empty")
            elif fields(translated) != fields(english):
                problems.append(f"{key} ({language}): placeholders {fields(translated)}")
            elif sorted(printf.findall(translated)) != sorted(printf.findall(english)):
                problems.append(f"{key} ({language}): argparse's placeholders")
        prose = re.sub(r"<[^>]+>|\{\w+\}", "", english)
        english_words = key not in SAME_IN_BOTH and re.search(r"[a-z]{3,}", prose)
        if english_words and not HANGUL.search(i18n.text(key, "ko")):
            problems.append(f"{key}: Korean text has no Hangul")
        if fields(english) & {"key", "lang"}:  # tr(key, lang, **values) could never fill them
            problems.append(f"{key}: takes {{key}} or {{lang}}")
    assert problems == []


def test_every_translation_has_every_message_of_the_template():
    """A .po file holds each message of the template once, with the template's English, and
    translates it: an English text edited in the template and not in a .po is stale there."""
    template = catalogue.read_po(catalogue.TEMPLATE)
    keys = [entry.key for entry in template]
    assert len(set(keys)) == len(keys) and set(keys) == set(i18n.message_keys())
    assert set(catalogue.translations()) == set(i18n.LANGUAGES) - {"en"}
    for language in catalogue.translations():
        entries = catalogue.read_po(catalogue.translation_path(language))
        assert [e.key for e in entries] == keys, language
        stale = [e.key for e, t in zip(entries, template, strict=True) if e.source != t.source]
        assert not stale, f"{language}: English changed in the template: {stale}"
        assert all(e.text for e in entries), language


@pytest.mark.parametrize("language", ["en", *catalogue.translations()])
def test_each_compiled_catalogue_matches_its_po_file(language):
    """The .mo files read at run time are checked in: each is its .po compiled (after editing
    a .po, `python -m pe_clock.core.catalogue` writes them again)."""
    path = catalogue.SOURCE_MO if language == "en" else catalogue.translation_path(language, ".mo")
    command = "python -m pe_clock.core.catalogue"
    assert path.read_bytes() == catalogue.compiled(language), f"run: {command}"


def test_the_po_reader_and_writer_keep_every_character(tmp_path):
    entries = [
        catalogue.Entry("a.key", 'two\nlines, a "quote", a \\ and a\u00a0space', "둘\n줄"),
        catalogue.Entry("argparse.x\n", "%(prog)s: error\n", "%(prog)s: 오류\n", ("note",)),
    ]
    path = tmp_path / "x.po"
    catalogue.write_po(path, entries, "xx")
    assert catalogue.read_po(path) == entries
    path.write_text('msgid "a"\nbroken line\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"x\.po:2"):
        catalogue.read_po(path)


def test_tr_fills_in_and_switches():
    assert i18n.tr("status.position", pos=3) == "position 3"
    assert i18n.tr("status.position", lang="ko", pos=3) == "위치 3"
    i18n.set_language("ko")
    try:
        assert i18n.tr("status.position", pos=3) == "위치 3"
    finally:
        i18n.set_language("en")


def test_locale_and_bad_language():
    assert i18n.language_for_locale("ko_KR.UTF-8") == "ko"
    assert i18n.language_for_locale("en_US") == "en"
    assert i18n.language_for_locale("C") == "en"
    with pytest.raises(ValueError, match="language"):
        i18n.set_language("fr")
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("value", "ro", "eun"),
    [
        (17, "로", "은"),
        (12, "로", "는"),
        (20, "으로", "은"),
        (512, "로", "는"),
        (1000, "으로", "은"),
        (100000, "으로", "은"),
        ("1,000,000", "으로", "은"),
        (0, "으로", "은"),
        (3, "으로", "은"),
        (9, "로", "는"),
        ("사랑해", "로", "는"),
        ("학습", "으로", "은"),
        ("길", "로", "은"),
    ],
)
def test_korean_particles_follow_the_word(value, ro, eun):
    assert i18n.particle(value, "(으)로") == ro
    assert i18n.particle(value, "은(는)") == eun


def test_no_alternation_reaches_the_reader():
    assert i18n.tr("status.go_to", lang="ko", typed="17") == "위치 17로 이동 — Enter를 누르세요"
    assert i18n.tr("status.go_to", lang="ko", typed="20").startswith("위치 20으로 이동")
    text = i18n.tr("clock.beyond", lang="ko", pos=600, last=511)
    assert "600은" in text and "0~511" in text
    assert "pos 512는" in i18n.tr("clock.beyond", lang="ko", pos=512, last=511)
    for key in i18n.message_keys():
        korean = i18n.text(key, "ko")
        # An alternation may only follow a placeholder (it is resolved when filled in).
        bare = re.sub(r"\{\w+\}(\(으\)로|은\(는\)|이\(가\)|을\(를\)|과\(와\))", "", korean)
        assert not re.search(r"\(으\)로|은\(는\)|이\(가\)|을\(를\)|와\(과\)|과\(와\)", bare), key


def test_no_module_names_a_translation():
    """A new language is its .po and its line in LANGUAGE_NAMES: no module of the package
    branches on a translation's code (its sentences, names and particles come from its .po)."""
    translations = set(i18n.LANGUAGES) - {"en"}
    named = []
    for rel, tree in package_trees().items():
        listed = {  # the one line: LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}
            id(constant)
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "LANGUAGE_NAMES"
            for constant in ast.walk(node.value)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and node.value in translations
                and id(node) not in listed
            ):
                named.append(f"{rel}:{node.lineno}")
    assert named == []


class _Catalogue(gettext.NullTranslations):
    """A translation that answers every key with one text (a translator's slip, or worse)."""

    def __init__(self, answer: str) -> None:
        super().__init__()
        self.answer = answer

    def pgettext(self, key: str, english: str) -> str:
        return self.answer


@pytest.mark.parametrize(
    "translated",
    ["{nope}", "lone { brace", "{value.__class__.__mro__}", "{value[0]}", "{value!r:>99999}"],
)
def test_a_translation_takes_only_the_englishs_placeholders(translated, monkeypatch):
    """A translation with {nope} or a lone { raised when shown, and {value.__class__.__mro__}
    was evaluated: such a text is not used, the English is."""
    monkeypatch.setitem(i18n._translations, "ko", _Catalogue(translated))
    english = i18n.tr("error.must", "en", name="pos", allowed="0…49", value="-1")
    assert i18n.tr("error.must", "ko", name="pos", allowed="0…49", value="-1") == english


#: Runs a command with the package's catalogues taken from a folder of the test's.
DAMAGED = """
import sys
from pathlib import Path
from pe_clock.core import catalogue, i18n
catalogue.LOCALE = Path(sys.argv[1])
i18n.SOURCE_MO = catalogue.SOURCE_MO = catalogue.LOCALE / "en" / "LC_MESSAGES" / "pe_clock.mo"
from pe_clock import cli
raise SystemExit(cli.main(sys.argv[2:]))
"""


def _damage(path, how: str) -> None:
    data = path.read_bytes()
    path.unlink()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "garbage":
        path.write_bytes(bytes(range(256)) * 40)
    elif how == "folder":
        path.mkdir()
    elif how == "fifo":
        os.mkfifo(path)


@pytest.mark.parametrize(
    ("language", "how"),
    [("ko", "truncated"), ("ko", "empty"), ("ko", "garbage"), ("ko", "folder"), ("ko", "fifo"),
     ("en", "truncated"), ("en", "garbage")],
)  # fmt: skip
def test_a_damaged_catalogue_is_named_once_and_english_used(language, how, tmp_path):
    """A truncated, empty, garbage or folder ko.mo (or a truncated en.mo) gave a traceback on
    every command, --lang en too (the catalogues loaded on import); a FIFO hung."""
    import shutil

    if how == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    locale = tmp_path / "locale"
    shutil.copytree(catalogue.LOCALE, locale)
    _damage(locale / language / "LC_MESSAGES" / "pe_clock.mo", how)
    for lang in ("en", "ko"):
        command = ["--lang", lang, "code", "--view", "heatmap"]
        done = subprocess.run(
            [sys.executable, "-c", DAMAGED, str(locale), *command],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "positional_encoding" in done.stdout and "Traceback" not in done.stderr
        named = [line for line in done.stderr.splitlines() if "cannot be read" in line]
        if language == "en":  # the English from the template: each language as it was
            assert len(named) == 1 and "its template is read" in named[0], done.stderr
            assert ("히트맵" if lang == "ko" else "the table the heatmap draws") in done.stdout
        elif lang == "ko":  # named when it is needed, once, and English shown
            assert len(named) == 1 and "English is shown" in named[0], done.stderr
            assert "# the table the heatmap draws" in done.stdout
        else:
            assert named == [], done.stderr
