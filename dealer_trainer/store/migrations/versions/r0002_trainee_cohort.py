"""Trainees get a class (cohort) for the instructor's class lists, and attempts an index for
"this trainee's attempts in this state" (the interrupted-attempt question asked at every start).

Revision ID: r0002
Revises: r0001
Create Date: 2025-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision: str | None = "r0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("trainees", sa.Column("cohort", sa.String(200), nullable=True))
    op.create_index("ix_trainees_cohort", "trainees", ["cohort"])
    op.create_index("ix_attempts_trainee_status", "attempts", ["trainee_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_attempts_trainee_status", table_name="attempts")
    op.drop_index("ix_trainees_cohort", table_name="trainees")
    # Plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+): a batch copy of the table would have
    # to drop "trainees" while attempts still refer to it, which foreign keys forbid.
    op.drop_column("trainees", "cohort")
