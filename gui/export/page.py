"""One self-contained web page of a view over a range of positions: every frame (a PNG the
still export draws), a slider, play and pause, the window's own keys, each frame's caption
(its numbers) and its description as the picture's alt text. Nothing outside the file is
referenced — no script, style, font or image from the network (a page in Korean carries the
bundled Korean font, `font_face`) — so a student opens it from a course site or an e-mail on
any computer.

The frames are streamed into the file one at a time (a page of 2,000 frames never holds them
all in memory). Every text that reaches the page is escaped: HTML text with `html.escape`,
the script's data as JSON with "<", ">" and "&" as \\u escapes (a model named "</script>"
stays a name).
"""

from __future__ import annotations

import base64
import html
import itertools
import json
import re
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import BinaryIO

from pe_clock.core.i18n import tr
from pe_clock.gui.platform.resources import KOREAN_FONT
from pe_clock.gui.window.keys import BY_ACTION, key_text

#: The window's keys the page knows (`gui.window.keys.BINDINGS`), by action.
PAGE_ACTIONS = ("next", "previous", "first", "last", "play")
#: Qt's key names as a browser's KeyboardEvent.key gives them.
BROWSER_KEYS = {
    "Right": "ArrowRight", "Left": "ArrowLeft", "Up": "ArrowUp", "Down": "ArrowDown",
    "PgDown": "PageDown", "PgUp": "PageUp", "Space": " ", "Return": "Enter",
}  # fmt: skip


@dataclass(frozen=True)
class PageFrame:
    """One frame: its PNG, its caption (the numbers it shows) and its description."""

    png: bytes
    caption: str
    description: str


def browser_keys() -> dict[str, str]:
    """KeyboardEvent.key -> action, for the page's actions, from the window's bindings (a
    letter in both cases: the window takes N and n alike)."""
    keys: dict[str, str] = {}
    for action in PAGE_ACTIONS:
        for key in BY_ACTION[action].keys:
            name = BROWSER_KEYS.get(key, key)
            keys[name] = action
            if len(name) == 1:
                keys[name.lower()] = action
    return keys


def script_data(value: object) -> str:
    """value as JSON safe inside a <script> element."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


#: The bundled Korean font (SIL OFL 1.1), inside a page whose text has Hangul: a computer
#: without a Korean font (a Linux machine, a kiosk) still shows every word. A system's own
#: font comes first.
HANGUL_FACE = "PE Clock Hangul"
FONTS = (
    '"Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", "Noto Sans CJK KR", '
    f'"{HANGUL_FACE}", system-ui, sans-serif'
)


def web_font(font: bytes) -> bytes:
    """A TrueType font as browsers take it: without its hinting tools' source tables (TSI0 …
    TSI5, some of them empty in NanumGothic, which Chromium's font sanitizer refuses, so no
    Hangul was drawn) and any empty table; every other table's bytes as they were."""
    count = struct.unpack_from(">H", font, 4)[0]
    records = [struct.unpack_from(">4sIII", font, 12 + 16 * n) for n in range(count)]
    kept = [r for r in records if r[3] > 0 and not r[0].startswith(b"TSI")]
    power = 1 << (len(kept).bit_length() - 1)
    head = font[:4] + struct.pack(
        ">HHHH", len(kept), 16 * power, power.bit_length() - 1, 16 * (len(kept) - power)
    )
    offset = 12 + 16 * len(kept)
    directory, tables = [], []
    for tag, checksum, start, length in kept:
        data = font[start : start + length]
        directory.append(struct.pack(">4sIII", tag, checksum, offset, length))
        tables.append(data + b"\0" * (-length % 4))
        offset += length + (-length % 4)
    return head + b"".join(directory) + b"".join(tables)


#: Hangul: the letters the bundled font is there for.
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")


def font_face(text: str) -> str:
    """The @font-face of the bundled Korean font where the page's text has Hangul, else ''."""
    if not HANGUL.search(text):
        return ""
    data = base64.b64encode(web_font(KOREAN_FONT.read_bytes())).decode("ascii")
    return (
        f'@font-face {{ font-family: "{HANGUL_FACE}"; '
        f'src: url(data:font/ttf;base64,{data}) format("truetype"); }}'
    )


STYLE = """
:root { color-scheme: light dark; font-family: %(fonts)s; }
body { margin: 0 auto; padding: 1rem; max-width: %(width)dpx; line-height: 1.5; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
figure { margin: 0; }
img { display: block; width: 100%%; height: auto; border: 1px solid #8884; }
figcaption { margin: .5rem 0; font-variant-numeric: tabular-nums; }
.controls { display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; }
.controls input { flex: 1; min-width: 12rem; }
button { font: inherit; padding: .3rem 1rem; min-width: 6rem; }
:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
.keys { font-size: .9rem; opacity: .85; }
kbd { border: 1px solid #8888; border-radius: 3px; padding: 0 .3rem; }
"""

SCRIPT = """
(() => {
  const frames = FRAMES, keys = KEYS, words = WORDS, fps = FPS;
  const img = document.getElementById("frame"), caption = document.getElementById("caption");
  const slider = document.getElementById("pos"), play = document.getElementById("play");
  const at = document.getElementById("at");
  let shown = 0, timer = null;
  function show(n) {
    shown = Math.max(0, Math.min(frames.length - 1, n));
    const frame = frames[shown];
    img.src = "data:image/png;base64," + frame.png;
    img.alt = frame.description;
    caption.textContent = frame.caption;
    slider.value = shown;
    slider.setAttribute("aria-valuetext", frame.caption);
    at.textContent = (shown + 1) + " / " + frames.length;
  }
  function toggle() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    } else {
      if (shown === frames.length - 1) show(0);
      timer = setInterval(() => show(shown + 1 < frames.length ? shown + 1 : 0), 1000 / fps);
    }
    play.textContent = timer === null ? words.play : words.pause;
    play.setAttribute("aria-pressed", String(timer !== null));
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  play.addEventListener("click", toggle);
  document.addEventListener("keydown", (event) => {
    const action = keys[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();  // the page's keys, not the slider's or a button's own
    const step = event.shiftKey ? 10 : 1;
    if (action === "next") show(shown + step);
    else if (action === "previous") show(shown - step);
    else if (action === "first") show(0);
    else if (action === "last") show(frames.length - 1);
    else if (action === "play") toggle();
  }, true);
  show(0);
})();
"""


def write_page(
    handle: BinaryIO,
    frames: Iterable[PageFrame],
    total: int,
    fps: float,
    width: int,
    height: int,
    title: str,
    language: str,
    after_frame: Callable[[], None],
) -> None:
    """Write the page of frames (total of them) into handle; after_frame() runs after each."""
    legend = " · ".join(
        f"{' '.join(f'<kbd>{html.escape(k)}</kbd>' for k in key_text(BY_ACTION[a]).split())} "
        f"{html.escape(tr(f'page.key_{a}'))}"
        for a in PAGE_ACTIONS
    )
    words = {"play": tr("page.play"), "pause": tr("page.pause")}
    it = iter(frames)
    first = next(it)
    face = font_face(title + legend + first.caption + first.description)
    head = f"""<!DOCTYPE html>
<html lang="{html.escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="PE Clock">
<title>{html.escape(title)}</title>
<style>{face}{STYLE % {"width": max(width, 480) + 32, "fonts": FONTS}}</style>
</head>
<body>
<main>
<h1>{html.escape(title)}</h1>
<figure>
<img id="frame" width="{width}" height="{height}" alt="{html.escape(first.description)}"
 src="data:image/png;base64,{base64.b64encode(first.png).decode("ascii")}">
<figcaption id="caption" aria-live="polite">{html.escape(first.caption)}</figcaption>
</figure>
<div class="controls">
<button id="play" type="button" aria-pressed="false">{html.escape(words["play"])}</button>
<input id="pos" type="range" min="0" max="{total - 1}" value="0" step="1"
 aria-label="{html.escape(tr("page.slider"))}">
<output id="at" for="pos">1 / {total}</output>
</div>
<p class="keys">{legend}</p>
<p class="keys">{html.escape(tr("page.made"))}</p>
</main>
<script>
const FPS = {script_data(fps)};
const KEYS = {script_data(browser_keys())};
const WORDS = {script_data(words)};
const FRAMES = [
"""
    handle.write(head.encode("utf-8"))
    for one in itertools.chain([first], it):
        entry = {
            "png": base64.b64encode(one.png).decode("ascii"),
            "caption": one.caption,
            "description": one.description,
        }
        handle.write(f"{script_data(entry)},\n".encode())
        after_frame()
    handle.write(f"];\n{SCRIPT}</script>\n</body>\n</html>\n".encode())
