"""Repository functions. Each takes the session first and never commits: the caller owns the
unit of work (one action = one transaction)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer, make_transient_to_detached, raiseload

from bot.store.models import ACTIVE, RUNNING, ActionRow, Game, MessageRef, Seat


async def active_game(s: AsyncSession, channel_id: int, *, lock: bool = False) -> Game | None:
    """The lobby or running game of a channel, if any."""
    q = select(Game).where(Game.channel_id == channel_id, Game.status.in_(ACTIVE))
    if lock:
        q = q.with_for_update()
    return (await s.execute(q)).scalars().first()


async def active_version(s: AsyncSession, channel_id: int) -> tuple[int, int] | None:
    """(game id, version) of the channel's lobby or running game, if any: one small row."""
    q = select(Game.id, Game.version).where(Game.channel_id == channel_id, Game.status.in_(ACTIVE))
    row = (await s.execute(q)).first()
    return (row[0], row[1]) if row else None


async def version_of(s: AsyncSession, game_id: int) -> int | None:
    return (await s.execute(select(Game.version).where(Game.id == game_id))).scalar()


async def game_by_id(
    s: AsyncSession, game_id: int, *, lock: bool = False, snapshot: bool = True, seats: bool = True
) -> Game | None:
    """``snapshot=False`` leaves the (large) snapshot unread until ``load_snapshot`` asks for it,
    ``seats=False`` the seats until ``load_seats`` does: an action whose table the process keeps at
    that version needs neither."""
    q = select(Game).where(Game.id == game_id)
    if not snapshot:
        q = q.options(defer(Game.snapshot))
    if not seats:
        q = q.options(raiseload(Game.seats))
    if lock:
        q = q.with_for_update()
    return (await s.execute(q)).scalars().first()


async def load_snapshot(s: AsyncSession, game: Game) -> dict[str, Any] | None:
    """The game's snapshot, read now if it was left unread."""
    if "snapshot" not in game.__dict__:
        await s.refresh(game, attribute_names=["snapshot"])
    return game.snapshot


def game_as_kept(s: AsyncSession, row: dict[str, Any]) -> Game:
    """The game as a process keeps it (``row``: its columns but the snapshot), made part of ``s``
    without reading it: a change of it is written ``WHERE version =`` the row's version, so it
    writes nothing (StaleDataError) when the game moved since. Unread: the snapshot, the seats."""
    game = Game(**row)
    make_transient_to_detached(game)
    s.add(game)
    return game


async def load_seats(s: AsyncSession, game: Game) -> list[Seat]:
    """The game's seats, read now if they were left unread."""
    if "seats" not in game.__dict__:
        await s.refresh(game, attribute_names=["seats"])
    return game.seats


async def games_of_user(s: AsyncSession, user_id: int, statuses: tuple[str, ...]) -> list[Game]:
    q = (
        select(Game)
        .join(Seat, Seat.game_id == Game.id)
        .where(Seat.user_id == user_id, Game.status.in_(statuses))
        .order_by(Game.updated_at.desc())
    )
    return list((await s.execute(q)).scalars().unique())


async def running_games_with_ai(s: AsyncSession) -> list[int]:
    q = (
        select(Game.id)
        .join(Seat, Seat.game_id == Game.id)
        .where(or_(Seat.is_ai.is_(True), Seat.stand_in.is_(True)), Game.status == RUNNING)
        .distinct()
        .order_by(Game.id)
    )
    return list((await s.execute(q)).scalars())


def add_game(s: AsyncSession, **fields: Any) -> Game:
    game = Game(**fields)
    s.add(game)
    return game


def append_action(
    s: AsyncSession, game: Game, seq: int, seat: int, action: dict[str, Any], *, stand_in: bool = False
) -> ActionRow:
    row = ActionRow(game_id=game.id, seq=seq, seat=seat, action=action, stand_in=stand_in)
    s.add(row)
    return row


async def action_log(s: AsyncSession, game_id: int) -> list[ActionRow]:
    q = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
    return list((await s.execute(q)).scalars())


async def last_actions(s: AsyncSession, game_id: int, count: int = 2) -> list[ActionRow]:
    """The game's last ``count`` actions, newest first."""
    q = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq.desc()).limit(count)
    return list((await s.execute(q)).scalars())


async def action_at(s: AsyncSession, game_id: int, seq: int) -> ActionRow | None:
    """The game's action numbered ``seq``, if it is (still) in the log."""
    q = select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.seq == seq)
    return (await s.execute(q)).scalars().first()


async def action_count(s: AsyncSession, game_id: int) -> int:
    q = select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)
    return int((await s.execute(q)).scalar_one())


async def message_ref(s: AsyncSession, game_id: int, kind: str, user_id: int = 0) -> MessageRef | None:
    q = select(MessageRef).where(MessageRef.game_id == game_id, MessageRef.kind == kind, MessageRef.user_id == user_id)
    return (await s.execute(q)).scalars().first()


async def set_message_ref(
    s: AsyncSession, game_id: int, kind: str, channel_id: int, message_id: int, user_id: int = 0
) -> None:
    """One statement: the row is added, or its message replaced (SQLite and PostgreSQL upsert)."""
    dialect = postgresql if s.bind.dialect.name == "postgresql" else sqlite
    values = {"game_id": game_id, "kind": kind, "user_id": user_id, "channel_id": channel_id, "message_id": message_id}
    q = dialect.insert(MessageRef).values(**values)
    q = q.on_conflict_do_update(
        index_elements=[MessageRef.game_id, MessageRef.kind, MessageRef.user_id],
        set_={"channel_id": channel_id, "message_id": message_id},
    )
    await s.execute(q)
