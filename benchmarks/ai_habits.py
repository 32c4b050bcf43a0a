"""How each AI level plays, in numbers a board-gamer would check: hoarding, discards, trades,
builds, a king committed where it cannot count, barbarian attacks lost.

    python -m benchmarks.ai_habits [--game KEY ...] [--levels easy normal hard]
                                   [--games-per-level easy=10,normal=20,hard=4] [--seats LEVEL,LEVEL,...]
                                   [--players N] [--iterations 30] [--workers 2] [--first-seed 1]

Every game is AI-only. By default each level plays its games with every seat at that level
(``--seats normal,hard,easy`` seats one mixed table instead and counts each seat under its own
level). Per level, for each game (numbers are per seat and game unless named per game):

- held: cards (Cities & Knights: resources and commodities) at the end of the seat's own turn,
  median, 90th percentile and maximum; Im Schutze der Burg: goods at the end of each round;
  Battles & Builders and War Chest hold no hand a seat could hoard (shown as -);
- discards: forced discards (a seven or a Saboteur) and the cards they took;
- trades: bank (maritime) trades, player trades (confirmed, as offerer or partner), offers made;
- builds: Cities & Knights settlements, cities, knights built, knights activated, city
  improvements; Battles & Builders builder chips committed; Burg buildings; War Chest units
  deployed and coins recruited;
- Battles & Builders: king commits, and king-alone commits (the king without a builder or army
  while a strategy tile is on display: no tile can be taken, the king is spent for nothing);
- Cities & Knights: barbarian attacks lost per game, cities pillaged per seat;
- the mean time a decision took (decisions with one legal action included).

Levels: ``easy``, ``normal``, ``hard`` and retired policies kept for comparison (``normal_v1`` in
Cities & Knights, see ``benchmarks/seating.py``). ``hard`` searches a fixed number of iterations.
Defaults: every game, levels easy, normal and hard with 10, 20 and 4 games each, the game's smallest
seat count, 30 iterations, 2 workers, seeds from 1. A run of the defaults (with ``normal_v1`` too, on
one worker) took 52 minutes on the 2-core machine shared with other work, about 5 minutes of CPU:
nearly all of it ``hard`` in Cities & Knights (a game between three ``hard`` seats is over a thousand
searches); ``--levels easy normal`` takes a minute or two.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from benchmarks.seating import RETIRED, play
from games import registry
from games.core import Action, Event

DEFAULT_GAMES = {"easy": 10, "normal": 20, "hard": 4}
#: the columns of each game's table, in order: (counter name, label); "held" is the hand column
COLUMNS = {
    "cities_knights": (
        ("discards", "discards"),
        ("discarded", "cards discarded"),
        ("bank", "bank trades"),
        ("player", "player trades"),
        ("offers", "offers"),
        ("settlement", "settlements"),
        ("city", "cities"),
        ("knight", "knights"),
        ("activate", "activations"),
        ("improvement", "improvements"),
        ("pillaged", "cities pillaged"),
    ),
    "battles_builders": (
        ("builders", "builders committed"),
        ("king", "king commits"),
        ("king_alone", "king-alone commits"),
    ),
    "burg": (("buildings", "buildings"),),
    "war_chest": (("deploy", "units deployed"), ("recruit", "coins recruited")),
}
#: counts per game, not per seat: (counter name, label)
GAME_COLUMNS = {"cities_knights": (("attacks_lost", "attacks lost"), ("attacks", "attacks"))}


class Tally:
    """What one game showed, per level: cards held, named counts, decisions and their time."""

    def __init__(self, key: str, levels: list[str]) -> None:
        self.key = key
        self.levels = levels
        self.held: dict[str, list[int]] = {lv: [] for lv in set(levels)}
        self.counts: dict[str, Counter[str]] = {lv: Counter() for lv in set(levels)}
        self.game: Counter[str] = Counter()
        self.decisions: Counter[str] = Counter()
        self.seconds: Counter[str] = Counter()
        self.clock = time.perf_counter()

    def add(self, seat: int, name: str, n: int = 1) -> None:
        self.counts[self.levels[seat]][name] += n

    def before(self, state: Any, seat: int, action: Action) -> None:
        """Called between the decision and its action: the decision's time, and what only the
        state before the action shows."""
        now = time.perf_counter()
        level = self.levels[seat]
        self.decisions[level] += 1
        self.seconds[level] += now - self.clock
        kind = action.get("type")
        if kind == "commit" and self.key == "battles_builders":
            chips = action["chips"]
            self.add(seat, "builders", chips.get("builder", 0))
            if chips.get("king"):
                self.add(seat, "king")
                others = sum(n for k, n in chips.items() if k != "king")
                if not others and state.display:
                    self.add(seat, "king_alone")
        elif kind in ("deploy", "recruit") and self.key == "war_chest":
            self.add(seat, kind)

    def watch(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        for e in events:
            kind = e.get("type")
            who = e.get("seat")
            if kind == "turn_ended" and self.key == "cities_knights":
                self.held[self.levels[who]].append(sum(state.hand[who]))
            elif kind == "discarded":
                self.add(who, "discards")
                self.add(who, "discarded", e["count"])
            elif kind == "maritime_trade":
                self.add(who, "bank")
            elif kind == "trade_done":
                self.add(who, "player")
                self.add(e["partner"], "player")
            elif kind == "trade_offered":
                self.add(who, "offers")
            elif kind == "built" and not e.get("setup") and e["piece"] in ("settlement", "city"):
                self.add(who, e["piece"])
            elif kind == "knight_built":
                self.add(who, "knight")
            elif kind == "knight_activated":
                self.add(who, "activate")
            elif kind == "improvement_bought":
                self.add(who, "improvement")
            elif kind == "city_pillaged":
                self.add(who, "pillaged")
            elif kind == "barbarian_attack":
                self.game["attacks"] += 1
                self.game["attacks_lost"] += e["outcome"] != "defended"
            elif kind == "building_built":  # Burg
                self.add(who, "buildings")
            elif kind == "round_ended" and self.key == "burg":
                for p, player in enumerate(state.players):
                    self.held[self.levels[p]].append(sum(player.res))
        self.clock = time.perf_counter()


def one_game(key: str, levels: list[str], seed: int, iterations: int) -> dict[str, Any]:
    """Plain data from one game, for the parent process to add up."""
    tally = Tally(key, levels)
    played = play(registry.get(key), levels, seed=seed, iterations=iterations, before=tally.before, watch=tally.watch)
    return {
        "levels": levels,
        "finished": played.result is not None,
        "held": tally.held,
        "counts": {lv: dict(c) for lv, c in tally.counts.items()},
        "game": dict(tally.game),
        "decisions": dict(tally.decisions),
        "seconds": dict(tally.seconds),
    }


def percentile(values: list[int], q: float) -> float:
    """The q-th percentile (nearest rank, as ``numpy.percentile(..., method="inverted_cdf")``)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def report(key: str, results: list[dict[str, Any]]) -> None:
    """Print the game's table: one row per level."""
    rows: dict[str, dict[str, Any]] = {}
    for res in results:
        tables = set(res["levels"])
        for level in tables:
            row = rows.setdefault(
                level,
                {"held": [], "counts": Counter(), "seat_games": 0, "games": 0, "game": Counter(), "d": 0, "s": 0.0},
            )
            row["held"] += res["held"].get(level, [])
            row["counts"].update(res["counts"].get(level, {}))
            row["seat_games"] += res["levels"].count(level)
            row["games"] += 1
            row["game"].update(res["game"])
            row["d"] += res["decisions"].get(level, 0)
            row["s"] += res["seconds"].get(level, 0.0)
    unfinished = sum(not r["finished"] for r in results)
    columns = COLUMNS[key]
    game_columns = GAME_COLUMNS.get(key, ())
    head = ["level", "games", "held med/p90/max"] + [label for _, label in columns]
    head += [label + " /game" for _, label in game_columns] + ["ms/decision"]
    print(f"\n{key}" + (f" ({unfinished} games hit the step cap)" if unfinished else ""))
    print("| " + " | ".join(head) + " |")
    for level, row in sorted(rows.items()):
        held = row["held"]
        held_text = f"{statistics.median(held):g} / {percentile(held, 90):g} / {max(held)}" if held else "-"
        per_seat = [f"{row['counts'][name] / row['seat_games']:.2f}" for name, _ in columns]
        per_game = [f"{row['game'][name] / row['games']:.2f}" for name, _ in game_columns]
        ms = 1000 * row["s"] / row["d"] if row["d"] else 0.0
        print(
            "| " + " | ".join([level, str(row["games"]), held_text, *per_seat, *per_game, f"{ms:.1f}"]) + " |",
            flush=True,
        )


def parse_games(raw: str) -> dict[str, int]:
    out = dict(DEFAULT_GAMES)
    for part in raw.split(","):
        level, _, n = part.partition("=")
        out[level.strip()] = int(n)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(registry.ENGINES), action="append", help="default: every game")
    parser.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"], help="default: easy normal hard")
    parser.add_argument(
        "--games-per-level",
        type=parse_games,
        default=dict(DEFAULT_GAMES),
        metavar="LEVEL=N,...",
        help="games each level plays, per game (default: easy=10,normal=20,hard=4); with --seats, the games "
        "of that table are the largest of its levels' counts",
    )
    parser.add_argument("--seats", help="one mixed table, a level per seat (e.g. normal,hard,easy); default: none")
    parser.add_argument("--players", type=int, help="seats per table (default: the game's smallest count)")
    parser.add_argument("--iterations", type=int, default=30, help="hard: search iterations per decision (default: 30)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--first-seed", type=int, default=1, help="seed of the first game (default: 1)")
    args = parser.parse_args()
    print(
        f"AI habits, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"hard = ISMCTS with {args.iterations} iterations per decision"
    )
    with ProcessPoolExecutor(args.workers) as pool:
        for key in args.game or sorted(registry.ENGINES):
            engine = registry.get(key)
            counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
            players = args.players if args.players in counts else counts[0]
            if args.seats:
                tables = [args.seats.split(",")]
            else:
                tables = [[level] * players for level in args.levels]
            futures = []
            for levels in tables:
                known = all(lv in ("easy", "normal", "hard") or (key, lv) in RETIRED for lv in levels)
                if not known:
                    continue  # a retired level this game does not have
                n = max(args.games_per_level.get(lv, DEFAULT_GAMES.get(lv, 10)) for lv in levels)
                seeds = range(args.first_seed, args.first_seed + n)
                futures += [pool.submit(one_game, key, levels, seed, args.iterations) for seed in seeds]
            began = time.perf_counter()
            report(key, [f.result() for f in futures])
            print(f"({time.perf_counter() - began:.0f}s, {players} seats)", flush=True)


if __name__ == "__main__":
    main()
