"""A graphics view that draws what stays still once, into its cached background.

A dial grid on a 4K stage repaints most of 3776 x 2002 pixels every step: the background, then
the rims and the labels (two cached pixmaps, blended), then the hands. On a machine whose memory
moves 6-7 GB/s, each of those passes over the picture costs 4-5 ms, so the frame took 22 ms for
the hands alone to move. Drawn into the view's background cache instead, the still items cost
one opaque copy; the scene then draws only what moves over it.

The items keep their place in the scene (an export draws them there, as vectors, once the
backdrop is switched off: `set_backdrop()` with no items); on screen they are left out of the
scene's drawing (opacity 0) and drawn into the background whenever they, or the view box they
sit in, change.
"""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem

CLIPS = QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape
#: Signals of a backdrop item (pyqtgraph's curves, `DialLabels`) and of its view box that
#: mean it looks different.
WATCHED_ITEM = ("sigPlotChanged", "changed", "visibleChanged")
WATCHED_BOX = ("sigTransformChanged", "sigResized")


class BackdropView:
    """A mixin for a pyqtgraph view (before it among the bases): `set_backdrop`."""

    _backdrop: tuple[QGraphicsItem, ...] = ()
    _watched: tuple[Any, ...] = ()  # the signals that redraw the backdrop

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A figure (its `LazyView`) is one stop of the Tab chain, not each of its plots.
        self._view().setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_backdrop(self, *items: QGraphicsItem) -> None:
        """Draw items (leaf items: their children are not drawn) into the view's cached
        background, under every other item, instead of with the scene; no items: every item
        drawn with the scene again, as a view without a backdrop draws them."""
        view = self._view()
        for signal in self._watched:
            signal.disconnect(self.refresh_backdrop)
        for item in self._backdrop:
            item.setOpacity(1.0)
        self._backdrop = items
        # What redraws the backdrop: an item's new data or visibility, its view box's new
        # range or size. (The view's own size and background brush Qt watches itself.)
        sources: dict[tuple[int, str], Any] = {}
        for item in items:
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            item.setOpacity(0.0)  # left out of the scene's drawing (a hidden item would be
            # left out of the backdrop too, and the views hide and show items of their own)
            box = item.getViewBox() if isinstance(item, pg.GraphicsItem) else None
            for owner, names in ((item, WATCHED_ITEM), (box, WATCHED_BOX)):
                for name in names:
                    if owner is not None and hasattr(owner, name):
                        sources[(id(owner), name)] = getattr(owner, name)
        self._watched = tuple(sources.values())
        for signal in self._watched:
            signal.connect(self.refresh_backdrop)
        mode = QGraphicsView.CacheModeFlag
        view.setCacheMode(mode.CacheBackground if items else mode.CacheNone)
        # The background covers every pixel: nothing under the view needs painting first.
        view.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, bool(items))
        self.refresh_backdrop()

    def refresh_backdrop(self, *_: object) -> None:
        """Draw the background again, at the next repaint (which this asks for)."""
        view = self._view()
        view.resetCachedContent()
        view.viewport().update()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        QGraphicsView.drawBackground(self._view(), painter, rect)
        for item in self._backdrop:
            if not item.isVisible():
                continue
            painter.save()
            clipper = item.parentItem()
            while clipper is not None and not clipper.flags() & CLIPS:
                clipper = clipper.parentItem()
            if clipper is not None:  # a view box clips what it holds to its rectangle
                clip = clipper.mapRectToScene(clipper.boundingRect())
                painter.setClipRect(clip, Qt.ClipOperation.IntersectClip)
            painter.setTransform(item.sceneTransform(), True)
            item.paint(painter, QStyleOptionGraphicsItem(), None)
            painter.restore()

    def _view(self) -> QGraphicsView:
        assert isinstance(self, QGraphicsView)
        return self


class BackdropArea(BackdropView, pg.GraphicsLayoutWidget):
    """A pyqtgraph layout of plots that can keep a backdrop."""


class BackdropPlotWidget(BackdropView, pg.PlotWidget):
    """A pyqtgraph plot widget that can keep a backdrop."""
