"""Replaying a stored attempt step by step: the round dealt again from its stored source and
drawn as the felt stood after the selected step (``replay_table``), each recorded step with the
verdict it got then and the verdict the engine gives it now, Next/Previous mistake to jump
between wrong steps, and the regraded result beside the stored one (``store.replay``: the same
grade, or a record that was edited)."""

from __future__ import annotations

import re
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.engine.actions import Action
from dealer_trainer.engine.grader import Grade
from dealer_trainer.engine.step import DEALER
from dealer_trainer.forms.closed_table import ClosedTableSituation
from dealer_trainer.gui.card_text import with_cards
from dealer_trainer.gui.colours import BAD, GOOD, css
from dealer_trainer.gui.feedback_panel import rule_text
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.record_table import record_table
from dealer_trainer.gui.instructor.replay_table import ReplayTable
from dealer_trainer.gui.round_summary import section_html
from dealer_trainer.reports.analytics import describe_seconds
from dealer_trainer.rules.money import format_money
from dealer_trainer.store.records import AttemptRecord
from dealer_trainer.store.replay import AttemptReplay, FormReplay, ReplayedStep, replay

COLUMNS = ("#", "At", "Who", "Spot", "Action", "Amount", "Recorded", "Replayed")
FORM_COLUMNS = ("#", "Field", "Entered", "Expected", "Recorded", "Replayed")


def _grade_text(grade: Grade) -> str:
    return (
        f"score {grade.score}% (payout accuracy {grade.payout_accuracy}%, procedure compliance "
        f"{grade.procedure_compliance}%), {describe_seconds(grade.seconds)}"
    )


def _stored_grade_text(data: object) -> str:
    if not isinstance(data, dict):
        return "no stored grade (the round was not finished)"
    return (
        f"score {data.get('score')}% (payout accuracy {data.get('payout_accuracy')}%, procedure "
        f"compliance {data.get('procedure_compliance')}%), "
        f"{describe_seconds(float(data.get('seconds') or 0))}"
    )


_DEAL_PARTS = re.compile(r"\s*\n\s*| +(?=(?:Dealer|Board|Seat \d+|Community cards): )")
"""Where a deal's description ("Table: ...\nDealer: 5c 2h   Board: ...\nSeat 2: ...") moves on
to the next hand."""


def deal_html(description: str) -> str:
    """The deal as a dealer reads it: the table, then each hand on a line of its own, the
    cards drawn with their suits ("Dealer: 5♣ 2♥", not "Dealer: 5c 2h")."""
    return "<br>".join(with_cards(part) for part in _DEAL_PARTS.split(description))


def is_mistake(replayed: ReplayedStep) -> bool:
    """A step worth the instructor's look: judged wrong then, or judged otherwise now."""
    stored = replayed.stored
    return (stored.kind == "action" and stored.verdict != "correct") or not replayed.agrees


class ReplayDialog(QDialog):
    """Every round of ``record`` replayed; Previous/Next (or the arrow keys in the table) step
    through the recorded steps, Previous/Next mistake (Shift+F8/F8) jump between the
    wrong ones, and the felt shows the table after the selected step."""

    def __init__(
        self,
        session: InstructorSession,
        record: AttemptRecord,
        parent: QWidget | None = None,
        *,
        title: str | None = None,
    ) -> None:
        session.require()
        super().__init__(parent)
        self.record = record
        self.title = title if title is not None else record.lesson_id
        self.setWindowTitle(f"Replay: {record.trainee.name}, {self.title}")
        self.setObjectName("replayDialog")
        self.replayed: AttemptReplay = replay(record)
        self.agrees = all(
            grade.to_json() == stored.grade
            for grade, stored in zip(self.replayed.grades, record.rounds, strict=True)
            if stored.grade is not None
        ) and (record.summary is None or self.replayed.summary == record.summary)
        self.agrees = self.agrees and all(f.matches for f in self.replayed.forms)

        head = QLabel()
        head.setObjectName("replayHead")
        head.setWordWrap(True)
        head.setText(self._head())
        self.rounds = QListWidget()
        self.rounds.setAccessibleName("Rounds")
        self.rounds.setWordWrap(True)
        self.rounds.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for item in self.replayed.rounds:
            # The score first, to find the bad rounds; the game on a line of its own, whole.
            self.rounds.addItem(f"Round {item.index}: {item.grade.score}%\n{item.dealt.setup.game}")
        for form in self.replayed.forms:
            self.rounds.addItem(f"Form {form.entry.index}: {form.entry.exercise}")
        self.rounds.setMaximumWidth(240)
        self.steps = record_table(
            "replaySteps", COLUMNS, stretch=3, accessible="Recorded steps", alternating=False
        )
        self.detail = QTextBrowser()
        self.detail.setObjectName("replayDetail")
        self.felt = ReplayTable()
        self.felt.setObjectName("replayFelt")
        self.previous = QPushButton("◀ &Previous step")
        self.next = QPushButton("&Next step ▶")
        self.previous_mistake = QPushButton("◀◀ Previous &mistake")
        self.next_mistake = QPushButton("Next mis&take ▶▶")
        self.previous_mistake.setShortcut(QKeySequence("Shift+F8"))
        self.next_mistake.setShortcut(QKeySequence("F8"))
        self.previous_mistake.setToolTip("The wrong step before this one (Shift+F8)")
        self.next_mistake.setToolTip("The next wrong step (F8)")
        self.previous_mistake.clicked.connect(lambda: self.jump_to_mistake(-1))
        self.next_mistake.clicked.connect(lambda: self.jump_to_mistake(1))
        self.mistakes = [
            (r, s)
            for r, item in enumerate(self.replayed.rounds)
            for s, replayed in enumerate(item.steps)
            if is_mistake(replayed)
        ]
        self.position = QLabel()
        close = QPushButton("&Close")
        self.previous.clicked.connect(lambda: self.step_by(-1))
        self.next.clicked.connect(lambda: self.step_by(1))
        close.clicked.connect(self.accept)

        log = QSplitter(Qt.Orientation.Vertical)
        log.addWidget(self.steps)
        log.addWidget(self.detail)
        log.setSizes([420, 220])
        right = QSplitter(Qt.Orientation.Horizontal)
        right.addWidget(log)
        right.addWidget(self.felt)
        right.setSizes([640, 460])
        middle = QHBoxLayout()
        middle.addWidget(self.rounds)
        middle.addWidget(right, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.previous_mistake)
        buttons.addWidget(self.previous)
        buttons.addWidget(self.next)
        buttons.addWidget(self.next_mistake)
        buttons.addWidget(self.position, 1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addLayout(middle, 1)
        layout.addLayout(buttons)
        self.rounds.currentRowChanged.connect(self.show_round)
        self.steps.currentCellChanged.connect(lambda row, *_: self.show_step(row))
        self.rounds.setMaximumWidth(170)
        self.resize(1260, 700)
        if self.rounds.count():
            self.rounds.setCurrentRow(0)

    def _head(self) -> str:
        record = self.record
        stored = record.summary
        regraded = self.replayed.summary
        if self.agrees:
            verdict = (
                f'<b style="color:{GOOD}">Regraded from the recorded steps: the same grade.</b>'
            )
        else:
            verdict = (
                f'<b style="color:{BAD}">Regraded from the recorded steps, the grade differs from '
                "the stored one: the records were edited.</b>"
            )
        line = (
            f"<h3>{escape(record.trainee.name)} — {escape(self.title)} "
            f"({escape(record.mode)}, {escape(record.status.value)})</h3>"
        )
        if stored is not None and regraded is not None:
            line += (
                f"Stored: score {stored.score}% · regraded: score {regraded.score}% "
                f"(payout {regraded.payout_accuracy}%, procedure {regraded.procedure_compliance}%, "
                f"{describe_seconds(regraded.seconds)}). "
            )
        return line + verdict

    @property
    def current_round(self) -> int:
        return self.rounds.currentRow()

    def _form_at(self, row: int) -> FormReplay | None:
        index = row - len(self.replayed.rounds)
        return self.replayed.forms[index] if 0 <= index < len(self.replayed.forms) else None

    def show_round(self, row: int) -> None:
        form = self._form_at(row)
        if form is not None:
            self._show_form(form)
            return
        if not 0 <= row < len(self.replayed.rounds):
            return
        item = self.replayed.rounds[row]
        self.felt.show_round(
            item.dealt, [r.stored for r in item.steps], self.record.rounds[row].grading == "log"
        )
        self.felt.setVisible(True)
        self.steps.setColumnCount(len(COLUMNS))
        self.steps.setHorizontalHeaderLabels(list(COLUMNS))
        self.steps.setRowCount(len(item.steps))
        for r, replayed in enumerate(item.steps):
            for c, (text, colour) in enumerate(self._cells(replayed)):
                cell = QTableWidgetItem(text)
                if colour is not None:
                    cell.setForeground(QColor(colour))
                self.steps.setItem(r, c, cell)
        if item.steps:
            self.steps.setCurrentCell(0, 0)
        else:
            self.show_step(-1)

    @staticmethod
    def _cells(replayed: ReplayedStep) -> list[tuple[str, str | None]]:
        stored = replayed.stored
        who = (
            ""
            if stored.seat is None
            else "Dealer"
            if stored.seat == DEALER
            else f"Seat {stored.seat}"
        )
        if stored.kind == "signoff":
            action = f"floorperson {stored.floorperson} signs"
        else:
            assert stored.action is not None
            action = Action.from_text(stored.action).label
            if stored.hand:
                action += f" ({stored.hand.lower()})"
        now = "—" if replayed.judgement is None else replayed.judgement.verdict.value
        ok = stored.verdict == "correct"
        recorded_colour = None if stored.kind == "signoff" else GOOD if ok else BAD
        return [
            (str(stored.index), None),
            (f"{stored.at:.1f} s", None),
            (who, None),
            (stored.spot or "", None),
            (action, None),
            (format_money(stored.amount) if stored.amount is not None else "", None),
            (stored.verdict or "—", recorded_colour),
            (now, None if replayed.agrees else BAD),
        ]

    def _show_form(self, form: FormReplay) -> None:
        """A form's fields: what was entered, what the rule expected, the verdict recorded
        then and the verdict the form gets when graded again now."""
        self.felt.setVisible(False)
        self.steps.setColumnCount(len(FORM_COLUMNS))
        self.steps.setHorizontalHeaderLabels(list(FORM_COLUMNS))
        regraded = form.grade.verdicts
        self.steps.setRowCount(len(form.entry.grade))
        for r, stored in enumerate(form.entry.grade):
            now = regraded[r] if r < len(regraded) else None
            recorded_ok = bool(stored.get("correct"))
            agrees = now is not None and now.to_json() == dict(stored)
            cells: list[tuple[str, str | None]] = [
                (str(r + 1), None),
                (str(stored.get("field", "")), None),
                (str(stored.get("given", "")), None),
                (str(stored.get("expected", "")), None),
                ("correct" if recorded_ok else "wrong", GOOD if recorded_ok else BAD),
                (
                    "—" if now is None else "correct" if now.correct else "wrong",
                    None if agrees else BAD,
                ),
            ]
            for c, (text, colour) in enumerate(cells):
                cell = QTableWidgetItem(text)
                if colour is not None:
                    cell.setForeground(QColor(colour))
                self.steps.setItem(r, c, cell)
        if form.entry.grade:
            self.steps.setCurrentCell(0, 0)
        else:
            self.show_step(-1)

    def _form_detail(self, form: FormReplay, row: int) -> None:
        entry = form.entry
        total = len(entry.grade)
        self.position.setText(f"Form {entry.index} · field {row + 1} of {total}")
        facts = "<br>".join(
            escape(line) for line in ClosedTableSituation.from_json(entry.situation).describe()
        )
        parts = [f"<p><b>The situation:</b><br>{facts}</p>"]
        if 0 <= row < total:
            stored = entry.grade[row]
            parts.append(
                f"<p><b>{escape(str(stored.get('field', '')))}:</b> "
                f"{escape(str(stored.get('explanation', '')))} "
                f"({escape(str(stored.get('citation', '')))})</p>"
            )
        colour = GOOD if form.matches else BAD
        parts.append(
            f"<p><b>Form score stored:</b> {entry.score}%<br>"
            f'<b style="color:{colour}">Form regraded:</b> {form.grade.score}%</p>'
        )
        self.detail.setHtml("".join(parts))

    def jump_to_mistake(self, direction: int) -> bool:
        """Select the next (1) or previous (-1) wrong step, across rounds; False when none."""
        here = (self.current_round, self.steps.currentRow())
        if direction > 0:
            ahead = [m for m in self.mistakes if m > here]
            target = ahead[0] if ahead else None
        else:
            behind = [m for m in self.mistakes if m < here]
            target = behind[-1] if behind else None
        if target is None:
            return False
        if target[0] != self.current_round:
            self.rounds.setCurrentRow(target[0])
        self.steps.setCurrentCell(target[1], 0)
        return True

    def step_by(self, delta: int) -> None:
        row = self.steps.currentRow() + delta
        if 0 <= row < self.steps.rowCount():
            self.steps.setCurrentCell(row, 0)
        elif delta > 0 and self.current_round + 1 < self.rounds.count():
            self.rounds.setCurrentRow(self.current_round + 1)
        elif delta < 0 and self.current_round > 0:
            self.rounds.setCurrentRow(self.current_round - 1)
            self.steps.setCurrentCell(self.steps.rowCount() - 1, 0)

    def show_step(self, row: int) -> None:
        index = self.current_round
        form = self._form_at(index)
        last = self.rounds.count() - 1
        if form is not None:
            self.previous.setEnabled(row > 0 or index > 0)
            self.next.setEnabled(row + 1 < len(form.entry.grade) or index < last)
            self.previous_mistake.setEnabled(bool(self.mistakes))
            self.next_mistake.setEnabled(False)
            self._form_detail(form, row)
            return
        if not 0 <= index < len(self.replayed.rounds):
            return
        item = self.replayed.rounds[index]
        stored_round = self.record.rounds[index]
        total = len(item.steps)
        self.position.setText(
            f"Round {item.index} of {len(self.replayed.rounds)} · step {row + 1} of {total}"
            if 0 <= row < total
            else f"Round {item.index}: no steps recorded"
        )
        self.previous.setEnabled(row > 0 or index > 0)
        self.next.setEnabled(row + 1 < total or index < last)
        here = (index, row)
        self.previous_mistake.setEnabled(any(m < here for m in self.mistakes))
        self.next_mistake.setEnabled(any(m > here for m in self.mistakes))
        self.felt.show_after(row + 1 if 0 <= row < total else 0)
        parts = [f"<p><b>The deal:</b><br>{deal_html(item.dealt.description)}</p>"]
        if 0 <= row < total:
            replayed = item.steps[row]
            stored = replayed.stored
            if stored.kind == "signoff":
                parts.append(
                    f"<p><b>Step {stored.index}:</b> floorperson "
                    f"{escape(stored.floorperson or '')} signed for "
                    f"{escape(stored.step_id or '')} at {stored.at:.1f} s.</p>"
                )
            else:
                # A verdict the replay confirms is worded as the trainer words it today, so a
                # record kept before the wording changed shows the rule, not old notes.
                now = replayed.judgement if replayed.agrees else None
                explanation = now.explanation if now is not None else stored.explanation
                citation = now.citation if now is not None else stored.citation
                cite = f" <i>({section_html(citation)})</i>" if citation else ""
                rule = rule_text(explanation, "", citation)
                parts.append(
                    f"<p><b>Step {stored.index}, recorded {escape(stored.verdict or '')}:</b> "
                    f"{with_cards(rule)}{cite}</p>"
                )
                if replayed.judgement is not None and not replayed.agrees:
                    parts.append(
                        f'<p style="color:{css(BAD)}"><b>Replayed now: '
                        f"{escape(replayed.judgement.verdict.value)}</b> — "
                        f"{with_cards(replayed.judgement.explanation)}</p>"
                    )
        parts.append(
            f"<p><b>Round grade stored:</b> {_stored_grade_text(stored_round.grade)}<br>"
            f"<b>Round regraded:</b> {_grade_text(item.grade)}</p>"
        )
        self.detail.setHtml("".join(parts))
