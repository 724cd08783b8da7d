"""Exams from the trainee's side: seeds per candidate, the attempts an exam file allows, the
school's key to sign with, one grader with nothing refused, the pass mark, and a resume only
where the exam file allows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from records_support import exam_file, play_all, settle

from dealer_trainer.curriculum.lessons import check_lesson, load_lesson
from dealer_trainer.curriculum.mastery import MasteryStatus
from dealer_trainer.curriculum.records import EXAM_SEEDS, TraineeProgress, candidate_seed
from dealer_trainer.curriculum.run import (
    ExamRefused,
    LessonRun,
    attempts_left,
    exam_refusal,
    lesson_status,
    lesson_summary,
)
from dealer_trainer.practice.rounds import DealtRound
from dealer_trainer.practice.session import Mode
from dealer_trainer.store import KeyRing, ResumeRefused, Status, Store
from dealer_trainer.store.replay import replay
from dealer_trainer.store.verify import check_records

PASSWORD = "correct horse battery"


@pytest.fixture
def keys(store: Store) -> KeyRing:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    return store.unlock_keys(PASSWORD)


def candidate(store: Store, name: str) -> TraineeProgress:
    return TraineeProgress(store, store.add_trainee(name, "Spring 2026"))


def test_each_candidate_gets_rounds_of_their_own_and_a_replay_the_same(
    tmp_path: Path, store: Store, keys: KeyRing
) -> None:
    lesson = load_lesson(exam_file(tmp_path))
    runs = [LessonRun(lesson, candidate(store, n), keys=keys) for n in ("Ann Lee", "Bob Ray")]
    seeds = []
    for run in runs:
        assert run.mode is Mode.EXAM and run.time_limit == 180
        play_all(run)
        record = run.close()
        assert record is not None and record.signed and record.status is Status.SUBMITTED
        assert [r.grading for r in record.rounds] == ["log"] * 3
        assert record.time_limit == 180
        seeds.append([r.source.seed for r in record.rounds])
        uid = record.uid
        assert record.chain_key_id is not None
        secret = keys.secret(record.chain_key_id, EXAM_SEEDS, uid)
        assert seeds[-1][:2] == [candidate_seed(secret, 8_000_000, k) for k in (0, 1)]
        replayed = replay(record)
        assert [g.to_json() for g in replayed.grades] == [r.grade for r in record.rounds]
        assert replayed.summary == record.summary
    assert seeds[0][:2] != seeds[1][:2], "two candidates do not settle the same deals"
    assert seeds[0][2] is None and seeds[1][2] is None, "the fixed scenario is everyone's"
    assert all(check.ok for check in check_records(store.attempts(), keys))


def test_an_exam_refuses_nothing_and_explains_nothing_until_the_end(
    tmp_path: Path, store: Store, keys: KeyRing
) -> None:
    lesson = load_lesson(exam_file(tmp_path))
    progress = candidate(store, "Ann Lee")
    run = LessonRun(lesson, progress, keys=keys)
    played = play_all(run, wrong_amount_at={2})
    for settled in played:
        verdicts = [j.verdict.value for j in settled.judgements]
        assert verdicts.count("wrong amount") == 1, "the wrong payout stands: not refused"
        assert len(settled.judgements) == len(settled.session.procedure), "no step done twice"
        assert settled.grade.score < 100
    record = run.close()
    result = run.result()
    assert record is not None and result is not None
    assert result.score == record.summary.score  # type: ignore[union-attr]
    assert result.passed is (result.score is not None and result.score >= 90)
    assert result.verdict in ("passed", "failed")
    assert lesson_status(lesson, progress) is (
        MasteryStatus.MASTERED if result.passed else MasteryStatus.IN_PROGRESS
    )
    assert "1 attempt of 2" in lesson_summary(lesson, progress)


def test_the_pass_mark_decides(tmp_path: Path, store: Store, keys: KeyRing) -> None:
    lesson = load_lesson(exam_file(tmp_path))
    progress = candidate(store, "Ann Lee")
    perfect = LessonRun(lesson, progress, keys=keys)
    play_all(perfect)
    perfect.close()
    result = perfect.result()
    assert result is not None and result.passed and result.verdict == "passed"
    sloppy = LessonRun(lesson, progress, keys=keys)
    play_all(sloppy, wrong_amount_at={1, 2, 3, 4})
    sloppy.close()
    failed = sloppy.result()
    assert failed is not None and failed.score is not None and failed.score < 90
    assert not failed.passed and failed.verdict == "failed"


def test_attempts_are_limited_by_the_exam_file(tmp_path: Path, store: Store, keys: KeyRing) -> None:
    lesson = load_lesson(exam_file(tmp_path, attempts=1))
    progress = candidate(store, "Ann Lee")
    assert attempts_left(lesson, progress) == 1 and exam_refusal(lesson, progress) == ""
    run = LessonRun(lesson, progress, keys=keys)
    run.abandon()
    assert attempts_left(lesson, progress) == 0
    refusal = exam_refusal(lesson, progress)
    assert "Ann Lee has used all 1 attempts" in refusal
    with pytest.raises(ExamRefused, match="used all 1 attempts"):
        LessonRun(lesson, progress, keys=keys)
    other = candidate(store, "Bob Ray")
    assert attempts_left(lesson, other) == 1, "attempts are counted per candidate"


def test_an_exam_needs_the_records_and_the_unlocked_key(tmp_path: Path, store: Store) -> None:
    lesson = load_lesson(exam_file(tmp_path))
    progress = candidate(store, "Ann Lee")
    with pytest.raises(ExamRefused, match="needs the trainee's records"):
        LessonRun(lesson, None, keys=KeyRing({}, None))
    with pytest.raises(ExamRefused, match="unlocks the school's signing key"):
        LessonRun(lesson, progress)
    store.set_instructor_password(PASSWORD)
    with pytest.raises(ExamRefused, match="signing key"):
        LessonRun(lesson, progress, keys=store.unlock_keys(PASSWORD))  # no key generated yet
    assert store.attempt_count(progress.trainee.id, lesson.id) == 0, "nothing was started"


def test_an_interrupted_exam_resumes_only_where_the_file_allows(
    tmp_path: Path, store: Store, keys: KeyRing
) -> None:
    strict = load_lesson(exam_file(tmp_path / "strict"))
    progress = candidate(store, "Ann Lee")
    run = LessonRun(strict, progress, keys=keys)
    item = run.next_item()
    assert isinstance(item, DealtRound)
    settle(run, item, stop_after=3)
    (interrupted,) = progress.interrupted()
    assert not interrupted.may_resume, "by default an exam may not resume"
    with pytest.raises(ResumeRefused):
        store.resume_attempt(interrupted.id)

    lenient = load_lesson(exam_file(tmp_path / "lenient", may_resume=True))
    run = LessonRun(lenient, progress, keys=keys)
    first = run.next_item()
    assert isinstance(first, DealtRound)
    settle(run, first)
    second = run.next_item()
    assert isinstance(second, DealtRound)
    cut = settle(run, second, stop_after=3)
    assert run.recorder is not None and run.recorder.attempt_id is not None
    attempt = store.resume_attempt(run.recorder.attempt_id)
    resumed = LessonRun(lenient, progress, keys=keys, resume=attempt)
    record = store.attempt(attempt.id)
    cut_round = record.rounds[1]
    assert cut_round.grade is not None, "the round cut short is graded from its recorded steps"
    assert cut_round.grade["seconds"] == cut.judgements[-1].action.at
    assert len(cut_round.grade["missing"]) == len(second.procedure) - 3
    third = resumed.next_item()
    assert isinstance(third, DealtRound)
    assert resumed.played == 2
    settle(resumed, third)
    assert resumed.next_item() is None
    final = resumed.close()
    assert final is not None and final.signed and len(final.rounds) == 3
    replayed = replay(final)
    assert [g.to_json() for g in replayed.grades] == [r.grade for r in final.rounds]


def test_may_resume_is_an_exam_field(tmp_path: Path) -> None:
    path = exam_file(tmp_path, may_resume=True)
    text = path.read_text(encoding="utf-8").replace('mode = "exam"', 'mode = "practice"')
    text = text.replace("attempts = 2\n", "")
    path.write_text(text, encoding="utf-8")
    entry = check_lesson(path)
    assert any("may_resume" in line and "only in exam mode" in line for line in entry.lines())


def test_the_rounds_to_come_cannot_be_computed_from_the_records_during_the_exam(
    tmp_path: Path, store: Store, keys: KeyRing
) -> None:
    """Issue 16: exam seeds were sha256(attempt uid, block seed, round), and the uid is in the
    records as soon as the exam starts. Now they need a secret of the unlocked school key."""
    import hashlib

    from sqlalchemy import select

    from dealer_trainer.store.models import Base

    lesson = load_lesson(exam_file(tmp_path))
    run = LessonRun(lesson, candidate(store, "Ann Lee"), keys=keys)
    assert run.next_item() is not None  # round 1 dealt; the exam is running
    assert run.recorder is not None and run.recorder.attempt_id is not None
    record = store.attempt(run.recorder.attempt_id)
    assert record.chain_key_id is not None
    secret = keys.secret(record.chain_key_id, EXAM_SEEDS, record.uid)
    to_come = candidate_seed(secret, 8_000_000, 1)
    with store.engine.connect() as connection:
        everything = "\n".join(
            repr(tuple(row))
            for table in Base.metadata.sorted_tables
            for row in connection.execute(select(table))
        )
    assert record.uid in everything, "the uid is in the records, as before"
    old_way = hashlib.sha256(f"{record.uid}/8000000/1".encode()).digest()
    assert int.from_bytes(old_way[:4], "big") >> 1 != to_come
    assert secret.hex() not in everything and str(to_come) not in everything
    run.abandon()
