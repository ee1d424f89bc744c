import os

# Before any Qt import: the tests never need a real display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest

from pe_clock.core import i18n


@pytest.fixture(autouse=True)
def english_by_default():
    """Tests start in English whatever the one before switched to."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
