"""Committed changes announced with LISTEN/NOTIFY on a real PostgreSQL (skipped without
TEST_POSTGRES_URL), and what the web hub and the AI players make of an announcement.

Each test listens on a channel of its own, so runs sharing a server never hear each other."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.autoplay import AIPlayers
from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store.announcements import AnnouncingSession, Listener, parse
from bot.store.db import make_sessions
from bot.web.history import History
from bot.web.hub import Client, Hub
from bot.web.links import Pass

LIMIT = 30.0  # seconds: only a bound for a failing test, never a measure of speed


def channel() -> str:
    return f"test_{uuid.uuid4().hex[:16]}"


class Heard:
    """A subscriber that keeps what it is told."""

    def __init__(self) -> None:
        self.changes: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
        self.catch_ups = 0

    async def changed(self, game_id: int, version: int) -> None:
        self.changes.put_nowait((game_id, version))

    async def catch_up(self) -> None:
        self.catch_ups += 1

    async def next(self) -> tuple[int, int]:
        return await asyncio.wait_for(self.changes.get(), LIMIT)


class Gate:
    """The listener's injected sleep before it reconnects: it waits until the test opens it."""

    def __init__(self) -> None:
        self.slept: list[float] = []
        self.opened = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.slept.append(seconds)
        await self.opened.wait()


async def until(condition: Any, what: str) -> None:
    """A bounded polling loop: the condition comes true, or the test fails after LIMIT seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + LIMIT
    while not condition():
        assert loop.time() < deadline, f"gave up waiting: {what}"
        await asyncio.sleep(0.01)


async def listening(engine: AsyncEngine, heard: Heard, **kwargs: Any) -> Listener:
    listener = Listener.for_engine(engine, channel(), **kwargs)
    assert listener is not None
    listener.subscribe(heard.changed, heard.catch_up)
    listener.start()
    await asyncio.wait_for(listener.listening.wait(), LIMIT)
    return listener


async def test_every_committed_change_is_announced_with_its_version(pg_engine: AsyncEngine) -> None:
    heard = Heard()
    listener = await listening(pg_engine, heard)
    try:
        svc = TableService(make_sessions(pg_engine, announce=listener.channel))
        lobby = await svc.join(channel_id=5, guild_id=1, user_id=1, name="ann", game_key="war_chest")
        assert await heard.next() == (lobby.game_id, lobby.version)
        # a seat added changes the seats, not the game's row: announced all the same
        joined = await svc.join(channel_id=5, guild_id=1, user_id=2, name="bob")
        assert await heard.next() == (lobby.game_id, joined.version)
        started = (await svc.start(channel_id=5, user_id=1)).table
        assert started.version > joined.version
        assert await heard.next() == (started.game_id, started.version)
        seat = min(started.engine.pending(started.state))
        user = started.user_of(seat)
        assert user is not None
        # a refused action is rolled back, and so is its announcement; reading announces nothing
        with pytest.raises(ServiceError):
            await svc.act(game_id=started.game_id, user_id=user, action={"type": "no such action"})
        await svc.table_by_id(started.game_id)
        action = started.engine.legal(started.state, seat)[0]
        after = (await svc.act(game_id=started.game_id, user_id=user, action=action)).table
        assert await heard.next() == (started.game_id, after.version) and after.version == started.version + 1
        assert heard.changes.empty()
    finally:
        await listener.close()


async def test_a_listener_that_lost_its_connection_reconnects_and_catches_up(pg_engine: AsyncEngine) -> None:
    heard, gate = Heard(), Gate()
    listener = await listening(pg_engine, heard, retry=0.25, sleep=gate)
    try:
        svc = TableService(make_sessions(pg_engine, announce=listener.channel))
        table = await svc.join(channel_id=6, guild_id=1, user_id=1, name="ann", game_key="war_chest")
        assert await heard.next() == (table.game_id, table.version)
        assert listener.connections == 1 and heard.catch_ups == 1  # a catch-up with every connection
        first_pid = listener.backend_pid
        async with pg_engine.connect() as conn:
            await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first_pid})
        await until(lambda: gate.slept, "the listener noticed that its connection was gone")
        assert not listener.listening.is_set() and gate.slept == [0.25]
        # committed while nobody listens: this announcement is lost for good
        missed = await svc.join(channel_id=6, guild_id=1, user_id=2, name="bob")
        gate.opened.set()
        await until(lambda: heard.catch_ups == 2, "the listener reconnected and told its subscribers to catch up")
        assert listener.connections == 2 and listener.listening.is_set() and listener.backend_pid != first_pid
        assert heard.changes.empty()  # the lost one never comes: catching up reads the versions instead
        current = await svc.table_by_id(table.game_id)
        assert current is not None and current.version == missed.version
        # and it hears again
        started = (await svc.start(channel_id=6, user_id=1)).table
        assert await heard.next() == (started.game_id, started.version)
    finally:
        await listener.close()


async def test_sqlite_neither_announces_nor_listens(db_engine: AsyncEngine) -> None:
    assert Listener.for_engine(db_engine) is None
    assert make_sessions(db_engine)().sync_session.__class__ is not AnnouncingSession


async def test_a_listener_that_cannot_connect_tries_again_ever_later() -> None:
    slept: list[float] = []
    enough = asyncio.Event()

    async def refused() -> Any:
        raise ConnectionRefusedError("no server")

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 5:
            enough.set()
        await asyncio.sleep(0)

    listener = Listener(refused, channel(), retry=0.5, retry_max=3.0, sleep=sleep)
    listener.start()
    await asyncio.wait_for(enough.wait(), LIMIT)
    await listener.close()
    assert slept[:5] == [0.5, 1.0, 2.0, 3.0, 3.0] and not listener.listening.is_set()


def test_announcements_that_cannot_be_read_are_ignored() -> None:
    assert parse("12:7") == (12, 7)
    assert parse("12") is None and parse("a:1") is None and parse("1:-2") is None


class Socket:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_str(self, data: str) -> None:
        self.sent.append(data)


async def test_the_hub_reads_a_game_only_for_pages_that_are_behind() -> None:
    loads: list[int] = []

    async def load(game_id: int) -> Any:
        loads.append(game_id)
        return None  # the game is gone: nothing to push

    hub = Hub(load, lambda *_args: {}, History(None))  # type: ignore[arg-type]
    page = Client(Socket(), Pass(7, None, None), "token", "en", version=4)  # type: ignore[arg-type]
    hub.add(page)
    await hub.refresh(8, 9)  # no page of that game here
    await hub.refresh(7, 4)  # its pages have that version already (this process's own change)
    assert loads == []
    await hub.refresh(7, 5)
    await hub.refresh(7)  # a poll always looks
    assert loads == [7, 7]


class Service:
    now = staticmethod(lambda: None)

    async def table_by_id(self, _game_id: int) -> None:
        return None


async def test_an_announcement_wakes_only_an_ai_busy_with_that_game_here() -> None:
    ai = AIPlayers(Service())  # type: ignore[arg-type]
    kicked: list[int] = []
    ai.kick = kicked.append  # type: ignore[method-assign]
    await ai.announced(3, 5)  # no AI of this process plays game 3: the process that acts on it does
    assert kicked == []
    busy: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    ai._tasks[3] = busy  # type: ignore[assignment]
    ai._seen[3] = 5
    await ai.announced(3, 5)  # it read that version already
    assert kicked == []
    await ai.announced(3, 6)
    await ai.catch_up()
    assert kicked == [3, 3]
    busy.cancel()
