"""How long a view change in the notebook widget takes as the student sees it: from choosing
another view in `pe_clock.explore()`'s view menu, in a real browser (JupyterLab in headless
Chromium), until the new picture and the new view's controls are on the page and settled.

    /tmp/jl/bin/python benchmarks/widget_browser.py                  # about 30 s
    /tmp/jl/bin/python benchmarks/widget_browser.py --repeats 3 --views clock,heatmap
    /tmp/jl/bin/python benchmarks/widget_browser.py --views all

Runs with a Python that has JupyterLab, jupyterlab_widgets, ipyevents (their front ends) and
Playwright, not the project's: it starts JupyterLab on 127.0.0.1 in a temporary folder, with a
kernel of its own running --kernel-python (the checkout's .venv, which has pe_clock, ipykernel,
ipywidgets and ipyevents), opens a notebook holding `pe_clock.explore(width=960, height=540)`
in Chromium (--chromium; Playwright's own browsers are not needed), and chooses each view in
the widget's <select> as a student would (Playwright's select_option). A MutationObserver on the
widget times the change: "img" when the <img>'s src changes and "shown" when the new picture
has loaded; "settled" at the last change to the widget's elements (the new controls built, the
old ones gone), found after --quiet-ms without one (that window is not counted). The kernel's
part is timed by wrapping, in the kernel only, the widget's own methods: from the menu's
message handled to the new frame's PNG set on the image ("kernel"), of which the hand-off from
the thread that read the message to the kernel's loop ("hand_off"), the rows of controls
("lay_out", Explorer._lay_out), the wait for the frame ("wait", Frames) and laying out and
drawing the new figure ("draw", LiveFigure.png). "to kernel" (the choice to the message
handled) and "to page" (the PNG set to the <img>'s src changed) compare the browser's clock
with the kernel's. The kernel's websocket is read too: the messages it sent per change.

Every change leaves another view (the list's previous one); one unmeasured pass over the views
comes first (its times are the "first" column: the first visit's imports and layouts), then
--repeats measured passes, whose medians are given.

Run by hand, never by CI (one browser, one server and one kernel on the machine's cores: compare
views within a run, not the numbers of two runs).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
VIEWS = ("heatmap", "clock", "rotation", "rope", "alibi", "learned", "wavelength")
KERNEL = "pe-clock-bench"

#: The notebook's one cell: the widget, its methods timed into a log (one JSON line a call).
CELL = """\
import functools, json, threading, time
import ipywidgets
import pe_clock
from pe_clock.widget import explorer as _widget, figure as _figure

_log = open({log!r}, "a", buffering=1)
_menu = []


def _timed(cls, name, only=lambda self, *args: True):
    original = getattr(cls, name)

    @functools.wraps(original)
    def timed(self, *args, **kwargs):
        start = time.time()
        try:
            return original(self, *args, **kwargs)
        finally:
            if only(self, *args):
                line = {{"what": name, "start": start, "end": time.time(),
                         "thread": threading.current_thread().name}}
                _log.write(json.dumps(line) + "\\n")

    setattr(cls, name, timed)


for _cls, _name in ((_widget.Explorer, "_new_view"), (_widget.Explorer, "_lay_out"),
                    (_widget.Explorer, "_draw"), (_figure.LiveFigure, "png")):
    _timed(_cls, _name)
_timed(ipywidgets.Widget, "_handle_msg", lambda self, *args: any(self is m for m in _menu))

w = pe_clock.explore(width=960, height=540)
_menu.append(w.explorer.menu)
w
"""

#: Arms the measure of one change on the widget (window.__peRoot): resolves, once the <img>
#: has a new picture loaded and nothing in the widget changed for `quiet` ms, to its times.
ARM = """
(quiet) => {
  const root = window.__peRoot, now = () => performance.now(), armed = now();
  const s = {t0: null, src: [], load: [], last: null, mutations: 0};
  const started = (event) => {
    if (s.t0 === null && root.contains(event.target)) s.t0 = now();
  };
  const loaded = (event) => { if (event.target.tagName === 'IMG') s.load.push(now()); };
  document.addEventListener('input', started, true);
  document.addEventListener('change', started, true);
  root.addEventListener('load', loaded, true);
  const observer = new MutationObserver((records) => {
    if (s.t0 === null) return;
    const t = now();
    s.mutations += records.length;
    s.last = t;
    for (const r of records) {
      if (r.type === 'attributes' && r.target.tagName === 'IMG' && r.attributeName === 'src') {
        s.src.push(t);
      }
    }
  });
  observer.observe(root, {subtree: true, childList: true, attributes: true,
                          characterData: true});
  window.__peDone = new Promise((resolve, reject) => {
    const give = (fail) => {
      clearInterval(timer);
      observer.disconnect();
      document.removeEventListener('input', started, true);
      document.removeEventListener('change', started, true);
      root.removeEventListener('load', loaded, true);
      if (fail) { reject(new Error(fail)); return; }
      const shown = s.load[s.load.length - 1];
      resolve({
        origin: performance.timeOrigin, t0: s.t0, src: s.src, load: s.load,
        settled: Math.max(s.last, shown), mutations: s.mutations,
        inputs: root.querySelectorAll('input, select, button, textarea').length,
      });
    };
    const timer = setInterval(() => {
      const src = s.src[s.src.length - 1], shown = s.load[s.load.length - 1];
      if (now() - armed > 60000) { give('no new picture in 60 s'); return; }
      if (src === undefined || shown === undefined || shown < src) return;
      if (now() - Math.max(s.last, shown) >= quiet) give(null);
    }, 5);
  });
}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def jupyterlab(folder: Path, kernel_python: str) -> Iterator[str]:
    """JupyterLab serving folder, with a kernel KERNEL of kernel_python; yields its URL."""
    share = folder / "share" / "jupyter"
    spec = share / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [kernel_python, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "PE Clock (benchmark)",
                "language": "python",
                "env": {"QT_QPA_PLATFORM": "offscreen"},
            }
        )
    )
    settings = folder / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)  # no news or update pop-up over the notebook
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    port, token = free_port(), secrets.token_hex(16)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "JUPYTER_PATH": str(share),
        "JUPYTER_CONFIG_DIR": str(folder / "config"),
        "JUPYTER_RUNTIME_DIR": str(folder / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(folder / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(folder / "workspaces"),
        "IPYTHONDIR": str(folder / "ipython"),
    }
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={folder / 'notebooks'}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: run the cell by command
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = (folder / "jupyterlab.log").open("w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy for it
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with direct.open(f"{url}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start: see {log.name}") from None
                time.sleep(0.2)
        yield f"{url}/lab/tree/bench.ipynb?token={token}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def write_notebook(folder: Path, log: Path) -> None:
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "widget",
        "metadata": {},
        "outputs": [],
        "source": CELL.format(log=str(log)),
    }
    notebook = {
        "cells": [cell],
        "metadata": {
            "kernelspec": {
                "name": KERNEL,
                "display_name": "PE Clock (benchmark)",
                "language": "python",
            }
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / "notebooks").mkdir()
    (folder / "notebooks" / "bench.ipynb").write_text(json.dumps(notebook))


class Messages:
    """The kernel's websocket messages to the page (JupyterLab's v1 protocol, or JSON), by
    kind: comm_open, comm_close, update (a widget's state), echo_update, other."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.bytes = 0

    def watch(self, ws: Any) -> None:
        if "/channels" in ws.url:
            ws.on("framereceived", self.received)

    def received(self, payload: str | bytes) -> None:
        self.bytes += len(payload)
        header, content = self.parse(payload)
        kind = header.get("msg_type", "?")
        if kind == "comm_msg":
            kind = content.get("data", {}).get("method", "?")  # update, echo_update, …
        self.counts[kind] += 1

    @staticmethod
    def parse(payload: str | bytes) -> tuple[dict[str, Any], dict[str, Any]]:
        if isinstance(payload, str):
            message = json.loads(payload)
            return message.get("header", {}), message.get("content", {})
        count = int.from_bytes(payload[:8], "little")
        offsets = [int.from_bytes(payload[8 * i : 8 * i + 8], "little") for i in range(1, count)]
        offsets.append(len(payload))
        parts = [payload[a:b] for a, b in itertools.pairwise(offsets)]
        # channel, header, parent header, metadata, content, buffers
        return json.loads(parts[1] or b"{}"), json.loads(parts[4] or b"{}")

    def take(self) -> tuple[Counter[str], int]:
        counts, size = self.counts, self.bytes
        self.counts, self.bytes = Counter(), 0
        return counts, size


class KernelLog:
    """The lines the kernel's timed methods wrote since the last take."""

    def __init__(self, path: Path) -> None:
        self.path, self.offset = path, 0

    def take(self) -> list[dict[str, Any]]:
        with self.path.open() as file:
            file.seek(self.offset)
            text = file.read()
        done = text.rfind("\n") + 1  # a line being written waits for the next take
        self.offset += len(text[:done].encode())
        return [json.loads(line) for line in text[:done].splitlines()]


def change(page: Any, view: str, quiet_ms: float) -> dict[str, Any]:
    """Choose view in the widget's menu; the page's times (ms from the choice)."""
    page.evaluate(ARM, quiet_ms)
    menu = page.evaluate_handle("() => window.__peRoot.querySelector('select')").as_element()
    labels = menu.evaluate("m => [...m.options].map(o => o.textContent.replace(/\\s+/g, ' '))")
    index = next(i for i, label in enumerate(labels) if label.endswith(f"({view})"))
    menu.select_option(index=index)
    got = page.evaluate("() => window.__peDone")
    t0 = got["t0"]
    return {
        "epoch0": (got["origin"] + t0) / 1000,  # the choice, as the kernel's clock reads it
        "img": got["src"][0] - t0,
        "shown": got["load"][-1] - t0,
        "settled": got["settled"] - t0,
        "srcs": len(got["src"]),
        "mutations": got["mutations"],
        "inputs": got["inputs"],
    }


def kernel_part(lines: list[dict[str, Any]], epoch0: float, img_ms: float) -> dict[str, Any]:
    """The kernel's part of one change, from its timed methods' lines."""
    span = {line["what"]: line for line in lines}
    draws = [line for line in lines if line["what"] == "_draw"]
    handled = span.get("_handle_msg", span.get("_new_view"))
    if handled is None or not draws:
        return {
            "kernel": float("nan"),
            "draw": float("nan"),
            "lay_out": float("nan"),
            "hand_off": float("nan"),
            "wait": float("nan"),
            "to_kernel": float("nan"),
            "to_page": float("nan"),
            "draws": len(draws),
            "threads": "",
        }
    pngs = [line for line in lines if line["what"] == "png"]
    layouts = [line for line in lines if line["what"] == "_lay_out"]
    last = draws[-1]["end"]
    new_view = span.get("_new_view", handled)
    return {
        "kernel": (last - handled["start"]) * 1000,
        "draw": sum(line["end"] - line["start"] for line in pngs) * 1000,
        "lay_out": sum(line["end"] - line["start"] for line in layouts) * 1000,
        "hand_off": (new_view["start"] - handled["start"]) * 1000,  # to the kernel's loop
        # For the frame (Frames): from the controls laid out to the frame begun.
        "wait": (draws[-1]["start"] - (layouts[-1] if layouts else new_view)["end"]) * 1000,
        "to_kernel": (handled["start"] - epoch0) * 1000,  # two clocks: approximate
        "to_page": img_ms - (last - epoch0) * 1000,
        "draws": len(draws),
        "threads": ",".join(sorted({line["thread"] for line in lines})),
    }


def open_widget(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel",
        timeout=120_000,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    shown = ".jp-OutputArea-output img, .jp-OutputArea-output[data-mime-type$='stderr']"
    page.wait_for_selector(shown, timeout=180_000)
    img = page.query_selector(".jp-OutputArea-output img")
    if img is None:
        raise RuntimeError(f"the cell failed: {page.inner_text('.jp-OutputArea')}")
    img.evaluate("img => { window.__peRoot = img.parentElement; }")
    time.sleep(2)  # the first frame's and controls' messages all in


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--views", default=",".join(VIEWS), help="comma-separated, or all")
    parser.add_argument("--repeats", type=int, default=5, help="measured changes per view")
    parser.add_argument("--quiet-ms", type=float, default=100.0)
    parser.add_argument("--kernel-python", default=str(ROOT / ".venv" / "bin" / "python"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    if args.views == "all":
        listed = subprocess.run(
            [args.kernel_python, "-c", "from pe_clock.gui.views import VIEW_NAMES as v; print(*v)"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        )
        views = listed.stdout.split()
    else:
        views = [view.strip() for view in args.views.split(",") if view.strip()]

    folder = Path(tempfile.mkdtemp(prefix="pe-clock-browser-"))
    log = folder / "kernel.jsonl"
    log.touch()
    write_notebook(folder, log)
    messages, kernel = Messages(), KernelLog(log)
    rows: dict[str, list[dict[str, Any]]] = {view: [] for view in views}
    first: dict[str, dict[str, Any]] = {}
    try:
        with jupyterlab(folder, args.kernel_python) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=args.chromium, headless=True, args=["--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("websocket", messages.watch)
            open_widget(page, url)
            kernel.take()
            messages.take()
            current = "clock"  # explore()'s first view
            for repeat in range(args.repeats + 1):
                for view in views:
                    if view == current:  # leave it first (unmeasured): a change must change
                        other = next(v for v in (*views, "clock", "heatmap") if v != view)
                        change(page, other, args.quiet_ms)
                        kernel.take()
                        messages.take()
                        current = other
                    row = change(page, view, args.quiet_ms)
                    row["from"] = current
                    time.sleep(0.05)  # the last messages' events delivered
                    row |= kernel_part(kernel.take(), row["epoch0"], row["img"])
                    row["messages"], row["bytes"] = messages.take()
                    current = view
                    if repeat == 0:
                        first[view] = row
                    else:
                        rows[view].append(row)
            browser.close()
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"kept {folder}")
    report(views, rows, first, args.repeats)


def report(
    views: list[str],
    rows: dict[str, list[dict[str, Any]]],
    first: dict[str, dict[str, Any]],
    repeats: int,
) -> None:
    def median(view: str, key: str) -> float:
        return statistics.median(row[key] for row in rows[view])

    described = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True, text=True
    ).stdout.strip()
    print(
        f"\nview change in the browser at {described or '?'}: median of {repeats} changes a"
        " view, ms from the choice\n(first: the unmeasured first visit's settled)"
    )
    page = ("settled", "img", "shown")
    kernel = ("kernel", "hand_off", "lay_out", "wait", "draw")
    print(f"{'':<11}{'in the page':^40}|{'in the kernel':^49}|{'between (2 clocks)':^19}")
    head = ("first", *page, *kernel, "to kernel", "to page")
    print(f"{'view':<11}" + "".join(f"{h:>10}" for h in head))
    for view in views:
        numbers = [median(view, key) for key in (*page, *kernel, "to_kernel", "to_page")]
        print(f"{view:<11}" + "".join(f"{n:>10.0f}" for n in [first[view]["settled"], *numbers]))
    print(
        "(settled: the new picture loaded and the widget's elements done changing; img: its src"
        " changed;\n shown: loaded. kernel: the menu's message handled to the frame's PNG set,"
        " of which hand_off\n to the kernel's loop, lay_out the rows of controls, wait for the"
        " frame, draw its layout and PNG)"
    )
    print(
        "\nthe last measured change to each view (from the view before it): frames drawn,"
        " <img> src\nchanges, DOM mutation records, inputs on the widget after, the kernel's"
        " messages to the page"
    )
    for view in views:
        row = rows[view][-1]
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(row["messages"].items()))
        print(
            f"{row['from'] + ' > ' + view:<22} frames {row['draws']}  srcs {row['srcs']}"
            f"  mutations {row['mutations']:>4}  inputs {row['inputs']:>3}  "
            f"{sum(row['messages'].values())} msgs, {row['bytes'] / 1024:.0f} KiB: {kinds}"
        )
    threads = {row["threads"] for view in views for row in rows[view]}
    print(f"\nkernel threads that ran the timed methods: {'; '.join(sorted(threads))}")


if __name__ == "__main__":
    main()
