"""Writing files so that nothing is ever half-written or lost.

A file is written to a temporary file beside it, through the descriptor that created it
(``O_EXCL | O_NOFOLLOW``: never through a symlink someone slipped in), flushed to the disk,
read back for its size and its format's end marker, given the target's mode (or the user's
umask for a new file), and only then renamed over the target. On any failure, interrupt or
error, the temporary file is removed and the old file is untouched.

Temporary files are named ``.<name>.<pid>.<nonce>.<tag>.pe-clock-part``, where tag is an
HMAC of the rest under a key only this user's PE Clock holds (`part_key`): one left by a
killed process (its pid is gone) is removed the next time PE Clock writes into that folder,
and no other file is, whatever its name — a stranger's cannot carry the tag by accident.

A new name (the notebook's Save PNG, "pe-clock-clock-2.png") is claimed atomically: the
checked temporary file is hard-linked to it, which fails if anything took the name meanwhile,
and the next name is tried (`atomic_write_new`); never checked first and replaced after.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import hmac
import itertools
import os
import re
import secrets
import signal
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from pe_clock.core.i18n import tr

PART_SUFFIX = ".pe-clock-part"
_PART = re.compile(
    r"^\.(.*)\.(\d{1,10})\.([0-9a-f]{6})\.([0-9a-f]{16})" + re.escape(PART_SUFFIX) + "$", re.DOTALL
)
#: The key's size, in bytes.
_KEY_BYTES = 32
#: Bytes of the target's name kept in a temporary file's name (the rest is dropped, so a
#: target whose name is at the file system's limit can still be written).
_NAME_KEPT = 120
#: Linux's largest process id: a larger "pid" in a name is not one of our temporary files.
_PID_MAX = 1 << 22

#: (end marker, how many trailing bytes to look for it in) per suffix: a file cut short by a
#: full disk lacks it.
END_MARKERS = {
    ".png": (b"IEND\xaeB`\x82", 8),
    ".svg": (b"</svg>", 64),
    ".pdf": (b"%%EOF", 64),
    ".gif": (b";", 1),
}


class WriteError(OSError):
    """A file that could not be written; the message is for the user (its str). An OSError,
    so that a caller may catch it with every other error of the file system."""


class Interrupted(BaseException):
    """Ctrl+C or SIGTERM arrived during a write: the write stops, nothing is left behind.

    A BaseException, like KeyboardInterrupt, so that no ``except Exception`` swallows it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_pending_signal: list[int] = []


def note_signal(signum: int, _frame: object = None) -> None:
    """A signal handler that only records the signal: it is acted on at the next safe point
    (`check_interrupted`), never in the middle of drawing, where an exception raised inside
    Qt's C++ could crash the process or be lost."""
    _pending_signal.append(signum)


def check_interrupted() -> None:
    """Raise Interrupted if a signal was noted (between frames, before a rename)."""
    if _pending_signal:
        raise Interrupted(_pending_signal[0])


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def check_target(path: Path) -> None:
    """Refuse, before anything is drawn, a target that could not be written.

    Raises WriteError naming the problem: the path is a folder, its folder is missing or
    cannot be searched, the name is too long for the file system, or the file exists but is
    read-only (it is then refused, not silently replaced).
    """
    path = Path(path)
    folder = path.parent  # Path("x").parent is Path(".")
    try:
        check_folder(path)
        if path.is_dir():
            raise WriteError(tr("export.is_folder", path=path))
        info = path.lstat() if os.path.lexists(path) else None
    except WriteError:
        raise
    except OSError as err:
        raise WriteError(tr("export.cannot_write", path=folder, reason=_reason(err))) from err
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise WriteError(tr("export.not_regular", path=path))
    # Read-only by its mode (even for root), or not writable by this user: refused, never
    # replaced (in a folder anyone may write to, a rename would replace anyone's file).
    if info is not None and (not info.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK)):
        raise WriteError(tr("export.read_only", path=path))


def _key_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(state) / "pe-clock" / "part-key"


@functools.cache
def part_key() -> bytes:
    """This user's key that signs PE Clock's temporary files' names: read from the user's
    state folder, or made there once (0600, put in place by a hard link, so two processes
    starting together agree on one). Where none can be kept, one for this process alone:
    then only its own files are ever recognised."""
    path = _key_path()
    with contextlib.suppress(OSError, RuntimeError):  # (RuntimeError: no home to find)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not path.exists():
            made = path.with_name(f".part-key.{os.getpid()}.{secrets.token_hex(3)}")
            fd = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(secrets.token_bytes(_KEY_BYTES))
                with contextlib.suppress(FileExistsError):
                    os.link(made, path)
            finally:
                made.unlink(missing_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            key = handle.read(_KEY_BYTES + 1)
        if len(key) == _KEY_BYTES and info.st_uid == os.getuid() and not info.st_mode & 0o077:
            return key
    return secrets.token_bytes(_KEY_BYTES)


def _tag(kept: str, pid: int, nonce: str) -> str:
    message = os.fsencode(f"{kept}/{pid}/{nonce}")
    return hmac.new(part_key(), message, hashlib.sha256).hexdigest()[:16]


def part_name(kept: str, pid: int, nonce: str) -> str:
    """A temporary file's name: the target's name (kept), the process, a nonce and its tag."""
    return f".{kept}.{pid}.{nonce}.{_tag(kept, pid, nonce)}{PART_SUFFIX}"


def check_folder(path: Path) -> None:
    """Refuse a target whose folder is missing or whose name is too long for the file system
    (WriteError); OSError where the folder cannot be searched."""
    folder = path.parent
    if not folder.is_dir():
        raise WriteError(tr("export.no_folder", path=folder))
    limit = os.pathconf(folder, "PC_NAME_MAX")
    if len(os.fsencode(path.name)) > limit:
        raise WriteError(tr("export.name_too_long", name=path.name[:40] + "…", limit=limit))


def clean_stale_parts(folder: Path) -> None:
    """Remove temporary files that killed PE Clock processes of this user left in folder:
    only files whose name carries this user's tag, that this user owns and whose process is
    gone; a file merely named like one is never touched."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            match = _PART.match(entry.name)
            if match is None or not entry.is_file(follow_symlinks=False):
                continue
            kept, pid, nonce, tag = match.group(1), int(match.group(2)), *match.group(3, 4)
            if not 0 < pid < _PID_MAX or pid == os.getpid() or _alive(pid):
                continue
            if hmac.compare_digest(tag, _tag(kept, pid, nonce)):
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_uid == os.getuid():
                        os.unlink(entry.path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but is not ours
    return True


def _new_file_mode() -> int:
    """0666 less the user's umask (0644 under umask 022), as any program creates files."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write(path: Path, write: Callable[[BinaryIO], object]) -> Path:
    """Call write(file) on a new temporary file beside path, then put it in path's place.

    write gets a binary file open on the temporary file. Before the rename the data are
    flushed and synced, the file's size is checked against what was written and, for the
    suffixes in END_MARKERS, its end marker is read back from the disk; a signal noted by
    `note_signal` stops the write (Interrupted) before the rename.

    Raises
    ------
    WriteError
        If the target is refused or the file could not be written in full; path is then
        exactly as it was and no temporary file remains.
    """
    return atomic_write_all([(path, write)])[0]


def atomic_write_all(files: list[tuple[Path, Callable[[BinaryIO], object]]]) -> list[Path]:
    """`atomic_write` for several files at once: all are written and checked beside their
    targets first, and only then put in place, so a failure or a signal leaves every target
    as it was (a handout's pages come all from one run or all from the one before)."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, write in files:
            staged.append((_stage(Path(path), write), Path(path)))
        check_interrupted()
        for tmp, path in staged:
            try:
                os.replace(tmp, path)
            except OSError as err:
                raise WriteError(tr("export.failed", path=path, reason=_reason(err))) from err
    finally:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)  # a no-op once renamed
    for folder in {path.parent for _, path in staged}:
        _sync_folder(folder)  # the renames themselves reach the disk
    return [path for _, path in staged]


def atomic_write_new(names: Iterable[Path], write: Callable[[BinaryIO], object]) -> Path:
    """`atomic_write` under the first of names (all in one folder) that nothing has: the
    checked temporary file is hard-linked to a name, which fails if the name is taken, and
    the next is tried; where the file system has no hard links, the name is created
    exclusively (O_EXCL) and the file renamed over that claim. No file is ever replaced."""
    names = iter(names)
    first = Path(next(names))
    tmp = _stage(first, write, new=True)
    try:
        for candidate in itertools.chain([first], map(Path, names)):
            check_interrupted()
            if _claim(tmp, candidate):
                _sync_folder(candidate.parent)
                return candidate
    finally:
        tmp.unlink(missing_ok=True)
    raise WriteError(tr("export.failed", path=first, reason=os.strerror(errno.EEXIST)))


#: Errors of a file system without hard links (FAT, some network shares).
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS, errno.EXDEV}


def _claim(tmp: Path, path: Path) -> bool:
    """Put tmp's file at path if nothing is there: True, or False if the name is taken."""
    try:
        os.link(tmp, path, follow_symlinks=False)
        return True
    except FileExistsError:
        return False
    except OSError as err:
        if err.errno not in _NO_LINKS:
            raise WriteError(tr("export.failed", path=path, reason=_reason(err))) from err
    try:  # no hard links: claim the name itself, then rename over that claim
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))
        os.replace(tmp, path)
    except FileExistsError:
        return False
    except OSError as err:
        raise WriteError(tr("export.failed", path=path, reason=_reason(err))) from err
    return True


def _sync_folder(folder: Path) -> None:
    """The folder's entries (a rename, a link) on the disk."""
    with contextlib.suppress(OSError):
        folder_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_fd)
        finally:
            os.close(folder_fd)


def _stage(path: Path, write: Callable[[BinaryIO], object], new: bool = False) -> Path:
    """write(file) into a checked temporary file beside path (new: for a name not taken, so
    with a new file's mode); its name, or WriteError (and no temporary file)."""
    if new:
        try:
            check_folder(path)
        except WriteError:
            raise
        except OSError as err:
            reason = _reason(err)
            raise WriteError(tr("export.cannot_write", path=path.parent, reason=reason)) from err
    else:
        check_target(path)
    folder = path.parent
    clean_stale_parts(folder)
    existing = path.stat() if path.exists() and not new else None
    mode = stat.S_IMODE(existing.st_mode) if existing is not None else _new_file_mode()
    kept = os.fsencode(path.name)[:_NAME_KEPT].decode(errors="ignore")  # bytes, not characters
    tmp = folder / part_name(kept, os.getpid(), secrets.token_hex(3))
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(tmp, flags, 0o600)
    except OSError as err:
        raise WriteError(tr("export.cannot_write", path=folder, reason=_reason(err))) from err
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(fd)
            written = handle.tell()
            size = os.fstat(fd).st_size
            if written == 0 or size == 0:
                raise WriteError(tr("export.empty", path=path.name))
            if size != written:
                raise WriteError(
                    tr("export.failed", path=path, reason=tr("export.short", n=size, m=written))
                )
            marker = END_MARKERS.get(path.suffix.lower())
            if marker is not None:
                end, span = marker
                tail = os.pread(fd, span, max(0, size - span))
                if end not in tail:
                    raise WriteError(tr("export.failed", path=path, reason=tr("export.cut")))
            os.fchmod(fd, mode)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        if isinstance(err, WriteError):
            raise
        raise WriteError(tr("export.failed", path=path, reason=_reason(err))) from err
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp
