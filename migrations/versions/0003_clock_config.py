"""Games that live for days: turn clock timers, stand-ins, votes, threads, user and server settings.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("clock_seconds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("votes", JSON, nullable=False, server_default=sa.text("'{}'")))
        batch.add_column(sa.Column("parent_channel_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("stand_in", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("resigned", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("stand_in", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "timers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("fired_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_timers_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_timers"),
    )
    op.create_index("ix_timers_game_id", "timers", ["game_id"])
    op.create_index("ix_timers_due_at", "timers", ["due_at"])
    op.create_table(
        "user_prefs",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("notify", sa.String(length=8), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name="pk_user_prefs"),
    )
    op.create_table(
        "guild_configs",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("clock", sa.String(length=8), nullable=True),
        sa.Column("threads", sa.Boolean(), nullable=False),
        sa.Column("games", JSON, nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("guild_id", name="pk_guild_configs"),
    )


def downgrade() -> None:
    op.drop_table("guild_configs")
    op.drop_table("user_prefs")
    op.drop_index("ix_timers_due_at", table_name="timers")
    op.drop_index("ix_timers_game_id", table_name="timers")
    op.drop_table("timers")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("stand_in")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("resigned")
        batch.drop_column("stand_in")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("parent_channel_id")
        batch.drop_column("votes")
        batch.drop_column("clock_seconds")
