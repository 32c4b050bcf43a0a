"""Recorded random games replay exactly: the same legal lists (same order), events, prompts, views,
dumps and chance as when they were recorded (regenerate with ``recorded.py`` only on purpose)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from games.cities_knights.engine import ENGINE
from tests.games.cities_knights.recorded import FIXTURE, canon, play

GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())["games"]
IDS = [f"{g['players']}p-seed{g['seed']}" for g in GAMES]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_prefix_replays_exactly(game: dict[str, Any]) -> None:
    got = play(game["players"], game["options"], game["seed"], game["chooser"], game["actions"])
    assert {k: got[k] for k in game["prefix"]} == game["prefix"]
    # the snapshot a database holds midway rebuilds the same state as the current code dumps it
    assert got["snapshot"] == game["snapshot"]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_snapshot_continues_exactly(game: dict[str, Any]) -> None:
    st = ENGINE.load(game["snapshot"])
    for seat, action in game["actions"][game["snapshot_at"] :]:
        ENGINE.apply(st, seat, action)
    assert hashlib.sha256(canon(ENGINE.dump(st)).encode()).hexdigest() == game["prefix"]["final_dump"]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_whole_game_replays_exactly(game: dict[str, Any]) -> None:
    got = play(game["players"], game["options"], game["seed"], game["chooser"])
    assert {k: got[k] for k in game["full"]} == game["full"]
