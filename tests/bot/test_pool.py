"""The connection pool's round trips: a unit of one statement sends no BEGIN and no ROLLBACK, and
only a connection idle for a while is pinged before use (bot/store/db.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store.db import PING_AFTER_IDLE, make_engine, make_sessions


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _pinged(engine: AsyncEngine) -> list[int]:
    """Counts the pings the dialect sends (one per call, whatever its round trips)."""
    pings: list[int] = []
    dialect = engine.sync_engine.dialect
    plain = dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        pings.append(1)
        return plain(dbapi_connection)

    dialect.do_ping = counted  # type: ignore[method-assign]
    return pings


async def _backend_pid(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        return int((await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one())


async def _terminate(by: AsyncEngine, pid: int) -> None:
    async with by.connect() as conn:
        assert (await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})).scalar_one()


@dataclass
class Pool:
    engine: AsyncEngine
    clock: Clock
    pings: list[int]
    service: TableService


@asynccontextmanager
async def pool(pg_engine: AsyncEngine) -> AsyncIterator[Pool]:
    """An engine of its own on the test's database, with a clock the test moves and its pings counted."""
    clock = Clock()
    engine = make_engine(pg_engine.url.render_as_string(hide_password=False), clock=clock)
    try:
        yield Pool(engine, clock, _pinged(engine), TableService(make_sessions(engine)))
    finally:
        await engine.dispose()


async def test_a_connection_dropped_while_idle_is_replaced_unseen(pg_engine: AsyncEngine) -> None:
    async with pool(pg_engine) as p:
        engine, clock, pings, service = p.engine, p.clock, p.pings, p.service
        first = await _backend_pid(engine)
        assert await service.table_in(5) is None and pings == []  # in use moments ago: no ping
        assert await _backend_pid(engine) == first  # the same pooled connection all along
        await _terminate(pg_engine, first)  # the server drops it (a restart, an idle timeout)
        clock.now += PING_AFTER_IDLE + 0.5
        assert await service.table_in(5) is None  # pinged, found gone, replaced: nobody is told
        assert pings == [1]
        assert await _backend_pid(engine) != first
        assert pings == [1]


async def test_a_connection_in_use_moments_ago_is_not_pinged(pg_engine: AsyncEngine) -> None:
    async with pool(pg_engine) as p:
        engine, clock, pings, service = p.engine, p.clock, p.pings, p.service
        first = await _backend_pid(engine)
        await _terminate(pg_engine, first)
        clock.now += PING_AFTER_IDLE - 0.5
        # so a server that went away within the last seconds costs one "try again" ...
        with pytest.raises(ServiceError) as refused:
            await service.table_in(5)
        assert refused.value.code == "db_unavailable" and pings == []
        # ... and the pool, told the connections are gone, opens a new one for the next press
        assert await service.table_in(5) is None
        assert await _backend_pid(engine) != first


async def test_a_unit_of_one_statement_sends_no_begin(store: AsyncEngine) -> None:
    """Every statement the driver receives, counted at the driver: a version asked is that
    statement alone; a unit of work of its own still begins and commits."""
    sent: list[str] = []

    @event.listens_for(store.sync_engine, "before_cursor_execute")
    def _statement(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(statement.split()[0].upper())

    @event.listens_for(store.sync_engine, "begin")
    def _began(_conn: Any) -> None:
        sent.append("begin")

    service = TableService(make_sessions(store))
    table = await service.join(channel_id=8, guild_id=1, user_id=1, name="ann", game_key="burg")
    sent.clear()
    async with service._one_statement() as s:
        raw = (await (await s.connection()).get_raw_connection()).driver_connection
        await s.execute(text("SELECT 1"))
        assert not _in_transaction(raw)
    assert sent == ["begin", "SELECT"]  # the unit's begin reaches the driver as nothing
    sent.clear()
    async with service._unit() as s:
        raw = (await (await s.connection()).get_raw_connection()).driver_connection
        await s.execute(text("SELECT 1"))
        assert _in_transaction(raw)
    found = await service.table_in(8)
    assert found is not None and found.version == table.version


def _in_transaction(raw: Any) -> bool:
    """asyncpg's connection says so itself; aiosqlite's wraps sqlite3's."""
    if hasattr(raw, "is_in_transaction"):
        return bool(raw.is_in_transaction())
    return bool(raw.in_transaction)
