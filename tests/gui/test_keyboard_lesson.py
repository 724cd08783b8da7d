"""A whole lesson with the keyboard only, as a trainee who never touches the mouse takes it:
the start screen's "Continue the course" (focused), the introduction (Return), every step of
every round by arrow keys, W, the amount typed and the action's letter, and Ctrl+N for the next
round (its action is triggered: an offscreen window never becomes active, so Qt does not look
shortcuts up), until the lesson says it has no more rounds; every round is recorded and
perfect."""

from __future__ import annotations

from driver import DialogAnswerer, Driver, deal_quickly
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_trainer import answers, feedback, steps  # noqa: F401  (answers is a fixture)

from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.store import Store


def test_the_first_lesson_with_the_keyboard_only(
    qtbot: QtBot,
    answers: DialogAnswerer,  # noqa: F811
    store: Store,
) -> None:
    trainee = store.add_trainee("Kim Keys", "Spring 2026")
    window = MainWindow(store=store, trainee=trainee)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    start = window.start
    qtbot.waitUntil(lambda: start.loaded, timeout=20000)
    # the window's own focus widget, which takes the keys once the window is active: the
    # application-wide focus may sit in another test's window on a shared worker
    assert window.focusWidget() is start.course_card.button
    start.course_card.button.setFocus()  # offscreen windows may not take focus on show
    qtbot.keyClick(start.course_card.button, Qt.Key.Key_Space)
    assert window.stack.currentWidget() is window.intro
    qtbot.keyClick(window.intro, Qt.Key.Key_Return)
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun)
    lesson = screen.source.lesson
    assert lesson.id == "uth-first-settlement"
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    screen.show_summary = False
    driver = Driver(qtbot, screen, answers)
    new_round = next(a for a in window.actions() if a.objectName() == "new_round")
    assert new_round.shortcut().toString() == "Ctrl+N"
    done: list[bool] = []
    screen.source_done.connect(lambda: done.append(True))
    rounds = 0
    while not done:
        qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=10000)
        for step in steps(screen):
            driver.keyboard_step(step)
            assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        assert screen.last_grade is not None and screen.last_grade.perfect
        rounds += 1
        assert rounds <= lesson.round_count
        # Ctrl+N: the window's shortcut (offscreen windows are never active, so the shortcut
        # map is not consulted; the action it is bound to is what the key triggers).
        new_round.trigger()
        if not done:
            qtbot.waitUntil(lambda: screen.session is not None and not screen.session.is_over)
    assert rounds == lesson.round_count
    assert "no more rounds" in feedback(screen)
    (attempt,) = store.attempts()
    assert attempt.lesson_id == lesson.id and len(attempt.rounds) == rounds
    assert all(r.grade is not None and r.score == 100 for r in attempt.rounds)
