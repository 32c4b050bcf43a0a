"""Finished games as records: leaderboards, a player's statistics, history, and a game's full log
for replays and exports. Everything is read from the stored games, seats, log and ratings.

A game's record is for those who can read where it was played. This layer knows no Discord: it
names each game's *place* (see `place_of`), and the chat adapter says which places a reader may
see; lists are filtered by those places in the query, so no count includes a hidden game."""

from __future__ import annotations

from collections.abc import Callable, Collection
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.errors import ServiceError, echo
from bot.service.ratings import shown
from bot.store import repo
from bot.store.models import FINISHED, Game, Rating, RatingChange, Seat
from games import registry
from games.core import Result
from games.standing import SeatRecord, ranked, result_from_json


def place_of(channel_id: int, parent_channel_id: int | None) -> int:
    """Where a game's record can be seen: the channel a game thread hangs from (the bot opens its
    game threads public, so they have exactly that channel's readers), else the game's own channel
    or thread (a thread someone else opened, public or private, is judged as itself)."""
    return parent_channel_id or channel_id


@dataclass(frozen=True)
class Ranked:
    player: str  # "u:<id>" or "ai:<level>"
    rating: int
    games: int
    wins: int
    best_score: float | None


@dataclass(frozen=True)
class Finished:
    game_id: int
    game_key: str
    channel_id: int
    names: list[str]
    scores: dict[int, float]
    winners: list[int]
    started: datetime  # when /start began it
    finished: datetime | None
    changes: dict[int, tuple[int, int]] = field(default_factory=dict)
    parent_channel_id: int | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    ranks: dict[int, int] = field(default_factory=dict)  # resignations counted as losses
    result: Result | None = None  # as stored, ranked so: the parts of each score, how it ended

    @property
    def resigned(self) -> set[int]:
        return {i for i, seat in enumerate(self.seats) if seat.resigned}

    @property
    def place(self) -> int:
        return place_of(self.channel_id, self.parent_channel_id)


@dataclass(frozen=True)
class GameLog:
    """What a replay or an export needs: replaying ``actions`` from ``seed`` rebuilds the game."""

    game_id: int
    game_key: str
    guild_id: int | None
    players: int
    options: dict[str, Any]
    seed: int
    names: list[str]
    actions: list[tuple[int, dict[str, Any]]]
    snapshot: dict[str, Any]
    channel_id: int = 0
    parent_channel_id: int | None = None
    seats: list[SeatRecord] = field(default_factory=list)  # empty: only ``names`` is known
    result: dict[str, Any] | None = None  # as stored: the one way to know of a resignation that ended it

    @property
    def place(self) -> int:
        return place_of(self.channel_id, self.parent_channel_id)


class Records:
    def __init__(self, sessions: Callable[[], AbstractAsyncContextManager[AsyncSession]]) -> None:
        self.sessions = sessions

    async def leaderboard(self, guild_id: int, game_key: str, limit: int = 10) -> list[Ranked]:
        async with self.sessions() as s:
            q = select(Rating).where(Rating.guild_id == guild_id, Rating.game_key == game_key)
            rows = list((await s.execute(q)).scalars())
        ranked = [Ranked(r.player, shown(r.mu, r.sigma), r.games, r.wins, r.best_score) for r in rows]
        return sorted(ranked, key=lambda r: (-r.rating, -r.wins, r.player))[:limit]

    async def names(self, guild_id: int, players: list[str]) -> dict[str, str]:
        """The name each person last played under on this server; AI levels by their level."""
        ids = [int(p[2:]) for p in players if p.startswith("u:")]
        out = {p: f"AI ({p[3:]})" for p in players if p.startswith("ai:")}
        if ids:
            async with self.sessions() as s:
                q = (
                    select(Seat.user_id, Seat.display_name)
                    .join(Game, Game.id == Seat.game_id)
                    .where(Game.guild_id == guild_id, Seat.user_id.in_(ids))
                    .order_by(Seat.id)
                )
                for user_id, name in (await s.execute(q)).all():
                    out[f"u:{user_id}"] = name
        return out

    async def ratings_of(self, guild_id: int, player: str) -> dict[str, Ranked]:
        async with self.sessions() as s:
            q = select(Rating).where(Rating.guild_id == guild_id, Rating.player == player)
            rows = list((await s.execute(q)).scalars())
        return {r.game_key: Ranked(r.player, shown(r.mu, r.sigma), r.games, r.wins, r.best_score) for r in rows}

    async def places(self, guild_id: int) -> list[int]:
        """Every place (see `place_of`) of this server that holds a finished game."""
        async with self.sessions() as s:
            q = (
                select(func.coalesce(Game.parent_channel_id, Game.channel_id))
                .where(Game.guild_id == guild_id, Game.status == FINISHED)
                .distinct()
            )
            return sorted(int(p) for p in (await s.execute(q)).scalars())

    async def history(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        places: Collection[int] | None = None,
        limit: int = 10,
    ) -> list[Finished]:
        """The last finished games, newest first; with ``places``, only games played there."""
        if places is not None and not places:
            return []
        async with self.sessions() as s:
            q = select(Game).where(Game.status == FINISHED)
            if guild_id is not None:
                q = q.where(Game.guild_id == guild_id)
            if channel_id is not None:
                q = q.where((Game.channel_id == channel_id) | (Game.parent_channel_id == channel_id))
            if places is not None:
                q = q.where(func.coalesce(Game.parent_channel_id, Game.channel_id).in_(sorted(places)))
            if user_id is not None:
                q = q.where(Game.id.in_(select(Seat.game_id).where(Seat.user_id == user_id)))
            q = q.order_by(Game.finished_at.desc().nulls_last(), Game.id.desc()).limit(limit)
            games = list((await s.execute(q)).scalars())
            changes = await self._changes(s, [g.id for g in games])
        return [_finished(g, changes.get(g.id, {})) for g in games]

    async def game_log(self, game_id: int, guild_id: int | None) -> GameLog:
        """A finished game's log; games of other servers are not shown here. Whether the reader
        may see its place is for the caller to judge (`GameLog.place`)."""
        async with self.sessions() as s:
            game = await repo.game_by_id(s, game_id)
            if game is None or game.status != FINISHED or (guild_id is not None and game.guild_id != guild_id):
                raise ServiceError("no_finished_game", game_id=game_id)
            rows = await repo.action_log(s, game_id)
            return GameLog(
                game.id,
                game.game_key,
                game.guild_id,
                len(game.seats),
                dict(game.options or {}),
                game.seed,
                [seat.label for seat in _seat_records(game)],
                [(row.seat, row.action) for row in rows],
                dict(game.snapshot or {}),
                game.channel_id,
                game.parent_channel_id,
                _seat_records(game),
                dict(game.result) if game.result else None,
            )

    @staticmethod
    async def _changes(s: AsyncSession, game_ids: list[int]) -> dict[int, dict[int, tuple[int, int]]]:
        if not game_ids:
            return {}
        q = select(RatingChange).where(RatingChange.game_id.in_(game_ids))
        out: dict[int, dict[int, tuple[int, int]]] = {}
        for row in (await s.execute(q)).scalars():
            out.setdefault(row.game_id, {})[row.seat] = (row.before, row.after)
        return out


def _seat_records(game: Game) -> list[SeatRecord]:
    return [SeatRecord(x.display_name, x.ai_level if x.is_ai else None, x.resigned) for x in game.seats]


def final_result(game_key: str, stored: dict[str, Any] | None, seats: list[SeatRecord]) -> Result | None:
    """A stored result ranked as the ratings count it (a resignation is a loss)."""
    if not stored or not stored.get("ranks"):
        return None
    team_of = getattr(registry.get(game_key), "team_of", None)
    return ranked(result_from_json(stored), [i for i, x in enumerate(seats) if x.resigned], team_of)


def _finished(game: Game, changes: dict[int, tuple[int, int]]) -> Finished:
    seats = _seat_records(game)
    result = final_result(game.game_key, game.result, seats)
    return Finished(
        game.id,
        game.game_key,
        game.channel_id,
        [x.display_name for x in game.seats],
        {int(k): v for k, v in (result.scores if result else {}).items()},
        list(result.winners) if result else [],
        game.started_at or game.created_at,
        game.finished_at,
        changes,
        game.parent_channel_id,
        seats,
        dict(result.ranks) if result else {},
        result,
    )


def known_game(key: str) -> str:
    engine = registry.find(key)
    if engine is None:
        raise ServiceError("unknown_game", game=echo(key))
    return engine.key
