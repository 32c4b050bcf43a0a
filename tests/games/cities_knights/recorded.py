"""Golden random games of Cities & Knights, recorded once so engine changes can prove they behave
identically (same legal lists in the same order, events, prompts, views, dumps and chance).

    .venv/bin/python -m tests.games.cities_knights.recorded   # rewrites recorded_games.json

Regenerate only on a deliberate rule change. A random player (``random.Random(chooser)``) picks a
seat among those pending or invited to answer a trade offer, then one of its legal actions, until
the game ends. Random games run to ~9,000 actions, so the fixture stores the first ``PREFIX``
actions and a snapshot dumped midway through them; the whole game is checked by its hashes, the
test replaying the same random player.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from games.cities_knights.engine import ENGINE

FIXTURE = Path(__file__).with_name("recorded_games.json")
PREFIX = 600
SNAPSHOT_AT = 300
VIEW_EVERY = 50  # every this many steps: the views of every seat and the spectator, every seat's legal
MAX_STEPS = 20_000

#: (players, options, seed, chooser seed)
GAMES: tuple[tuple[int, dict[str, Any], int, int], ...] = (
    (3, {}, 1, 101),
    (3, {}, 2, 102),
    (3, {"layout": "beginner"}, 3, 103),
    (4, {}, 4, 104),
    (4, {}, 5, 105),
    (4, {"numbers": "spiral", "random_seats": True}, 6, 106),
    (4, {"layout": "beginner", "random_seats": True}, 7, 107),
)


def canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


class Stream:
    """sha256 of the canonical JSON of a list, fed one element at a time."""

    def __init__(self) -> None:
        self.h = hashlib.sha256(b"[")
        self.first = True

    def add(self, x: Any) -> None:
        self.h.update((canon(x) if self.first else "," + canon(x)).encode())
        self.first = False

    def hexdigest(self) -> str:
        h = self.h.copy()
        h.update(b"]")
        return h.hexdigest()


def prompts(engine: Any, st: Any) -> dict[str, Any]:
    return {
        kind: {str(s): [p.kind, p.secret, p.data] for s, p in sorted(getattr(engine, kind)(st).items())}
        for kind in ("pending", "invitations")
    }


def play(
    players: int, options: dict[str, Any], seed: int, chooser: int, actions: list[list[Any]] | None = None
) -> dict[str, Any]:
    """Play (or replay ``actions``, then stop) and record: the actions and hashes of everything seen.

    Without ``actions`` the random player picks until the game ends."""
    engine = ENGINE
    rnd = random.Random(chooser)
    st = engine.start(players, dict(options), seed)
    events, legals, looks = Stream(), Stream(), Stream()
    events.add(engine.opening_events(st))
    taken: list[list[Any]] = []
    snapshot = None
    step = 0
    limit = len(actions) if actions is not None else MAX_STEPS
    while step < limit:
        pend = engine.pending(st)
        if not pend:
            break
        seats = sorted(set(pend) | set(engine.invitations(st)))
        if step % VIEW_EVERY == 0:
            looks.add([step, prompts(engine, st), [engine.view(st, s) for s in [None, *range(players)]]])
            looks.add([engine.legal(st, s) for s in range(players)])
        if actions is not None:
            seat, action = actions[step]
        else:
            seat = rnd.choice(seats)
        legal = engine.legal(st, seat)
        legals.add([seat, legal])
        if actions is None:
            action = rnd.choice(legal)
        events.add(engine.apply(st, seat, action))
        taken.append([seat, action])
        step += 1
        if step == SNAPSHOT_AT:
            snapshot = engine.dump(st)
    looks.add([step, prompts(engine, st), [engine.view(st, s) for s in [None, *range(players)]]])
    result = engine.result(st)
    return {
        "actions": taken,
        "snapshot": snapshot,
        "steps": step,
        "final_dump": hashlib.sha256(canon(engine.dump(st)).encode()).hexdigest(),
        "events": events.hexdigest(),
        "legal": legals.hexdigest(),
        "views": looks.hexdigest(),
        "result": None if result is None else result.to_json(),
    }


def record() -> dict[str, Any]:
    games = []
    for players, options, seed, chooser in GAMES:
        full = play(players, options, seed, chooser)
        prefix = play(players, options, seed, chooser, full["actions"][:PREFIX])
        games.append(
            {
                "players": players,
                "options": options,
                "seed": seed,
                "chooser": chooser,
                "actions": prefix["actions"],
                "snapshot_at": SNAPSHOT_AT,
                "snapshot": prefix["snapshot"],
                "prefix": {k: prefix[k] for k in ("final_dump", "events", "legal", "views")},
                "full": {k: full[k] for k in ("steps", "final_dump", "events", "legal", "views", "result")},
            }
        )
    return {"games": games}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")
