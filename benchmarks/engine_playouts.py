"""Full random games per second for every engine and player count.

    python -m benchmarks.engine_playouts [--seconds 5] [--game KEY]

A random player picks uniformly among the legal actions of a pending seat until the game ends.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from importlib.metadata import version
from typing import Any

from games import registry
from games.core import Engine


def playout(engine: Engine, players: int, seed: int, options: dict[str, Any], max_steps: int) -> tuple[int, Any]:
    """Steps taken and the final state (``engine.pending`` empty unless the cap was reached)."""
    rnd = random.Random(seed)
    state = engine.start(players, dict(options), seed)
    steps = 0
    while steps < max_steps:
        pending = engine.pending(state)
        if not pending:
            break
        # the driver's own work kept small: one random draw a step where one seat decides
        seat = next(iter(pending)) if len(pending) == 1 else rnd.choice(sorted(pending))
        legal = engine.legal(state, seat)
        engine.apply(state, seat, legal[int(rnd.random() * len(legal))])
        steps += 1
    return steps, state


def measure(engine: Engine, players: int, seconds: float, options: dict[str, Any], max_steps: int) -> dict[str, float]:
    games = actions = finished = stalemates = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        steps, state = playout(engine, players, seed, options, max_steps)
        result = engine.result(state)
        games += 1
        actions += steps
        finished += result is not None
        stalemates += result is not None and result.tiebreak == "stalemate"
        seed += 1
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "us_per_action": 1e6 * elapsed / max(actions, 1),
        "actions_per_game": actions / max(games, 1),
        "finished": finished / max(games, 1),
        "stalemate": stalemates / max(games, 1),
    }


def catanatron_figures(seconds: float) -> dict[str, float] | None:
    """Base Catan, four random players, as Catanatron plays it (installed only for this benchmark:
    ``pip install catanatron``); None when it is not installed."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        return None
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)])
        game.play()
        games += 1
        # The log is called action_records in newer releases, actions in older ones.
        actions += len(getattr(game.state, "action_records", None) or game.state.actions)
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": games / elapsed,
        "us_per_action": 1e6 * elapsed / max(actions, 1),
        "actions_per_game": actions / max(games, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine and player count")
    parser.add_argument("--game", action="append", help="only these engine keys")
    parser.add_argument("--max-steps", type=int, default=20_000, help="cap per game (reported as unfinished)")
    args = parser.parse_args()
    catan: dict[str, float] | None = None
    print(
        f"Engine playouts, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{args.seconds:g} s per row; stalemate = games the engine ended because the board could never change"
    )
    print(
        f"{'game':<18}{'players':>8}{'games/s':>10}{'actions/s':>12}{'µs/action':>11}{'actions/game':>14}"
        f"{'finished':>10}{'stalemate':>11}"
    )
    for key, engine in registry.ENGINES.items():
        if args.game and key not in args.game:
            continue
        counts = getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1))
        for players in counts:
            r = measure(engine, players, args.seconds, {}, args.max_steps)
            if key == "cities_knights" and players == 4:
                catan = r
            print(
                f"{key:<18}{players:>8}{r['games_per_s']:>10.1f}{r['actions_per_s']:>12.0f}"
                f"{r['us_per_action']:>11.1f}{r['actions_per_game']:>14.1f}{r['finished']:>10.0%}"
                f"{r['stalemate']:>11.0%}"
            )

    if catan is not None:
        other = catanatron_figures(args.seconds)
        if other is None:
            print("\nCatanatron not installed (pip install catanatron) - no comparison.")
        else:
            print(
                f"\nCities & Knights (4 random players) beside Catanatron {version('catanatron')} "
                "(base Catan, 4 random players):"
            )
            print(
                f"  Speltafel  {catan['us_per_action']:8.1f} µs/action  {catan['games_per_s']:7.2f} games/s"
                f"  ({catan['finished']:.0%} of games finished within the step cap)"
            )
            print(f"  Catanatron {other['us_per_action']:8.1f} µs/action  {other['games_per_s']:7.2f} games/s")
            print(f"  time per action, Speltafel / Catanatron: {catan['us_per_action'] / other['us_per_action']:.2f}")


if __name__ == "__main__":
    main()
