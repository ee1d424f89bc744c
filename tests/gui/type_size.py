"""The size of every text an SVG export draws, in the export's pixels: Qt's SVG generator
writes each run of text as glyphs in a group that carries its font's size and the whole
transform it is drawn with (`matrix(a, b, c, d, e, f)`), so a glyph is font-size times the
matrix's scale pixels tall (its em)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
MATRIX = re.compile(r"matrix\(([^)]*)\)")


def _scale(transform: str) -> float:
    """The scale of a group's transform (the square root of the area a unit square takes)."""
    found = MATRIX.search(transform)
    if found is None:
        return 1.0
    a, b, c, d, *_ = (float(n) for n in re.split(r"[ ,]+", found.group(1).strip()))
    return math.sqrt(abs(a * d - b * c))


def text_sizes(svg: bytes) -> list[tuple[float, str]]:
    """(em in pixels, text) of every run of text in svg."""
    found = []
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        size = group.get("font-size")
        if size is None:
            continue
        text = "".join(glyph.get("aria-label", "") for glyph in group.iter(f"{SVG}g"))
        text += "".join(element.text or "" for element in group.iter(f"{SVG}text"))
        if text.strip():
            found.append((float(size) * _scale(group.get("transform", "")), text))
    return found
