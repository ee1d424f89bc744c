"""One reader per position scheme (core.models.schemes): each is found in its order, names
the keys it reads, and has its words in the catalogue; the views draw only schemes that
exist."""

import pytest

from pe_clock.core import i18n
from pe_clock.core.models.config import READ_KEYS, read_model_config
from pe_clock.core.models.families import NAMED
from pe_clock.core.models.reader import ConfigReader
from pe_clock.core.models.schemes import SCHEMES, named
from pe_clock.gui.views import REGISTRY
from tests.models import configs

NAMES = [scheme.NAME for scheme in SCHEMES]


@pytest.mark.parametrize("scheme", SCHEMES, ids=NAMES)
def test_every_scheme_is_described_in_both_languages(scheme):
    if scheme is named:  # it names schemes in one line each, and draws none
        names = {name for name, _ in named.RULES} | set(NAMED.values()) | {"patches_none"}
        assert all(i18n.has(f"named.{name}") for name in names)
    else:
        for kind in ("modelinfo", "strip"):
            assert i18n.has(f"{kind}.{scheme.NAME}")
    assert scheme.KEYS <= READ_KEYS


def test_the_views_draw_schemes_that_have_a_reader():
    drawn = {name for spec in REGISTRY for name in spec.schemes}
    assert drawn <= set(NAMES)


@pytest.mark.parametrize("model_id", list(configs.CONFIGS))
def test_the_first_scheme_that_detects_a_config_reads_it(model_id):
    config = configs.CONFIGS[model_id]
    reader = ConfigReader(config)
    kind = str(reader.get("model_type", ""))
    first = next(scheme for scheme in SCHEMES if scheme.detects(reader, kind))
    schemes = {group.scheme for group in read_model_config(config).groups}
    # RoPE's reader also holds the layers it leaves without positions (Llama 4's NoPE), the
    # sinusoids' Whisper's decoder and its learned table.
    also = {"learned"} if kind == "whisper" else set()
    assert schemes - {"none"} == {first.NAME, *also}
