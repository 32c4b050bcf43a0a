"""The ``normal`` AI: always a legal choice, sensible set-up and trade answers, beats random play
(``hard``'s expert playout policy is held to the same legality test)."""

from __future__ import annotations

import importlib
import json
import random
from types import ModuleType

import pytest

from games.cities_knights import expert as X
from games.cities_knights import strategy as S
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from tests.games.cities_knights.helpers import act, position
from tests.games.cities_knights.test_determinize import positions


def key(a: dict) -> str:
    return json.dumps(a, sort_keys=True)


def test_engine_names_the_strategy_module() -> None:
    assert importlib.import_module(ENGINE.strategy_module) is S


@pytest.mark.parametrize("policy", [S, X], ids=["normal", "expert"])
def test_choice_is_always_legal_including_invitations(policy: ModuleType) -> None:
    seen: set[str] = set()
    for players, seed in ((3, 41), (4, 42)):
        for st in positions(players, seed, every=3):
            asked = {**ENGINE.invitations(st), **ENGINE.pending(st)}
            for seat in asked:
                det = ENGINE.determinize(st, seat, random.Random(seed))
                choice = policy.choose(ENGINE, det, seat, random.Random(1))
                assert key(choice) in {key(a) for a in ENGINE.legal(st, seat)}
                seen.add(asked[seat].kind)
            values = policy.evaluate(ENGINE, st)
            assert set(values) == set(range(players)) and all(0.0 <= v <= 1.0 for v in values.values())
    assert {"setup_settlement", "setup_road", "setup_city", "roll", "turn", "discard"} <= seen


def test_setup_takes_the_richest_intersection() -> None:
    st = ENGINE.start(3, {"layout": "beginner"}, 1)
    choice = S.choose(ENGINE, st, 0, random.Random(0))
    pips = {a["vertex"]: S.vertex_worth(st, S.VI[a["vertex"]]) for a in ENGINE.legal(st, 0)}
    assert pips[choice["vertex"]] == max(pips.values())


def _offer(give: dict[str, int], want: dict[str, int], answerer_hand: dict[str, int]) -> State:
    st = position(3, hands={0: {"wool": 3, "ore": 3, "lumber": 2}, 1: answerer_hand})
    act(st, 0, {"type": "offer_trade", "give": give, "want": want, "to": [1]})
    return st


def test_trade_answers_are_sensible() -> None:
    # 2 ore for 1 spare lumber helps: accept
    good = _offer({"ore": 2}, {"lumber": 1}, {"lumber": 4, "grain": 1})
    assert S.choose(ENGINE, good, 1, random.Random(0))["type"] == "accept_trade"
    # giving the only ore for 1 wool does not: never accepted
    for r in range(20):
        bad = _offer({"wool": 1}, {"ore": 1}, {"ore": 1, "grain": 2})
        assert S.choose(ENGINE, bad, 1, random.Random(r))["type"] in ("reject_trade", "counter_offer")


def test_evaluate_is_one_for_the_winner_once_over() -> None:
    st = position(3, cities={0: ["0,-1,S"]})
    st.phase, st.winner = "over", 0
    assert S.evaluate(ENGINE, st) == {0: 1.0, 1: 0.0, 2: 0.0}


def _match(players: int, normal: int, seed: int) -> bool:
    rng = random.Random(seed)
    st = ENGINE.start(players, {}, seed)
    for _ in range(30000):
        pend = ENGINE.pending(st)
        if not pend:
            break
        seat = rng.choice(sorted(pend))
        if normal in ENGINE.invitations(st) and rng.random() < 0.5:
            seat = normal
        acts = ENGINE.legal(st, seat)
        ENGINE.apply(st, seat, S.choose(ENGINE, st, seat, rng) if seat == normal else rng.choice(acts))
    res = ENGINE.result(st)
    return res is not None and normal in res.winners


def test_normal_beats_random_players_clearly() -> None:
    games = [(3 + i % 2, i % (3 + i % 2), 500 + i) for i in range(12)]
    wins = sum(_match(players, normal, seed) for players, normal, seed in games)
    assert wins >= 9, wins
