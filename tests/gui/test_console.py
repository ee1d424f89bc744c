"""The presenter console: on the window's screen while the stage fills the projector, or a
window of its own with one screen; the clicker works from either."""

import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from pe_clock.core.i18n import tr
from pe_clock.gui.model.deck import read_deck
from tests.gui.processes import on_screens

ROOT = Path(__file__).resolve().parents[2]
K = Qt.Key

#: Plays the built-in deck on two virtual screens and reports what each screen shows.
TWO_SCREENS = textwrap.dedent(
    """
    import json, sys, tempfile
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest
    from pe_clock.gui.platform.app import create_application
    app = create_application()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    from pe_clock.gui.window.main_window import MainWindow
    w = MainWindow(language="ko")
    w.show()
    w.deck.open("default")
    QTest.keyClick(w, Qt.Key.Key_S)
    def settle():
        for _ in range(5):
            app.processEvents()
    settle()
    QTest.qWait(50)
    report = {
        "screens": [s.name() for s in app.screens()],
        "window": w.screen().name(),
        "stage": w.stage.screen().name(),
        "stage_size": [w.stage.width(), w.stage.height()],
        "stage_full": bool(w.stage.windowState() & Qt.WindowState.WindowFullScreen),
        "console": w.console.screen().name(),
        "console_visible": w.console.isVisible(),
        "presenting": w.presenting,
        "title": w.console.scene_title.text(),
        "slide_title": w.stage.slide.title.text(),
    }
    QTest.keyClick(w.stage, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    report["after_stage_key"] = w.deck.index
    QTest.keyClick(w.console, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    report["after_console_key"] = w.deck.index
    QTest.qWait(50)
    report["next"] = w.console.next_title.text()
    QTest.qWait(400)
    report["preview"] = w.console.preview.pixmap().width()
    QTest.keyClick(w.stage, Qt.Key.Key_B)
    report["black_on"] = w.blank.parentWidget() is w.stage and w.blank.isVisible()
    QTest.keyClick(w.console, Qt.Key.Key_Escape)
    QTest.keyClick(w.console, Qt.Key.Key_Escape)
    report["after_escape"] = [w.stage.isVisible(), w.console.isVisible()]
    w.close()
    print(json.dumps(report))
    """
)


def test_two_screens_put_the_stage_on_the_projector_and_the_console_before_the_lecturer(
    tmp_path,
):
    screens = [("laptop", 1920, 1080), ("projector", 3840, 2160)]
    report = on_screens(TWO_SCREENS, screens=screens, folder=tmp_path)
    assert report["screens"] == ["laptop", "projector"] and report["window"] == "laptop"
    assert report["stage"] == "projector" and report["stage_size"] == [3840, 2160]
    assert report["stage_full"] and report["console_visible"] and report["console"] == "laptop"
    assert not report["presenting"]  # the window's screen is the lecturer's: the console
    scenes = read_deck("default")
    first = f"1/{len(scenes)} · {scenes[0].texts['title_ko']}"
    assert report["title"] == report["slide_title"] == first
    assert report["after_stage_key"] == 1 and report["after_console_key"] == 2
    assert report["next"] == f"다음: 4/{len(scenes)} · {scenes[3].texts['title_ko']}"
    assert report["preview"] > 0  # the next scene, drawn small
    assert report["black_on"]  # black over what the class sees
    assert report["after_escape"] == [False, False]


def test_with_one_screen_c_opens_the_console_as_a_window(window, qtbot):
    assert window.deck.open_shown("default")
    scenes = read_deck("default")
    qtbot.keyClick(window, K.Key_C)
    qtbot.keyClick(window, K.Key_C)  # the second press: the first says the class would see it
    console = window.console
    qtbot.waitUntil(lambda: console.explanations.text() != "")
    assert console.isVisible() and console.isWindow() and console.parent() is window
    assert console.scene_title.text() == f"1/{len(scenes)} · {scenes[0].texts['title_en']}"
    assert console.note.text() == scenes[0].texts["note_en"]
    # Its explanations are the view's (the Why tab's caption): on stage they leave the slide.
    assert "permutation-equivariant" in console.explanations.text()
    assert scenes[0].view == "why"  # it draws no position: not "pos 0"
    assert console.step.text() == "this view does not move with pos"
    assert console.next_title.text().startswith(f"Next: 2/{len(scenes)}")
    at = [s.view for s in scenes].index("heatmap")
    window.deck.go(at)
    low, high = scenes[at].positions
    qtbot.waitUntil(lambda: console.scene_title.text().startswith(f"{at + 1}/"))
    assert console.step.text() == f"pos {low} · the scene steps {low}–{high}"
    qtbot.keyClick(console, K.Key_Right)  # the clicker works in the console too
    assert window.state.pos == low + 1
    qtbot.waitUntil(lambda: console.step.text().startswith(f"pos {low + 1} "))
    qtbot.keyClick(window, K.Key_S)  # one screen: the stage covers the window, as before
    assert window.stage.isVisible() and window.stage.screen_shown is None and window.presenting
    qtbot.keyClick(window, K.Key_Escape)
    qtbot.keyClick(console, K.Key_C)
    assert not console.isVisible()


@pytest.mark.parametrize("stage", [False, True])
def test_with_one_screen_a_first_c_says_the_class_would_see_the_console(
    window, qtbot, monkeypatch, stage
):
    """One screen is what a projector mirrors: a first C says so where the class looks (at
    the foot of the stage over the window, else in the status bar) and opens nothing; a
    second opens it; once the wait is over, C asks again."""
    from pe_clock.gui.window import main_window

    window.deck.open("default")
    if stage:
        qtbot.keyClick(window, K.Key_S)
        assert window.stage.isVisible() and window.stage.screen_shown is None
    said = tr("console.one_screen", seconds=main_window.CONSOLE_CONFIRM_MS // 1000)
    qtbot.keyClick(window, K.Key_C)
    assert not window.console.isVisible()
    if stage:
        notice = window.stage.notice
        assert notice.isVisible() and notice.text() == said
        assert window.stage.rect().contains(notice.geometry())
        qtbot.keyClick(window, K.Key_D)  # a new slide (dark to light): the notice over it
        qtbot.waitUntil(lambda: window.stage.slide.isVisible())
        assert window.stage.childAt(notice.geometry().center()) is notice
    else:
        assert window.statusBar().currentMessage() == said
    qtbot.keyClick(window, K.Key_C)
    assert window.console.isVisible()
    qtbot.keyClick(window.console, K.Key_C)  # away again, at once
    assert not window.console.isVisible()
    monkeypatch.setattr(main_window, "CONSOLE_CONFIRM_MS", 10)
    qtbot.keyClick(window, K.Key_C)
    qtbot.wait(50)  # the wait is over: a press is a first press again
    qtbot.keyClick(window, K.Key_C)
    assert not window.console.isVisible()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_console_counts_the_time_and_lists_the_keys(window, qtbot, language):
    window.state.set(language=language)
    window.toggle_console()
    console = window.console
    console.started, console.now = 100.0, lambda: 3825.0  # an hour, two minutes, five seconds
    console._show_time()
    assert "1:02:05" in console.clock.text()
    assert "PageDown" in console.keys.text() and "Esc" in console.keys.text()
    window.toggle_console()


FIRST_WINDOW = textwrap.dedent(
    """
    import json, tempfile
    from PySide6.QtCore import QSettings
    from pe_clock.gui.platform.app import create_application
    app = create_application()
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    from pe_clock.gui.window.main_window import MainWindow
    w = MainWindow()
    w.show()
    for _ in range(5):
        app.processEvents()
    free = w.screen().availableGeometry()
    frame = w.frameGeometry()
    print(json.dumps({"size": [w.width(), w.height()], "inside": free.contains(frame),
                      "minimum": [w.minimumSizeHint().width(), w.minimumSizeHint().height()]}))
    w.close()
    """
)


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_first_window_fits_its_screen(tmp_path, width, height):
    """It opened at 1600×900 even on a 1280×720 screen: it now fits and is centred, and
    fills most of a larger one."""
    report = on_screens(FIRST_WINDOW, screens=[("laptop", width, height)], folder=tmp_path)
    assert report["inside"], report
    assert report["size"][0] <= width and report["size"][1] < height
    assert report["size"][0] >= 0.9 * width and report["size"][1] >= 0.85 * height


def test_the_console_follows_a_language_switch_at_once(window, qtbot):
    """The stage changed language at once; the console kept its title, note, step and next
    scene in the old one until the next click."""
    assert window.deck.open_shown("default")
    scenes = read_deck("default")
    window.toggle_console()
    console = window.console
    qtbot.waitUntil(lambda: console.scene_title.text().endswith(scenes[0].texts["title_en"]))
    window.state.set(language="ko")
    qtbot.waitUntil(lambda: console.scene_title.text().endswith(scenes[0].texts["title_ko"]))
    assert console.note.text() == scenes[0].texts["note_ko"]
    assert console.step.text() == "이 보기는 pos에 따라 바뀌지 않습니다"
    assert console.next_title.text().startswith("다음: ")
    window.toggle_console()


def test_the_end_of_the_deck_is_said_on_the_console(window, qtbot):
    """With the console over the window's screen the status bar is under it: the end of the
    deck was said where nobody could see it."""
    assert window.deck.open_shown("default")
    window.toggle_console()
    window.deck.go(len(window.deck.scenes) - 1)
    qtbot.keyClick(window.console, K.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    console = window.console
    assert console.notice.isVisibleTo(console) and console.notice.text() == tr("deck.end")
    window.toggle_console()


def test_home_and_end_stay_within_the_scene(window, qtbot):
    """End went to pos 49 on a scene that steps 0–10."""
    assert window.deck.open_shown("default")
    scenes = read_deck("default")
    at = [s.view for s in scenes].index("heatmap")
    window.deck.go(at)
    low, high = scenes[at].positions
    qtbot.keyClick(window, K.Key_End)
    assert window.state.pos == high
    qtbot.keyClick(window, K.Key_Home)
    assert window.state.pos == low
    window.deck.close()
    qtbot.keyClick(window, K.Key_End)  # without a deck, the table's last position
    assert window.state.pos == window.state.max_len - 1


def test_the_console_uses_the_laptops_screen(window, qtbot):
    """On a 1920 × 1080 laptop the notes were 16 pixels tall and the next scene a 384-pixel
    thumbnail: two thirds of the screen stayed empty."""
    assert window.deck.open_shown("default")
    window.toggle_console()
    console = window.console
    console.resize(1920, 1080)
    qtbot.waitUntil(lambda: console.preview.width() >= 0.3 * 1920)
    assert console.note.fontInfo().pixelSize() >= 0.025 * 1080
    assert console.explanations.fontInfo().pixelSize() >= 0.025 * 1080
    qtbot.waitUntil(lambda: console.preview.pixmap().width() >= 0.29 * 1920, timeout=5000)
    window.toggle_console()


def test_the_console_shows_the_slide_the_class_sees_live_and_jumps_to_any_scene(window, qtbot):
    """The console had the next scene's picture but not the current slide (the left two
    thirds of a laptop's screen stayed empty), and on the last scene a stray 8-pixel
    "(the last scene)" where the picture was."""
    assert window.deck.open_shown("default")
    scenes = read_deck("default")
    window.toggle_stage()
    window.toggle_console()
    console = window.console
    console.resize(1920, 1080)
    at = [s.view for s in scenes].index("heatmap")
    console.scene_list.itemClicked.emit(console.scene_list.item(at))  # a click on the list
    qtbot.waitUntil(lambda: console.slide is not None and console.slide.name == "heatmap")
    assert window.deck.index == at and window.stage.name == "heatmap"
    assert console.scene_list.count() == len(scenes) and console.scene_list.currentRow() == at
    assert console.current.width() >= 0.55 * 1920  # the slide, at the laptop's width
    assert console.slide.title.text() == window.stage.slide.title.text()
    seen = console.slide.view._state
    assert seen.theme == window.stage.theme and seen.pos == window.state.pos
    qtbot.keyClick(console, K.Key_Right)  # a step: the console's slide moves with the stage
    assert seen.pos == window.state.pos == scenes[at].positions[0] + 1
    window.toggle_stage_theme()  # dark and light: the console's slide follows at once
    qtbot.waitUntil(
        lambda: console.slide is not None and console.slide.view._state.theme == window.stage.theme
    )
    window.deck.go(len(scenes) - 1)
    qtbot.waitUntil(lambda: console.next_title.text() == tr("console.last"))
    assert not console.preview.isVisible()
    assert "close this list" not in console.keys.text()  # no list to close there
    window.toggle_console()
    assert console.slide is None  # hidden, it draws nothing
    window.leave_stage()


def test_a_scenes_cue_is_for_the_lecturer_alone(window, qtbot, tmp_path):
    """Scene 1 projected an instruction to the instructor ("Point at the two output
    matrices"): a cue goes to the console, never on stage nor in the handout."""
    from pe_clock.gui.export.handout import export_handout
    from pe_clock.gui.model.deck import parse_deck
    from tests.gui.test_handout_print import copied_pages

    scenes = read_deck("default")
    assert scenes[0].texts["cue_en"].startswith("Point at") and "Point" not in scenes[0].note("en")
    deck = parse_deck('[[scene]]\nview = "why"\nnote_en = "Same rows."\ncue_en = "Ask why."\n')
    window.deck.load(deck)
    window.toggle_console()
    qtbot.waitUntil(lambda: window.console.cue.text() == "For you: Ask why.")
    window.stage.show_view("why")
    assert window.stage.slide.note.text() == "Same rows."
    window.stage.leave()
    export_handout(tmp_path / "h.pdf", deck, window.state, paper="a4")
    text = copied_pages(tmp_path / "h.pdf")[0].extract_text()
    assert "Same rows." in text and "Ask why" not in text
    window.toggle_console()
