"""AI players: a seat remembers the level of the AI that plays it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("ai_level", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("ai_level")
