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
#: "org/name" or "name", as the Hub spells ids (letters, digits, - _ .); a name alone is an
#: id of the Hub's first models (gpt2, bert-base-uncased), cached as models--gpt2.
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


#: A model on the Hub as its page's address spells it: https://huggingface.co/org/name, with
#: /tree/REVISION or /blob/REVISION/… after it (hf.co too; the scheme may be left out).
HUB_URL = re.compile(
    r"^(?:https?://)?(?:www\.)?(?:huggingface\.co|hf\.co)/(?!datasets/|spaces/)"
    r"(?P<id>[^/?#]+(?:/[^/?#]+)?)(?:/(?:tree|blob|resolve)/(?P<rev>[^/?#]+))?[^?#]*/?(?:[?#].*)?$"
)
#: A revision as git and the Hub name one: a branch, a tag or a commit (refs/pr/1 too).
REVISION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$")


@dataclass(frozen=True)
class Reference:
    """A model id with the revision asked for (None: the cache's main)."""

    model_id: str
    revision: str | None = None

    @property
    def name(self) -> str:
        return self.model_id if self.revision is None else f"{self.model_id}@{self.revision}"


def model_reference(text: str) -> Reference | None:
    """What text names on the Hub: org/name, name, either with @REVISION, or a hub URL; None
    if it is none of these."""
    url = HUB_URL.match(text.strip())
    if url:
        text = url["id"] + (f"@{url['rev']}" if url["rev"] else "")
    model_id, at, revision = text.partition("@")
    if not MODEL_ID.fullmatch(model_id) or ".." in model_id:
        return None
    if at and (not REVISION.fullmatch(revision) or ".." in revision):
        return None
    return Reference(model_id, revision if at else None)


def _repo(cache: Path, model_id: str) -> Path:
    return cache / ("models--" + model_id.replace("/", "--"))


def _ref(repo: Path, name: str) -> str:
    """The commit refs/NAME holds, '' if none (a few bytes of a regular file, never a FIFO)."""
    try:
        ref = read_limited(repo / "refs" / name, 128).decode("ascii").strip()
    except (ValueError, UnicodeDecodeError):
        return ""
    return ref if re.fullmatch(r"[0-9a-f]{7,64}", ref) else ""


def _snapshots(repo: Path) -> list[Path]:
    try:
        return sorted(path for path in (repo / "snapshots").iterdir() if path.is_dir())
    except OSError:
        return []


def _snapshot(cache: Path, model_id: str, revision: str | None = None) -> Path | None:
    """The snapshot of model_id for revision: the commit refs/REVISION names (a branch or a
    tag), or a snapshot whose commit starts with it (7 digits or more); without a revision,
    refs/main's, else the newest."""
    repo = _repo(cache, model_id)
    snapshots = repo / "snapshots"
    ref = _ref(repo, revision or "main") if "/.." not in f"/{revision}" else ""
    if ref and (snapshots / ref).is_dir():
        return snapshots / ref
    found = _snapshots(repo)
    if revision is not None:
        if not re.fullmatch(r"[0-9a-f]{7,64}", revision):
            return None
        match = [path for path in found if path.name.startswith(revision)]
        return match[0] if len(match) == 1 else None
    return max(found, key=lambda path: path.stat().st_mtime, default=None)


def revisions(cache: Path, model_id: str) -> list[str]:
    """The revisions of model_id the cache can open: its refs (branches, tags) that name a
    snapshot there, then the snapshots no ref names, as short commits."""
    repo = _repo(cache, model_id)
    named: dict[str, str] = {}
    refs = repo / "refs"
    try:
        files = sorted(path for path in refs.rglob("*") if path.is_file())[:1000]
    except OSError:
        files = []
    for path in files:
        name = path.relative_to(refs).as_posix()
        commit = _ref(repo, name)
        if commit and (repo / "snapshots" / commit).is_dir():
            named.setdefault(commit, name)
    out = list(named.values())
    out += [path.name[:12] for path in _snapshots(repo) if path.name not in named]
    return out


def cached_models(cache: Path | None = None) -> list[tuple[str, Path]]:
    """(name, snapshot folder) of every snapshot in the cache with a config.json, by id: the
    model id, with @REVISION after it where the cache holds several of that model."""
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
        found = []
        for revision in revisions(cache, model_id):
            snapshot = _snapshot(cache, model_id, revision)
            if snapshot is not None and (snapshot / CONFIG).is_file():
                found.append((f"{model_id}@{revision}", snapshot))
        if len(found) == 1:
            found = [(model_id, found[0][1])]
        elif not found:  # no ref names one: the newest, as `locate` opens it
            snapshot = _snapshot(cache, model_id)
            if snapshot is not None and (snapshot / CONFIG).is_file():
                found = [(model_id, snapshot)]
        out.extend(found)
    return out


def locate(path: str | os.PathLike[str], cache: Path | None = None) -> ModelFolder:
    """What path names: a model folder (with config.json), a config.json file, or a model in
    the local cache (org/name, name, with @REVISION, or its hub URL). ValueError with one line
    otherwise."""
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
    reference = model_reference(text)
    # A file name that is not there (model.json, table.npy) is no model id.
    if reference is None or Path(reference.model_id).suffix.lower() in (".json", ".npy"):
        raise ValueError(tr("model.not_found", path=text))
    root = cache or hub_cache()
    snapshot = _snapshot(root, reference.model_id, reference.revision)
    if snapshot is None:
        raise ValueError(_not_cached(root, reference))
    if not (snapshot / CONFIG).exists():
        hint = tr("model.fetch", model=reference.model_id, revision=_revision_option(reference))
        raise ValueError(tr("model.no_cached_config", model=reference.name, hint=hint))
    return ModelFolder(reference.name, snapshot, snapshot / CONFIG)


def _revision_option(reference: Reference) -> str:
    return "" if reference.revision is None else f" --revision {reference.revision}"


def _not_cached(cache: Path, reference: Reference) -> str:
    """Why a model has no snapshot to read: not in the cache (with the command that fetches
    it), not at that revision (with those the cache has), or in it with a snapshot that
    cannot be read (a symbolic link loop was said to be "not in the cache")."""
    model_id = reference.model_id
    repo = _repo(cache, model_id)
    hint = tr("model.fetch", model=model_id, revision=_revision_option(reference))
    if not repo.is_dir():
        return tr("model.not_cached", model=model_id, cache=cache, hint=hint)
    snapshots = repo / "snapshots"
    try:
        names = sorted(os.listdir(snapshots))
        for name in names:
            (snapshots / name).stat()  # ELOOP, EACCES … for the first that fails
    except OSError as err:
        reason = _reason(err)
    else:
        held = revisions(cache, model_id)
        if reference.revision is not None and held:
            return tr(
                "model.no_revision",
                model=model_id,
                revision=reference.revision,
                held=", ".join(held[:8]),
                hint=hint,
            )
        # A gated model's download stops before its config: the folder, no snapshot.
        return tr("model.no_snapshot", model=model_id, folder=snapshots, hint=hint)
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
