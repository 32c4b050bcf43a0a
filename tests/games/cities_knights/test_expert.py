"""The playout policy of ``hard``: ``normal`` plus a set-up and later buildings placed for
commodities, trading spare cards toward the next build, Medicine, Crane and Alchemist used well, and
progress cards aimed (at the leader, at what the rivals hold) or kept until they pay."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from games.ai.players import playout_policy
from games.cities_knights import expert as X
from games.cities_knights import rules as R
from games.cities_knights import strategy as S
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from games.registry import ENGINES
from tests.games.cities_knights.helpers import edge, position


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


def _choices(st: State, seat: int, policy: ModuleType) -> list[dict]:
    """The policy's choice under ten seeds (normal picks its progress-card targets at random)."""
    return [policy.choose(ENGINE, st, seat, random.Random(seed)) for seed in range(10)]


def test_a_resource_monopoly_names_what_the_rivals_hold_most() -> None:
    rest = {"lumber": 1, "brick": 1, "grain": 1, "ore": 1}
    st = position(3, hands={1: {"wool": 5, **rest}, 2: rest}, progress={0: ["resource_monopoly"]})
    assert len({a["kind"] for a in _choices(st, 0, S)}) > 1
    assert all(a == {"type": "play_progress", "card": "resource_monopoly", "kind": "wool"} for a in _choices(st, 0, X))


def test_a_trade_monopoly_names_the_commodity_it_takes_most_of() -> None:
    # one coin from each rival beats the single card taken from three cloth
    st = position(3, hands={1: {"cloth": 3, "coin": 1}, 2: {"coin": 1}}, progress={0: ["trade_monopoly"]})
    assert len({a["kind"] for a in _choices(st, 0, S)}) > 1
    assert {a["kind"] for a in _choices(st, 0, X)} == {"coin"}


def test_a_merchant_fleet_names_the_kind_held_spare_most() -> None:
    st = position(3, hands={0: {"brick": 4, "wool": 1, "paper": 2}}, progress={0: ["merchant_fleet"]})
    assert len({a["kind"] for a in _choices(st, 0, S)}) > 1
    assert {a["kind"] for a in _choices(st, 0, X)} == {"brick"}


def test_the_merchant_goes_to_the_kind_the_seat_produces_most() -> None:
    # hills 6 and hills 10 make brick the seat's best kind; mountains 8 yields ore, forest 11 lumber
    st = position(3, settlements={0: ["0,-1,S", "2,0,N"]}, progress={0: ["merchant"]})
    assert len({a["hex"] for a in _choices(st, 0, S)}) > 1
    assert {a["hex"] for a in _choices(st, 0, X)} == {"0,-1"}


def test_the_bishop_robs_the_leader_and_spares_the_seat() -> None:
    # seat 1 leads with a city on mountains 8 and hills 10; seat 2's settlement is on forest 8
    st = position(
        3,
        settlements={0: ["0,-1,S"], 2: ["-2,1,N"]},
        cities={1: ["2,0,N", "0,2,N"]},
        hands={1: {"ore": 2}, 2: {"ore": 2}},
        progress={0: ["bishop"]},
        robber_unlocked=True,
    )
    assert X.leader(st, 0) == 1
    assert len({a["hex"] for a in _choices(st, 0, S)}) > 1
    assert {a["hex"] for a in _choices(st, 0, X)} == {"2,0"}


def test_spy_master_merchant_and_deserter_target_the_leader() -> None:
    def table(vp_cards: dict[int, list[str]], wool: int) -> State:
        # seats 1 and 2 both have more points than seat 0, cards, progress cards and a knight
        return position(
            3,
            settlements={0: ["0,-1,S"], 2: ["-2,1,N"]},
            cities={1: ["2,0,N", "0,2,N"], 2: ["-1,2,N"]},
            vp_cards=vp_cards,
            knights={1: [("2,-1,S", 1, True)], 2: [("-2,0,S", 1, True)]},
            hands={1: {"ore": 2}, 2: {"ore": 2, "wool": wool}},
            progress={0: ["deserter", "master_merchant", "spy"], 1: ["wedding"], 2: ["warlord"]},
        )

    st = table({}, 0)  # seat 1 has a point more
    assert {a["card"] for a in _choices(st, 0, S)} == {"deserter", "master_merchant", "spy"}
    assert {a["opponent"] for a in _choices(st, 0, S)} == {1, 2}
    assert {a["opponent"] for a in _choices(st, 0, X)} == {1}
    # at equal points the one with more cards leads
    st = table({2: ["printer"]}, 3)
    assert R.points(st, 1) == R.points(st, 2)
    assert {a["opponent"] for a in _choices(st, 0, X)} == {2}


def test_the_spy_takes_the_best_card_and_the_master_merchant_what_the_city_lacks() -> None:
    st = position(
        3, cities={1: ["2,0,N"]}, progress={1: ["resource_monopoly", "smith", "warlord"]}, hands={1: {"ore": 2}}
    )
    st.tasks = [{"k": "take_card", "seat": 0, "victim": 1}]
    assert len({a["card"] for a in _choices(st, 0, S)}) > 1
    assert {a["card"] for a in _choices(st, 0, X)} == {"resource_monopoly"}
    # seat 0 has grain for a city and lacks ore; seat 1 holds three wool and two ore
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"grain": 2, "ore": 1}, 1: {"wool": 3, "ore": 2}})
    st.tasks = [{"k": "take_cards", "seat": 0, "victim": 1, "count": 2}]
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {"type": "take_cards", "cards": {"ore": 2}}


def test_the_inventor_swaps_numbers_only_when_it_gains() -> None:
    # a city on forest 3, pasture 5 and fields 4: the 3 swapped for a rival-free 9 or 5 earns
    # two pips more for two cards
    st = position(3, cities={0: ["1,0,S"]}, progress={0: ["inventor"]})
    assert S.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"
    played = X.choose(ENGINE, st, 0, random.Random(0))
    assert played["card"] == "inventor" and "1,0" in played["hexes"]
    assert X.inventor_gain(st, 0, *(X.HI[h] for h in played["hexes"])) == 4.0
    # a settlement there earns half as much: the card is kept
    st = position(3, settlements={0: ["1,0,S"]}, progress={0: ["inventor"]})
    assert X.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"


def test_intrigue_displaces_the_leaders_knight_only() -> None:
    # seat 0's roads end where seat 1 (the leader) and seat 2 have a knight each
    roads = [edge("0,-1,S", "0,0,N"), edge("0,-1,S", "-1,1,N")]
    knights = {1: [("0,0,N", 1, True)], 2: [("-1,1,N", 2, True)]}
    st = position(3, settlements={0: ["0,-1,S"]}, cities={1: ["2,0,N"]}, roads={0: roads}, knights=knights)
    st.progress[0].append("intrigue")
    assert S.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"
    assert X.choose(ENGINE, st, 0, random.Random(0)) == {"type": "play_progress", "card": "intrigue", "vertex": "0,0,N"}
    # only seat 2's knight in reach: kept
    del knights[1]
    st = position(3, settlements={0: ["0,-1,S"]}, cities={1: ["2,0,N"]}, roads={0: roads}, knights=knights)
    st.progress[0].append("intrigue")
    assert X.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"


def test_the_diplomat_takes_a_rivals_longest_road_away() -> None:
    # seat 1's five roads from its settlement hold the Longest Road; its open end is cut
    path = ["1,0,S", "0,1,N", "0,0,S", "-1,2,N", "-1,1,S", "-2,3,N"]
    roads = [edge(a, b) for a, b in zip(path, path[1:])]
    st = position(3, settlements={1: ["1,0,S"]}, roads={1: roads}, progress={0: ["diplomat"]})
    assert st.longest == 1
    assert S.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"
    played = X.choose(ENGINE, st, 0, random.Random(0))
    assert played == {"type": "play_progress", "card": "diplomat", "edge": roads[-1]}
    # with six roads the cut leaves five: the card is kept
    path.append("-1,2,S")
    roads.append(edge(path[-2], path[-1]))
    st = position(3, settlements={1: ["1,0,S"]}, roads={1: roads}, progress={0: ["diplomat"]})
    assert X.choose(ENGINE, st, 0, random.Random(0))["type"] == "end_turn"
