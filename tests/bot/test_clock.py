"""The turn clock in the service: deadlines follow the waiting seats, fire once across processes,
and votes, stand-ins, resignations and kicks change exactly what they should."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.errors import ServiceError
from bot.service.preferences import Preferences
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.models import Game, Timer

CHANNEL = 777


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0)

    def __call__(self) -> datetime:
        return self.now


async def _game(svc: TableService, players: int, game: str = "battles_builders", clock: str = "1h") -> int:
    for uid in range(1, players + 1):
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=uid, name=f"p{uid}", game_key=game if uid == 1 else None)
    return (await svc.start(channel_id=CHANNEL, user_id=1, clock_text=clock)).table.game_id


async def _timers(store: AsyncEngine, game_id: int) -> list[tuple[int, str, datetime]]:
    async with make_sessions(store)() as s:
        rows = await s.execute(select(Timer).where(Timer.game_id == game_id).order_by(Timer.seat, Timer.due_at))
        return [(r.seat, r.kind, r.due_at) for r in rows.scalars()]


async def _play_first(svc: TableService, game_id: int) -> int:
    """The first waiting seat (user seat + 1) makes its first legal action; returns the seat."""
    table = await svc.table_by_id(game_id)
    assert table is not None
    seat = min(table.engine.pending(table.state))
    action = table.engine.legal(table.state, seat)[0]
    await svc.act(game_id=game_id, user_id=table.user_of(seat) or 0, action=action)
    return seat


async def test_deadlines_follow_the_waiting_seat(store: AsyncEngine) -> None:
    clock = Clock()
    svc = TableService(make_sessions(store), now=clock)
    game_id = await _game(svc, 2)
    start = clock.now
    assert await _timers(store, game_id) == [
        (0, "remind", start + timedelta(minutes=30)),
        (0, "expire", start + timedelta(hours=1)),
    ]
    clock.now += timedelta(minutes=20)
    await _play_first(svc, game_id)  # seat 0 committed: now seat 1 waits, with a full hour
    assert await _timers(store, game_id) == [
        (1, "remind", clock.now + timedelta(minutes=30)),
        (1, "expire", clock.now + timedelta(hours=1)),
    ]
    assert await svc.fire_due() == []
    clock.now += timedelta(minutes=30)
    assert [(a.seat, a.kind, a.deadline) for a in await svc.fire_due()] == [
        (1, "remind", clock.now + timedelta(minutes=30))
    ]
    clock.now += timedelta(hours=2)
    alarms = await svc.fire_due()
    assert [(a.seat, a.kind) for a in alarms] == [(1, "expire")]
    assert alarms[-1].table.votes == {"1": {"stand_in": [], "end": []}}
    assert await svc.fire_due() == []


async def test_no_clock_no_timers(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    game_id = await _game(svc, 2, clock="off")
    assert await _timers(store, game_id) == []
    for uid in (1, 2):
        await svc.join(channel_id=CHANNEL + 1, guild_id=1, user_id=uid, name=f"p{uid}", game_key="burg")
    with pytest.raises(ServiceError, match="bad_clock"):
        await svc.start(channel_id=CHANNEL + 1, user_id=1, clock_text="5s")
    lobby = await svc.table_in(CHANNEL + 1)
    assert lobby is not None and lobby.status == "lobby"  # nothing changed


async def test_two_services_fire_one_due_deadline_once(store: AsyncEngine) -> None:
    clock = Clock()
    first = TableService(make_sessions(store), now=clock)
    game_id = await _game(first, 2)
    other_engine = make_engine(store.url.render_as_string(hide_password=False))
    try:
        second = TableService(make_sessions(other_engine), now=clock)
        clock.now += timedelta(hours=1)
        for _ in range(3):  # several rounds of both claiming at the same moment
            got = await asyncio.gather(first.fire_due(), second.fire_due(), first.fire_due(), second.fire_due())
            fired = [(a.table.game_id, a.seat, a.kind) for batch in got for a in batch]
            assert len(fired) == len(set(fired))
            if fired:
                # the reminder came due with its deadline: too late to send, claimed all the same
                assert fired == [(game_id, 0, "expire")]
    finally:
        await other_engine.dispose()
    async with make_sessions(store)() as s:
        rows = list((await s.execute(select(Timer).where(Timer.game_id == game_id))).scalars())
    assert len(rows) == 2 and all(r.fired_at is not None for r in rows)


async def test_votes_need_a_majority_of_the_present_players(store: AsyncEngine) -> None:
    clock = Clock()
    svc = TableService(make_sessions(store), now=clock)
    game_id = await _game(svc, 4)
    clock.now += timedelta(hours=1)
    await svc.fire_due()
    with pytest.raises(ServiceError, match="vote_self"):
        await svc.vote(game_id=game_id, user_id=1, seat=0, choice="stand_in")
    with pytest.raises(ServiceError, match="vote_denied"):
        await svc.vote(game_id=game_id, user_id=99, seat=0, choice="stand_in")
    with pytest.raises(ServiceError, match="closed"):
        await svc.vote(game_id=game_id, user_id=2, seat=1, choice="stand_in")  # seat 1's time has not run out
    # three present players: two votes decide; a voter changing their mind moves their vote
    _, decided, ballot = await svc.vote(game_id=game_id, user_id=2, seat=0, choice="end")
    assert decided is None and ballot == {"stand_in": [], "end": [2]}
    table, decided, ballot = await svc.vote(game_id=game_id, user_id=2, seat=0, choice="stand_in")
    assert decided is None and table.votes["0"] == ballot == {"stand_in": [2], "end": []}
    table, decided, ballot = await svc.vote(game_id=game_id, user_id=3, seat=0, choice="stand_in")
    assert decided == "stand_in" and table.seats[0].stand_in and table.votes == {}
    assert ballot == {"stand_in": [2, 3], "end": []}  # the closed ballot: who decided
    assert table.ai_seats == {0: "normal"}
    assert await _timers(store, game_id) == []  # nobody a person plays is waiting
    # the person comes back: the stand-in steps aside and their clock starts afresh
    clock.now += timedelta(hours=5)
    table = await svc.come_back(game_id=game_id, user_id=1)
    assert not table.seats[0].stand_in and [t[0] for t in await _timers(store, game_id)] == [0, 0]


async def test_resign_and_stand_in_actions_are_logged(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    game_id = await _game(svc, 3)
    table = await svc.resign(channel_id=CHANNEL, user_id=1)
    assert table.status == "running" and table.seats[0].resigned and table.ai_seats == {0: "normal"}
    action = table.engine.legal(table.state, 0)[0]
    with pytest.raises(ServiceError, match="resigned"):
        await svc.act(game_id=game_id, user_id=1, action=action)
    outcome = await svc.act_ai(game_id=game_id, seat=0, action=action, version=table.version)
    assert outcome.by_stand_in
    with pytest.raises(ServiceError, match="resigned"):
        await svc.come_back(game_id=game_id, user_id=1)
    # the others resign too: nobody is left to play for, the game is abandoned
    await svc.resign(channel_id=CHANNEL, user_id=2)
    table = await svc.resign(channel_id=CHANNEL, user_id=3)
    assert table.status == "abandoned"


async def test_preferences_are_stored_and_checked(store: AsyncEngine) -> None:
    prefs = Preferences(make_sessions(store))
    assert await prefs.notify_modes([5, 6]) == {5: "on", 6: "on"}
    await prefs.set_notify(5, "dm")
    await prefs.set_notify(5, "off")
    assert await prefs.notify_modes([5, 6]) == {5: "off", 6: "on"}
    with pytest.raises(ServiceError, match="bad_notify"):
        await prefs.set_notify(5, "loud")
    config = await prefs.configure(9, clock="72h", games="burg,War Chest", threads=True, channel=42)
    assert (config.clock, config.games, config.threads, config.channel_id) == ("72h", ["burg", "war_chest"], True, 42)
    config = await prefs.configure(9, games="all", channel=0)
    assert config.games is None and config.channel_id is None and config.clock == "72h"
    with pytest.raises(ServiceError, match="bad_clock"):
        await prefs.configure(9, clock="1y")
    with pytest.raises(ServiceError, match="bad_language"):
        await prefs.configure(9, language="de")


async def test_the_migrations_make_exactly_the_models_schema(store: AsyncEngine) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from bot.store.models import Base

    def diff(conn: object) -> list[object]:
        return compare_metadata(MigrationContext.configure(conn), Base.metadata)  # type: ignore[arg-type]

    async with store.connect() as conn:
        assert await conn.run_sync(diff) == []


async def test_start_up_waits_for_a_database_that_comes_late(tmp_path: object) -> None:
    from bot.store.db import wait_until_reachable
    from bot.store.startup import DatabaseStartupError

    dead = make_engine("postgresql+asyncpg://nobody@127.0.0.1:9/none")  # nothing listens on port 9
    now = [0.0]
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)
        now[0] += seconds

    try:
        with pytest.raises(DatabaseStartupError) as failed:
            await wait_until_reachable(dead, 10, sleep=sleep, clock=lambda: now[0], every=2)
        assert isinstance(failed.value.__cause__, OSError)
    finally:
        await dead.dispose()
    assert waited == [2, 2, 2, 2, 2]  # tried for the 10 seconds it was given, then gave up
    alive = make_engine(f"sqlite+aiosqlite:///{tmp_path}/up.db")
    try:
        await wait_until_reachable(alive, 10, sleep=sleep, clock=lambda: now[0])
    finally:
        await alive.dispose()
    assert len(waited) == 5  # an answering database is not waited for


async def test_a_host_who_no_longer_plays_decides_nothing(store: AsyncEngine) -> None:
    """Even where the stored host id still names someone who resigned (a game from before host powers
    were handed on), neither the vote nor /abandon treat them as decisive."""
    svc = TableService(make_sessions(store), now=Clock())
    game_id = await _game(svc, 3)
    table = await svc.resign(channel_id=CHANNEL, user_id=1)
    assert table.host_id == 2 and table.host_changed
    async with make_sessions(store)() as s, s.begin():
        game = await s.get(Game, game_id)
        assert game is not None
        game.host_id, game.votes = 1, {"1": {"stand_in": [], "end": []}}
    with pytest.raises(ServiceError, match="vote_denied"):
        await svc.vote(game_id=game_id, user_id=1, seat=1, choice="end")
    with pytest.raises(ServiceError, match="abandon_denied"):
        await svc.abandon(channel_id=CHANNEL, user_id=1, can_manage=False)
    table, decided, _ = await svc.vote(game_id=game_id, user_id=3, seat=1, choice="end")
    assert decided == "end" and table.status == "abandoned"  # carol is the only one present
