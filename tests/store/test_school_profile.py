"""The school's name and logo on certificates: kept in the records, signed with the school's
key, and refused once changed anywhere but the instructor area."""

from __future__ import annotations

import pytest
from conftest import PASSWORD
from sqlalchemy import text

from dealer_trainer.store import Store
from dealer_trainer.store.school import MAX_LOGO, PNG, School, SchoolProfileError

LOGO = PNG + b"\x00" * 64


def keyed(store: Store) -> None:
    store.set_instructor_password(PASSWORD)
    store.generate_key(PASSWORD)


def test_the_name_and_logo_are_kept_and_verify(store: Store) -> None:
    keyed(store)
    keys = store.unlock_keys(PASSWORD)
    assert store.school(keys.public()) is None
    saved = store.set_school("  Keystone \t Dealer  Academy ", LOGO, keys)
    assert saved == School("Keystone Dealer Academy", LOGO)
    assert store.school(keys.public()) == saved
    store.set_school("Keystone Dealer Academy", None, keys)  # the logo removed
    assert store.school(keys.public()) == School("Keystone Dealer Academy", None)


@pytest.mark.parametrize(
    ("column", "value"),
    [("name", "Forged Academy"), ("logo", PNG + b"\x01" * 64)],
)
def test_a_profile_changed_at_a_station_is_refused(
    store: Store, column: str, value: object
) -> None:
    keyed(store)
    keys = store.unlock_keys(PASSWORD)
    store.set_school("Keystone Dealer Academy", LOGO, keys)
    with store.engine.begin() as connection:
        connection.execute(text(f"UPDATE school_profile SET {column} = :v"), {"v": value})
    with pytest.raises(SchoolProfileError, match="changed outside the instructor area"):
        store.school(keys.public())


@pytest.mark.parametrize(
    ("name", "logo", "message"),
    [
        ("   ", None, "empty"),
        ("x" * 121, None, "a certificate fits 120"),
        ("Bell\x07 Academy", None, "control characters"),
        ("Academy", b"GIF89a", "not a PNG"),
        ("Academy", PNG + b"\x00" * MAX_LOGO, "at most 512 KB"),
    ],
)
def test_unusable_names_and_logos_are_refused(
    store: Store, name: str, logo: bytes | None, message: str
) -> None:
    keyed(store)
    keys = store.unlock_keys(PASSWORD)
    with pytest.raises(SchoolProfileError, match=message):
        store.set_school(name, logo, keys)
    assert store.school(keys.public()) is None
