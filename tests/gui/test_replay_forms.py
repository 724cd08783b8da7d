"""A form in a replayed attempt: listed after the rounds, each field with what was entered, what
was expected, the verdict recorded then and the verdict it gets now; an edited entry shows."""

from __future__ import annotations

import json
from pathlib import Path

from msgspec.structs import replace
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from dealer_trainer.curriculum.lessons import load_lesson
from dealer_trainer.curriculum.records import TraineeProgress
from dealer_trainer.curriculum.run import LessonRun
from dealer_trainer.forms.closed_table import ClosedTableSituation, correct_form
from dealer_trainer.gui.instructor.access import InstructorSession
from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog
from dealer_trainer.resources import shipped_lessons
from dealer_trainer.store import Store

PASSWORD = "correct horse battery"
PAPERWORK = shipped_lessons() / "uth" / "10_closed_table_form.toml"


def paperwork_attempt(store: Store) -> tuple[int, int]:
    """The shipped paperwork lesson's five forms, all right but the first that needs a form:
    there today's date is entered as "last opened" (the slip's date is the rule). Returns the
    attempt and the row of that form in the replay's list."""
    progress = TraineeProgress(store, store.add_trainee("Ann Lee"))
    run = LessonRun(load_lesson(PAPERWORK), progress)
    wrong_at = None
    row = 0
    while isinstance(item := run.next_item(), ClosedTableSituation):
        form = correct_form(item)
        if wrong_at is None and item.form_required:
            form = replace(form, last_opened=item.gaming_day)
            wrong_at = row
        run.record_form(form)
        row += 1
    record = run.close()
    assert record is not None and wrong_at is not None
    return record.id, wrong_at


def open_replay(qtbot: QtBot, store: Store, attempt: int) -> ReplayDialog:
    store.set_instructor_password(PASSWORD)
    session = InstructorSession.sign_in(store, PASSWORD)
    dialog = ReplayDialog(session, store.attempt(attempt))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def column(dialog: ReplayDialog, c: int) -> list[str]:
    return [dialog.steps.item(r, c).text() for r in range(dialog.steps.rowCount())]


def test_forms_are_replayed_field_by_field(
    qtbot: QtBot, store: Store, screenshot_dir: Path
) -> None:
    attempt, row = paperwork_attempt(store)
    dialog = open_replay(qtbot, store, attempt)
    assert dialog.agrees
    assert [dialog.rounds.item(r).text() for r in range(dialog.rounds.count())] == [
        f"Form {n}: Closed Table form" for n in range(1, 6)
    ]
    dialog.rounds.setCurrentRow(1 if row == 0 else 0)  # a form done right
    assert set(column(dialog, 4)) == set(column(dialog, 5)) == {"correct"}
    dialog.rounds.setCurrentRow(row)
    fields = column(dialog, 1)
    wrong = fields.index("Date the table was last opened")
    assert column(dialog, 4)[wrong] == "wrong" and column(dialog, 5)[wrong] == "wrong"
    dialog.steps.setCurrentCell(wrong, 0)
    detail = dialog.detail.toPlainText()
    assert "465a.36(f)(3)(iii)" in detail and "Through the locked table inventory" in detail
    assert dialog.position.text() == f"Form {row + 1} · field {wrong + 1} of {len(fields)}"
    dialog.grab().save(str(screenshot_dir / "instructor_replay_form.png"))
    while dialog.next.isEnabled():
        dialog.next.click()
    assert dialog.rounds.currentRow() == 4 and dialog.steps.currentRow() >= 0


def test_an_edited_form_entry_shows_in_the_replay(qtbot: QtBot, store: Store) -> None:
    attempt, row = paperwork_attempt(store)
    record = store.attempt(attempt)
    entries = dict(record.forms[row].entries)
    entries["last_opened"] = record.forms[row].situation["slip_date"]  # the right date now
    with store.engine.begin() as connection:
        connection.execute(
            text('UPDATE form_records SET entries = :e WHERE attempt_id = :a AND "index" = :i'),
            {"e": json.dumps(entries), "a": attempt, "i": row + 1},
        )
    dialog = open_replay(qtbot, store, attempt)
    assert not dialog.agrees
    assert "records were edited" in dialog.findChild(type(dialog.position), "replayHead").text()
    dialog.rounds.setCurrentRow(row)
    fields = column(dialog, 1)
    changed = fields.index("Date the table was last opened")
    assert (column(dialog, 4)[changed], column(dialog, 5)[changed]) == ("wrong", "correct")
    assert QApplication.activeModalWidget() is None
