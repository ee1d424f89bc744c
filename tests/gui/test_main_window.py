import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QByteArray

from pe_clock import __version__
from pe_clock.core.binning import mean_columns
from pe_clock.core.encoding import positional_encoding
from pe_clock.gui.platform.settings import default_settings
from pe_clock.gui.window.main_window import MainWindow
from tests.gui.helpers import cli_main, grab
from tests.gui.processes import start, wait_until_running

ROOT = Path(__file__).resolve().parents[2]


def open_window(qtbot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_default_window_is_the_seed_figure(window):
    s = window.state
    assert (s.max_len, s.d_model, s.base, s.pos, s.k) == (50, 512, 10000.0, 0, 1)
    # More columns than pixels: each pixel column the mean of the dimensions under it (512
    # on 316 pixels were sampled nearest-neighbour, and 196 of them dropped).
    (_, _, step), (_, _, group) = window.heatmap_view.pixel_window()
    expected = mean_columns(positional_encoding(50, 512), group)
    assert step == 1 and window.heatmap_view.image.image.shape == expected.shape
    np.testing.assert_allclose(window.heatmap_view.image.image, expected, atol=1e-6)
    assert window.clock_view._centres.shape == (256, 2)
    image = grab(window)
    assert image.shape[:2] == (900, 1600)
    assert image.std() > 30  # not blank


def test_views_share_the_selected_pair(window):
    window.state.set(selected_pair=12)
    assert window.controls.widget("selected_pair").value() == 12
    assert window.heatmap_view.pair_box.rect().x() == 24
    assert "Block of pair 12" in window.rotation_view.block_label.text()


def test_parameters_and_geometry_are_remembered(qtbot):
    first = open_window(qtbot)
    first.state.set(d_model=64, max_len=120, base=500000.0, pos=33, k=-5)
    first.state.set(selected_pair=7)
    first.state.set(speed=9)
    # The offscreen screen is 800x600 and restoreGeometry fits windows into it: stay small.
    first.resize(first.minimumSizeHint().width(), 596)
    size = (first.width(), first.height())
    first.close()
    second = open_window(qtbot)
    s = second.state
    assert (s.d_model, s.max_len, s.base, s.pos, s.k) == (64, 120, 500000.0, 33, -5)
    assert (s.selected_pair, s.speed) == (7, 9)
    # restoreGeometry fits the saved size into the 800x600 screen, but no smaller than the
    # window's least size (which may differ by a pixel from the first window's stale hint).
    least = second.minimumSize()
    expected = (max(min(size[0], 800), least.width()), max(min(size[1], 600), least.height()))
    assert (second.width(), second.height()) == expected
    assert second.statusBar().currentMessage() == ""


def test_corrupt_settings_fall_back_per_key(qtbot):
    settings = default_settings()
    settings.setValue("state/d_model", 7)
    settings.setValue("state/base", "-1")
    settings.setValue("state/max_len", "abc")
    settings.setValue("state/pos", 20)
    settings.setValue("state/loop", "maybe")
    settings.setValue("window/geometry", QByteArray(b"garbage"))
    settings.sync()
    w = open_window(qtbot)
    s = w.state
    assert (s.d_model, s.base, s.max_len, s.pos) == (512, 10000.0, 50, 20)
    message = w.statusBar().currentMessage()
    for key in ("d_model", "base", "max_len", "loop", "geometry"):
        assert key in message


def test_changing_d_model_recomputes_once_and_stepping_never(window, qtbot):
    computed = []
    window.state.tableChanged.connect(lambda: computed.append(1))
    image = window.heatmap_view.image.image
    for _ in range(20):
        window.state.step()
    assert window.heatmap_view.image.image is image and not computed
    window.controls.widget("d_model").setValue(128)
    assert computed == [1]
    assert window.heatmap_view.image.image.shape == (50, 128)


def test_a_step_on_any_tab_computes_no_frequency(window, qtbot, monkeypatch):
    """w depends on d_model and base alone: a step reads it from the state's cache."""
    import pe_clock.core.encoding

    original = pe_clock.core.encoding.inverse_frequencies
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    for module in list(sys.modules.values()):
        if getattr(module, "inverse_frequencies", None) is original:
            monkeypatch.setattr(module, "inverse_frequencies", counted)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(1)
        calls.clear()
        for _ in range(3):
            window.state.step()
            window.repaint()
        assert calls == [], window.tabs.tabText(index)


def test_thousands_of_steps_in_one_process(window):
    """PySide6 6.12.0 on Python 3.11 aborts after a few hundred signals (DESIGN.md)."""
    s = window.state
    s.set(max_len=1000)
    for i in range(5000):
        s.step(1 if (i // 999) % 2 == 0 else -1)
        if i % 500 == 0:
            s.set(k=i % 7 + 1)
    assert 0 <= s.pos < 1000
    x, y = window.clock_view.hands.getData()
    tips = np.stack([x[1::2], y[1::2]], axis=1) - window.clock_view._centres
    np.testing.assert_allclose(tips[:, 0], s.pe(s.pos)[0::2], atol=1e-12)


def test_command_line_version_and_help(capsys):
    """main.py starts the command line (a process: the launcher is the point); its help and
    errors are the command line's, checked in this process."""
    out = subprocess.run(
        [sys.executable, "main.py", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == f"PE Clock {__version__}"
    code, said, _ = cli_main(capsys, "--lang", "en", "--help")
    assert code == 0 and "usage: pe-clock" in said


def test_bad_command_line_argument_exits_2(capsys):
    code, _, err = cli_main(capsys, "--lang", "en", "--bogus")
    assert code == 2
    assert "unrecognized arguments: --bogus" in err
    assert "Traceback" not in err


def test_view_menu_shows_and_hides_the_controls(window, qtbot):
    action = window.control_dock.toggleViewAction()
    assert action.isEnabled() and action.isChecked()
    action.trigger()
    assert not window.control_dock.isVisible()
    window.toggle_presenter_mode()
    window.leave_presenter_mode()
    assert not window.control_dock.isVisible()  # hidden before presenting: still hidden
    action.trigger()
    assert window.control_dock.isVisible()


def test_the_window_opens_on_the_command_lines_parameters(tmp_path):
    env = {
        **os.environ,
        "PYTHONPATH": "",
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    main = str(Path(__file__).resolve().parents[2] / "main.py")
    bad = subprocess.run(
        [sys.executable, main, "--d-model", "7"], capture_output=True, text=True, env=env
    )
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert "--d-model must" in bad.stderr and "Traceback" not in bad.stderr
    window = start("--d-model", "4", "--pos", "3", "--view", "worked", cwd=tmp_path, env=env)
    wait_until_running(window)  # the settings are written as it closes, not before it runs
    window.send_signal(signal.SIGTERM)
    window.communicate(timeout=30)
    saved = (tmp_path / "config" / "pe-clock" / "pe-clock.ini").read_text()
    assert "d_model=4" in saved and "pos=3" in saved


def test_show_view_brings_any_registered_view_on_screen(window):
    window.show_view("distance")
    assert window.tabs.currentWidget() is window.panel_hosts["distance"]
    window.show_view("clock")  # one of the three figures: the tab that holds them
    assert window.tabs.currentIndex() == 0


def test_at_1280_pixels_the_heatmap_keeps_its_colour_bar_in_view(window, qtbot):
    """The heatmap's long title widened its plot past its view: the colour bar was cut off."""
    window.resize(1280, 720)
    qtbot.wait(20)
    heatmap = window.heatmap_view
    bar = heatmap.colorbar.mapRectToScene(heatmap.colorbar.boundingRect())
    assert bar.right() <= heatmap.graphics.width() + 1
    assert heatmap.graphics.ci.geometry().width() <= heatmap.graphics.width() + 1


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_figure_on_screen_is_named_and_described_once_a_step_settles(window, qtbot, language):
    """The five figures of the first tab had no accessible name, and nothing a screen reader
    could read changed with pos."""
    from PySide6.QtGui import QAccessible

    from pe_clock.core.i18n import tr
    from pe_clock.gui.widgets.labels import parameter_line

    window.state.set(language=language)
    for pos in range(3, 8):  # steps in a row: heard once, when they settle
        window.state.set(pos=pos)
    heatmap, rotation = window.heatmap_view, window.rotation_view
    qtbot.waitUntil(lambda: parameter_line(window.state) in heatmap.accessibleDescription())
    # The value under the selected cell (sin 7, cos 7) and the fast hand's angle (7 rad).
    assert "0.656987" in heatmap.accessibleDescription()
    assert "0.753902" in heatmap.accessibleDescription()
    assert "41.1°" in window.clock_view.accessibleDescription()
    face = QAccessible.queryAccessibleInterface(rotation)
    assert face.text(QAccessible.Text.Name) == tr("view.rotation")
    described = face.text(QAccessible.Text.Description)
    assert described.startswith(parameter_line(window.state)) and "R(k)" in described
    window.show_view("rope")
    from pe_clock.gui.window.main_window import SETTLE_MS

    assert window._speech.interval() == SETTLE_MS  # a signal's value never became it
    rope = window.panels["rope"]
    qtbot.waitUntil(lambda: rope.accessibleName() == tr("view.rope"))
    assert "RoPE" in rope.accessibleDescription()


@pytest.mark.parametrize("width", [1280, 1920])
def test_an_unselected_tabs_name_keeps_its_descenders(window, width):
    """Fusion drew an unselected tab's name lower in the same height: "Embedding" lost its
    g. Its ink now reaches below the ink of a name without descenders, and stops short of the
    tab's edge."""
    window.resize(width, 800)
    bar = window.tabs.tabBar()
    image = bar.grab().toImage()
    ratio = image.devicePixelRatio()

    def lowest_ink(index: int) -> int:
        rect = bar.tabRect(index)
        rows = [
            y
            for y in range(round(rect.top() * ratio), round(rect.bottom() * ratio))
            if any(
                image.pixelColor(x, y).lightness() < 110
                for x in range(round((rect.left() + 6) * ratio), round((rect.right() - 6) * ratio))
            )
        ]
        return rows[-1]

    names = [bar.tabText(i) for i in range(bar.count())]
    plain = names.index("Distance")  # no descender
    for name in ("Embedding", "Example", "Beyond"):
        bottom = lowest_ink(names.index(name))
        assert bottom >= lowest_ink(plain) + 2 * ratio, name  # the g, p or y is drawn
        assert bottom < (bar.tabRect(names.index(name)).bottom() - 1) * ratio, name
