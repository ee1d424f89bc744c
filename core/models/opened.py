"""A model opened from its files: what its config says about positions and, where its
positions are a learned table, that table from its safetensors weights (or a .npy table)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pe_clock.core.i18n import echo, reason, tr
from pe_clock.core.models.config import ModelConfig, parse_config, read_model_config
from pe_clock.core.models.files import MAX_CONFIG_BYTES, expanded, locate, read_limited
from pe_clock.core.models.weights import (
    LearnedTable,
    find_table,
    load_table,
    pickled_checkpoint,
    read_tensor,
)

TABLE_SUFFIXES = (".npy", ".safetensors")


@dataclass(frozen=True)
class OpenedModel:
    """name: the model id or folder (or table file) name. config: None for a table file.
    table: the learned position table, when the model has one and its weights are there;
    missing says why a learned model's table is not (no weights, or only a pickle)."""

    name: str
    config: ModelConfig | None
    table: LearnedTable | None = None
    missing: str = ""


def open_model(path: str | os.PathLike[str], cache: Path | None = None) -> OpenedModel:
    """A model folder, a config.json, a model id in the local cache, or a position table file
    (.npy, .safetensors). ValueError with one line for the user; nothing else changes."""
    try:
        return _open(path, cache)
    except (OSError, RuntimeError, UnicodeError, RecursionError, MemoryError) as err:
        # What the checks before did not foresee still ends in one line, never a traceback.
        why = reason(err)
        raise ValueError(tr("model.unreadable", file=echo(str(path)), reason=why)) from err


def _open(path: str | os.PathLike[str], cache: Path | None) -> OpenedModel:
    given = expanded(str(path))
    if given.suffix.lower() in TABLE_SUFFIXES and os.path.lexists(given):
        table = load_table(given)
        return OpenedModel(given.name, None, table)
    where = locate(path, cache)
    config = read_model_config(parse_config(read_limited(where.config, MAX_CONFIG_BYTES)))
    if config.learned is None:
        return OpenedModel(where.name, config)
    found = find_table(where.folder, config.learned.tensor)
    if found is None:
        pickle = pickled_checkpoint(where.folder)
        missing = tr("weights.pickle", file=pickle) if pickle else tr("weights.none")
        return OpenedModel(where.name, config, None, missing)
    table = read_tensor(*found)
    size = config.learned
    if table.rows.shape != (size.positions, size.width):
        raise ValueError(
            tr(
                "weights.config_shape",
                tensor=table.tensor,
                shape=tuple(table.rows.shape),
                expected=(size.positions, size.width),
            )
        )
    return OpenedModel(where.name, config, table)
