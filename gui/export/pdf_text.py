"""Text that copies as written from the PDFs Qt writes.

The bundled NanumGothic maps U+0000–U+001F, the space and the no-break space to one glyph, and
Qt's PDF writer names the first of them in each font's ToUnicode map: every space then copies
out of the PDF as U+0001 (`pdftotext` shows `PE(pos,^Adim)`), so a handout cannot be searched
or pasted. PE Clock never draws a control character, so a control character there stands for
the space. The font itself is not changed (its licence reserves its name for the original);
the maps are mended in the written document, each entry rewritten in as many bytes, so the
cross-reference table's offsets stay true.
"""

from __future__ import annotations

import re

_TO_UNICODE = re.compile(rb"/ToUnicode (\d+) 0 R")
#: A two-byte destination that names a control character (U+0001 … U+001F).
_CONTROL = re.compile(rb"<00(?:0[1-9A-Fa-f]|1[0-9A-Fa-f])>")
#: bfrange entries: <first> <last> <destination>, or <first> <last> [<destination> ...].
_RANGE = re.compile(rb"(<[0-9A-Fa-f]+>\s+<[0-9A-Fa-f]+>\s+)(\[[^\]]*\]|<[0-9A-Fa-f]+>)")
#: bfchar entries: <code> <destination>.
_CHAR = re.compile(rb"(<[0-9A-Fa-f]+>\s+)(<[0-9A-Fa-f]+>)")
SPACE = b"<0020>"


def _mend_map(body: bytes) -> bytes:
    def destinations(match: re.Match[bytes]) -> bytes:
        return match.group(1) + _CONTROL.sub(SPACE, match.group(2))

    parts = re.split(rb"(begin(?:bfrange|bfchar)|end(?:bfrange|bfchar))", body)
    mended, section = [], b""
    for part in parts:
        if part.startswith(b"begin") or part.startswith(b"end"):
            section = part
        elif section == b"beginbfrange":
            part = _RANGE.sub(destinations, part)
        elif section == b"beginbfchar":
            part = _CHAR.sub(destinations, part)
        mended.append(part)
    return b"".join(mended)


def readable_spaces(pdf: bytes) -> bytes:
    """pdf with every ToUnicode map's control-character destinations read as spaces; the same
    length, every object where it was."""
    out = bytearray(pdf)
    for number in set(_TO_UNICODE.findall(pdf)):
        header = re.search(rb"(?:^|[\r\n])" + number + rb" 0 obj\s*<<[^>]*>>\s*stream\r?\n", pdf)
        if header is None:
            continue
        start = header.end()
        end = pdf.find(b"endstream", start)
        if end < 0:
            continue
        mended = _mend_map(pdf[start:end])
        if len(mended) == end - start:  # never moves an object (a compressed map is left)
            out[start:end] = mended
    return bytes(out)
