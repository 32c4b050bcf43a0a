"""Decision positions where an experienced Cities & Knights player's choice is clear, and what
``normal`` and ``hard`` (a fixed seed and search size) choose there.

Each position is built on the beginner board (rules §3.6, Appendix A) and decided through
``games.ai.players.decide``, so the AI sees only its own seat's view: the other hands are
redrawn from the cards it cannot see. Where a rival's hand matters, the third seat holds nothing,
so the cards it cannot see are exactly that rival's, as a player counting cards would know them.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.ai.players import decide
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from tests.games.cities_knights.helpers import V, act, edge, position

LEVELS = ("normal", "hard")
SEED = 7
ITERATIONS = 40


def choice(st: State, seat: int, level: str) -> dict[str, Any]:
    return decide(ENGINE, st, seat, level, seed=SEED, iterations=ITERATIONS)


def play_out_turn(st: State, seat: int, level: str, steps: int = 12) -> list[dict[str, Any]]:
    """The seat's actions until it ends its turn (its own decisions, one after another)."""
    taken: list[dict[str, Any]] = []
    for _ in range(steps):
        action = choice(st, seat, level)
        taken.append(action)
        act(st, seat, action)
        if action["type"] == "end_turn":
            break
    return taken


@pytest.mark.parametrize("level", LEVELS)
def test_takes_the_win_before_defending(level: str) -> None:
    # 12 points (three cities, two settlements, four Defender cards): a settlement at the end of its
    # road wins at once, though the barbarians are one ship away and its knight stands idle
    # (activating it would spend the grain the settlement needs)
    st = position(
        3,
        cities={0: ["0,-1,S", "1,0,S", "-1,-1,N"]},
        settlements={0: ["2,-1,N", "-2,1,S"]},
        roads={0: [edge("0,-1,S", "0,0,N"), edge("0,0,N", "1,-1,S")]},
        knights={0: [("0,0,N", 1, False)]},
        hands={0: {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}},
        barbarian=6,
    )
    st.defenders[0] = 4
    action = choice(st, 0, level)
    assert action == {"type": "build_settlement", "vertex": "1,-1,S"}
    act(st, 0, action)
    assert st.winner == 0


@pytest.mark.parametrize("level", LEVELS)
def test_trades_down_before_a_seven_with_a_lopsided_hand(level: str) -> None:
    # ten lumber and an ore: nothing to build, and a seven would take five cards
    st = position(3, cities={0: ["0,-1,S"]}, settlements={0: ["1,0,S"]}, hands={0: {"lumber": 10, "ore": 1}})
    taken = play_out_turn(st, 0, level)
    assert taken[0]["type"] == "maritime_trade" and taken[0]["give"] == "lumber"
    assert taken[-1]["type"] == "end_turn"
    assert sum(st.hand[0]) <= 7


@pytest.mark.parametrize("level", LEVELS)
def test_defends_before_the_barbarians_arrive_rather_than_build_a_city(level: str) -> None:
    # one ship from an attack, three cities against two active knights, and seat 0 the weakest:
    # a new city would be pillaged at once; a knight, activated, saves every city
    st = position(
        3,
        cities={0: ["0,-1,S"], 1: ["1,0,S"], 2: ["-2,1,S"]},
        settlements={0: ["2,-1,N"]},
        roads={0: [edge("0,-1,S", "0,0,N")], 1: [edge("1,0,S", "1,1,N")], 2: [edge("-2,1,S", "-2,2,N")]},
        knights={1: [("1,1,N", 1, True)], 2: [("-2,2,N", 1, True)]},
        hands={0: {"ore": 4, "grain": 3, "wool": 1}},
        barbarian=6,
    )
    taken = play_out_turn(st, 0, level)
    assert taken[0] == {"type": "build_knight", "vertex": "0,0,N"}
    assert {"type": "activate_knight", "vertex": "0,0,N"} in taken
    assert st.k_active[V["0,0,N"]]


@pytest.mark.parametrize("level", LEVELS)
def test_activates_its_knight_before_an_attack(level: str) -> None:
    st = position(
        3,
        cities={0: ["0,-1,S"], 1: ["1,0,S"]},
        roads={0: [edge("0,-1,S", "0,0,N")], 1: [edge("1,0,S", "1,1,N")]},
        knights={0: [("0,0,N", 1, False)], 1: [("1,1,N", 1, True)]},
        hands={0: {"grain": 1, "lumber": 1, "brick": 1}},
        barbarian=5,
    )
    assert choice(st, 0, level) == {"type": "activate_knight", "vertex": "0,0,N"}


@pytest.mark.parametrize("level", LEVELS)
def test_rebuilds_the_pillaged_city_trading_spare_wool(level: str) -> None:
    # its only city was pillaged (a settlement again); eight wool buy the two ore it lacks
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"wool": 8, "ore": 1, "grain": 2}})
    taken = play_out_turn(st, 0, level)
    trades = [a for a in taken if a["type"] == "maritime_trade"]
    assert [(a["give"], a["get"]) for a in trades[:2]] == [("wool", "ore"), ("wool", "ore")]
    assert {"type": "build_city", "vertex": "0,-1,S"} in taken


@pytest.mark.parametrize("level", LEVELS)
def test_buys_the_improvement_its_commodities_pay_for(level: str) -> None:
    st = position(3, cities={0: ["0,-1,S"]}, hands={0: {"coin": 3}}, levels={0: {"politics": 2}})
    assert choice(st, 0, level) == {"type": "buy_improvement", "track": "politics"}


@pytest.mark.parametrize("level", LEVELS)
def test_trades_spare_cards_for_the_last_coin_of_the_fortress(level: str) -> None:
    # politics 2 -> 3 costs three coin; four spare lumber buy the third from the bank
    st = position(3, cities={0: ["0,-1,S"]}, hands={0: {"coin": 2, "lumber": 4}}, levels={0: {"politics": 2}})
    taken = play_out_turn(st, 0, level)
    assert taken[:2] == [
        {"type": "maritime_trade", "give": "lumber", "rate": 4, "get": "coin"},
        {"type": "buy_improvement", "track": "politics"},
    ]


@pytest.mark.parametrize("level", LEVELS)
def test_builds_the_city_when_affordable_rather_than_a_road(level: str) -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        cities={0: ["1,0,S"]},
        roads={0: [edge("0,-1,S", "0,0,N")]},
        hands={0: {"ore": 3, "grain": 2, "lumber": 1, "brick": 1}},
    )
    assert choice(st, 0, level) == {"type": "build_city", "vertex": "0,-1,S"}


def _offered(answerer: dict[str, int], roads: list[str] | None = None) -> State:
    # seat 0 holds two ore, two grain, a wool and a lumber beside its settlement: one more ore
    # makes its city, and it offers the wool for it
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        cities={1: ["1,0,S"]},
        roads={1: roads or []},
        hands={0: {"ore": 2, "grain": 2, "wool": 1, "lumber": 1}, 1: answerer},
    )
    act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": [1]})
    return st


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_give_a_rival_the_ore_that_completes_their_city(level: str) -> None:
    # a wool for its fifth ore would leave seat 1 a better spread of cards, but only a little
    st = _offered({"ore": 5, "brick": 1})
    assert choice(st, 1, level)["type"] in ("reject_trade", "counter_offer")


@pytest.mark.parametrize("level", LEVELS)
def test_accepts_that_trade_when_it_completes_its_own_settlement_too(level: str) -> None:
    # the wool is the one card seat 1's settlement lacks at the end of its road: good for both
    st = _offered({"ore": 3, "brick": 1, "lumber": 1, "grain": 1}, [edge("1,0,S", "1,1,N"), edge("1,1,N", "2,0,S")])
    assert choice(st, 1, level) == {"type": "accept_trade"}
