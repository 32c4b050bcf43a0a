"""CPU the table service spends on the event loop per action, besides pictures and the database.

    python -m benchmarks.service_cpu [--actions 2000]

Per action the service loads the stored snapshot, applies the action, dumps the new snapshot,
works out every open prompt's menu signature and asks for the result: plain engine work on the
event loop. Pictures are drawn in worker processes (bot/service/pictures.py), so this is what is
left. Random legal actions; figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from datetime import date

from bot.service.tables import open_prompts, prompt_signature
from games import registry

GAMES = [("battles_builders", 3), ("burg", 4), ("war_chest", 2), ("cities_knights", 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="actions measured per game")
    args = parser.parse_args()
    print(
        f"Service CPU per action on the event loop, {date.today()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"{'game':<18} {'players':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    for key, players in GAMES:
        engine = registry.get(key)
        rnd = random.Random(1)
        times: list[float] = []
        seed = 0
        while len(times) < args.actions:
            snapshot = engine.dump(engine.start(players, {}, seed))
            seed += 1
            while len(times) < args.actions:
                state = engine.load(snapshot)
                pending = engine.pending(state)
                if not pending:
                    break
                seat = rnd.choice(sorted(pending))
                action = rnd.choice(engine.legal(state, seat))
                started = time.perf_counter()
                state = engine.load(snapshot)
                engine.apply(state, seat, action)
                snapshot = engine.dump(state)
                for s, prompt in open_prompts(engine, state).items():
                    prompt_signature(engine, state, s, prompt.kind)
                engine.result(state)
                times.append(1000 * (time.perf_counter() - started))
        times.sort()
        p50, p99 = times[len(times) // 2], times[int(0.99 * len(times))]
        print(f"{key:<18} {players:>7} {p50:7.2f} {p99:7.2f} {times[-1]:7.2f}")


if __name__ == "__main__":
    main()
