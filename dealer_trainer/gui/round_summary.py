"""The round's summary: the score beside its pass mark, the mistakes first with what each
broke and cost, then the steps done right; and the way on (retry the deal, or the next one).

The score is the one figure the trainer calls a score everywhere (the bar above the table
shows it as the round goes): the mean of payout accuracy and procedure compliance
(``engine.grader.Grade``), in percent.
"""

from __future__ import annotations

from decimal import Decimal
from enum import Enum

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.engine.grader import Grade
from dealer_trainer.gui.card_text import escape, with_cards
from dealer_trainer.gui.colours import BAD, GOOD, css
from dealer_trainer.gui.feedback_panel import rule_text
from dealer_trainer.practice.summary import SummaryLine

SCORE_MEANING = (
    "The score is the mean of payout accuracy (the money steps paid, collected or credited "
    "right) and procedure compliance (every step done right, in an allowed order), in percent."
)


def score_text(score: Decimal, pass_mark: Decimal) -> str:
    return f"Score {score:.1f}% · pass mark {pass_mark:g}%"


class NextStep(Enum):
    NEXT_ROUND = "next round"
    RETRY = "retry this deal"
    CLOSE = "close"


def section_html(citation: str) -> str:
    """A citation whose "§" never ends a line apart from its number."""
    return escape(citation).replace("§ ", "§\u00a0")


def _line_html(line: SummaryLine, style: DeckStyle) -> str:
    verdict = "not done" if line.verdict is None else line.verdict.value
    tries = f", {line.attempts} tries" if line.attempts > 1 else ""
    cost = f" · <b>−{line.cost:.1f} points</b>" if line.cost else ""
    explanation = line.explanation
    if line.verdict is None:  # the verdict before it says so
        explanation = explanation.removeprefix("Not done.").strip()
    rule = rule_text(explanation, line.text, line.citation)
    section = f" <i>({section_html(line.citation)})</i>" if line.citation else ""
    return (
        f'<p style="margin-bottom:2px"><span style="color:{css(BAD)}"><b>✘ {escape(verdict)}</b>'
        f"</span>{tries}{cost} — {with_cards(line.text, style)}</p>"
        f'<p style="margin-left:14px; margin-top:0px">{with_cards(rule, style)}{section}</p>'
    )


def summary_html(lines: list[SummaryLine], style: DeckStyle = DeckStyle.STANDARD) -> str:
    mistakes = [line for line in lines if not line.ok]
    right = [line for line in lines if line.ok]
    parts = []
    if mistakes:
        parts.append(f"<h3>Mistakes ({len(mistakes)})</h3>")
        parts += [_line_html(line, style) for line in mistakes]
    else:
        parts.append(f'<h3 style="color:{css(GOOD)}">No mistakes</h3>')
    if right:
        parts.append(f"<h3>Done right ({len(right)})</h3>")
        parts.append(
            "<p>"
            + "<br>".join(
                f'<span style="color:{css(GOOD)}">✔</span> {with_cards(line.text, style)}'
                for line in right
            )
            + "</p>"
        )
    return "".join(parts)


class SummaryDialog(QDialog):
    """How the round went; ``choice`` says what the trainee chose next."""

    def __init__(
        self,
        grade: Grade,
        lines: list[SummaryLine],
        pass_mark: Decimal,
        parent: QWidget | None = None,
        style: DeckStyle = DeckStyle.STANDARD,
        can_retry: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Round summary")
        self.setObjectName("summaryDialog")
        self.choice = NextStep.CLOSE
        self.lines = [line for line in lines if not line.ok] + [line for line in lines if line.ok]
        minutes, seconds = divmod(int(grade.seconds), 60)
        passed = grade.score >= pass_mark
        verdict = (
            "Perfect settlement."
            if grade.perfect
            else "At or above the pass mark."
            if passed
            else "Below the pass mark."
        )
        colour = GOOD if passed else BAD
        head = QLabel(
            f'<h2 style="color:{css(colour)}">{score_text(grade.score, pass_mark)}</h2>'
            f"<p><b>{verdict}</b> Payouts right {grade.payout_accuracy}% · steps right "
            f"{grade.procedure_compliance}% (the score is their mean) · time "
            f"{minutes}:{seconds:02d}</p>"
        )
        head.setObjectName("summaryHead")
        head.setWordWrap(True)
        head.setToolTip(SCORE_MEANING)
        self.text = QTextBrowser()
        self.text.setObjectName("summaryText")
        self.text.setOpenLinks(False)
        self.text.setHtml(summary_html(self.lines, style))
        self.next_round = QPushButton("&Deal next round")
        self.next_round.setDefault(True)
        self.next_round.clicked.connect(lambda: self._choose(NextStep.NEXT_ROUND))
        self.retry = QPushButton("&Retry this deal")
        self.retry.setObjectName("retry")
        self.retry.setToolTip("Settle the same cards again (practice only: not recorded)")
        self.retry.clicked.connect(lambda: self._choose(NextStep.RETRY))
        self.retry.setVisible(can_retry)
        close = QPushButton("&Close")
        close.clicked.connect(self.reject)
        buttons = QDialogButtonBox()
        buttons.addButton(self.retry, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.next_round, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(close, QDialogButtonBox.ButtonRole.RejectRole)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(760, 560)

    def _choose(self, choice: NextStep) -> None:
        self.choice = choice
        self.accept()
