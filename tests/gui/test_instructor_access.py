"""The instructor password at the door of the instructor area: set on first use (twice, long
enough), asked every time after, a wrong one refused; and no way from the trainee's window to
the dashboard, the exam settings, the keys or the reports without it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reports"))

from gui_support import (
    PASSWORD,
    School,
    instructor_action,
    instructor_widgets,
    on_modal,
    school_file,  # noqa: F401  (the session's school, built once)
    school_store,  # noqa: F401
    window_on,
)
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from dealer_trainer.gui.instructor.access import (
    InstructorSession,
    PasswordDialog,
    SetPasswordDialog,
)
from dealer_trainer.gui.instructor.area import InstructorArea
from dealer_trainer.gui.instructor.dashboard import Dashboard
from dealer_trainer.gui.instructor.exam_settings import ExamSettingsPanel
from dealer_trainer.gui.instructor.replay_dialog import ReplayDialog
from dealer_trainer.gui.instructor.security import SecurityPanel
from dealer_trainer.store import CredentialError, Store, open_store

PACKAGE = Path(__file__).resolve().parents[2] / "dealer_trainer"


def type_into(dialog: PasswordDialog, text: str) -> None:
    dialog.field.setFocus()
    QTest.keyClicks(dialog.field, text)
    QTest.keyClick(dialog.field, Qt.Key.Key_Return)


def test_first_use_sets_the_password_typed_twice(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screenshot_dir: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'records.sqlite3'}"
    monkeypatch.setenv("DEALER_TRAINER_DATABASE", url)
    monkeypatch.setenv("DEALER_TRAINER_STATION_FILE", str(tmp_path / "station.json"))
    window = window_on(qtbot, None)  # the station's records, found through the setting
    messages: list[str] = []
    errors: list[str] = []

    def answer(dialog: SetPasswordDialog) -> None:
        QTest.keyClicks(dialog.first, "short")
        QTest.keyClicks(dialog.second, "short")
        QTest.keyClick(dialog.second, Qt.Key.Key_Return)
        messages.append(dialog.message.text())
        dialog.first.clear()
        dialog.second.clear()
        QTest.keyClicks(dialog.first, "a long secret")
        QTest.keyClicks(dialog.second, "a long secrot")
        QTest.keyClick(dialog.second, Qt.Key.Key_Return)
        messages.append(dialog.message.text())
        assert dialog.isVisible()
        dialog.grab().save(str(screenshot_dir / "instructor_set_password.png"))
        QTest.keyClicks(dialog.second, "a long secret")
        QTest.keyClick(dialog.second, Qt.Key.Key_Return)

    on_modal(SetPasswordDialog, answer, errors)
    area = window.show_instructor_area()
    assert errors == []
    assert "at least 8 characters" in messages[0]
    assert "differ" in messages[1]
    assert isinstance(area, InstructorArea) and area.isVisible()
    assert window.store is not None
    assert window.store.has_instructor_password()
    assert window.store.check_instructor_password("a long secret")
    area.close()


def test_a_wrong_password_is_refused_and_opens_nothing(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
    screenshot_dir: Path,
) -> None:
    store, _ = school_store
    window = window_on(qtbot, store)
    seen: list[str] = []
    errors: list[str] = []

    def answer(dialog: PasswordDialog) -> None:
        for guess in ("password", PASSWORD.upper(), PASSWORD + " "):
            type_into(dialog, guess)
            assert dialog.isVisible(), "a wrong password must not close the dialog"
            seen.append(dialog.message.text())
        dialog.grab().save(str(screenshot_dir / "instructor_wrong_password.png"))
        assert instructor_widgets() == []
        dialog.reject()

    on_modal(PasswordDialog, answer, errors)
    instructor_action(window).trigger()  # File > Instructor…, as the menu does it
    assert errors == []
    assert len(seen) == 3 and all("Wrong password" in m for m in seen)
    assert instructor_widgets() == []
    assert window.isEnabled()


def test_the_right_password_is_asked_every_time(
    qtbot: QtBot,
    school_store: tuple[Store, School],  # noqa: F811
) -> None:
    store, _ = school_store
    window = window_on(qtbot, store)
    errors: list[str] = []
    asked: list[int] = []

    def answer(dialog: PasswordDialog) -> None:
        asked.append(1)
        type_into(dialog, PASSWORD)

    assert instructor_action(window).shortcut().toString() == "Ctrl+Shift+I"
    for time in (1, 2):
        on_modal(PasswordDialog, answer, errors)
        instructor_action(window).trigger()
        qtbot.waitUntil(lambda: any(isinstance(w, InstructorArea) for w in instructor_widgets()))
        assert len(asked) == time and errors == []
        [area] = [w for w in instructor_widgets() if isinstance(w, InstructorArea)]
        assert area.isModal() or area.windowModality() == Qt.WindowModality.ApplicationModal
        area.lock.click()  # Lock and close: the password is forgotten
        qtbot.waitUntil(
            lambda: not any(isinstance(w, InstructorArea) for w in instructor_widgets())
        )


def test_a_trainee_without_the_password_reaches_no_instructor_widget(
    school_store: tuple[Store, School],  # noqa: F811
) -> None:
    """The entry points themselves refuse: no session without the right password, and a
    session whose password was changed since opens nothing more."""
    store, built = school_store
    with pytest.raises(CredentialError):
        InstructorSession(store, PASSWORD, object())  # not through sign_in
    for guess in ("", "password", PASSWORD[:-1]):
        with pytest.raises(CredentialError):
            InstructorSession.sign_in(store, guess)
    session = InstructorSession.sign_in(store, PASSWORD)
    other_station = open_store(str(store.engine.url))
    try:
        other_station.set_instructor_password("changed elsewhere", current=PASSWORD)
    finally:
        other_station.close()
    record = store.attempt(built.exams["Ann Lee"])
    for build in (
        lambda: InstructorArea(session),
        lambda: Dashboard(session),
        lambda: ExamSettingsPanel(session),
        lambda: SecurityPanel(session),
        lambda: ReplayDialog(session, record),
    ):
        with pytest.raises(CredentialError):
            build()
    with pytest.raises(CredentialError):
        session.keys()
    assert instructor_widgets() == []


def test_only_the_menu_entry_leads_to_the_instructor_area() -> None:
    """No module of the trainee's side imports the instructor area, except the main
    window's File > Instructor… (which asks for the password first); inside the area, every
    widget checks its session when built (the test above)."""
    importers = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("gui/instructor/"):
            continue
        if re.search(r"gui\.instructor|gui import instructor", path.read_text(encoding="utf-8")):
            importers.append(relative)
    assert importers == ["gui/main_window.py"]
    source = (PACKAGE / "gui" / "main_window.py").read_text(encoding="utf-8")
    assert source.count("gui.instructor") == 1
    method = source[source.index("def show_instructor_area") :]
    method = method[: method.index("\n    def ")]
    assert "open_instructor_area(store, self)" in method
    area = (PACKAGE / "gui" / "instructor" / "area.py").read_text(encoding="utf-8")
    opener = area[area.index("def open_instructor_area") :]
    assert opener.index("unlock(store, parent)") < opener.index("InstructorArea(")


def test_records_on_the_first_key_scheme_are_migrated_at_the_door(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screenshot_dir: Path
) -> None:
    """The button for `results migrate`: the instructor is told what happens, and the password
    migrates the keys (logged), re-signs the old result and opens the area."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
    from legacy_support import legacy_credentials, legacy_sign
    from PySide6.QtWidgets import QMessageBox
    from store_support import UTH_GAME, plain_source, play_round

    from dealer_trainer.gui.instructor.access import unlock
    from dealer_trainer.store.verify import check_attempt

    store = open_store(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    try:
        key_id, key = legacy_credentials(store, PASSWORD)
        ann = store.add_trainee("Ann Lee")
        exam = store.start_attempt(ann.id, "uth-exam", UTH_GAME, "exam", requires_signature=False)
        play_round(store, exam, plain_source())
        store.finish_attempt(exam)
        legacy_sign(store, exam, key_id, key)
        assert store.needs_key_migration()
        told: list[str] = []
        monkeypatch.setattr(
            QMessageBox, "information", lambda _p, _t, text, *a, **k: told.append(text)
        )
        errors: list[str] = []

        def answer(dialog: PasswordDialog) -> None:
            note = dialog.findChild(QLabel, "migrationNote")
            assert note is not None and "first signing scheme" in note.text()
            dialog.grab().save(str(screenshot_dir / "instructor_migration.png"))
            type_into(dialog, "not the password")
            assert dialog.isVisible() and "Wrong password" in dialog.message.text()
            assert store.needs_key_migration()
            type_into(dialog, PASSWORD)

        on_modal(PasswordDialog, answer, errors)
        session = unlock(store)
        assert errors == []
        assert session is not None and not store.needs_key_migration()
        assert told and "re-signed" in told[0]
        check = check_attempt(store.attempt(exam), session.keys())
        assert check.ok and check.signed
    finally:
        store.close()
