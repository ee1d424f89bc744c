import itertools
import re
from html import escape
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox

from pe_clock.core.i18n import tr
from pe_clock.gui.model.picture import MAX_FONT_SCALE
from pe_clock.gui.window.keys import BINDINGS, key_text

K = Qt.Key
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier, text=None):
    """A real key press, delivered to whatever has focus (the window if nothing does)."""
    from PySide6.QtWidgets import QApplication

    target = QApplication.focusWidget() or window
    if text is None:
        qtbot.keyClick(target, key, modifier)
    else:
        qtbot.keyClick(target, text, modifier)


NEXT = [K.Key_Right, K.Key_Down, K.Key_PageDown, K.Key_Space, K.Key_N, K.Key_Return, K.Key_Enter]
PREVIOUS = [K.Key_Left, K.Key_Up, K.Key_PageUp, K.Key_Backspace, K.Key_P]


def test_next_and_previous_position(window, qtbot):
    """Each key of a clicker's or a keyboard's steps one position, ten with Shift."""
    for keys, start, one, ten in ((NEXT, 5, 6, 16), (PREVIOUS, 20, 19, 9)):
        for key in keys:
            window.state.set(pos=start)
            press(qtbot, window, key)
            assert window.state.pos == one, key
            press(qtbot, window, key, SHIFT)
            assert window.state.pos == ten, key


def test_home_end_and_clamping(window, qtbot):
    press(qtbot, window, K.Key_End)
    assert window.state.pos == 49
    press(qtbot, window, K.Key_Right)
    assert window.state.pos == 49
    press(qtbot, window, K.Key_Home)
    assert window.state.pos == 0
    press(qtbot, window, K.Key_Left)
    assert window.state.pos == 0


def test_digits_then_enter_jump(window, qtbot):
    for digit in "37":
        press(qtbot, window, None, text=digit)
    assert window.state.pos == 0
    assert "37" in window.statusBar().currentMessage()
    press(qtbot, window, K.Key_Return)
    assert window.state.pos == 37
    press(qtbot, window, K.Key_Return)  # an empty buffer: Enter is "next" again
    assert window.state.pos == 38
    for digit in "99":
        press(qtbot, window, None, text=digit)
    press(qtbot, window, K.Key_Return)
    assert window.state.pos == 38
    assert "pos must be" in window.statusBar().currentMessage()


def test_offset_and_play_keys(window, qtbot):
    press(qtbot, window, None, text="]")
    assert window.state.k == 2
    press(qtbot, window, None, text="[")
    press(qtbot, window, None, text="[")
    press(qtbot, window, None, text="[")
    assert window.state.k == 0  # pos + k may not go below 0 at pos 0
    assert "pos + k" in window.statusBar().currentMessage()
    press(qtbot, window, K.Key_K)
    assert window.state.playing
    qtbot.waitUntil(lambda: window.state.pos > 0)
    press(qtbot, window, K.Key_K)
    assert not window.state.playing


@pytest.mark.parametrize("key", [K.Key_F5, K.Key_F11])
def test_presenter_mode(window, qtbot, key):
    press(qtbot, window, key)
    assert window.presenting
    assert window.isFullScreen()
    assert not window.control_dock.isVisible()
    # 1.5 times on a 1080-line screen, in proportion on others (at 720, 1.5 cut text off).
    lines = window.screen().geometry().height()
    assert window.state.font_scale == pytest.approx(1.5 * min(max(lines / 1080, 2 / 3), 2))
    # No hints for the mouse and no hand selector: the large clock has their room.
    assert window.state.presenting
    assert "Hover" not in window.heatmap_view.readout.text()
    assert "Outlined rows" in window.heatmap_view.readout.text()
    assert window.clock_view.hand_selector.isHidden()
    press(qtbot, window, K.Key_Right)  # the keys keep working with the controls hidden
    assert window.state.pos == 1
    press(qtbot, window, K.Key_Escape)
    assert not window.presenting and not window.isFullScreen()
    assert window.control_dock.isVisible()
    assert window.state.font_scale == 1.0
    # Once the window is laid out again (in between, the figures are briefly a few pixels wide).
    qtbot.waitUntil(lambda: "Hover" in window.heatmap_view.readout.text())
    assert not window.clock_view.hand_selector.isHidden()


@pytest.mark.parametrize(
    ("key", "text", "color"),
    [(K.Key_B, None, "black"), (None, ".", "black"), (K.Key_W, None, "white")],
)
def test_blank_screen_toggles(window, qtbot, key, text, color):
    press(qtbot, window, key, text=text)
    assert window.blank.isVisible() and window.blank_color == color
    assert window.blank.geometry() == window.rect()
    image = window.grab().toImage()
    expected = (0, 0, 0) if color == "black" else (255, 255, 255)
    pixel = image.pixelColor(image.width() // 2, image.height() // 2)
    assert (pixel.red(), pixel.green(), pixel.blue()) == expected
    press(qtbot, window, key, text=text)
    assert not window.blank.isVisible()


def test_escape_clears_blank_screen(window, qtbot):
    press(qtbot, window, K.Key_B)
    press(qtbot, window, K.Key_Escape)
    assert not window.blank.isVisible()


@pytest.mark.parametrize(("key", "text"), [(K.Key_F1, None), (None, "?")])
def test_shortcut_overlay(window, qtbot, key, text):
    press(qtbot, window, key, text=text)
    assert window.shortcut_overlay.isVisible()
    text_shown = window.shortcut_overlay.label.text()
    for binding in BINDINGS:  # every key of the table, with what it does
        assert escape(key_text(binding)) in text_shown
        assert escape(tr(binding.description)) in text_shown
    press(qtbot, window, K.Key_Escape)
    assert not window.shortcut_overlay.isVisible()


@pytest.mark.parametrize("language", ["ko", "en"])
def test_the_shortcut_overlay_fits_a_720_line_window(window, qtbot, language):
    """The Korean intro wraps to a line more than the English: it ran into the title and the
    keys, and the closing line fell off the bottom."""
    window.state.set(language=language, font_scale=1.5)
    window.resize(1280, 720)
    press(qtbot, window, K.Key_F1)
    overlay = window.shortcut_overlay

    def parts():
        return [overlay.title.geometry(), overlay.intro.geometry(), overlay.label.geometry()]

    def apart():  # once the window, its figures laid out, has its size
        return overlay.geometry() == window.rect() and all(
            upper.bottom() < lower.top() for upper, lower in itertools.pairwise(parts())
        )

    qtbot.waitUntil(apart)
    assert parts()[0].top() >= 0 and parts()[-1].bottom() < overlay.height()
    assert overlay.label.height() >= overlay.label.sizeHint().height()
    assert overlay.intro.height() >= overlay.intro.heightForWidth(overlay.intro.width())


def test_type_size_keys(window, qtbot):
    press(qtbot, window, K.Key_Equal, CTRL)
    assert window.state.font_scale == pytest.approx(1.15)
    press(qtbot, window, K.Key_Minus, CTRL)
    press(qtbot, window, K.Key_Minus, CTRL)
    assert window.state.font_scale < 1.0
    for _ in range(30):
        press(qtbot, window, K.Key_Equal, CTRL)
    assert window.state.font_scale == MAX_FONT_SCALE
    assert window.controls.widget("pos").font().pointSizeF() > 20


def test_keys_reach_the_state_even_from_a_focused_button(window, qtbot):
    window.controls.play_button.setFocus()
    press(qtbot, window, K.Key_Space)
    assert window.state.pos == 1 and not window.state.playing


def test_text_fields_keep_their_keys(window, qtbot):
    spin = window.controls.widget("k")
    spin.setFocus()
    qtbot.keyClick(spin, K.Key_Up)
    assert window.state.k == 2 and window.state.pos == 0  # the spin box got Up, not "previous"
    edit = window.controls.widget("base")
    edit.setFocus()
    qtbot.keyClick(edit, K.Key_Right)
    qtbot.keyClicks(edit, "5")
    assert window.state.pos == 0


def test_status_bar_always_shows_the_parameters(window):
    window.state.set(pos=3, k=2, d_model=64, base=500000.0)
    text = window.readout.text()
    for part in ("pos 3", "k 2", "d_model 64", "base 500000"):
        assert part in text


@pytest.mark.parametrize(
    ("key", "modifier"),
    [(K.Key_F5, None), (K.Key_F11, None), (K.Key_F1, None), (K.Key_Equal, CTRL)],
)
def test_menu_keys_work_when_the_window_is_not_active(window, qtbot, key, modifier):
    """Without a window manager Qt may not see the window as active and skips its shortcuts;
    the key press then reaches the presenter keys, which run the same command."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    mods = modifier or Qt.KeyboardModifier.NoModifier
    window.controls.widget("k").setFocus()  # even from a text field
    QApplication.sendEvent(window.controls.widget("k"), QKeyEvent(QEvent.Type.KeyPress, key, mods))
    if key in (K.Key_F5, K.Key_F11):
        assert window.presenting
        window.leave_presenter_mode()
    elif key == K.Key_F1:
        assert window.shortcut_overlay.isVisible()
    else:
        assert window.state.font_scale == pytest.approx(1.15)


def test_the_menus_list_the_presenter_keys_a_new_instructor_looks_for(window, qtbot):
    """The stage, the black and white screens, Play and dark/light were found only through F1
    or the README: each binding the table puts in a menu is there, with its key, and does
    what the key does."""
    titles = {action.menu().title(): action.menu() for action in window.menuBar().actions()}
    bar = {title.replace("&", ""): menu for title, menu in titles.items()}
    for binding in BINDINGS:
        if binding.menu:
            menu = bar[tr(f"menu.{binding.menu}").replace("&", "")]
            texts = [action.text() for action in menu.actions()]
            key = binding.sequences[0].toString(QKeySequence.SequenceFormat.NativeText)
            assert f"{tr(f'menu.{binding.action}')}\t{key}" in texts, binding.action
    assert {b.action for b in BINDINGS if b.menu == "present"} >= {
        "stage", "stage_theme", "black", "white", "play", "next_scene", "presenter", "console",
        "larger", "smaller",
    }  # fmt: skip
    texts = [action.text() for action in bar["Presentation"].actions()]
    assert {"Open the &built-in deck", "&Add this view to the deck"} <= set(texts)
    present = bar["Presentation"]
    stage = next(a for a in present.actions() if a.text().startswith("&Stage:"))
    stage.trigger()
    assert window.stage.isVisible()
    window.leave_stage()
    window.state.set(language="ko")
    assert "발표(&P)" in [action.menu().title() for action in window.menuBar().actions()]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_each_menus_letters_are_its_own(window, language):
    """Alt and a letter reaches one entry: no two entries of a menu share their letter."""
    window.state.set(language=language)
    for bar_action in window.menuBar().actions():
        letters = [
            match[1].lower()
            for action in bar_action.menu().actions()
            if (match := re.search(r"&(\w)", action.text().split("\t")[0]))
        ]
        assert len(letters) == len(set(letters)), (bar_action.text(), letters)


def test_readme_lists_the_key_table():
    """README's table of presenter keys has one row per binding, with the same keys and words."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Presenter keys", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", section, flags=re.M)[2:]  # past header + rule
    assert [keys.replace("`", "") for keys, _ in rows] == [key_text(b) for b in BINDINGS]
    assert [words for _, words in rows] == [tr(b.description) for b in BINDINGS]


def test_the_clicker_steps_the_presentation_from_any_spin_box(window, qtbot):
    """PageDown/PageUp in a focused spin box used to step the spin box by its page step."""
    spin_boxes = [
        name
        for name, control in window.controls.fields.items()
        if isinstance(control.widget, QAbstractSpinBox)
    ]
    assert {"pos", "k", "d_model", "speed"} <= set(spin_boxes)
    for name in spin_boxes:
        window.state.set(pos=5)
        spin = window.controls.widget(name)
        spin.setFocus()
        before = {n: window.controls.widget(n).value() for n in spin_boxes if n != "pos"}
        press(qtbot, window, K.Key_PageDown)
        assert window.state.pos == 6, name
        press(qtbot, window, K.Key_PageUp)
        press(qtbot, window, K.Key_PageUp)
        assert window.state.pos == 4, name
        after = {n: window.controls.widget(n).value() for n in spin_boxes if n != "pos"}
        assert after == before, name
        assert not spin.hasFocus(), name  # the presentation has the keys again
        qtbot.keyClick(window, K.Key_Right)
        assert window.state.pos == 5, name


def test_clicker_letters_act_in_a_number_field_but_type_in_the_base_field(window, qtbot):
    spin = window.controls.widget("k")
    spin.setFocus()
    qtbot.keyClick(spin, "b")
    assert window.blank.isVisible()
    qtbot.keyClick(window, K.Key_Escape)
    assert not window.blank.isVisible()
    edit = window.controls.widget("base")
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "1.5e4")
    assert edit.text() == "1.5e4" and not window.blank.isVisible()
    qtbot.keyClick(edit, K.Key_Return)
    qtbot.waitUntil(lambda: not edit.hasFocus())
    assert window.state.base == 15000.0


def test_escape_in_a_field_cancels_and_hands_the_keys_back(window, qtbot):
    spin = window.controls.widget("d_model")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "64")
    qtbot.keyClick(spin, K.Key_Escape)
    assert not spin.hasFocus()
    assert window.state.d_model == 512 and spin.value() == 512
    qtbot.keyClick(window, K.Key_Right)
    assert window.state.pos == 1


def test_enter_commits_and_a_click_outside_hands_the_keys_back(window, qtbot):
    spin = window.controls.widget("pos")
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "12")
    qtbot.keyClick(spin, K.Key_Enter)
    qtbot.waitUntil(lambda: not spin.hasFocus())
    assert window.state.pos == 12
    window.controls.widget("k").setFocus()
    qtbot.mouseClick(window.tabs.tabBar(), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.controls.widget("k").hasFocus())
    qtbot.keyClick(window, K.Key_Right)
    assert window.state.pos == 13
