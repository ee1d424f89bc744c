"""A learned position table from a model's weights: one tensor of a safetensors file (or of
the shard that holds it), or a .npy file. Pickled checkpoints are never opened.

The safetensors header is checked before the `safetensors` library reads the file: its length
within the file, the tensor's dtype, shape and byte range agreeing with each other and with the
file's size, so nothing is allocated beyond what the file holds. float32, float16 and float64
are read by the library (memory-mapped, only that tensor); bfloat16, which NumPy lacks, is
memory-mapped as 16-bit words and widened exactly to float32 (its bits are float32's top half).
"""

from __future__ import annotations

import functools
import json
import math
import os
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from pe_clock.core.encoding import BLOCK_VALUES
from pe_clock.core.i18n import echo, reason, tr
from pe_clock.core.models.config import parse_config
from pe_clock.core.models.files import read_limited, regular_file
from pe_clock.core.models.learned import TableMeasures, sampled_positions, shared_measures
from pe_clock.core.params import MAX_D_MODEL

SAFETENSORS = "model.safetensors"
INDEX = "model.safetensors.index.json"
#: The largest safetensors header read (the format allows 100 MB): a shard of a big model
#: lists a few hundred tensors in some tens of kilobytes; parsing 100 MB of JSON took 2.5 GB.
MAX_HEADER = 4 * 1024 * 1024
#: The largest model.safetensors.index.json read (a 400-billion-parameter model's is 1 MB).
MAX_INDEX_BYTES = 4 * 1024 * 1024
#: A table's values are drawn within these magnitudes (a learned table's are about 0.01 … 10);
#: 1e308 or 5e-324 overflowed the colour scale and the measures into NaN.
MAX_VALUE, MIN_VALUE = 1e15, 1e-30
#: The table's size at most (positions × width), 128 MB as float64: GPT-2 XL's is
#: 1,024 × 1,600, OPT-13B's 2,050 × 5,120.
MAX_TABLE_VALUES = 16 * 1024 * 1024
DTYPES = {"F32": 4, "F16": 2, "BF16": 2, "F64": 8}
#: How the tensor of learned positions ends in the weights of the models that have one.
TABLE_NAMES = ("wpe.weight", "embeddings.position_embeddings.weight", "embed_positions.weight")
PICKLES = ("pytorch_model.bin", ".pt", ".pth", ".ckpt", ".bin")


@dataclass(frozen=True)
class LearnedTable:
    """A learned position table: its rows (positions × width, float64), the tensor's name,
    file and dtype as stored."""

    rows: NDArray[np.float64]
    tensor: str
    file: str
    dtype: str
    #: The file's path as opened (the window's code reads the table from it again).
    path: str = ""

    @property
    def parameters(self) -> int:
        return int(self.rows.size)

    @functools.cached_property
    def compared(self) -> tuple[NDArray[np.float64], TableMeasures]:
        """Its rows at the positions compared (`sampled_positions`) and their measures, kept
        with the table: the window's view, a slide and an export of it share one."""
        at = sampled_positions(len(self.rows))
        return shared_measures(self.rows[at], at)


def _header(path: Path) -> tuple[dict[str, dict[str, object]], int, int]:
    """(tensor entries, header length, file size) of a safetensors file, checked."""
    name = path.name
    info = regular_file(path)
    if info is None:
        raise ValueError(tr("model.not_file", file=name))
    size = info.st_size
    try:
        with open(path, "rb") as handle:
            head = handle.read(8)
            if len(head) < 8:
                raise ValueError(tr("weights.damaged", file=name, reason=tr("weights.short")))
            (length,) = struct.unpack("<Q", head)
            if length > size - 8:
                why = tr("weights.header_claims", n=f"{length:,}", size=f"{size:,}")
                raise ValueError(tr("weights.damaged", file=name, reason=why))
            if length > MAX_HEADER:
                why = tr("weights.header_large", n=f"{length:,}", limit=f"{MAX_HEADER:,}")
                raise ValueError(tr("weights.damaged", file=name, reason=why))
            raw = handle.read(length)
    except OSError as err:
        raise ValueError(tr("model.unreadable", file=name, reason=err.strerror or err)) from err
    try:
        header = json.loads(raw.decode("utf-8"), parse_constant=float)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise ValueError(tr("weights.damaged", file=name, reason=reason(err))) from err
    if not isinstance(header, dict):
        raise ValueError(tr("weights.damaged", file=name, reason=tr("model.not_object")))
    return header, length, size


def _entry(path: Path, tensor: str) -> tuple[str, tuple[int, int], int]:
    """(dtype, shape, byte offset in the file) of a 2-D float tensor, checked against the
    header and the file's size."""
    header, length, size = _header(path)
    entry = header.get(tensor)
    name = path.name
    if not isinstance(entry, dict):
        raise ValueError(tr("weights.no_tensor", file=name, tensor=tensor))
    dtype, shape, offsets = entry.get("dtype"), entry.get("shape"), entry.get("data_offsets")
    if not isinstance(dtype, str) or dtype not in DTYPES:
        raise ValueError(tr("weights.dtype", tensor=tensor, dtype=echo(dtype)))
    if (
        not isinstance(shape, list)
        or len(shape) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 2 for n in shape)
    ):  # one row or one column is no table to compare (a [32, 1] table crashed the paint)
        raise ValueError(tr("weights.shape", tensor=tensor, shape=echo(shape)))
    if not (
        isinstance(offsets, list)
        and len(offsets) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in offsets)
        and 0 <= offsets[0] <= offsets[1] <= size - 8 - length
    ):
        why = tr("weights.offsets", tensor=tensor, offsets=echo(offsets), size=f"{size:,}")
        raise ValueError(tr("weights.damaged", file=name, reason=why))
    if math.prod(shape) * DTYPES[dtype] != offsets[1] - offsets[0]:
        why = tr(
            "weights.lies",
            tensor=tensor,
            shape=shape,
            dtype=dtype,
            n=f"{offsets[1] - offsets[0]:,}",
        )
        raise ValueError(tr("weights.damaged", file=name, reason=why))
    if math.prod(shape) > MAX_TABLE_VALUES or shape[1] > MAX_D_MODEL:
        limit = f"{MAX_TABLE_VALUES:,}"
        raise ValueError(tr("weights.too_large", tensor=tensor, shape=shape, limit=limit))
    return dtype, (shape[0], shape[1]), 8 + length + offsets[0]


def tensor_names(path: Path) -> list[str]:
    """The tensor names of a safetensors file's checked header (not its metadata)."""
    return [key for key in _header(path)[0] if key != "__metadata__"]


def read_tensor(path: Path, tensor: str) -> LearnedTable:
    """One 2-D float tensor of a safetensors file, as float64 rows."""
    dtype, shape, start = _entry(path, tensor)
    from safetensors import SafetensorError, safe_open

    try:
        # The library checks the whole header (offsets in order, covering the data) first.
        # A signalling NaN widened raises the invalid flag (NumPy's RuntimeWarning, printed
        # before the refusal): check_table refuses every NaN after, in PE Clock's words.
        with np.errstate(invalid="ignore"), safe_open(str(path), framework="numpy") as handle:
            # Widened a block of rows at a time into the result: a table at the limit costs
            # its float64 rows and a block, not its stored copy as well.
            rows = np.empty(shape)
            step = max(1, BLOCK_VALUES // shape[1])
            if dtype == "BF16":  # NumPy has no bfloat16: its words, widened exactly
                words = np.memmap(path, dtype="<u2", mode="r", offset=start, shape=shape)
                for first in range(0, shape[0], step):
                    block = words[first : first + step].astype(np.uint32) << 16
                    rows[first : first + step] = block.view(np.float32)
                del words
            else:
                stored = handle.get_slice(tensor)
                for first in range(0, shape[0], step):
                    last = min(shape[0], first + step)  # a slice past the end is refused
                    rows[first:last] = stored[first:last]
    except (SafetensorError, OSError, ValueError) as err:  # (the library's text is its own)
        raise ValueError(tr("weights.damaged", file=path.name, reason=reason(err))) from err
    return LearnedTable(check_table(rows, tensor), tensor, path.name, dtype, str(path))


def check_table(rows: NDArray[np.float64], name: str) -> NDArray[np.float64]:
    """rows if every value is finite and the largest within MIN_VALUE … MAX_VALUE (or all
    zero), else ValueError naming the tensor or file."""
    if not np.all(np.isfinite(rows)):
        raise ValueError(tr("weights.finite", tensor=name))
    largest = max(float(rows.max(initial=0.0)), -float(rows.min(initial=0.0)))  # no copy
    if largest > MAX_VALUE or 0 < largest < MIN_VALUE:
        limits = f"{MIN_VALUE:g} … {MAX_VALUE:g}"
        raise ValueError(
            tr("weights.magnitude", tensor=name, value=f"{largest:.3g}", limits=limits)
        )
    return rows


def find_table(folder: Path, ending: str = "") -> tuple[Path, str] | None:
    """(file, tensor name) of the learned position table among a folder's safetensors
    weights: model.safetensors, or the shard model.safetensors.index.json names; None if the
    folder has no safetensors weights. ValueError when weights exist but hold no table.
    ending: the end of the table's name where the weights hold more than one table of
    positions (Whisper's decoder.embed_positions.weight beside its encoder's)."""
    names = (ending,) if ending else TABLE_NAMES
    index = folder / INDEX
    if os.path.lexists(index):
        # Not UTF-8, not JSON, too deep or no object: said of the index, as of a config.json.
        weight_map = parse_config(read_limited(index, MAX_INDEX_BYTES), INDEX).get("weight_map")
        if not isinstance(weight_map, dict):
            raise ValueError(tr("weights.index", file=INDEX))
        for tensor, shard in weight_map.items():
            if isinstance(tensor, str) and tensor.endswith(names):
                if not _plain_name(shard):
                    raise ValueError(tr("weights.index", file=INDEX))
                if not os.path.lexists(folder / shard):
                    raise ValueError(tr("weights.no_shard", file=INDEX, shard=shard))
                return folder / shard, tensor
        raise ValueError(tr("weights.no_table", file=INDEX, names=", ".join(names)))
    single = folder / SAFETENSORS
    if not os.path.lexists(single):
        return None
    if regular_file(single) is None:  # a FIFO, a device, a folder, a loop: said, not skipped
        raise ValueError(tr("model.not_file", file=SAFETENSORS))
    for tensor in tensor_names(single):
        if tensor.endswith(names):
            return single, tensor
    raise ValueError(tr("weights.no_table", file=SAFETENSORS, names=", ".join(names)))


def _plain_name(shard: object) -> bool:
    """A shard's name as an index may give it: a file beside it, printable, not too long."""
    return (
        isinstance(shard, str)
        and 0 < len(shard) <= 255
        and shard.isprintable()
        and "/" not in shard
        and "\\" not in shard
        and shard not in ("..", ".")
    )


def pickled_checkpoint(folder: Path) -> str | None:
    """The name of a pickled checkpoint in folder (PE Clock never opens one), if any."""
    try:
        names = sorted(entry.name for entry in folder.iterdir())
    except OSError:
        return None
    return next((n for n in names if n == PICKLES[0] or n.endswith(PICKLES[1:])), None)


def load_table(path: Path) -> LearnedTable:
    """A learned table from a .npy file (positions × width, real numbers) or from a
    .safetensors file's position tensor."""
    if path.suffix.lower() == ".npy":
        from pe_clock.core.examples import read_npy

        rows = check_table(read_npy(path, path.name, _table_shape), path.name)
        return LearnedTable(rows, path.stem, path.name, "npy", str(path))
    if path.suffix.lower() == ".safetensors":
        tensor = next((t for t in tensor_names(path) if t.endswith(TABLE_NAMES)), None)
        if tensor is None:
            raise ValueError(tr("weights.no_table", file=path.name, names=", ".join(TABLE_NAMES)))
        return read_tensor(path, tensor)
    raise ValueError(tr("weights.kind", file=path.name))


def _table_shape(shape: tuple[int, ...]) -> str | None:
    """Why a .npy shape is no position table (None: it is one)."""
    if (
        len(shape) != 2
        or min(shape) < 2
        or math.prod(shape) > MAX_TABLE_VALUES
        or shape[1] > MAX_D_MODEL
    ):
        return tr("weights.npy_shape", shape=shape, limit=f"{MAX_TABLE_VALUES:,}")
    return None
