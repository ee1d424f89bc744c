"""Writing files so that nothing is ever half-written or lost.

A file is written to a temporary file beside it, through the descriptor that created it
(``O_EXCL | O_NOFOLLOW``: never through a symlink someone slipped in), flushed to the disk,
read back for its size and its format's end marker, given the target's mode (or the user's
umask for a new file), and only then renamed over the target. On any failure, interrupt or
error, the temporary file is removed and the old file is untouched.

Temporary files are named ``.<name>.<pid>.<token>.pe-clock-part``; one left by a killed
process (its pid is gone) is removed the next time PE Clock writes into that folder.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from pe_clock.core.i18n import tr

PART_SUFFIX = ".pe-clock-part"
_PART = re.compile(r"^\..*\.(\d{1,10})\.[0-9a-f]{6}" + re.escape(PART_SUFFIX) + "$", re.DOTALL)
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
        if not folder.is_dir():
            raise WriteError(tr("export.no_folder", path=folder))
        limit = os.pathconf(folder, "PC_NAME_MAX")
        if len(os.fsencode(path.name)) > limit:
            raise WriteError(tr("export.name_too_long", name=path.name[:40] + "…", limit=limit))
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


def clean_stale_parts(folder: Path) -> None:
    """Remove temporary files that killed PE Clock processes left in folder."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            match = _PART.match(entry.name)
            if match is None or not entry.is_file(follow_symlinks=False):
                continue
            pid = int(match.group(1))
            if 0 < pid < _PID_MAX and pid != os.getpid() and not _alive(pid):
                with contextlib.suppress(OSError):
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
        with contextlib.suppress(OSError):  # the renames themselves reach the disk
            folder_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(folder_fd)
            finally:
                os.close(folder_fd)
    return [path for _, path in staged]


def _stage(path: Path, write: Callable[[BinaryIO], object]) -> Path:
    """write(file) into a checked temporary file beside path; its name, or WriteError (and no
    temporary file)."""
    check_target(path)
    folder = path.parent
    clean_stale_parts(folder)
    existing = path.stat() if path.exists() else None
    mode = stat.S_IMODE(existing.st_mode) if existing is not None else _new_file_mode()
    kept = os.fsencode(path.name)[:_NAME_KEPT].decode(errors="ignore")  # bytes, not characters
    tmp = folder / f".{kept}.{os.getpid()}.{secrets.token_hex(3)}{PART_SUFFIX}"
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
