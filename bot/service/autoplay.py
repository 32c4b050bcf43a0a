"""AI seats take their turns: one task per game, thinking in a process pool.

After every committed change the chat adapter calls ``kick(game_id)``. The game's task reads the
table, finds an AI seat that should act (a blocking prompt, or an invitation such as a trade
offer; never an optional one such as changing a hidden pick), waits the configured pace, and
asks a worker process for the decision: the search is CPU-bound Python, so in a thread it would
hold the GIL and slow every other channel. The decision is applied only if the game has not
changed meanwhile (``act_ai`` checks the version); otherwise the AI looks again. The task ends
when no AI seat has anything to do, so a restarted bot resumes AI turns with one ``kick`` per game.

An AI whose offer asks people to answer gives them ``answer_wait`` seconds, once per offer: the
deadline is set when the offer is made and belongs to the offer (not to the table's version, which
moves with every answer), and each ``kick`` wakes the wait, so the AI goes on as soon as no person
is asked any more (all answered, the offer closed, a person left and a stand-in answered).

Changes made by other bot processes (an answer, a vote for a stand-in, a clock decision) come
through ``announced`` (PostgreSQL's announcements): a game whose AI is busy here, e.g. waiting for
answers, looks again; a game whose AI is not running here is left to the process that kicked it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.errors import ServiceError
from bot.service.notices import Outcome, Table
from bot.service.tables import TableService
from bot.service.workers import worker_pool
from games import ai
from games.core import Action

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[Any]]


def decision_seed(game_id: int, version: int, seat: int) -> int:
    """Reproducible per decision, different between games, turns and seats."""
    digest = hashlib.blake2b(f"{game_id}:{version}:{seat}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def thinking_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """Worker processes for AI decisions."""
    return worker_pool("ai", workers)


def next_ai_seat(table: Table) -> int | None:
    """The first AI seat that should act now, if any: answers to invitations (a trade offer)
    before blocking prompts, so an AI that made an offer hears its AI opponents first."""
    if table.state is None or table.result is not None:
        return None
    wanting = [s for s in sorted(table.ai_seats) if ai.wants_to_act(table.engine, table.state, s)]
    answering = [s for s in wanting if s not in table.engine.pending(table.state)]
    return (answering or wanting or [None])[0]


def people(table: Table) -> frozenset[int]:
    """The seats persons play themselves (not AI players, not stand-ins for absent people)."""
    return frozenset(s.position for s in table.seats if s.present)


def offer_to_people(table: Table) -> str:
    """What the open invitations ask of people, as one key ("" when nothing): the same for the
    whole life of one offer, however many have answered it meanwhile."""
    asked = {json.dumps([p.kind, p.data], sort_keys=True) for p in table.asked_to_answer().values()}
    return "\n".join(sorted(asked))


@dataclass
class AnswerWait:
    """An AI's wait for people's answers to one offer."""

    offer: str  # offer_to_people() of the offer
    until: datetime  # when the AI stops waiting
    over: bool = False  # the time ran out: the AI decides without the missing answers


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
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.service = service
        self._executor = executor  # made on first use when not given
        self.delay = delay
        self.answer_wait = answer_wait  # how long an AI waits for people to answer its offer
        self.budget_ms = budget_ms
        self.iterations = iterations  # fixed search size (tests); None = the time budget
        self.sleep = sleep
        self.now = now or service.now  # naive UTC, as the service's clock
        self.on_outcome: Callable[[Outcome], Awaitable[None]] | None = None
        # a wait for answers began without an action to announce it (a restart): show it
        self.on_wait: Callable[[int], Awaitable[None]] | None = None
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._waits: dict[int, AnswerWait] = {}  # per game: the wait for answers to the open offer
        self._sleeping: dict[int, asyncio.Future[Any]] = {}  # that wait's sleep, which a kick ends
        self._seen: dict[int, int] = {}  # per running game: the version its task read last

    def kick(self, game_id: int) -> None:
        """Something changed in this game: let its AI seats look."""
        self._again.add(game_id)
        sleeping = self._sleeping.get(game_id)
        if sleeping is not None:
            sleeping.cancel()  # an AI waiting for answers looks again
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def announced(self, game_id: int, version: int) -> None:
        """A change committed by any process: an AI of this process busy with the game looks again,
        unless it has read that version already (the change was its own, or it was told)."""
        if game_id in self._tasks and version > self._seen.get(game_id, -1):
            self.kick(game_id)

    async def catch_up(self) -> None:
        """Announcements may have been missed (the listener reconnected): every game with an AI
        busy here looks again."""
        for game_id in list(self._tasks):
            self.kick(game_id)

    def forget(self, game_id: int) -> None:
        """The game has left the table (over or ended): an AI waiting on it for answers stops now."""
        sleeping = self._sleeping.get(game_id)
        if sleeping is not None:
            self._again.add(game_id)
            sleeping.cancel()

    def answer_deadline(self, game_id: int) -> datetime | None:
        """When the AI stops waiting for people's answers to the open offer (None: no such wait)."""
        wait = self._waits.get(game_id)
        return wait.until if wait is not None and not wait.over else None

    def waiting_for_answers(self, game_id: int) -> bool:
        """Whether the game's AI is waiting for people's answers right now, and nothing woke it yet."""
        sleeping = self._sleeping.get(game_id)
        return sleeping is not None and not sleeping.done() and game_id not in self._again

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
                self._again.discard(game_id)  # before the table is read: a later change is seen
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
            self._waits.pop(game_id, None)
            self._seen.pop(game_id, None)

    async def _step(self, game_id: int) -> bool:
        table = await self.service.table_by_id(game_id)
        if table is None or table.status != "running":
            return False
        self._seen[game_id] = table.version
        seat = next_ai_seat(table)
        if seat is None:
            return False
        offer = offer_to_people(table)
        if not offer:
            self._waits.pop(game_id, None)
        elif seat in table.engine.pending(table.state) and await self._await_answers(game_id, offer):
            return True  # something changed (or the time ran out): look again
        if self.delay > 0:
            await self.sleep(self.delay)
        action = await self._decide(game_id, table, seat)
        try:
            outcome = await self.service.act_ai(game_id=game_id, seat=seat, action=action, version=table.version)
        except ServiceError as err:
            if err.code == "closed":  # a person acted meanwhile: look again
                return True
            raise
        if seat in table.engine.pending(table.state):
            # the AI that was waiting went on: a new offer (or the same one made again) gets its own time
            self._waits.pop(game_id, None)
            fresh = offer_to_people(outcome.table) if self.answer_wait > 0 else ""
            if fresh:
                self._waits[game_id] = AnswerWait(fresh, self.now() + timedelta(seconds=self.answer_wait))
        if self.on_outcome is not None:
            await self.on_outcome(outcome)
        return True

    async def _await_answers(self, game_id: int, offer: str) -> bool:
        """Give the people asked by the AI's open ``offer`` the rest of their time to answer.

        True when the AI should look again (the game changed, or the time just ran out); False
        when the time for this offer is over and the AI decides on the answers it has."""
        if self.answer_wait <= 0:
            return False
        wait = self._waits.get(game_id)
        if wait is None or wait.offer != offer:  # e.g. an offer made before a restart
            wait = self._waits[game_id] = AnswerWait(offer, self.now() + timedelta(seconds=self.answer_wait))
            if self.on_wait is not None:
                try:
                    await self.on_wait(game_id)
                except Exception:  # showing the time left must not stop the AI
                    log.exception("could not show the answer time of game %s", game_id)
        if wait.over:
            return False
        left = (wait.until - self.now()).total_seconds()
        if left <= 0 or not await self._changed_within(game_id, left):
            wait.over = True
        return True

    async def _changed_within(self, game_id: int, seconds: float) -> bool:
        """Sleep ``seconds`` through the injected sleep, or less if a ``kick`` comes first (True)."""
        if game_id in self._again:  # it changed since the table was read
            return True
        sleeping = asyncio.ensure_future(self.sleep(seconds))
        self._sleeping[game_id] = sleeping
        try:
            await asyncio.wait((sleeping,))  # (cancelling this task leaves the sleep to the finally)
        finally:
            self._sleeping.pop(game_id, None)
            sleeping.cancel()
        if game_id in self._again:  # kick cancelled the sleep
            return True
        sleeping.result()  # the sleep's own failure (or cancellation) is the task's
        return False

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
            tuple(sorted(people(table))),
        )
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, ai.decide_snapshot, *args)
        except Exception:
            # a failed search (or a broken worker) must not stall the table: play a legal move
            log.exception("AI decision in game %s failed; playing a random legal action", game_id)
            return random.Random(seed).choice(table.engine.legal(table.state, seat))
