import re
from pathlib import Path

from PySide6.QtGui import QFontDatabase, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel

import pe_clock.gui.window.main_window
from pe_clock.core import i18n
from pe_clock.gui.platform.resources import KOREAN_FONT, ensure_fonts
from pe_clock.gui.views import TABS
from pe_clock.gui.window.main_window import MainWindow
from tests.gui.helpers import cli_main

HANGUL = re.compile(r"[\uac00-\ud7a3]")
ROOT = Path(__file__).resolve().parents[2]


def visible_texts(window: MainWindow) -> dict[str, str]:
    """Every text a user reads in the menus, controls, tabs and plot titles, by where it is."""
    texts: dict[str, str] = {}
    for index, action in enumerate(window.menuBar().actions()):
        texts[f"menu {index}"] = action.text()
        for sub_index, sub in enumerate(action.menu().actions()):
            if sub.text() and sub.menu() is None and sub.text() not in i18n.LANGUAGE_NAMES.values():
                texts[f"menu {index}.{sub_index}"] = sub.text()
    c = window.controls
    texts["params box"] = c.params_box.title()
    texts["playback box"] = c.playback_box.title()
    for name, control in c.fields.items():
        if control.label is not None:
            texts[name] = control.label.text()
    texts["play"] = c.play_button.text()
    texts["loop"] = c.widget("loop").text()
    texts["preset"] = c.fields["base"].extra.itemText(0)
    texts["dock"] = window.control_dock.windowTitle()
    for index in range(window.tabs.count()):
        texts[f"tab {index}"] = window.tabs.tabText(index)
    texts["heatmap x"] = window.heatmap_view.plot.getAxis("bottom").labelText
    texts["heatmap y"] = window.heatmap_view.plot.getAxis("left").labelText
    texts["heatmap title"] = window.heatmap_view.plot.titleLabel.text
    texts["heatmap hint"] = window.heatmap_view.readout.text()
    texts["clock title"] = window.clock_view.grid_title.text()
    texts["clock hand"] = window.clock_view.hand_labels[0].text()
    texts["rotation caption"] = window.rotation_view.caption.text()
    texts["rotation x"] = window.rotation_view.matrix_plot.getAxis("bottom").labelText
    texts["rotation zoom"] = window.rotation_view.zoom_plot.titleLabel.text
    texts["status"] = window.readout.text()
    texts["overlay"] = window.shortcut_overlay.label.text()
    return texts


def test_language_switches_every_text_at_runtime_and_back(window, qtbot):
    english = visible_texts(window)
    window.language_actions["ko"].trigger()
    assert window.state.language == "ko"
    korean = visible_texts(window)
    for where, text in korean.items():
        assert HANGUL.search(text), f"{where} still reads {text!r}"
        assert text != english[where]
    window.language_actions["en"].trigger()
    assert visible_texts(window) == english


def test_teaching_panels_switch_language(window, qtbot):
    window.state.set(language="ko")
    for name in [spec.name for spec in TABS[1:]]:
        window.tabs.setCurrentWidget(window.panel_hosts[name])
        panel = window.panel(name)
        qtbot.waitUntil(lambda panel=panel: HANGUL.search(panel.caption.text()) is not None)


def test_language_is_remembered(qtbot):
    first = MainWindow()
    qtbot.addWidget(first)
    first.state.set(language="ko")
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.state.language == "ko"
    assert second.windowTitle() == "PE Clock — 사인·코사인 위치 인코딩"


def test_first_start_follows_the_system_locale(qtbot, monkeypatch):
    class Korean:
        @staticmethod
        def system():
            return Korean()

        def name(self):
            return "ko_KR"

    monkeypatch.setattr(pe_clock.gui.window.main_window, "QLocale", Korean)
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.state.language == "ko"


def test_explicit_language_wins(qtbot):
    window = MainWindow(language="ko")
    qtbot.addWidget(window)
    assert window.state.language == "ko"


def test_hangul_renders_with_the_bundled_font(window):
    family = ensure_fonts()
    assert family == "NanumGothic"
    assert family in QFontDatabase.families()
    assert KOREAN_FONT.exists()
    assert (KOREAN_FONT.parent / "OFL-NanumGothic.txt").exists()
    window.state.set(language="ko")
    label = QLabel(window.controls._form.labelForField(window.controls.widget("pos")).text())
    metrics = QFontMetrics(label.font())
    assert all(metrics.inFontUcs4(ord(ch)) for ch in label.text() if HANGUL.match(ch))
    assert family in QApplication.font().families()


def test_status_messages_follow_the_language(window):
    window.state.set(language="ko")
    window.state.request(d_model=7)
    assert HANGUL.search(window.statusBar().currentMessage())


def test_command_line_speaks_korean(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = cli_main(capsys, "export", "--lang", "ko", "--d-model", "7", "--out", "x.png")
    assert code == 2
    assert "오류" in err and "--d-model:" in err
    code, said, _ = cli_main(capsys, "--lang", "ko", "--help")
    assert "사용법" in said and "옵션" in said
    code, _, err = cli_main(capsys, "--lang", "fr")
    assert code == 2 and "--lang" in err


def test_file_dialogs_speak_korean_throughout(window):
    from PySide6.QtWidgets import QLabel

    from pe_clock.gui.platform.file_dialog import file_dialog

    window.state.set(language="ko")
    dialog = file_dialog(window, "t", "", "NumPy (*.npy)", save=False)
    dialog.setOption(dialog.Option.DontUseNativeDialog, True)
    labels = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "Look in" not in labels and "Files of" not in labels
    assert "찾는 위치" in labels and "파일 형식" in labels
    dialog.deleteLater()


def test_the_heatmaps_readout_is_never_cut_off(window, qtbot):
    """Zoomed out over 300,000 positions at 1280 × 720, the Korean read-out (hint, pixel means,
    hatched pairs) needed seven lines in a slot of four and stopped mid-sentence."""
    window.resize(1280, 720)
    window.state.set(language="ko", max_len=300_000)
    readout = window.heatmap_view.readout
    qtbot.waitUntil(lambda: "평균" in readout.text())
    qtbot.wait(20)
    assert readout.text_height(readout.width()) <= readout.height()
    assert "빗금" in readout.text()  # the hatched pairs are explained, whatever gives way


def test_the_r_of_k_text_keeps_its_lines_in_a_crowded_window(window, qtbot):
    """At 1280 × 720 with max_len 1,000,000 the grid squeezed the R(k) text: its last line
    (ω₀ = …, block i turns pair i …) was cut in half."""
    window.resize(1280, 720)
    window.state.set(max_len=1_000_000, pos=600)
    qtbot.wait(50)
    view = window.rotation_view
    panel = view.text_panels[0]
    width = panel.width()
    needed = sum(label.heightForWidth(width) for label in (view.caption, view.block_label))
    assert panel.height() >= needed


# --- 10. long lectures stay flat -------------------------------------------------------------
def test_language_switches_leave_no_translators_behind(window):
    from PySide6.QtCore import QCoreApplication, QEvent, QTranslator

    app = QCoreApplication.instance()
    for _ in range(20):
        window.state.set(language="ko")
        window.state.set(language="en")
    window.state.set(language="ko")
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(app.findChildren(QTranslator)) <= 1


def test_an_application_pe_clock_did_not_make_draws_hangul_with_the_bundled_font(qapp):
    """An export in a running QApplication (a program's own, a test's) drew Hangul as empty
    boxes where no Korean font is installed: the bundled one is its fallback too."""
    from pe_clock.gui.platform.app import headless_application
    from pe_clock.gui.platform.resources import ensure_fonts

    family = ensure_fonts()
    font = qapp.font()
    font.setFamilies([name for name in font.families() if name != family])
    qapp.setFont(font)
    assert family not in qapp.font().families()
    assert headless_application() is qapp
    assert family in qapp.font().families()
