"""Exam assignments: signed by an instructor, read by a station, completed by the signed
ledger, and ignored (and reported) when a trainee forges or edits one in the records."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from conftest import PASSWORD
from sqlalchemy import text
from store_support import UTH_GAME, plain_source, play_round

from dealer_trainer.store import Store
from dealer_trainer.store.assignments import AssignmentError, AssignmentState
from dealer_trainer.store.crypto import KeyRing, new_key, public_hex

EXAM = "uth-plain-table-exam"
SHA = "ab" * 32
DUE = date(2026, 12, 24)


def school(store: Store) -> KeyRing:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)
    return store.unlock_keys(PASSWORD)


def assign(store: Store, keys: KeyRing, *trainees: int, due: date | None = DUE) -> list[int]:
    made = store.assign_exam(
        list(trainees),
        lesson_id=EXAM,
        lesson_sha256=SHA,
        title="Ultimate Texas Hold 'Em exam",
        assigned_by="Dana Reyes",
        due=due,
        keys=keys,
    )
    return [a.id for a in made]


def sit(store: Store, keys: KeyRing, trainee: int, assignment: str, *, submit: bool = True) -> int:
    attempt = store.start_attempt(trainee, EXAM, UTH_GAME, "exam", keys=keys, assignment=assignment)
    play_round(store, attempt, plain_source())
    if submit:
        store.finish_attempt(attempt, keys=keys)
    else:
        store.abandon_attempt(attempt, keys)
    return attempt


def test_an_assignment_is_signed_and_open_until_revoked(store: Store) -> None:
    keys = school(store)
    ann, ben = store.add_trainee("Ann Lee"), store.add_trainee("Ben Ode")
    assign(store, keys, ann.id, ben.id)
    found = store.assignments(trainee_id=ann.id)  # as a station reads it: no password
    assert [(a.trainee, a.lesson_id, a.due, a.state) for a in found] == [
        ("Ann Lee", EXAM, DUE, AssignmentState.OPEN)
    ]
    record = found[0]
    assert record.verified and record.counts
    assert record.assignment.assigned_by == "Dana Reyes"
    assert record.assignment.lesson_sha256 == SHA
    assert record.overdue(DUE + timedelta(days=1)) and not record.overdue(DUE)

    with pytest.raises(AssignmentError, match="already has"):
        assign(store, keys, ann.id)
    store.revoke_assignment(record.id, "Dana Reyes", keys)
    revoked = store.assignments(keys.public(), ann.id)[0]
    assert revoked.state is AssignmentState.REVOKED and revoked.verified and not revoked.counts
    with pytest.raises(AssignmentError, match="already revoked"):
        store.revoke_assignment(record.id, "Dana Reyes", keys)
    assert [a.counts for a in store.assignments(trainee_id=ben.id)] == [True]
    assign(store, keys, ann.id, due=None)  # assigned again once revoked
    assert [a.state.value for a in store.assignments(trainee_id=ann.id)] == ["open", "revoked"]


def test_assigning_needs_a_name_and_a_trainee(store: Store) -> None:
    keys = school(store)
    ann = store.add_trainee("Ann Lee")
    with pytest.raises(AssignmentError, match="gives their name"):
        store.assign_exam(
            [ann.id],
            lesson_id=EXAM,
            lesson_sha256=SHA,
            title="t",
            assigned_by="  ",
            due=None,
            keys=keys,
        )
    with pytest.raises(AssignmentError, match="at least one trainee"):
        assign(store, keys)


def test_a_submitted_exam_completes_its_assignment_an_abandoned_one_does_not(
    store: Store,
) -> None:
    keys = school(store)
    ann = store.add_trainee("Ann Lee")
    assign(store, keys, ann.id)
    uid = store.assignments(trainee_id=ann.id)[0].uid
    sit(store, keys, ann.id, uid, submit=False)
    assert store.assignments(trainee_id=ann.id)[0].state is AssignmentState.OPEN
    attempt = sit(store, keys, ann.id, uid)
    done = store.assignments(trainee_id=ann.id)[0]
    assert done.state is AssignmentState.COMPLETED
    assert done.completed_by == store.attempt(attempt).uid
    with pytest.raises(AssignmentError, match="completed"):
        store.start_attempt(ann.id, EXAM, UTH_GAME, "exam", keys=keys, assignment=uid)


def test_an_assignment_is_sat_only_by_its_trainee_for_its_exam(store: Store) -> None:
    keys = school(store)
    ann, ben = store.add_trainee("Ann Lee"), store.add_trainee("Ben Ode")
    assign(store, keys, ann.id)
    uid = store.assignments(trainee_id=ann.id)[0].uid
    with pytest.raises(AssignmentError, match="no exam assignment"):
        store.start_attempt(ben.id, EXAM, UTH_GAME, "exam", keys=keys, assignment=uid)
    with pytest.raises(AssignmentError, match="not other-exam"):
        store.start_attempt(ann.id, "other-exam", UTH_GAME, "exam", keys=keys, assignment=uid)
    with pytest.raises(AssignmentError, match="key ring"):
        store.start_attempt(ann.id, EXAM, UTH_GAME, "exam", assignment=uid)


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        ("UPDATE exam_assignments SET due = '2027-06-30'", "does not verify"),
        ("UPDATE exam_assignments SET trainee_id = {ben}", "does not verify"),
        ("UPDATE exam_assignments SET lesson_id = 'other-exam'", "does not verify"),
        ("UPDATE exam_assignments SET lesson_sha256 = '{cd}'", "does not verify"),
        ("UPDATE exam_assignments SET revoked_at = assigned_at", "revocation does not verify"),
    ],
)
def test_an_edited_assignment_is_ignored_and_named(store: Store, edit: str, problem: str) -> None:
    keys = school(store)
    ann, ben = store.add_trainee("Ann Lee"), store.add_trainee("Ben Ode")
    assign(store, keys, ann.id)
    with store.engine.begin() as connection:
        connection.execute(text(edit.format(ben=ben.id, cd="cd" * 32)))
    for public in (None, keys.public()):
        record = store.assignments(public)[0]
        assert not record.counts
        assert any(problem in p for p in record.problems), record.problems
    if "revoked" not in edit:
        with pytest.raises(AssignmentError, match="not signed by the school"):
            store.start_attempt(
                record.trainee_id,
                record.lesson_id,
                UTH_GAME,
                "exam",
                keys=keys,
                assignment=record.uid,
            )


def test_a_planted_key_fools_the_station_but_not_the_examiner(store: Store) -> None:
    """A trainee who plants a key pair of their own in ``school_keys`` can sign an assignment
    the station's stored keys accept; the examiner's unlocked ring does not hold that key, so
    the instructor's dashboard names it and the exam does not start from it."""
    keys = school(store)
    ann = store.add_trainee("Ann Lee")
    assign(store, keys, ann.id)
    real = store.assignments(keys.public())[0]
    key_id, key = new_key()
    forged = KeyRing({key_id: key}, key_id)
    assignment = real.assignment.__class__(
        "f" * 32, ann.uid, EXAM, SHA, "Forged", "Dana Reyes", real.assignment.assigned_at, None
    )
    _, signature = assignment.sign(forged)
    with store.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO school_keys (id, created_at, public_key, wrapped) "
                "VALUES (:id, :at, :public, 'x')"
            ),
            {"id": key_id, "at": real.assignment.assigned_at, "public": public_hex(key)},
        )
        connection.execute(
            text(
                "INSERT INTO exam_assignments (uid, trainee_id, lesson_id, lesson_sha256, "
                "title, assigned_by, assigned_at, due, key_id, signature) VALUES (:uid, :t, "
                ":lesson, :sha, 'Forged', 'Dana Reyes', :at, NULL, :key, :sig)"
            ),
            {
                "uid": assignment.uid,
                "t": ann.id,
                "lesson": EXAM,
                "sha": SHA,
                "at": real.assignment.assigned_at,
                "key": key_id,
                "sig": signature,
            },
        )
    instructor = {a.uid: a for a in store.assignments(keys.public())}
    assert not instructor[assignment.uid].verified and instructor[real.uid].verified
    with pytest.raises(AssignmentError, match="not signed by the school"):
        store.start_attempt(ann.id, EXAM, UTH_GAME, "exam", keys=keys, assignment=assignment.uid)


def test_records_of_revision_5_upgrade_and_take_assignments(database_url: str) -> None:
    """A school's records made before assignments existed (a signed exam, its ledger, the
    keys) upgrade on open; every result still verifies and exams can then be assigned."""
    from store_support import signed_exam_attempt

    from dealer_trainer.store import open_store
    from dealer_trainer.store.database import current_revision, make_engine, upgrade
    from dealer_trainer.store.ledger import check_ledger
    from dealer_trainer.store.verify import check_attempt

    engine = make_engine(database_url)
    upgrade(engine, "r0005")
    old = Store(engine)
    attempt = signed_exam_attempt(old, PASSWORD)
    ledger_before = old.ledger()
    old.close()
    with open_store(database_url) as store:
        with store.engine.connect() as connection:
            assert current_revision(connection) == "r0006"
        keys = store.unlock_keys(PASSWORD)
        record = store.attempt(attempt)
        assert check_attempt(record, keys).ok
        assert store.ledger() == ledger_before
        assert check_ledger(store.ledger(), keys.public(), store.attempts()) == {}
        assert store.assignments() == []
        assign(store, keys, record.trainee.id)
        assert [a.counts for a in store.assignments()] == [True]
