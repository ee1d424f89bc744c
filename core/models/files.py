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
import urllib.parse
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
    r"(?P<id>[^/?#]+(?:/[^/?#]+)?)(?:/(?:tree|blob|resolve)/(?P<rev>[^/?#]+))?(?:/[^?#]*)?"
    r"(?:[?#].*)?$"
)
#: A revision as git and the Hub name one: a branch, a tag or a commit (refs/pr/1 too).
REVISION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$")
COMMIT = re.compile(r"^[0-9a-f]{7,64}$")
#: The longest text read as a model's name or address (an id is at most 96 + 1 + 96).
MAX_REFERENCE = 1000
#: How much of a repository's refs and snapshots is looked at (real ones hold a handful).
MAX_REFS, MAX_SNAPSHOTS, MAX_REF_DEPTH = 1000, 1000, 4


@dataclass(frozen=True)
class Reference:
    """A model id with the revision asked for (None: the cache's main)."""

    model_id: str
    revision: str | None = None

    @property
    def name(self) -> str:
        return self.model_id if self.revision is None else f"{self.model_id}@{self.revision}"


def model_reference(text: str) -> Reference | None:
    """What text names on the Hub: org/name, name, either with @REVISION, or a hub URL (its
    revision percent-decoded, as the Hub writes refs%2Fpr%2F1); None if it is none of these.
    A name with -- or .. is none: the Hub allows neither (the cache writes / as --)."""
    text = text.strip()
    if len(text) > MAX_REFERENCE:
        return None
    url = HUB_URL.match(text)
    if url:
        text = url["id"] + (f"@{urllib.parse.unquote(url['rev'])}" if url["rev"] else "")
    model_id, at, revision = text.partition("@")
    # A trailing slash (a shell completes a folder's name with one) names the same model.
    model_id, revision = model_id.rstrip("/"), revision.rstrip("/")
    if not MODEL_ID.fullmatch(model_id) or ".." in model_id or "--" in model_id:
        return None
    if at and (not REVISION.fullmatch(revision) or ".." in revision):
        return None
    return Reference(model_id, revision if at else None)


def _repo(cache: Path, model_id: str) -> Path:
    return cache / ("models--" + model_id.replace("/", "--"))


def _inside(path: Path, folder: Path) -> bool:
    """Whether path, its links followed, lies in folder (its links followed too): a crafted
    cache's link to / or to another folder leads nowhere."""
    try:
        return os.path.commonpath([os.path.realpath(path), os.path.realpath(folder)]) == (
            os.path.realpath(folder)
        )
    except (OSError, ValueError):
        return False


def _ref(repo: Path, name: str) -> str:
    """The commit refs/NAME holds, '' if none (a few bytes of a regular file inside refs/,
    never a FIFO)."""
    path = repo / "refs" / name
    if not _inside(path, repo / "refs"):
        return ""
    try:
        ref = read_limited(path, 128).decode("ascii").strip()
    except (ValueError, UnicodeDecodeError):
        return ""
    return ref if COMMIT.fullmatch(ref) else ""


def _snapshots(repo: Path) -> list[Path]:
    """The repository's snapshot folders (those inside it), by name; at most MAX_SNAPSHOTS.
    A folder is inside by where it is; only a link is followed to see where it leads (each
    followed took most of the 31 CPU-seconds of listing a cache of 60,000 snapshots)."""
    kept = []
    try:
        with os.scandir(repo / "snapshots") as entries:
            for _, entry in zip(range(MAX_SNAPSHOTS), entries, strict=False):
                path = repo / "snapshots" / entry.name
                if entry.is_dir(follow_symlinks=False) or (
                    entry.is_symlink() and path.is_dir() and _inside(path, repo)
                ):
                    kept.append(path)
    except OSError:
        return []
    return sorted(kept)


def _snapshot(
    cache: Path, model_id: str, revision: str | None = None, found: list[Path] | None = None
) -> Path | None:
    """The snapshot of model_id for revision: the commit refs/REVISION names (a branch or a
    tag), or the one snapshot whose commit starts with it (7 digits or more); without a
    revision, refs/main's (None where the cache lacks it, as for @main), else, with no
    refs/main, the newest. found: the snapshots, if already listed."""
    repo = _repo(cache, model_id)
    ref = _ref(repo, revision or "main")
    if ref and (repo / "snapshots" / ref).is_dir() and _inside(repo / "snapshots" / ref, repo):
        return repo / "snapshots" / ref
    if ref and revision is None:  # refs/main names a commit the cache lacks: as @main
        return None
    found = _snapshots(repo) if found is None else found
    if revision is not None:
        if not COMMIT.fullmatch(revision):
            return None
        match = [path for path in found if path.name.startswith(revision)]
        return match[0] if len(match) == 1 else None
    return max(found, key=_modified, default=None)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _ref_names(refs: Path) -> list[str]:
    """The names of the ref files under refs (main, v1.0, refs/pr/1), as the Hub spells a
    revision; a few levels deep and a thousand at most, whatever a crafted cache holds."""
    names: list[str] = []
    stack = [(refs, "", 0)]
    while stack and len(names) < MAX_REFS:
        folder, prefix, depth = stack.pop()
        try:
            with os.scandir(folder) as entries:
                found = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in entries)
        except OSError:
            continue
        for name, is_dir in found[:MAX_REFS]:
            if is_dir and depth < MAX_REF_DEPTH:
                stack.append((folder / name, f"{prefix}{name}/", depth + 1))
            elif not is_dir and REVISION.fullmatch(prefix + name):
                names.append(prefix + name)
    return sorted(names)


def _shared(a: str, b: str) -> int:
    """How many characters a and b share at their start."""
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _shorts(commits: list[str]) -> dict[str, str]:
    """Each commit cut to 12 digits, or as many more as tell it from the others: one more
    than it shares with its neighbours in order (comparing each with all the others took
    most of the time to list a cache of 60,000 snapshots)."""
    ordered = sorted(set(commits))
    out = {}
    for i, commit in enumerate(ordered):
        near = [ordered[j] for j in (i - 1, i + 1) if 0 <= j < len(ordered)]
        shared = max((_shared(commit, o) for o in near), default=0)
        out[commit] = commit[: max(12, shared + 1)]
    return out


def revisions(cache: Path, model_id: str, every_ref: bool = False) -> list[tuple[str, Path]]:
    """(revision, snapshot) of every snapshot of model_id the cache can open: its refs
    (branches, tags) that name one there (the first of them by name; every_ref: each), then
    the snapshots no ref names, by their commit (cut short where that stays unique; a name
    that is no commit, one ending in a line break, cannot be asked for and is left out)."""
    repo = _repo(cache, model_id)
    found = _snapshots(repo)
    by_name = {path.name: path for path in found}
    out: list[tuple[str, Path]] = []
    named: set[str] = set()
    for name in _ref_names(repo / "refs"):
        commit = _ref(repo, name)
        if commit in by_name and (every_ref or commit not in named):
            out.append((name, by_name[commit]))
            named.add(commit)
    shorts = _shorts(list(by_name))
    out += [(shorts[c], by_name[c]) for c in by_name if c not in named and COMMIT.fullmatch(c)]
    return out


def cached_models(cache: Path | None = None) -> list[tuple[str, Path]]:
    """(name, snapshot folder) of every snapshot in the cache with a config.json, by id: the
    model id, with @REVISION after it where the cache holds several of that model. Only what
    `locate` opens by that name is listed (a folder named models--a b is not)."""
    cache = cache or hub_cache()
    out = []
    try:
        with os.scandir(cache) as entries:
            repos = sorted(e.name for _, e in zip(range(10_000), entries, strict=False))
    except OSError:
        return []
    for repo_name in repos:
        model_id = repo_name.removeprefix("models--").replace("--", "/", 1)
        reference = model_reference(model_id)
        if not repo_name.startswith("models--") or reference is None or reference.revision:
            continue
        if reference.model_id != model_id or not (cache / repo_name).is_dir():
            continue
        found = [
            (f"{model_id}@{revision}", snapshot)
            for revision, snapshot in revisions(cache, model_id)
            if (snapshot / CONFIG).is_file()
        ]
        if len(found) > 1:
            out.extend(found)
            continue
        snapshot = _snapshot(cache, model_id)  # the one `locate` opens by the id alone
        if snapshot is not None and (snapshot / CONFIG).is_file():
            out.append((model_id, snapshot))
    return out


def locate(path: str | os.PathLike[str], cache: Path | None = None) -> ModelFolder:
    """What path names: a model folder (with config.json), a config.json file, or a model in
    the local cache (org/name, name, with @REVISION, or its hub URL). ValueError with one line
    otherwise."""
    text = str(path)
    if not text.strip():
        raise ValueError(tr("model.not_found", path=repr(text)))
    said = _one_line(text)
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
        raise ValueError(tr("model.not_found", path=said))
    root = cache or hub_cache()
    snapshot = _snapshot(root, reference.model_id, reference.revision)
    if snapshot is None:
        raise ValueError(_not_cached(root, reference))
    config = snapshot / CONFIG
    if os.path.lexists(config) and not _inside(config, _repo(root, reference.model_id)):
        raise ValueError(tr("model.outside", model=reference.name, file=CONFIG))
    if not os.path.lexists(config):
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
        names = sorted(os.listdir(snapshots)) if os.path.lexists(snapshots) else []
        for name in names:
            (snapshots / name).stat()  # ELOOP, EACCES … for the first that fails
    except OSError as err:
        reason = _reason(err)
    else:
        held = [name for name, _ in revisions(cache, model_id, every_ref=True)]
        asked = reference.revision
        matching = [name for name in names if asked and COMMIT.fullmatch(asked)
                    and COMMIT.fullmatch(name) and name.startswith(asked)]  # fmt: skip
        if asked is not None and len(matching) > 1:  # a short commit two snapshots start with
            return tr(
                "model.ambiguous_revision",
                model=model_id,
                revision=asked,
                held=", ".join(name[: len(asked) + 4] for name in matching[:8]),
            )
        # Asked for no revision, it is main's (refs/main naming a commit the cache lacks).
        asked = asked or ("main" if _ref(repo, "main") else None)
        if asked is not None and held:
            return tr(
                "model.no_revision",
                model=model_id,
                revision=asked,
                held=", ".join(held[:8]),
                hint=hint,
            )
        # A gated model's download stops before its config: the folder, no snapshot.
        return tr("model.no_snapshot", model=model_id, folder=snapshots, hint=hint)
    return tr("model.snapshot_unreadable", model=model_id, folder=snapshots, reason=reason)


def _one_line(text: str) -> str:
    """text as a message may quote it: a line break or control character escaped, the rest
    as typed."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


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
