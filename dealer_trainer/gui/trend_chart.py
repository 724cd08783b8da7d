"""The trend chart: every finished round's score in the order played, with a moving mean.

Drawn with QPainter (PySide6-Essentials has no QtCharts). The x axis is the rounds in order
(a week without practice takes no room), labelled with the date of the first round of each
day that has room for its label; the y axis is the score in percent, from a round number
below the lowest score up to 100, so a trainee between 85% and 100% is not drawn as a flat
line at the top. Exam rounds are diamonds, practice rounds dots; hovering over one names it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from dealer_trainer.reports.analytics import TrendPoint

PRACTICE = QColor("#1e6fb8")
EXAM = QColor("#e07b00")
MEAN = QColor("#0b2d4f")
GRID = QColor("#d7dde3")
AXIS = QColor("#333333")
WINDOW = 5
"""Rounds in the moving mean."""


def moving_mean(scores: Sequence[float], window: int = WINDOW) -> list[float]:
    means = []
    for i in range(len(scores)):
        part = scores[max(0, i - window + 1) : i + 1]
        means.append(sum(part) / len(part))
    return means


def lower_bound(scores: Sequence[float]) -> float:
    """The bottom of the y axis: 10 below the lowest score, rounded down to a ten."""
    if not scores:
        return 0.0
    return max(0.0, math.floor((min(scores) - 5) / 10) * 10)


class TrendChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trendChart")
        self.setAccessibleName("Score trend")
        self.points: tuple[TrendPoint, ...] = ()
        self.title = "Score per round"
        self.setMinimumSize(360, 200)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self._plot = QRectF()

    def sizeHint(self) -> QSize:
        return QSize(640, 260)

    def set_points(self, points: Sequence[TrendPoint], title: str = "Score per round") -> None:
        self.points = tuple(points)
        self.title = title
        self.setAccessibleDescription(self.describe())
        self.update()

    def describe(self) -> str:
        if not self.points:
            return "No finished rounds yet."
        scores = [p.score for p in self.points]
        return (
            f"{len(scores)} rounds from {self.points[0].at:%d %b %Y} to "
            f"{self.points[-1].at:%d %b %Y}; first {scores[0]:.1f}%, last {scores[-1]:.1f}%, "
            f"mean of the last {min(WINDOW, len(scores))} {moving_mean(scores)[-1]:.1f}%."
        )

    # --- geometry ------------------------------------------------------------------------------

    def _x(self, i: int) -> float:
        n = len(self.points)
        if n == 1:
            return self._plot.center().x()
        return self._plot.left() + self._plot.width() * i / (n - 1)

    def _y(self, score: float, bottom: float) -> float:
        span = 100.0 - bottom or 1.0
        return self._plot.bottom() - self._plot.height() * (score - bottom) / span

    # --- painting ------------------------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        font = QFont(self.font())
        metrics = QFontMetrics(font)
        line = metrics.height()
        left = metrics.horizontalAdvance("100%") + 16
        # From the top: the title, the legend, the plot, the dates and the axis caption.
        top = line * 3 + 6
        self._plot = QRectF(
            left, top, self.width() - left - 18, self.height() - top - line * 2 - 12
        )
        title_font = QFont(font)
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(AXIS)
        painter.drawText(QPointF(8, line), self.title)
        painter.setFont(font)
        if not self.points:
            painter.drawText(self._plot, Qt.AlignmentFlag.AlignCenter, "No finished rounds yet")
            return
        scores = [p.score for p in self.points]
        bottom = lower_bound(scores)
        self._legend(painter, metrics, line)
        self._grid(painter, metrics, bottom)
        self._dates(painter, metrics)
        mean = moving_mean(scores)
        painter.setPen(QPen(MEAN, 2.2))
        painter.drawPolyline(
            QPolygonF([QPointF(self._x(i), self._y(m, bottom)) for i, m in enumerate(mean)])
        )
        radius = 4.0 if len(scores) < 60 else 3.0
        for i, point in enumerate(self.points):
            centre = QPointF(self._x(i), self._y(point.score, bottom))
            painter.setPen(QPen(QColor("white"), 1.2))
            if point.exam:
                painter.setBrush(EXAM)
                r = radius + 1.5
                painter.drawPolygon(
                    QPolygonF(
                        [
                            centre + QPointF(0, -r),
                            centre + QPointF(r, 0),
                            centre + QPointF(0, r),
                            centre + QPointF(-r, 0),
                        ]
                    )
                )
            else:
                painter.setBrush(PRACTICE)
                painter.drawEllipse(centre, radius, radius)
        painter.end()

    def _legend(self, painter: QPainter, metrics: QFontMetrics, line: int) -> None:
        y = line * 2 + 4
        x = self.width() - 18.0
        entries = [
            ("exam round", EXAM, "diamond"),
            ("practice round", PRACTICE, "dot"),
            (f"mean of the last {WINDOW} rounds", MEAN, "line"),
        ]
        for text, colour, mark in entries:
            width = metrics.horizontalAdvance(text)
            x -= width
            painter.setPen(AXIS)
            painter.drawText(QPointF(x, y), text)
            x -= 22
            centre = QPointF(x + 8, y - metrics.ascent() / 2 + 1)
            painter.setBrush(colour)
            if mark == "line":
                painter.setPen(QPen(colour, 2.2))
                painter.drawLine(centre - QPointF(8, 0), centre + QPointF(8, 0))
            elif mark == "dot":
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(centre, 4.0, 4.0)
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawPolygon(
                    QPolygonF(
                        [
                            centre + QPointF(0, -5.5),
                            centre + QPointF(5.5, 0),
                            centre + QPointF(0, 5.5),
                            centre + QPointF(-5.5, 0),
                        ]
                    )
                )
            x -= 18

    def _grid(self, painter: QPainter, metrics: QFontMetrics, bottom: float) -> None:
        step = 10 if 100 - bottom <= 50 else 20
        value = bottom
        while value <= 100.0 + 1e-9:
            y = self._y(value, bottom)
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(self._plot.left(), y), QPointF(self._plot.right(), y))
            label = f"{value:.0f}%"
            painter.setPen(AXIS)
            painter.drawText(
                QPointF(
                    self._plot.left() - metrics.horizontalAdvance(label) - 6,
                    y + metrics.ascent() / 2 - 1,
                ),
                label,
            )
            value += step
        painter.setPen(QPen(AXIS, 1.2))
        painter.drawLine(self._plot.bottomLeft(), self._plot.bottomRight())
        painter.drawLine(self._plot.bottomLeft(), self._plot.topLeft())

    def _dates(self, painter: QPainter, metrics: QFontMetrics) -> None:
        """A tick at the first round of each day; a label under the ticks that have room,
        the latest day always labelled."""
        painter.setPen(AXIS)
        baseline = self._plot.bottom() + metrics.height() + 2
        ticks: list[tuple[float, str]] = []
        last_day = None
        for i, point in enumerate(self.points):
            if point.at.date() != last_day:
                last_day = point.at.date()
                ticks.append((self._x(i), f"{point.at:%d %b}"))
        placed: list[tuple[float, float, str]] = []
        for x, label in ticks:
            painter.drawLine(QPointF(x, self._plot.bottom()), QPointF(x, self._plot.bottom() + 4))
            width = metrics.horizontalAdvance(label)
            left = min(max(x - width / 2, 0.0), self.width() - width - 2.0)
            placed.append((left, left + width, label))
        shown: list[tuple[float, float, str]] = []
        for box in placed:
            if not shown or box[0] >= shown[-1][1] + 10:
                shown.append(box)
        if placed and shown[-1] is not placed[-1]:
            while shown and shown[-1][1] + 10 > placed[-1][0]:
                shown.pop()
            shown.append(placed[-1])
        for left, _right, label in shown:
            painter.drawText(QPointF(left, baseline), label)
        caption = "rounds in the order played, dated by day"
        painter.drawText(
            QPointF(
                self._plot.center().x() - metrics.horizontalAdvance(caption) / 2,
                baseline + metrics.height() + 2,
            ),
            caption,
        )

    # --- hovering ------------------------------------------------------------------------------

    def point_at(self, x: float, y: float) -> TrendPoint | None:
        if not self.points or self._plot.isNull():
            return None
        bottom = lower_bound([p.score for p in self.points])
        best: tuple[float, TrendPoint] | None = None
        for i, point in enumerate(self.points):
            distance = math.hypot(self._x(i) - x, self._y(point.score, bottom) - y)
            if distance <= 10 and (best is None or distance < best[0]):
                best = (distance, point)
        return None if best is None else best[1]

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            point = self.point_at(event.pos().x(), event.pos().y())
            if point is None:
                QToolTip.hideText()
            else:
                kind = "exam" if point.exam else "practice"
                QToolTip.showText(
                    event.globalPos(),
                    f"{point.score:.1f}% — {point.game}, {point.lesson_id} ({kind}), "
                    f"{point.at:%d %b %Y %H:%M}",
                    self,
                )
            return True
        return super().event(event)
