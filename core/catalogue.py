"""The message catalogue's files: gettext's .po to read and write, .mo to compile.

The texts live in `core/locale`: the template `pe_clock.pot` holds the source language,
English (each message's key as its `msgctxt`, its English as `msgid`), and each translation is
`<lang>/LC_MESSAGES/pe_clock.po`, the format Poedit, Weblate and `msgfmt` read. At run time
`core.i18n` reads only the compiled .mo files, with the standard library's `gettext`; this
module writes them (`python -m pe_clock.core.catalogue` after editing a .po), and the tests
check that every .mo matches its .po.

Pure standard library: the reader knows the subset of the PO format these files use (comments,
msgctxt, msgid, msgstr, strings continued over lines), which is what msgfmt and Poedit write.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "pe_clock"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: The source language's compiled catalogue: key -> English, read by `core.i18n`.
SOURCE_MO = LOCALE / "en" / "LC_MESSAGES" / f"{DOMAIN}.mo"
HEADER = (
    "Project-Id-Version: PE Clock\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
)


@dataclass(frozen=True)
class Entry:
    """One message: its key (msgctxt), English (msgid), translation (msgstr, "" in the
    template) and the comments above it for translators."""

    key: str
    source: str
    text: str
    comments: tuple[str, ...] = ()


def translation_path(language: str, suffix: str = ".po") -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def translations() -> list[str]:
    """The languages with a .po file, besides the source language."""
    return sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if len(parts) <= 1:
        return f'"{parts[0] if parts else ""}"'
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def write_po(path: Path, entries: list[Entry], language: str = "") -> None:
    """Write entries as a .po file (as a template without a language)."""
    header = HEADER + (f"Language: {language}\n" if language else "")
    out = [f'msgid ""\nmsgstr {_quote(header)}\n']
    for entry in entries:
        lines = [f"#. {comment}" for comment in entry.comments]
        lines += [
            f"msgctxt {_quote(entry.key)}",
            f"msgid {_quote(entry.source)}",
            f"msgstr {_quote(entry.text)}",
        ]
        out.append("\n".join(lines) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, in order, without its header.

    Raises
    ------
    ValueError
        On a line the reader does not know, naming the file and line.
    """
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    comments: list[str] = []
    current = ""

    def finish() -> None:
        if fields.get("msgid"):
            entries.append(
                Entry(
                    fields.get("msgctxt", ""),
                    fields["msgid"],
                    fields.get("msgstr", ""),
                    tuple(comments),
                )
            )
        fields.clear()
        comments.clear()

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if "msgid" in fields:
                finish()
            if stripped.startswith("#."):
                comments.append(stripped[2:].strip())
            continue
        keyword, _, rest = stripped.partition(" ")
        if keyword in ("msgctxt", "msgid", "msgstr"):
            if keyword in fields or (keyword != "msgstr" and "msgid" in fields):
                finish()
            current = keyword
            fields[keyword] = _unquote(rest, path, number)
        elif stripped.startswith('"') and current:
            fields[current] += _unquote(stripped, path, number)
        else:
            raise ValueError(f"{path}:{number}: not a line of a .po file: {line!r}")
    finish()
    return entries


def _unquote(text: str, path: Path, number: int) -> str:
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise ValueError(f"{path}:{number}: expected a quoted string: {text!r}")
    import ast  # only where .po files are read (compiling, tests), not at every start

    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def mo_bytes(messages: dict[str, str]) -> bytes:
    """A gettext .mo file (little-endian, revision 0) of msgid -> msgstr, with the header
    that declares UTF-8 as the empty msgid."""
    catalog = {"": HEADER, **messages}
    ids = sorted(catalog)
    keys = [key.encode() for key in ids]
    values = [catalog[key].encode() for key in ids]
    start = 7 * 4 + 16 * len(ids)  # header, then the two tables of (length, offset)
    offsets = []
    position = start
    for data in (*keys, *values):
        offsets.append((len(data), position))
        position += len(data) + 1
    out = struct.pack("<7I", 0x950412DE, 0, len(ids), 28, 28 + 8 * len(ids), 0, 0)
    out += b"".join(struct.pack("<2I", *pair) for pair in offsets)
    out += b"".join(data + b"\0" for data in (*keys, *values))
    return out


def read_mo(path: Path, data: bytes | None = None) -> dict[str, str]:
    """The messages of a .mo file written by `mo_bytes` (little-endian), without its header:
    the source catalogue's keys, which gettext's lookups do not list. data: the file's bytes,
    if read already.

    Raises
    ------
    ValueError
        For a file that is not such a .mo (too short, another magic, a string past its end,
        text that is not UTF-8).
    """
    data = path.read_bytes() if data is None else data
    try:
        magic, _, count, ids_at, texts_at = struct.unpack_from("<5I", data)
        if magic != 0x950412DE:
            raise ValueError("not a little-endian .mo file")

        def strings(table: int) -> list[str]:
            found = []
            for n in range(count):
                length, offset = struct.unpack_from("<2I", data, table + 8 * n)
                if offset + length > len(data):
                    raise ValueError("a string past the end of the file")
                found.append(data[offset : offset + length].decode())
            return found

        pairs = zip(strings(ids_at), strings(texts_at), strict=True)
    except (struct.error, UnicodeDecodeError) as err:
        raise ValueError(f"{path}: not a .mo file ({err})") from None
    return {key: text for key, text in pairs if key}


def compiled(language: str) -> bytes:
    """The .mo of a language: for the source language, key -> English; for a translation,
    "key\\x04English" -> its text (gettext's form of a msgctxt), translated entries only."""
    if language == "en":
        return mo_bytes({entry.key: entry.source for entry in read_po(TEMPLATE)})
    return mo_bytes(
        {f"{e.key}\x04{e.source}": e.text for e in read_po(translation_path(language)) if e.text}
    )


def compile_all() -> list[Path]:
    """Write every .mo from its .po (and the source catalogue from the template)."""
    written = []
    for language in ("en", *translations()):
        path = SOURCE_MO if language == "en" else translation_path(language, ".mo")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled(language))
        written.append(path)
    return written


if __name__ == "__main__":
    for written in compile_all():
        print(written.relative_to(LOCALE.parent.parent))
