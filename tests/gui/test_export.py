import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pyqtgraph as pg
import pytest
from PIL import Image
from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor, QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QMessageBox

from pe_clock.gui.export import render as export
from pe_clock.gui.export.animation import export_animation
from pe_clock.gui.export.dialog import ExportDialog, ExportRequest
from pe_clock.gui.look.fonts import scaled_font
from pe_clock.gui.look.themes import theme_of
from pe_clock.gui.platform import files
from pe_clock.gui.widgets.labels import parameter_line
from pe_clock.gui.window.main_window import MainWindow
from tests.gui.helpers import cli_main, export_cli, to_array

ROOT = Path(__file__).resolve().parents[2]


def png_array(path: Path) -> np.ndarray:
    image = QImage(str(path))
    assert not image.isNull()
    return to_array(image)


def assert_diverging_colours(pixels: np.ndarray) -> None:
    r, b = pixels[..., 0].astype(int), pixels[..., 2].astype(int)
    assert ((b - r) > 120).sum() > 200, "no strong blue"
    assert ((r - b) > 120).sum() > 200, "no strong red"


@pytest.mark.parametrize(
    ("view", "size"),
    [
        ("window", (1920, 1080)),
        ("heatmap", (3840, 2160)),
        ("clock", (777, 555)),
        ("rotation", (1400, 600)),
    ],
)
def test_png_has_exactly_the_requested_size(state, tmp_path, view, size):
    path = export.export_figure(tmp_path / "fig.png", view, state, *size)
    pixels = png_array(path)
    assert pixels.shape[:2] == (size[1], size[0])
    assert pixels.std() > 20
    if view != "clock":
        assert_diverging_colours(pixels)


def test_a_figure_paints_its_views_once_each(state, monkeypatch):
    """Off screen, the event loop never paints a figure's views while its layout settles (three
    paints a figure, thrown away): its plots are painted when the figure is, once."""
    painted: list[object] = []
    paint = pg.GraphicsView.paintEvent

    def counted(view, event):
        painted.append(view)
        paint(view, event)

    monkeypatch.setattr(pg.GraphicsView, "paintEvent", counted)
    with export.staged("window", state, 1280, 720, False) as figure:
        views = [v for v in figure.widget.findChildren(pg.GraphicsView) if v.isVisible()]
        assert not painted
        figure.image()
    assert len(views) >= 3 and sorted(map(id, painted)) == sorted(map(id, views))


def test_caption_is_stamped(state, tmp_path):
    plain = png_array(export.export_figure(tmp_path / "a.png", "heatmap", state, 800, 600))
    stamped = png_array(
        export.export_figure(tmp_path / "b.png", "heatmap", state, 800, 600, caption=True)
    )
    assert stamped.shape == plain.shape
    bottom = stamped[-20:]
    assert (bottom.max(axis=-1) < 100).sum() > 50  # dark caption text on the last lines
    assert parameter_line(state) == "pos 0 · k 1 · d_model 512 · base 10000 · max_len 50"


SVG = "{http://www.w3.org/2000/svg}"


def test_svg_is_vector(state, tmp_path):
    state.set(pos=9)
    path = export.export_figure(tmp_path / "clock.svg", "clock", state, 1200, 700)
    root = ET.parse(path).getroot()
    assert root.get("viewBox") == "0 0 1200 700"
    tags = [el.tag.rsplit("}", 1)[-1] for el in root.iter()]
    assert tags.count("path") + tags.count("polyline") > 50  # dials and hands as lines
    labels = [el.get("aria-label") for el in root.iter() if el.get("aria-label")]
    assert any("fast hand" in label for label in labels) and "12" in labels


def test_an_svg_describes_its_own_figure(state, tmp_path):
    """The worked example's <desc> carried the main table's "d_model 512"."""
    state.set(d_model=512, base=500.0)
    for view, expected in (
        ("worked", "worked example · d_model 4 · base 500 · positions 0…3"),
        ("heatmap", "pos 0 · k 1 · d_model 512 · base 500 · max_len 50"),
    ):
        path = export.export_figure(tmp_path / f"{view}.svg", view, state, 900, 600)
        desc = ET.parse(path).getroot().find(f"{SVG}desc")
        assert desc is not None and desc.text == expected, view


def svg_matrix(element: ET.Element, parents: dict) -> np.ndarray:
    """The product of the transforms from the root down to element (3 x 3)."""
    total = np.eye(3)
    while element is not None:
        text = element.get("transform", "")
        if text.startswith("matrix("):
            a, b, c, d, e, f = (float(v) for v in text[7:-1].replace(",", " ").split())
            total = np.array([[a, c, e], [b, d, f], [0, 0, 1]]) @ total
        element = parents.get(element)
    return total


@pytest.mark.parametrize("view", ["clock", "window", "distance"])
def test_svg_draws_text_as_outlines_and_strokes_in_pixels(view, state, tmp_path):
    """No font needed (Korean included) and no SVG 1.2 vector-effect: librsvg scaled the large
    clock's 6-pixel hand by 226 (a black disc over the figure) and showed Hangul as boxes."""
    state.set(language="ko", pos=3)
    path = export.export_figure(tmp_path / f"{view}.svg", view, state, 1600, 900)
    root = ET.parse(path).getroot()
    parents = {child: parent for parent in root.iter() for child in parent}
    assert not [el for el in root.iter() if el.tag == SVG + "text"]
    defined = {el.get("id") for el in root.iter(SVG + "path") if el.get("id")}
    uses = list(root.iter(SVG + "use"))
    assert uses and all(el.get("href", "")[1:] in defined for el in uses)
    groups = root.iter(SVG + "g")
    hangul = [el for el in groups if any("가" <= ch <= "힣" for ch in el.get("aria-label", ""))]
    assert hangul
    for group in hangul:  # one glyph per character that is not a space
        label = group.get("aria-label")
        assert len(list(group.iter(SVG + "use"))) == len("".join(label.split()))
    for el in root.iter():
        if "non-scaling-stroke" in el.get("vector-effect", ""):
            matrix = svg_matrix(el, parents)
            assert abs(np.linalg.det(matrix[:2, :2])) == pytest.approx(1.0), el.attrib


def test_svg_looks_like_the_png(state, tmp_path):
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgRenderer

    state.set(language="ko", pos=7)
    size = (1400, 800)
    png = png_array(export.export_figure(tmp_path / "c.png", "clock", state, *size))
    renderer = QSvgRenderer(str(export.export_figure(tmp_path / "c.svg", "clock", state, *size)))
    assert renderer.isValid()
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    drawn = to_array(image).astype(int)
    dark_png, dark_svg = png.max(axis=-1) < 128, drawn.max(axis=-1) < 128
    # The same dark pixels (text, hands, ticks) up to antialiasing at their edges.
    assert abs(int(dark_svg.sum()) - int(dark_png.sum())) < 0.1 * dark_png.sum()
    assert (dark_svg & dark_png).sum() > 0.8 * dark_png.sum()


def test_pdf_is_one_page_of_the_requested_size(state, tmp_path):
    path = export.export_figure(tmp_path / "fig.pdf", "rotation", state, 960, 480)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert data.count(b"/Type /Page") - data.count(b"/Type /Pages") == 1
    box = data.split(b"/MediaBox")[1].split(b"]")[0].strip(b" [").split()
    assert [round(float(v)) for v in box] == [0, 0, 720, 360]  # 960 x 480 px at 96 dpi


def test_gif_has_one_frame_per_position(state, tmp_path):
    path = export_animation(tmp_path / "a.gif", "clock", state, 3, 12, 5, 640, 480)
    with Image.open(path) as gif:
        assert gif.n_frames == 10 and gif.size == (640, 480)
        assert gif.info["duration"] == 200
        first = np.asarray(gif.convert("RGB"))
        gif.seek(9)
        last = np.asarray(gif.convert("RGB"))
    assert np.any(first != last)
    assert state.pos == 0  # the live state never moved


def test_cancelled_animation_leaves_no_file(state, tmp_path):
    calls = []

    def progress(done, total):
        calls.append(done)
        return done < 3

    assert (
        export_animation(
            tmp_path / "a.gif", "heatmap", state, 0, 20, 4, 640, 640, progress=progress
        )
        is None
    )
    assert calls == [1, 2, 3]
    assert list(tmp_path.iterdir()) == []


def test_failure_mid_write_keeps_the_old_file(state, tmp_path, monkeypatch):
    target = tmp_path / "fig.png"
    target.write_bytes(b"previous figure")

    def half_then_fail(figure, buffer):
        buffer.write(b"\x89PNG half")
        raise OSError(28, "No space left on device")

    monkeypatch.setitem(export.WRITERS, ".png", half_then_fail)
    with pytest.raises(export.ExportError, match="No space left"):
        export.export_figure(target, "heatmap", state, 640, 400)
    assert target.read_bytes() == b"previous figure"
    assert [p.name for p in tmp_path.iterdir()] == ["fig.png"]


def test_failed_rename_keeps_the_old_file(state, tmp_path, monkeypatch):
    target = tmp_path / "fig.svg"
    target.write_text("old")

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(export.ExportError, match="Permission denied"):
        export.export_figure(target, "clock", state, 640, 400)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["fig.svg"]


@pytest.mark.parametrize(
    ("name", "kwargs", "message"),
    [
        ("fig.bmp", {}, "must end in"),
        ("missing/fig.png", {}, "does not exist"),
        ("fig.png", {"width": 10}, "width must be"),
        ("fig.png", {"view": "table"}, "view must be"),
    ],
)
def test_bad_export_requests(state, tmp_path, name, kwargs, message):
    args = {"view": "heatmap", "width": 300, "height": 200, **kwargs}
    with pytest.raises(export.ExportError, match=message):
        export.export_figure(tmp_path / name, args["view"], state, args["width"], args["height"])
    assert list(tmp_path.iterdir()) == []


def test_output_path_that_is_a_folder(state, tmp_path):
    (tmp_path / "fig.png").mkdir()
    with pytest.raises(export.ExportError, match="folder"):
        export.export_figure(tmp_path / "fig.png", "heatmap", state, 640, 400)


def test_window_export_reports_failure_in_a_dialog(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: shown.append(args[2]))
    request = ExportRequest("heatmap", tmp_path / "nope" / "fig.png", 640, 400, False)
    assert window.exports.export_figure(request) is None
    assert shown and "does not exist" in shown[0]
    assert "Export failed" in window.statusBar().currentMessage()
    ok = window.exports.export_figure(ExportRequest("window", tmp_path / "fig.png", 960, 540, True))
    assert ok == tmp_path / "fig.png" and png_array(ok).shape == (540, 960, 3)


def test_window_animation_export_with_progress(window, tmp_path):
    request = ExportRequest("clock", tmp_path / "a.gif", 640, 480, False, start=0, stop=4, fps=10)
    assert window.exports.export_animation(request) == tmp_path / "a.gif"
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == 5


def test_copy_figure_puts_an_image_of_the_view_size_on_the_clipboard(window):
    # The view copied is the one under the mouse: the pointer off the window (a test before
    # this one, in the same process, left it over one of the window's three figures).
    QCursor.setPos(window.frameGeometry().bottomRight() + QPoint(50, 50))
    window.exports.copy_figure()
    image = QGuiApplication.clipboard().image()
    assert (image.width(), image.height()) == (window.figures.width(), window.figures.height())
    assert to_array(image).std() > 20
    slide = next(a for a in window.actions() if "slide size" in a.text())
    slide.trigger()
    image = QGuiApplication.clipboard().image()
    assert (image.width(), image.height()) == (1920, 1080)


def test_export_dialog_checks_the_file_name(window, tmp_path, qtbot):
    dialog = ExportDialog(window.exports.screen_sizes(), parent=window)
    qtbot.addWidget(dialog)
    dialog.view_combo.setCurrentIndex(1)
    assert dialog.size_combo.itemText(0).startswith("As on screen")
    dialog.size_combo.setCurrentIndex(2)
    assert (dialog.width_spin.value(), dialog.height_spin.value()) == (3840, 2160)
    assert not dialog.width_spin.isEnabled()
    dialog.size_combo.setCurrentIndex(3)
    dialog.width_spin.setValue(1000)
    dialog.path_edit.setText(str(tmp_path / "fig.txt"))
    dialog.accept()
    assert "must end in" in dialog.error_label.text() and dialog.result() == 0
    dialog.path_edit.setText(str(tmp_path / "fig.svg"))
    dialog.caption_check.setChecked(True)
    dialog.accept()
    assert dialog.result() == ExportDialog.DialogCode.Accepted
    assert dialog.request() == ExportRequest("heatmap", tmp_path / "fig.svg", 1000, 2160, True)


def test_the_dialog_proposes_first_a_size_every_view_draws_on_a_small_screen(
    window, tmp_path, capsys
):
    """On a 1280 x 720 screen the heatmap is 409 x 288 on screen, which no export draws: the
    dialog's first size is the smallest it draws at (what the command line's refusal names),
    and exporting it writes the figure."""
    window.resize(1280, 720)
    for view in ("heatmap", "clock", "rotation"):
        screen = window.exports.screen_sizes()[view]
        dialog = ExportDialog(
            {view: screen}, parent=window, view=view, fitting=window.exports.fitting
        )
        dialog.view_combo.setCurrentIndex(dialog.view_combo.findData(view))
        first = dialog.size_combo.itemData(0)
        assert first[0] >= screen[0] and first[1] >= screen[1], view
        dialog.path_edit.setText(str(tmp_path / f"{view}.png"))
        dialog.accept()
        request = dialog.request()
        dialog.deleteLater()
        assert (request.width, request.height) == first
        assert window.exports.export_figure(request) == tmp_path / f"{view}.png"
        if first != screen:  # the size the command line's refusal names for the screen's
            code, _, err = cli_main(capsys, "--lang", "en", "export", "--view", view, "--width",
                                    str(screen[0]), "--height", str(screen[1]),
                                    "--out", str(tmp_path / "small.png"))  # fmt: skip
            assert code == 2 and f"needs at least {first[0]} × {first[1]}" in err


def test_the_dialog_opens_on_the_figure_with_the_keyboards_focus(window, qtbot, monkeypatch):
    """Ctrl+E from the keyboard: the focused figure, wherever the mouse pointer rests."""
    window.clock_view.setFocus()
    qtbot.waitUntil(window.clock_view.hasFocus)
    monkeypatch.setattr(QCursor, "pos", lambda: window.heatmap_view.mapToGlobal(QPoint(5, 5)))
    assert window.exports.current_view() == "clock"
    window.setFocus()
    assert window.exports.current_view() == "heatmap"  # no figure focused: the pointer's


def run_main(*args, cwd):
    """main.py's export in a process of its own (as a user runs it from the checkout)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": ""},
    )


def test_cli_writes_the_seed_heatmap(tmp_path):
    out = run_main(
        "--view", "heatmap", "--max-len", "50", "--d-model", "512", "--out", "fig.png", cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "fig.png"
    assert out.stderr == ""
    pixels = png_array(tmp_path / "fig.png")
    assert pixels.shape == (800, 1000, 3)
    assert_diverging_colours(pixels)


def test_cli_gif(tmp_path):
    out = export_cli(
        "--view",
        "clock",
        "--from",
        "2",
        "--to",
        "6",
        "--fps",
        "5",
        "--width",
        "640",
        "--height",
        "400",
        "--out",
        "a.gif",
        cwd=tmp_path,
    )
    assert out.returncode == 0, out.stderr
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == 5 and gif.size == (640, 400)


BAD_CLI = [
    (["--d-model", "7"], "--d-model"),
    (["--d-model", "abc"], "--d-model"),
    (["--d-model", "0"], "--d-model"),
    (["--d-model", "-4"], "--d-model"),
    (["--d-model", "100000"], "--d-model"),
    (["--max-len", "0"], "--max-len"),
    (["--max-len", "2000000"], "--max-len"),
    (["--base", "1"], "base"),
    (["--base", "nan"], "base"),
    (["--base", "inf"], "base"),
    (["--pos", "-1"], "pos"),
    (["--pos", "50"], "pos"),
    (["--pos", "3", "--k", "-5"], "pos + k"),
    (["--view", "table"], "--view"),
    (["--width", "12"], "width"),
    (["--height", "huge"], "height"),
    (["--fps", "5"], "--fps"),
    (["--out", "fig.bmp"], "--out"),
    (["--out", "missing/fig.png"], "--out"),
    (["--out", "."], "--out"),
    (["--out", "a.gif", "--fps", "0"], "fps"),
    (["--out", "a.gif", "--from", "9", "--to", "3"], "to"),
    (["--out", "a.gif", "--from", "-1"], "from"),
    (["--out", "a.gif", "--to", "50"], "to"),
    (["--out", "a.gif", "--fps", "nan"], "fps"),
    (["--max-len", "abc"], "--max-len"),
    (["--k", "1.5"], "k"),
    (["--pos", "1e3"], "pos"),
    (["--base", "-5"], "base"),
    (["--base", "1e10"], "base"),
    (["--width", "99999"], "width"),
    (["--view", ""], "--view"),
    (["--lang", "fr"], "--lang"),
    (["--lang", "ko", "--lang", "xx"], "--lang"),  # the last, as for every other option
    (["--theme", "purple"], "theme"),
    (["--bogus"], "--bogus"),
    (["--out"], "--out"),
]


@pytest.mark.parametrize(("args", "name"), BAD_CLI)
def test_cli_bad_arguments_exit_2_with_one_line(tmp_path, args, name, capsys, monkeypatch):
    if "--out" not in args:
        args = [*args, "--out", "fig.png"]
    assert len(BAD_CLI) >= 25
    monkeypatch.chdir(tmp_path)
    code, _, err = cli_main(capsys, "export", *args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and name in lines[0], err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_exports_keep_every_view_option(state, tmp_path):
    state.set(pos=4, k=3)
    state.set(selected_pair=7)
    state.set(train_len=30)
    state.set_embeddings(np.full((2, 512), 0.25))
    state.embeddings_file = "mine.npy"
    copy = state.copy()
    assert (copy.params, copy.selected_pair, copy.train_len) == (state.params, 7, 30)
    np.testing.assert_array_equal(copy.embedding_rows(), state.embedding_rows())
    assert copy.embeddings_file == "mine.npy"
    copy.deleteLater()


def test_bad_fps_is_refused(state, tmp_path):
    with pytest.raises(export.ExportError, match="fps"):
        export_animation(tmp_path / "a.gif", "clock", state, 0, 3, 0, 640, 640)
    assert list(tmp_path.iterdir()) == []


def test_a_caption_describes_the_figure_it_is_under(state):
    from pe_clock.gui.export.render import caption_text

    state.set(d_model=512)
    assert "d_model 4" in caption_text("worked", state)
    assert "512" not in caption_text("worked", state)
    assert "d_model 512" in caption_text("heatmap", state)


def test_cli_layout_option(tmp_path):
    bad = export_cli("--layout", "diagonal", "--out", "fig.png", cwd=tmp_path)
    assert bad.returncode == 2 and "layout" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    good = export_cli(
        "--view", "heatmap", "--d-model", "8", "--layout", "split", "--width", "640",
        "--height", "480", "--out", "split.png", cwd=tmp_path,
    )  # fmt: skip
    assert good.returncode == 0, good.stderr


def test_exports_keep_the_layout(state):
    state.set(layout="split")
    copy = state.copy()
    assert copy.layout == "split"
    copy.deleteLater()


def test_figures_carry_no_on_screen_details(state, tmp_path):
    """No splitter grips or grey panels in the window figure; no hint or selection in the
    worked table's."""
    from pe_clock.gui.export.render import staged

    with staged("worked", state, 1000, 420, False) as figure:
        view = figure.widget
        assert not view.hint.isVisibleTo(view)
        assert view.table.selectedItems() == [] and view.table.currentRow() == -1
    path = export.export_figure(tmp_path / "w.png", "window", state, 1600, 900)
    pixels = png_array(path)
    grey = np.all(pixels == (239, 239, 239), axis=2).mean()
    assert grey < 0.001  # the window's panel grey is gone


def test_small_matrices_are_exact_cells_in_vector_exports(state):
    """PDF and SVG viewers smooth tiny embedded images: the R(k) zoom (16 cells) and the
    vector strips (3 × 512) are drawn as rectangles instead."""
    from pe_clock.gui.export.render import encode, staged
    from pe_clock.gui.widgets.image import DivergingImage

    with staged("rotation", state, 1400, 600, False) as figure:
        vector = encode(figure, ".svg").decode()
        images = [
            item
            for view in figure.widget.findChildren(pg.GraphicsView)
            for item in view.scene().items()
            if isinstance(item, DivergingImage)
        ]
        assert all(item.exact_cells for item in images)
        for item in images:
            item.exact_cells = False
        smoothed = encode(figure, ".svg").decode()
    assert smoothed.count("<image") - vector.count("<image") == 2  # the zoom and the strips


def open_dialog(qtbot, opener, act):
    """Run a File ▸ Export dialog, doing act(dialog) once it is shown."""
    from PySide6.QtCore import QTimer

    def run():  # (the dialog lays out a figure, for the size it proposes, before it shows)
        shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, ExportDialog)]
        if shown and shown[0].isVisible():
            act(shown[0])
        else:
            QTimer.singleShot(10, run)

    QTimer.singleShot(0, run)
    opener()


def dialog_choices(dialog):
    choices = dict(
        view=dialog.view_combo.currentData(),
        width=dialog.width_spin.value(),
        caption=dialog.caption_check.isChecked(),
        path=Path(dialog.path_edit.text()).name,
    )
    if hasattr(dialog, "stop_spin"):
        choices["range"] = (dialog.start_spin.value(), dialog.stop_spin.value())
    return choices


def test_export_dialogs_remember_each_view_across_sessions(window, tmp_path, qtbot):
    # The pointer away from every figure: the dialog offers the view under it (another test
    # in this process may have left it over the heatmap).
    QCursor.setPos(window.frameGeometry().bottomRight() + QPoint(50, 50))
    window.state.set(pos=48)
    seen = []

    def fill_and_save(dialog):
        seen.append(dialog_choices(dialog))
        dialog.view_combo.setCurrentIndex(dialog.view_combo.findData("clock"))
        dialog.size_combo.setCurrentIndex(dialog.size_combo.count() - 1)
        dialog.width_spin.setValue(640)
        dialog.height_spin.setValue(600)
        dialog.caption_check.setChecked(True)
        dialog.path_edit.setText(str(tmp_path / "a.gif"))
        dialog.stop_spin.setValue(3)
        dialog.accept()

    open_dialog(qtbot, window.exports.open_animation_dialog, fill_and_save)
    assert seen[0]["view"] == "window"  # the view on screen
    assert seen[0]["range"] == (0, 49)  # the whole table, not 2 frames from pos 48
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == 4

    def look(dialog):
        seen.append(dialog_choices(dialog))
        dialog.view_combo.setCurrentIndex(dialog.view_combo.findData("clock"))
        seen.append(dialog_choices(dialog))
        dialog.reject()

    open_dialog(qtbot, window.exports.open_animation_dialog, look)
    # Another view: the last folder, format, size and caption, named after the view.
    assert seen[1] == {
        "view": "window",
        "width": 640,
        "caption": True,
        "path": "window.gif",
        "range": (0, 3),
    }
    clock = {"view": "clock", "width": 640, "caption": True, "path": "a.gif", "range": (0, 3)}
    assert seen[2] == clock
    open_dialog(qtbot, window.exports.open_export_dialog, look)
    assert seen[3]["path"] == ""  # stills remember apart from animations

    window.close()  # saves the settings
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.exports.memory.for_view(True, "clock") == window.exports.memory.for_view(
        True, "clock"
    )
    open_dialog(qtbot, again.exports.open_animation_dialog, look)
    assert seen[-1] == clock


def test_export_memory_ignores_what_it_cannot_read(tmp_path):
    from PySide6.QtCore import QSettings

    from pe_clock.gui.export.memory import ExportMemory

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    good = {"width": "800", "height": "600", "caption": "false", "path": "/x/한글, y=1.png"}
    good.update(start="0", stop="0", fps="4.0", theme="dark")
    for view, changes in (
        ("clock", {}),
        ("heatmap", {"width": "0"}),
        ("rotation", {"caption": "maybe"}),
        ("distance", {"fps": "nan"}),
        ("unique", {"path": " "}),
        ("beyond", {"theme": "sepia"}),
        ("nonsense", {}),
    ):
        for key, value in {**good, **changes}.items():
            settings.setValue(f"export_still/{view}/{key}", value)
    settings.setValue("export_still/latest", "heatmap")
    settings.sync()
    memory = ExportMemory(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    clock = memory.for_view(False, "clock")
    assert clock is not None and str(clock.path) == "/x/한글, y=1.png"
    assert clock.theme == "dark"
    bad = ("heatmap", "rotation", "distance", "unique", "beyond")
    assert all(memory.for_view(False, v) is None for v in bad)
    assert set(memory.values()) == {f"export_still/clock/{key}" for key in good}


def test_bake_transforms_maps_coordinates_and_leaves_what_it_cannot():
    from pe_clock.gui.export.svg_portable import bake_transforms

    scaled = (
        '<g stroke-width="6" transform="matrix(2,0,0,-2,10,20)"\n>\n'
        '<polyline vector-effect="non-scaling-stroke" points="0,0 1,1e-01 " />\n'
        '<path vector-effect="non-scaling-stroke" d="M0,0 L1,1 C1,2 3,4 5,6 Z"/>\n'
        '<rect vector-effect="non-scaling-stroke" x="1" y="1" width="2" height="3"/>\n'
        '<circle vector-effect="non-scaling-stroke" cx="0" cy="0" r="0.5"/>\n'
        "</g>"
    )
    baked = bake_transforms(scaled)
    assert "transform" not in baked
    assert 'points="10,20 12,19.8 "' in baked
    assert 'd="M10,20 L12,18 C12,16 16,12 20,8 Z"' in baked
    assert 'x="12" y="12" width="4" height="6"' in baked
    assert '<ellipse vector-effect="non-scaling-stroke" cx="10" cy="20" rx="1" ry="1"/>' in baked
    with_image = scaled.replace("</g>", '<image x="0" y="0" width="1" height="1"/>\n</g>')
    assert bake_transforms(with_image) == with_image  # the image needs the transform
    rotated = scaled.replace("matrix(2,0,0,-2,10,20)", "matrix(0,1,-1,0,0,0)")
    assert bake_transforms(rotated) == rotated  # a rotated rectangle is not a rect
    filled = '<g fill="#d85d44" stroke="none" transform="matrix(10,0,0,10,5,5)"\n>\n<rect x="1" y="0" width="2" height="1"/>\n</g>'  # noqa: E501
    assert '<rect x="15" y="5" width="20" height="10" shape-rendering="crispEdges"/>' in (
        bake_transforms(filled)
    )  # matrix cells: in pixels and without antialiased seams
    stroked = filled.replace('stroke="none"', 'stroke="#000000"')
    assert bake_transforms(stroked) == stroked  # its stroke would lose its scale


@pytest.mark.parametrize("view", export.VIEW_NAMES)
def test_dark_theme_draws_every_view_white_on_black(view, state):
    """A projector's theme: no panel, plot or table left on a light background. (Its data
    may be light: zero is white on the dark map, so that it does not vanish into the black.)"""
    state.set(theme="dark", pos=7, language="ko")
    pixels = to_array(export.figure_image(view, state, 960, 540)).astype(int)
    dark = (pixels.max(axis=-1) < 40).mean()
    assert dark > 0.1, dark
    # The corners and the middle of each edge: the background itself, no light panel.
    h, w = pixels.shape[:2]
    for y, x in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1), (0, w // 2), (h // 2, 0)):
        assert tuple(pixels[y, x]) == (0, 0, 0), (y, x)


def test_cli_and_dialog_export_in_the_dark_theme(tmp_path, window, qtbot):
    out = export_cli(
        "--view", "clock", "--theme", "dark", "--width", "640", "--height", "480",
        "--out", "dark.png", cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert tuple(png_array(tmp_path / "dark.png")[-2, -2]) == (0, 0, 0)

    def save_dark(dialog):
        dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
        dialog.path_edit.setText(str(tmp_path / "dialog.png"))
        dialog.accept()

    open_dialog(qtbot, window.exports.open_export_dialog, save_dark)
    assert tuple(png_array(tmp_path / "dialog.png")[-2, -2]) == (0, 0, 0)
    assert window.state.theme == "light"  # the window keeps its colours
    assert window.exports.memory.for_view(False, "window").theme == "dark"


def test_a_slide_has_type_that_reads_when_projected(state):
    """1920 x 1080 lays out as 1280 x 720 drawn 1.5 times larger; 3840 x 2160 twice that."""
    from PySide6.QtGui import QFontMetricsF

    from pe_clock.gui.export.render import staged

    body = QFontMetricsF(scaled_font(state.font_scale)).height()
    for size, scale in (((1920, 1080), 1.5), ((3840, 2160), 3.0), ((1200, 700), 1.0)):
        with staged("clock", state, *size, False) as figure:
            assert figure.scale == pytest.approx(scale)
            assert figure.widget.width() <= 1280 and figure.widget.height() <= 720
    assert body * 1.5 >= 20  # pixels of body text on a 1920 x 1080 slide


@pytest.mark.parametrize("view", export.VIEW_NAMES)
def test_every_heatmap_like_figure_has_its_colour_bar(view, state):
    from pe_clock.gui.export.render import staged
    from pe_clock.gui.widgets.image import DivergingImage

    with staged(view, state, 1280, 720, False) as figure:
        items = [
            item
            for graphics in figure.widget.findChildren(pg.GraphicsView)
            for item in graphics.scene().items()
        ]
        # The images drawn (the learned view hides its learned row while no table is open).
        images = {
            id(item) for item in items if isinstance(item, DivergingImage) and item.isVisible()
        }
        bars = [item for item in items if isinstance(item, pg.ColorBarItem) and item.isVisible()]
        scaled = {id(ref()) for bar in bars for ref in bar.img_list}  # weak references
        assert images <= scaled
        assert all(bar.sceneBoundingRect().width() > 20 for bar in bars)


def test_slides_explain_what_the_mouse_hints_explained_and_keep_a_margin(state):
    """The heatmap's hint (hover, click) is left out of a slide; a legend in the theme's own
    colours tells the outlines apart, also inside the window figure. No text touches an edge."""
    from pe_clock.gui.export.render import staged
    from pe_clock.gui.figures.heatmap import HeatmapView

    for theme in ("light", "dark"):
        state.set(theme=theme)
        for view in ("heatmap", "window"):
            with staged(view, state, 1920, 1080, False) as figure:
                heatmaps = [figure.widget, *figure.widget.findChildren(HeatmapView)]
                (heatmap,) = [h for h in heatmaps if isinstance(h, HeatmapView)]
                text = heatmap.readout.text()
                assert "Outlined rows" in text and "Hover" not in text
                assert theme_of(state).offset.name() in text
                assert heatmap.readout.isVisibleTo(figure.widget)
                pixels = to_array(figure.image()).astype(int)
        background = np.array(theme_of(state).background.getRgb()[:3])
        for edge in (pixels[:10], pixels[-10:], pixels[:, :10], pixels[:, -10:]):
            assert (edge == background).all()


def test_the_embedding_caption_says_whether_the_embeddings_are_scaled(show, state):
    from pe_clock.gui.panels.embedding import EmbeddingView

    view = show(EmbeddingView, state)
    assert "here they are not" in view.caption.text()
    state.set(scale_embeddings=True)
    assert "multiplied too" in view.caption.text()


def test_a_window_option_before_export_is_refused_not_ignored(tmp_path):
    """pe-clock --d-model 8 export --view heatmap drew d_model 512 and exited 0."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--d-model", "8", "export", "--view", "heatmap",
         "--out", "t.png"],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""},
    )  # fmt: skip
    assert out.returncode == 2 and "--d-model goes after export" in out.stderr
    assert not (tmp_path / "t.png").exists()
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--reset-settings", "export", "--out", "t.png"],
        cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": ""},
    )  # fmt: skip
    assert out.returncode == 2 and "--reset-settings cannot go with export" in out.stderr


@pytest.mark.parametrize("given", ["--pos=--", "--out=--"])
def test_an_option_given_no_value_with_an_equals_sign_gets_one_line(tmp_path, given):
    """argparse read --pos=-- as an empty list: a traceback, exit 1."""
    out = export_cli("--out", "x.png", given, cwd=tmp_path)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "expected one argument" in out.stderr


def test_a_handout_folder_named_with_a_dot_is_a_folder(tmp_path):
    """--out week1.v2/ is a folder (argparse's Path dropped the slash: refused as not .pdf)."""
    out = export_cli("--deck", "default", "--width", "768", "--height", "432", "--out", "week1.v2/",
                     cwd=tmp_path)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "week1.v2" / "01-why.png").is_file()


def test_the_command_line_prints_one_line_per_file_written(tmp_path):
    """A newline in a file name was printed as it is: two lines for one file."""
    size = ("--width", "640", "--height", "480")
    out = export_cli("--view", "clock", *size, "--out", "two\nlines.png", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "two\\nlines.png\n" and (tmp_path / "two\nlines.png").is_file()


@pytest.mark.parametrize("view", ["embedding", "heatmap", "learned"])
def test_the_dialogs_export_is_the_windows_figure_as_a_request(view, window, tmp_path):
    """The export dialog draws a request made from the window (every parameter, the model and
    its group, the embeddings, the type size): the same pixels as the window's own state."""
    from tests.models import configs
    from tests.models.files import smooth_table, write_model

    s = window.state
    small = {**configs.GPT_2, "n_positions": 64, "n_embd": 32}
    s.open_model(
        write_model(tmp_path / "gpt2", small, {"wpe.weight": ("F32", smooth_table(64, 32))})
    )
    s.set(d_model=32, max_len=40, pos=7, k=3, selected_pair=5, train_len=20, font_scale=1.2)
    s.set_embeddings(np.linspace(-1, 1, 3 * 32).reshape(3, 32))
    request = ExportRequest(view, tmp_path / "dialog.png", 960, 540, True, theme="dark")
    assert window.exports.export_figure(request) == tmp_path / "dialog.png"
    copy = s.copy()
    copy.set(theme="dark")
    export.export_figure(tmp_path / "state.png", view, copy, 960, 540, True)
    copy.deleteLater()
    assert np.array_equal(png_array(tmp_path / "dialog.png"), png_array(tmp_path / "state.png"))


@pytest.mark.parametrize("size", [(320, 240), (400, 300), (200, 120)])
def test_the_size_a_refusal_names_is_one_that_fits(size, state, tmp_path):
    """At 320 × 240 the window's figures were said to need 600 × 338, which was refused in
    turn for 600 × 414."""
    import re

    with pytest.raises(export.TooSmall) as small:
        export.export_figure(tmp_path / "f.png", "window", state, *size)
    found = re.search(r"at least (\d+) × (\d+)", str(small.value))
    assert found is not None
    need = (int(found.group(1)), int(found.group(2)))
    assert export.export_figure(tmp_path / "f.png", "window", state, *need).exists()
