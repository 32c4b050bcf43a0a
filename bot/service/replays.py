"""Replays of finished games: drawn in a worker of their own, kept, and asked for at a measured pace.

A replay draws a picture for every turn of a whole game: a second or more of CPU, against 10-25 ms
for a table picture. So it never shares the table pictures' pool: replays are drawn in one worker
process of their own, one at a time, and a move's picture never waits behind a replay.

A finished game's log never changes, so a replay is drawn once per game and language and kept in
memory (least recently asked first out, bounded by the bytes kept: the GIFs are 0.2-1.5 MB each).
Presses of a replay that is being drawn wait for that same drawing. A person, and a channel, may
start a new drawing only once per cooldown; a replay that is kept or being drawn is always given.
Cache and cooldowns live in each bot process (several processes each keep their own).
"""

from __future__ import annotations

import asyncio
import functools
import math
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.clock import Now, utcnow
from bot.service.errors import ServiceError
from bot.service.records import GameLog
from bot.service.workers import worker_pool
from games import replay

Key = tuple[int, str]  # game, language
Draw = Callable[..., tuple[bytes, int]]  # replay.animation's signature


@dataclass(frozen=True)
class Replay:
    gif: bytes  # empty when the game has no pictures
    frames: int


#: How much lower the replay worker's CPU priority is than the bot's: when the cores are busy, the
#: table pictures and the bot's own work go first, and a replay takes what is left.
NICENESS = 10


def replay_pool() -> ProcessPoolExecutor:
    """One worker process: replays are drawn one at a time."""
    return worker_pool("replays", 1, niceness=NICENESS)


class Cooldowns:
    """When each key (a person, a channel) last started something, forgotten once it no longer counts."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._since: OrderedDict[int, datetime] = OrderedDict()  # oldest first

    def wait(self, key: int, now: datetime) -> int:
        """Whole seconds until ``key`` may start again (0: now)."""
        self._forget(now)
        since = self._since.get(key)
        if since is None:
            return 0
        return max(1, math.ceil(self.seconds - (now - since).total_seconds()))

    def start(self, key: int, now: datetime) -> None:
        self._since.pop(key, None)
        self._since[key] = now

    def _forget(self, now: datetime) -> None:
        limit = now - timedelta(seconds=self.seconds)
        while self._since and next(iter(self._since.values())) <= limit:
            self._since.popitem(last=False)

    def __len__(self) -> int:
        return len(self._since)


class Replays:
    def __init__(
        self,
        executor: Executor | None = None,
        *,
        now: Now = utcnow,
        person_cooldown: float = 60.0,
        channel_cooldown: float = 20.0,
        keep_bytes: int = 32 * 1024 * 1024,
        draw: Draw = replay.animation,
    ) -> None:
        self._executor = executor  # made on first use when not given
        self._owned: Executor | None = None
        self.now = now  # tests move it instead of sleeping
        self.people = Cooldowns(person_cooldown)
        self.channels = Cooldowns(channel_cooldown)
        self.keep_bytes = keep_bytes
        self._draw = draw
        self._done: OrderedDict[Key, Replay] = OrderedDict()
        self._kept_bytes = 0
        self._drawing: dict[Key, asyncio.Future[Replay]] = {}
        self.drawn = 0  # replays actually drawn (tests and benchmarks read it)

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = self._owned = replay_pool()
        return self._executor

    def admit(self, game_id: int, lang: str, user_id: int, channel_id: int) -> None:
        """Whether this person may have this replay here now; raises ``replay_wait_person`` or
        ``replay_wait_channel`` (with ``seconds``) when it needs a new drawing too soon after the last
        they asked for. An admitted request that needs a drawing starts both cooldowns."""
        key = (game_id, lang)
        if key in self._done or key in self._drawing:
            return  # costs no drawing
        now = self.now()
        wait = self.people.wait(user_id, now)
        if wait:
            raise ServiceError("replay_wait_person", seconds=wait)
        wait = self.channels.wait(channel_id, now)
        if wait:
            raise ServiceError("replay_wait_channel", seconds=wait)
        self.people.start(user_id, now)
        self.channels.start(channel_id, now)

    async def replay(self, log: GameLog, lang: str) -> Replay:
        """The game's replay: kept, being drawn (then shared), or drawn now in the replay worker."""
        key = (log.game_id, lang)
        kept = self._done.get(key)
        if kept is not None:
            self._done.move_to_end(key)
            return kept
        running = self._drawing.get(key)
        if running is not None:
            return await asyncio.shield(running)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Replay] = loop.create_future()
        self._drawing[key] = future
        try:
            draw = functools.partial(self._draw, *_arguments(log, lang), **_ending(log))
            gif, frames = await loop.run_in_executor(self.executor, draw)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: readers waiting on it get it, nobody else must
            raise
        finally:
            self._drawing.pop(key, None)
        drawn = Replay(gif, frames)
        future.set_result(drawn)
        self.drawn += 1
        self._keep(key, drawn)
        return drawn

    def _keep(self, key: Key, drawn: Replay) -> None:
        if len(drawn.gif) > self.keep_bytes:
            return
        self._done[key] = drawn
        self._kept_bytes += len(drawn.gif)
        while self._kept_bytes > self.keep_bytes:
            _, old = self._done.popitem(last=False)
            self._kept_bytes -= len(old.gif)

    @property
    def kept_bytes(self) -> int:
        return self._kept_bytes

    def close(self) -> None:
        if self._owned is not None:
            self._owned.shutdown(wait=False, cancel_futures=True)


def _arguments(log: GameLog, lang: str) -> tuple[Any, ...]:
    """What ``replay.animation`` needs: plain data, so it crosses into the worker process."""
    return (log.game_key, log.players, log.options, log.seed, log.actions, log.names, lang)


def _ending(log: GameLog) -> dict[str, Any]:
    """How the game ended, for its last frames (``replay.animation``'s keywords): who sat where and
    resigned, and the stored result (a resignation may have ended the game before its rules did)."""
    return {"seats": list(log.seats), "result": log.result} if log.seats or log.result else {}
