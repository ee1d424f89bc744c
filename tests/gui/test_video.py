"""Lectures that travel (gui.export.video, gui.export.page): MP4 and WebM videos decoded back
with PyAV, frame by frame against the still export; one self-contained web page parsed for
what it holds and what it must not reference; the same from the notebook's `save` and the
widget's picture kept in a saved notebook."""

from __future__ import annotations

import base64
import html.parser
import io
import json
import re
import sys

import numpy as np
import pytest
from PIL import Image

import pe_clock
from pe_clock.gui.export import animation, video
from pe_clock.gui.window.keys import BY_ACTION
from tests.gui.helpers import cli_main, parts

av = pytest.importorskip("av")

SIZE = ("--width", "640", "--height", "360")


def decoded(path) -> tuple[str, str, list[np.ndarray]]:
    """The video's codec, pixel format and frames (RGB) as a player decodes them."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        codec, pix_fmt = stream.codec_context.name, stream.codec_context.pix_fmt
        frames = [frame.to_ndarray(format="rgb24") for frame in container.decode(stream)]
    return codec, pix_fmt, frames


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    error = np.mean((a.astype(float) - b.astype(float)) ** 2)
    return float("inf") if error == 0 else 10 * np.log10(255**2 / error)


def still(capsys, tmp_path, view: str, pos: int, lang: str = "en") -> np.ndarray:
    out = tmp_path / f"still-{pos}.png"
    code, _, err = cli_main(capsys, "--lang", lang, "export", "--view", view, "--pos", str(pos),
                            *SIZE, "--out", str(out))  # fmt: skip
    assert code == 0, err
    return np.asarray(Image.open(out).convert("RGB"))


@pytest.mark.parametrize(("suffix", "codec"), [(".mp4", "h264"), (".webm", "vp9")])
def test_a_video_is_the_still_exports_frames_a_player_decodes(capsys, tmp_path, suffix, codec):
    out = tmp_path / f"play{suffix}"
    argv = ["--view", "clock", "--from", "3", "--to", "14", "--fps", "60", *SIZE, "--out", str(out)]
    code, said, err = cli_main(capsys, "--lang", "en", "export", *argv)
    assert code == 0 and said.strip() == str(out), err
    name, pix_fmt, frames = decoded(out)
    assert (name, pix_fmt, len(frames)) == (codec, "yuv420p", 12)
    assert frames[0].shape == (360, 640, 3)
    # frame N is the still at that position, up to the codec's loss
    assert psnr(frames[0], still(capsys, tmp_path, "clock", 3)) > 35
    assert psnr(frames[-1], still(capsys, tmp_path, "clock", 14)) > 35
    assert psnr(frames[0], frames[-1]) < 30  # (the hands moved: not one frame twelve times)
    assert parts(tmp_path) == []


def test_a_video_is_refused_before_drawing_where_it_cannot_be_played(capsys, tmp_path):
    out = tmp_path / "play.mp4"
    for argv, words in (
        (["--width", "641", "--height", "360"], "even width and height"),
        (["--width", "4000", "--height", "2250"], "at most 3840 × 2160"),
        (["--fps", "61"], "--fps must be"),
    ):
        code, _, err = cli_main(capsys, "export", "--view", "clock", *argv, "--out", str(out))
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    code, _, err = cli_main(capsys, "export", "--view", "clock", "--fps", "55",
                            "--out", str(tmp_path / "play.gif"))  # fmt: skip
    assert code == 2 and "--fps must be" in err  # a GIF's delays: 50 a second at most
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_without_pyav_one_line_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "av", None)
    code, _, err = cli_main(capsys, "export", "--view", "clock", "--out", str(tmp_path / "v.mp4"))
    assert code == 2 and 'pip install "pe-clock[video]"' in err
    assert len(err.strip().splitlines()) == 1 and list(tmp_path.iterdir()) == []


def test_a_stopped_video_leaves_the_old_file_and_nothing_else(state, tmp_path):
    out = tmp_path / "lecture.mp4"
    out.write_bytes(b"the old video")
    stop_after = iter(range(3, -1, -1))
    written = animation.export_animation(
        out, "heatmap", state, 0, 9, 10, 640, 360, progress=lambda *_: next(stop_after) > 0
    )
    assert written is None and out.read_bytes() == b"the old video" and parts(tmp_path) == []


class FullDisk(io.BytesIO):
    """A file on a disk that fills after a few kilobytes."""

    def write(self, data) -> int:
        if self.tell() + len(data) > 20_000:
            raise OSError(28, "No space left on device")
        return super().write(data)


@pytest.mark.parametrize("suffix", [".mp4", ".webm"])
def test_a_full_disk_under_a_video_is_the_disk_s_error_not_pyav_s(suffix):
    """FFmpeg met the full disk in its write callback and PyAV raised its own error (a
    RuntimeError) when the file closed: a traceback on the command line."""
    noise = np.random.default_rng(0).integers(0, 255, (360, 640, 4), dtype=np.uint8)
    pictures = [(noise, 1)] * 5
    with pytest.raises(OSError, match="No space left"):
        video.write_held(FullDisk(), suffix, pictures, 10, 640, 360, lambda: None)


class Page(html.parser.HTMLParser):
    """What a browser would fetch for the page, its texts and its elements by id."""

    def __init__(self) -> None:
        super().__init__()
        self.fetched: list[str] = []
        self.ids: dict[str, dict[str, str | None]] = {}
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        if found.get("id"):
            self.ids[str(found["id"])] = found
        for name in ("src", "href", "srcset", "poster", "data"):
            if found.get(name) is not None:
                self.fetched.append(str(found[name]))


def test_a_page_holds_every_frame_and_references_nothing_outside_itself(capsys, tmp_path):
    out = tmp_path / "play.html"
    code, _, err = cli_main(capsys, "--lang", "ko", "export", "--view", "heatmap", "--from", "5",
                            "--to", "9", *SIZE, "--out", str(out))  # fmt: skip
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    page = Page()
    page.feed(text)
    assert all(url.startswith("data:image/png;base64,") for url in page.fetched)
    assert not re.search(r"https?://|url\((?!data:font/ttf;base64,)|@import|<link\b", text)
    assert {"frame", "pos", "play", "caption"} <= set(page.ids) and page.tags.count("script") == 1
    assert page.ids["pos"]["max"] == "4" and '<html lang="ko">' in text
    frames = json.loads(re.search(r"const FRAMES = (\[.*?\]);", text, re.S)[1].replace(",\n]", "]"))
    assert len(frames) == 5
    first = frames[0]
    png = base64.b64decode(first["png"])
    picture = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    assert psnr(picture, still(capsys, tmp_path, "heatmap", 5, "ko")) == float("inf")  # the still
    assert "위치 pos 5" in first["caption"] and first["description"]
    assert page.ids["frame"]["alt"] == first["description"]
    keys = json.loads(re.search(r"const KEYS = (\{.*?\});", text)[1])
    assert keys["ArrowRight"] == keys[" "] == "next" and keys["Home"] == "first"
    assert keys["k"] == keys["K"] == "play"
    assert set(keys.values()) == {"next", "previous", "first", "last", "play"}
    assert len(BY_ACTION["next"].keys) <= len([k for k, a in keys.items() if a == "next"])


def test_a_hostile_model_name_in_a_page_stays_text(tmp_path):
    from pe_clock.gui.export.page import PageFrame, write_page

    hostile = "</script><script>alert(1)</script>"
    out = io.BytesIO()
    frames = [PageFrame(b"\x89PNG", hostile, hostile)]
    write_page(out, frames, 1, 4, 10, 10, hostile, "en", lambda: None)
    text = out.getvalue().decode()
    assert "<script>alert" not in text and text.count("<script>") == 1


def test_the_notebook_saves_videos_and_pages_as_the_command_line_does(tmp_path):
    drawn = pe_clock.figure("clock", width=640, height=360, lang="en")
    video = drawn.save(tmp_path / "clock.mp4", start=0, stop=4, fps=30)
    assert decoded(video)[0] == "h264" and len(decoded(video)[2]) == 5
    page = drawn.save(tmp_path / "clock.html", stop=2)
    assert page.read_text().count('"png":') == 3
    with pytest.raises(ValueError, match="fps"):
        drawn.save(tmp_path / "clock.gif", fps=55)
    with pytest.raises(ValueError, match="applies to animations only"):
        drawn.save(tmp_path / "clock.png", start=3)
    with pytest.raises(ValueError, match="even width"):
        pe_clock.figure("clock", width=641, height=360).save(tmp_path / "odd.mp4")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clock.html", "clock.mp4"]


def test_a_saved_notebook_shows_the_widgets_picture_unrun(qapp):
    """The widget's output carries its frame as image/png beside the widget view, and its
    numbers and description as text: GitHub, nbviewer and a notebook opened without a
    kernel show the picture."""
    widget = pe_clock.explore("heatmap", lang="en", width=640, height=360)
    data = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    png = base64.b64decode(data["image/png"])
    assert png == bytes(widget.explorer.image.value) and png.startswith(b"\x89PNG")
    assert data["text/plain"].startswith("Heatmap") and "pos 0" in data["text/plain"]
    widget.close()


def test_a_deck_plays_as_a_lecture_video_each_scene_for_its_time(capsys, tmp_path):
    """Each scene as its slide (title, figure, note): one without positions held 6 s, one
    with positions stepping through them 0.75 s apart, its last held 2 s, at 4 frames a
    second; the first frame is the handout's first page."""
    from pe_clock.gui.export.handout import LECTURE_FPS

    deck = tmp_path / "two.toml"
    deck.write_text(
        '[[scene]]\nview = "clock"\ntitle_en = "The clock"\n'
        '[[scene]]\nview = "heatmap"\npositions = [0, 2]\ntitle_en = "Stepping"\n'
    )
    out = tmp_path / "lecture.mp4"
    slides = ("--lang", "en", "export", "--deck", str(deck), "--width", "960", "--height", "540")
    code, _, err = cli_main(capsys, *slides, "--out", str(out))
    assert code == 0, err
    name, pix_fmt, frames = decoded(out)
    assert (name, pix_fmt) == ("h264", "yuv420p")
    assert LECTURE_FPS == 4 and len(frames) == 24 + 3 + 3 + 8
    code, _, err = cli_main(capsys, *slides, "--out", str(tmp_path / "pages") + "/")
    assert code == 0, err
    page = np.asarray(Image.open(tmp_path / "pages" / "01-clock.png").convert("RGB"))
    assert psnr(frames[0], page) > 35 and psnr(frames[23], page) > 35
    assert psnr(frames[24], frames[-1]) < 40  # the heatmap stepped from position 0 to 2
    for argv, said in ((["--paper", "a4"], "--paper"), (["--width", "641"], "even width")):
        code, _, err = cli_main(capsys, "export", "--deck", str(deck), *argv,
                                "--out", str(tmp_path / "bad.mp4"))  # fmt: skip
        assert code == 2 and said in err and not (tmp_path / "bad.mp4").exists()


def test_a_korean_page_carries_a_font_every_browser_takes():
    """The bundled font inside a page in Korean, without the tables Chromium's sanitizer
    refuses (NanumGothic's empty TSI3 left every Hangul word as boxes); every other table's
    bytes as they were. Chromium drew the page's Hangul with it (looked at by hand)."""
    import struct

    from pe_clock.gui.export.page import font_face, web_font
    from pe_clock.gui.platform.resources import KOREAN_FONT

    def tables(font: bytes) -> dict[bytes, bytes]:
        count = struct.unpack_from(">H", font, 4)[0]
        records = [struct.unpack_from(">4sIII", font, 12 + 16 * n) for n in range(count)]
        return {tag: font[start : start + length] for tag, _, start, length in records}

    original, served = tables(KOREAN_FONT.read_bytes()), tables(web_font(KOREAN_FONT.read_bytes()))
    assert any(tag.startswith(b"TSI") for tag in original)
    assert all(data and not tag.startswith(b"TSI") for tag, data in served.items())
    assert all(original[tag] == data for tag, data in served.items())
    assert {b"glyf", b"cmap", b"head", b"loca"} <= set(served)
    assert font_face("pos 7") == "" and "data:font/ttf;base64," in font_face("위치 7")
