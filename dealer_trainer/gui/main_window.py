"""The main window: menus, status bar and the screen in the middle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from dealer_trainer import __version__
from dealer_trainer.card_art import DeckStyle
from dealer_trainer.cards import new_seed
from dealer_trainer.curriculum.lessons import Lesson
from dealer_trainer.curriculum.progress import ProgressFile
from dealer_trainer.curriculum.run import LessonRun, MistakesRun, RoundSource
from dealer_trainer.forms.closed_table import ClosedTableSituation, FormGrade
from dealer_trainer.gui.closed_table_screen import ClosedTableScreen
from dealer_trainer.gui.dialogs import HelpDialog
from dealer_trainer.gui.hand_reader import HandReader
from dealer_trainer.gui.lesson_browser import LessonBrowser
from dealer_trainer.gui.practice_picker import PracticePicker
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.practice.rounds import DealtRound, PracticeTable, load_round
from dealer_trainer.practice.session import Mode
from dealer_trainer.rules.errors import DataFileError


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None, progress: ProgressFile | None = None) -> None:
        super().__init__(parent)
        self.progress = progress if progress is not None else ProgressFile.open()
        self.course: LessonBrowser | None = None
        self.setWindowTitle("Dealer Trainer")
        self.resize(1280, 800)
        self.stack = QStackedWidget(self)
        self.picker = PracticePicker(self)
        self.hand_reader = HandReader(self)
        self.trainer: TrainerScreen | None = None
        self.closed_table: ClosedTableScreen | None = None
        self.stack.addWidget(self.picker)
        self.stack.addWidget(self.hand_reader)
        self.setCentralWidget(self.stack)
        self.picker.chosen.connect(self.start_practice)
        self._build_menus()
        self.statusBar().showMessage("Pick a table and deal. F1 lists every keyboard shortcut.")

    def _action(
        self,
        menu_title: str,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | None = None,
    ) -> QAction:
        action = QAction(text, self)
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
        self._action("&File", "&Quit", self.close, QKeySequence.StandardKey.Quit)
        self._action("&Practice", "&Choose table…", self.show_picker, QKeySequence("Ctrl+T"))
        self._action("&Practice", "C&ourse…", self.show_course, QKeySequence("Ctrl+Shift+L"))
        self._action("&Practice", "&My mistakes", self.start_mistakes, QKeySequence("Ctrl+M"))
        self._action("&Practice", "&New round", self.new_round, QKeySequence("Ctrl+N"))
        self._action("&Practice", "Floorperson &sign-off", self.sign_off, QKeySequence("Ctrl+L"))
        self._action(
            "&Practice", "&Finish round and grade", self.finish_round, QKeySequence("Ctrl+E")
        )
        self._action(
            "&Practice",
            "Closed &Table form…",
            self.show_closed_table_form,
            QKeySequence("Ctrl+Shift+T"),
        )
        self.four_colour = self._action("&View", "&Four-colour deck", self.toggle_deck)
        self.four_colour.setCheckable(True)
        self._action("&View", "&Hand reader", self.show_hand_reader, QKeySequence("Ctrl+R"))
        self._action("&Help", "&Keyboard help", self.show_help, QKeySequence("F1"))
        self._action("&Help", "&About Dealer Trainer", self.show_about)

    @property
    def deck_style(self) -> DeckStyle:
        return DeckStyle.FOUR_COLOUR if self.four_colour.isChecked() else DeckStyle.STANDARD

    def _trainer(self, table: PracticeTable | None, mode: Mode) -> TrainerScreen:
        if self.trainer is not None:
            self.stack.removeWidget(self.trainer)
            self.trainer.deleteLater()
        self.trainer = TrainerScreen(table, mode, self.deck_style, self)
        self.stack.addWidget(self.trainer)
        self.stack.setCurrentWidget(self.trainer)
        return self.trainer

    def start_practice(self, table: PracticeTable, mode: Mode, four_colour: bool = False) -> None:
        self.four_colour.setChecked(four_colour)
        trainer = self._trainer(table, mode)
        trainer.deal_new_round()
        self.statusBar().showMessage(f"{mode.value.title()}: {table.name}")

    def open_scenario(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open scenario", "", "Scenarios (*.toml);;All files (*)"
        )
        if path:
            self.load_scenario(Path(path))

    def load_scenario(self, path: Path, mode: Mode = Mode.PRACTICE) -> None:
        try:
            dealt = load_round(path)
        except (DataFileError, ValueError, OSError) as error:
            QMessageBox.warning(self, "Cannot open scenario", str(error))
            return
        self.open_round(dealt, None, mode)
        self.statusBar().showMessage(f"Scenario: {path.name}")

    def open_round(self, dealt: DealtRound, table: PracticeTable | None, mode: Mode) -> None:
        """Show ``dealt`` being dealt; later rounds come from ``table`` when there is one."""
        self._trainer(table, mode).load_round(dealt)

    def show_picker(self) -> None:
        self.stack.setCurrentWidget(self.picker)

    def show_course(self) -> LessonBrowser:
        """The lessons by game and level with the trainee's status (read again each time, so
        an instructor's edit shows up)."""
        if self.course is None:
            self.course = LessonBrowser(self.progress, parent=self)
            self.course.lesson_chosen.connect(self.start_lesson)
            self.course.mistakes_chosen.connect(self.start_mistakes)
            self.stack.addWidget(self.course)
        else:
            self.course.refresh()
        self.stack.setCurrentWidget(self.course)
        self.statusBar().showMessage("Course: choose a lesson and press Enter")
        return self.course

    def _play(self, source: RoundSource) -> None:
        trainer = self._trainer(None, Mode.PRACTICE)
        trainer.source_done.connect(self._source_done)
        trainer.form_needed.connect(self._lesson_form)
        trainer.play(source)
        self.statusBar().showMessage(f"{source.title}: {source.status()}")

    def start_lesson(self, lesson: Lesson) -> None:
        self._play(LessonRun(lesson, self.progress))

    def start_mistakes(self) -> None:
        browser = self.course or self.show_course()
        self._play(MistakesRun(browser.lessons(), self.progress, new_seed()))

    def _source_done(self) -> None:
        if self.trainer is not None and self.trainer.source is not None:
            self.statusBar().showMessage(
                f"{self.trainer.source.title} finished: {self.trainer.source.status()}"
            )

    def show_closed_table_form(self) -> ClosedTableScreen:
        """The § 465a.36(f) paperwork exercise; one screen kept while the window lives."""
        if self.closed_table is None:
            self.closed_table = ClosedTableScreen(self)
            self.closed_table.graded.connect(self._form_graded)
            self.closed_table.next_table.clicked.connect(self._after_form)
            self.stack.addWidget(self.closed_table)
        self.closed_table.lesson = None
        self.closed_table.next_table.setText("&Next table")
        self.stack.setCurrentWidget(self.closed_table)
        self.statusBar().showMessage("Closed Table form (§ 465a.36(f))")
        return self.closed_table

    def _lesson_form(self, situation: ClosedTableSituation) -> None:
        """A lesson's form exercise: the form screen, graded into the lesson's log, then back
        to the lesson's next item with Next."""
        screen = self.show_closed_table_form()
        source = self.trainer.source if self.trainer is not None else None
        screen.lesson = source.title if source is not None else None
        screen.next_table.setText("&Next in the lesson")
        screen.new_situation(situation)
        self.statusBar().showMessage(f"{screen.lesson}: Closed Table form (§ 465a.36(f))")

    def _form_graded(self, grade: FormGrade) -> None:
        trainer = self.trainer
        in_lesson = self.closed_table is not None and self.closed_table.lesson is not None
        if in_lesson and trainer is not None and isinstance(trainer.source, LessonRun):
            trainer.source.record_form(grade)

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

    def show_hand_reader(self) -> None:
        self.stack.setCurrentWidget(self.hand_reader)

    def new_round(self) -> None:
        if self.trainer is not None and self.trainer.table is not None:
            self.stack.setCurrentWidget(self.trainer)
            self.trainer.deal_new_round()
        else:
            self.show_picker()

    def sign_off(self) -> None:
        if self.trainer is not None:
            self.trainer.sign_off_waiting()

    def finish_round(self) -> None:
        if self.trainer is not None:
            self.trainer.finish_round()

    def toggle_deck(self) -> None:
        trainer = self.trainer
        if trainer is not None and trainer.dealt is not None:
            trainer.deck_style = self.deck_style
            if trainer.scene is not None:
                trainer.scene.set_style(self.deck_style)

    def show_help(self) -> None:
        HelpDialog(self).exec()

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            "About Dealer Trainer",
            f"<b>Dealer Trainer {__version__}</b><p>Teaches dealers to settle poker-based "
            "table games as the Pennsylvania Gaming Control Board regulations require "
            "(58 Pa. Code chs. 639a-653b).</p>",
        )
