"""The view that shows the table scene: the whole table scaled to the window, or zoomed in.

At zoom 1 the whole felt fits the view, so nothing is ever off screen. Zooming in (Ctrl+=)
enlarges the felt around the selected spot for a trainee who cannot read small chips or a
projector at the back of a classroom; the view then scrolls and follows the selection.
Screen readers cannot see the scene's items, so the view carries their names in its
accessible description (what a screen reader reads for the table).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsScene,
    QGraphicsView,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

QWIDGETSIZE_MAX = (1 << 24) - 1
"""Qt's "no maximum" for a widget's size."""
ZOOM_STEP = 1.25
MAX_ZOOM = ZOOM_STEP**6
"""About four times the fitted size: a chip then fills a finger's width on a laptop."""


class TableView(QGraphicsView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 200)
        self.setAccessibleName("Table")
        self.zoom = 1.0
        self.focus: QRectF | None = None
        """The scene area kept in view when zoomed in (the selected spot)."""

    def setScene(self, scene: QGraphicsScene | None) -> None:
        super().setScene(scene)
        self.fit()

    def set_zoom(self, zoom: float) -> None:
        self.zoom = min(MAX_ZOOM, max(1.0, zoom))
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            if self.zoom == 1.0
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)
        self.setDragMode(
            QGraphicsView.DragMode.NoDrag
            if self.zoom == 1.0
            else QGraphicsView.DragMode.ScrollHandDrag
        )
        self.fit()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def follow(self, area: QRectF | None) -> None:
        """Keep ``area`` (the selected spot) in view while zoomed in."""
        self.focus = area
        if area is not None and self.zoom > 1.0:
            self.ensureVisible(area, 40, 40)

    def fit(self) -> None:
        scene: QGraphicsScene | None = self.scene()
        if scene is None:
            return
        self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom != 1.0:
            self.scale(self.zoom, self.zoom)
            if self.focus is not None:
                self.centerOn(self.focus.center())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


def scroll_viewport() -> QWidget:
    """A scroll area's viewport as Qt makes its own, made here so that the area can keep it.
    PySide answers ``viewport()`` (typed ``QWidget*``, never wrapped yet) by setting up every
    widget class it has not set up yet, about 12 ms of a start that needs none of them."""
    port = QWidget()
    port.setObjectName("qt_scrollarea_viewport")
    port.setAutoFillBackground(True)
    port.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)
    return port


class SidePanelScroll(QScrollArea):
    """Scrolls the side panel vertically and is never narrower than the panel it holds.

    A table's actions are added after the panel is built (Commission, Pay Envy), widening
    it; with no horizontal scroll bar the widened panel would be cut off at the window's
    edge, so the area follows the panel's minimum width, the scroll bar included. With
    ``capped``, it is never taller than the panel either, so what stands below it (the
    feedback) takes all the height the panel does not need."""

    def __init__(self, capped: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.capped = capped
        self.port = scroll_viewport()
        self.setViewport(self.port)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() is QEvent.Type.LayoutRequest:
            self.fit_panel()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_height()

    def fit_panel(self) -> None:
        panel = self.widget()
        if panel is not None:
            bar = self.verticalScrollBar().sizeHint().width()
            self.setMinimumWidth(panel.minimumSizeHint().width() + bar)
        self.fit_height()

    def fit_height(self) -> None:
        panel = self.widget()
        if panel is None or not self.capped:
            return
        width = self.port.width()
        needed = panel.heightForWidth(width) if panel.hasHeightForWidth() else -1
        if needed < 0:
            needed = panel.sizeHint().height()
        needed += 2 * self.frameWidth()
        if self.maximumHeight() != needed:
            self.setMaximumHeight(needed)
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        """Capped, the panel's whole height: the column gives it that before anything below
        grows, and takes it from the panel (which then scrolls) only when the screen is
        short."""
        hint = super().sizeHint()
        if self.capped and self.maximumHeight() < QWIDGETSIZE_MAX:
            hint.setHeight(self.maximumHeight())
        return hint


def side_by_side(
    view: QWidget, panel: QWidget, panel_width: int, below: QWidget | None = None
) -> QSplitter:
    """The felt and a side panel the trainee can widen or narrow by dragging the handle.

    The panel scrolls vertically rather than making the window taller: on a 1280x720 or
    1366x768 screen the window never grows past the screen, whatever the panel holds (the
    wager list, a long explanation, learn mode's hint button). ``below`` stands under the
    panel, outside its scrolling, and takes the height the panel does not need."""
    scroll = SidePanelScroll(capped=below is not None)
    scroll.setObjectName("sidePanelScroll")
    scroll.setWidget(panel)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    scroll.fit_panel()
    side: QWidget = scroll
    if below is not None:
        side = QWidget()
        side.setObjectName("sideColumn")
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(scroll)
        column.addWidget(below, 1)
        inner = panel.layout()
        if inner is not None:  # lined up with the panel's own margins above it
            edge = inner.contentsMargins()
            below.setContentsMargins(edge.left(), 0, edge.right(), edge.bottom())
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName("tableSplitter")
    splitter.addWidget(view)
    splitter.addWidget(side)
    splitter.setChildrenCollapsible(False)
    splitter.setStretchFactor(0, 1)
    splitter.setStretchFactor(1, 0)
    splitter.setSizes([4 * panel_width, panel_width])
    return splitter
