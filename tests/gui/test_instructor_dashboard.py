"""The instructor's dashboard opened as an instructor does (File > Instructor…, the password),
on a school's records made through the real engine: trainees by class, the trend chart, the
figures per kind of step, game and wager type, replays, classes, the class CSV, and the
password and keys tab (password, keys, verifying results)."""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    PASSWORD,
    School,
    catalog,
    instructor_area,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
)
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot
from shots import save_shot
from sqlalchemy import text

from dealer_trainer.gui.instructor.area import InstructorArea
from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog
from dealer_trainer.reports.analytics import StepKind, trainee_report
from dealer_trainer.store import Store


@pytest.fixture
def area(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
) -> Iterator[InstructorArea]:
    store, _ = school_store
    with instructor_area(qtbot, store) as opened:
        yield opened


def cells(table: object, column: int = 0) -> list[str]:
    from PySide6.QtWidgets import QTableWidget

    assert isinstance(table, QTableWidget)
    return [table.item(r, column).text() for r in range(table.rowCount())]


def ink(image: QImage) -> int:
    """How many pixels are not white-ish (a chart that draws nothing has none)."""
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            if QColor(image.pixel(x, y)).lightness() < 200:
                count += 1
    return count


def test_the_dashboard_shows_each_trainee(
    area: InstructorArea, qtbot: QtBot, screenshot_dir: Path
) -> None:
    dashboard = area.dashboard
    assert area.size().width() == 1280 and area.size().height() == 680
    assert cells(dashboard.trainees) == ["Ann Lee", "Ben Okafor", "Cara Díaz", "Dev Patel"]
    dashboard.select_trainee("Ann Lee")
    report = dashboard.report
    assert report is not None and report.trainee.name == "Ann Lee"
    assert "Ann Lee" in dashboard.heading.text() and "Spring 2025" in dashboard.heading.text()
    assert cells(dashboard.kinds) == [k.value for k in StepKind if k in report.kinds]
    for needed in ("payout", "order", "verification", "game account"):
        assert needed in cells(dashboard.kinds)
    assert cells(dashboard.weakest) == [s.skill.value for s in report.weakest]
    assert "mistake" in dashboard.mistake.text()
    # The chart has every round, the exam's as exam points, and draws them.
    chart = dashboard.chart
    assert len(chart.points) == len(report.rounds) and sum(p.exam for p in chart.points) == 10
    assert chart.width() >= 400 and chart.height() >= 220
    assert ink(chart.grab().toImage()) > 400
    assert "rounds from" in chart.accessibleDescription()
    first = chart.points[0]
    x, y = chart._x(0), chart._y(first.score, 70.0 if first.score >= 75 else 0.0)
    found = chart.point_at(x, y)
    assert found is not None and found.at == first.at
    save_shot(area.grab(), screenshot_dir / "instructor_dashboard_1280x800.png")
    save_shot(chart.grab(), screenshot_dir / "instructor_trend_chart.png")

    dashboard.select_trainee("Ben Okafor")
    for index, name in ((1, "games"), (2, "wagers"), (3, "attempts")):
        dashboard.tabs.setCurrentIndex(index)
        qtbot.wait(10)
        save_shot(area.grab(), screenshot_dir / f"instructor_dashboard_{name}.png")
    ben = dashboard.report
    assert ben is not None
    assert cells(dashboard.games) == [g.game for g in ben.games]
    assert cells(dashboard.wagers) == list(ben.wagers)
    assert "Pair Plus" in ben.wagers and "Ante" in ben.wagers
    results = cells(dashboard.attempt_table, 5)
    assert results[0] == "failed"

    dashboard.select_trainee("Dev Patel")
    assert cells(dashboard.weakest) == ["Nothing practised yet"]
    assert dashboard.chart.points == ()
    assert ink(dashboard.chart.grab().toImage()) > 0  # "No finished rounds yet"


def test_classes_filter_the_list_and_the_instructor_sets_them(
    area: InstructorArea, monkeypatch: pytest.MonkeyPatch
) -> None:
    dashboard = area.dashboard
    choices = [dashboard.cohort.itemText(i) for i in range(dashboard.cohort.count())]
    assert choices == ["All classes", "Evening class", "Spring 2025", "No class"]
    dashboard.cohort.setCurrentText("Spring 2025")
    assert cells(dashboard.trainees) == ["Ann Lee", "Ben Okafor"]
    dashboard.cohort.setCurrentText("No class")
    assert cells(dashboard.trainees) == ["Dev Patel"]
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Evening  class", True))
    dashboard.set_class_button.click()
    assert dashboard.session.store.trainees(cohort="Evening class")[-1].name == "Dev Patel"
    assert "No class" not in [dashboard.cohort.itemText(i) for i in range(dashboard.cohort.count())]
    dashboard.cohort.setCurrentText("Evening class")
    assert cells(dashboard.trainees) == ["Cara Díaz", "Dev Patel"]


def test_a_class_s_results_are_exported_as_csv(
    area: InstructorArea, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dashboard = area.dashboard
    dashboard.cohort.setCurrentText("Spring 2025")
    target = tmp_path / "spring.csv"
    asked: list[str] = []

    def save_as(_parent: object, title: str, suggested: str, _pattern: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    dashboard.export_button.click()
    assert asked and asked[0].endswith("Spring 2025 results.csv")
    rows = list(csv.DictReader(target.read_text(encoding="utf-8-sig").splitlines()))
    assert {r["trainee"] for r in rows} == {"Ann Lee", "Ben Okafor"}
    assert {r["verification"] for r in rows if r["mode"] == "exam"} == {"verified"}
    assert "written to" in dashboard.message.text()


def test_an_attempt_replays_step_by_step_to_the_same_grade(
    area: InstructorArea, qtbot: QtBot, screenshot_dir: Path
) -> None:
    dashboard = area.dashboard
    dashboard.select_trainee("Ben Okafor")
    dashboard.tabs.setCurrentIndex(3)
    practice = next(a for a in dashboard.shown_attempts if a.mode == "practice" and a.summary)
    dashboard.select_attempt(practice.id)
    dashboard.replay_button.click()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, ReplayDialog))
    qtbot.waitExposed(dialog)
    assert dialog.agrees
    assert "the same grade" in dialog.findChild(type(dialog.position), "replayHead").text()
    steps = [s for s in practice.steps]
    seen = 0
    while True:
        seen += 1
        if not dialog.next.isEnabled():
            break
        dialog.next.click()
    assert seen == len(steps)
    dialog.previous.click()
    dialog.rounds.setCurrentRow(0)
    mistakes = [
        r for r in range(dialog.steps.rowCount()) if dialog.steps.item(r, 6).text() != "correct"
    ]
    assert mistakes, "Ben's practice has mistakes to look at"
    dialog.steps.setCurrentCell(mistakes[0], 0)
    assert "The deal:" in dialog.detail.toPlainText()
    assert "Round regraded" in dialog.detail.toPlainText()
    save_shot(dialog.grab(), screenshot_dir / "instructor_replay.png")

    # Next/Previous mistake jump between the wrong steps, across rounds, and stop at the ends.
    dialog.rounds.setCurrentRow(0)
    dialog.steps.setCurrentCell(0, 0)
    wrong = [
        (r, i)
        for r, item in enumerate(dialog.replayed.rounds)
        for i, step in enumerate(item.steps)
        if step.stored.kind == "action" and step.stored.verdict != "correct"
    ]
    visited = []
    start = (0, 0) if wrong[0] == (0, 0) else None
    if start is not None:
        visited.append(start)
    while dialog.next_mistake.isEnabled():
        dialog.next_mistake.click()
        visited.append((dialog.current_round, dialog.steps.currentRow()))
    assert visited == wrong
    assert not dialog.jump_to_mistake(1)
    assert dialog.previous_mistake.shortcut().toString() == "Shift+F8"
    assert dialog.next_mistake.shortcut().toString() == "F8"
    dialog.previous_mistake.click()
    if len(wrong) > 1:
        assert (dialog.current_round, dialog.steps.currentRow()) == wrong[-2]

    # The felt follows the selected step: the table after it, then before any step.
    felt = dialog.felt
    assert felt.table is not None and felt.isVisible()
    round_, row = wrong[0]
    dialog.rounds.setCurrentRow(round_)
    dialog.steps.setCurrentCell(row, 0)
    after_mistake = felt.grab().toImage()
    last = dialog.steps.rowCount() - 1
    dialog.steps.setCurrentCell(last, 0)
    assert felt.grab().toImage() != after_mistake, "the felt changes as steps are replayed"
    save_shot(dialog.grab(), screenshot_dir / "instructor_replay_felt.png")
    dialog.close()


def test_a_replay_shows_an_edited_record(
    area: InstructorArea,
    school_store: tuple[Store, School],  # noqa: F811
    qtbot: QtBot,
) -> None:
    store, built = school_store
    attempt = built.exams["Ben Okafor"]
    with store.engine.begin() as connection:  # a wrong amount "corrected" in the records
        connection.execute(
            text(
                "UPDATE step_records SET verdict = 'correct', amount = amount - 5 "
                "WHERE attempt_id = :a AND verdict = 'wrong amount'"
            ),
            {"a": attempt},
        )
    dashboard = area.dashboard
    dashboard.refresh()
    dashboard.select_trainee("Ben Okafor")
    dashboard.select_attempt(attempt)
    dialog = dashboard.open_replay()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert not dialog.agrees
    head = dialog.findChild(type(dialog.position), "replayHead").text()
    assert "differs" in head
    title = dashboard.catalog[dialog.record.lesson_id].title
    assert title in head and title in dialog.windowTitle(), "the exam by its title, not its id"
    assert dialog.record.lesson_id not in head
    dialog.close()


def test_keys_password_and_verification(
    area: InstructorArea,
    school_store: tuple[Store, School],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    screenshot_dir: Path,
    tmp_path: Path,
) -> None:
    store, built = school_store
    panel = area.security
    area.tabs.setCurrentWidget(panel)
    [first] = store.key_ids()
    assert panel.keys.item(0).text().startswith(first) and "current" in panel.keys.item(0).text()
    assert not panel.generate.isEnabled() and panel.rotate.isEnabled()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    panel.rotate.click()
    newest, oldest = store.key_ids()[::-1]
    assert oldest == first
    assert [panel.keys.item(i).text().split()[0] for i in range(2)] == [newest, first]
    assert "retired" in panel.keys.item(1).text()

    # The public key, exported with the button, checks an exported result without a secret.
    from dealer_trainer.store.crypto import PublicKeys
    from dealer_trainer.store.verify import check_file

    assert panel.export.isEnabled()
    saved = panel.export_public_key(tmp_path / "school.pub")
    assert saved is not None and "2 public keys saved" in panel.key_message.text()
    public = PublicKeys.of_text(saved.read_text(encoding="utf-8"))
    assert set(public.keys) == {first, newest}
    exported = tmp_path / "ben.json"
    store.export_result(built.exams["Ben Okafor"], exported)
    assert check_file(exported, public).ok
    assert panel.export_public_key(tmp_path / "missing" / "school.pub") is None
    assert "cannot be written" in panel.key_message.text()

    report = panel.verify_results()
    assert report.ok and "2 verified, 0 edited" in panel.verify_summary.text()
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE attempts SET score = '99.9' WHERE id = :a"),
            {"a": built.exams["Ben Okafor"]},
        )
    panel.verify.click()
    listed = [panel.results.item(i).text() for i in range(panel.results.count())]
    assert listed[0].startswith("✘ EDITED: attempt") and "Ben Okafor" in listed[0]
    assert any("grade.score" in line for line in listed)
    assert "1 edited" in panel.verify_summary.text()
    save_shot(area.grab(), screenshot_dir / "instructor_keys_and_verification.png")

    # The password: the current one is asked again, the new one typed twice.
    for current, new, again, expected in (
        ("wrong password", "a brand new one", "a brand new one", "Not changed"),
        (PASSWORD, "a brand new one", "a brand new oen", "differ"),
        (PASSWORD, "short", "short", "8 characters"),
        (PASSWORD, "a brand new one", "a brand new one", "was changed"),
    ):
        QTest.keyClicks(panel.current, current)
        QTest.keyClicks(panel.new, new)
        QTest.keyClicks(panel.again, again)
        panel.change.click()
        assert expected in panel.password_message.text()
    assert store.check_instructor_password("a brand new one")
    assert not store.check_instructor_password(PASSWORD)
    assert len(store.unlock_keys("a brand new one").keys) == 2  # the keys came along
    panel.verify.click()  # the area goes on with the new password
    assert "1 edited" in panel.verify_summary.text()


def test_a_school_without_a_key_generates_one(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.gui.instructor.access import InstructorSession
    from dealer_trainer.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    try:
        store.set_instructor_password(PASSWORD)
        area = InstructorArea(InstructorSession.sign_in(store, PASSWORD), catalog=catalog)
        qtbot.addWidget(area)
        panel = area.security
        assert "No signing key yet" in panel.keys.item(0).text()
        assert panel.generate.isEnabled() and not panel.rotate.isEnabled()
        panel.generate.click()
        [key_id] = store.key_ids()
        assert panel.keys.item(0).text().startswith(key_id)
        assert not panel.generate.isEnabled()
        assert cells(area.dashboard.trainees) == []
        assert trainee_report is not None
    finally:
        store.close()
