"""Finding and reading a model's files safely: a folder, a config.json, or a model id in the
local Hugging Face cache; never the network.

Every file is checked before it is read: a regular file (a FIFO would block for ever), no
larger than a limit, links followed but a loop refused. Errors are ValueErrors with one line
for the user.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pe_clock.core.i18n import tr

CONFIG = "config.json"
#: The largest config.json read: real ones are a few kilobytes (a vision model's with its labels
#: a few hundred); a file claiming more is refused before it is read.
MAX_CONFIG_BYTES = 4 * 1024 * 1024
#: "org/name" or "name", as the Hub spells ids (letters, digits, - _ .).
MODEL_ID = re.compile(r"^(?:[A-Za-z0-9][A-Za-z0-9._-]{0,95}/)?[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")


def expanded(path: str) -> Path:
    """path with ~ expanded where it can be (~nosuchuser stays as written)."""
    try:
        return Path(path).expanduser()
    except RuntimeError:
        return Path(path)


def hub_cache(environ: Mapping[str, str] | None = None) -> Path:
    """The Hugging Face hub cache: HF_HUB_CACHE, else HF_HOME/hub, else
    ~/.cache/huggingface/hub (huggingface_hub's own order)."""
    env = os.environ if environ is None else environ
    if env.get("HF_HUB_CACHE"):
        return expanded(env["HF_HUB_CACHE"])
    if env.get("HF_HOME"):
        return expanded(env["HF_HOME"]) / "hub"
    return expanded("~/.cache/huggingface/hub")


@dataclass(frozen=True)
class ModelFolder:
    """Where a model's files are: its name (the id, or the folder's name) and its folder;
    config is its config.json (a config.json named by itself has no weights beside it that
    PE Clock looks for unless they are in the same folder)."""

    name: str
    folder: Path
    config: Path


def _snapshot(cache: Path, model_id: str) -> Path | None:
    """The snapshot refs/main names in the cache's folder of model_id, else its newest."""
    repo = cache / ("models--" + model_id.replace("/", "--"))
    snapshots = repo / "snapshots"
    try:  # a commit hash: a few bytes of a regular file (never a FIFO, nor /dev/zero)
        ref = read_limited(repo / "refs" / "main", 128).decode("ascii").strip()
    except (ValueError, UnicodeDecodeError):
        ref = ""
    if re.fullmatch(r"[0-9a-f]{7,64}", ref) and (snapshots / ref).is_dir():
        return snapshots / ref
    try:
        found = [path for path in snapshots.iterdir() if path.is_dir()]
    except OSError:
        return None
    return max(found, key=lambda path: path.stat().st_mtime, default=None)


def cached_models(cache: Path | None = None) -> list[tuple[str, Path]]:
    """(model id, snapshot folder) of every model in the cache with a config.json, by id."""
    cache = cache or hub_cache()
    out = []
    try:
        repos = sorted(cache.iterdir())
    except OSError:
        return []
    for repo in repos[:10_000]:
        if not repo.name.startswith("models--") or not repo.is_dir():
            continue
        model_id = repo.name.removeprefix("models--").replace("--", "/", 1)
        snapshot = _snapshot(cache, model_id)
        if snapshot is not None and (snapshot / CONFIG).is_file():
            out.append((model_id, snapshot))
    return out


def locate(path: str | os.PathLike[str], cache: Path | None = None) -> ModelFolder:
    """What path names: a model folder (with config.json), a config.json file, or a model id
    (org/name) found in the local cache. ValueError with one line otherwise."""
    text = str(path)
    if not text.strip():
        raise ValueError(tr("model.not_found", path=repr(text)))
    given = expanded(text)
    try:
        is_dir, exists = given.is_dir(), os.path.lexists(given)
        config = given / CONFIG
        has_config = is_dir and os.path.lexists(config)
    except OSError as err:  # a name too long, a folder not searchable
        raise ValueError(tr("model.unreadable", file=text, reason=_reason(err))) from err
    if is_dir:
        if not has_config:
            raise ValueError(tr("model.no_config", folder=text))
        return ModelFolder(Path(os.path.abspath(given)).name or text, given, config)
    if exists:
        if given.suffix.lower() != ".json":
            raise ValueError(tr("model.not_config", file=given.name))
        return ModelFolder(
            Path(os.path.abspath(given.parent)).name or given.name, given.parent, given
        )
    if MODEL_ID.fullmatch(text) and "/" in text and ".." not in text:
        root = cache or hub_cache()
        snapshot = _snapshot(root, text)
        if snapshot is None:
            raise ValueError(_not_cached(root, text))
        return ModelFolder(text, snapshot, snapshot / CONFIG)
    raise ValueError(tr("model.not_found", path=text))


def _not_cached(cache: Path, model_id: str) -> str:
    """Why model_id has no snapshot to read: not in the cache, or in it (its folder is there)
    with a snapshot that cannot be read (a symbolic link loop was said to be "not in the
    cache")."""
    repo = cache / ("models--" + model_id.replace("/", "--"))
    if not repo.is_dir():
        return tr("model.not_cached", model=model_id, cache=cache)
    snapshots = repo / "snapshots"
    try:
        names = sorted(os.listdir(snapshots))
        for name in names:
            (snapshots / name).stat()  # ELOOP, EACCES … for the first that fails
        reason = tr("model.no_snapshot")
    except OSError as err:
        reason = _reason(err)
    return tr("model.snapshot_unreadable", model=model_id, folder=snapshots, reason=reason)


def _reason(err: OSError) -> str:
    if err.errno == 40:  # ELOOP
        return tr("model.loop")
    return err.strerror or str(err)


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most limit bytes; links are followed (the cache's
    snapshots are links to blobs), a loop, a FIFO or a device is refused without blocking."""
    name = path.name
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(tr("model.not_file", file=name))
        if info.st_size > limit:
            size = f"{info.st_size:,}"
            raise ValueError(tr("model.too_large", file=name, size=size, limit=f"{limit:,}"))
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped since the stat
                raise ValueError(tr("model.not_file", file=name))
            # Never more than the file's size plus one: read(n) sets aside n bytes first.
            data = handle.read(min(limit, info.st_size) + 1)
    except OSError as err:
        raise ValueError(tr("model.unreadable", file=name, reason=_reason(err))) from err
    except RuntimeError as err:  # Python before 3.13 raises this for a symlink loop
        raise ValueError(tr("model.unreadable", file=name, reason=tr("model.loop"))) from err
    if len(data) > limit:
        raise ValueError(tr("model.too_large", file=name, size=f">{limit:,}", limit=f"{limit:,}"))
    return data


def regular_file(path: Path) -> os.stat_result | None:
    """The stat of path if it is a regular file (links followed), else None; a loop or an
    unreadable entry is None too."""
    try:
        info = os.stat(path)
    except (OSError, RuntimeError):
        return None
    return info if stat.S_ISREG(info.st_mode) else None
