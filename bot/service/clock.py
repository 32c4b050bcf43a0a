"""The turn clock: durations, and the deadlines of the seats a game waits for.

A waiting seat gets two timer rows: a reminder at half time and the expiry. The rows follow the
game: a seat that stops waiting loses them, a seat that keeps waiting keeps its deadline (unless it
acted itself, which shows it is there), a newly waiting seat gets fresh ones. Time comes from an
injected clock, so tests move it instead of sleeping.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.errors import ServiceError, echo
from bot.store.models import Game, Timer, utcnow

Now = Callable[[], datetime]

#: The clock choices of /start and /config, in seconds (None = no clock).
CLOCKS: dict[str, int | None] = {
    "off": None,
    "2m": 2 * 60,
    "10m": 10 * 60,
    "1h": 3600,
    "12h": 12 * 3600,
    "24h": 24 * 3600,
    "72h": 72 * 3600,
}

REMIND, EXPIRE = "remind", "expire"

__all__ = ("CLOCKS", "EXPIRE", "REMIND", "Now", "clock_seconds", "reschedule", "restore", "utcnow")


def clock_seconds(text: str | None) -> int | None:
    """Seconds of a clock choice such as ``24h``; ``off`` and None mean no clock."""
    key = (text or "off").strip().lower()
    if key not in CLOCKS:
        raise ServiceError("bad_clock", clock=echo(text), clocks=", ".join(CLOCKS))
    return CLOCKS[key]


def clock_name(seconds: int | None) -> str:
    return next((name for name, value in CLOCKS.items() if value == seconds), f"{seconds}s")


async def reschedule(
    s: AsyncSession, game: Game, waiting: set[int], now: datetime, actor: int | None = None
) -> dict[str, Any]:
    """Make the game's timer rows match the seats it waits for now (people, not stand-ins).
    Returns what it took away, for ``restore`` when the change is taken back: the removed rows
    (``[seat, kind, due_at, fired_at]``, times as ISO text) and the closed votes."""
    if game.clock_seconds is None and not game.votes:
        return {"timers": [], "votes": {}}  # a game without a clock never has timers (nor votes)
    rows = list((await s.execute(select(Timer).where(Timer.game_id == game.id))).scalars())
    if game.clock_seconds is None:
        waiting = set()
    keep = {seat for seat in waiting if seat != actor}
    removed: list[list[Any]] = []
    for row in rows:
        if row.seat not in keep:
            removed.append([row.seat, row.kind, row.due_at.isoformat(), row.fired_at and row.fired_at.isoformat()])
            await s.delete(row)
    have = {row.seat for row in rows if row.seat in keep}
    for seat in sorted(waiting - have):
        span = timedelta(seconds=game.clock_seconds or 0)
        s.add(Timer(game_id=game.id, seat=seat, kind=REMIND, due_at=now + span / 2))
        s.add(Timer(game_id=game.id, seat=seat, kind=EXPIRE, due_at=now + span))
    # Votes were about seats whose time ran out; they end when those seats stop waiting.
    old_votes = dict(game.votes or {})
    votes = {k: v for k, v in old_votes.items() if int(k) in waiting}
    if votes != old_votes:
        game.votes = votes
    return {"timers": removed, "votes": {k: v for k, v in old_votes.items() if k not in votes}}


async def restore(s: AsyncSession, game: Game, undone: dict[str, Any] | None) -> None:
    """Put back what a ``reschedule`` took away (its return value): the removed rows replace the
    seats' rows made since, and the closed votes open again. The caller reschedules afterwards for
    the seats waiting then."""
    if not undone:
        return
    rows = undone.get("timers") or []
    seats = {int(row[0]) for row in rows}
    if seats:
        await s.execute(delete(Timer).where(Timer.game_id == game.id, Timer.seat.in_(seats)))
    for seat, kind, due_at, fired_at in rows:
        fired = datetime.fromisoformat(fired_at) if fired_at else None
        s.add(Timer(game_id=game.id, seat=int(seat), kind=kind, due_at=datetime.fromisoformat(due_at), fired_at=fired))
    votes = undone.get("votes") or {}
    if votes:
        game.votes = {**votes, **(game.votes or {})}


async def claim_due(s: AsyncSession, now: datetime, limit: int = 50) -> list[Timer]:
    """Due, unfired timers, claimed by this unit of work: rows another process holds are skipped
    (PostgreSQL), SQLite's write lock serialises claimers; either way a row fires once."""
    q = (
        select(Timer)
        .where(Timer.fired_at.is_(None), Timer.due_at <= now)
        .order_by(Timer.due_at, Timer.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    rows = list((await s.execute(q)).scalars())
    for row in rows:
        row.fired_at = now
    return rows


async def deadlines(s: AsyncSession, game_ids: list[int]) -> dict[int, dict[int, datetime]]:
    """When each waiting seat's time runs out, per game."""
    if not game_ids:
        return {}
    q = select(Timer).where(Timer.game_id.in_(game_ids), Timer.kind == EXPIRE)
    out: dict[int, dict[int, datetime]] = {}
    for row in (await s.execute(q)).scalars():
        out.setdefault(row.game_id, {})[row.seat] = row.due_at
    return out


async def drop(s: AsyncSession, game_id: int, seat: int | None = None) -> None:
    q = delete(Timer).where(Timer.game_id == game_id)
    if seat is not None:
        q = q.where(Timer.seat == seat)
    await s.execute(q)
