"""An SVG that looks like the PNG in any viewer: text as glyph outlines, strokes in pixels.

Qt's SVG writer keeps text as <text> elements naming the fonts it asked for ("Sans Serif,
NanumGothic"). A viewer without those fonts substitutes its own: Hangul comes out as boxes,
and since Qt places every run of one font by its own x, runs in wider substitutes overlap.

Each <text> element is laid out again by Qt (QTextLayout: the same shaping and font fallback
that drew the PNG) and replaced by its glyphs: each glyph's outline is defined once in <defs>
and placed with <use>. Outlines render in every viewer, including those that ignore web fonts
(librsvg, Inkscape), and need no font at all. The text itself stays in an aria-label.

Qt also draws every line with vector-effect="non-scaling-stroke" inside a group that scales the
plot's coordinates to pixels (by 226 for the large clock). Viewers without that SVG 1.2 feature
(librsvg, which GNOME's viewers and many converters use) scale the 6-pixel hand to 1,359
pixels, a black disc over the figure. The group's transform is applied to the coordinates
instead, so a stroke's width is in pixels in every viewer.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFont, QImage, QPainterPath, QRawFont, QTextLayout, QTextOption

#: Qt's SVG writer works at this resolution (render.SVG_PDF_DPI): font-size is in its pixels.
DPI = 96
_TEXT = re.compile(r"<text\b([^>]*)>(.*?)</text>", re.DOTALL)
_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
#: Attributes of a <text> that style the glyphs and so move to the <g> that replaces it.
_PAINT = ("fill", "fill-opacity", "stroke", "stroke-opacity", "transform", "opacity")


_GROUP = re.compile(r'(<g\b[^>]*?) transform="matrix\(([^)]*)\)"([^>]*>)(.*?)(</g>)', re.DOTALL)
_SHAPE = re.compile(r"<(\w+)\b([^>]*?)/>")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
Matrix = tuple[float, float, float, float, float, float]


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _pairs(m: Matrix, text: str) -> str:
    """Every x,y pair of a polyline's points or of a path's data (absolute M, L, C, Z only),
    mapped by m."""
    numbers = iter(_NUMBER.finditer(text))
    out, last = [], 0
    for first in numbers:
        second = next(numbers)
        x, y = _apply(m, float(first.group()), float(second.group()))
        out.append(text[last : first.start()] + f"{_num(x)},{_num(y)}")
        last = second.end()
    return "".join(out) + text[last:]


def _bake_shape(m: Matrix, tag: str, attributes: str, stroked: bool) -> str | None:
    """The shape with m applied to its coordinates, or None if it cannot be (a rotated
    circle, an image, text, a stroke that scales: the group keeps its transform)."""
    values: dict[str, str] = dict(_ATTRIBUTE.findall(attributes))
    if stroked and "non-scaling-stroke" not in values.get("vector-effect", ""):
        return None
    a, b, c, d = m[:4]
    aligned = b == 0 and c == 0
    if tag in ("polyline", "polygon") and "points" in values:
        values["points"] = _pairs(m, values["points"])
    elif tag == "path" and "d" in values:
        values["d"] = _pairs(m, values["d"])
    elif tag == "line":
        for kx, ky in (("x1", "y1"), ("x2", "y2")):
            values[kx], values[ky] = map(_num, _apply(m, float(values[kx]), float(values[ky])))
    elif tag == "rect" and aligned and "rx" not in values:
        x, y = _apply(m, float(values.get("x", "0")), float(values.get("y", "0")))
        w, h = a * float(values["width"]), d * float(values["height"])
        values.update(
            x=_num(min(x, x + w)), y=_num(min(y, y + h)), width=_num(abs(w)), height=_num(abs(h))
        )
        # Cells of a matrix abut: antialiased, each shared edge would show a pale seam.
        values["shape-rendering"] = "crispEdges"
    elif tag in ("circle", "ellipse") and aligned:
        cx, cy = _apply(m, float(values.get("cx", "0")), float(values.get("cy", "0")))
        rx = float(values.pop("r", "") or values.get("rx", "0"))
        ry = float(values.get("ry") or rx)
        tag = "ellipse"
        values.update(cx=_num(cx), cy=_num(cy), rx=_num(abs(a) * rx), ry=_num(abs(d) * ry))
    else:
        return None
    return f"<{tag}" + "".join(f' {k}="{v}"' for k, v in values.items()) + "/>"


def bake_transforms(svg: str) -> str:
    """Apply each group's matrix to the coordinates of its lines and shapes, so that their
    strokes keep their pixel width without vector-effect."""

    def group(match: re.Match[str]) -> str:
        values = [float(v) for v in match.group(2).replace(",", " ").split()]
        body = match.group(4)
        if len(values) != 6 or "<g" in body:
            return match.group(0)
        a, b, c, d, e, f = values
        shapes = list(_SHAPE.finditer(body))
        stroked = 'stroke="none"' not in match.group(1) + match.group(3)
        baked = [_bake_shape((a, b, c, d, e, f), s.group(1), s.group(2), stroked) for s in shapes]
        lines = [shape for shape in baked if shape is not None]
        if not shapes or _SHAPE.sub("", body).strip() or len(lines) != len(shapes):
            return match.group(0)
        return match.group(1) + match.group(3) + "\n" + "\n".join(lines) + "\n" + match.group(5)

    return _GROUP.sub(group, svg)


def path_data(path: QPainterPath) -> str:
    """SVG path data of a QPainterPath (lines and cubic curves), to 1/100 pixel."""
    out: list[str] = []
    i, n = 0, path.elementCount()
    while i < n:
        e = path.elementAt(i)
        if e.type == QPainterPath.ElementType.CurveToElement:
            c2, end = path.elementAt(i + 1), path.elementAt(i + 2)
            out.append("C" + " ".join(_xy(p) for p in (e, c2, end)))
            i += 3
            continue
        out.append(("M" if e.type == QPainterPath.ElementType.MoveToElement else "L") + _xy(e))
        i += 1
    return "".join(out) + ("Z" if out else "")


def _xy(e: QPainterPath.Element) -> str:
    return f"{_num(e.x)},{_num(e.y)}"


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class GlyphOutliner:
    """Lays out text runs and remembers every glyph outline it has defined."""

    def __init__(self) -> None:
        self._device = QImage(1, 1, QImage.Format.Format_ARGB32)
        dots_per_meter = round(DPI / 0.0254)
        self._device.setDotsPerMeterX(dots_per_meter)
        self._device.setDotsPerMeterY(dots_per_meter)
        self._ids: dict[tuple[str, str, int, float, int], str] = {}
        self.defs: list[str] = []

    def _glyph_id(self, raw: QRawFont, index: int, embolden: bool) -> str:
        key = (raw.familyName(), raw.styleName(), raw.weight(), raw.pixelSize(), index)
        if embolden:
            key = (*key[:2], -1, *key[3:])
        found = self._ids.get(key)
        if found is None:
            found = f"g{len(self._ids)}"
            self._ids[key] = found
            d = path_data(raw.pathForGlyph(index))
            # Qt thickens a font that has no bold face: so does the outline, with a stroke.
            extra = (
                f' stroke="currentColor" stroke-width="{_num(raw.pixelSize() / 30)}"'
                if embolden
                else ""
            )
            self.defs.append(f'<path id="{found}" d="{d}"{extra}/>')
        return found

    def glyphs(self, text: str, font: QFont) -> Iterator[tuple[str, float, float]]:
        """(glyph id, x, y) of each glyph of text, relative to the baseline's start."""
        layout = QTextLayout(text, font, self._device)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.NoWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        line = layout.createLine()
        line.setPosition(QPointF(0, 0))
        layout.endLayout()
        ascent = line.ascent()
        for run in layout.glyphRuns():
            raw = run.rawFont()
            embolden = font.weight() >= QFont.Weight.DemiBold and raw.weight() < font.weight()
            for index, point in zip(run.glyphIndexes(), run.positions(), strict=True):
                if raw.pathForGlyph(index).isEmpty():
                    continue  # a space
                yield self._glyph_id(raw, index, embolden), point.x(), point.y() - ascent


def _font(attributes: dict[str, str]) -> QFont:
    font = QFont()
    families = [f.strip().strip("'") for f in attributes.get("font-family", "").split(",")]
    if any(families):
        font.setFamilies([f for f in families if f])
    size = float(attributes.get("font-size", "12") or 12)
    font.setPointSizeF(size * 72.0 / DPI)
    font.setWeight(QFont.Weight(int(float(attributes.get("font-weight", "400") or 400))))
    font.setItalic(attributes.get("font-style", "normal") in ("italic", "oblique"))
    return font


def portable_svg(svg: bytes) -> bytes:
    """svg as Qt's writer wrote it, with strokes in pixels and text as glyph outlines."""
    document = bake_transforms(svg.decode("utf-8"))
    outliner = GlyphOutliner()

    def replace(match: re.Match[str]) -> str:
        attributes = dict(_ATTRIBUTE.findall(match.group(1)))
        text = html.unescape(match.group(2))
        x0 = float(attributes.get("x", "0") or 0)
        y0 = float(attributes.get("y", "0") or 0)
        uses = "".join(
            f'<use href="#{glyph}" xlink:href="#{glyph}" x="{_num(x0 + x)}" y="{_num(y0 + y)}"/>'
            for glyph, x, y in outliner.glyphs(text, _font(attributes))
        )
        paint = {"stroke": "none", **{k: v for k, v in attributes.items() if k in _PAINT}}
        if "fill" in paint:
            paint["color"] = paint["fill"]  # for the stroke of thickened glyphs
        style = "".join(f' {k}="{v}"' for k, v in paint.items())
        label = html.escape(text.strip(), quote=True)
        return f'<g aria-label="{label}"{style}>{uses}</g>'

    body = _TEXT.sub(replace, document)
    if outliner.defs:
        defs = "<defs>\n" + "\n".join(outliner.defs) + "\n</defs>\n"
        body = re.sub(r"(<svg\b[^>]*>)", lambda m: m.group(1) + "\n" + defs, body, count=1)
    if "xmlns:xlink" not in body[: body.find(">", body.find("<svg")) + 1]:
        body = body.replace("<svg ", '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ', 1)
    return body.encode("utf-8")
