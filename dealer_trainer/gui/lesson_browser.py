"""The course: every lesson by game, in the course's recommended order, with the trainee's
status, and the way in to a lesson, an exam or a "my mistakes" session.

Lessons are numbered 1, 2, 3 ... within their game whatever their ``level`` values, and exams
are labelled as exams; an exam an instructor has assigned to the trainee says so, with its due
date. Every exam stays listed: one that is not assigned can still be started here, and the
examiner is told it is not assigned before unlocking it. Reloading the lesson files is an
author's tool and lives in the instructor area.

A lesson file that does not validate is listed where it belongs, marked broken, with the same
message ``dealer-trainer lessons check`` prints: an instructor's typo never hides the rest of
the course or stops the app.
"""

from __future__ import annotations

from datetime import date
from html import escape
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.assignments import AssignedExam, assigned_exams
from dealer_trainer.curriculum.course import exam_title, load_plan, numbering, recommended_order
from dealer_trainer.curriculum.lessons import LESSONS, Lesson, LessonEntry
from dealer_trainer.curriculum.lessons import load_lessons as load_course
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import attempts_left, lesson_status, lesson_summary
from dealer_trainer.curriculum.schema import LessonMode
from dealer_trainer.gui.colours import css, readable

BROKEN = "broken"
BROKEN_COLOUR = "#c62828"
STATUS_COLOURS = {
    MasteryStatus.MASTERED: QColor("#2e7d32"),
    MasteryStatus.IN_PROGRESS: QColor("#ef6c00"),
    MasteryStatus.NOT_STARTED: QColor("#555555"),
}
ENTRY_ROLE = Qt.ItemDataRole.UserRole
START_LESSON = "&Start lesson (Enter)"
START_EXAM = "&Start exam (Enter)"


class LessonBrowser(QWidget):
    """Lessons grouped by game, in level order; the selected lesson's description beside."""

    lesson_chosen = Signal(object)
    mistakes_chosen = Signal()
    intro_wanted = Signal(object)
    """The selected lesson's introduction, read before starting it (a ``Lesson``)."""

    def __init__(
        self,
        progress: TraineeProgress | None,
        folder: Path = LESSONS,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("lessonBrowser")
        self.progress = progress
        self.folder = folder
        self.entries: list[LessonEntry] = []
        self.numbers: dict[Path, str] = {}
        self.assigned: dict[str, AssignedExam] = {}

        title = QLabel("<h1>Course</h1>")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("lessonTree")
        self.tree.setAccessibleName("Lessons by game and level")
        self.tree.setHeaderLabels(["Lesson", "Mode", "Status"])
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setAlternatingRowColors(True)
        self.details = QTextBrowser()
        self.details.setObjectName("lessonDetails")
        self.details.setOpenLinks(False)
        self.start = QPushButton(START_LESSON)
        self.start.setObjectName("startLesson")
        self.start.setEnabled(False)
        self.intro = QPushButton("Read the &introduction")
        self.intro.setObjectName("readIntro")
        self.intro.setVisible(False)
        self.mistakes = QPushButton("&My mistakes")
        self.mistakes.setToolTip(
            "Rounds from the lessons whose skills you got wrong most recently (Leitner boxes), "
            "until every lesson is mastered"
        )

        buttons = QHBoxLayout()
        buttons.addWidget(self.start)
        buttons.addWidget(self.intro)
        buttons.addWidget(self.mistakes)
        buttons.addStretch(1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(self.details)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.split = split
        split.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        layout.addLayout(buttons)

        self.tree.currentItemChanged.connect(self._show_selected)
        self.tree.itemActivated.connect(lambda _item, _col: self.choose())
        self.start.clicked.connect(self.choose)
        self.mistakes.clicked.connect(self.mistakes_chosen.emit)
        self.intro.clicked.connect(self._want_intro)
        self.refresh()

    # --- the list ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the lesson folder and the trainee's records again (an instructor may have
        edited a file; another station may have recorded rounds)."""
        if self.progress is not None:
            self.progress.refresh()
        plan = load_plan(self.folder)
        self.entries = recommended_order(load_course(self.folder), plan)
        self.numbers = numbering(self.entries)
        self.assigned = {}
        for assigned in assigned_exams(self.entries, self.progress):
            self.assigned.setdefault(assigned.lesson.id, assigned)
        self.tree.clear()
        games: dict[str, QTreeWidgetItem] = {}
        for entry in self.entries:
            game = entry.game or "Unknown game"
            parent = games.get(game)
            if parent is None:
                parent = QTreeWidgetItem([game])
                parent.setFirstColumnSpanned(True)
                font = parent.font(0)
                font.setBold(True)
                parent.setFont(0, font)
                self.tree.addTopLevelItem(parent)
                games[game] = parent
            parent.addChild(self._item(entry))
        self.tree.expandAll()
        ok = [e for e in self.entries if e.lesson is not None and e.ok]
        taught = [e.lesson for e in ok if e.lesson is not None]
        # Counted as the start screen counts them: the lessons to master, apart from the
        # exams and the history lessons, so the two screens never disagree.
        lessons = [lesson for lesson in taught if not lesson.exam and not lesson.historical]
        mastered = sum(
            1
            for lesson in lessons
            if lesson_status(lesson, self.progress) is MasteryStatus.MASTERED
        )
        exams = sum(1 for lesson in taught if lesson.exam)
        history = sum(1 for lesson in taught if lesson.historical and not lesson.exam)
        broken = len(self.entries) - len(ok)
        plural = "" if len(games) == 1 else "s"
        red = css(BROKEN_COLOUR)
        besides = [f"{exams} exam{'' if exams == 1 else 's'}"] if exams else []
        if history:
            besides.append(f"{history} history lesson{'' if history == 1 else 's'}")
        counts = [f"{len(lessons)} lessons", *besides]
        listed = ", ".join(counts[:-1]) + " and " + counts[-1] if len(counts) > 1 else counts[0]
        text = (
            f"{listed} in {len(games)} game{plural}; {mastered} of {len(lessons)} lessons mastered"
        )
        if broken:
            text += f"; <span style='color:{red}'><b>{broken} broken</b></span>"
        if self.progress is None:
            text += (
                "<br>No trainee chosen: statuses show once a trainee is (File > Switch trainee)."
            )
        elif self.progress.warning:
            text += f"<br><span style='color:{red}'>{escape(self.progress.warning)}</span>"
        if plan.problems:
            text += f"<br><span style='color:{red}'>{escape(plan.error)}</span>"
        self.summary.setText(text)
        rows = self.lesson_items()
        if rows:
            self.tree.setCurrentItem(rows[0])
        self._fit_titles()

    def _fit_titles(self) -> None:
        """Give the list the width its longest lesson title needs and the details the rest
        (a quarter of the width at least), so on a 1280-pixel screen no title is cut off with
        "…" while its whole text shows only in the details."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        header = self.tree.header()
        needed = (
            self.tree.sizeHintForColumn(0)
            + header.sectionSize(1)
            + header.sectionSize(2)
            + self.tree.verticalScrollBar().sizeHint().width()
            + 2 * self.tree.frameWidth()
            + 8
        )
        details = max(total - needed, total // 4)
        if self.split.sizes()[1] != details:
            self.split.setSizes([total - details, details])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.split and event.type() is QEvent.Type.Resize:
            QTimer.singleShot(0, self.split, self._fit_titles)  # once the split shares its width
        return super().eventFilter(watched, event)

    def _item(self, entry: LessonEntry) -> QTreeWidgetItem:
        lesson = entry.lesson if entry.ok else None
        title = entry.title or entry.path.name
        number = self.numbers.get(entry.path, "")
        name = exam_title(title) if lesson is not None and lesson.exam else f"{number}. {title}"
        assigned = self.assigned.get(lesson.id) if lesson is not None else None
        if assigned is not None:
            name += f" (assigned, {assigned.due_text(date.today())})"
        if lesson is None:
            item = QTreeWidgetItem([name, "", BROKEN])
            item.setForeground(2, QBrush(readable(BROKEN_COLOUR)))
            item.setToolTip(0, entry.error)
            item.setToolTip(2, entry.error)
        else:
            status = lesson_status(lesson, self.progress)
            item = QTreeWidgetItem([name, lesson.mode.value, lesson_summary(lesson, self.progress)])
            item.setForeground(2, QBrush(readable(STATUS_COLOURS[status])))
            item.setToolTip(0, lesson.description.strip())
        item.setData(0, ENTRY_ROLE, entry)
        return item

    def selected_entry(self) -> LessonEntry | None:
        item = self.tree.currentItem()
        entry = item.data(0, ENTRY_ROLE) if item is not None else None
        return entry if isinstance(entry, LessonEntry) else None

    def lessons(self) -> list[Lesson]:
        return [e.lesson for e in self.entries if e.ok and e.lesson is not None]

    def lesson_items(self) -> list[QTreeWidgetItem]:
        """Every lesson row, in the order shown."""
        games = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [
            item
            for game in games
            if game is not None
            for item in (game.child(k) for k in range(game.childCount()))
            if item is not None
        ]

    def item_for(self, lesson_id: str) -> QTreeWidgetItem | None:
        for item in self.lesson_items():
            entry = item.data(0, ENTRY_ROLE)
            if isinstance(entry, LessonEntry) and entry.id == lesson_id:
                return item
        return None

    # --- the selected lesson -------------------------------------------------------------------

    def _show_selected(self) -> None:
        entry = self.selected_entry()
        self.start.setEnabled(entry is not None and entry.ok)
        exam = entry is not None and entry.lesson is not None and entry.lesson.exam
        self.start.setText(START_EXAM if exam else START_LESSON)
        self.intro.setVisible(
            entry is not None
            and entry.ok
            and entry.lesson is not None
            and entry.lesson.intro is not None
        )
        if entry is None:
            self.details.setHtml("<p>Choose a lesson.</p>")
            return
        if not entry.ok or entry.lesson is None:
            lines = "".join(f"<li>{escape(line)}</li>" for line in entry.lines())
            self.details.setHtml(
                f"<h2>{escape(entry.title or entry.path.name)}</h2>"
                f"<p style='color:{css(BROKEN_COLOUR)}'><b>This lesson file is broken and "
                "cannot be played until it is corrected:</b></p>"
                f"<ul>{lines}</ul>"
            )
            return
        lesson = entry.lesson
        rule = lesson.mastery
        facts = [
            f"<b>Mode:</b> {lesson.mode.value}",
            f"<b>Rounds:</b> {lesson.round_count}",
            f"<b>Skills:</b> {escape(', '.join(s.value for s in lesson.skills))}",
        ]
        if lesson.time_limit_seconds is not None:
            facts.append(f"<b>Time limit:</b> {lesson.time_limit_seconds:g} s per round")
        if lesson.pass_mark is not None:
            facts.append(f"<b>Pass mark:</b> {lesson.pass_mark:g}%")
        if lesson.mode is LessonMode.EXAM:
            left = attempts_left(lesson, self.progress) if self.progress is not None else None
            allowed = "no limit" if lesson.attempts is None else f"{lesson.attempts}"
            remaining = f" ({left} left)" if left is not None else ""
            facts.append(f"<b>Attempts allowed:</b> {allowed}{remaining}")
            assigned = self.assigned.get(lesson.id)
            facts.append(
                "<b>Assigned to you</b> by "
                f"{escape(assigned.assignment.assignment.assigned_by)}, "
                f"{escape(assigned.due_text(date.today()))}"
                if assigned is not None
                else "<b>Not assigned to you:</b> the start screen offers an exam once an "
                "instructor assigns it; the examiner may still start this one."
            )
            facts.append(
                "<b>If the trainer stops mid-exam:</b> "
                + ("it goes on at its next round" if lesson.may_resume else "it is abandoned")
            )
        else:
            facts.append(
                f"<b>Mastered after:</b> {rule.rounds} rounds, at least {rule.accuracy:g}% over "
                f"the last {rule.over_last}"
            )
        facts.append(f"<b>Your progress:</b> {escape(lesson_summary(lesson, self.progress))}")
        description = escape(lesson.description.strip()).replace("\n\n", "<p>")
        self.details.setHtml(
            f"<h2>{escape(exam_title(lesson.title) if lesson.exam else lesson.title)}</h2>"
            f"<p>{description}</p>" + "".join(f"<p>{fact}</p>" for fact in facts)
        )

    def _want_intro(self) -> None:
        entry = self.selected_entry()
        if entry is not None and entry.ok and entry.lesson is not None:
            self.intro_wanted.emit(entry.lesson)

    def choose(self) -> None:
        entry = self.selected_entry()
        if entry is not None and entry.ok and entry.lesson is not None:
            self.lesson_chosen.emit(entry.lesson)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.choose()
            return
        super().keyPressEvent(event)
