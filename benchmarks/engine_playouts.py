"""Full random games per second for every engine and player count.

    python -m benchmarks.engine_playouts [--seconds 5] [--game KEY]

A random player picks uniformly among the legal actions of a pending seat until the game ends.
It makes whole actions: when it draws the step that opens a composer of a parameterised action
(a Cities & Knights offer of any size, docs/design-notes.md) it draws again, so it offers what
``legal`` lists whole (one card for one, to everyone), as every offer was made before the
composer existed. Walked at random, a draft takes about nine steps each time it is opened (a
random count of a random kind, again and again, until a send or the drop comes up): over a
quarter of a playout's steps, and more games reach the step cap, so such playouts measure the
composer more than the game. Cities & Knights gets extra rows (``+composer``) in which the random
player opens the composer like any other action. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

from games import registry
from games.core import Engine

#: action types that open a composer (the random player of the plain rows draws again)
COMPOSER_OPENERS = frozenset({"offer_compose"})
#: every step taken with a composer, its opening included (counted in the ``+composer`` rows)
COMPOSER_STEPS = frozenset({"offer_compose", "offer_set", "offer_send", "offer_drop"})
#: the engines that have a composer, measured a second time with it opened
COMPOSING = ("cities_knights",)
#: seconds of each turn when Cities & Knights and Catanatron are measured side by side
TURN = 1.0


def playout(
    engine: Engine, players: int, seed: int, options: dict[str, Any], max_steps: int, compose: bool = False
) -> tuple[int, int, Any]:
    """Steps taken, composer steps among them and the final state (``engine.pending`` empty unless
    the cap was reached). Without ``compose`` the random player never opens a composer."""
    rnd = random.Random(seed)
    state = engine.start(players, dict(options), seed)
    skip: frozenset[str] = frozenset() if compose else COMPOSER_OPENERS
    steps = composing = 0
    while steps < max_steps:
        pending = engine.pending(state)
        if not pending:
            break
        # the driver's own work kept small: one random draw a step where one seat decides (and
        # another when it drew a composer's opening: a list holding one holds whole offers too)
        seat = next(iter(pending)) if len(pending) == 1 else rnd.choice(sorted(pending))
        legal = engine.legal(state, seat)
        action = legal[int(rnd.random() * len(legal))]
        while action["type"] in skip:
            action = legal[int(rnd.random() * len(legal))]
        if compose:
            composing += action["type"] in COMPOSER_STEPS
        engine.apply(state, seat, action)
        steps += 1
    return steps, composing, state


def measure(
    engine: Engine, players: int, seconds: float, options: dict[str, Any], max_steps: int, compose: bool = False
) -> dict[str, float]:
    games = actions = composer = finished = stalemates = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        steps, composing, state = playout(engine, players, seed, options, max_steps, compose)
        result = engine.result(state)
        games += 1
        actions += steps
        composer += composing
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
        "composer": composer / max(actions, 1),
    }


def catanatron_game() -> Callable[[int], tuple[int, bool]] | None:
    """One game of base Catan between four random players, as Catanatron plays it (installed only
    for this benchmark: ``pip install catanatron``): its actions and whether someone won; None
    when it is not installed."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        return None

    def run(seed: int) -> tuple[int, bool]:
        game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)])
        game.play()
        # The log is called action_records in newer releases, actions in older ones.
        return len(getattr(game.state, "action_records", None) or game.state.actions), game.winning_color() is not None

    return run


def side_by_side(runs: dict[str, Callable[[int], tuple[int, bool]]], seconds: float) -> dict[str, dict[str, float]]:
    """Games of each run (seed -> actions, finished) in turns of about ``TURN`` seconds until each
    has had ``seconds``: a change in the shared machine's load meets them all alike."""
    spent = dict.fromkeys(runs, 0.0)
    games = dict.fromkeys(runs, 0)
    actions = dict.fromkeys(runs, 0)
    finished = dict.fromkeys(runs, 0)
    while min(spent.values()) < seconds:
        for name, run in runs.items():
            start = now = time.perf_counter()
            while now - start < TURN:
                steps, done = run(games[name])
                games[name] += 1
                actions[name] += steps
                finished[name] += done
                now = time.perf_counter()
            spent[name] += now - start
    return {
        name: {
            "games_per_s": games[name] / spent[name],
            "us_per_action": 1e6 * spent[name] / max(actions[name], 1),
            "finished": finished[name] / max(games[name], 1),
        }
        for name in runs
    }


def compare(engine: Engine, seconds: float, max_steps: int) -> None:
    """Cities & Knights beside Catanatron, both with four random players, measured in turns."""
    catanatron = catanatron_game()
    if catanatron is None:
        print("\nCatanatron not installed (pip install catanatron) - no comparison.")
        return

    def speltafel(compose: bool) -> Callable[[int], tuple[int, bool]]:
        def run(seed: int) -> tuple[int, bool]:
            steps, _, state = playout(engine, 4, seed, {}, max_steps, compose)
            return steps, engine.result(state) is not None

        return run

    runs = {"Speltafel": speltafel(False), "Speltafel +composer": speltafel(True), "Catanatron": catanatron}
    figures = side_by_side(runs, seconds)
    print(
        f"\nCities & Knights (4 random players) beside Catanatron {version('catanatron')} (base Catan, 4 random"
        f" players), in turns of {TURN:g} s, {seconds:g} s each:"
    )
    for name, r in figures.items():
        print(
            f"  {name:<20}{r['us_per_action']:8.1f} µs/action  {r['games_per_s']:7.2f} games/s"
            f"  ({r['finished']:.0%} of games finished)"
        )
    print(f"  (finished: won within the step cap, {max_steps} actions; Catanatron's own cap is 1000 turns)")
    other = figures["Catanatron"]["us_per_action"]
    print(
        f"  time per action, Speltafel / Catanatron: {figures['Speltafel']['us_per_action'] / other:.2f}"
        f" (+composer {figures['Speltafel +composer']['us_per_action'] / other:.2f})"
    )


def row(key: str, players: int, r: dict[str, float]) -> str:
    return (
        f"{key:<24}{players:>8}{r['games_per_s']:>10.1f}{r['actions_per_s']:>12.0f}"
        f"{r['us_per_action']:>11.1f}{r['actions_per_game']:>14.1f}{r['finished']:>10.0%}"
        f"{r['stalemate']:>11.0%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine and player count")
    parser.add_argument("--game", action="append", help="only these engine keys")
    parser.add_argument("--max-steps", type=int, default=20_000, help="cap per game (reported as unfinished)")
    args = parser.parse_args()
    print(
        f"Engine playouts, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{args.seconds:g} s per row; stalemate = games the engine ended because the board could never change"
    )
    print(
        f"{'game':<24}{'players':>8}{'games/s':>10}{'actions/s':>12}{'µs/action':>11}{'actions/game':>14}"
        f"{'finished':>10}{'stalemate':>11}"
    )
    composing: list[str] = []
    for key, engine in registry.ENGINES.items():
        if args.game and key not in args.game:
            continue
        counts = getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1))
        for players in counts:
            print(row(key, players, measure(engine, players, args.seconds, {}, args.max_steps)))
        if key in COMPOSING:
            for players in counts:
                r = measure(engine, players, args.seconds, {}, args.max_steps, compose=True)
                print(row(f"{key}+composer", players, r))
                composing.append(f"{r['composer']:.0%} ({players} players)")
    if composing:
        print(f"+composer: random players also open the composer; its steps are {' and '.join(composing)} of all")

    if "cities_knights" in registry.ENGINES and (not args.game or "cities_knights" in args.game):
        compare(registry.ENGINES["cities_knights"], args.seconds, args.max_steps)


if __name__ == "__main__":
    main()
