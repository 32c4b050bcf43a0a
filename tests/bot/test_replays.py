"""Replays: drawn once per game and language and kept (bounded by bytes), drawn in a worker process
of their own, and asked for at most once per cooldown by a person and in a channel."""

from __future__ import annotations

import asyncio
import io
import os
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

import pytest
from PIL import Image

from bot.service.errors import ServiceError
from bot.service.records import GameLog
from bot.service.replays import NICENESS, Replays
from games import registry, replay


class Clock:
    def __init__(self) -> None:
        self.current = datetime(2026, 3, 1, 20, 0, 0)

    def __call__(self) -> datetime:
        return self.current

    def advance(self, seconds: float) -> None:
        self.current += timedelta(seconds=seconds)


def finished(game_id: int, key: str = "battles_builders", players: int = 2, seed: int = 3) -> GameLog:
    engine = registry.get(key)
    state = engine.start(players, {}, seed)
    rnd = random.Random(seed)
    actions = []
    while engine.pending(state):
        seat = min(engine.pending(state))
        action = rnd.choice(engine.legal(state, seat))
        engine.apply(state, seat, action)
        actions.append((seat, action))
    names = [f"p{i}" for i in range(players)]
    return GameLog(game_id, key, 1, players, {}, seed, names, actions, engine.dump(state))


@pytest.fixture
def threads() -> Any:
    executor = ThreadPoolExecutor(1)
    yield executor
    executor.shutdown(wait=True)


async def test_a_replay_is_drawn_once_per_game_and_language_then_kept(threads: ThreadPoolExecutor) -> None:
    drawings: list[tuple[int, str]] = []

    def draw(*args: Any) -> tuple[bytes, int]:
        drawings.append((args[3], args[-1]))  # seed, language
        return replay.animation(*args)

    replays = Replays(threads, draw=draw)
    log = finished(7)
    # three presses while it is drawn share the one drawing
    got = await asyncio.gather(*(replays.replay(log, "en") for _ in range(3)))
    assert drawings == [(3, "en")] and replays.drawn == 1 and len({r.gif for r in got}) == 1
    gif = Image.open(io.BytesIO(got[0].gif))
    assert gif.format == "GIF" and gif.n_frames == got[0].frames > 2
    # a later press is answered from memory, without drawing
    again = await replays.replay(log, "en")
    assert again is got[0] and drawings == [(3, "en")] and replays.drawn == 1
    # another language is another replay (its captions and the board's words differ)
    dutch = await replays.replay(log, "nl")
    assert drawings == [(3, "en"), (3, "nl")] and dutch.gif != again.gif
    assert replays.kept_bytes == len(again.gif) + len(dutch.gif)


async def test_kept_replays_are_bounded_by_bytes_least_recently_asked_first_out(threads: ThreadPoolExecutor) -> None:
    drawings: list[int] = []

    def draw(game_key: str, players: int, options: Any, seed: int, *rest: Any) -> tuple[bytes, int]:
        drawings.append(seed)
        return b"G" * (900 if seed == 99 else 400), 5

    replays = Replays(threads, keep_bytes=1000, draw=draw)
    one, two, three = finished(1, seed=1), finished(2, seed=2), finished(3, seed=3)
    await replays.replay(one, "en")
    await replays.replay(two, "en")
    await replays.replay(one, "en")  # asked again: now the most recent
    assert drawings == [1, 2]
    await replays.replay(three, "en")  # 1,200 bytes: the least recently asked (two) goes
    assert replays.kept_bytes == 800
    await replays.replay(one, "en")
    await replays.replay(two, "en")
    assert drawings == [1, 2, 3, 2]
    big = finished(4, seed=99)
    await replays.replay(big, "en")
    assert replays.kept_bytes <= 1000


async def test_a_failed_drawing_is_not_kept(threads: ThreadPoolExecutor) -> None:
    attempts: list[int] = []

    def draw(*args: Any) -> tuple[bytes, int]:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("worker died")
        return b"GIF", 1

    replays = Replays(threads, draw=draw)
    log = finished(5)
    first = asyncio.gather(replays.replay(log, "en"), replays.replay(log, "en"), return_exceptions=True)
    assert [type(r) for r in await first] == [RuntimeError, RuntimeError]  # both presses hear of it
    assert (await replays.replay(log, "en")).gif == b"GIF" and len(attempts) == 2


async def test_cooldowns_per_person_and_per_channel(threads: ThreadPoolExecutor) -> None:
    clock = Clock()
    replays = Replays(threads, now=clock, person_cooldown=60, channel_cooldown=20, draw=lambda *a: (b"GIF", 3))
    alice, bob, carol = 11, 12, 13
    here, there = 100, 200
    replays.admit(1, "en", alice, here)

    def refused(game_id: int, user: int, channel: int) -> tuple[str, int]:
        with pytest.raises(ServiceError) as caught:
            replays.admit(game_id, "en", user, channel)
        return caught.value.code, caught.value.params["seconds"]

    assert refused(2, alice, there) == ("replay_wait_person", 60)
    assert refused(2, bob, here) == ("replay_wait_channel", 20)
    replays.admit(2, "en", bob, there)  # someone else, somewhere else
    # a replay that is kept, or being drawn, costs no drawing: never refused
    await replays.replay(finished(1), "en")
    replays.admit(1, "en", carol, here)
    replays.admit(1, "en", alice, there)
    clock.advance(15)
    assert refused(3, carol, here) == ("replay_wait_channel", 5)
    clock.advance(5)
    replays.admit(3, "en", carol, here)  # the channel's 20 s have passed
    assert refused(4, alice, there) == ("replay_wait_person", 40)
    clock.advance(40)
    replays.admit(4, "en", alice, there)  # and now alice's 60 s
    # who asked when is forgotten once it no longer counts
    clock.advance(61)
    replays.admit(5, "en", bob, here)
    assert len(replays.people) == 1 and len(replays.channels) == 1


async def test_the_replay_worker_is_one_process_of_its_own() -> None:
    replays = Replays()
    try:
        assert isinstance(replays.executor, ProcessPoolExecutor) and replays.executor._max_workers == 1
        # it gives way to the table pictures and the bot when the cores are busy
        assert replays.executor.submit(os.nice, 0).result() == min(19, os.nice(0) + NICENESS)
        log = finished(9)
        got = await replays.replay(log, "en")
        expected = replay.animation(log.game_key, log.players, log.options, log.seed, log.actions, log.names, "en")
        assert (got.gif, got.frames) == expected
    finally:
        replays.close()
