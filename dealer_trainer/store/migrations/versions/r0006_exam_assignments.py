"""Exam assignments: which exam an instructor assigned to which trainee, signed.

Revision ID: r0006
Revises: r0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.store.types import UTCDateTime

revision = "r0006"
down_revision: str | None = "r0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "exam_assignments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(32), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(200), nullable=False),
        sa.Column("lesson_sha256", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("assigned_by", sa.String(200), nullable=False),
        sa.Column("assigned_at", UTCDateTime(), nullable=False),
        sa.Column("due", sa.Date(), nullable=True),
        sa.Column("key_id", sa.String(32), nullable=False),
        sa.Column("signature", sa.String(128), nullable=False),
        sa.Column("revoked_at", UTCDateTime(), nullable=True),
        sa.Column("revoked_by", sa.String(200), nullable=True),
        sa.Column("revoke_key_id", sa.String(32), nullable=True),
        sa.Column("revoke_signature", sa.String(128), nullable=True),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name="fk_exam_assignments_trainee_id_trainees"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_exam_assignments"),
        sa.UniqueConstraint("uid", name="uq_exam_assignments_uid"),
    )
    op.create_index("ix_exam_assignments_trainee_id", "exam_assignments", ["trainee_id"])


def downgrade() -> None:
    op.drop_index("ix_exam_assignments_trainee_id", table_name="exam_assignments")
    op.drop_table("exam_assignments")
