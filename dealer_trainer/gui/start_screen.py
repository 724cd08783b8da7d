"""The way in: continue the course, practise a table, or sit an exam the trainee is assigned.

"Continue the course" names the next lesson in the course's recommended order
(``lessons/course.toml``); "Exam" appears only when an instructor has assigned the logged-in
trainee an exam (a signed, open assignment that verifies, of the exam file as it was assigned:
``curriculum.assignments``), naming it and its due date. The course and the records are read
when the screen is shown, so a lesson mastered or an exam assigned a minute ago shows.
"""

from __future__ import annotations

from datetime import date
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.curriculum.course_plan import LESSONS, CoursePlan, load_plan

if TYPE_CHECKING:
    from dealer_trainer.curriculum.assignments import AssignedExam
    from dealer_trainer.curriculum.lessons import Lesson, LessonEntry
    from dealer_trainer.curriculum.records import TraineeProgress

CARD_WIDTH = 400


def exam_label(lesson: Lesson) -> str:
    """An exam named with its game once: "Exam: Three Card Poker certification" already
    names it, "Exam: the plain table, full seats" is given it ("Ultimate Texas Hold 'Em: ...")."""
    from dealer_trainer.curriculum.course import exam_title

    title = exam_title(lesson.title)
    return title if lesson.game.lower() in title.lower() else f"{lesson.game}: {title}"


def lesson_label(lesson: Lesson, numbers: dict[Path, str]) -> str:
    """ "Ultimate Texas Hold 'Em, lesson 1: First settlement ..." as the course numbers it."""
    number = numbers.get(lesson.path, "")
    if lesson.exam:
        return exam_label(lesson)
    return f"{lesson.game}, lesson {number}: {lesson.title}"


class StartCard(QFrame):
    """One way in: a large button and a line saying where it leads."""

    def __init__(self, name: str, button: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.button = QPushButton(button)
        self.button.setObjectName(f"{name}Button")
        font = self.button.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.button.setFont(font)
        self.button.setMinimumHeight(56)
        self.button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.text = QLabel()
        self.text.setObjectName(f"{name}Text")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        layout.addWidget(self.button)
        layout.addWidget(self.text, 1)


class StartScreen(QWidget):
    continue_chosen = Signal(object)
    """The next lesson of the course (a ``Lesson``)."""
    practice_chosen = Signal()
    exam_chosen = Signal(object)
    """The exam assigned to the trainee (an ``AssignedExam``)."""
    course_chosen = Signal()
    mistakes_chosen = Signal()

    def __init__(
        self,
        progress: TraineeProgress | None = None,
        folder: Path = LESSONS,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        self.progress = progress
        self.folder = folder
        self.plan: CoursePlan = CoursePlan()
        self.entries: list[LessonEntry] = []
        self.next: Lesson | None = None
        self.exams: list[AssignedExam] = []
        self.loaded = False

        self.greeting = QLabel()
        self.greeting.setObjectName("greeting")
        self.greeting.setWordWrap(True)
        self.course_card = StartCard("continueCourse", "&Continue the course")
        self.practice_card = StartCard("practiceTable", "&Practice a table")
        self.exam_card = StartCard("exam", "Sit the &exam")
        self.practice_card.text.setText(
            "Choose a game and one of its tables and settle as many rounds as you like, with "
            "the next step on request or judged only."
        )
        cards = QHBoxLayout()
        cards.setSpacing(12)
        for card in (self.course_card, self.practice_card, self.exam_card):
            card.setMaximumWidth(CARD_WIDTH)
            card.setMinimumHeight(180)
            cards.addWidget(card, 1)
        cards.addStretch(0)
        self.overview = QPushButton("Course &overview…")
        self.overview.setObjectName("courseOverview")
        self.mistakes = QPushButton("&My mistakes")
        self.mistakes.setObjectName("myMistakes")
        self.mistakes.setToolTip("Rounds from the lessons whose skills you got wrong most recently")
        more = QHBoxLayout()
        more.addWidget(self.overview)
        more.addWidget(self.mistakes)
        more.addStretch(1)
        self.problems = QLabel()
        self.problems.setObjectName("courseProblems")
        self.problems.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(QLabel("<h1>Dealer Trainer</h1>"))
        layout.addWidget(self.greeting)
        layout.addSpacing(8)
        layout.addLayout(cards)
        layout.addLayout(more)
        layout.addWidget(self.problems)
        layout.addStretch(1)

        self.course_card.button.clicked.connect(self._continue)
        self.practice_card.button.clicked.connect(self.practice_chosen.emit)
        self.exam_card.button.clicked.connect(self._exam)
        self.overview.clicked.connect(self.course_chosen.emit)
        self.mistakes.clicked.connect(self.mistakes_chosen.emit)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()
        button = self.course_card.button
        (button if button.isEnabled() else self.practice_card.button).setFocus()

    def set_progress(self, progress: TraineeProgress | None) -> None:
        self.progress = progress
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Read the course and the trainee's records again, and say what comes next (the
        lessons and the records are loaded here, when the screen is first shown, not before
        the ``practice`` command's table)."""
        from dealer_trainer.curriculum.assignments import assigned_exams
        from dealer_trainer.curriculum.course import next_lesson, numbering, recommended_order
        from dealer_trainer.curriculum.lessons import load_lessons as load_course
        from dealer_trainer.curriculum.mastery import MasteryStatus
        from dealer_trainer.curriculum.run import lesson_status, lesson_summary

        if self.progress is not None:
            self.progress.refresh()
        self.plan = load_plan(self.folder)
        self.entries = recommended_order(load_course(self.folder), self.plan)
        self.loaded = True
        numbers = numbering(self.entries)
        who = self.progress.trainee.name if self.progress is not None else ""
        self.greeting.setText(
            f"Welcome, {escape(who)}. Where would you like to start?"
            if who
            else "No trainee chosen: nothing is recorded until one is (File > Switch trainee)."
        )
        self.next = next_lesson(self.entries, self.progress, self.plan)
        if self.next is None:
            self.course_card.button.setEnabled(False)
            self.course_card.text.setText(
                "Every lesson of the course is mastered. Practise a table, or review a lesson "
                "from the course overview."
            )
        else:
            self.course_card.button.setEnabled(True)
            status = escape(lesson_summary(self.next, self.progress))
            taught = [e.lesson for e in self.entries if e.lesson is not None and e.ok]
            lessons = [lesson for lesson in taught if not lesson.exam and not lesson.historical]
            mastered = sum(
                1
                for lesson in lessons
                if lesson_status(lesson, self.progress) is MasteryStatus.MASTERED
            )
            self.course_card.text.setText(
                f"Next: <b>{escape(lesson_label(self.next, numbers))}</b><br>"
                f"{self.next.mode.value.capitalize()} · {status}<br><br>"
                f"{mastered} of {len(lessons)} lessons mastered. Each game is taught step by "
                "step, each lesson introduced before its first round, and closes with an exam."
            )
        self.exams = assigned_exams(self.entries, self.progress)
        self.exam_card.setVisible(bool(self.exams))
        if self.exams:
            assigned = self.exams[0]
            exam = assigned.lesson
            more = len(self.exams) - 1
            also = f"<br>({more} more exam{'s' * (more != 1)} assigned)" if more else ""
            limit = f"{exam.time_limit_seconds:g} s a round" if exam.time_limit_seconds else ""
            mark = f"pass mark {exam.pass_mark:g}%" if exam.pass_mark is not None else ""
            facts = ", ".join(part for part in (limit, mark) if part)
            due = assigned.due_text(date.today())
            self.exam_card.text.setText(
                f"Assigned: <b>{escape(lesson_label(exam, numbers))}</b><br>"
                f"<b>{escape(due[:1].upper() + due[1:])}</b> · assigned by "
                f"{escape(assigned.assignment.assignment.assigned_by)}<br>{escape(facts)}. "
                "The examiner unlocks it with the instructor password." + also
            )
        broken = [entry for entry in self.entries if not entry.ok]
        notes = []
        if broken:
            notes.append(
                f"{len(broken)} lesson file{'s' * (len(broken) != 1)} cannot be used: the "
                "course overview lists the problems."
            )
        if self.plan.problems:
            notes.append(f"The course plan has problems: {escape(self.plan.error)}")
        self.problems.setText("<br>".join(notes))
        self.problems.setVisible(bool(notes))

    def _continue(self) -> None:
        if self.next is not None:
            self.continue_chosen.emit(self.next)

    def _exam(self) -> None:
        if self.exams:
            self.exam_chosen.emit(self.exams[0])
