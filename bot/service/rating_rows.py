"""Reading and writing ratings with plain SQL statements on a synchronous connection.

The same code rates a game as it finishes (through the unit of work's connection) and backfills
the games finished before ratings existed (in migration 0004), and rebuilds them when the rule
changed (in migration 0005). The tables are spelled out here
with only the columns used, so the migration keeps working when later migrations add columns.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from bot.service.ratings import NEWCOMER, Standing, entries_of, rateable, update
from bot.store.models import utcnow

games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("guild_id", sa.BigInteger),
    sa.column("game_key", sa.String),
    sa.column("status", sa.String),
    sa.column("result", sa.JSON),
    sa.column("finished_at", sa.DateTime),
    sa.column("rated_at", sa.DateTime),
)
seats = sa.table(
    "seats",
    sa.column("game_id", sa.Integer),
    sa.column("position", sa.Integer),
    sa.column("user_id", sa.BigInteger),
    sa.column("is_ai", sa.Boolean),
    sa.column("ai_level", sa.String),
    sa.column("resigned", sa.Boolean),
)
ratings = sa.table(
    "ratings",
    sa.column("id", sa.Integer),
    sa.column("guild_id", sa.BigInteger),
    sa.column("game_key", sa.String),
    sa.column("player", sa.String),
    sa.column("mu", sa.Float),
    sa.column("sigma", sa.Float),
    sa.column("games", sa.Integer),
    sa.column("wins", sa.Integer),
    sa.column("best_score", sa.Float),
    sa.column("updated_at", sa.DateTime),
)
changes = sa.table(
    "rating_changes",
    sa.column("game_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("player", sa.String),
    sa.column("before", sa.Integer),
    sa.column("after", sa.Integer),
)


def rate_game(conn: Connection, game_id: int, now: datetime) -> list[dict[str, Any]]:
    """Rate a finished game once (claiming it with ``rated_at``); returns each seat's change."""
    claimed = conn.execute(
        sa.update(games)
        .where(games.c.id == game_id, games.c.status == "finished", games.c.rated_at.is_(None))
        .values(rated_at=now)
    )
    if claimed.rowcount != 1:
        return []
    game = conn.execute(sa.select(games).where(games.c.id == game_id)).mappings().one()
    rows = conn.execute(sa.select(seats).where(seats.c.game_id == game_id).order_by(seats.c.position)).mappings()
    entries = entries_of(game["game_key"], game["result"] or {}, [dict(r) for r in rows])
    if not game["result"] or not rateable(entries):
        return []
    guild = game["guild_id"] or 0
    where = (ratings.c.guild_id == guild, ratings.c.game_key == game["game_key"])
    found = conn.execute(sa.select(ratings).where(*where, ratings.c.player.in_({e.player for e in entries})))
    current = {
        r["player"]: Standing(r["mu"], r["sigma"], r["games"], r["wins"], r["best_score"]) for r in found.mappings()
    }
    after = update(game["game_key"], entries, current)
    for player, standing in after.items():
        values = {
            "mu": standing.mu,
            "sigma": standing.sigma,
            "games": standing.games,
            "wins": standing.wins,
            "best_score": standing.best_score,
            "updated_at": now,
        }
        if player in current:
            conn.execute(sa.update(ratings).where(*where, ratings.c.player == player).values(**values))
        else:
            conn.execute(sa.insert(ratings).values(guild_id=guild, game_key=game["game_key"], player=player, **values))
    out = [
        {
            "game_id": game_id,
            "seat": entry.seat,
            "player": entry.player,
            "before": current[entry.player].rating if entry.player in current else NEWCOMER,
            "after": after[entry.player].rating,
        }
        for entry in entries
    ]
    conn.execute(sa.insert(changes), out)
    return out


def rate_finished_games(conn: Connection) -> int:
    """Rate every finished, not yet rated game in finishing order; returns how many were rated."""
    order = sa.select(games.c.id, games.c.finished_at).where(games.c.status == "finished", games.c.rated_at.is_(None))
    ids = [r.id for r in conn.execute(order.order_by(games.c.finished_at, games.c.id))]
    return sum(1 for game_id in ids if rate_game(conn, game_id, utcnow()))
