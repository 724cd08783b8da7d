"""A class's results as CSV, and the certificate and result report of one attempt: what they
say, and what they refuse (an edited result is never certified)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from reports_support import (
    EXAM_ID,
    PASSWORD,
    UTH,
    School,
    play,
    school_copy,
    school_file,  # noqa: F401  (the session's school, built once)
    table,
)
from sqlalchemy import text

from dealer_trainer.reports.documents import (
    certificate,
    certificate_refusal,
    result_report_html,
)
from dealer_trainer.reports.export import COLUMNS, result_rows, results_csv, write_results_csv
from dealer_trainer.reports.results import LessonInfo, lesson_catalog
from dealer_trainer.store import Store, open_store
from dealer_trainer.store.crypto import digest, verification_code
from dealer_trainer.store.verify import check_attempt


@pytest.fixture(scope="module")
def catalog() -> dict[str, LessonInfo]:
    return lesson_catalog()


@pytest.fixture
def school(school_file: tuple[Path, School], tmp_path: Path) -> Iterator[tuple[Store, School]]:  # noqa: F811
    store = open_store(school_copy(school_file[0], tmp_path))
    try:
        yield store, school_file[1]
    finally:
        store.close()


def parse(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_catalog_knows_the_exam(catalog: dict[str, LessonInfo]) -> None:
    exam = catalog[EXAM_ID]
    assert exam.mode == "exam" and exam.pass_mark == 90 and exam.rounds == 10


def test_a_class_exports_its_own_results(
    school: tuple[Store, School], catalog: dict[str, LessonInfo], tmp_path: Path
) -> None:
    store, _ = school
    spring = store.trainees(cohort="Spring 2025")
    keys = store.unlock_keys(PASSWORD)
    rows = parse(results_csv(spring, store.attempts(), catalog, keys))
    assert {r["trainee"] for r in rows} == {"Ann Lee", "Ben Okafor"}
    assert all(r["class"] == "Spring 2025" for r in rows)
    exams = {r["trainee"]: r for r in rows if r["mode"] == "exam"}
    assert exams["Ann Lee"]["result"] == "passed" and exams["Ann Lee"]["score"] == "100"
    assert exams["Ben Okafor"]["result"] == "failed"
    assert {r["verification"] for r in exams.values()} == {"verified"}
    assert all(r["pass_mark"] == "90" for r in exams.values())
    practice = [r for r in rows if r["mode"] == "practice"]
    assert practice and {r["verification"] for r in practice} == {"unsigned"}
    assert {r["result"] for r in practice} == {"submitted"}
    assert all(r["title"] == r["lesson"] for r in practice)  # no lesson file: the id it has

    path = tmp_path / "spring.csv"
    count = write_results_csv(path, spring, store.attempts(), catalog, keys)
    assert count == len(rows)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM spreadsheets need for "Díaz"
    header = next(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert header == list(COLUMNS)


def test_an_edited_result_is_named_in_the_export(
    school: tuple[Store, School], catalog: dict[str, LessonInfo]
) -> None:
    store, built = school
    ben = built.exams["Ben Okafor"]
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE attempts SET score = '95' WHERE id = :a"), {"a": ben})
    signed_score = store.attempt(ben)
    rows = result_rows(store.trainees(), store.attempts(), catalog, store.unlock_keys(PASSWORD))
    [edited] = [r for r in rows if r["attempt_uid"] == store.attempt(ben).uid]
    assert edited["verification"].startswith("EDITED: ") and "grade.score" in edited["verification"]
    # What is printed is the signed result, never the edited column; the verdict says EDITED.
    assert edited["score"] != "95" and edited["result"] == "EDITED"
    assert signed_score.signed_result is not None and edited["score"] in signed_score.signed_result
    without_keys = result_rows(store.trainees(), store.attempts(), catalog)
    assert {r["verification"] for r in without_keys} == {"not checked"}
    assert all(r["result"].endswith("(not checked)") for r in without_keys if r["mode"] == "exam")


def test_an_unsigned_exam_is_never_reported_passed(
    school: tuple[Store, School], catalog: dict[str, LessonInfo]
) -> None:
    """The forgery of the issue: the signature set to NULL and the exam marked as needing none,
    so it passes as unsigned practice; and a renamed trainee."""
    store, built = school
    ann = built.exams["Ann Lee"]
    with store.engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE attempts SET signature = NULL, signed_result = NULL, "
                "requires_signature = false WHERE id = :a"
            ),
            {"a": ann},
        )
        connection.execute(text("UPDATE trainees SET name = 'B. Forged' WHERE name = 'Ben Okafor'"))
    rows = result_rows(store.trainees(), store.attempts(), catalog, store.unlock_keys(PASSWORD))
    [row] = [r for r in rows if r["attempt_uid"] == store.attempt(ann).uid]
    assert row["result"] == "not verified" and row["verification"] == "unsigned"
    ben = built.exams["Ben Okafor"]
    [signed] = [r for r in rows if r["attempt_uid"] == store.attempt(ben).uid]
    assert signed["trainee"] == "Ben Okafor"  # the signed name, not the edited one
    assert signed["result"] == "EDITED" and "B. Forged" in signed["verification"]


def test_a_name_is_never_a_formula(store_path: Path, catalog: dict[str, LessonInfo]) -> None:
    store = open_store(f"sqlite:///{store_path}")
    try:
        sneaky = store.add_trainee('=HYPERLINK("http://x","y")', "+class")
        attempt = store.start_attempt(sneaky.id, "table:uth_plain", UTH, "practice")
        play(store, attempt, table("uth_plain.toml", UTH, 3, (1,)))
        store.finish_attempt(attempt)
        [row] = parse(results_csv([sneaky], store.attempts(), catalog))
        assert row["trainee"] == '\'=HYPERLINK("http://x","y")'
        assert row["class"] == "'+class"
    finally:
        store.close()


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "records.sqlite3"


def test_the_report_has_every_round_and_step(
    school: tuple[Store, School], catalog: dict[str, LessonInfo]
) -> None:
    store, built = school
    record = store.attempt(built.exams["Ben Okafor"])
    check = check_attempt(record, store.unlock_keys(PASSWORD))
    html = result_report_html(record, catalog, check, replay_agrees=True)
    assert "Ben Okafor" in html and "Spring 2025" in html
    assert "Exam: the plain table, full seats" in html
    assert "FAILED" in html and "pass mark 90%" in html
    assert html.count("<h2>Round ") == len(record.rounds) == 10
    assert "verified: the records match their signature" in html
    assert "the same grade" in html
    assert "wrong amount" in html and "The amount is" in html
    assert "By kind of step" in html and "payout" in html


def test_a_certificate_only_for_a_passed_exam_that_verifies(
    school: tuple[Store, School], catalog: dict[str, LessonInfo]
) -> None:
    store, built = school
    keys = store.unlock_keys(PASSWORD)
    ann = store.attempt(built.exams["Ann Lee"])
    ben = store.attempt(built.exams["Ben Okafor"])
    practice = store.attempt(built.practice["Ann Lee"][0])
    made = certificate(ann, catalog, check_attempt(ann, keys))
    assert made.name == "Ann Lee"
    assert "100" in made.score and "90" in made.score
    assert ann.key_id is not None and ann.key_id in made.seal
    assert ann.signed_result is not None
    assert made.code == verification_code(digest(ann.signed_result.encode())) in made.seal
    assert digest(ann.signed_result.encode()) in made.qr_text
    assert len(made.qr) == len(made.qr[0]) >= 21, "a square QR code of the signed digest"
    assert certificate_refusal(ann, catalog, None) is not None  # never without verifying
    assert "not passed" in (certificate_refusal(ben, catalog, check_attempt(ben, keys)) or "")
    assert "only an exam" in (certificate_refusal(practice, catalog, None) or "")
    with store.engine.begin() as connection:
        connection.execute(
            text('UPDATE step_records SET at = at - 1 WHERE attempt_id = :a AND "index" = 5'),
            {"a": ann.id},
        )
    edited = store.attempt(ann.id)
    refusal = certificate_refusal(edited, catalog, check_attempt(edited, keys))
    assert refusal is not None and "edited" in refusal
    with pytest.raises(ValueError, match="edited"):
        certificate(edited, catalog, check_attempt(edited, keys))


def test_the_report_lists_each_form_field_by_field(
    store_path: Path, catalog: dict[str, LessonInfo]
) -> None:
    from msgspec.structs import replace

    from dealer_trainer.curriculum.records import store_form
    from dealer_trainer.forms.closed_table import (
        closed_table_situation,
        correct_form,
        grade_closed_table_form,
    )

    store = open_store(f"sqlite:///{store_path}")
    try:
        trainee = store.add_trainee("Cara Diaz", "Spring 2025")
        attempt = store.start_attempt(trainee.id, "uth-closed-table-form", UTH, "practice")
        situation = closed_table_situation(4, open_chance=0.0)
        form = replace(correct_form(situation), last_opened=situation.gaming_day)
        store_form(store, attempt, situation, form, grade_closed_table_form(situation, form), 4)
        record = store.finish_attempt(attempt)
        html = result_report_html(record, catalog, None)
    finally:
        store.close()
    assert "<h2>Form 1: Closed Table form</h2>" in html
    assert "Paperwork: the Closed Table form" in html, "the lesson's title from the course"
    assert f"score {record.forms[0].score}%" in html
    assert html.count(">wrong<") == 1 and "465a.36(f)(3)(iii)" in html
    assert situation.slip_date.isoformat() in html and situation.gaming_day.isoformat() in html


def test_the_report_says_each_mistakes_section_once(
    school: tuple[Store, School], catalog: dict[str, LessonInfo]
) -> None:
    """An explanation that cites its section already is not given it a second time at the end
    ("... pushes (§ 653a.12(b)). The amount is $50, not $55. (§ 653a.12(b))")."""
    import re

    store, built = school
    record = store.attempt(built.exams["Ben Okafor"])
    html = result_report_html(record, catalog, None, replay_agrees=True)
    lines = re.findall(r"<li>.*?</li>|<td colspan=\"6\"[^>]*>.*?</td>", html)
    wrong = [line for line in lines if "The amount is" in line]
    assert wrong, "no wrong amount explained"
    for line in wrong:
        cited = re.findall(r"\((§[^()]*(?:\([^()]*\))*[^()]*|rule of the game)\)", line)
        assert len(cited) == len(set(cited)), f"a section said twice: {line}"


def test_a_signature_without_its_time_says_no_dash(school: tuple[Store, School]) -> None:
    """A result signed before signing times were kept reads "signed with the school's key
    ...", not "... on —"."""
    from msgspec.structs import replace

    from dealer_trainer.reports.documents import signature_line

    store, built = school
    record = replace(store.attempt(built.exams["Ann Lee"]), signed_at=None)
    line = signature_line(record, None)
    assert "signed with the school's key" in line and "—" not in line, line
