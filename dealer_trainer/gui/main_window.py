"""The main window: menus, status bar and the screen in the middle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QScreen
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from dealer_trainer import __version__
from dealer_trainer.assets_index import DeckStyle
from dealer_trainer.cards import new_seed
from dealer_trainer.curriculum.record_keys import MISTAKES, scenario_lesson_id, table_lesson_id
from dealer_trainer.gui.keymap import FINISH_SHORTCUT, SIGN_OFF_SHORTCUT
from dealer_trainer.gui.records_guard import (
    ATTEMPT,
    EXAM_ABANDON,
    EXAM_START,
    EXAM_SUBMIT,
    FORM,
    RecordsFailure,
    show_records_failure,
)
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.rounds import DealtRound, PracticeTable, load_round, practice_tables
from dealer_trainer.practice.session import Mode
from dealer_trainer.rules.errors import DataFileError
from dealer_trainer.store.errors import DatabaseError, StoreError
from dealer_trainer.store.sources import RoundSource as Origin

if TYPE_CHECKING:
    from dealer_trainer.curriculum.assignments import AssignedExam
    from dealer_trainer.curriculum.lessons import Lesson
    from dealer_trainer.curriculum.records import AttemptRecorder, TraineeProgress
    from dealer_trainer.curriculum.run import LessonRun, Run
    from dealer_trainer.forms.closed_table import ClosedTableSituation, FormGrade
    from dealer_trainer.gui.closed_table_screen import ClosedTableScreen
    from dealer_trainer.gui.hand_reader import HandReader
    from dealer_trainer.gui.house_way_viewer import HouseWayViewer
    from dealer_trainer.gui.lesson_browser import LessonBrowser
    from dealer_trainer.gui.lesson_intro import LessonIntroScreen
    from dealer_trainer.gui.practice_picker import PracticePicker
    from dealer_trainer.gui.start_screen import StartScreen
    from dealer_trainer.store.records import AttemptRecord, TraineeRecord
    from dealer_trainer.store.store import Store

EXAM_OPEN_ACTIONS = frozenset(
    {
        "sign_off",
        "finish_round",
        "show_help",
        "show_about",
        "close",
        "toggle_full_screen",
        "zoom_in",
        "zoom_out",
        "zoom_reset",
    }
)
"""What a candidate may still use while an exam runs: every other menu entry is disabled
(seeing the table better gives nothing away)."""
DEFAULT_SIZE = QSize(1280, 800)
"""The size the window opens at, shrunk to the screen's free area (a 1366x768 laptop, a
1080p screen at 150%: 1280x720); the window's minimum stays below 1280x720."""


class MainWindow(QMainWindow):
    """``store`` and ``trainee`` say whose rounds are recorded where (the app chooses them at
    start); without them nothing is recorded until a trainee is chosen (File > Switch
    trainee)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        store: Store | None = None,
        trainee: TraineeRecord | None = None,
        *,
        start_screen: bool = True,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self.records_coming = False
        """Opened at the table before its records (``take_records`` opens them): what is
        played meanwhile is kept and recorded once the trainee is chosen."""
        self.progress: TraineeProgress | None = None
        self.exam: LessonRun | None = None
        self.course: LessonBrowser | None = None
        self.setWindowTitle("Dealer Trainer")
        self.felt_zoom = 1.0
        self.resize(opening_size(self))
        self.stack = QStackedWidget(self)
        self._start: StartScreen | None = None
        self._intro: LessonIntroScreen | None = None
        self.house_way: HouseWayViewer | None = None
        self._after_intro: Callable[[], None] | None = None
        self._picker: PracticePicker | None = None
        self._hand_reader: HandReader | None = None
        self.trainer: TrainerScreen | None = None
        self.closed_table: ClosedTableScreen | None = None
        self.setCentralWidget(self.stack)
        if start_screen:
            self.stack.setCurrentWidget(self.start)
        self._build_menus()
        self.statusBar().showMessage(
            "Continue the course, practise a table or sit an exam. F1 lists every keyboard "
            "shortcut."
        )
        if store is not None and trainee is not None:
            self.set_trainee(trainee)

    # --- the screens, each built when first wanted -----------------------------------------------

    @property
    def start(self) -> StartScreen:
        """The way in (continue the course, practise a table, sit an exam). A window opened
        at a table (``start_screen=False``) builds it when it is first asked for: the course
        and the records it reads are no part of that table's first paint."""
        if self._start is None:
            from dealer_trainer.gui.start_screen import StartScreen

            start = StartScreen(self.progress, parent=self)
            start.continue_chosen.connect(self.start_lesson)
            start.exam_chosen.connect(self.start_assigned_exam)
            start.practice_chosen.connect(self.show_picker)
            start.course_chosen.connect(self.show_course)
            start.mistakes_chosen.connect(self.start_mistakes)
            self.stack.addWidget(start)
            self._start = start
        return self._start

    @property
    def picker(self) -> PracticePicker:
        if self._picker is None:
            from dealer_trainer.gui.practice_picker import PracticePicker

            picker = PracticePicker(self)
            picker.chosen.connect(self.start_practice)
            picker.course_wanted.connect(self.show_course)
            self.stack.addWidget(picker)
            self._picker = picker
        return self._picker

    @property
    def hand_reader(self) -> HandReader:
        if self._hand_reader is None:
            from dealer_trainer.gui.hand_reader import HandReader

            self._hand_reader = HandReader(self)
            self.stack.addWidget(self._hand_reader)
        return self._hand_reader

    @property
    def intro(self) -> LessonIntroScreen:
        """A lesson's introduction, before its first round or on request."""
        if self._intro is None:
            from dealer_trainer.gui.lesson_intro import LessonIntroScreen

            self._intro = LessonIntroScreen(self)
            self._intro.done.connect(self._intro_done)
            self.stack.addWidget(self._intro)
        return self._intro

    def _action(
        self,
        menu_title: str,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | None = None,
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(getattr(slot, "__name__", text))
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        self._menus[menu_title].addAction(action)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        self._menus = {
            title: self.menuBar().addMenu(title)
            for title in ("&File", "&Practice", "&View", "&Help")
        }
        self._action("&File", "&Open scenario…", self.open_scenario, QKeySequence.StandardKey.Open)
        self._action("&File", "Switch &trainee…", self.choose_trainee, QKeySequence("Ctrl+Shift+U"))
        self._action(
            "&File", "&Instructor…", self.show_instructor_area, QKeySequence("Ctrl+Shift+I")
        )
        self._action("&File", "&Quit", self.close, QKeySequence.StandardKey.Quit)
        self._action("&Practice", "St&art screen", self.show_start, QKeySequence("Ctrl+Shift+S"))
        self._action("&Practice", "&Choose table…", self.show_picker, QKeySequence("Ctrl+T"))
        self._action("&Practice", "C&ourse…", self.show_course, QKeySequence("Ctrl+Shift+L"))
        self._action("&Practice", "&My mistakes", self.start_mistakes, QKeySequence("Ctrl+M"))
        self._action(
            "&Practice", "Lesson &introduction", self.show_lesson_intro, QKeySequence("Ctrl+I")
        )
        self._action("&Practice", "&New round", self.new_round, QKeySequence("Ctrl+N"))
        self._action(
            "&Practice", "Floorperson &sign-off", self.sign_off, QKeySequence(SIGN_OFF_SHORTCUT)
        )
        self._action(
            "&Practice", "&End round early…", self.finish_round, QKeySequence(FINISH_SHORTCUT)
        )
        self.class_mode = self._action(
            "&Practice", "Instructor is the floorperson (&class mode)", self.toggle_class_mode
        )
        self.class_mode.setCheckable(True)
        self._action(
            "&Practice",
            "Closed &Table form…",
            self.show_closed_table_form,
            QKeySequence("Ctrl+Shift+T"),
        )
        self.four_colour = self._action("&View", "&Four-colour deck", self.toggle_deck)
        self.four_colour.setCheckable(True)
        self._action("&View", "&Hand reader", self.show_hand_reader, QKeySequence("Ctrl+R"))
        self._action("&View", "House &way…", self.show_house_way, QKeySequence("Ctrl+Shift+H"))
        self._action("&View", "My &progress…", self.show_progress, QKeySequence("Ctrl+Shift+P"))
        self._menus["&View"].addSeparator()
        self.full_screen = self._action(
            "&View", "F&ull screen", self.toggle_full_screen, QKeySequence("F11")
        )
        self.full_screen.setCheckable(True)
        zoom_in = self._action("&View", "Zoom &in on the table", self.zoom_in)
        zoom_in.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self._action("&View", "Zoom &out", self.zoom_out, QKeySequence("Ctrl+-"))
        self._action("&View", "&Whole table", self.zoom_reset, QKeySequence("Ctrl+0"))
        self._action("&Help", "&Keyboard help", self.show_help, QKeySequence("F1"))
        self._action("&Help", "&About Dealer Trainer", self.show_about)

    @property
    def deck_style(self) -> DeckStyle:
        return DeckStyle.FOUR_COLOUR if self.four_colour.isChecked() else DeckStyle.STANDARD

    def _trainer(
        self, table: PracticeTable | None, mode: Mode, recorder: AttemptRecorder | None = None
    ) -> TrainerScreen:
        self._leave_trainer()
        if self.trainer is not None:
            self.stack.removeWidget(self.trainer)
            self.trainer.deleteLater()
        self.trainer = TrainerScreen(table, mode, self.deck_style, self)
        self.trainer.view.set_zoom(self.felt_zoom)
        self.trainer.recorder = recorder
        self.trainer.records_coming = self.records_coming
        self.trainer.class_floorperson = self._class_floorperson()
        self.trainer.exam_stopped.connect(self._exam_stopped)
        self.trainer.reference_wanted.connect(self.show_house_way)
        self.stack.addWidget(self.trainer)
        self.stack.setCurrentWidget(self.trainer)
        return self.trainer

    def _table_recorder(
        self, table: PracticeTable, mode: Mode, resume: AttemptRecord | None = None
    ) -> AttemptRecorder | None:
        if self.progress is None:
            return None
        from dealer_trainer.curriculum.records import AttemptRecorder

        if resume is not None:
            return AttemptRecorder.resuming(self.progress, resume)
        return AttemptRecorder(
            self.progress, table_lesson_id(str(table.path)), table.game, mode.value
        )

    def start_practice(
        self,
        table: PracticeTable,
        mode: Mode,
        four_colour: bool = False,
        resume: AttemptRecord | None = None,
    ) -> None:
        self.four_colour.setChecked(four_colour)
        trainer = self._trainer(table, mode, self._table_recorder(table, mode, resume))
        trainer.deal_new_round()
        self.statusBar().showMessage(f"{mode.value.title()}: {table.name}")

    def open_scenario(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", "", "Scenarios (*.toml);;All files (*)"
        )
        if path:
            self.load_scenario(Path(path))

    def load_scenario(
        self, path: Path, mode: Mode = Mode.PRACTICE, dealt: DealtRound | None = None
    ) -> None:
        """The scenario at ``path`` on the table, recorded for the trainee as a scenario
        attempt; ``dealt`` is its round when the caller has loaded it already (the
        ``practice`` command checks the file before any window opens)."""
        try:
            if dealt is None:
                dealt = load_round(path)
            origin = Origin.scenario(path, dealt.setup.game)
        except (DataFileError, ValueError, OSError) as error:
            QMessageBox.warning(self, "Cannot open scenario", str(error))
            return
        recorder = None
        if self.progress is not None:
            from dealer_trainer.curriculum.records import AttemptRecorder

            lesson_id = scenario_lesson_id(str(path))
            recorder = AttemptRecorder(self.progress, lesson_id, dealt.setup.game, mode.value)
        self.open_round(dealt, None, mode, origin, recorder)

    def open_round(
        self,
        dealt: DealtRound,
        table: PracticeTable | None,
        mode: Mode,
        origin: Origin | None = None,
        recorder: AttemptRecorder | None = None,
    ) -> None:
        """Show ``dealt`` being dealt; later rounds come from ``table`` when there is one.
        The round is recorded when a trainee is chosen and it is known how to deal it again
        (``origin``, or the table and the round's seed)."""
        if recorder is None and table is not None:
            recorder = self._table_recorder(table, mode)
        self._trainer(table, mode, recorder).load_round(dealt, origin=origin)
        self.statusBar().showMessage(f"{mode.value.title()}: {dealt.setup.table_name}")

    def show_picker(self) -> None:
        self.stack.setCurrentWidget(self.picker)
        self.statusBar().showMessage("Practice a table: choose one under its game, then Deal.")

    def show_start(self) -> StartScreen:
        """The way in: continue the course, practise a table, or the exam the trainee is
        ready for."""
        self.stack.setCurrentWidget(self.start)
        self.start.refresh()
        return self.start

    # --- a lesson's introduction, and the house way ------------------------------------------

    def _show_intro(self, lesson: Lesson, then: Callable[[], None], first: bool) -> bool:
        """``lesson``'s introduction, then ``then`` when the trainee goes on; False (and
        nothing shown) when the lesson has none or it cannot be worked out."""
        from dealer_trainer.curriculum.intro import intro_view

        if lesson.intro is None:
            return False
        try:
            view = intro_view(lesson.title, lesson.intro, lesson.table)
        except (DataFileError, ValueError, OSError) as error:
            self.statusBar().showMessage(f"The introduction cannot be shown: {error}")
            return False
        self._after_intro = then
        self.intro.show_intro(view, before_first_round=first, style=self.deck_style)
        self.stack.setCurrentWidget(self.intro)
        self.statusBar().showMessage(f"{lesson.title}: introduction. Enter goes on.")
        return True

    def _intro_done(self) -> None:
        then, self._after_intro = self._after_intro, None
        if then is not None:
            then()

    def _lesson_on_table(self) -> Lesson | None:
        from dealer_trainer.curriculum.run import LessonRun

        source = self.trainer.source if self.trainer is not None else None
        return source.lesson if isinstance(source, LessonRun) else None

    def show_lesson_intro(self) -> bool:
        """Practice > Lesson introduction: the introduction of the lesson being played (or
        selected in the course), then back where the trainee was."""
        screen = self.stack.currentWidget()
        lesson = self._lesson_on_table() if screen is self.trainer else None
        if lesson is None and screen is self.course and self.course is not None:
            entry = self.course.selected_entry()
            lesson = entry.lesson if entry is not None and entry.ok else None
        if screen is None or lesson is None or lesson.intro is None:
            self.statusBar().showMessage("This lesson has no introduction.")
            return False
        back = screen
        return self._show_intro(lesson, lambda: self.stack.setCurrentWidget(back), False)

    def show_house_way(self) -> HouseWayViewer | None:
        """View > House way: the house documents of the table on the felt (the pai gow house
        way), in a window that can stay open beside it."""
        dealt = self.trainer.dealt if self.trainer is not None else None
        if dealt is None or not dealt.reference:
            self.statusBar().showMessage("The table on the felt has no house way.")
            return None
        from dealer_trainer.gui.house_way_viewer import HouseWayViewer

        if self.house_way is not None:
            self.house_way.close()
        self.house_way = HouseWayViewer(dealt.reference, self)
        self.house_way.show()
        return self.house_way

    def show_course(self) -> LessonBrowser:
        """The lessons by game and level with the trainee's status (read again each time, so
        an instructor's edit shows up)."""
        if self.course is None:
            course = self._course_widget()
        else:
            course = self.course
            course.refresh()
        self.stack.setCurrentWidget(course)
        self.statusBar().showMessage("Course: choose a lesson and press Enter")
        return course

    def _course_widget(self) -> LessonBrowser:
        if self.course is None:
            from dealer_trainer.gui.lesson_browser import LessonBrowser

            self.course = LessonBrowser(self.progress, parent=self)
            self.course.lesson_chosen.connect(self.start_lesson)
            course = self.course
            self.course.intro_wanted.connect(
                lambda lesson: self._show_intro(
                    lesson, lambda: self.stack.setCurrentWidget(course), False
                )
            )
            self.course.mistakes_chosen.connect(self.start_mistakes)
            self.stack.addWidget(self.course)
        return self.course

    def _play(self, source: Run) -> None:
        from dealer_trainer.curriculum.run import LessonRun

        trainer = self._trainer(None, source.mode)
        trainer.source_done.connect(self._source_done)
        trainer.form_needed.connect(self._lesson_form)
        if isinstance(source, LessonRun) and source.exam:
            self.exam = source
            self._lock_for_exam(True)
        trainer.play(source)
        self.statusBar().showMessage(f"{source.title}: {source.status()}")

    def start_lesson(self, lesson: Lesson) -> None:
        from dealer_trainer.curriculum.run import LessonRun
        from dealer_trainer.curriculum.schema import LessonMode

        if self.progress is None and self.choose_trainee() is None:
            return
        if lesson.mode is LessonMode.EXAM:
            self.start_exam(lesson)
            return
        progress = self.progress
        first = progress is not None and not progress.accuracies(lesson.id)

        def play() -> None:
            self._play(LessonRun(lesson, progress))

        if first and self._show_intro(lesson, play, True):
            return
        play()

    def start_mistakes(self) -> None:
        from dealer_trainer.curriculum.run import MistakesRun

        if self.progress is None and self.choose_trainee() is None:
            return
        browser = self.course or self.show_course()
        self._play(MistakesRun(browser.lessons(), self.progress, new_seed()))

    def _source_done(self) -> None:
        if self.exam is not None and self.trainer is not None and self.trainer.source is self.exam:
            self._submit_exam()
            return
        if self.trainer is not None and self.trainer.source is not None:
            self.statusBar().showMessage(
                f"{self.trainer.source.title} finished: {self.trainer.source.status()}"
            )

    def show_closed_table_form(self) -> ClosedTableScreen:
        """The § 465a.36(f) paperwork exercise; one screen kept while the window lives."""
        if self.closed_table is None:
            from dealer_trainer.gui.closed_table_screen import ClosedTableScreen

            self.closed_table = ClosedTableScreen(self)
            self.closed_table.graded.connect(self._form_graded)
            self.closed_table.next_table.clicked.connect(self._after_form)
            self.stack.addWidget(self.closed_table)
        self.closed_table.lesson = None
        self.closed_table.set_next_label("&Next table")
        self.stack.setCurrentWidget(self.closed_table)
        self.statusBar().showMessage("Closed Table form (§ 465a.36(f))")
        return self.closed_table

    def _lesson_form(self, situation: ClosedTableSituation) -> None:
        """A lesson's form exercise: the form screen, graded into the lesson's log, then back
        to the lesson's next item with Next."""
        screen = self.show_closed_table_form()
        source = self.trainer.source if self.trainer is not None else None
        screen.lesson = source.title if source is not None else None
        screen.set_next_label("&Next in the lesson")
        screen.new_situation(situation)
        self.statusBar().showMessage(f"{screen.lesson}: Closed Table form (§ 465a.36(f))")

    def _form_graded(self, _grade: FormGrade) -> None:
        """A lesson's form is graded again by the run from the entries, and recorded."""
        from dealer_trainer.curriculum.run import LessonRun, MistakesRun

        trainer = self.trainer
        screen = self.closed_table
        if screen is None or screen.lesson is None or trainer is None:
            return
        if isinstance(trainer.source, LessonRun | MistakesRun):
            try:
                trainer.source.record_form(screen.form())
            except DatabaseError as error:
                show_records_failure(RecordsFailure.of(FORM, error), self)

    def _after_form(self) -> None:
        """Next: in a lesson, its next item (after the form was graded); otherwise another
        table, which the form screen deals itself."""
        screen = self.closed_table
        trainer = self.trainer
        if screen is None or screen.lesson is None or screen.last_grade is None or trainer is None:
            return
        screen.lesson = None
        self.stack.setCurrentWidget(trainer)
        trainer.deal_new_round()

    # --- who is practising, and what was left unfinished ---------------------------------------

    def _open_store(self) -> Store | None:
        if self.store is None:
            from dealer_trainer.store.settings import SettingsError
            from dealer_trainer.store.store import open_store

            try:
                self.store = open_store()
            except (DatabaseError, SettingsError, OSError) as error:
                QMessageBox.critical(self, "Cannot open the records", str(error))
                return None
        return self.store

    def choose_trainee(self) -> TraineeRecord | None:
        """File > Switch trainee: choose (or add) who is practising; their unfinished work is
        offered next. Refused during an exam."""
        if self.exam is not None:
            return None
        from dealer_trainer.gui.trainee_dialog import TraineeDialog

        store = self._open_store()
        if store is None:
            return None
        dialog = TraineeDialog(store, self)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.trainee is None:
            return None
        self.set_trainee(dialog.trainee)
        self.offer_resume()
        return dialog.trainee

    def take_records(self, scenario: Path | None = None) -> bool:
        """For a window opened at the table before its records (``records_coming``): open
        them, ask who is practising over the table, and record the round in hand from its
        deal for that trainee, as a table's round or as the ``scenario`` file's. False when
        the records cannot be opened (after the dialog saying why) or nobody is chosen."""
        from dealer_trainer.gui.trainee_dialog import TraineeDialog

        store = self._open_store()
        if store is None:
            return False
        dialog = TraineeDialog(store, self)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.trainee is None:
            return False
        self.records_coming = False
        self.set_trainee(dialog.trainee)
        trainer = self.trainer
        if trainer is not None and trainer.session is not None:
            if scenario is not None and self.progress is not None:
                from dealer_trainer.curriculum.records import AttemptRecorder

                lesson_id = scenario_lesson_id(str(scenario))
                game = trainer.session.setup.game
                trainer.recorder = AttemptRecorder(
                    self.progress, lesson_id, game, trainer.mode.value
                )
            trainer.record_in_hand()
        return True

    def set_trainee(self, trainee: TraineeRecord) -> None:
        from dealer_trainer.curriculum.records import TraineeProgress

        assert self.store is not None
        self._leave_trainer()
        self.progress = TraineeProgress(self.store, trainee)
        if self._start is not None:
            self._start.set_progress(self.progress)
        if self.course is not None:
            self.course.progress = self.progress
            self.course.refresh()
        if self.trainer is not None and self.trainer.table is not None:
            # Practice at the table goes on, recorded for the new trainee.
            self.trainer.recorder = self._table_recorder(self.trainer.table, self.trainer.mode)
        who = f"{trainee.name} ({trainee.cohort})" if trainee.cohort else trainee.name
        self.setWindowTitle(f"Dealer Trainer — {who}")
        self.statusBar().showMessage(f"{who} is practising: every round is recorded.")

    def _lessons_by_id(self) -> dict[str, Lesson]:
        browser = self.course or self._course_widget()
        return {lesson.id: lesson for lesson in browser.lessons()}

    def offer_resume(self) -> None:
        """Attempts a stopped app left in progress: resume one, or abandon them (not the
        attempt being played here: ``dealer-trainer practice`` has its round on the table
        before it asks)."""
        progress = self.progress
        if progress is None:
            return
        trainer = self.trainer
        recorder = None
        if trainer is not None:
            recorder = trainer.source.recorder if trainer.source is not None else trainer.recorder
        in_hand = recorder.attempt_id if recorder is not None else None
        interrupted = [a for a in progress.interrupted() if a.id != in_hand]
        if not interrupted:
            return
        from dealer_trainer.gui.trainee_dialog import ResumeDialog

        dialog = ResumeDialog(
            interrupted,
            self._lessons_by_id(),
            lambda attempt: progress.store.abandon_attempt(attempt.id),
            self,
        )
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen is not None:
            self.resume(dialog.chosen)
        progress.refresh()
        if self.course is not None:
            self.course.refresh()

    def resume(self, attempt: AttemptRecord) -> None:
        """Go on with an interrupted attempt from its next round."""
        from dealer_trainer.curriculum.records import AttemptRecorder
        from dealer_trainer.curriculum.run import LessonRun

        progress = self.progress
        assert progress is not None
        try:
            record = progress.store.resume_attempt(attempt.id)
        except StoreError as error:
            QMessageBox.warning(self, "Cannot resume", str(error))
            return
        lesson = self._lessons_by_id().get(record.lesson_id)
        if record.mode == MISTAKES:
            AttemptRecorder.resuming(progress, record).finish()
            self.start_mistakes()
        elif lesson is not None and record.mode == "exam":
            self.start_exam(lesson, resume=record)
        elif lesson is not None:
            self._play(LessonRun(lesson, progress, resume=record))
        elif record.rounds and record.rounds[0].source.kind == "deal":
            tables = {table_lesson_id(str(t.path)): t for t in practice_tables() if not t.error}
            table = tables.get(record.lesson_id)
            if table is None:
                QMessageBox.warning(
                    self, "Cannot resume", f"The table of {record.lesson_id} is no longer listed."
                )
                return
            self.start_practice(table, Mode.from_text(record.mode), resume=record)
        else:
            self._resume_scenario(record)

    def _resume_scenario(self, record: AttemptRecord) -> None:
        from dealer_trainer.curriculum.records import AttemptRecorder
        from dealer_trainer.store.replay import rebuild

        assert self.progress is not None
        if not record.rounds:
            AttemptRecorder.resuming(self.progress, record).finish()
            return
        origin = record.rounds[0].source
        try:
            dealt = rebuild(origin)
        except (DataFileError, ValueError, OSError) as error:
            QMessageBox.warning(self, "Cannot resume", str(error))
            return
        recorder = AttemptRecorder.resuming(self.progress, record)
        self.open_round(dealt, None, Mode.from_text(record.mode), origin, recorder)

    # --- exams ---------------------------------------------------------------------------------

    def start_assigned_exam(self, assigned: AssignedExam) -> None:
        """The start screen's "Sit the exam": the exam of the trainee's assignment."""
        self.start_exam(assigned.lesson, assigned=assigned)

    def start_exam(
        self,
        lesson: Lesson,
        resume: AttemptRecord | None = None,
        assigned: AssignedExam | None = None,
    ) -> None:
        """The examiner unlocks the school's key, then the exam runs locked down: no other
        screen, no hints, no feedback until the result. An exam started from the course is
        sat for the trainee's open assignment of it when there is one; without one the
        examiner is told and may still start it (the examiner's password is the authority,
        the assignment the instructor's invitation). The assignment is checked again under
        the unlocked key ring before the exam starts."""
        from dealer_trainer.curriculum.assignments import assigned_exams
        from dealer_trainer.curriculum.run import ExamRefused, LessonRun, exam_refusal
        from dealer_trainer.gui.exam_dialogs import NO_PASSWORD, ExaminerDialog

        progress = self.progress
        if progress is None:
            return
        if assigned is None and resume is None:
            start = self._start
            entries = start.entries if start is not None and start.loaded else []
            if not entries:
                from dealer_trainer.curriculum.course_plan import LESSONS
                from dealer_trainer.curriculum.lessons import load_lessons

                entries = load_lessons(start.folder if start is not None else LESSONS)
            mine = [a for a in assigned_exams(entries, progress) if a.lesson.id == lesson.id]
            assigned = mine[0] if mine else None
        refusal = exam_refusal(lesson, progress) if resume is None else ""
        if refusal:
            QMessageBox.warning(self, "No attempts left", refusal)
            return
        if not progress.store.has_instructor_password():
            QMessageBox.warning(self, "The exam cannot start", NO_PASSWORD)
            return
        used = progress.store.attempt_count(progress.trainee.id, lesson.id)
        number = used if resume is not None else used + 1
        dialog = ExaminerDialog(
            progress.store,
            lesson,
            progress.trainee,
            number,
            self,
            assigned=assigned,
            resumed=resume is not None,
        )
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.keys is None:
            return
        try:
            run = LessonRun(
                lesson,
                progress,
                keys=dialog.keys,
                resume=resume,
                assignment=None if assigned is None else assigned.assignment.uid,
            )
        except ExamRefused as error:
            QMessageBox.warning(self, "The exam cannot start", str(error))
            return
        except DatabaseError as error:
            show_records_failure(RecordsFailure.of(EXAM_START, error), self)
            return
        self._play(run)

    def _exam_stopped(self) -> None:
        """The records failed mid-exam and the screen stopped the exam (it never goes on
        unrecorded; the trainee has been told): the window is unlocked, and the exam's
        attempt stays in progress in the records, to be resumed or abandoned as the exam
        allows once the database answers."""
        self.exam = None
        self._lock_for_exam(False)
        self.statusBar().showMessage(
            "The exam stopped: the records database failed. Call the examiner."
        )

    def _lock_for_exam(self, locked: bool) -> None:
        for action in self.actions():
            if action.objectName() not in EXAM_OPEN_ACTIONS:
                action.setEnabled(not locked)
        for menu in self.menuBar().actions():
            if menu.menu() is not None and menu.text() not in ("&Practice", "&Help", "&File"):
                menu.setEnabled(not locked)

    def _submit_exam(self) -> None:
        run = self.exam
        assert run is not None
        from dealer_trainer.store.crypto import CredentialError

        try:
            run.close()
        except CredentialError as error:
            QMessageBox.critical(self, "The exam cannot be submitted", str(error))
            return
        except DatabaseError as error:
            if self.trainer is not None:
                self.trainer.source = None  # never submitted later by leaving the screen
            show_records_failure(RecordsFailure.of(EXAM_SUBMIT, error), self)
            return
        finally:
            self.exam = None
            self._lock_for_exam(False)
        result = run.result()
        if result is not None:
            self.statusBar().showMessage(f"{run.title}: {result.verdict}, {result.score}%")
            from dealer_trainer.gui.exam_dialogs import ExamResultDialog

            ExamResultDialog(result, run.title, self).exec()
        self.show_course()

    def _leave_trainer(self) -> None:
        """The trainee leaves the table, lesson or "my mistakes": the attempt is submitted
        with what was played (an exam is never left this way: see ``closeEvent``)."""
        trainer = self.trainer
        if trainer is None or (self.exam is not None and trainer.source is self.exam):
            return
        try:
            if trainer.source is not None:
                trainer.source.close()
            elif trainer.recorder is not None:
                trainer.recorder.finish()
        except DatabaseError as error:
            show_records_failure(RecordsFailure.of(ATTEMPT, error), self)
        trainer.recorder = None

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing mid-exam abandons the exam (after asking); otherwise the attempt in hand is
        submitted with what was played."""
        if self.exam is not None:
            answer = QMessageBox.question(
                self,
                "Abandon the exam?",
                "The exam is not finished. Closing abandons it: the result is final and counts "
                "as one of the attempts.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
            if self.trainer is not None:
                self.trainer.halt()
            try:
                self.exam.abandon()
            except DatabaseError as error:
                show_records_failure(RecordsFailure.of(EXAM_ABANDON, error), self)
            self.exam = None
        else:
            self._leave_trainer()
        super().closeEvent(event)

    def show_progress(self) -> QDialog | None:
        """View > My progress: the trainee practising (asked for when none is chosen yet)."""
        if self.progress is None and self.choose_trainee() is None:
            return None
        assert self.progress is not None and self.store is not None
        from dealer_trainer.gui.progress_screen import ProgressDialog

        dialog = ProgressDialog(self.store, self.progress.trainee, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def show_hand_reader(self) -> None:
        self.stack.setCurrentWidget(self.hand_reader)
        self.statusBar().showMessage(
            "Hand reader: type the cards and pick the ranking system to see the hand's name."
        )

    def new_round(self) -> None:
        """Practice > New round: the table's next deal, or the lesson's next round (the picker
        when nothing is being practised)."""
        trainer = self.trainer
        if trainer is not None and (trainer.table is not None or trainer.source is not None):
            self.stack.setCurrentWidget(trainer)
            trainer.deal_new_round()
        else:
            self.show_picker()

    def sign_off(self) -> None:
        if self.trainer is not None:
            self.trainer.sign_off_waiting()

    def finish_round(self) -> None:
        if self.trainer is not None:
            self.trainer.finish_round()

    def _class_floorperson(self) -> Callable[[str], bool] | None:
        store = self.store
        if not self.class_mode.isChecked() or store is None:
            return None
        return store.check_instructor_password

    def toggle_class_mode(self) -> None:
        """Class mode: the instructor comes to the station as the floorperson and signs with
        their name and the instructor password; otherwise a simulated floorperson signs."""
        if self.class_mode.isChecked():
            store = self._open_store()
            if store is None or not store.has_instructor_password():
                self.class_mode.setChecked(False)
                QMessageBox.information(
                    self,
                    "Class mode",
                    "Class mode needs the instructor password: set it in File > Instructor first.",
                )
        if self.trainer is not None:
            self.trainer.class_floorperson = self._class_floorperson()

    def toggle_deck(self) -> None:
        trainer = self.trainer
        if trainer is not None and trainer.dealt is not None:
            trainer.deck_style = self.deck_style
            if trainer.scene is not None:
                trainer.scene.set_style(self.deck_style)

    def show_help(self) -> None:
        from dealer_trainer.gui.key_help import HelpDialog

        HelpDialog(self).exec()

    def toggle_full_screen(self) -> None:
        """F11: the whole screen for the table (a classroom projector, a small laptop)."""
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.full_screen.setChecked(self.isFullScreen())

    def _zoom(self, zoom: float | None = None, step: int = 0) -> None:
        """The felt's zoom, kept for the next tables and rounds."""
        trainer = self.trainer
        if trainer is None:
            return
        view = trainer.view
        if step > 0:
            view.zoom_in()
        elif step < 0:
            view.zoom_out()
        elif zoom is not None:
            view.set_zoom(zoom)
        self.felt_zoom = view.zoom
        self.statusBar().showMessage(
            "The whole table" if view.zoom == 1 else f"Table zoomed to {view.zoom:.0%}"
        )

    def zoom_in(self) -> None:
        self._zoom(step=1)

    def zoom_out(self) -> None:
        self._zoom(step=-1)

    def zoom_reset(self) -> None:
        self._zoom(1.0)

    def show_instructor_area(self) -> QWidget | None:
        """File > Instructor…: the instructor password (chosen on first use), then the
        dashboard, exam settings and keys. Refused during an exam."""
        if self.exam is not None:
            return None
        store = self._open_store()
        if store is None:
            return None
        from dealer_trainer.gui.instructor.area import open_instructor_area

        area = open_instructor_area(store, self)
        if area is not None:
            area.lessons_reloaded.connect(self.reload_lessons)
        return area

    def reload_lessons(self) -> None:
        """The instructor area's Reload lessons: the course and the start screen read every
        lesson file again (an author has edited one)."""
        if self.course is not None:
            self.course.refresh()
        if self._start is not None:
            self._start.refresh()

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            "About Dealer Trainer",
            f"<b>Dealer Trainer {__version__}</b><p>Teaches dealers to settle poker-based "
            "table games as the Pennsylvania Gaming Control Board regulations require "
            "(58 Pa. Code chs. 639a-653b).</p>",
        )


def opening_size(window: QWidget) -> QSize:
    """``DEFAULT_SIZE``, or the screen's free area when that is smaller."""
    screen: QScreen | None = window.screen()
    if screen is None:
        return DEFAULT_SIZE
    return DEFAULT_SIZE.boundedTo(screen.availableGeometry().size())
