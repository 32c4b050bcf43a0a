"""The playout policy of ``hard``: ``normal`` plus a set-up and later buildings placed for
commodities, trading spare cards toward the next build, and Medicine, Crane and Alchemist used well."""

from __future__ import annotations

import importlib
import random

from games.ai.players import playout_policy
from games.cities_knights import expert as X
from games.cities_knights import strategy as S
from games.cities_knights.engine import ENGINE
from games.registry import ENGINES
from tests.games.cities_knights.helpers import position


def test_hard_searches_with_the_expert_here_and_with_normal_elsewhere() -> None:
    assert importlib.import_module(ENGINE.expert_module) is X
    assert playout_policy(ENGINE) is X
    for engine in ENGINES.values():
        if engine.key != ENGINE.key:
            assert playout_policy(engine) is importlib.import_module(engine.strategy_module)


def test_offers_a_spare_card_for_what_the_city_lacks_when_someone_would_take_it() -> None:
    # seat 0 wants a city (3 ore, 2 grain) and holds four wool; seat 1 has ore to spare
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"wool": 4, "grain": 2}, 1: {"ore": 5}})
    assert S.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"
    offer = X.choose(ENGINE, st, 0, random.Random(0))
    assert offer == {"type": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": "all"}


def test_no_offer_nobody_would_take_and_the_bank_gets_the_spare_cards_instead() -> None:
    # nobody holds ore, so no offer; five wool (one kept for a settlement) buy one ore at 4:1, as
    # normal too sheds them before a seven could take half of its eight cards
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"wool": 5, "ore": 1, "grain": 2}})
    trade = {"type": "maritime_trade", "give": "wool", "rate": 4, "get": "ore"}
    assert S.choose(ENGINE, st, 0, random.Random(0)) == trade
    assert X.choose(ENGINE, st, 0, random.Random(0)) == trade


def test_cards_the_next_builds_need_are_not_traded_away() -> None:
    # three ore and two grain make the city: nothing is spare, nothing lacking, the turn ends
    st = position(3, hands={0: {"ore": 2, "grain": 2, "wool": 1}}, settlements={0: ["0,-1,S"]})
    assert X.goals(st, 0)[0] == X.D.COST_CITY
    assert X.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"


def test_the_setup_city_goes_where_it_earns_commodities() -> None:
    # beginner board, every seat placing as normal does, until seat 1 places its city
    st = ENGINE.start(3, {"layout": "beginner"}, 1)
    while (seat := min(ENGINE.pending(st))) != 1 or ENGINE.legal(st, seat)[0]["type"] != "build_city":
        ENGINE.apply(st, seat, S.choose(ENGINE, st, seat, random.Random(0)))
    assert S.choose(ENGINE, st, seat, random.Random(0))["vertex"] == "0,-2,S"  # mountains, hills, fields
    chosen = X.choose(ENGINE, st, seat, random.Random(0))
    assert chosen == {"type": "build_city", "vertex": "2,-2,S"}  # forest and pasture: paper and cloth
    worth = {a["vertex"]: X.setup_worth(st, S.VI[a["vertex"]], True) for a in ENGINE.legal(st, seat)}
    assert worth[chosen["vertex"]] == max(worth.values())


def test_a_later_city_goes_where_the_set_up_worth_is_highest() -> None:
    # normal upgrades the settlement on forest 11, fields 12 and hills 6; the expert the one on
    # mountains 8, whose city yields ore and coin on the likelier number
    st = position(3, settlements={0: ["-1,0,N", "3,-1,S"]}, hands={0: {"ore": 3, "grain": 2}})
    assert S.choose(ENGINE, st, 0, random.Random(0)) == {"type": "build_city", "vertex": "-1,0,N"}
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {"type": "build_city", "vertex": "3,-1,S"}


def test_medicine_and_crane_pay_for_the_build_they_can_cheapen() -> None:
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"ore": 3, "grain": 2}}, progress={0: ["medicine"]})
    assert S.choose(ENGINE, st, 0, random.Random(0)) == {"type": "build_city", "vertex": "0,-1,S"}
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {"type": "build_city", "vertex": "0,-1,S", "use_medicine": True}
    st = position(3, cities={0: ["0,-1,S"]}, hands={0: {"paper": 1, "cloth": 1, "coin": 1}}, progress={0: ["crane"]})
    assert S.choose(ENGINE, st, 0, random.Random(0)) == {"type": "buy_improvement", "track": "science"}
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {
        "type": "buy_improvement",
        "track": "science",
        "use_crane": True,
    }


def test_the_alchemist_picks_the_roll_that_pays_and_a_low_red_die() -> None:
    # a city on hills 6 and forest 11: a 6 or an 11 earns two cards; 6 can be rolled with red 1
    st = position(3, cities={0: ["0,-1,S"]}, progress={0: ["alchemist"]}, phase="roll")
    assert S.choose(ENGINE, st, 0, random.Random(0)) == {"type": "roll"}
    assert X.roll_worth(st, 0, 6) == X.roll_worth(st, 0, 11) == 2.0
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {"type": "play_alchemist", "red": 1, "yellow": 5}
    # a settlement there earns one card a roll: not worth the Alchemist
    st = position(3, settlements={0: ["0,-1,S"]}, progress={0: ["alchemist"]}, phase="roll")
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {"type": "roll"}
    # a rival's city on the same hexes makes the roll worth less
    st = position(3, cities={0: ["0,-1,S"], 1: ["-1,0,N"]}, progress={0: ["alchemist"]}, phase="roll")
    assert X.roll_worth(st, 0, 6) == 2.0 + 2 * X.RIVAL_CARD
