"""The local table's parts, assembled as ``python -m bot`` assembles them for Discord: the store
(migrated), the table service, the AI players, the web table on this computer, and the driver that
tells pages and AI seats about every change. A game sits in its kind's pseudo channel, its people
are local user ids, and its turn clock is off."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.local.driver import LocalDriver, Watcher
from bot.local.folder import channel_of, person_id
from bot.local.seating import Seating
from bot.local.words import PAGE_WORDS
from bot.service.autoplay import AIPlayers, thinking_pool
from bot.service.clock import EXPIRE, Now
from bot.service.errors import ServiceError
from bot.service.notices import Table
from bot.service.pictures import Pictures
from bot.service.tables import TableService, parse_options
from bot.store.db import make_sessions, open_database
from bot.store.migrate import upgrade
from bot.store.models import LOBBY, RUNNING
from bot.web.links import Links, token_of
from bot.web.server import BUNDLE, WebTable
from games import registry

log = logging.getLogger(__name__)

#: A printed link opens its seat for 30 days (links are printed anew at every start).
LINK_LIFETIME = 30 * 24 * 3600.0
#: Presses per minute and person: people at one computer, not the internet.
LOCAL_RATE = 1200
#: Seconds to wait for a database that does not answer yet (a PostgreSQL given with --database).
DATABASE_WAIT = 10.0
#: Seconds an AI seat may take to finish its move when the table stops.
AI_GRACE = 5.0
#: Hand-over links join the seats' tokens with this (never part of a token).
TOKEN_SEPARATOR = ","


@dataclass(frozen=True)
class SeatLink:
    seat: int
    name: str
    url: str


def people_of(table: Table) -> list[tuple[int, str, int]]:
    """(seat, name, user id) of the seats people play, in seat order."""
    return [(s.position, s.name, s.user_id) for s in table.seats if s.ai_level is None and s.user_id is not None]


def language_of(table: Table) -> str:
    """The language the game was set up in (its people's)."""
    return next((s.locale for s in table.seats if s.ai_level is None and s.locale in ("en", "nl")), "en")


class LocalTable:
    """One process serving local games: ``open`` the store and the parts, ``listen`` on the address,
    ``begin`` or find a game, ``play`` it (its pages' language, its AI seats, its clock), ``close``."""

    def __init__(
        self,
        database_url: str,
        secret: str,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        port_fallback: bool = False,
        ai_delay: float = 1.0,
        answer_wait: float = 30.0,
        budget_ms: int = 1000,
        iterations: int | None = None,
        ai_executor: Executor | None = None,
        bundle: Path = BUNDLE,
        on_change: Watcher | None = None,
        seeds: Callable[[], int] | None = None,
        clock: str | None = None,
        clock_tick: float = 5.0,
        now: Now | None = None,
    ) -> None:
        self.database_url = database_url
        self.secret = secret
        self.host, self.port = host, port
        self.port_fallback = port_fallback  # a port another program holds gives way to a free one
        self.ai_options: dict[str, Any] = {
            "delay": ai_delay,
            "answer_wait": answer_wait,
            "budget_ms": budget_ms,
            "iterations": iterations,
        }
        self._given_executor = ai_executor
        self._owned_executor: Executor | None = None
        self.bundle = bundle
        self.on_change = on_change
        self.seeds = seeds  # where game seeds come from (tests replay a game); None: the OS
        # The turn clock of a new game (a choice of bot/service/clock.py; None: off, as at a table at home),
        # seconds between looks at its deadlines, and the clock's time (tests move it).
        self.clock, self.clock_tick, self.now = clock, clock_tick, now
        self._clock_task: asyncio.Task[None] | None = None
        self.port_taken: int | None = None  # the port asked for, when another program had it
        self._engine: Any = None

    # -- life --------------------------------------------------------------------------------
    async def open(self) -> None:
        """The database (migrated to the newest schema) and the parts that use it; nothing listens yet."""
        self._engine = await open_database(self.database_url, DATABASE_WAIT)
        await upgrade(self._engine)
        self.service = TableService(
            make_sessions(self._engine), seeds=self.seeds, **({"now": self.now} if self.now else {})
        )
        executor = self._given_executor
        if executor is None:
            executor = self._owned_executor = thinking_pool(1)  # one game: one decision at a time
        self.ai = AIPlayers(self.service, executor, **self.ai_options)
        # PNG boards are drawn only for a game without an SVG scene: a thread, not worker processes
        self._drawing = ThreadPoolExecutor(1)
        self.pictures = Pictures(self._drawing)
        self.links = Links(self.secret, "", LINK_LIFETIME)
        self.web = WebTable(
            self.service,
            self.pictures,
            self.links,
            host=self.host,
            port=self.port,
            bundle=self.bundle,
            rate_per_minute=LOCAL_RATE,
            poll=None,  # one process: every change is told directly
        )
        self.web.own_words = PAGE_WORDS
        self.driver = LocalDriver(self.web, self.ai, self.on_change)

    async def close(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
        if hasattr(self, "web"):
            await self.web.stop()
            # An AI seat in the middle of its move finishes it: one cut off inside a unit of work would
            # leave its database connection holding SQLite's write lock until the process ends.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.ai.idle(), AI_GRACE)
            await self.ai.close()
            self.pictures.close()
            self._drawing.shutdown(wait=False, cancel_futures=True)
        if self._owned_executor is not None:
            self._owned_executor.shutdown(wait=False, cancel_futures=True)
        if self._engine is not None:
            await self._engine.dispose()

    async def listen(self) -> None:
        """Open the web table (pages get answers once a game is played). With ``port_fallback``, a
        port another program holds gives way to a free one (``port_taken`` says so)."""
        try:
            await self.web.start()
        except OSError as exc:
            if not self.port_fallback or exc.errno != errno.EADDRINUSE:
                raise
            await self.web.stop()
            self.port_taken, self.web.port = self.port, 0
            await self.web.start()
        self.links.base_url = f"http://{self.link_host()}:{self.web.port}"

    def play(self, table: Table, language: str) -> None:
        """The game's pages speak ``language``, its AI seats go on, and its turn clock (if it has one) runs."""
        self.web.language = language
        if table.ai_seats and table.status == RUNNING:
            self.ai.kick(table.game_id)
        if table.clock_seconds and self._clock_task is None and self.clock_tick > 0:
            self._clock_task = asyncio.get_running_loop().create_task(self._watch_clock())

    async def fire_clock(self) -> None:
        """Deadlines that came due: a seat whose time ran out is put to the vote on the players' pages
        (a stand-in plays it, or the game ends), as the table message does in a chat."""
        for alarm in await self.service.fire_due():
            if alarm.kind == EXPIRE:
                self.driver.told(alarm.table, [])

    async def _watch_clock(self) -> None:
        while True:
            await asyncio.sleep(self.clock_tick)
            try:
                await self.fire_clock()
            except Exception:
                log.exception("the turn clock failed")

    async def serve(self, table: Table, language: str) -> None:
        await self.listen()
        self.play(table, language)

    def link_host(self) -> str:
        """The host the printed links name: the loopback, or this computer's address on the
        network when the table listens on every interface."""
        if self.host in ("0.0.0.0", "::", ""):
            from bot.local.network import lan_address

            return lan_address()
        return f"[{self.host}]" if ":" in self.host else self.host

    # -- games -------------------------------------------------------------------------------
    async def unfinished(self, game_key: str) -> Table | None:
        """The game of this kind that is still running; a lobby left by a start that broke off is ended."""
        table = await self.service.table_in(channel_of(game_key))
        if table is not None and table.status == LOBBY:
            await self.end(table)
            return None
        return table

    async def all_unfinished(self) -> list[Table]:
        found = [await self.unfinished(key) for key in registry.ENGINES]
        return [table for table in found if table is not None]

    async def end(self, table: Table) -> None:
        await self.service.abandon(channel_id=table.channel_id, user_id=table.host_id, can_manage=True)

    async def begin(self, game_key: str, seats: Seating, options: list[str], language: str) -> Table:
        """A new game: the people join, the AI seats are added, and it starts (ServiceError when the
        options do not fit; then nothing is left behind)."""
        engine = registry.get(game_key)
        text = " ".join(options)
        parse_options(engine, text)  # refused before anything is written
        channel = channel_of(game_key)
        for i, name in enumerate(seats.names):
            await self.service.join(
                channel_id=channel, guild_id=None, user_id=person_id(i), name=name, locale=language, game_key=game_key
            )
        for level in seats.levels:
            await self.service.add_bot(channel_id=channel, user_id=person_id(0), level=level)
        try:
            outcome = await self.service.start(
                channel_id=channel, user_id=person_id(0), options_text=text or None, clock_text=self.clock
            )
        except ServiceError:
            lobby = await self.service.table_in(channel)
            if lobby is not None:
                await self.end(lobby)
            raise
        return outcome.table

    # -- links -------------------------------------------------------------------------------
    def seat_links(self, table: Table) -> list[SeatLink]:
        return [
            SeatLink(seat, name, self.links.personal(table.game_id, seat, user_id))
            for seat, name, user_id in people_of(table)
        ]

    def hand_over_link(self, table: Table) -> str:
        """One page for every person's seat: it shows one seat at a time and covers the board between
        people (web/src/handover.ts)."""
        tokens = [token_of(link.url) for link in self.seat_links(table)]
        return self.links.url(TOKEN_SEPARATOR.join(tokens))

    def watch_link(self, table: Table) -> str:
        return self.links.spectator(table.game_id)
