"""Taking an action back: what its unit of work changed besides the snapshot and the log.

``actions.undo`` keeps, per action, the turn-clock rows that action's unit of work removed (the
actor's deadline, and those of seats that stopped waiting) and the votes it closed, so taking the
action back puts the clocks as they were. Older actions have none: taking one of them back gives
the waiting seats fresh deadlines.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("undo", JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("undo")
