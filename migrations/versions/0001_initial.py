"""Games, seats, the action log and the message refs the bot edits.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON_T = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("options", JSON_T, nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("snapshot", JSON_T, nullable=True),
        sa.Column("prompts", JSON_T, nullable=False),
        sa.Column("result", JSON_T, nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_channel_id"), ["channel_id"], unique=False)
        batch_op.create_index(
            "uq_games_active_channel",
            ["channel_id"],
            unique=True,
            sqlite_where=sa.text("status IN ('lobby', 'running')"),
            postgresql_where=sa.text("status IN ('lobby', 'running')"),
        )

    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", JSON_T, nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_actions_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_actions")),
        sa.UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),
    )
    op.create_table(
        "message_refs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_message_refs_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message_refs")),
        sa.UniqueConstraint("game_id", "kind", "user_id", name="uq_message_refs_game_kind_user"),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("is_ai", sa.Boolean(), nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=False),
        sa.Column("dm_open", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_seats_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("game_id", "position", name=op.f("uq_seats_game_id")),
        sa.UniqueConstraint("game_id", "user_id", name="uq_seats_game_user"),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_game_id"))

    op.drop_table("seats")
    op.drop_table("message_refs")
    op.drop_table("actions")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_games_active_channel",
            sqlite_where=sa.text("status IN ('lobby', 'running')"),
            postgresql_where=sa.text("status IN ('lobby', 'running')"),
        )
        batch_op.drop_index(batch_op.f("ix_games_channel_id"))

    op.drop_table("games")
