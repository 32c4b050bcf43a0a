"""How strong each AI level is: seeded games, seats rotated, win rates with 95% intervals.

    python -m benchmarks.ai_strength [--game KEY] [--games 100] [--players N] [--iterations 200]
                                     [--budget-ms MS] [--workers N] [--calibrate MS]

Two pairings per game: ``normal`` against ``easy`` and ``hard`` against ``normal``. With two
seats the levels meet head to head; with more, one seat plays the stronger level and the others
the weaker, and a game counts as won when the stronger seat is among the winners (a first place
shared by k seats counts 1/k; a War Chest team win counts 1 for both partners: see
``games.core.share_of_win``). The stronger seat rotates through every position. ``hard`` searches a
fixed number of iterations per decision by default (``--budget-ms`` searches for a time instead), so the
figures can be reproduced. ``--calibrate MS`` first prints how many iterations a search of MS
milliseconds (the bot's ``AI_BUDGET_MS``) makes here, so a fixed count can be compared with what
the bot does. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.seating import levels_of, play
from games import registry
from games.ai import ismcts
from games.ai.match import next_actor
from games.ai.players import decide
from games.core import share_of_win

PAIRINGS = (("normal", "easy"), ("hard", "normal"))
#: today's level against a retired one (benchmarks/seating.py), played only when asked for by --pairing
RETIRED_PAIRINGS = (("normal", "normal_v1"),)


def one_game(
    key: str, players: int, strong: str, weak: str, seed: int, iterations: int | None, budget_ms: int
) -> float:
    """1 if the stronger seat's side wins, 1/k for a k-way shared win, 0 otherwise (or unfinished)."""
    engine = registry.get(key)
    seat = seed % players
    levels = [strong if s == seat else weak for s in range(players)]
    played = play(engine, levels, seed=seed, iterations=iterations, budget_ms=budget_ms)
    return share_of_win(engine, played.result, seat)


def iterations_in(key: str, players: int, budget_ms: int, positions: int = 9) -> list[int]:
    """Iterations a ``hard`` search of ``budget_ms`` makes at positions of a game between
    ``normal`` seats (every third decision with a choice), sorted."""
    engine = registry.get(key)
    state = engine.start(players, {}, 1)
    counts: list[int] = []
    iterate = ismcts._iterate

    def counted(*args: object, **kwargs: object) -> None:
        counts[-1] += 1
        iterate(*args, **kwargs)  # type: ignore[arg-type]

    ismcts._iterate = counted  # type: ignore[assignment]
    try:
        step = 0
        while len(counts) < positions and (seat := next_actor(engine, state)) is not None:
            if step % 3 == 0 and len(engine.legal(state, seat)) > 1:
                counts.append(0)
                decide(engine, state, seat, "hard", seed=step, budget_ms=budget_ms)
            engine.apply(state, seat, decide(engine, state, seat, "normal", seed=step))
            step += 1
    finally:
        ismcts._iterate = iterate  # type: ignore[assignment]
    return sorted(counts)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a win rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The module's text as written, and every option's default."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=HelpFormatter,
        epilog="A run plays --games games for every pairing of every chosen game: hard-normal games search at "
        "every decision and take far longer than normal-easy ones. Try --games 4 first and scale up from the "
        "time it takes; every pairing prints its figures as soon as it is done.",
    )
    parser.add_argument("--game", choices=sorted(registry.ENGINES), action="append")
    parser.add_argument("--games", type=int, default=100, help="games per pairing (0 with --calibrate: calibrate only)")
    parser.add_argument("--players", type=int, help="seats (default: the game's smallest count)")
    parser.add_argument("--iterations", type=int, default=200, help="hard: search iterations per decision")
    parser.add_argument("--budget-ms", type=int, default=0, help="hard: search for this long instead")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--calibrate", type=int, metavar="MS", help="print the iterations a search of MS ms makes")
    parser.add_argument(
        "--pairing",
        choices=[f"{a}-{b}" for a, b in PAIRINGS + RETIRED_PAIRINGS],
        action="append",
        help="only these pairings (normal-normal_v1: Cities & Knights' normal against its earlier policy)",
    )
    args = parser.parse_args()
    iterations = None if args.budget_ms else args.iterations
    search = f"{args.budget_ms} ms per decision" if args.budget_ms else f"{args.iterations} iterations per decision"
    print(
        f"AI strength, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"hard = ISMCTS with {search}, {args.games} games per pairing"
    )
    if args.calibrate:
        for key in args.game or sorted(registry.ENGINES):
            engine = registry.get(key)
            counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
            players = args.players if args.players in counts else counts[0]
            found = iterations_in(key, players, args.calibrate)
            print(
                f"{key}: a {args.calibrate} ms search makes {found[len(found) // 2]} iterations "
                f"(median of {len(found)} positions, {found[0]}-{found[-1]})",
                flush=True,
            )
    if args.games < 1:  # calibration only
        return
    print(f"{'game':<18} {'players':>7} {'pairing':<16} {'win rate':>9} {'95% interval':>16} {'time':>8}")
    with ProcessPoolExecutor(args.workers) as pool:
        for key in args.game or sorted(registry.ENGINES):
            engine = registry.get(key)
            counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
            players = args.players if args.players in counts else counts[0]
            for strong, weak in PAIRINGS + RETIRED_PAIRINGS:
                if args.pairing and f"{strong}-{weak}" not in args.pairing:
                    continue
                if (strong, weak) in RETIRED_PAIRINGS and (not args.pairing or weak not in levels_of(key)):
                    continue
                began = time.perf_counter()
                futures = [
                    pool.submit(one_game, key, players, strong, weak, seed, iterations, args.budget_ms)
                    for seed in range(args.games)
                ]
                wins = sum(f.result() for f in futures)
                low, high = wilson(wins, args.games)
                took = time.perf_counter() - began
                print(
                    f"{key:<18} {players:>7} {strong + ' v ' + weak:<16} {wins / args.games:>8.0%} "
                    f"{f'{low:.0%} – {high:.0%}':>16} {took:>7.0f}s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
