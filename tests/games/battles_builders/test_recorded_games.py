"""Recorded games replay exactly: the same legal lists, prompts, views, events, dumps and result
as the engine produced when they were recorded (tests/games/battles_builders/recorded.py), and a
dump saved half way continues to the same end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.battles_builders.engine import ENGINE as E
from tests.games.battles_builders.recorded import FIXTURE, canonical, digest, replay, step

GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


def _id(game: dict[str, Any]) -> str:
    return f"{game['players']}p-seed{game['seed']}"


def test_fixture_covers_every_player_count_and_a_refusal() -> None:
    assert {g["players"] for g in GAMES} == {2, 3, 4}
    assert any(code is not None for g in GAMES for _, _, code in g["steps"])


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_replay_from_seed_matches_recording(game: dict[str, Any]) -> None:
    st, trace, codes = replay(game)
    assert codes == [code for _, _, code in game["steps"]]
    assert trace.digests(st) == game["digests"]


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_saved_snapshot_continues_to_the_same_end(game: dict[str, Any]) -> None:
    players, cut = game["players"], game["snapshot_at"]
    again = E.start(players, json.loads(json.dumps(game["options"])), game["seed"])
    for seat, action, _ in game["steps"][:cut]:
        step(again, seat, json.loads(json.dumps(action)))
    assert canonical(E.dump(again)) == canonical(game["snapshot"])
    st = E.load(json.loads(json.dumps(game["snapshot"])))
    for seat, action, code in game["steps"][cut:]:
        assert step(st, seat, json.loads(json.dumps(action))) == code
    assert digest(E.dump(st)) == game["digests"]["final_dump"]
