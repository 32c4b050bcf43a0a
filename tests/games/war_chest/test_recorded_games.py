"""Recorded games: replaying seed + actions must rebuild exactly what the engine produced when
``recorded_games.json`` was written (legal lists in order, events, prompts, views, final dump), and
a mid-game dump as a database holds it must load and continue to the same end.

Regenerate deliberately (only when a rule change is meant to alter play) with
``.venv/bin/python -m tests.games.war_chest.test_recorded_games``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.war_chest.engine import ENGINE

FIXTURE = Path(__file__).with_name("recorded_games.json")

#: (players, options, seed); a scripted game takes the backup path of apply
GAMES: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 11),
    (2, {}, 12),
    (2, {"royal_guard": "revised"}, 13),
    (2, {"setup": "draft"}, 14),
    (2, {"setup": "draft", "royal_guard": "revised"}, 15),
    (2, {"script": {"cards": ["Footman", "Scout"], "flips": ["wolf"], "draws": {"0": ["royal", "Footman"]}}}, 16),
    (4, {}, 21),
    (4, {"royal_guard": "revised"}, 22),
    (4, {"setup": "draft"}, 23),
    (4, {"setup": "draft", "royal_guard": "revised"}, 24),
    (4, {"script": {"cards": ["Ensign", "Marshall", "Lancer", "Archer"], "draws": {"1": ["Archer", "royal"]}}}, 25),
]
VIEW_EVERY = 7  # views of every seat are hashed at every 7th step (and at the end)


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _prompts(state: Any) -> list[Any]:
    return [[s, p.kind, p.secret, p.data] for s, p in sorted(ENGINE.pending(state).items())]


def _views(state: Any) -> list[Any]:
    return [ENGINE.view(state, s) for s in [None, *range(state.players)]]


def play(players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A random game as the current engine plays it, with every hash the test checks."""
    rnd = random.Random(seed)
    state = ENGINE.start(players, json.loads(json.dumps(options)), seed)
    actions: list[list[Any]] = []
    legals: list[Any] = []
    events: list[Any] = [ENGINE.opening_events(state)]
    prompts: list[Any] = []
    views: list[Any] = []
    snapshot = None
    while True:
        pending = ENGINE.pending(state)
        prompts.append(_prompts(state))
        if len(actions) % VIEW_EVERY == 0:
            views.append(_views(state))
        if not pending:
            break
        seat = rnd.choice(sorted(pending))
        legal = ENGINE.legal(state, seat)
        legals.append(legal)
        action = rnd.choice(legal)
        actions.append([seat, action])
        events.append(ENGINE.apply(state, seat, action))
        if len(actions) == 150:
            snapshot = ENGINE.dump(state)
    views.append(_views(state))
    result = ENGINE.result(state)
    assert result is not None and snapshot is not None
    return {
        "players": players,
        "options": options,
        "seed": seed,
        "actions": actions,
        "snapshot_at": 150,
        "snapshot": snapshot,
        "final_dump": digest(ENGINE.dump(state)),
        "events": digest(events),
        "legal": digest(legals),
        "prompts": digest(prompts),
        "views": digest(views),
        "result": digest(result.to_json()),
    }


def _replay(game: dict[str, Any]) -> dict[str, str]:
    state = ENGINE.start(game["players"], json.loads(json.dumps(game["options"])), game["seed"])
    legals: list[Any] = []
    events: list[Any] = [ENGINE.opening_events(state)]
    prompts: list[Any] = []
    views: list[Any] = []
    for step, (seat, action) in enumerate(game["actions"]):
        prompts.append(_prompts(state))
        if step % VIEW_EVERY == 0:
            views.append(_views(state))
        legals.append(ENGINE.legal(state, seat))
        events.append(ENGINE.apply(state, seat, json.loads(json.dumps(action))))
    prompts.append(_prompts(state))
    if len(game["actions"]) % VIEW_EVERY == 0:
        views.append(_views(state))
    views.append(_views(state))
    result = ENGINE.result(state)
    assert result is not None
    return {
        "final_dump": digest(ENGINE.dump(state)),
        "events": digest(events),
        "legal": digest(legals),
        "prompts": digest(prompts),
        "views": digest(views),
        "result": digest(result.to_json()),
    }


def _games() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text())["games"]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_replay_matches_recording(index: int) -> None:
    game = _games()[index]
    got = _replay(game)
    for key, value in got.items():
        assert value == game[key], (key, game["players"], game["options"], game["seed"])


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_recorded_snapshot_continues_to_the_same_end(index: int) -> None:
    game = _games()[index]
    state = ENGINE.load(json.loads(json.dumps(game["snapshot"])))
    for seat, action in game["actions"][game["snapshot_at"] :]:
        ENGINE.apply(state, seat, json.loads(json.dumps(action)))
    assert not ENGINE.pending(state)
    assert digest(ENGINE.dump(state)) == game["final_dump"]


def test_recorded_snapshot_is_what_replay_reaches() -> None:
    for game in _games():
        state = ENGINE.start(game["players"], json.loads(json.dumps(game["options"])), game["seed"])
        for seat, action in game["actions"][: game["snapshot_at"]]:
            ENGINE.apply(state, seat, action)
        assert ENGINE.dump(state) == game["snapshot"]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({"games": [play(*g) for g in GAMES]}, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")
