"""The school's name and logo for its certificates, signed with a school key.

Revision ID: r0005
Revises: r0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.store.types import UTCDateTime

revision = "r0005"
down_revision: str | None = "r0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "school_profile",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("logo", sa.LargeBinary(), nullable=True),
        sa.Column("key_id", sa.String(32), nullable=False),
        sa.Column("signature", sa.String(128), nullable=False),
        sa.Column("changed_at", UTCDateTime(), nullable=False),
        sa.CheckConstraint("id = 1", name="ck_school_profile_single"),
        sa.PrimaryKeyConstraint("id", name="pk_school_profile"),
    )


def downgrade() -> None:
    op.drop_table("school_profile")
