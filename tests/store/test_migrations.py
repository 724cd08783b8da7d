"""The schema is versioned: the migrations build exactly the models, and upgrading a database
made at the first revision keeps every record in it — signatures and replays included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from legacy_support import legacy_credentials, legacy_sign
from sqlalchemy import Engine, inspect, select
from store_support import CARIBBEAN, FLOORPERSON_SCENARIO, UTH_GAME, plain_source, play_round

from dealer_trainer.store import CredentialError, RoundSource, open_store
from dealer_trainer.store.database import (
    current_revision,
    downgrade,
    head_revision,
    make_engine,
    upgrade,
)
from dealer_trainer.store.models import Base
from dealer_trainer.store.replay import replay
from dealer_trainer.store.verify import check_attempt

PASSWORD = "correct horse battery"
FIRST = "r0001"
ADDED_LATER = {
    "trainees": {"cohort"},
    "attempts": {"pass_mark", "rounds_required", "chain_key_id"},
}
TABLES_ADDED_LATER = {
    "form_records",
    "chain_links",
    "ledger_entries",
    "key_ring",
    "school_keys",
    "key_migrations",
    "school_profile",
    "exam_assignments",
}
TABLES = [t.name for t in Base.metadata.sorted_tables if t.name not in TABLES_ADDED_LATER]


def rows(engine: Engine, *, without_later: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, typed through the models, in primary-key order."""
    found: dict[str, list[dict[str, Any]]] = {}
    with engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            if without_later and table.name in TABLES_ADDED_LATER:
                continue
            columns = [
                c
                for c in table.columns
                if not (without_later and c.name in ADDED_LATER.get(table.name, set()))
            ]
            query = select(*columns).order_by(*table.primary_key.columns)
            found[table.name] = [dict(r._mapping) for r in connection.execute(query)]
    return found


def signed_records(path: Path) -> Engine:
    """A scratch database with real records as the first revision held them: two rounds,
    mistakes, a floorperson sign-off, an exam result signed with the first (HMAC) key scheme,
    a practice result and an attempt left in progress."""
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        key_id, key = legacy_credentials(store, PASSWORD)
        ann = store.add_trainee("Ann Lee")
        exam = store.start_attempt(
            ann.id, "uth-exam", UTH_GAME, "exam", time_limit=180, requires_signature=False
        )
        play_round(store, exam, plain_source(), wrong_amount_at={3}, extra_at={6})
        play_round(store, exam, RoundSource.scenario(FLOORPERSON_SCENARIO, CARIBBEAN))
        store.finish_attempt(exam)
        legacy_sign(store, exam, key_id, key)
        practice = store.start_attempt(ann.id, "uth-first", UTH_GAME, "practice")
        play_round(store, practice, plain_source(seed=5))
        store.finish_attempt(practice)
        left = store.start_attempt(ann.id, "uth-exam", UTH_GAME, "exam", may_resume=True)
        play_round(store, left, plain_source(seed=6), finish=False)
    return make_engine(url)


def exam_key(original: dict[str, list[dict[str, Any]]]) -> str:
    return str(original["signing_keys"][0]["id"])


def test_the_migrations_build_exactly_the_models(database_url: str) -> None:
    with open_store(database_url) as store, store.engine.connect() as connection:
        assert current_revision(connection) == head_revision()
        diffs = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diffs == []


def test_opening_twice_is_harmless(database_url: str) -> None:
    with open_store(database_url) as store:
        store.add_trainee("Ann Lee")
    with open_store(database_url) as store:
        assert [t.name for t in store.trainees()] == ["Ann Lee"]


def test_upgrading_from_the_first_revision_keeps_every_record(
    database_url: str, tmp_path: Path
) -> None:
    scratch = signed_records(tmp_path / "scratch.sqlite3")
    original = rows(scratch, without_later=True)
    scratch.dispose()
    assert all(original[name] for name in TABLES)

    old = make_engine(database_url)
    upgrade(old, FIRST)
    with old.connect() as connection:
        assert current_revision(connection) == FIRST
        assert "cohort" not in {c["name"] for c in inspect(connection).get_columns("trainees")}
    with old.begin() as connection:
        for table in Base.metadata.sorted_tables:
            if original.get(table.name):
                connection.execute(table.insert(), original[table.name])
    assert rows(old, without_later=True) == original
    old.dispose()

    with open_store(database_url) as store:  # upgrades to head on open
        with store.engine.connect() as connection:
            assert current_revision(connection) == head_revision() != FIRST
        upgraded = rows(store.engine)
        assert all(not upgraded[name] for name in TABLES_ADDED_LATER)
        later = set().union(*ADDED_LATER.values())
        assert {
            name: [{k: v for k, v in r.items() if k not in later} for r in found]
            for name, found in upgraded.items()
            if name not in TABLES_ADDED_LATER
        } == original
        assert all(r["cohort"] is None for r in upgraded["trainees"])
        assert all(r["pass_mark"] is None for r in upgraded["attempts"])

        # The old keys keep every signature until the explicit, logged migration re-signs.
        assert store.needs_key_migration()
        with pytest.raises(CredentialError, match="results migrate"):
            store.unlock_keys(PASSWORD)
        exam = store.attempts()[0]
        assert exam.signature is not None and exam.signature["algorithm"] == "HMAC-SHA256"
        log = store.migrate_keys(PASSWORD)
        assert any(f"attempt {exam.id}" in line and "re-signed" in line for line in log)
        assert not store.needs_key_migration()
        keys = store.unlock_keys(PASSWORD)
        records = store.attempts()
        assert [r.status.value for r in records] == ["submitted", "submitted", "in progress"]
        exam = records[0]
        assert exam.signature is not None and exam.signature["algorithm"] == "Ed25519"
        assert exam.signature["migrated_from"]["key_id"] == exam_key(original)
        assert exam.signed and check_attempt(exam, keys).ok
        assert check_attempt(exam, keys.public()).ok
        migrated = rows(store.engine)
        assert migrated["signing_keys"] == [] and migrated["instructor_credentials"] == []
        assert [r["line"] for r in migrated["key_migrations"]] == log
        for record in records[:2]:
            replayed = replay(record)
            assert [g.to_json() for g in replayed.grades] == [r.grade for r in record.rounds]
            assert replayed.summary == record.summary
        assert [a.id for a in store.interrupted_attempts(exam.trainee.id)] == [records[2].id]
        # The new column works on the old records.
        store.set_cohort(exam.trainee.id, "Spring 2026")
        assert store.trainees("Spring 2026")[0].name == "Ann Lee"
        assert check_attempt(store.attempt(exam.id), keys).ok  # the class is not signed


def test_downgrade_and_upgrade_again(database_url: str) -> None:
    with open_store(database_url) as store:
        ann = store.add_trainee("Ann Lee", "Spring 2026")
        attempt = store.start_attempt(ann.id, "uth-first", UTH_GAME, "practice")
        play_round(store, attempt, plain_source())
        before = store.attempt(attempt)
        downgrade(store.engine, FIRST)
        with store.engine.connect() as connection:
            assert current_revision(connection) == FIRST
        upgrade(store.engine)
        after = store.attempt(attempt)
    assert after.steps == before.steps and after.rounds == before.rounds
    assert after.trainee.cohort is None  # the first revision had no class to keep


def test_seeds_beyond_32_bits_are_recorded(database_url: str) -> None:
    """Lessons derive 32-bit unsigned seeds and a seed typed on the command line may be
    larger: PostgreSQL's four-byte INTEGER refused them before revision 3 made it BIGINT."""
    big = 2**62 + 12345
    with open_store(database_url) as store:
        ann = store.add_trainee("Ann Lee")
        attempt = store.start_attempt(ann.id, "uth-first", UTH_GAME, "practice")
        play_round(store, attempt, plain_source(seed=2**32 + 7))
        play_round(store, attempt, plain_source(seed=big))
        record = store.finish_attempt(attempt)
    assert [r.source.seed for r in record.rounds] == [2**32 + 7, big]
    assert [g.to_json() for g in replay(record).grades] == [r.grade for r in record.rounds]


def test_the_migrations_ship_in_the_package() -> None:
    """A plain ``pip install`` (not -e) must carry the scripts ``open_store`` runs: they are
    packages, which ``[tool.setuptools.packages.find]`` includes with every .py in them."""
    from setuptools import find_packages

    root = Path(__file__).resolve().parents[2]
    found = set(find_packages(root, include=["dealer_trainer*"]))
    assert {"dealer_trainer.store.migrations", "dealer_trainer.store.migrations.versions"} <= found
    versions = root / "dealer_trainer" / "store" / "migrations" / "versions"
    assert len(list(versions.glob("r*.py"))) >= 3


def test_the_shipped_head_is_alembics_head() -> None:
    """``open_store`` skips Alembic when the stored revision is ``SHIPPED_HEAD``: a migration
    added without moving it would never run on an existing database."""
    from dealer_trainer.store.database import SHIPPED_HEAD

    assert head_revision() == SHIPPED_HEAD
