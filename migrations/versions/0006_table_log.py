"""The calm table: a game's recent play-by-play, the DMs-closed notice once per player, /config log.

``games.table_log`` holds the channel's recent events (shown in the table message and /status) and
those not yet written to the game's log thread, so both survive a restart. ``seats.dm_noticed``
remembers that the channel was told a player's DMs are closed (told again only after DMs worked).
``guild_configs.log`` is where the play-by-play goes: a thread under the table message, or nowhere.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("table_log", JSON, nullable=False, server_default=sa.text("'{}'")))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("dm_noticed", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("guild_configs") as batch:
        batch.add_column(sa.Column("log", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_configs") as batch:
        batch.drop_column("log")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("dm_noticed")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("table_log")
