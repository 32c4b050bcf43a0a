"""Changes announced across bot processes on PostgreSQL: LISTEN/NOTIFY.

Sending: every unit of work that changes a game (its row, whose version then moves, or its seats)
runs ``pg_notify(channel, '<game id>:<version>')`` in its own transaction, just before the commit
(``AnnouncingSession``). PostgreSQL delivers a notification only when its transaction commits, so
a change rolled back is never announced and one committed always is, from one central place
whatever the service method was. SQLite announces nothing: ``make_sessions`` leaves it out.

Listening: ``Listener`` holds one connection of its own (not from the pool: LISTEN belongs to a
session, and a pooled connection goes back to others) and hands each (game id, version) to its
subscribers, the web table's hub and the AI players. Announcements only say where to look; the
versions in the database stay the truth. So a notification that got lost (the connection dropped)
costs time, never correctness: after every (re)connection the subscribers catch up by reading
versions again, and while the connection is down the web table's poll (WEB_POLL) still finds
changes. A process also hears its own changes; subscribers skip versions they already have.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Session, UOWTransaction

from bot.store.models import Game, Seat

log = logging.getLogger(__name__)

#: The NOTIFY channel of a bot's changes. Tests pass their own, so runs sharing a server never mix.
CHANNEL = "speltafel_changes"
#: Session.info keys: the channel a session announces on, and the games its transaction touched.
ANNOUNCE, _TOUCHED = "announce_channel", "announce_games"

Sleep = Callable[[float], Awaitable[Any]]
#: A subscriber is told (game id, version) of an announced change ...
Changed = Callable[[int, int], Awaitable[None]]
#: ... and, after every (re)connection, to catch up on what it may have missed.
CatchUp = Callable[[], Awaitable[None]]


class AnnouncingSession(Session):
    """A session that announces the games its transactions changed (the events below)."""


@event.listens_for(AnnouncingSession, "after_flush")
def _note_games(session: Session, _flush: UOWTransaction) -> None:
    # after the flush every new row has its id; the lists still show what the flush wrote
    touched: set[int] = session.info.setdefault(_TOUCHED, set())
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Game):
            touched.add(obj.id)
        elif isinstance(obj, Seat) and obj.game_id is not None:
            touched.add(obj.game_id)


@event.listens_for(AnnouncingSession, "before_commit")
def _announce(session: Session) -> None:
    channel = session.info.get(ANNOUNCE)
    if not channel:
        return
    session.flush()  # what the commit would still write, so the versions read below are final
    touched = session.info.pop(_TOUCHED, None)
    if touched:
        # read in the transaction: the version this very commit makes visible
        session.execute(
            text("SELECT pg_notify(:channel, format('%s:%s', id, version)) FROM games WHERE id = ANY(:ids)"),
            {"channel": channel, "ids": sorted(touched)},
        )


@event.listens_for(AnnouncingSession, "after_rollback")
def _forget(session: Session) -> None:
    session.info.pop(_TOUCHED, None)


def _settle(lost: asyncio.Future[None], _conn: object) -> None:
    if not lost.done():
        lost.set_result(None)


def parse(payload: str) -> tuple[int, int] | None:
    """(game id, version) from ``'<game id>:<version>'``; None for anything else."""
    game, sep, version = payload.partition(":")
    if not sep or not game.isdigit() or not version.isdigit():
        return None
    return int(game), int(version)


@dataclass
class _Subscriber:
    changed: Changed
    catch_up: CatchUp | None
    running: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    again: dict[int, int] = field(default_factory=dict)  # game -> newest version announced meanwhile


class Listener:
    """One process's ear on the channel; ``start`` it once, ``close`` it on shutdown."""

    def __init__(
        self,
        connect: Callable[[], Awaitable[asyncpg.Connection]],
        channel: str = CHANNEL,
        *,
        retry: float = 0.5,
        retry_max: float = 30.0,
        check: float = 30.0,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._connect = connect
        self.channel = channel
        self.retry, self.retry_max = retry, retry_max  # seconds before reconnecting, doubled per failure
        self.check = check  # seconds between looks whether a quiet connection still answers
        self.sleep = sleep
        self.listening = asyncio.Event()  # set while LISTEN is active
        self.connections = 0  # how many times it connected and listened
        self.backend_pid: int | None = None  # the server process of the current connection
        self._subscribers: list[_Subscriber] = []
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def for_engine(cls, engine: AsyncEngine, channel: str = CHANNEL, **kwargs: Any) -> Listener | None:
        """A listener on the engine's database with the engine's own connection settings; None
        unless it is PostgreSQL through asyncpg (SQLite announces nothing)."""
        if engine.dialect.name != "postgresql" or engine.dialect.driver != "asyncpg":
            return None
        args, options = engine.dialect.create_connect_args(engine.url)
        accepted = inspect.signature(asyncpg.connect).parameters  # the dialect's own options are not asyncpg's
        options = {k: v for k, v in options.items() if k in accepted}

        async def connect() -> asyncpg.Connection:
            return await asyncpg.connect(*args, **options)

        return cls(connect, channel, **kwargs)

    def subscribe(self, changed: Changed, catch_up: CatchUp | None = None) -> None:
        """``changed`` runs once at a time per game: announcements that come while it runs for that
        game fold into one more run with the newest version."""
        self._subscribers.append(_Subscriber(changed, catch_up))

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        tasks = [t for t in (self._task, *(t for s in self._subscribers for t in s.running.values())) if t]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None

    # -- the connection ----------------------------------------------------------------------
    async def _run(self) -> None:
        delay = self.retry
        while True:
            lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            conn: asyncpg.Connection | None = None
            try:
                conn = await self._connect()
                conn.add_termination_listener(functools.partial(_settle, lost))
                await conn.add_listener(self.channel, self._received)
            except Exception as exc:
                log.warning("cannot listen for changes of other processes (%s); trying again in %.1f s", exc, delay)
                await self._drop(conn)
                await self.sleep(delay)
                delay = min(delay * 2, self.retry_max)
                continue
            delay = self.retry
            self.backend_pid = conn.get_server_pid()
            self.connections += 1
            self.listening.set()
            try:
                await self._catch_up()  # anything announced before this connection listened
                await self._until_lost(conn, lost)
            finally:
                self.listening.clear()
                await self._drop(conn)
            log.warning("lost the connection that listens for changes; reconnecting in %.1f s", delay)
            await self.sleep(delay)

    async def _until_lost(self, conn: asyncpg.Connection, lost: asyncio.Future[None]) -> None:
        """Return when the connection is gone: closed by the server (at once), or silent (``check``)."""
        while True:
            done, _ = await asyncio.wait((lost,), timeout=self.check)
            if done:
                return
            try:
                await asyncio.wait_for(conn.fetchval("SELECT 1"), self.check)
            except Exception:
                return

    @staticmethod
    async def _drop(conn: asyncpg.Connection | None) -> None:
        if conn is None or conn.is_closed():
            return
        try:
            await asyncio.wait_for(conn.close(), 5)
        except Exception:  # a server that does not answer any more: just drop the socket
            conn.terminate()

    # -- telling the subscribers ---------------------------------------------------------------
    def _received(self, _conn: object, _pid: int, _channel: str, payload: str) -> None:
        change = parse(payload)
        if change is None:
            log.warning("ignoring a change announcement that cannot be read: %r", payload[:100])
            return
        for subscriber in self._subscribers:
            self._tell(subscriber, *change)

    def _tell(self, subscriber: _Subscriber, game_id: int, version: int) -> None:
        if game_id in subscriber.running:
            subscriber.again[game_id] = max(version, subscriber.again.get(game_id, version))
            return
        task = asyncio.get_running_loop().create_task(self._deliver(subscriber, game_id, version))
        subscriber.running[game_id] = task

    @staticmethod
    async def _deliver(subscriber: _Subscriber, game_id: int, version: int) -> None:
        try:
            while True:
                try:
                    await subscriber.changed(game_id, version)
                except Exception:
                    log.exception("a change of game %s announced by another process was not taken in", game_id)
                # no await between this check and leaving ``running``: a later announcement is
                # either seen here or starts a new run
                if game_id not in subscriber.again:
                    return
                version = subscriber.again.pop(game_id)
        finally:
            subscriber.running.pop(game_id, None)

    async def _catch_up(self) -> None:
        for subscriber in self._subscribers:
            if subscriber.catch_up is not None:
                try:
                    await subscriber.catch_up()
                except Exception:
                    log.exception("catching up on changes of other processes failed")
