"""The instructor password: a salted hash only, a wrong one fails, changing it keeps the keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PASSWORD
from sqlalchemy import select, text

from dealer_trainer.store import CredentialError, KeyIntegrityError, Store
from dealer_trainer.store.crypto import hash_password, password_matches
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
    assert "scrypt$" in stored and SECRET not in stored
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


def test_hashes_are_salted() -> None:
    first, second = hash_password(SECRET), hash_password(SECRET)
    assert first != second
    assert password_matches(SECRET, first) and password_matches(SECRET, second)
    assert not password_matches(SECRET, "scrypt$16384$8$1$bm90$bm90")
    assert not password_matches(SECRET, "garbage")


def test_changing_the_password_keeps_every_key(store: Store, signed_exam: int) -> None:
    before = store.unlock_keys(PASSWORD)
    store.set_instructor_password(SECRET, current=PASSWORD)
    assert not store.check_instructor_password(PASSWORD)
    after = store.unlock_keys(SECRET)
    assert after == before
    assert check_attempt(store.attempt(signed_exam), after).ok
    with pytest.raises(CredentialError):
        store.unlock_keys(PASSWORD)


def test_an_edited_stored_key_is_caught(store: Store) -> None:
    store.set_instructor_password(SECRET)
    key_id = store.generate_key(SECRET)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE signing_keys SET wrapped = :w WHERE id = :i"),
            {"w": "00" * 32, "i": key_id},
        )
    with pytest.raises(KeyIntegrityError, match=key_id):
        store.unlock_keys(SECRET)


def test_deleting_the_credentials_does_not_let_anyone_take_over_the_keys(store: Store) -> None:
    store.set_instructor_password(SECRET)
    store.generate_key(SECRET)
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM instructor_credentials"))
    with pytest.raises(CredentialError, match="deleted"):
        store.set_instructor_password("a trainee's own password")
