"""Database engine and session factory.

SQLite (aiosqlite) is the embedded default: WAL mode so readers never block the writer, and
`BEGIN IMMEDIATE` so every unit of work takes the write lock up front instead of failing to
upgrade a read lock half-way. PostgreSQL (asyncpg) uses row locks (`SELECT ... FOR UPDATE`), and
its sessions announce every committed change of a game to the other processes (announcements.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from bot.store.announcements import ANNOUNCE, CHANNEL, AnnouncingSession
from bot.store.startup import DatabaseStartupError, explain, explain_url, scrub, shown


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def ensure_sqlite_dir(url: str) -> None:
    """Create the folder of a SQLite file so a fresh install starts without set-up."""
    u = make_url(url)
    if u.get_backend_name() == "sqlite" and u.database and u.database != ":memory:":
        Path(u.database).expanduser().parent.mkdir(parents=True, exist_ok=True)


#: Execution options of a unit that sends one statement (a version asked, a message id stored):
#: on SQLite it runs without BEGIN, as the statement's own transaction, which spares the round
#: trips of BEGIN; elsewhere it changes nothing. ``await session.connection(execution_options=...)``
#: before the statement.
ONE_STATEMENT = {"one_statement": True}


def make_engine(url: str, *, foreign_keys: bool = True, **kwargs: Any) -> AsyncEngine:
    """``foreign_keys=False`` is for SQLite migrations only: batch mode rebuilds a table by copying
    and dropping it, and with foreign keys enforced the drop would cascade to the rows that refer
    to it (SQLite ignores the pragma inside a transaction, so it is set per connection here)."""
    ensure_sqlite_dir(url)
    if not is_sqlite(url):
        return create_async_engine(url, pool_pre_ping=True, **kwargs)
    # Every unit of work ends its transaction itself (commit, or rollback when its session
    # closes), so the pool's own rollback of a returned connection would be a second one.
    engine = create_async_engine(url, connect_args={"timeout": 30}, pool_reset_on_return=None, **kwargs)

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take over transaction control from the driver; we emit BEGIN ourselves below.
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        if not conn.get_execution_options().get("one_statement"):
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def make_sessions(engine: AsyncEngine, *, announce: str | None = CHANNEL) -> async_sessionmaker[AsyncSession]:
    """Sessions of the bot. On PostgreSQL every commit that changed a game announces it on the
    ``announce`` channel to the other processes (see announcements.py; None: not announced)."""
    if announce and engine.dialect.name == "postgresql":
        return async_sessionmaker(
            engine, expire_on_commit=False, sync_session_class=AnnouncingSession, info={ANNOUNCE: announce}
        )
    return async_sessionmaker(engine, expire_on_commit=False)


log = logging.getLogger(__name__)


async def wait_until_reachable(
    engine: AsyncEngine,
    seconds: float,
    *,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    clock: Callable[[], float] = time.monotonic,
    every: float = 2.0,
) -> None:
    """Wait for the database to answer (a PostgreSQL container may start after the bot). A
    refused login or a missing database is not going to change: DatabaseStartupError at once;
    a server that does not answer yet is tried again until ``seconds`` have passed."""
    url = engine.url.render_as_string(hide_password=False)
    started = clock()
    deadline = started + seconds
    while True:
        try:
            async with engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
            return
        except Exception as exc:
            why = explain(exc, url)
            if not why.retry:
                raise DatabaseStartupError(shown(why.message, url)) from exc
            if clock() >= deadline:
                waited = f", tried for {clock() - started:.0f} s (DATABASE_WAIT={seconds:g})"
                raise DatabaseStartupError(shown(why.message + waited, url)) from exc
            log.warning("database not reachable yet (%s); trying again in %.0f s", type(exc).__name__, every)
            await sleep(every)


async def open_database(url: str, seconds: float, **wait: Any) -> AsyncEngine:
    """The engine for ``DATABASE_URL``, once the database answers; DatabaseStartupError (one
    line, password masked) when the URL cannot work or the database cannot be used."""
    try:
        engine = make_engine(url)
    except Exception as exc:  # a URL that cannot be read, a driver that is missing or not async
        raise DatabaseStartupError(scrub(explain_url(exc, url), url)) from exc
    try:
        await wait_until_reachable(engine, seconds, **wait)
    except BaseException:
        await engine.dispose()
        raise
    return engine
