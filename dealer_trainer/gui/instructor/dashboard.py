"""The instructor's dashboard: trainees by class, and for the one selected the score trend,
the weakest skills, accuracy and speed per kind of step, per game and per wager type, and
every attempt (replay, result report, certificate, signed result file). The figures are
``reports.analytics``'s; this module only shows them."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from html import escape
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.gui.card_text import with_cards
from dealer_trainer.gui.colours import BAD, GOOD
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.pdf import write_certificate_pdf, write_report_pdf
from dealer_trainer.gui.instructor.record_table import record_table
from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog
from dealer_trainer.gui.trend_chart import TrendChart
from dealer_trainer.reports.analytics import (
    ProcedureCache,
    StepKind,
    Tally,
    TraineeReport,
    TraineeRow,
    cohorts,
    describe_seconds,
    trainee_report,
    trainee_rows,
)
from dealer_trainer.reports.documents import (
    certificate,
    certificate_refusal,
    result_report_html,
)
from dealer_trainer.reports.export import write_results_csv
from dealer_trainer.reports.results import (
    LessonInfo,
    Vouched,
    exam_result,
    lesson_catalog,
    title_of,
    vouch,
    vouched_pass,
    vouched_verdict,
)
from dealer_trainer.store.crypto import CredentialError, KeyIntegrityError, KeyRing
from dealer_trainer.store.errors import StoreError
from dealer_trainer.store.ledger import check_ledger
from dealer_trainer.store.records import AttemptRecord, TraineeRecord
from dealer_trainer.store.replay import ReplayError, replay
from dealer_trainer.store.school import SchoolProfileError
from dealer_trainer.store.verify import Check, check_attempt

ALL_CLASSES = "All classes"
NO_CLASS = "No class"
AMBER = "#b26a00"

CatalogLoader = Callable[[], Mapping[str, LessonInfo]]


def accuracy_colour(accuracy: Decimal) -> str:
    if accuracy >= 95:
        return GOOD
    return AMBER if accuracy >= 80 else BAD


def _item(
    text: str, *, colour: str | None = None, tip: str = "", right: bool = False
) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if colour is not None:
        item.setForeground(QColor(colour))
    if tip:
        item.setToolTip(tip)
    if right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _table(name: str, headers: Sequence[str], stretch: int = 0) -> QTableWidget:
    return record_table(name, headers, stretch=stretch)


def _fill(table: QTableWidget, rows: Sequence[Sequence[QTableWidgetItem]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, item in enumerate(row):
            table.setItem(r, c, item)


def _tally_cells(tally: Tally) -> list[QTableWidgetItem]:
    untimed = "Order is judged on steps timed under their own kind."
    return [
        _item(str(tally.total), right=True),
        _item(str(tally.right), right=True),
        _item(f"{tally.accuracy}%", colour=accuracy_colour(tally.accuracy), right=True),
        _item(
            describe_seconds(tally.mean_seconds),
            tip="" if tally.timed else untimed,
            right=True,
        ),
    ]


def file_name(text: str) -> str:
    return re.sub(r"[^\w .-]+", "_", text).strip() or "result"


class Dashboard(QWidget):
    def __init__(
        self,
        session: InstructorSession,
        catalog: CatalogLoader = lesson_catalog,
        parent: QWidget | None = None,
    ) -> None:
        session.require()
        super().__init__(parent)
        self.session = session
        self.setObjectName("dashboard")
        self._load_catalog = catalog
        self._catalog: Mapping[str, LessonInfo] | None = None
        self.cache = ProcedureCache()
        self.attempts: list[AttemptRecord] = []
        self.everyone: list[TraineeRecord] = []
        self.rows: list[TraineeRow] = []
        self.report: TraineeReport | None = None

        # The trainees.
        self.cohort = QComboBox()
        self.cohort.setAccessibleName("Class")
        self.trainees = _table(
            "trainees",
            ["Trainee", "Class", "Rounds", "Mean", "Last 10", "Change", "Last active"],
            stretch=1,
        )
        self.set_class_button = QPushButton("Set &class…")
        self.export_button = QPushButton("Export class results (CS&V)…")
        self.refresh_button = QPushButton("&Refresh")
        self.message = QLabel()
        self.message.setObjectName("dashboardMessage")
        self.message.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel("Class:"))
        top.addWidget(self.cohort, 1)
        top.addWidget(self.refresh_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.set_class_button)
        buttons.addWidget(self.export_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(top)
        left_layout.addWidget(self.trainees, 1)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.message)

        # The trainee selected.
        self.heading = QLabel()
        self.heading.setObjectName("traineeHeading")
        self.heading.setWordWrap(True)
        self.chart = TrendChart()
        self.weakest = _table("weakestSkills", ["Weakest skills", "Right", "Accuracy"])
        self.weakest.setToolTip("Select a skill to read its latest mistake.")
        self.mistake = QLabel()
        self.mistake.setObjectName("latestMistake")
        self.mistake.setWordWrap(True)
        self.mistake.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        weak = QWidget()
        weak_layout = QVBoxLayout(weak)
        weak_layout.setContentsMargins(0, 0, 0, 0)
        weak_layout.addWidget(self.weakest, 3)
        weak_layout.addWidget(self.mistake, 2)
        self.kinds = _table("kinds", ["Kind of step", "Steps", "Right", "Accuracy", "Time a step"])
        self.games = _table(
            "games",
            [
                "Game",
                "Rounds",
                "Score",
                "Payout",
                "Procedure",
                "Steps right",
                "Time a round",
                "Time a step",
            ],
        )
        self.wagers = _table("wagers", ["Wager type", "Steps", "Right", "Accuracy", "Time a step"])
        self.attempt_table = _table(
            "attempts",
            ["Started", "Lesson", "Game", "Mode", "Status", "Result", "Score", "Rounds", "Signed"],
            stretch=1,
        )
        self.replay_button = QPushButton("Re&play…")
        self.report_button = QPushButton("Res&ult report (PDF)…")
        self.certificate_button = QPushButton("C&ertificate (PDF)…")
        self.signed_button = QPushButton("Export &signed result…")
        attempt_buttons = QHBoxLayout()
        for button in (
            self.replay_button,
            self.report_button,
            self.certificate_button,
            self.signed_button,
        ):
            attempt_buttons.addWidget(button)
        attempt_buttons.addStretch(1)
        attempts_page = QWidget()
        attempts_layout = QVBoxLayout(attempts_page)
        attempts_layout.addWidget(self.attempt_table, 1)
        attempts_layout.addLayout(attempt_buttons)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.kinds, "Kinds of step")
        self.tabs.addTab(self.games, "Games")
        self.tabs.addTab(self.wagers, "Wager types")
        self.tabs.addTab(attempts_page, "Attempts")
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet(f"color:{BAD}")
        upper = QSplitter(Qt.Orientation.Horizontal)
        upper.addWidget(self.chart)
        upper.addWidget(weak)
        upper.setSizes([450, 320])
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.heading)
        right_layout.addWidget(upper, 5)
        right_layout.addWidget(self.tabs, 6)
        right_layout.addWidget(self.problems)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setSizes([490, 770])
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        self.cohort.currentIndexChanged.connect(lambda _i: self._show_trainees())
        self.trainees.itemSelectionChanged.connect(self._trainee_selected)
        self.attempt_table.itemSelectionChanged.connect(self._attempt_selected)
        self.weakest.itemSelectionChanged.connect(self._skill_selected)
        self.refresh_button.clicked.connect(self.refresh)
        self.set_class_button.clicked.connect(self.ask_class)
        self.export_button.clicked.connect(lambda: self.export_class_results())
        self.replay_button.clicked.connect(lambda: self.open_replay())
        self.report_button.clicked.connect(lambda: self.save_result_report())
        self.certificate_button.clicked.connect(lambda: self.save_certificate())
        self.signed_button.clicked.connect(lambda: self.export_signed_result())
        self.refresh()

    # --- data ----------------------------------------------------------------------------------

    @property
    def catalog(self) -> Mapping[str, LessonInfo]:
        if self._catalog is None:
            self._catalog = self._load_catalog()
        return self._catalog

    def refresh(self) -> None:
        """Read the records again (another station may have added rounds)."""
        selected = self.selected_trainee()
        self.everyone = self.session.store.trainees()
        self.attempts = self.session.store.attempts()
        self.rows = trainee_rows(self.everyone, self.attempts)
        choice = self.cohort.currentText()
        self.cohort.blockSignals(True)
        self.cohort.clear()
        self.cohort.addItem(ALL_CLASSES)
        for name in cohorts(self.everyone):
            self.cohort.addItem(name)
        if any(t.cohort is None for t in self.everyone):
            self.cohort.addItem(NO_CLASS)
        self.cohort.setCurrentIndex(max(0, self.cohort.findText(choice)))
        self.cohort.blockSignals(False)
        self._shown_for: int | None = None
        self._show_trainees(selected.id if selected is not None else None)
        now = self.selected_trainee()
        if now is not None and self._shown_for != now.id:
            self._trainee_selected()  # the same row stayed selected: read its records again

    def class_members(self) -> list[TraineeRecord]:
        choice = self.cohort.currentText()
        if choice in ("", ALL_CLASSES):
            return list(self.everyone)
        if choice == NO_CLASS:
            return [t for t in self.everyone if t.cohort is None]
        return [t for t in self.everyone if t.cohort == choice]

    def _show_trainees(self, keep: int | None = None) -> None:
        members = {t.id for t in self.class_members()}
        self.shown_rows = [r for r in self.rows if r.trainee.id in members]
        table_rows = []
        for row in self.shown_rows:
            change = ""
            colour = None
            if row.change is not None:
                change = f"{row.change:+}"
                colour = GOOD if row.change > 0 else BAD if row.change < 0 else None
            mean = "—" if row.mean_score is None else f"{row.mean_score}%"
            recent = "—" if row.recent_score is None else f"{row.recent_score}%"
            active = "never" if row.last_active is None else f"{row.last_active:%d %b %y}"
            table_rows.append(
                [
                    _item(row.trainee.name),
                    _item(row.trainee.cohort or ""),
                    _item(str(row.rounds), right=True),
                    _item(mean, right=True),
                    _item(recent, right=True),
                    _item(change, colour=colour, right=True),
                    _item(active),
                ]
            )
        _fill(self.trainees, table_rows)
        index = next(
            (i for i, r in enumerate(self.shown_rows) if r.trainee.id == keep),
            0 if self.shown_rows else -1,
        )
        if index >= 0:
            self.trainees.selectRow(index)
        else:
            self._show_report(None)
        self.export_button.setEnabled(bool(self.shown_rows))

    def selected_trainee(self) -> TraineeRecord | None:
        rows = (
            self.trainees.selectionModel().selectedRows() if self.trainees.selectionModel() else []
        )
        if not rows or not 0 <= rows[0].row() < len(getattr(self, "shown_rows", [])):
            return None
        return self.shown_rows[rows[0].row()].trainee

    def select_trainee(self, name: str) -> None:
        for i, row in enumerate(self.shown_rows):
            if row.trainee.name == name:
                self.trainees.selectRow(i)
                return
        raise KeyError(f"no trainee {name!r} in the list")

    def _trainee_selected(self) -> None:
        trainee = self.selected_trainee()
        if trainee is None:
            self._show_report(None)
            return
        mine = [a for a in self.attempts if a.trainee.id == trainee.id]
        self._shown_for = trainee.id
        keys = self._keys()
        self.vouched = {a.id: vouch(a, keys) for a in mine}
        self.ledger_problems = self._ledger_problems(trainee, mine, keys)
        self.assignment_problems = self._assignment_problems(trainee, keys)
        self._show_report(trainee_report(trainee, mine, self.cache))

    def _keys(self) -> KeyRing | None:
        try:
            return self.session.keys()
        except (CredentialError, KeyIntegrityError):
            return None

    def _ledger_problems(
        self, trainee: TraineeRecord, mine: list[AttemptRecord], keys: KeyRing | None
    ) -> list[str]:
        """What the trainee's signed exam ledger says was deleted, reset or reordered."""
        if keys is None:
            return ["the school's keys cannot be opened: no result is verified here"]
        found = check_ledger(self.session.store.ledger(trainee.id), keys.public(), mine)
        return [f"{subject}: {problem}" for subject, items in found.items() for problem in items]

    def _assignment_problems(self, trainee: TraineeRecord, keys: KeyRing | None) -> list[str]:
        """Each of the trainee's exam assignments that does not verify under the school's
        keys (planted or edited at a station): it is ignored, and named here."""
        if keys is None:
            return []
        found = self.session.store.assignments(keys.public(), trainee.id)
        return [f"{a.subject}: {problem}" for a in found for problem in a.problems]

    # --- the trainee's figures -----------------------------------------------------------------

    def _show_report(self, report: TraineeReport | None) -> None:
        self.report = report
        if report is None:
            self.heading.setText("<h2>No trainee selected</h2>")
            self.chart.set_points([])
            for table in (self.weakest, self.kinds, self.games, self.wagers, self.attempt_table):
                table.setRowCount(0)
            self.mistake.setText("")
            self.problems.setText("")
            self._attempt_selected()
            return
        trainee = report.trainee
        seconds = sum(r.seconds for r in report.rounds)
        cohort = f" · {escape(trainee.cohort)}" if trainee.cohort else " · no class"
        self.heading.setText(
            f"<h2 style='margin:0'>{escape(trainee.name)}<span style='font-weight:normal'>"
            f"{cohort}</span></h2>{len(report.attempts)} attempts, {len(report.rounds)} rounds "
            f"finished, {describe_seconds(seconds)} spent settling"
        )
        self.chart.set_points(report.trend, f"{trainee.name}: score per round")
        weakest = report.weakest or tuple(s for s in report.skills if s.tally.wrong)[:5]
        self.shown_skills = weakest
        _fill(
            self.weakest,
            [
                [
                    _item(s.skill.value, tip=s.last_mistake),
                    _item(f"{s.tally.right} of {s.tally.total}", tip=s.last_mistake, right=True),
                    _item(
                        f"{s.accuracy}%",
                        colour=accuracy_colour(s.accuracy),
                        tip=s.last_mistake,
                        right=True,
                    ),
                ]
                for s in weakest
            ]
            or [[_item("No mistakes yet" if report.rounds else "Nothing practised yet")]],
        )
        if weakest:
            self.weakest.selectRow(0)
        self._skill_selected()
        _fill(
            self.kinds,
            [
                [_item(kind.value), *_tally_cells(tally)]
                for kind in StepKind
                if (tally := report.kinds.get(kind)) is not None
            ],
        )
        _fill(
            self.games,
            [
                [
                    _item(g.game),
                    _item(str(g.rounds), right=True),
                    _item(f"{g.score}%", colour=accuracy_colour(g.score), right=True),
                    _item(f"{g.payout_accuracy}%", right=True),
                    _item(f"{g.procedure_compliance}%", right=True),
                    _item(f"{g.steps.accuracy}%", right=True),
                    _item(describe_seconds(g.seconds_per_round), right=True),
                    _item(describe_seconds(g.steps.mean_seconds), right=True),
                ]
                for g in report.games
            ],
        )
        _fill(
            self.wagers,
            [[_item(name), *_tally_cells(tally)] for name, tally in report.wagers.items()],
        )
        attempts = sorted(report.attempts, key=lambda a: a.started_at, reverse=True)
        self.shown_attempts = attempts
        rows = []
        for live in attempts:
            vouched = self._vouched(live)
            record = vouched.record
            result = exam_result(record, self.catalog)
            verdict = vouched_verdict(vouched, self.catalog) if result is not None else ""
            colour = (
                None if result is None else GOOD if vouched_pass(vouched, self.catalog) else BAD
            )
            score = "—" if record.summary is None else f"{record.summary.score}%"
            standing = vouched.verification
            rows.append(
                [
                    _item(f"{record.started_at:%d %b %y %H:%M}"),
                    _item(title_of(record, self.catalog), tip=record.lesson_id),
                    _item(record.game),
                    _item(record.mode),
                    _item(record.status.value),
                    _item(verdict, colour=colour),
                    _item(score, right=True),
                    _item(str(len(record.rounds)), right=True),
                    _item(
                        standing.split(":")[0] if record.signed or vouched.check else "",
                        colour=BAD if standing.startswith("EDITED") else None,
                        tip=standing,
                    ),
                ]
            )
        _fill(self.attempt_table, rows)
        if attempts:
            self.attempt_table.selectRow(0)
        notes = []
        if getattr(self, "ledger_problems", None):
            notes.append("Exam ledger: " + "; ".join(self.ledger_problems))
        if getattr(self, "assignment_problems", None):
            notes.append("Exam assignments: " + "; ".join(self.assignment_problems))
        if report.problems:
            notes.append("Left out of the step figures: " + "; ".join(report.problems))
        self.problems.setText("\n".join(notes))
        self._attempt_selected()

    def _skill_selected(self) -> None:
        model = self.weakest.selectionModel()
        rows = model.selectedRows() if model is not None else []
        skills = getattr(self, "shown_skills", ())
        if not rows or not 0 <= rows[0].row() < len(skills):
            self.mistake.setText("")
            return
        standing = skills[rows[0].row()]
        self.mistake.setText(
            f"<b>Latest {escape(standing.skill.value)} mistake:</b> "
            f"{with_cards(standing.last_mistake)}"
        )

    # --- attempts ------------------------------------------------------------------------------

    def selected_attempt(self) -> AttemptRecord | None:
        model = self.attempt_table.selectionModel()
        rows = model.selectedRows() if model is not None else []
        attempts = getattr(self, "shown_attempts", [])
        if self.report is None or not rows or not 0 <= rows[0].row() < len(attempts):
            return None
        record: AttemptRecord = attempts[rows[0].row()]
        return record

    def _vouched(self, record: AttemptRecord) -> Vouched:
        """The attempt as the school vouches for it (read from its signed document)."""
        known = getattr(self, "vouched", {}).get(record.id)
        return known if known is not None else vouch(record, self._keys())

    def selected_vouched(self) -> Vouched | None:
        record = self.selected_attempt()
        return None if record is None else self._vouched(record)

    def select_attempt(self, attempt_id: int) -> None:
        for i, record in enumerate(getattr(self, "shown_attempts", [])):
            if record.id == attempt_id:
                self.attempt_table.selectRow(i)
                return
        raise KeyError(f"attempt {attempt_id} is not listed")

    def _attempt_selected(self) -> None:
        record = self.selected_attempt()
        has = record is not None
        self.replay_button.setEnabled(has and bool(record and record.rounds))
        self.report_button.setEnabled(has)
        vouched = self._vouched(record) if record is not None else None
        self.certificate_button.setEnabled(
            vouched is not None and vouched_pass(vouched, self.catalog)
        )
        self.signed_button.setEnabled(record is not None and record.signed)

    def _say(self, text: str, ok: bool = True) -> None:
        self.message.setText(f'<span style="color:{GOOD if ok else BAD}">{escape(text)}</span>')

    def _save_path(self, title: str, name: str, pattern: str) -> Path | None:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        chosen, _ = QFileDialog.getSaveFileName(self, title, str(Path(folder) / name), pattern)
        return Path(chosen) if chosen else None

    def _check(self, record: AttemptRecord) -> Check | None:
        """The record against the school's keys (None for practice that was never signed)."""
        try:
            check = check_attempt(record, self.session.keys())
        except (CredentialError, KeyIntegrityError) as error:
            return Check(f"attempt {record.id}", (str(error),))
        return check if check.signed or not check.ok else None

    @staticmethod
    def _shown_check(vouched: Vouched) -> Check | None:
        """The check a report prints (None for practice that was never signed)."""
        check = vouched.check
        if check is None:
            return Check(f"attempt {vouched.record.id}", ("the school's keys cannot be opened",))
        return check if check.signed or not check.ok else None

    def open_replay(self) -> ReplayDialog | None:
        record = self.selected_attempt()
        if record is None:
            return None
        try:
            title = title_of(record, self.catalog)
            dialog = ReplayDialog(self.session, record, self, title=title)
        except (ReplayError, ValueError, KeyError) as error:
            QMessageBox.warning(
                self, "Cannot replay", f"This attempt cannot be dealt again: {error}"
            )
            return None
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def save_result_report(self, path: Path | None = None) -> Path | None:
        vouched = self.selected_vouched()
        if vouched is None:
            return None
        record = vouched.record
        if path is None:
            name = file_name(f"{record.trainee.name} - {record.lesson_id} - result") + ".pdf"
            path = self._save_path("Save the result report", name, "PDF (*.pdf)")
            if path is None:
                return None
        self.session.require()
        agrees: bool | None = None
        try:
            replayed = replay(record)
        except (ReplayError, ValueError, KeyError):
            pass  # the report says nothing about a replay that could not be made
        else:
            pairs = zip(replayed.grades, record.rounds, strict=True)
            finished = [(g, r) for g, r in pairs if r.grade is not None]
            if finished:
                agrees = all(g.to_json() == r.grade for g, r in finished)
        html = result_report_html(
            record, self.catalog, self._shown_check(vouched), replay_agrees=agrees, cache=self.cache
        )
        write_report_pdf(html, path, f"Result report: {record.trainee.name}")
        self._say(f"Result report saved: {path}")
        return path

    def save_certificate(self, path: Path | None = None) -> Path | None:
        record = self.selected_attempt()
        if record is None:
            return None
        self.session.require()
        check = self._check(record)
        refusal = certificate_refusal(record, self.catalog, check)
        school = None
        if refusal is None:
            try:
                school = self.session.store.school(self.session.keys().public())
            except (SchoolProfileError, CredentialError, KeyIntegrityError) as error:
                refusal = str(error)
            if school is None and refusal is None:
                refusal = "the school's name is not set yet: set it in the School tab"
        if refusal is not None:
            QMessageBox.warning(self, "No certificate", f"No certificate: {refusal}.")
            self._say(f"No certificate: {refusal}.", ok=False)
            return None
        if path is None:
            name = file_name(f"{record.trainee.name} - certificate") + ".pdf"
            path = self._save_path("Save the certificate", name, "PDF (*.pdf)")
            if path is None:
                return None
        write_certificate_pdf(certificate(record, self.catalog, check, school), path)
        self._say(f"Certificate saved: {path}")
        return path

    def export_signed_result(self, path: Path | None = None) -> Path | None:
        record = self.selected_attempt()
        if record is None or not record.signed:
            return None
        if path is None:
            name = file_name(f"{record.trainee.name} - {record.lesson_id}") + ".json"
            path = self._save_path("Export the signed result", name, "Result files (*.json)")
            if path is None:
                return None
        try:
            self.session.store.export_result(record.id, path)
        except (StoreError, OSError) as error:
            self._say(f"Not exported: {error}", ok=False)
            return None
        self._say(f"Signed result exported: {path} (check it with dealer-trainer results verify)")
        return path

    def export_class_results(self, path: Path | None = None) -> Path | None:
        members = [r.trainee for r in self.shown_rows]
        if not members:
            return None
        if path is None:
            label = self.cohort.currentText() or ALL_CLASSES
            path = self._save_path(
                "Export the class's results", file_name(f"{label} results") + ".csv", "CSV (*.csv)"
            )
            if path is None:
                return None
        self.session.require()
        try:
            keys = self.session.keys()
        except (CredentialError, KeyIntegrityError):
            keys = None
        count = write_results_csv(path, members, self.attempts, self.catalog, keys)
        self._say(f"{count} results of {len(members)} trainees written to {path}")
        return path

    # --- classes -------------------------------------------------------------------------------

    def ask_class(self) -> None:
        trainee = self.selected_trainee()
        if trainee is None:
            return
        text, ok = QInputDialog.getText(
            self,
            "Set class",
            f"Class of {trainee.name} (empty: no class):",
            text=trainee.cohort or "",
        )
        if ok:
            self.set_class(trainee, text)

    def set_class(self, trainee: TraineeRecord, cohort: str) -> None:
        self.session.require()
        clean = " ".join(cohort.split()) or None
        self.session.store.set_cohort(trainee.id, clean)
        self.cohort.setCurrentIndex(0)
        self.refresh()
        self.select_trainee(trainee.name)
        self._say(f"{trainee.name}: {clean or 'no class'}")
