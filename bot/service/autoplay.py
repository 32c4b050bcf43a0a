"""AI seats take their turns: one task per game, thinking in a process pool.

After every committed change the chat adapter calls ``kick(game_id)``. The game's task reads the
table, finds an AI seat that should act (a blocking prompt, or an invitation such as a trade
offer; never an optional one such as changing a hidden pick), waits the configured pace, and
asks a worker process for the decision: the search is CPU-bound Python, so in a thread it would
hold the GIL and slow every other channel. The decision is applied only if the game has not
changed meanwhile (``act_ai`` checks the version); otherwise the AI looks again. The task ends
when no AI seat has anything to do, so a restarted bot resumes AI turns with one ``kick`` per game.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from bot.service.errors import ServiceError
from bot.service.notices import Outcome, Table
from bot.service.tables import TableService
from games import ai
from games.core import Action

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[Any]]


def decision_seed(game_id: int, version: int, seat: int) -> int:
    """Reproducible per decision, different between games, turns and seats."""
    digest = hashlib.blake2b(f"{game_id}:{version}:{seat}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def thinking_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """Worker processes for AI decisions. Spawned, not forked: a fork of a process running an
    event loop and database connections would copy them half-way."""
    return ProcessPoolExecutor(
        max_workers=workers or os.cpu_count() or 1, mp_context=multiprocessing.get_context("spawn")
    )


def next_ai_seat(table: Table) -> int | None:
    """The first AI seat that should act now, if any: answers to invitations (a trade offer)
    before blocking prompts, so an AI that made an offer hears its AI opponents first."""
    if table.state is None or table.result is not None:
        return None
    wanting = [s for s in sorted(table.ai_seats) if ai.wants_to_act(table.engine, table.state, s)]
    answering = [s for s in wanting if s not in table.engine.pending(table.state)]
    return (answering or wanting or [None])[0]


def people_invited(table: Table) -> bool:
    """Whether a person is still asked to answer an invitation (an open trade offer)."""
    invite = getattr(table.engine, "invitations", None)
    if table.state is None or invite is None:
        return False
    return any(s not in table.ai_seats and not p.data.get("optional") for s, p in invite(table.state).items())


class AIPlayers:
    def __init__(
        self,
        service: TableService,
        executor: Executor | None = None,
        *,
        delay: float = 1.0,
        answer_wait: float = 30.0,
        budget_ms: int = 1000,
        iterations: int | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.service = service
        self._executor = executor  # made on first use when not given
        self.delay = delay
        self.answer_wait = answer_wait  # how long an AI waits for people to answer its offer
        self.budget_ms = budget_ms
        self.iterations = iterations  # fixed search size (tests); None = the time budget
        self.sleep = sleep
        self.on_outcome: Callable[[Outcome], Awaitable[None]] | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._waited: set[tuple[int, int]] = set()  # (game, version) already waited on

    def kick(self, game_id: int) -> None:
        """Something changed in this game: let its AI seats look."""
        self._again.add(game_id)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def resume_all(self) -> None:
        """On start: every running game with an AI seat gets a look."""
        for game_id in await self.service.games_with_ai():
            self.kick(game_id)

    async def idle(self) -> None:
        """Wait until no AI seat is thinking or acting (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = self._owned = thinking_pool()
        return self._executor

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)
        owned = getattr(self, "_owned", None)
        if owned is not None:
            owned.shutdown(wait=False, cancel_futures=True)

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                try:
                    acted = await self._step(game_id)
                except Exception:
                    log.exception("AI turn in game %s failed", game_id)
                    acted = False
                # No await between this check and the task leaving the map: a kick that comes
                # later starts a new task, one that came earlier is seen here.
                if not acted and game_id not in self._again:
                    return
        finally:
            self._tasks.pop(game_id, None)
            self._waited = {w for w in self._waited if w[0] != game_id}

    async def _step(self, game_id: int) -> bool:
        table = await self.service.table_by_id(game_id)
        if table is None or table.status != "running":
            return False
        seat = next_ai_seat(table)
        if seat is None:
            return False
        if seat in table.prompts and people_invited(table) and (game_id, table.version) not in self._waited:
            # give the people asked a moment to answer before the AI decides on their silence
            self._waited.add((game_id, table.version))
            await self.sleep(self.answer_wait)
            return True
        self._waited = {w for w in self._waited if w[0] != game_id}
        if self.delay > 0:
            await self.sleep(self.delay)
        action = await self._decide(game_id, table, seat)
        try:
            outcome = await self.service.act_ai(game_id=game_id, seat=seat, action=action, version=table.version)
        except ServiceError as err:
            if err.code == "closed":  # a person acted meanwhile: look again
                return True
            raise
        if self.on_outcome is not None:
            await self.on_outcome(outcome)
        return True

    async def _decide(self, game_id: int, table: Table, seat: int) -> Action:
        seed = decision_seed(game_id, table.version, seat)
        args = (
            table.engine.key,
            table.engine.dump(table.state),
            seat,
            table.ai_seats[seat],
            seed,
            self.budget_ms,
            self.iterations,
        )
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, ai.decide_snapshot, *args)
        except Exception:
            # a failed search (or a broken worker) must not stall the table: play a legal move
            log.exception("AI decision in game %s failed; playing a random legal action", game_id)
            return random.Random(seed).choice(table.engine.legal(table.state, seat))
