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
from sqlalchemy.exc import DisconnectionError
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


def one_statement(dialect: str) -> dict[str, Any]:
    """Execution options of a unit that sends one statement (a version asked, a message id
    stored): it runs without BEGIN, as the statement's own transaction, which spares the round
    trips of BEGIN and of the COMMIT or ROLLBACK that would end it. SQLite leaves out the
    ``BEGIN IMMEDIATE`` of ``_on_begin``; PostgreSQL runs the connection in autocommit for the
    unit (the pool puts the isolation level back). ``await session.connection(execution_options=
    one_statement(session.bind.dialect.name))`` before the statement."""
    return {"one_statement": True} if dialect == "sqlite" else {"isolation_level": "AUTOCOMMIT"}


#: A pooled PostgreSQL connection idle for longer than this is pinged before it is handed out,
#: so one the server dropped meanwhile (a restart, an idle timeout) is replaced unseen. One in
#: use moments ago is not: a ping costs a round trip or three, as much as the unit it precedes.
PING_AFTER_IDLE = 5.0


def _ping_idle_connections(engine: AsyncEngine, idle: float, clock: Callable[[], float]) -> None:
    dialect = engine.sync_engine.dialect

    @event.listens_for(engine.sync_engine, "checkin")
    def _checked_in(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = clock()

    @event.listens_for(engine.sync_engine, "checkout")
    def _checked_out(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or clock() - since <= idle:
            return  # new, or in use moments ago
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as exc:
            if dialect.is_disconnect(exc, dbapi_connection, None):
                # the pool drops this connection and hands out another (or a new one)
                raise DisconnectionError(str(exc)) from exc
            raise


def make_engine(
    url: str,
    *,
    foreign_keys: bool = True,
    ping_after_idle: float = PING_AFTER_IDLE,
    clock: Callable[[], float] = time.monotonic,
    **kwargs: Any,
) -> AsyncEngine:
    """``foreign_keys=False`` is for SQLite migrations only: batch mode rebuilds a table by copying
    and dropping it, and with foreign keys enforced the drop would cascade to the rows that refer
    to it (SQLite ignores the pragma inside a transaction, so it is set per connection here).
    ``ping_after_idle`` and ``clock``: see PING_AFTER_IDLE (a server's connections only)."""
    ensure_sqlite_dir(url)
    if not is_sqlite(url):
        engine = create_async_engine(url, **kwargs)
        _ping_idle_connections(engine, ping_after_idle, clock)
        return engine
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
