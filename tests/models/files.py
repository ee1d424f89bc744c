"""Writing models into temporary folders: config.json, small safetensors files in every dtype
(written by hand, as the format's specification lays them out), sharded indexes, and a
Hugging Face cache with its refs, snapshots and blob links."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path
from typing import Any

import numpy as np

DTYPE_NAMES = {"F32": "<f4", "F16": "<f2", "F64": "<f8"}


def bf16_bits(values: np.ndarray) -> np.ndarray:
    """float32 values that bfloat16 holds exactly (their low 16 bits zero), as 16-bit words."""
    words = np.asarray(values, dtype="<f4").view("<u4")
    return (words >> 16).astype("<u2")


def safetensors_bytes(
    tensors: dict[str, tuple[str, np.ndarray]], header: dict | None = None
) -> bytes:
    """A safetensors file: 8-byte little-endian header length, the JSON header, the data.
    tensors: name -> (dtype, array); BF16 arrays are given as float32 and truncated."""
    entries: dict[str, Any] = {}
    data = b""
    for name, (dtype, array) in tensors.items():
        raw = (
            bf16_bits(array).tobytes()
            if dtype == "BF16"
            else np.asarray(array, DTYPE_NAMES[dtype]).tobytes()
        )
        entries[name] = {
            "dtype": dtype,
            "shape": list(array.shape),
            "data_offsets": [len(data), len(data) + len(raw)],
        }
        data += raw
    entries.update(header or {})
    text = json.dumps(entries).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def write_model(
    folder: Path, config: dict, tensors: dict[str, tuple[str, np.ndarray]] | None = None
) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    if tensors:
        (folder / "model.safetensors").write_bytes(safetensors_bytes(tensors))
    return folder


def smooth_table(positions: int, width: int, seed: int = 0) -> np.ndarray:
    """A table like a learned one (slow waves along the positions, noise), exact in bfloat16."""
    rng = np.random.default_rng(seed)
    p = np.arange(positions)[:, None]
    waves = np.cos(np.pi * np.arange(1, 5)[None, :] * p / positions)
    table = waves @ rng.normal(size=(4, width)) + 0.05 * rng.normal(size=(positions, width))
    return (bf16_bits(table.astype(np.float32)).astype("<u4") << 16).view("<f4").astype(np.float64)


def write_cache(
    root: Path,
    model_id: str,
    config: dict,
    commit: str = "0123456789abcdef0123456789abcdef01234567",
) -> Path:
    """A Hugging Face hub cache holding model_id: refs/main -> commit, its snapshot's
    config.json a link to a blob, as huggingface_hub lays them out."""
    repo = root / ("models--" + model_id.replace("/", "--"))
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text(commit)
    blobs = repo / "blobs"
    blobs.mkdir()
    blob = blobs / "5d3f0c"
    blob.write_text(json.dumps(config))
    snapshot = repo / "snapshots" / commit
    snapshot.mkdir(parents=True)
    os.symlink(os.path.relpath(blob, snapshot), snapshot / "config.json")
    return snapshot
