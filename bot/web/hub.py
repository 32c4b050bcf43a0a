"""Open pages per game, and telling them about changes.

A change committed in this process reaches its pages at once: the chat adapter calls ``changed``
with the table and events it already holds, so no database read stands between the commit and the
push (the log reads the stored actions only when it has not followed the game, see history.py). A
change committed by another bot process on the same database is announced on PostgreSQL
(bot/store/announcements.py calls ``refresh``); polling finds it on SQLite or while announcements
are not heard: every ``interval`` seconds the hub reads the version of each game it has pages for
and pushes when it moved. A page that reconnects (after a restart) is sent the current view at once.

Every push re-checks each page's grant first (``check``: the link's age, the seat still that
person's, a named watcher still able to see the channel; the poll re-checks quiet pages too): a page
whose grant is lost is told why and closed, before anything of the new moment is built for it. A
link, and a person, may hold at most ``per_link`` sockets: opening one more closes the oldest.

What a change sends is built once per kind of reader, not once per page: every watcher of a game
gets the same public payload, and each seat's payload is built only while that seat has a page open
(``Frames``, one game at one moment, each payload encoded to JSON once). A seat's payload and the
watchers' are never the same entry: the key is the reader's seat (None for the public view).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.service.notices import Table
from bot.web.history import History
from bot.web.links import Pass
from bot.web.page import common
from games.core import Event

log = logging.getLogger(__name__)
_opened = itertools.count()

#: a lost grant's socket is closed with this code (the page then shows the text and stays closed)
LOST = 4403


@dataclass(eq=False)
class Client:
    ws: web.WebSocketResponse
    grant: Pass
    token: str
    lang: str
    version: int = -1  # the newest version this page was sent
    opened: int = field(default_factory=lambda: next(_opened))


#: why a page's grant no longer holds for the table as it is now, in the page's language (None: it holds)
Check = Callable[[Pass, Table, str], Awaitable[str | None]]


async def _always(_grant: Pass, _table: Table, _lang: str) -> str | None:
    return None


#: a reader's payload: (table, client, events, the parts all readers share) -> the page's content
Render = Callable[[Table, Client, list[Event], dict[str, Any]], dict[str, Any]]


def moment(table: Table) -> Hashable:
    """Everything besides the state that a payload is made of; equal moments give equal payloads.
    The version moves with the state and the prompts; a seat's flags live in their own rows and may
    change without it (a stand-in taking over), and the votes a clock opens come with the version
    read before they were written, so both are part of the moment."""
    seats = tuple((s.label, s.stand_in, s.resigned) for s in table.seats)
    votes = json.dumps(table.votes, sort_keys=True)
    return (table.version, table.status, seats, tuple(sorted(table.prompt_seqs.items())), votes)


def encode(content: dict[str, Any]) -> str:
    return json.dumps(content, separators=(",", ":"), ensure_ascii=False)


@dataclass
class Frames:
    """One game's payloads at one moment, encoded, by reader: (seat or None, language[, link])."""

    moment: Hashable
    version: int
    shared: dict[str, dict[str, Any]] = field(default_factory=dict)  # language -> ``common``
    texts: dict[Hashable, str] = field(default_factory=dict)


@dataclass
class Hub:
    load: Callable[[int], Awaitable[Table | None]]
    render: Render
    history: History
    check: Check = _always
    per_link: int = 4
    clients: dict[int, set[Client]] = field(default_factory=dict)
    frames: dict[int, Frames] = field(default_factory=dict)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def log_of(self, game_id: int) -> list[Event]:
        return self.history.log_of(game_id)

    def add(self, client: Client) -> list[Client]:
        """Keep the page; the pages it pushes over its link's or its person's share are returned
        (oldest first) for the caller to drop."""
        pages = sorted((c for group in self.clients.values() for c in group), key=lambda c: c.opened)
        same_link = [c for c in pages if c.token == client.token]
        over = same_link[: max(0, len(same_link) + 1 - self.per_link)]
        if client.grant.user_id is not None:
            same_person = [c for c in pages if c.grant.user_id == client.grant.user_id and c not in over]
            over += same_person[: max(0, len(same_person) + 1 - self.per_link)]
        self.clients.setdefault(client.grant.game_id, set()).add(client)
        return over

    async def drop(self, client: Client, why: str) -> None:
        """Tell the page why it lost its grant, and close it."""
        self.remove(client)
        with contextlib.suppress(Exception):
            await client.ws.send_str(json.dumps({"type": "refused", "text": why}, ensure_ascii=False))
        with contextlib.suppress(Exception):
            await client.ws.close(code=LOST, message=b"grant lost")

    def remove(self, client: Client) -> None:
        pages = self.clients.get(client.grant.game_id)
        if pages is not None:
            pages.discard(client)
            if not pages:
                del self.clients[client.grant.game_id]
                self.frames.pop(client.grant.game_id, None)
                self.history.forget(client.grant.game_id)  # read again when a page comes back

    def changed(self, table: Table, events: list[Event]) -> None:
        """A change was committed (called synchronously by the chat adapter, before it talks to Discord)."""
        self.history.note(table, events)
        if table.game_id in self.clients:
            task = asyncio.get_running_loop().create_task(self.push(table, force=not events))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def content(self, table: Table, client: Client, events: list[Event]) -> str:
        """The reader's payload as JSON: built and encoded once per reader kind and moment while
        the game has pages open, shared by every page of that kind."""
        game_id = table.game_id
        frames = self.frames.get(game_id)
        kept = game_id in self.clients
        if frames is None or frames.moment != moment(table):
            fresh = Frames(moment(table), table.version)
            if kept and (frames is None or table.version >= frames.version):
                self.frames[game_id] = fresh  # an older table (a slow request) never evicts a newer moment
            frames = fresh
        lang = client.lang
        key: Hashable = (client.grant.seat, lang)
        text = frames.texts.get(key)
        if text is None:
            shared = frames.shared.get(lang)
            if shared is None:
                shared = frames.shared[lang] = common(table, lang)
            text = frames.texts[key] = encode(self.render(table, client, events, shared))
        return text

    async def push(self, table: Table, *, force: bool = False) -> None:
        events = await self.history.events(table)
        due = [c for c in list(self.clients.get(table.game_id, ())) if self._due(c, table, force)]
        due = await self._still_granted(due, table)
        # Build every page's text first (each kind once), then send them all at once.
        texts = []
        for client in due:
            try:
                texts.append(self.content(table, client, events))
            except Exception:
                log.exception("could not build game %s for a page", table.game_id)
                texts.append(None)
        await asyncio.gather(
            *(self._deliver(c, table.game_id, text) for c, text in zip(due, texts, strict=True) if text is not None)
        )

    @staticmethod
    def _due(client: Client, table: Table, force: bool) -> bool:
        # Checked and marked before the first await: a later version is never overtaken by an older one.
        if table.version < client.version or (table.version == client.version and not force):
            return False
        client.version = table.version
        return True

    async def _still_granted(self, clients: list[Client], table: Table) -> list[Client]:
        kept = []
        for client in clients:
            why = await self.check(client.grant, table, client.lang)
            if why is None:
                kept.append(client)
            else:
                await self.drop(client, why)
        return kept

    async def send(self, client: Client, table: Table, events: list[Event], *, force: bool = False) -> None:
        if not self._due(client, table, force) or not await self._still_granted([client], table):
            return
        try:
            text = self.content(table, client, events)
        except Exception:
            log.exception("could not build game %s for a page", table.game_id)
            return
        await self._deliver(client, table.game_id, text)

    async def _deliver(self, client: Client, game_id: int, text: str) -> None:
        try:
            await client.ws.send_str('{"type":"state","state":' + text + "}")
        except (ConnectionError, RuntimeError):
            self.remove(client)
        except Exception:
            log.exception("could not send game %s to a page", game_id)

    async def refresh(self, game_id: int, version: int | None = None) -> None:
        """Push the game to its pages if they are behind: a change announced by any process (one
        the pages already have, such as this process's own, costs no read), or a poll (None)."""
        pages = self.clients.get(game_id)
        if not pages or (version is not None and min(c.version for c in pages) >= version):
            return
        table = await self.load(game_id)
        if table is None:
            return
        if version is None:  # a poll also looks at quiet pages: a link may have expired meanwhile
            await self._still_granted(list(self.clients.get(game_id, ())), table)
        pages = self.clients.get(game_id)
        if pages and table.version > min(c.version for c in pages):
            await self.push(table)

    async def poll_once(self) -> None:
        """Push games whose version moved in another process, and close quiet pages whose grant
        was lost meanwhile (a link that expired, a channel the watcher can no longer see)."""
        for game_id in list(self.clients):
            await self.refresh(game_id)

    async def poll_forever(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await self.poll_once()
            except Exception:
                log.exception("looking for changes made by other processes failed")

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for pages in list(self.clients.values()):
            for client in list(pages):
                with contextlib.suppress(Exception):
                    await client.ws.close()
        self.clients.clear()
        self.frames.clear()
