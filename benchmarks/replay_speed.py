"""How long a replay takes to draw, and what replays do to the table pictures drawn meanwhile.

    python -m benchmarks.replay_speed [--repeat 3] [--pictures 20] [--rounds 3]

1. Replay time: one whole, seeded game of each of the four games (War Chest: the first seed whose
   game of random players runs to 300-330 actions; the others played by `normal` AI players),
   each drawn ``--repeat`` times in the bot's replay worker process (bot/service/replays.py), as a
   Replay press that is not kept yet. Wall time as the person waits for it (median), and the CPU the
   worker spent.
2. Table pictures while replays draw: table pictures of a Cities & Knights game (each a new
   version, so each is drawn) through bot/service/pictures.py with the default pool, one after the
   other, ``--pictures`` with nothing else running (quiet), then as many as fit while three replays
   are asked for at once (the replay worker draws them one after the other); ``--rounds`` times
   in turn, so a change in the machine's other load touches both alike. The ratio is busy / quiet
   (medians). For comparison, once with the three replays sent into the pictures' own pool, where
   they were drawn before they had a worker of their own.

Figures are printed, never asserted; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import time
from concurrent.futures import Executor
from datetime import date
from typing import Any

from bot.service.pictures import Pictures, picture_pool
from bot.service.records import GameLog
from bot.service.replays import Replays, replay_pool
from games import registry, replay
from games.ai.match import next_actor
from games.ai.players import decide

LANG = "en"


def played(key: str, players: int, seed: int, level: str, max_actions: int = 20_000) -> list[tuple[int, Any]]:
    """A whole game's log: every seat played at ``level``, each decision seeded."""
    engine = registry.get(key)
    state = engine.start(players, {}, seed)
    log: list[tuple[int, Any]] = []
    while len(log) < max_actions:
        seat = next_actor(engine, state)
        if seat is None:
            return log
        action = decide(engine, state, seat, level, seed=seed * 1_000_003 + len(log))
        engine.apply(state, seat, action)
        log.append((seat, action))
    raise RuntimeError(f"{key} seed {seed} did not end in {max_actions} actions")


def games() -> list[GameLog]:
    """The four games of the benchmark, the same every run."""
    chosen: list[GameLog] = []
    for key, players, level, seed in (
        ("battles_builders", 3, "normal", 1),
        ("burg", 3, "normal", 1),
        ("cities_knights", 4, "normal", 1),
    ):
        chosen.append(_log(len(chosen) + 1, key, players, seed, played(key, players, seed, level)))
    seed = 1
    while not 300 <= len(actions := played("war_chest", 2, seed, "easy")) <= 330:
        seed += 1
    chosen.insert(2, _log(len(chosen) + 1, "war_chest", 2, seed, actions))
    return chosen


def _log(game_id: int, key: str, players: int, seed: int, actions: list[tuple[int, Any]]) -> GameLog:
    return GameLog(game_id, key, None, players, {}, seed, [f"P{i + 1}" for i in range(players)], actions, {})


def timed_animation(*args: Any) -> tuple[bytes, int, float]:
    """``replay.animation`` in the worker, with the CPU seconds it took there."""
    start = time.process_time()
    gif, frames = replay.animation(*args)
    return gif, frames, time.process_time() - start


async def replay_times(logs: list[GameLog], repeat: int) -> None:
    print(f"{'game':<24} {'players':>7} {'actions':>7} {'frames':>6} {'KB':>6} {'wall s':>7} {'cpu s':>6}")
    executor = replay_pool()
    loop = asyncio.get_running_loop()
    try:
        await loop.run_in_executor(executor, timed_animation, *_arguments(logs[0]))  # the worker starts up
        for log in logs:
            walls, cpus = [], []
            for _ in range(repeat):
                start = time.perf_counter()
                gif, frames, cpu = await loop.run_in_executor(executor, timed_animation, *_arguments(log))
                walls.append(time.perf_counter() - start)
                cpus.append(cpu)
            name = registry.get(log.game_key).names["en"]
            print(
                f"{name:<24} {log.players:>7} {len(log.actions):>7} {frames:>6} {len(gif) // 1024:>6} "
                f"{statistics.median(walls):>7.2f} {statistics.median(cpus):>6.2f}"
            )
    finally:
        executor.shutdown(wait=True)


def _arguments(log: GameLog) -> tuple[Any, ...]:
    return (log.game_key, log.players, log.options, log.seed, log.actions, log.names, LANG)


class TablePictures:
    """Table pictures of one Cities & Knights game, each a new version (so each is drawn)."""

    def __init__(self, log: GameLog) -> None:
        self.engine = registry.get(log.game_key)
        self.names = log.names
        self.views = [
            self.engine.view(step.state, None)
            for step in replay.steps(self.engine, log.players, log.options, log.seed, log.actions)
        ]
        self.version = 0

    async def latencies(self, pictures: Pictures, count: int, busy: asyncio.Future[Any] | None = None) -> list[float]:
        """Milliseconds per picture, one after the other; with ``busy``, only while it runs."""
        out: list[float] = []
        while len(out) < count and (busy is None or not busy.done()):
            self.version += 1
            view = self.views[self.version % len(self.views)]
            start = time.perf_counter()
            await pictures.png(self.engine.key, 1, self.version, None, LANG, view, self.names)
            out.append((time.perf_counter() - start) * 1000)
        return out


async def picture_latency(logs: list[GameLog], count: int, rounds: int) -> None:
    table = TablePictures(logs[3])
    pool = picture_pool()
    pictures = Pictures(pool)
    replays = Replays(replay_pool(), person_cooldown=0, channel_cooldown=0, keep_bytes=0)
    three = [logs[1], logs[2], logs[3]]  # Burg, War Chest, Cities & Knights
    quiet: list[float] = []
    busy: list[float] = []
    took: list[float] = []  # seconds the three replays took while the pictures were drawn
    try:
        await table.latencies(pictures, 4)  # the workers start up
        await replays.replay(logs[0], LANG)
        for _ in range(rounds):
            quiet += await table.latencies(pictures, count)
            start = time.perf_counter()
            drawing = asyncio.ensure_future(asyncio.gather(*(replays.replay(log, LANG) for log in three)))
            busy += await table.latencies(pictures, 10_000, drawing)
            await drawing
            took.append(time.perf_counter() - start)
        print(f"{'table picture':<44} {'n':>4} {'p50 ms':>7} {'p90 ms':>7} {'max ms':>7} {'p50 x':>6}")
        _line("quiet", quiet, quiet)
        _line("while 3 replays draw in their own worker", busy, quiet)
        print(f"  (meanwhile the three replays took {', '.join(f'{t:.1f}' for t in took)} s, one after the other)")
        shared = asyncio.ensure_future(asyncio.gather(*(_in(pool, log) for log in three)))
        _line("while 3 replays draw in the pictures' pool", await table.latencies(pictures, 10_000, shared), quiet)
        await shared
    finally:
        pictures.close()
        pool.shutdown(wait=True)
        replays.executor.shutdown(wait=True)


async def _in(executor: Executor, log: GameLog) -> Any:
    return await asyncio.get_running_loop().run_in_executor(executor, replay.animation, *_arguments(log))


def _line(label: str, times: list[float], quiet: list[float]) -> None:
    if not times:
        print(f"{label:<44}    0 (the replays were done before a picture was asked for)")
        return
    ordered = sorted(times)
    p50, p90 = statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    ratio = p50 / statistics.median(quiet)
    print(f"{label:<44} {len(times):>4} {p50:>7.1f} {p90:>7.1f} {ordered[-1]:>7.1f} {ratio:>6.2f}")


async def run(repeat: int, count: int, rounds: int) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Replay speed, {date.today()}, {os.cpu_count()} cores, Python {platform.python_version()}, load average {load}"
    )
    logs = games()
    await replay_times(logs, repeat)
    print()
    await picture_latency(logs, count, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="drawings of each game's replay (median)")
    parser.add_argument("--pictures", type=int, default=20, help="quiet table pictures per round")
    parser.add_argument("--rounds", type=int, default=3, help="quiet and busy measurements in turn")
    args = parser.parse_args()
    asyncio.run(run(args.repeat, args.pictures, args.rounds))


if __name__ == "__main__":
    main()
