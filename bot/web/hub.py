"""Open pages per game, and telling them about changes.

A change committed in this process reaches its pages at once: the chat adapter calls ``changed``
with the table and events it already holds, so no database read stands between the commit and the
push (the log reads the stored actions only when it has not followed the game, see history.py). A
change committed by another bot process on the same database is found by polling: every
``interval`` seconds the hub reads the version of each game it has pages for and pushes when it
moved. A page that reconnects (after a restart) is sent the current view at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.service.notices import Table
from bot.web.history import History
from bot.web.links import Pass
from games.core import Event

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Client:
    ws: web.WebSocketResponse
    grant: Pass
    token: str
    lang: str
    version: int = -1  # the newest version this page was sent


Render = Callable[[Table, Client, list[Event]], dict[str, Any]]


@dataclass
class Hub:
    load: Callable[[int], Awaitable[Table | None]]
    render: Render
    history: History
    clients: dict[int, set[Client]] = field(default_factory=dict)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def log_of(self, game_id: int) -> list[Event]:
        return self.history.log_of(game_id)

    def add(self, client: Client) -> None:
        self.clients.setdefault(client.grant.game_id, set()).add(client)

    def remove(self, client: Client) -> None:
        pages = self.clients.get(client.grant.game_id)
        if pages is not None:
            pages.discard(client)
            if not pages:
                del self.clients[client.grant.game_id]
                self.history.forget(client.grant.game_id)  # read again when a page comes back

    def changed(self, table: Table, events: list[Event]) -> None:
        """A change was committed (called synchronously by the chat adapter, before it talks to Discord)."""
        self.history.note(table, events)
        if table.game_id in self.clients:
            task = asyncio.get_running_loop().create_task(self.push(table, force=not events))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def push(self, table: Table, *, force: bool = False) -> None:
        events = await self.history.events(table)
        for client in list(self.clients.get(table.game_id, ())):
            await self.send(client, table, events, force=force)

    async def send(self, client: Client, table: Table, events: list[Event], *, force: bool = False) -> None:
        # Checked and marked before the first await: a later version is never overtaken by an older one.
        if table.version < client.version or (table.version == client.version and not force):
            return
        client.version = table.version
        try:
            message = {"type": "state", "state": self.render(table, client, events)}
            await client.ws.send_json(message)
        except (ConnectionError, RuntimeError):
            self.remove(client)
        except Exception:
            log.exception("could not send game %s to a page", table.game_id)

    async def poll_once(self) -> None:
        """Push games whose version moved in another process."""
        for game_id in list(self.clients):
            pages = self.clients.get(game_id)
            if not pages:
                continue
            table = await self.load(game_id)
            if table is not None and table.version > min(c.version for c in pages):
                await self.push(table)

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
