"""Recorded games: replaying them must give exactly what the engine gave when they were recorded.

``recorded_games.json`` holds random games per player count and option set: the seed, the whole
action log, a ``dump`` taken mid-game (as a database holds it) and sha256 hashes of the final
dump, of every event (the opening included) and of every seat's ``legal`` list, the prompts and
every view after each step. A change to the engine that alters any of them, even the order of
``legal``, fails here. Regenerate deliberately (only when a rule change is intended) with

    .venv/bin/python -m tests.games.burg.test_recorded_games
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.burg.engine import ENGINE

FIXTURE = Path(__file__).with_name("recorded_games.json")

#: (players, options, seeds) recorded by the generator.
CASES: list[tuple[int, dict[str, Any], tuple[int, ...]]] = [
    (2, {}, (1, 2, 3)),
    (3, {}, (4, 5, 6)),
    (4, {}, (7, 8, 9)),
    (2, {"winterEnabled": True}, (10,)),
    (3, {"winterEnabled": True, "winterRevealTiming": "beforeSelection"}, (11,)),
    (4, {"winterEnabled": True, "script": {"winter_order": ["winter_guest", "winter_snow"]}}, (12, 13)),
    (4, {"stonemasonPaymentTo": "workerOwner", "allowDisplacingOwnTraderHelper": True}, (14,)),
    (3, {"workerChoiceAllowsDuplicates": False, "cardsPerRoundPerPlayer": 2}, (15,)),
    (
        2,
        {"resourceValues": {"sand": 2}, "minDifferentResourceTypesPerBuilding": 2, "maxCastleHelpersPerAction": 1},
        (16,),
    ),
]


def _canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"))


def _sha(x: Any) -> str:
    return hashlib.sha256(_canon(x).encode()).hexdigest()


def _prompts(prompts: dict[int, Any]) -> list[Any]:
    return [[seat, p.kind, p.secret, p.data] for seat, p in sorted(prompts.items())]


def _observe(s: Any, players: int, legal: list[Any], prompts: list[Any], views: list[Any]) -> None:
    """What every seat is offered and sees now."""
    legal.append([ENGINE.legal(s, seat) for seat in range(players)])
    prompts.append([_prompts(ENGINE.pending(s)), _prompts(ENGINE.invitations(s))])
    views.append([ENGINE.view(s, seat) for seat in [None, *range(players)]])


def replay(players: int, options: dict[str, Any], seed: int, log: list[Any]) -> dict[str, str]:
    """Hashes of everything a replay of ``log`` shows."""
    s = ENGINE.start(players, json.loads(json.dumps(options)), seed)
    events: list[Any] = [ENGINE.opening_events(s)]
    legal: list[Any] = []
    prompts: list[Any] = []
    views: list[Any] = []
    _observe(s, players, legal, prompts, views)
    for seat, action in log:
        events.append(ENGINE.apply(s, seat, action))
        _observe(s, players, legal, prompts, views)
    res = ENGINE.result(s)
    return {
        "final_dump": _sha(ENGINE.dump(s)),
        "events": _sha(events),
        "legal": _sha(legal),
        "prompts": _sha(prompts),
        "views": _sha(views),
        "result": _sha(None if res is None else res.to_json()),
    }


def _random_log(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """A random game; now and then a seat that has chosen changes its choice (R-24)."""
    rnd = random.Random(seed)
    s = ENGINE.start(players, json.loads(json.dumps(options)), seed)
    log: list[Any] = []
    while pend := ENGINE.pending(s):
        seat = rnd.choice(sorted(pend))
        changers = sorted(ENGINE.invitations(s))
        if changers and rnd.random() < 0.15:
            seat = rnd.choice(changers)
        action = rnd.choice(ENGINE.legal(s, seat))
        ENGINE.apply(s, seat, action)
        log.append([seat, json.loads(json.dumps(action))])
    return log


def generate() -> list[dict[str, Any]]:
    games = []
    for players, options, seeds in CASES:
        for seed in seeds:
            log = _random_log(players, options, seed)
            cut = len(log) // 2
            s = ENGINE.start(players, json.loads(json.dumps(options)), seed)
            for seat, action in log[:cut]:
                ENGINE.apply(s, seat, action)
            games.append(
                {
                    "players": players,
                    "options": options,
                    "seed": seed,
                    "actions": log,
                    "snapshot_at": cut,
                    "snapshot": ENGINE.dump(s),
                    "hashes": replay(players, options, seed, log),
                }
            )
    return games


def _games() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text()) if FIXTURE.exists() else []


def test_fixture_holds_every_case() -> None:
    assert len(_games()) == sum(len(seeds) for _p, _o, seeds in CASES)


@pytest.mark.parametrize("game", _games(), ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_replay_gives_the_recorded_game(game: dict[str, Any]) -> None:
    assert replay(game["players"], game["options"], game["seed"], game["actions"]) == game["hashes"]


@pytest.mark.parametrize("game", _games(), ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_recorded_snapshot_continues_to_the_recorded_end(game: dict[str, Any]) -> None:
    s = ENGINE.load(json.loads(json.dumps(game["snapshot"])))
    assert _canon(ENGINE.dump(s)) == _canon(game["snapshot"])
    for seat, action in game["actions"][game["snapshot_at"] :]:
        ENGINE.apply(s, seat, action)
    assert _sha(ENGINE.dump(s)) == game["hashes"]["final_dump"]
    c = ENGINE.clone(ENGINE.load(game["snapshot"]))
    for seat, action in game["actions"][game["snapshot_at"] :]:
        ENGINE.apply(c, seat, action)
    assert _sha(ENGINE.dump(c)) == game["hashes"]["final_dump"]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(generate(), separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")
