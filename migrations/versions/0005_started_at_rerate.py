"""Games remember when /start began them; ratings are rebuilt to count games against AI players.

A game's duration counts from /start. Games started before this column existed get the best time
their rows still hold: their first logged action (moments after /start), else the moment the last
seat joined (just before it), else when the lobby opened.

The ratings are rebuilt from every finished game in finishing order with today's rule: a game with
one person and AI players counts too (it was skipped), and a resigned seat is last whatever its
stand-in scored, so whoever then ranks first is counted as the winner.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("started_at", sa.DateTime(), nullable=True))
    op.execute(
        """
        UPDATE games SET started_at = COALESCE(
            (SELECT MIN(a.created_at) FROM actions a WHERE a.game_id = games.id),
            (SELECT MAX(s.joined_at) FROM seats s WHERE s.game_id = games.id),
            created_at)
        WHERE status IN ('running', 'finished')
           OR EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id)
        """
    )
    op.execute("DELETE FROM rating_changes")
    op.execute("DELETE FROM ratings")
    op.execute("UPDATE games SET rated_at = NULL")
    from bot.service.rating_rows import rate_finished_games

    rate_finished_games(op.get_bind())


def downgrade() -> None:
    # the rebuilt ratings stay: the earlier schema holds them as they are
    with op.batch_alter_table("games") as batch:
        batch.drop_column("started_at")
