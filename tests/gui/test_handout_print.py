"""Handouts that print: A4 and Letter pages, print-size type, the deck's title, and text that
copies out of every PDF PE Clock writes as it was written (spaces included)."""

import ctypes
import math
import re

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject
from PySide6.QtGui import QImage

from pe_clock.gui.export import render as export
from pe_clock.gui.export.handout import export_handout
from pe_clock.gui.export.pdf_text import readable_spaces
from pe_clock.gui.model.deck import parse_deck, read_deck
from tests.gui.helpers import cli_main, export_cli

#: Points per inch over CSS pixels per inch.
PT = 72 / 96


def copied_pages(path):
    """The pages as a PDF reader copies them: Qt draws synthetic bold twice, the second time
    marked /ActualText <> (nothing to copy), which pypdf does not honour: left out here."""
    writer = PdfWriter(clone_from=str(path))
    for page in writer.pages:
        stream = DecodedStreamObject()
        data = page.get_contents().get_data()
        stream.set_data(re.sub(rb"/Span << /ActualText <> >> BDC.*?EMC", b"", data, flags=re.S))
        page.replace_contents(stream)
    return writer.pages


def squashed(text):
    return re.sub(r"\s+", "", text)


def read_page(page):
    """A PDF page's text as pdfium copies it, and (size in points, x, y, text) of every
    character of it (pypdf reads a page's drawing in Python: a second of CPU for a handout's;
    pdfium reads it in C, but hides a space copied as U+0001: `copied_pages` checks that)."""
    textpage = page.get_textpage()
    matrix, x, y = raw.FS_MATRIX(), ctypes.c_double(), ctypes.c_double()
    runs = []
    for index in range(textpage.count_chars()):
        char = textpage.get_text_range(index, 1)
        if char.strip():
            raw.FPDFText_GetMatrix(textpage.raw, index, ctypes.byref(matrix))
            raw.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
            size = raw.FPDFText_GetFontSize(textpage.raw, index) * math.hypot(matrix.c, matrix.d)
            runs.append((size, x.value, y.value, char))
    return textpage.get_text_bounded(), runs


def is_script(run, runs):
    """A superscript or subscript (Qt draws them at two thirds of their line's type): small,
    on the line of a run of body type."""
    y = run[2]
    return any(big >= 8 and abs(by - y) < big for big, _, by, _ in runs)


def test_a_letter_handout_has_letter_pages(tmp_path):
    (tmp_path / "one.toml").write_text('title_en = "Week 1"\n[[scene]]\nview = "heatmap"\n')
    out = export_cli("--deck", "one.toml", "--paper", "letter", "--out", "h.pdf", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    reader = PdfReader(tmp_path / "h.pdf")
    (page,) = reader.pages
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    assert reader.metadata.title == "Week 1"


def test_a_printed_handout_has_paper_pages_print_type_and_the_deck_title(tmp_path):
    points = (595, 842)
    out = export_cli("--deck", "default", "--paper", "a4", "--lang", "ko", "--out", "h.pdf",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    pdf = pdfium.PdfDocument(tmp_path / "h.pdf")
    scenes = read_deck("default")
    assert len(pdf) == len(scenes)
    assert pdf.get_metadata_dict()["Title"] == "사인·코사인 위치 인코딩"
    texts = []
    for number, (page, scene) in enumerate(zip(pdf, scenes, strict=True), start=1):
        assert tuple(round(side) for side in page.get_size()) == points
        text, runs = read_page(page)
        small = [run for run in runs if run[0] < 8 - 1e-6]
        assert all(is_script(run, runs) for run in small), (number, small[:5])
        # The scene's title and note and the footer (compared without white space: a reader
        # breaks lines where the type does).
        texts.append(squashed(text))
        for name in ("title_ko", "note_ko"):
            assert squashed(scene.texts[name]) in texts[-1]
        assert squashed(f"{len(scenes)}쪽 중 {number}쪽") in texts[-1]
    # Scene 9 (R(k)) has its caption under the figure, not on it: the explanation is there once.
    rotation = next(i for i, s in enumerate(scenes) if s.view == "rotation")
    assert texts[rotation].count("덧셈공식") == 1


def test_printed_pages_are_light_whatever_the_deck_projects(tmp_path, state):
    scenes = parse_deck('[[scene]]\nview = "heatmap"\ntheme = "dark"\n')
    (tmp_path / "p").mkdir()
    (path,) = export_handout(tmp_path / "p", scenes, state, paper="a4")
    image = QImage(str(path))
    assert (image.width(), image.height()) == (round(210 / 25.4 * 192), round(297 / 25.4 * 192))
    assert round(image.dotsPerMeterX() * 0.0254) == 192  # prints at A4's size
    assert image.pixelColor(5, 5).lightness() == 255


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--deck", "default", "--paper", "a5", "--out", "h.pdf"], "paper"),
        (["--deck", "default", "--paper", "a4", "--width", "800", "--out", "h.pdf"], "--width"),
        (["--paper", "a4", "--out", "h.pdf"], "--paper"),
    ],
)
def test_a_bad_paper_exits_2_with_one_line(tmp_path, args, named, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli_main(capsys, "export", *args)
    assert code == 2 and not (tmp_path / "h.pdf").exists()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and named in lines[0], err


@pytest.mark.parametrize("language", ["en", "ko"])
def test_text_copied_from_a_figure_pdf_reads_as_written(tmp_path, state, language):
    """The bundled Korean font maps the space and U+0001 to one glyph: spaces copied as ^A."""
    state.set(language=language)
    from pe_clock.core.i18n import set_language

    set_language(language)
    try:
        path = export.export_figure(tmp_path / "f.pdf", "heatmap", state, 1000, 800)
    finally:
        set_language("en")
    text = copied_pages(path)[0].extract_text()
    assert "\x01" not in text
    assert "PE(pos, dim) · d_model 512" in text


def test_a_handout_pdf_copies_its_spaces(tmp_path):
    """Read from its first page until every font of the document has been read: Qt embeds
    a font once, with one map from its glyphs to text for all the pages that use it."""
    out = export_cli("--deck", "default", "--width", "960", "--height", "540", "--out", "h.pdf",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    pages = copied_pages(tmp_path / "h.pdf")
    fonts = [page["/Resources"].get_object()["/Font"].get_object() for page in pages]
    used = [{font.raw_get(name).idnum for name in font} for font in fonts]
    every, read, text = set().union(*used), set(), ""
    for page, its in zip(pages, used, strict=True):
        if read >= every:
            break
        text, read = text + page.extract_text(), read | its
    assert read == every and len(every) >= 3  # the Korean font, DejaVu Sans and its bold
    assert "\x01" not in text and "Why position? Attention alone ignores word order" in text


def test_mending_the_maps_moves_no_byte():
    """Each destination is rewritten in as many bytes: the cross-reference offsets stay."""
    stream = (
        b"1 beginbfrange\n<0001> <0003> [<0050> <0001> <0045>]\nendbfrange\n"
        b"2 beginbfchar\n<0004> <0001>\n<0005> <0041>\nendbfchar\n"
    )
    pdf = b"%PDF\n/ToUnicode 7 0 R\n7 0 obj\n<< /Length 9 >>\nstream\n" + stream + b"endstream\n"
    mended = readable_spaces(pdf)
    assert len(mended) == len(pdf)
    assert b"[<0050> <0020> <0045>]" in mended and b"<0004> <0020>" in mended
    assert b"<0001> <0003>" in mended  # a code, not a destination: left as it was
