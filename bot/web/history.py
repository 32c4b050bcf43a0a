"""A game's events for the pages' log, rebuilt from the stored action log.

The log is the seed and the actions replayed through the engine (the same replay that rebuilds a
snapshot), so a page shows the whole game after a restart and changes other processes made, not
only what this process saw. Every event is kept with whom it is for; each page filters by its seat
(`games.core.visible`). Once built, a game's log follows the changes this process commits without
reading the database; it is rebuilt when the game's version moved in a way this process did not
see (another process, or a change between actions that added none), and after a move was taken
back (the log then reads as if it had never been made).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.notices import Table
from bot.service.taking_back import TOOK_BACK
from bot.store import repo
from games import registry
from games.core import Action, Engine, Event
from games.replay import steps

#: events kept per game (the page shows the last 30 lines its reader may see)
KEEP_EVENTS = 400


@dataclass(frozen=True)
class StoredGame:
    """What a replay of a game needs, as stored."""

    game_id: int
    engine: Engine
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, Action]]
    version: int


Sessions = Callable[[], AbstractAsyncContextManager[AsyncSession]]


async def stored_game(sessions: Sessions, game_id: int) -> StoredGame | None:
    async with sessions() as s:
        game = await repo.game_by_id(s, game_id)
        if game is None or game.seed is None:
            return None
        rows = await repo.action_log(s, game_id)
        return StoredGame(
            game.id,
            registry.get(game.game_key),
            len(game.seats),
            dict(game.options or {}),
            game.seed,
            [(row.seat, row.action) for row in rows],
            game.version,
        )


def replayed_events(game: StoredGame) -> list[Event]:
    """Every event of the game in order: the opening, then each action's."""
    out: list[Event] = []
    for step in steps(game.engine, game.players, game.options, game.seed, game.actions):
        out.extend(step.events)
    return out


@dataclass
class Kept:
    events: deque[Event]
    version: int  # the game's version these events reach


@dataclass
class History:
    sessions: Sessions
    games: dict[int, Kept] = field(default_factory=dict)
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)

    def log_of(self, game_id: int) -> list[Event]:
        """The events as last built (empty before the first page of the game asked)."""
        kept = self.games.get(game_id)
        return list(kept.events) if kept else []

    def note(self, table: Table, events: list[Event]) -> None:
        """A change committed in this process: its events follow on when nothing came between."""
        kept = self.games.get(table.game_id)
        if kept is None:
            return
        if any(ev.get("type") == TOOK_BACK for ev in events):
            kept.version = -1  # its events are gone from the game: read the log again
        elif kept.version == table.version - 1:  # the very next version: its events (if any) are all there is
            kept.events.extend(events)
            kept.version = table.version
        elif table.version > kept.version:
            kept.version = -1  # something this process did not see: read the log again

    async def events(self, table: Table) -> list[Event]:
        """The game's events up to ``table``'s version (read and replayed when not kept)."""
        kept = self.games.get(table.game_id)
        if kept is not None and kept.version >= table.version:
            return list(kept.events)
        async with self._locks.setdefault(table.game_id, asyncio.Lock()):
            kept = self.games.get(table.game_id)
            if kept is None or kept.version < table.version:
                game = await stored_game(self.sessions, table.game_id)
                if game is None:
                    return []
                kept = Kept(deque(replayed_events(game), maxlen=KEEP_EVENTS), game.version)
                self.games[table.game_id] = kept
            return list(kept.events)

    def forget(self, game_id: int) -> None:
        self.games.pop(game_id, None)
        self._locks.pop(game_id, None)
