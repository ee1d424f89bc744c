"""One reader per position scheme: each module detects its scheme in a config.json, reads its
numbers as transformers computes them, and names the keys it reads.

A family whose config names its scheme needs nothing; one whose config does not say all is a
line of data in `core.models.families` (its table, its offset, the scheme it is named by), its
defaults in `core.models.reader.MODEL_DEFAULTS`; a new scheme is one module here with
NAME, KEYS, ``detects(reader, model_type)`` and ``read(reader, model_type, layers,
max_positions)``, a line in SCHEMES, its words in the catalogue (``modelinfo.<NAME>``,
``strip.<NAME>``) and, if a view draws it, that view's ``schemes`` in `gui.views`; a scheme
PE Clock only names is a rule in `named` and its ``named.<scheme>`` line.
"""

from __future__ import annotations

from typing import Protocol

from pe_clock.core.models.group import Read
from pe_clock.core.models.reader import ConfigReader
from pe_clock.core.models.schemes import (
    alibi,
    axial,
    buckets,
    learned,
    named,
    recurrent,
    rope,
    sinusoidal,
)


class Scheme(Protocol):
    """What a scheme's module provides (a module is one: ``alibi``, ``rope``, …)."""

    #: The group scheme it reads (`LayerGroup.scheme`), as the views declare it.
    NAME: str
    #: The keys of config.json it reads: any other key naming positions is reported.
    KEYS: frozenset[str]

    def detects(self, reader: ConfigReader, kind: str) -> bool:
        """Whether the config (model_type kind) uses this scheme; ValueError for one of its
        kind that PE Clock cannot read (BERT's relative_key positions)."""
        ...

    def read(self, reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
        """Its groups of layers, numbers computed as transformers does."""
        ...


#: In the order they are tried: the first that detects its scheme reads the config (the
#: schemes PE Clock names but does not draw first, then a vision tower's 2D RoPE; ALiBi's BLOOM
#: before the rest; a family's table before RoPE's keys, ESM-2's rotary aside; a table any
#: config sizes only where it names no RoPE).
SCHEMES: tuple[Scheme, ...] = (
    named, axial, alibi, recurrent, buckets, sinusoidal, learned, rope,
)  # fmt: skip
