"""The two exchanges around an exam: the examiner unlocking the school's signing key before it
starts, and the result at the end (pass or fail, each round's score and every mistake, now
explained), which is final once shown: the attempt is already submitted and signed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.lessons import Lesson
from dealer_trainer.curriculum.run import ExamResult
from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.step import DEALER
from dealer_trainer.gui.card_text import names_cards, with_cards
from dealer_trainer.gui.colours import BAD, GOOD, css
from dealer_trainer.gui.feedback_panel import rule_text
from dealer_trainer.gui.keymap import FINISH_SHORTCUT
from dealer_trainer.gui.round_summary import section_html
from dealer_trainer.rules.money import format_money
from dealer_trainer.store.crypto import CredentialError, KeyIntegrityError, KeyRing
from dealer_trainer.store.records import TraineeRecord

if TYPE_CHECKING:
    from dealer_trainer.curriculum.assignments import AssignedExam
    from dealer_trainer.store.store import Store

NO_PASSWORD = (
    "This exam cannot start: no instructor password is set up in these records, so there is no "
    "school key to sign the result with. An instructor sets the password and generates the "
    "school's signing key in the instructor area first."
)
NO_KEY = (
    "This exam cannot start: the school has no signing key yet. An instructor generates one in "
    "the instructor area first."
)


def exam_facts(lesson: Lesson, trainee: TraineeRecord, attempt: int) -> str:
    """The exam's rules as the candidate and the examiner read them before it starts."""
    limit = lesson.time_limit_seconds or 0
    minutes, seconds = divmod(int(limit), 60)
    clock = f"{minutes}:{seconds:02d}"
    of = f" of {lesson.attempts}" if lesson.attempts is not None else ""
    resume = (
        "If the trainer stops mid-exam, the exam goes on at its next round."
        if lesson.may_resume
        else "If the trainer stops mid-exam, the exam cannot be resumed: it is abandoned."
    )
    return (
        f"<h2>{escape(lesson.title)}</h2>"
        f"<p><b>Candidate:</b> {escape(trainee.name)}"
        f"{' (' + escape(trainee.cohort) + ')' if trainee.cohort else ''}<br>"
        f"<b>Attempt:</b> {attempt}{of}<br>"
        f"<b>Rounds:</b> {lesson.round_count}, {clock} each<br>"
        f"<b>Pass mark:</b> {lesson.pass_mark:g}% (the mean score of every round)</p>"
        "<p>No hints and no feedback until the end: each step is recorded as you take it. A "
        f"round ends when every wager is settled, when you end it early ({FINISH_SHORTCUT}), or "
        f"when its time is up. {resume} The result is final once the exam is submitted.</p>"
    )


def assignment_line(
    trainee: TraineeRecord, assigned: AssignedExam | None, resumed: bool = False
) -> str:
    """Whether the candidate sits this exam for an instructor's assignment: the examiner reads
    it before unlocking."""
    if resumed:
        return "<p>The interrupted exam goes on where it stopped.</p>"
    if assigned is None:
        return (
            f"<p><b>Not assigned:</b> no instructor has assigned this exam to "
            f"{escape(trainee.name)}. The examiner may still start it.</p>"
        )
    record = assigned.assignment
    return (
        f"<p><b>Assigned</b> by {escape(record.assignment.assigned_by)} on "
        f"{record.assignment.assigned_at:%d %B %Y}, {escape(assigned.due_text(date.today()))}. "
        "Submitting the exam completes the assignment.</p>"
    )


class ExaminerDialog(QDialog):
    """The examiner types the instructor password: the school's key is unlocked (in memory
    only) to sign the result at the end. ``keys`` holds it once accepted."""

    def __init__(
        self,
        store: Store,
        lesson: Lesson,
        trainee: TraineeRecord,
        attempt: int,
        parent: QWidget | None = None,
        *,
        assigned: AssignedExam | None = None,
        resumed: bool = False,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.keys: KeyRing | None = None
        self.setWindowTitle("Start the exam")
        self.setObjectName("examinerDialog")
        facts = QLabel(exam_facts(lesson, trainee, attempt))
        facts.setWordWrap(True)
        facts.setObjectName("examFacts")
        self.assignment = QLabel(assignment_line(trainee, assigned, resumed))
        self.assignment.setObjectName("examAssignment")
        self.assignment.setWordWrap(True)
        prompt = QLabel(
            "<b>Examiner:</b> the instructor password unlocks the school's key, "
            "which signs the result."
        )
        prompt.setWordWrap(True)
        self.password = QLineEdit()
        self.password.setObjectName("examinerPassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName("Instructor password")
        self.password.returnPressed.connect(self.unlock)
        self.error = QLabel()
        self.error.setObjectName("examinerError")
        self.error.setWordWrap(True)
        self.start = QPushButton("&Unlock and start the exam")
        self.start.setObjectName("startExam")
        self.start.setAutoDefault(False)
        self.start.clicked.connect(self.unlock)
        cancel = QPushButton("&Cancel")
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start)
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(facts)
        layout.addWidget(self.assignment)
        layout.addWidget(prompt)
        layout.addWidget(self.password)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.resize(520, 420)
        self.password.setFocus()

    def unlock(self) -> None:
        try:
            keys = self.store.unlock_keys(self.password.text())
        except CredentialError as error:
            self._fail(f"{str(error).capitalize()}.")
            return
        except KeyIntegrityError as error:
            self._fail(f"The school's key cannot be used: {error}")
            return
        if keys.current is None:
            self._fail(NO_KEY)
            return
        self.keys = keys
        self.accept()

    def _fail(self, message: str) -> None:
        self.error.setText(f'<span style="color:{BAD}">{escape(message, quote=False)}</span>')
        self.password.selectAll()
        self.password.setFocus()


def _party(seat: int) -> str:
    return "Dealer" if seat == DEALER else f"Seat {seat}"


def _described(item: Mapping[str, Any]) -> str:
    """A stored action or step ("Seat 3 Trips: pay $70") as the trainer describes it."""
    amount = item.get("amount")
    money = f" {format_money(Decimal(str(amount)))}" if amount is not None else ""
    given = str(item.get("hand") or "")
    hand = f" ({given if names_cards(given) else given.lower()})" if given else ""
    label = Action.from_text(str(item["action"])).label
    return f"{_party(int(item['seat']))} {item['spot']}: {label}{hand}{money}"


def mistakes_html(grade: Mapping[str, Any]) -> str:
    """Every mistake of a stored round, explained with its section, and every step missed."""
    lines = []

    def line(verdict: str, done: str, explanation: str, citation: str) -> str:
        """The verdict and what was done, then the rule once, its section once."""
        cite = f" <i>({section_html(citation)})</i>" if citation else ""
        rule = rule_text(explanation, done, citation)
        return f"<li><b>{escape(verdict)}</b> — {with_cards(done)}<br>{with_cards(rule)}{cite}</li>"

    for judgement in grade["judgements"]:
        if judgement["verdict"] == "correct":
            continue
        lines.append(
            line(
                str(judgement["verdict"]).capitalize(),
                _described(judgement["action"]),
                str(judgement["explanation"]),
                str(judgement.get("citation") or ""),
            )
        )
    for step in grade["missing"]:
        lines.append(
            line(
                "Not done",
                _described(step),
                str(step["explanation"]),
                str(step.get("citation") or ""),
            )
        )
    return f"<ul>{''.join(lines)}</ul>" if lines else "<p>No mistakes.</p>"


class ExamResultDialog(QDialog):
    """The result at the end of an exam: pass or fail against the pass mark, each round, and
    every mistake explained (the feedback the exam held back)."""

    def __init__(self, result: ExamResult, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.exam_result = result
        self.setWindowTitle("Exam result")
        self.setObjectName("examResultDialog")
        record = result.record
        colour = GOOD if result.passed else BAD
        score = f"{result.score}%" if result.score is not None else "no round finished"
        signed = (
            f"Submitted and signed (key {escape(record.key_id or '')}): this result is final."
            if record.signed
            else "Not signed."
        )
        self.head = QLabel(
            f"<h2>{escape(title)}</h2>"
            f'<p style="font-size:18pt;color:{css(colour)}"><b>{result.verdict.upper()}</b></p>'
            f"<p><b>{escape(record.trainee.name)}</b> scored <b>{score}</b> against a pass mark "
            f"of {result.pass_mark:g}%.</p><p>{signed}</p>"
        )
        self.head.setObjectName("examVerdict")
        self.head.setWordWrap(True)
        self.details = QTextBrowser()
        self.details.setObjectName("examDetails")
        self.details.setHtml(self._details())
        close = QPushButton("&Close")
        close.setDefault(True)
        close.clicked.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.head)
        layout.addWidget(self.details, 1)
        layout.addWidget(close)
        self.resize(760, 620)

    def _details(self) -> str:
        parts = []
        for stored in self.exam_result.record.rounds:
            grade = stored.grade
            if grade is None:
                parts.append(f"<h3>Round {stored.index}: not finished</h3>")
                continue
            seconds = float(grade["seconds"])
            minutes, rest = divmod(int(seconds), 60)
            late = "" if grade.get("within_time", True) else " — <b>over the time limit</b>"
            parts.append(
                f"<h3>Round {stored.index}: {grade['score']}%</h3>"
                f"<p>Payout accuracy {grade['payout_accuracy']}% · procedure compliance "
                f"{grade['procedure_compliance']}% · time {minutes}:{rest:02d}{late}</p>"
                + mistakes_html(grade)
            )
        return "".join(parts)
