"""Every student can follow: every control named and explained (a tooltip) in both languages,
in the window, its tabs, the dialogs and the console; Tab reaches every control in reading
order and a control reached by Tab works by its own keys; every figure takes the focus, shows
it, steps with the presenter keys and says what it shows, in the numbers `core` computes."""

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QScrollBar,
    QSplitter,
    QTabBar,
    QWidget,
)

from pe_clock.core import i18n
from pe_clock.core.encoding import angles, encode
from pe_clock.core.i18n import tr
from pe_clock.core.models.opened import open_model
from pe_clock.gui.export.dialog import ExportDialog
from pe_clock.gui.platform.file_dialog import file_dialog
from pe_clock.gui.platform.message import message_box
from pe_clock.gui.views import TABS, VIEW_NAMES
from pe_clock.gui.widgets.focus_ring import BLUE, WHITE
from pe_clock.gui.widgets.lazy_view import LazyView
from tests.gui.contrast import contrast
from tests.models import configs
from tests.models.files import smooth_table, write_model

K = Qt.Key
CONTROLS = (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QAbstractSlider,
    QLineEdit,
    QTabBar,
    QAbstractItemView,
)


def controls(root: QWidget) -> list[QWidget]:
    """The controls of root a user sees (a spin box's or combo's own line edit and buttons,
    and scroll bars, are parts of another)."""
    found = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or not isinstance(widget, CONTROLS):
            continue
        if isinstance(widget, QScrollBar) or isinstance(
            widget.parentWidget(), QAbstractSpinBox | QComboBox
        ):
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus and not isinstance(widget, QTabBar):
            continue  # a table's headers: part of the table
        found.append(widget)
    return found


def tab_stop(widget: QWidget) -> bool:
    """Whether Tab can stop at widget (one with a focus proxy hands it on)."""
    return (
        widget.isVisible()
        and widget.isEnabled()
        and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.focusProxy() is None
    )


def name_of(widget: QWidget) -> str:
    """What a screen reader names widget by. On Linux Qt reads a combo box by its current
    item and names it by the label it is labelled by (AT-SPI's relation), as Orca says it."""
    face = QAccessible.queryAccessibleInterface(widget)
    if face is None:
        return ""
    if isinstance(widget, QComboBox):  # its own label: not its group's title
        labels = face.relations(QAccessible.RelationFlag.Label)
        return " ".join(
            label.text(QAccessible.Text.Name)
            for label, _ in labels
            if isinstance(label.object(), QLabel)
        )
    return face.text(QAccessible.Text.Name)


def unexplained(root: QWidget) -> list[str]:
    """Each control of root without an accessible name or a tooltip (a tab bar: a tab)."""
    missing = []
    for widget in controls(root):
        if isinstance(widget, QTabBar):
            tips = [widget.tabToolTip(i) for i in range(widget.count())]
            explained = all(tips) and all(widget.tabText(i) for i in range(widget.count()))
        else:
            explained = bool(widget.toolTip())
        if not name_of(widget) or not explained:
            missing.append(f"{type(widget).__name__} {name_of(widget)!r} {widget.toolTip()!r}")
    return missing


@pytest.fixture(params=i18n.LANGUAGES)
def language(request):
    return request.param


def test_every_control_of_every_tab_is_named_and_explained(window, qtbot, tmp_path, language):
    """10 of 70 controls had no name (a combo box is read by its current item alone, a
    slider was "Parameters"), and most had no tooltip."""
    tensors = {"wpe.weight": ("F32", smooth_table(1024, 768))}
    window.state.show_model(open_model(write_model(tmp_path / "gpt2", configs.GPT_2, tensors)))
    window.state.set(language=language)
    seen = 0
    for index, spec in enumerate(TABS):
        window.tabs.setCurrentIndex(index)
        qtbot.waitUntil(lambda spec=spec: window.panel(spec.name).isVisible())
        assert unexplained(window) == [], spec.name
        seen += len(controls(window))
    assert seen > 180  # the dock's 14 on every tab, and each tab's own
    window.show_view("clock")
    window.state.set(d_model=8192)  # more dials than a page: the pager's two buttons
    qtbot.waitUntil(window.clock_view.next_page.isVisible)
    assert unexplained(window) == []


def test_every_control_of_the_dialogs_and_the_console_is_named_and_explained(
    window, qtbot, language
):
    window.state.set(language=language)
    sizes = dict.fromkeys(VIEW_NAMES, (800, 600))
    for animation in (None, (0, 49, 100)):
        dialog = ExportDialog(sizes, animation, window)
        dialog.show()
        assert unexplained(dialog) == [], animation
        assert len(controls(dialog)) >= (13 if animation else 10)
        dialog.deleteLater()
    for save in (False, True):
        chooser = file_dialog(window, "title", "", "*.npy", save)
        chooser.show()
        assert unexplained(chooser) == []
        assert name_of(chooser.findChild(QComboBox, "fileTypeCombo")) == tr("file.type")
        chooser.deleteLater()
    box = message_box(QMessageBox.Icon.Information, "title", "text", window)
    box.show()
    assert unexplained(box) == []
    box.deleteLater()
    assert window.deck.open_shown("default")
    window.toggle_console()
    assert unexplained(window.console) == []
    assert name_of(window.console.scene_list) == tr("console.scenes")
    window.toggle_console()


def tab_walk(window, qtbot, steps: int = 200) -> list[QWidget]:
    """The widgets Tab gives the focus to, from the window's first, once round."""
    window.activateWindow()
    first = window.tabs.tabBar()
    first.setFocus(Qt.FocusReason.OtherFocusReason)
    order = [first]
    for _ in range(steps):
        qtbot.keyClick(QApplication.focusWidget(), K.Key_Tab)
        now = QApplication.focusWidget()
        if now is first:
            return order
        order.append(now)
    raise AssertionError(f"Tab never came back to the tabs: {order[-5:]}")


@pytest.mark.parametrize("view", ["window", "embedding", "scaling"])
def test_tab_reaches_every_control_in_reading_order(window, qtbot, view):
    """The tabs, the tab on screen (its figures, each before its controls), then the controls
    on the left, top to bottom; a tab built when first shown came after the controls."""
    window.show_view(view)
    page = window.panel(view)
    qtbot.waitUntil(page.isVisible)  # a tab built now is shown once events run
    order = tab_walk(window, qtbot)
    reachable = [w for w in controls(window) if tab_stop(w)]
    figures = [w for w in page.findChildren(LazyView) if w.focusPolicy() != Qt.FocusPolicy.NoFocus]
    figures += [page] if page.focusPolicy() != Qt.FocusPolicy.NoFocus else []
    assert {*reachable, *figures} <= set(order)
    docked = [w for w in order if window.control_dock.isAncestorOf(w)]
    in_page = [w for w in order if page.isAncestorOf(w) or w is page]
    assert order.index(in_page[-1]) < order.index(docked[0])  # the page, then the controls
    tops = [w.mapTo(window, w.rect().topLeft()).y() for w in docked]
    assert tops == sorted(tops)  # the controls top to bottom
    for figure in figures:  # a figure before the controls it holds
        inside = [w for w in in_page if figure.isAncestorOf(w) and w is not figure]
        assert all(order.index(figure) < order.index(w) for w in inside), (figure, inside, order)


def test_a_control_reached_by_tab_works_by_its_own_keys_and_esc_gives_them_back(window, qtbot):
    """Space on a check box reached by Tab stepped the lecture instead of ticking it: a
    keyboard user could not set Loop at all."""
    loop = window.controls.widget("loop")
    loop.setFocus(Qt.FocusReason.OtherFocusReason)  # as a click leaves it: the lecture's keys
    was_loop, pos = window.state.loop, window.state.pos
    qtbot.keyClick(loop, K.Key_Space)
    assert window.state.loop == was_loop and window.state.pos == pos + 1
    play = window.controls.play_button
    play.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(play, K.Key_Tab)  # Tab from Play: the check box, worked by keyboard
    assert QApplication.focusWidget() is loop
    qtbot.keyClick(loop, K.Key_Space)
    assert window.state.loop != was_loop and window.state.pos == pos + 1
    qtbot.keyClick(loop, K.Key_PageDown)  # the clicker's keys still step
    assert window.state.pos == pos + 2
    qtbot.keyClick(loop, K.Key_Escape)  # handed back: the lecture's keys again
    assert QApplication.focusWidget() is not loop
    qtbot.keyClick(QApplication.focusWidget(), K.Key_Space)
    assert window.state.pos == pos + 3


def test_a_figure_takes_the_focus_shows_it_and_steps_with_the_presenter_keys(
    window, qtbot, monkeypatch
):
    """A figure is a chart to a screen reader (a "filler" was said as nothing), and its new
    state is said aloud once a step settles while it has the focus (Orca reads no change of
    a description)."""
    said = []
    monkeypatch.setattr(QAccessible, "updateAccessibility", lambda event: said.append(event))
    heatmap = window.heatmap_view
    for figure in (heatmap, window.clock_view, window.rotation_view):
        assert QAccessible.queryAccessibleInterface(figure).role() == QAccessible.Role.Chart
    holder = QAccessible.queryAccessibleInterface(window.figures)
    assert holder.role() != QAccessible.Role.Chart  # it holds the three: no nameless chart
    order = tab_walk(window, qtbot)
    assert order[1] is heatmap  # the first figure right after the tabs
    qtbot.keyClick(window.tabs.tabBar(), K.Key_Tab)
    assert QApplication.focusWidget() is heatmap and heatmap.focus_ring.isVisible()
    ring = heatmap.focus_ring
    # round the figure, outside it: none of its pixels (its text's first letters) under it
    holder = ring.parentWidget()
    figure = QRect(heatmap.mapTo(holder, QPoint(0, 0)), heatmap.size())
    assert ring.geometry().contains(figure) and not isinstance(holder, QSplitter)
    figure.translate(-ring.geometry().topLeft())
    assert not ring.mask().intersects(figure) and not ring.mask().isEmpty()
    pos = window.state.pos
    qtbot.keyClick(heatmap, K.Key_Right)
    qtbot.keyClick(heatmap, K.Key_Right)
    assert window.state.pos == pos + 2
    qtbot.waitUntil(lambda: any(f"pos {pos + 2} " in e.message() for e in said), timeout=3000)
    assert all(e.object() is heatmap for e in said)  # only the focused figure speaks
    qtbot.keyClick(heatmap, K.Key_Tab)
    assert not ring.isVisible()
    qtbot.mouseClick(heatmap, Qt.MouseButton.LeftButton)  # a click before a class: no frame
    assert QApplication.focusWidget() is heatmap and not ring.isVisible()
    # The ring shows on both themes' backgrounds: blue on white, white on black (WCAG 3:1).
    assert contrast([11, 87, 208], [255, 255, 255]) >= 3.0
    assert contrast([255, 255, 255], [0, 0, 0]) >= 3.0
    assert (BLUE.name(), WHITE.name()) == ("#0b57d0", "#ffffff")


def test_nothing_on_stage_takes_the_focus_and_its_slide_is_described(window, qtbot):
    """On stage the keys are the stage window's: nothing inside it takes the focus (where a
    focus would be drawn before the class)."""
    window.toggle_stage()
    stage = window.stage
    qtbot.waitUntil(lambda: stage.slide is not None and stage.slide.isVisible())
    assert [w for w in stage.findChildren(QWidget) if tab_stop(w)] == []
    qtbot.waitUntil(lambda: bool(stage.slide.view.accessibleDescription()))
    assert stage.slide.view.accessibleName() == tr(f"view.{stage.slide.name}")
    window.leave_stage()


def test_the_consoles_scenes_are_chosen_by_keyboard(window, qtbot):
    assert window.deck.open_shown("default")
    window.toggle_console()
    scenes = window.console.scene_list
    scenes.setFocus(Qt.FocusReason.TabFocusReason)  # reached by Tab (the list is a stop)
    window.keys.operated = scenes  # as the Tab that reached it marks it
    at = window.deck.index
    qtbot.keyClick(scenes, K.Key_Down)
    qtbot.keyClick(scenes, K.Key_Down)
    assert window.deck.index == at  # the arrows choose, in the list
    qtbot.keyClick(scenes, K.Key_Return)
    assert window.deck.index == at + 2
    window.toggle_console()


def test_the_export_dialog_is_completed_without_a_mouse(window, qtbot, tmp_path):
    dialog = ExportDialog(dict.fromkeys(VIEW_NAMES, (800, 600)), None, window)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.view_combo.setFocus()
    order = [dialog.view_combo]
    for _ in range(12):
        qtbot.keyClick(QApplication.focusWidget(), K.Key_Tab)
        order.append(QApplication.focusWidget())
    assert dialog.path_edit in order and dialog.theme_combo in order
    dialog.path_edit.setFocus()
    qtbot.keyClicks(dialog.path_edit, str(tmp_path / "heat.png"))
    qtbot.keyClick(dialog.path_edit, K.Key_Return)
    assert dialog.result() == dialog.DialogCode.Accepted
    assert dialog.request().path == tmp_path / "heat.png"
    save = dialog.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert save.isDefault() or save.autoDefault()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_figures_say_the_numbers_core_computes_once_a_step_settles(window, qtbot, lang):
    """The clock's three hands and their angles, the heatmap's selected cells, R(k)'s k, block,
    angle and largest difference, in each language, from `core` (not the view's own)."""
    window.state.set(language=lang, d_model=16, k=3, selected_pair=2)
    window.state.set(pos=7)
    clock, heatmap, rotation = window.clock_view, window.heatmap_view, window.rotation_view
    qtbot.waitUntil(lambda: "pos 7" in clock.accessibleDescription())
    s = window.state
    theta = angles([7], 16, s.base)[0]
    for pair in s.clock_pairs:
        degrees = math.degrees(theta[pair]) % 360
        assert f"{degrees:.1f}°" in clock.accessibleDescription()
    row = encode([7], 16, s.base)[0]
    for value in row[4:6]:  # pair 2: its sin and cos
        assert f"{value:.6f}" in heatmap.accessibleDescription()
    phi = 3 * theta[2] / 7  # k·ω_2
    said = rotation.accessibleDescription()
    assert "k = 3" in said and f"{math.degrees(phi):.4f}°" in said
    gap = np.max(np.abs(s.rotated() - encode([10], 16, s.base)[0]))
    assert f"{gap:.2e}" in said


def test_the_file_dialog_is_completed_without_a_mouse(window, qtbot, tmp_path):
    chooser = file_dialog(window, "title", str(tmp_path), "*.npy", save=True)
    chooser.show()
    qtbot.waitExposed(chooser)
    chooser.activateWindow()
    qtbot.waitUntil(chooser.isActiveWindow)
    field = chooser.findChild(QLineEdit, "fileNameEdit")
    assert QApplication.focusWidget() is field  # it opens in the file's name
    qtbot.keyClicks(field, "table.npy")
    qtbot.keyClick(field, K.Key_Return)
    assert chooser.result() == chooser.DialogCode.Accepted
    assert chooser.selectedFiles() == [str(tmp_path / "table.npy")]
    chooser.deleteLater()
