"""Writing files so that they are never half-written: a temporary file, then a rename."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from core.i18n import tr


class WriteError(Exception):
    """A file that could not be written; the message is for the user."""


def atomic_write(path: Path, write: Callable[[Path], None]) -> Path:
    """Call write(temporary path) in path's folder, then rename it over path.

    If anything fails, no temporary file remains and an existing file at path is untouched.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise WriteError(tr("export.is_folder", path=path))
    if not folder.is_dir():
        raise WriteError(tr("export.no_folder", path=folder))
    try:
        handle, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as err:
        raise WriteError(
            tr("export.cannot_write", path=folder, reason=err.strerror or err)
        ) from err
    os.close(handle)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        if tmp.stat().st_size == 0:
            raise WriteError(tr("export.empty", path=path.name))
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise WriteError(tr("export.failed", path=path, reason=err.strerror or err)) from err
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path
