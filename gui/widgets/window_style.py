"""The window's style: the platform's own, with tabs that fit a small window and a keyboard
focus that shows from the back of a classroom."""

from __future__ import annotations

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QWidget,
)

from pe_clock.gui.widgets.focus_ring import RING_WIDTH, paint_ring

#: Controls whose focus Fusion draws as a faint 1-pixel line of the highlight colour: the ring
#: is drawn round them too. (A check box's, a radio button's, a tab's and a list item's focus
#: is the style's focus frame, which the ring replaces.)
FRAMED = (QStyle.PrimitiveElement.PE_PanelButtonCommand, QStyle.PrimitiveElement.PE_FrameLineEdit)
FRAMED_COMPLEX = (
    QStyle.ComplexControl.CC_SpinBox,
    QStyle.ComplexControl.CC_ComboBox,
    QStyle.ComplexControl.CC_Slider,
)
#: The room a style leaves between a list item's edge and its text for a focus frame.
FOCUS_MARGINS = (QStyle.PixelMetric.PM_FocusFrameHMargin, QStyle.PixelMetric.PM_FocusFrameVMargin)
#: Pixels between a focus frame's text and the ring round it.
FOCUS_ROOM = 2


class WindowStyle(QProxyStyle):
    """The application's style with two changes.

    Tabs are padded by half a line on each side, not Fusion's 24 pixels: on a 1280 × 720
    screen the window's twelve tabs needed 915 pixels of 864 and the last went under the
    scroll arrows; and an unselected tab's name is as tall as a selected one's.

    The keyboard's focus is the figures' ring (`focus_ring`: a band of the highlight blue
    with a white line inside it, 3 pixels) in dialogs, the console's scene list and the
    controls, where the style drew a faint 1-pixel frame; shown once the keyboard has moved
    the focus, as the figures' is (a click draws none).
    """

    def pixelMetric(
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        if metric == QStyle.PixelMetric.PM_TabBarTabHSpace and widget is not None:
            return round(0.75 * widget.fontMetrics().height())
        if metric in FOCUS_MARGINS:
            # An item's text inside the ring, not under it (the console's scene titles began
            # at the item's edge, under the ring's first 3 pixels).
            return RING_WIDTH + 1
        if metric == QStyle.PixelMetric.PM_TabBarTabShiftVertical:
            # Fusion draws an unselected tab's name lower, in the same height: g, y and p
            # lost their descenders. Every tab's name sits where the selected one's does.
            return 0
        return super().pixelMetric(metric, option, widget)

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect and _keyboard_focus(option):
            # A check box's frame is tight round its text: the ring goes round it, clear of
            # the letters, inside the widget. A list's item is clipped to its own rectangle.
            room = 0 if option.state & QStyle.StateFlag.State_Item else FOCUS_ROOM
            rect = option.rect.adjusted(-room, -room, room, room)
            paint_ring(painter, rect if widget is None else rect & widget.rect())
            return
        super().drawPrimitive(element, option, painter, widget)
        if element in FRAMED and _keyboard_focus(option):
            paint_ring(painter, option.rect)

    def drawComplexControl(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawComplexControl(control, option, painter, widget)
        # (PySide6 hands a complex control over as its number.)
        if QStyle.ComplexControl(control) in FRAMED_COMPLEX and _keyboard_focus(option):
            paint_ring(painter, option.rect)


def _keyboard_focus(option: QStyleOption) -> bool:
    """The control has the focus, and the keyboard moved it there (Qt's own rule for drawing
    a focus frame: not after a click)."""
    state = option.state
    return bool(state & QStyle.StateFlag.State_HasFocus) and bool(
        state & QStyle.StateFlag.State_KeyboardFocusChange
    )


def use_window_style() -> None:
    """Make WindowStyle the application's, on the style it has now, once."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if not isinstance(app.style(), WindowStyle):
        app.setStyle(WindowStyle(app.style().name()))
