"""Golden games of Battles & Builders, recorded once so later engine changes can prove they
play exactly alike (same legal lists in the same order, events, prompts, views, dumps, results
and random draws).

    python -m tests.games.battles_builders.recorded   # rewrites recorded_games.json deliberately

Each game keeps its players, options, seed, every step (seat, action, refusal code or None; a game stuck on a refused scripted die is kept
up to there), a
dump taken half way (as a database would hold it) and sha256 digests of the canonical JSON of
the final dump, the events, the legal lists, the prompts, the views and the result.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from games.battles_builders.engine import ENGINE as E
from games.core import IllegalAction

FIXTURE = Path(__file__).with_name("recorded_games.json")
DIGESTS = ("final_dump", "events", "legal", "pending", "views", "result")

#: (players, options, seeds): defaults, every option, data overrides and scripts (a scripted die
#: that is no face of its colour and dice of one face make ``apply`` refuse and restore).
GAMES: list[tuple[int, dict[str, Any], list[int]]] = [
    (2, {}, [1, 2, 3, 4, 31, 32, 33, 34]),
    (2, {"simultaneous_commit": True, "dummy_can_win": True}, [5, 6]),
    (2, {"start_player": 1, "dummy_can_win": True}, [7]),
    (
        2,
        {
            "event_tiles": [
                {"id": "X1", "terrain": "urban", "value": 2},
                {"id": "X2", "terrain": "open field", "value": 6},
                {"id": "X3", "terrain": "barbarian battle", "value": -3},
                {"id": "X4", "terrain": "mountain", "value": 4},
                {"id": "X5", "terrain": "barbarian", "value": -1},
            ],
            "colours": {"urban": {"infantry": "red"}, "mountain": {"archer": "green"}},
            "faces": {"green": [1, 2, 3, 4, 5, 6]},
        },
        [8],
    ),
    (
        2,
        {
            "script": {
                "event_order": ["BB", "M5", "U3"],
                "dummy_draws": [["builder", "infantry", "archer"], ["cavalry", "cavalry", "builder"]],
                "dice": [4, 4, 4, 5, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4],
            }
        },
        [9, 10],
    ),
    (3, {}, [11, 12, 13, 14, 35, 36]),
    (3, {"simultaneous_commit": True, "start_player": 2}, [15]),
    (3, {"faces": {"red": [3, 3, 3, 3, 3, 3], "yellow": [4, 4, 4, 4, 4, 4]}}, [16]),
    (3, {"faces": {"green": [4] * 6, "yellow": [4] * 6, "red": [4] * 6}}, [17]),
    (4, {}, [18, 19, 20, 21, 37, 38]),
    (4, {"simultaneous_commit": True}, [22]),
    (4, {"start_player": 3, "script": {"dice": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 4, 4]}}, [23, 24]),
]


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def prompts(st: Any) -> dict[str, Any]:
    return {str(s): [p.kind, p.secret, p.data] for s, p in sorted(E.pending(st).items())}


class Trace:
    """Everything observable along a game, gathered step by step."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.events: list[Any] = []
        self.legal: list[Any] = []
        self.pending: list[Any] = []
        self.views: list[Any] = []

    def observe(self, st: Any) -> None:
        self.pending.append(prompts(st))
        self.legal.append([E.legal(st, s) for s in range(self.players)])
        self.views.append([E.view(st, s) for s in [None, *range(self.players)]])

    def digests(self, st: Any) -> dict[str, str]:
        res = E.result(st)
        return {
            "final_dump": digest(E.dump(st)),
            "events": digest(self.events),
            "legal": digest(self.legal),
            "pending": digest(self.pending),
            "views": digest(self.views),
            "result": digest(res.to_json() if res is not None else None),
        }


def step(st: Any, seat: int, action: Any, trace: Trace | None = None) -> str | None:
    """Apply one recorded step; the refusal code when the engine refuses it."""
    try:
        evs = E.apply(st, seat, action)
    except IllegalAction as exc:
        if trace is not None:
            trace.events.append({"refused": exc.code})
        return exc.code
    if trace is not None:
        trace.events.append(evs)
    return None


def record(players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    rnd = random.Random(seed * 1009 + players)
    st = E.start(players, json.loads(json.dumps(options)), seed)
    trace = Trace(players)
    trace.events.append(E.opening_events(st))
    steps: list[list[Any]] = []
    trace.observe(st)
    refused = 0  # a refused scripted die stays next in line: stop after a few refusals in a row
    while (pend := E.pending(st)) and refused < 6:
        seat = rnd.choice(sorted(pend))
        action = rnd.choice(E.legal(st, seat))
        code = step(st, seat, action, trace)
        steps.append([seat, action, code])
        refused = refused + 1 if code is not None else 0
        trace.observe(st)
    cut = len(steps) // 2
    mid = E.start(players, json.loads(json.dumps(options)), seed)
    for seat, action, _ in steps[:cut]:
        step(mid, seat, action)
    return {
        "players": players,
        "options": options,
        "seed": seed,
        "steps": steps,
        "snapshot_at": cut,
        "snapshot": E.dump(mid),
        "digests": trace.digests(st),
    }


def replay(game: dict[str, Any]) -> tuple[Any, Trace, list[str | None]]:
    """Play a recorded game from its seed; the final state, its trace and the refusal codes."""
    players = game["players"]
    st = E.start(players, json.loads(json.dumps(game["options"])), game["seed"])
    trace = Trace(players)
    trace.events.append(E.opening_events(st))
    trace.observe(st)
    codes = []
    for seat, action, _ in game["steps"]:
        codes.append(step(st, seat, json.loads(json.dumps(action)), trace))
        trace.observe(st)
    return st, trace, codes


def main() -> None:
    games = [record(players, options, seed) for players, options, seeds in GAMES for seed in seeds]
    FIXTURE.write_text(json.dumps(games, separators=(",", ":")) + "\n")
    print(f"{len(games)} games, {FIXTURE.stat().st_size} bytes -> {FIXTURE}")


if __name__ == "__main__":
    main()
