"""Ratings: per server and game, from every finished game, backfilled in finishing order.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("finished_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("rated_at", sa.DateTime(), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(length=40), nullable=False),
        sa.Column("player", sa.String(length=40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("best_score", sa.Float(), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_ratings"),
        sa.UniqueConstraint("guild_id", "game_key", "player", name="uq_ratings_guild_game_player"),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(length=40), nullable=False),
        sa.Column("before", sa.Integer(), nullable=False),
        sa.Column("after", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_rating_changes_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name="pk_rating_changes"),
        sa.UniqueConstraint("game_id", "seat", name="uq_rating_changes_game_seat"),
    )
    op.create_index("ix_rating_changes_game_id", "rating_changes", ["game_id"])
    # Games finished before ratings existed: their finishing time is their last change.
    op.execute("UPDATE games SET finished_at = updated_at WHERE status = 'finished' AND finished_at IS NULL")
    from bot.service.rating_rows import rate_finished_games

    rate_finished_games(op.get_bind())


def downgrade() -> None:
    op.drop_index("ix_rating_changes_game_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("finished_at")
