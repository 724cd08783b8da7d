"""My progress: a trainee's own trend, the skills they have mastered and the ones to work on.

The figures are the instructor dashboard's (``reports.analytics.trainee_report``), read from
this station's records for the trainee practising, so what a trainee sees about themselves and
what their instructor sees agree. It is their view of their practice, not a credential: exam
results are vouched for only in the instructor area.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.gui.card_text import plain_cards
from dealer_trainer.gui.trend_chart import TrendChart
from dealer_trainer.reports.analytics import (
    MASTERED_ACCURACY,
    MIN_MASTERED_STEPS,
    RECENT,
    TraineeReport,
    trainee_report,
)
from dealer_trainer.store.records import TraineeRecord

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


class ProgressDialog(QDialog):
    def __init__(self, store: Store, trainee: TraineeRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("progressDialog")
        self.setWindowTitle(f"My progress — {trainee.name}")
        self.report: TraineeReport = trainee_report(trainee, store.attempts(trainee.id))

        self.summary = QLabel()
        self.summary.setObjectName("progressSummary")
        self.summary.setWordWrap(True)
        self.chart = TrendChart()
        self.chart.set_points(self.report.trend, "My score per round (%)")
        self.mastered = QListWidget()
        self.mastered.setObjectName("masteredSkills")
        self.mastered.setAccessibleName("Skills mastered")
        self.mastered.setWordWrap(True)  # a skill's line wraps rather than scroll sideways
        self.mastered.setSpacing(4)
        self.weakest = QListWidget()
        self.weakest.setObjectName("weakestSkills")
        self.weakest.setAccessibleName("Skills to work on")
        self.weakest.setWordWrap(True)
        self.weakest.setSpacing(4)
        for skills in (self.mastered, self.weakest):
            skills.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fill()

        mastered_box = QGroupBox("Skills mastered")
        QVBoxLayout(mastered_box).addWidget(self.mastered)
        weakest_box = QGroupBox("Skills to work on")
        QVBoxLayout(weakest_box).addWidget(self.weakest)
        lists = QHBoxLayout()
        lists.addWidget(mastered_box, 1)
        lists.addWidget(weakest_box, 2)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.chart, 2)
        layout.addLayout(lists, 1)
        layout.addWidget(buttons)
        self.resize(1000, 640)

    def _fill(self) -> None:
        report = self.report
        scores = [float(r.score) for r in report.rounds]
        if not scores:
            self.summary.setText(
                "<h2>No rounds yet</h2>Play a lesson or practise a table: each finished round "
                "is charted here, with the skills you have mastered and the ones to work on."
            )
        else:
            recent = _mean(scores[-RECENT:])
            overall = _mean(scores)
            assert recent is not None and overall is not None
            exams = sum(1 for r in report.rounds if r.mode == "exam")
            self.summary.setText(
                f"<h2>{len(scores)} round{'s' * (len(scores) != 1)} played</h2>"
                f"Mean score {overall:.1f}% · last {min(RECENT, len(scores))} rounds "
                f"{recent:.1f}%" + (f" · {exams} exam rounds" if exams else "")
            )
        self.mastered.clear()
        for standing in report.mastered:
            self.mastered.addItem(
                f"✔ {standing.skill.value}: {standing.accuracy}% of {standing.tally.total} steps"
            )
        if not report.mastered:
            self.mastered.addItem(
                f"None yet: a skill is mastered at {MASTERED_ACCURACY}% over at least "
                f"{MIN_MASTERED_STEPS} steps."
            )
        self.weakest.clear()
        for standing in report.weakest:
            self.weakest.addItem(
                f"{standing.skill.value}: {standing.accuracy}% right "
                f"({standing.tally.wrong} wrong of {standing.tally.total}). "
                f"Latest: {plain_cards(standing.last_mistake)}"
            )
        if not report.weakest:
            self.weakest.addItem("Nothing stands out: no skill has repeated mistakes.")
        self.setAccessibleDescription(escape(self.summary.text()))
