import re
import string

import pytest

from core import i18n
from core.messages import MESSAGES

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Entries that are notation or names in both languages.
SAME_IN_BOTH = {"wave.max_len", "argparse.%(prog)s: error: %(message)s\n"}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_entry_has_both_languages_with_the_same_placeholders(key):
    english, korean = MESSAGES[key]
    assert english.strip() and korean.strip()
    assert fields(english) == fields(korean)
    printf = re.compile(r"%\(\w+\)[sr]|%[sr]")  # argparse's own placeholders
    assert sorted(printf.findall(english)) == sorted(printf.findall(korean))
    if key not in SAME_IN_BOTH and re.search(r"[a-z]{3,}", re.sub(r"<[^>]+>|\{\w+\}", "", english)):
        assert HANGUL.search(korean), f"{key}: Korean text has no Hangul"


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
