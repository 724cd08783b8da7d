"""The instructor password: no hash is stored; signing in opens the key ring (a check value
and every key), a wrong or planted credential fails, changing it keeps the keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import PASSWORD
from sqlalchemy import select, text

from dealer_trainer.store import CredentialError, KeyIntegrityError, Store
from dealer_trainer.store.crypto import SCRYPT_N, KdfParams, make_check
from dealer_trainer.store.models import Base
from dealer_trainer.store.verify import check_attempt

SECRET = "Zq7-unique-Secret-42"


def everything_stored(store: Store) -> str:
    with store.engine.connect() as connection:
        return "\n".join(
            repr(tuple(row))
            for table in Base.metadata.sorted_tables
            for row in connection.execute(select(table))
        )


def test_the_database_never_holds_the_password(store: Store, database_url: str) -> None:
    store.set_instructor_password(SECRET)
    store.generate_key(SECRET)
    store.rotate_key(SECRET)
    assert store.check_instructor_password(SECRET)
    stored = everything_stored(store)
    assert "'kdf': 'scrypt'" in stored and SECRET not in stored
    assert SECRET.encode().hex() not in stored
    if database_url.startswith("sqlite:///"):
        database = Path(database_url.removeprefix("sqlite:///"))
        store.close()
        for file in database.parent.glob(database.name + "*"):  # with any journal beside it
            raw = file.read_bytes()
            assert SECRET.encode() not in raw and SECRET.encode("utf-16-le") not in raw


def test_a_wrong_password_fails(store: Store) -> None:
    assert not store.check_instructor_password(SECRET)  # none set yet
    store.set_instructor_password(SECRET)
    assert store.check_instructor_password(SECRET)
    for wrong in ("", SECRET.lower(), SECRET + " ", SECRET[:-1]):
        assert not store.check_instructor_password(wrong)
    with pytest.raises(CredentialError, match="wrong"):
        store.unlock_keys("not the password")
    with pytest.raises(CredentialError, match="wrong"):
        store.generate_key("not the password")
    with pytest.raises(CredentialError, match="current"):
        store.set_instructor_password("a new password", current="not the password")
    with pytest.raises(CredentialError, match="current"):
        store.set_instructor_password("a new password")


def test_a_short_password_is_refused(store: Store) -> None:
    with pytest.raises(CredentialError, match="8 characters"):
        store.set_instructor_password("short")
    assert not store.has_instructor_password()


@pytest.mark.production_scrypt
def test_the_derivation_is_salted_costly_and_its_parameters_stored(store: Store) -> None:
    store.set_instructor_password(SECRET)
    with store.engine.connect() as connection:
        first = connection.execute(text("SELECT kdf FROM key_ring")).scalar_one()
    store.set_instructor_password(SECRET, current=SECRET)
    with store.engine.connect() as connection:
        second = connection.execute(text("SELECT kdf FROM key_ring")).scalar_one()
    assert SCRYPT_N >= 2**17
    assert _json(first)["n"] == 131072 and first != second  # a fresh salt each time
    assert store.check_instructor_password(SECRET)


def test_a_planted_credential_opens_nothing_and_rotation_needs_the_real_key(
    store: Store,
) -> None:
    """Planting the check value of a known password: the check opens, the school's key does
    not, so signing in and rotating are both refused and the real password keeps working."""
    store.set_instructor_password(SECRET)
    key_id = store.generate_key(SECRET)
    planted = KdfParams.fresh()
    with store.engine.begin() as connection:
        real = connection.execute(text('SELECT kdf, "check" FROM key_ring')).one()
        connection.execute(
            text('UPDATE key_ring SET kdf = :k, "check" = :c'),
            {
                "k": json.dumps(planted.to_json()),
                "c": make_check(planted.derive("known password")),
            },
        )
    assert not store.check_instructor_password("known password")
    with pytest.raises(KeyIntegrityError, match=key_id):
        store.unlock_keys("known password")
    with pytest.raises(KeyIntegrityError):
        store.rotate_key("known password")
    with pytest.raises(KeyIntegrityError):
        store.set_instructor_password("another password", current="known password")
    with store.engine.begin() as connection:
        connection.execute(
            text('UPDATE key_ring SET kdf = :k, "check" = :c'),
            {"k": json.dumps(_json(real[0])), "c": real[1]},
        )
    assert store.key_ids() == [key_id]
    assert store.unlock_keys(SECRET).current == key_id


def test_changing_the_password_keeps_every_key(store: Store, signed_exam: int) -> None:
    before = store.unlock_keys(PASSWORD)
    store.set_instructor_password(SECRET, current=PASSWORD)
    assert not store.check_instructor_password(PASSWORD)
    after = store.unlock_keys(SECRET)
    assert after.public().to_text() == before.public().to_text()
    assert check_attempt(store.attempt(signed_exam), after).ok
    with pytest.raises(CredentialError):
        store.unlock_keys(PASSWORD)


def test_an_edited_stored_key_is_caught(store: Store) -> None:
    store.set_instructor_password(SECRET)
    key_id = store.generate_key(SECRET)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE school_keys SET wrapped = :w WHERE id = :i"),
            {"w": "00" * 60, "i": key_id},
        )
    with pytest.raises(KeyIntegrityError, match=key_id):
        store.unlock_keys(SECRET)


def test_deleting_the_credentials_does_not_let_anyone_take_over_the_keys(store: Store) -> None:
    store.set_instructor_password(SECRET)
    store.generate_key(SECRET)
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM key_ring"))
    with pytest.raises(CredentialError, match="deleted"):
        store.set_instructor_password("a trainee's own password")


def _json(column: object) -> dict[str, object]:
    """A JSON column read with plain SQL: text on SQLite, already parsed on PostgreSQL."""
    value = json.loads(column) if isinstance(column, str) else column
    assert isinstance(value, dict)
    return value
