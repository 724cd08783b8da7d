"""Paperwork in the records, 64-bit seeds, and the exam's pass mark kept with each attempt.

- ``form_records``: a completed form exercise (the Closed Table form) of an attempt, so a
  paperwork lesson counts towards mastery and "my mistakes" like a settled round.
- ``attempt_rounds.seed`` becomes BIGINT on PostgreSQL: a lesson's derived seeds are 32-bit
  unsigned and a seed given on the command line may be larger still, which PostgreSQL's
  four-byte INTEGER refused. SQLite's INTEGER already holds eight bytes and is left alone.
- ``attempts.pass_mark`` and ``attempts.rounds_required``: what an exam attempt is judged
  against, as the exam file said when it began; both are part of the signed result.

Revision ID: r0003
Revises: r0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.store.types import ExactDecimal, UTCDateTime

revision = "r0003"
down_revision: str | None = "r0002"
branch_labels: str | None = None
depends_on: str | None = None


def _postgresql() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def upgrade() -> None:
    if _postgresql():
        op.alter_column("attempt_rounds", "seed", type_=sa.BigInteger(), existing_type=sa.Integer())
    op.add_column("attempts", sa.Column("pass_mark", ExactDecimal(), nullable=True))
    op.add_column("attempts", sa.Column("rounds_required", sa.Integer(), nullable=True))
    seed = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "form_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("after_round", sa.Integer(), nullable=False),
        sa.Column("exercise", sa.String(100), nullable=False),
        sa.Column("seed", seed, nullable=True),
        sa.Column("situation", sa.JSON(), nullable=False),
        sa.Column("entries", sa.JSON(), nullable=False),
        sa.Column("score", ExactDecimal(), nullable=False),
        sa.Column("grade", sa.JSON(), nullable=False),
        sa.Column("recorded_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["attempt_id"], ["attempts.id"], name="fk_form_records_attempt_id_attempts"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_form_records"),
        sa.UniqueConstraint("attempt_id", "index", name="uq_form_records_attempt_index"),
    )


def downgrade() -> None:
    op.drop_table("form_records")
    op.drop_column("attempts", "rounds_required")
    op.drop_column("attempts", "pass_mark")
    if _postgresql():
        op.alter_column("attempt_rounds", "seed", type_=sa.Integer(), existing_type=sa.BigInteger())
