"""State-space and recurrent models (Mamba, RWKV, xLSTM): tokens are read in order, with no
position encoding at all."""

from __future__ import annotations

from pe_clock.core.models.group import LayerGroup, Read
from pe_clock.core.models.reader import ConfigReader

NAME = "recurrent"
#: The keys of config.json this reader reads (any other naming positions is reported).
KEYS: frozenset[str] = frozenset()


#: State-space and recurrent models: tokens are read in order, with no position encoding.
RECURRENT_TYPES = ("mamba", "mamba2", "falcon_mamba", "rwkv", "xlstm")


def detects(reader: ConfigReader, kind: str) -> bool:
    # (state-spaces/mamba's own config.json has no model_type, only its ssm_cfg)
    return kind in RECURRENT_TYPES or isinstance(reader.given.get("ssm_cfg"), dict)


def read(reader: ConfigReader, kind: str, layers: int, max_positions: int | None) -> Read:
    return Read((LayerGroup(tuple(range(layers)), "recurrent"),))
