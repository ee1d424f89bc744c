"""Which files PE Clock wrote: its PNGs carry a Software text chunk and its PDFs a Creator,
both "PE Clock". A handout writes over a page only if it bears the mark (an instructor's own
01-heatmap.png in the folder is left alone). Read without Qt, and never more than the head of a
regular file: a FIFO or a link of a page's name is not ours."""

from __future__ import annotations

import os
import stat
import struct
from pathlib import Path

MARK = "PE Clock"
PNG_KEY = "Software"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: How much of a file's head is read for its mark (PE Clock writes it before the pixels).
HEAD_BYTES = 65536
#: The PDF's Creator as Qt writes it: UTF-16 with its byte-order mark.
_PDF_CREATOR = b"/Creator (" + "\ufeffPE Clock".encode("utf-16-be") + b")"


def _head(path: Path) -> bytes:
    """The first HEAD_BYTES of path if it is a regular file (not followed if a link)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return b""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        descriptor = os.open(path, flags)
    except OSError:
        return b""
    with os.fdopen(descriptor, "rb") as handle:
        return handle.read(HEAD_BYTES)


def _png_text(head: bytes) -> dict[str, str]:
    """The tEXt chunks before the first image data chunk."""
    texts, at = {}, len(PNG_SIGNATURE)
    while at + 8 <= len(head):
        length, kind = struct.unpack(">I4s", head[at : at + 8])
        if kind == b"IDAT":
            break
        data = head[at + 8 : at + 8 + length]
        if kind == b"tEXt" and b"\0" in data:
            key, _, value = data.partition(b"\0")
            texts[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + length
    return texts


def written_by_pe_clock(path: Path) -> bool:
    """Whether path is a PNG or PDF that PE Clock wrote."""
    head = _head(Path(path))
    if head.startswith(PNG_SIGNATURE):
        return _png_text(head).get(PNG_KEY) == MARK
    if head.startswith(b"%PDF"):
        return _PDF_CREATOR in head
    return False
