"""The first schema: trainees, attempts, their rounds and step records, signing keys and the
instructor credential.

Revision ID: r0001
Revises:
Create Date: 2025-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.store.types import ExactDecimal, UTCDateTime

revision = "r0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

STATUS = "status IN ('in progress', 'submitted', 'abandoned')"
ROUND_KIND = "kind IN ('deal', 'scenario')"
GRADING = "grading IN ('session', 'log')"
STEP_KIND = "kind IN ('action', 'signoff')"


def _float() -> sa.Float[float]:
    return sa.Float(precision=53)


def upgrade() -> None:
    op.create_table(
        "trainees",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_trainees"),
        sa.UniqueConstraint("uid", name="uq_trainees_uid"),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(200), nullable=False),
        sa.Column("game", sa.String(100), nullable=False),
        sa.Column("mode", sa.String(20), nullable=False),
        sa.Column("may_resume", sa.Boolean(), nullable=False),
        sa.Column("requires_signature", sa.Boolean(), nullable=False),
        sa.Column("time_limit", _float(), nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("started_at", UTCDateTime(), nullable=False),
        sa.Column("finished_at", UTCDateTime(), nullable=True),
        sa.Column("score", ExactDecimal(), nullable=True),
        sa.Column("payout_accuracy", ExactDecimal(), nullable=True),
        sa.Column("procedure_compliance", ExactDecimal(), nullable=True),
        sa.Column("seconds", _float(), nullable=True),
        sa.Column("verdicts", sa.JSON(), nullable=True),
        sa.Column("key_id", sa.String(32), nullable=True),
        sa.Column("signature", sa.JSON(), nullable=True),
        sa.Column("signed_result", sa.Text(), nullable=True),
        sa.Column("signed_at", UTCDateTime(), nullable=True),
        sa.CheckConstraint(STATUS, name="ck_attempts_status"),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name="fk_attempts_trainee_id_trainees"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_attempts"),
        sa.UniqueConstraint("uid", name="uq_attempts_uid"),
    )
    op.create_table(
        "attempt_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("game", sa.String(100), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("seats", sa.JSON(), nullable=True),
        sa.Column("targets", sa.JSON(), nullable=True),
        sa.Column("source_path", sa.Text(), nullable=False),
        sa.Column("source_text", sa.Text(), nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("table_ref", sa.Text(), nullable=True),
        sa.Column("table_text", sa.Text(), nullable=True),
        sa.Column("grading", sa.String(20), nullable=False),
        sa.Column("started_at", UTCDateTime(), nullable=False),
        sa.Column("finished_at", UTCDateTime(), nullable=True),
        sa.Column("seconds", _float(), nullable=True),
        sa.Column("score", ExactDecimal(), nullable=True),
        sa.Column("grade", sa.JSON(), nullable=True),
        sa.CheckConstraint(ROUND_KIND, name="ck_attempt_rounds_kind"),
        sa.CheckConstraint(GRADING, name="ck_attempt_rounds_grading"),
        sa.ForeignKeyConstraint(
            ["attempt_id"], ["attempts.id"], name="fk_attempt_rounds_attempt_id_attempts"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_attempt_rounds"),
        sa.UniqueConstraint("attempt_id", "index", name="uq_attempt_rounds_attempt_index"),
    )
    op.create_table(
        "step_records",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("round_index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("step_id", sa.String(200), nullable=True),
        sa.Column("action", sa.String(40), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("spot", sa.String(100), nullable=True),
        sa.Column("amount", ExactDecimal(), nullable=True),
        sa.Column("hand", sa.String(100), nullable=True),
        sa.Column("floorperson", sa.String(200), nullable=True),
        sa.Column("at", _float(), nullable=False),
        sa.Column("verdict", sa.String(40), nullable=True),
        sa.Column("explanation", sa.Text(), nullable=False),
        sa.Column("citation", sa.String(200), nullable=False),
        sa.Column("recorded_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint(STEP_KIND, name="ck_step_records_kind"),
        sa.ForeignKeyConstraint(
            ["attempt_id"], ["attempts.id"], name="fk_step_records_attempt_id_attempts"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_step_records"),
        sa.UniqueConstraint("attempt_id", "index", name="uq_step_records_attempt_index"),
    )
    op.create_table(
        "signing_keys",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("retired_at", UTCDateTime(), nullable=True),
        sa.Column("wrapped", sa.String(64), nullable=False),
        sa.Column("check", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_signing_keys"),
    )
    op.create_table(
        "instructor_credentials",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("wrap_salt", sa.String(64), nullable=False),
        sa.Column("changed_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint("id = 1", name="ck_instructor_credentials_single"),
        sa.PrimaryKeyConstraint("id", name="pk_instructor_credentials"),
    )


def downgrade() -> None:
    for table in (
        "instructor_credentials",
        "signing_keys",
        "step_records",
        "attempt_rounds",
        "attempts",
        "trainees",
    ):
        op.drop_table(table)
