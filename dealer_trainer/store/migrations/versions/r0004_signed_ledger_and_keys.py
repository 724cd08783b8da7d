"""Ed25519 school keys, the key ring's check value, step chains and the signed exam ledger.

- ``key_ring``: scrypt parameters (N = 2^17) and the AES-GCM check value; ``school_keys``:
  Ed25519 keys sealed with AES-GCM. The first scheme's ``instructor_credentials`` and
  ``signing_keys`` stay untouched until the instructor runs the explicit migration
  (``dealer-trainer results migrate``), so every old record and signature is kept.
- ``chain_links``: each attempt's step chain; ``attempts.chain_key_id`` names its key.
- ``ledger_entries``: each trainee's signed, append-only exam ledger.
- ``key_migrations``: the log of the explicit migration.

Revision ID: r0004
Revises: r0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.store.types import UTCDateTime

revision = "r0004"
down_revision: str | None = "r0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("attempts", sa.Column("chain_key_id", sa.String(32), nullable=True))
    op.create_table(
        "chain_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("item", sa.String(60), nullable=False),
        sa.Column("link", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["attempt_id"], ["attempts.id"], name="fk_chain_links_attempt_id_attempts"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_chain_links"),
        sa.UniqueConstraint("attempt_id", "seq", name="uq_chain_links_attempt_seq"),
    )
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("attempt_uid", sa.String(32), nullable=False),
        sa.Column("event", sa.String(20), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("key_id", sa.String(32), nullable=False),
        sa.Column("signature", sa.String(128), nullable=False),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name="fk_ledger_entries_trainee_id_trainees"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_ledger_entries"),
        sa.UniqueConstraint("trainee_id", "seq", name="uq_ledger_entries_trainee_seq"),
    )
    op.create_table(
        "key_ring",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kdf", sa.JSON(), nullable=False),
        sa.Column("check", sa.Text(), nullable=False),
        sa.Column("changed_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint("id = 1", name="ck_key_ring_single"),
        sa.PrimaryKeyConstraint("id", name="pk_key_ring"),
    )
    op.create_table(
        "school_keys",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("retired_at", UTCDateTime(), nullable=True),
        sa.Column("public_key", sa.String(64), nullable=False),
        sa.Column("wrapped", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_school_keys"),
    )
    op.create_table(
        "key_migrations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("line", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_key_migrations"),
    )


def downgrade() -> None:
    op.drop_table("key_migrations")
    op.drop_table("school_keys")
    op.drop_table("key_ring")
    op.drop_table("ledger_entries")
    op.drop_table("chain_links")
    op.drop_column("attempts", "chain_key_id")
