"""A table on a linked meter in the trainer window, offscreen: the meter on the felt is the
link's and carries over from round to round, the trainee is told what the other linked table's
play did to it, a jackpot there shows "Meter reset at Let It Ride Poker table 4", and a royal
flush at the trainee's table is held from the linked meter and reset for every linked table.
Screenshots at 1280x720 and 1920x1080 go to the screenshot directory for a person to look at.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from driver import DialogAnswerer, Driver, deal_quickly
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from shots import resized, save_shot
from test_trainer import answers, assert_painted, feedback, steps  # noqa: F401  (a fixture)

from dealer_trainer.curriculum.lessons import LESSONS, load_lesson
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.engine.actions import Action
from dealer_trainer.games.five_card_hand_bonus import METER
from dealer_trainer.gui.main_window import MainWindow
from dealer_trainer.gui.trainer_screen import TrainerScreen
from dealer_trainer.rules.money import format_money
from dealer_trainer.store import Store
from dealer_trainer.store.replay import replay

SIZES = ((1280, 720), (1920, 1080))
LESSON = LESSONS / "four_card_poker" / "06_linked_meter.toml"


def shoot(window: MainWindow, directory: Path, name: str, *, felt: bool = True) -> None:
    for width, height in SIZES:
        resized(window, width, height)
        image = window.grab().toImage()
        assert not image.isNull()
        if felt:
            assert_painted(image)
        save_shot(image, directory / f"{name}_{width}x{height}.png")
    window.resize(1280, 720)


def settle_with_the_mouse(qtbot: QtBot, driver: Driver, screen: TrainerScreen) -> None:
    qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=20000)
    for step in steps(screen):
        driver.mouse_step(step)
        assert "✔ Correct" in feedback(screen), (step.describe(), feedback(screen))
        if step.action is Action.CALL_FLOORPERSON:
            driver.wait_for_signoffs()
    assert screen.last_grade is not None and screen.last_grade.perfect


def felt_text(screen: TrainerScreen) -> str:
    """The felt as its accessible description reads it out."""
    assert screen.scene is not None and screen.session is not None
    return screen.scene.spoken(screen.session.state, screen.seen)


def test_the_linked_meter_lesson_in_the_window(
    qtbot: QtBot,
    answers: DialogAnswerer,  # noqa: F811
    store: Store,
    screenshot_dir: Path,
) -> None:
    trainee = store.add_trainee("Lin Ked", "Spring 2026")
    window = MainWindow(store=store, trainee=trainee)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    lesson = load_lesson(LESSON)
    window.start_lesson(lesson)
    assert window.stack.currentWidget() is window.intro
    shoot(window, screenshot_dir, "linked_meter_intro", felt=False)
    qtbot.keyClick(window.intro, Qt.Key.Key_Return)
    screen = window.trainer
    assert screen is not None and isinstance(screen.source, LessonRun)
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    screen.show_summary = False
    driver = Driver(qtbot, screen, answers)
    shown: list[Decimal] = []
    for index in range(lesson.round_count):
        if index:
            screen.deal_new_round()
        qtbot.waitUntil(lambda: not screen.dealing or screen.pre_deal, timeout=20000)
        dealt = screen.dealt
        assert dealt is not None
        shown.append(dealt.setup.meters[METER])
        assert f"5 CARD BONUS meter {format_money(shown[-1])}." in felt_text(screen)
        if index in (1, 3, 4):  # told before the first step, at the pre-deal steps
            news = feedback(screen)
            assert f"Linked meter FCHB-A {format_money(shown[-1])}" in news, news
        if index == 1:
            assert "Let It Ride Poker table 4 played" in feedback(screen)
            shoot(window, screenshot_dir, "linked_meter_moved")
        if index == 3:
            assert shown[-1] == Decimal(10000)
            assert "Meter reset at Let It Ride Poker table 4" in feedback(screen)
            assert "Meter reset at Let It Ride Poker table 4" in dealt.setup.notes
            shoot(window, screenshot_dir, "linked_meter_reset_elsewhere")
        if index == 4:
            royal = [s for s in steps(screen) if s.action is Action.RESET_METER]
            assert royal and "resets it at every linked table" in royal[0].explanation
            shoot(window, screenshot_dir, "linked_meter_royal_here_dealt")
        settle_with_the_mouse(qtbot, driver, screen)
        if index == 4:
            assert "5 CARD BONUS meter $10,000." in felt_text(screen)  # reset here, for all
            shoot(window, screenshot_dir, "linked_meter_royal_here_settled")
    assert shown[3] == Decimal(10000) and Decimal(10000) <= shown[5] < Decimal(10100)
    window.close()
    (attempt,) = store.attempts()
    replayed = replay(attempt)
    assert [r.dealt.setup.meters[METER] for r in replayed.rounds] == shown
    assert all(r.grade.perfect for r in replayed.rounds)


def test_practice_at_a_linked_table_carries_the_meter_and_records_it(
    qtbot: QtBot,
    answers: DialogAnswerer,  # noqa: F811
    store: Store,
    screenshot_dir: Path,
) -> None:
    trainee = store.add_trainee("Pat Practice", "Spring 2026")
    window = MainWindow(store=store, trainee=trainee)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.show_picker()
    window.picker.practice.setChecked(True)
    window.picker.select_table("let_it_ride_linked_fchb.toml")
    window.picker.deal.click()
    screen = window.trainer
    assert screen is not None
    screen.floorperson_arrival_ms = 0
    deal_quickly(screen)
    screen.show_summary = False
    driver = Driver(qtbot, screen, answers)
    shown = []
    for index, seed in enumerate((101, 102, 103)):
        if index:
            screen.deal_new_round(seed)
        dealt = screen.dealt
        assert dealt is not None
        shown.append(dealt.setup.meters[METER])
        assert "LINKED METER FCHB-A, shared with Four Card Poker table 2" in dealt.setup.notes
        if index:
            assert dealt.link_news and "Four Card Poker table 2 played" in dealt.link_news[0]
        settle_with_the_mouse(qtbot, driver, screen)
        if index == 1:
            shoot(window, screenshot_dir, "linked_meter_practice")
    recorded = [dict(r.source.linked_meters)["FCHB-A"] for a in store.attempts() for r in a.rounds]
    assert recorded == shown
    assert shown[1] != shown[0] or shown[2] != shown[1], "the other table's play moved it"
