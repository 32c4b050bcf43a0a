"""Rule scenarios on the beginner board (rules §3.6), built with helpers.position."""

from __future__ import annotations

import pytest

from games.cities_knights import rules as R
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import CITY, SETTLEMENT, SIDEWAYS
from games.core import IllegalAction, InvalidOptions
from tests.games.cities_knights.helpers import V, act, conserved, edge, hand, position, types
from tests.games.playout import assert_rejects_cleanly

# -- set-up (§4) ------------------------------------------------------------------------------


def test_setup_snake_order_city_and_starting_resources() -> None:
    st = ENGINE.start(3, {"layout": "beginner"}, 1)
    seq = []

    def place(seat: int, kind: str, vertex: str, road_to: str) -> list:
        seq.append(next(iter(ENGINE.pending(st))))
        act(st, seat, {"type": f"build_{kind}", "vertex": vertex})
        return act(st, seat, {"type": "build_road", "edge": edge(vertex, road_to)})

    place(0, "settlement", "0,-1,S", "0,0,N")
    place(1, "settlement", "1,0,S", "0,1,N")
    place(2, "settlement", "-1,1,S", "-1,2,N")
    place(2, "city", "2,-1,S", "2,0,N")
    # the distance rule holds for the city too
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "build_city", "vertex": "-1,0,N"})
    place(1, "city", "-2,1,N", "-2,0,S")
    place(0, "city", "1,-1,N", "1,-2,S")
    assert seq == [0, 1, 2, 2, 1, 0]
    assert hand(st, 2) == {"lumber": 1, "brick": 1, "ore": 1}
    assert hand(st, 1) == {"lumber": 2, "grain": 1}
    assert hand(st, 0) == {"lumber": 1, "wool": 2}
    assert st.b_kind[V["1,-1,N"]] == CITY and st.cities_left[0] == 3 and st.settlements_left[0] == 4
    assert [R.points(st, p) for p in range(3)] == [3, 3, 3]
    assert ENGINE.pending(st)[0].kind == "roll" and st.robber == st.terrain.index("desert")
    conserved(st)


def test_setup_road_must_touch_the_new_piece() -> None:
    st = ENGINE.start(3, {"layout": "beginner"}, 1)
    act(st, 0, {"type": "build_settlement", "vertex": "0,-1,S"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_road", "edge": edge("1,0,S", "0,1,N")})
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "build_road", "edge": edge("0,-1,S", "0,0,N")})
    assert {a["edge"] for a in ENGINE.legal(st, 0)} == {edge("0,-1,S", w) for w in ("0,0,N", "-1,0,N", "-1,1,N")}


def test_options_and_script_validation() -> None:
    with pytest.raises(InvalidOptions):
        ENGINE.start(2, {}, 1)
    with pytest.raises(InvalidOptions):
        ENGINE.start(3, {"layout": "beginner", "script": {"layout": {"terrain": ["desert"]}}}, 1)
    with pytest.raises(InvalidOptions):
        ENGINE.start(3, {"script": {"red": [7]}}, 1)
    with pytest.raises(InvalidOptions):
        ENGINE.start(3, {"script": {"decks": {"science": ["printer", "printer"]}}}, 1)
    st = ENGINE.start(
        3,
        {
            "layout": "random",
            "random_seats": True,
            "script": {
                "seat_order": [2, 0, 1],
                "layout": {"terrain": ["desert", "hills"], "numbers": [6, 8], "harbours": ["ore"]},
                "decks": {"politics": ["Constitution", "Spy"]},
            },
        },
        5,
    )
    assert st.seat_order == [2, 0, 1]
    assert st.terrain[:2] == ["desert", "hills"] and st.numbers[1:3] == [6, 8] and st.harbours[0] == "ore"
    assert st.decks[2][:2] == ["constitution", "spy"]
    # the same seed gives the same board
    a, b = ENGINE.start(4, {"numbers": "spiral"}, 9), ENGINE.start(4, {"numbers": "spiral"}, 9)
    assert ENGINE.dump(a) == ENGINE.dump(b)


# -- dice and production (§5, §7) ----------------------------------------------------------------


def roll(st, red: int, yellow: int, face: str = "ship") -> list:
    st.chance.script.update({"red": [red], "yellow": [yellow], "event": [face]})
    return act(st, st.turn, {"type": "roll"})


def test_production_settlement_city_fields_and_robber() -> None:
    st = position(
        3,
        phase="roll",
        cities={0: ["1,0,N"], 2: ["0,1,S"]},
        settlements={1: ["1,0,S"]},
    )
    evs = roll(st, 1, 2)
    assert "dice_rolled" in types(evs) and evs[0]["total"] == 3
    assert hand(st, 0) == {"lumber": 1, "paper": 1}
    assert hand(st, 1) == {"lumber": 1}
    act(st, 0, {"type": "end_turn"})
    roll(st, 2, 2)  # fields 4: city gives 2 grain, no commodity; pasture 4: wool + cloth
    assert hand(st, 2) == {"grain": 2} and hand(st, 1) == {"lumber": 1, "grain": 1}
    assert hand(st, 0) == {"lumber": 1, "wool": 1, "paper": 1, "cloth": 1}
    st.robber = 10  # (1,0) forest 3
    act(st, 1, {"type": "end_turn"})
    roll(st, 1, 2)
    assert hand(st, 0) == {"lumber": 1, "wool": 1, "paper": 1, "cloth": 1}
    conserved(st)


def test_bank_shortage_per_kind() -> None:
    st = position(3, phase="roll", cities={0: ["1,0,N"]}, settlements={1: ["1,0,S"]}, hands={2: {"lumber": 18}})
    roll(st, 1, 2)  # lumber owed to two players, bank holds 1: nobody gets lumber; paper still paid
    assert hand(st, 0) == {"paper": 1} and hand(st, 1) == {}
    st2 = position(3, phase="roll", cities={0: ["1,0,N"]}, hands={2: {"lumber": 18}})
    roll(st2, 1, 2)  # only one player owed: takes what is left
    assert hand(st2, 0) == {"lumber": 1, "paper": 1}


def test_aqueduct_claim_when_nothing_received() -> None:
    st = position(3, phase="roll", cities={0: ["1,0,N"], 1: ["-1,1,S"]}, levels={1: {"science": 3}})
    roll(st, 1, 2)  # 3: forest (1,0) and mountains (-1,1) both produce
    assert not st.tasks
    act(st, 0, {"type": "end_turn"})
    roll(st, 5, 5)  # 10: neither player gets anything; seat 1 has the aqueduct
    assert ENGINE.pending(st)[1].kind == "aqueduct"
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "aqueduct", "resource": "paper"})
    act(st, 1, {"type": "aqueduct", "resource": "brick"})
    assert hand(st, 1)["brick"] == 1 and ENGINE.pending(st)[1].kind == "turn"


# -- 7, discards, robber (§8) --------------------------------------------------------------------


def test_seven_discards_walls_and_locked_robber() -> None:
    st = position(
        3,
        phase="roll",
        cities={0: ["1,0,N"], 1: ["-1,1,S"]},
        walls={1: ["-1,1,S"]},
        hands={0: {"ore": 8}, 1: {"grain": 9}, 2: {"wool": 7}},
    )
    roll(st, 3, 4)
    pend = ENGINE.pending(st)
    assert list(pend) == [0] and pend[0].kind == "discard" and pend[0].data["count"] == 4
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "discard", "cards": {"ore": 3}})
    act(st, 0, {"type": "discard", "cards": {"ore": 4}})
    # locked robber: no move, straight to the action phase
    assert ENGINE.pending(st)[0].kind == "turn" and hand(st, 0) == {"ore": 4}
    conserved(st)


def test_unlocked_robber_moves_and_steals_scripted_card() -> None:
    st = position(
        3,
        phase="roll",
        robber_unlocked=True,
        settlements={1: ["1,0,S"], 2: ["1,1,S"]},
        hands={1: {"ore": 2, "grain": 1}, 2: {"wool": 9}},
        script={"steals": ["grain"]},
    )
    roll(st, 3, 4)
    assert ENGINE.pending(st) == {2: ENGINE.pending(st)[2]} and ENGINE.pending(st)[2].kind == "discard"
    act(st, 2, {"type": "discard", "cards": {"wool": 4}})
    assert ENGINE.pending(st)[0].kind == "move_robber"
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "move_robber", "hex": "0,0", "victim": None})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "move_robber", "hex": "1,1", "victim": 0})
    evs = act(st, 0, {"type": "move_robber", "hex": "1,1", "victim": 1})
    assert st.robber == 15 and hand(st, 0) == {"grain": 1} and hand(st, 1) == {"ore": 2}
    stolen = [e for e in evs if e["type"] == "stolen_card"][0]
    assert stolen["to"] == [0, 1] and stolen["kind"] == "grain"


# -- building (§6) ------------------------------------------------------------------------------


def test_building_rules_roads_settlements_cities() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["0,1,N"]},
        roads={0: [edge("0,-1,S", "0,0,N")]},
        knights={1: [("1,-1,S", 1, False)]},
        hands={0: {"lumber": 5, "brick": 5, "wool": 2, "grain": 4, "ore": 3}},
    )
    # the opponent knight on 1,-1,S blocks building through it
    act(st, 0, {"type": "build_road", "edge": edge("0,0,N", "1,-1,S")})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_road", "edge": edge("1,-1,S", "1,0,N")})
    # distance rule and connection
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_settlement", "vertex": "0,0,N"})
    act(st, 0, {"type": "build_road", "edge": edge("0,-1,S", "-1,1,N")})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_settlement", "vertex": "-1,1,N"})
    act(st, 0, {"type": "build_road", "edge": edge("-1,1,N", "-1,0,S")})
    act(st, 0, {"type": "build_settlement", "vertex": "-1,0,S"})
    act(st, 0, {"type": "build_city", "vertex": "-1,0,S"})
    assert st.b_kind[V["-1,0,S"]] == CITY and st.settlements_left[0] == 4 and R.points(st, 0) == 3
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_city", "vertex": "0,-1,S"})  # no ore left
    conserved(st)


def test_sideways_city_must_be_upgraded_first() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"]},
        sideways={0: ["1,0,S"]},
        hands={0: {"ore": 6, "grain": 4}},
    )
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "build_city", "vertex": "0,-1,S"})
    left = (st.settlements_left[0], st.cities_left[0])
    act(st, 0, {"type": "build_city", "vertex": "1,0,S"})
    assert st.b_kind[V["1,0,S"]] == CITY and (st.settlements_left[0], st.cities_left[0]) == left
    act(st, 0, {"type": "build_city", "vertex": "0,-1,S"})
    conserved(st)


# -- trading (§9) ---------------------------------------------------------------------------------


def test_maritime_rates_harbours_trading_house_merchant_fleet() -> None:
    st = position(
        3,
        settlements={0: ["1,1,S", "0,-2,N"]},  # brick 2:1 (H3) and 3:1 (H8)
        cities={0: ["1,0,N"]},
        levels={0: {"trade": 3}},
        hands={0: {"brick": 2, "ore": 3, "cloth": 2, "wool": 4}},
        progress={0: ["merchant_fleet"]},
    )
    r = R.rates(st, 0)
    assert (r[1], r[4], r[6], r[2]) == (2, 3, 2, 3)
    act(st, 0, {"type": "maritime_trade", "give": "brick", "rate": 2, "get": "grain"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "maritime_trade", "give": "ore", "rate": 2, "get": "grain"})
    act(st, 0, {"type": "maritime_trade", "give": "cloth", "get": "coin"})
    act(st, 0, {"type": "play_progress", "card": "merchant_fleet", "kind": "wool"})
    act(st, 0, {"type": "maritime_trade", "give": "wool", "rate": 2, "get": "ore"})
    act(st, 0, {"type": "maritime_trade", "give": "wool", "rate": 2, "get": "ore"})
    assert hand(st, 0) == {"grain": 1, "ore": 5, "coin": 1}
    act(st, 0, {"type": "end_turn"})
    assert st.fleet == 0 and R.rates(st, 0)[2] == 3  # the fleet rate ends with the turn
    conserved(st)


def test_domestic_trade_offer_accept_counter_confirm_and_autocancel() -> None:
    st = position(3, hands={0: {"ore": 2}, 1: {"wool": 1}, 2: {"grain": 2, "brick": 1}})
    act(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": "all"})
    assert {s: p.kind for s, p in ENGINE.pending(st).items()} == {0: "turn"}  # answers never block
    assert {s: p.kind for s, p in ENGINE.invitations(st).items()} == {1: "trade_offer", 2: "trade_offer"}
    assert_rejects_cleanly(ENGINE, st, 2, {"type": "accept_trade"})  # seat 2 has no wool
    act(st, 2, {"type": "counter_offer", "give": {"brick": 1}, "want": {"ore": 1}})
    act(st, 1, {"type": "accept_trade"})
    assert {"type": "confirm_trade", "seat": 1} in ENGINE.legal(st, 0)
    act(st, 0, {"type": "confirm_trade", "seat": 1})
    assert hand(st, 0) == {"wool": 1, "ore": 1} and hand(st, 1) == {"ore": 1}
    assert st.trade is None
    # a counter-offer can be confirmed directly
    act(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "want": {"grain": 1}, "to": [2]})
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "accept_trade"})  # not addressed
    act(st, 2, {"type": "counter_offer", "give": {"grain": 2}, "want": {"ore": 1}})
    act(st, 0, {"type": "confirm_trade", "seat": 2})
    assert hand(st, 0) == {"wool": 1, "grain": 2}
    # any other action cancels an open offer
    act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"brick": 1}, "to": "all"})
    evs = act(st, 0, {"type": "end_turn"})
    assert st.trade is None and "turn_started" in types(evs)
    with pytest.raises(IllegalAction):
        act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "want": {"wool": 1}})
    conserved(st)


def test_offer_rules() -> None:
    st = position(3, hands={0: {"ore": 2}})
    for bad in (
        {"type": "offer_trade", "give": {"ore": 1}, "want": {"ore": 1}},
        {"type": "offer_trade", "give": {"ore": 1}, "want": {}},
        {"type": "offer_trade", "give": {"ore": 3}, "want": {"wool": 1}},
        {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": [0]},
    ):
        assert_rejects_cleanly(ENGINE, st, 0, bad)


# -- longest road (§10) --------------------------------------------------------------------------

CHAIN = ["0,-1,S", "0,0,N", "1,-1,S", "1,0,N", "2,-1,S", "2,0,N", "3,-1,S"]


def chain_edges(vs: list[str]) -> list[str]:
    return [edge(a, b) for a, b in zip(vs, vs[1:])]


def test_longest_road_award_break_by_knight_and_set_aside() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["0,1,N"]},
        roads={0: chain_edges(CHAIN[:5]), 1: [edge("0,1,N", "1,-1,S")]},
        hands={0: {"lumber": 1, "brick": 1}, 1: {"wool": 1, "ore": 1}},
    )
    assert st.longest == -1 and st.road_len[0] == 4
    evs = act(st, 0, {"type": "build_road", "edge": edge(CHAIN[4], CHAIN[5])})
    assert st.longest == 0 and "longest_road" in types(evs) and R.points(st, 0) == 3
    act(st, 0, {"type": "end_turn"})
    st.phase = "main"
    # seat 1's knight in the middle breaks the road into 2 + 3; nobody has 5: the card is set aside
    evs = act(st, 1, {"type": "build_knight", "vertex": "1,-1,S"})
    assert st.road_len[0] == 3 and st.longest == -1 and R.points(st, 0) == 1
    assert any(e["type"] == "longest_road" and e["seat"] is None and e["previous"] == 0 for e in evs)


def test_longest_road_tie_keeps_holder() -> None:
    st = position(
        3,
        settlements={0: ["0,-1,S"], 1: ["-2,1,S"]},
        roads={0: chain_edges(CHAIN[:6]), 1: chain_edges(["-2,1,S", "-2,2,N", "-1,1,S", "-1,2,N", "0,1,S", "-1,3,N"])},
        hands={1: {"lumber": 1, "brick": 1}},
    )
    assert st.road_len == [5, 5, 0] and st.longest == -1  # a tie never awards a set-aside card
    st.longest = 0
    st.turn = 1
    act(st, 1, {"type": "build_road", "edge": edge("-1,3,N", "0,2,S")})
    assert st.road_len[1] == 6 and st.longest == 1


def test_loop_counts_each_road_once() -> None:
    ring = ["0,-1,N", "1,-2,S", "0,0,N", "0,-1,S", "-1,0,N", "0,-2,S", "0,-1,N"]
    st = position(3, settlements={0: ["0,-1,N"]}, roads={0: chain_edges(ring)})
    assert st.road_len[0] == 6 and st.longest == 0


# -- victory (§20) ---------------------------------------------------------------------------------


def test_win_only_on_own_turn() -> None:
    st = position(
        3,
        phase="main",
        turn=2,
        cities={0: ["1,0,N", "-1,1,S", "1,-2,N", "-2,2,S"], 2: ["0,2,S"]},
        settlements={0: ["0,-2,S", "-2,0,N"]},
        vp_cards={0: ["printer"]},
        hands={0: {"lumber": 1}},
    )
    st.defenders[0] = 3
    assert R.points(st, 0) == 8 + 2 + 1 + 3
    assert ENGINE.result(st) is None
    evs = act(st, 2, {"type": "end_turn"})
    assert "game_over" in types(evs) and ENGINE.pending(st) == {}
    res = ENGINE.result(st)
    assert res is not None and res.winners == [0] and res.ranks[0] == 1 and res.scores[0] == 14


def test_not_your_turn_and_wrong_phase() -> None:
    st = position(3, phase="roll")
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "roll"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "end_turn"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "no_such"})
    st2 = position(3, settlements={0: ["0,-1,S"]})
    assert_rejects_cleanly(ENGINE, st2, 0, {"type": "roll"})


def test_kinds_of_buildings_constant() -> None:
    assert (SETTLEMENT, CITY, SIDEWAYS) == (1, 2, 3)


def test_open_decision_blocks_trade_and_other_actions() -> None:
    st = position(3, phase="roll", hands={0: {"ore": 2}, 1: {"wool": 9}})
    roll(st, 3, 4)
    assert ENGINE.pending(st)[1].kind == "discard"
    for bad in (
        {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": "all"},
        {"type": "maritime_trade", "give": "ore", "get": "wool"},
        {"type": "end_turn"},
    ):
        assert_rejects_cleanly(ENGINE, st, 0, bad)
    act(st, 1, {"type": "discard", "cards": ["wool", "wool", "wool", "wool"]})
    act(st, 0, {"type": "offer_trade", "give": {"ore": 1}, "want": {"wool": 1}, "to": [1]})
    assert_rejects_cleanly(ENGINE, st, 2, {"type": "accept_trade"})


def test_lenient_spellings() -> None:
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"lumber": 1, "brick": 1, "ore": 3, "grain": 2}})
    act(st, 0, {"type": "BUILD_ROAD", "edge": [V["0,-1,S"], V["0,0,N"]]})
    act(st, 0, {"type": "build_city", "city": "0,-1,S", "useMedicine": False})
    assert st.b_kind[V["0,-1,S"]] == CITY and st.road_len[0] == 1


def test_pieces_running_out() -> None:
    settled = ["0,-2,S", "-2,0,N", "-2,2,S", "0,2,S", "2,-2,N"]
    st = position(
        3,
        settlements={0: settled},
        roads={0: [edge("0,-1,S", "0,0,N"), edge("0,-2,S", "0,-1,N")]},
        hands={0: {"lumber": 2, "brick": 2, "wool": 1, "grain": 1}},
    )
    assert st.settlements_left[0] == 0
    assert not any(a["type"] == "build_settlement" for a in ENGINE.legal(st, 0))
    st.roads_left[0] = 0
    assert not any(a["type"] == "build_road" for a in ENGINE.legal(st, 0))
    st2 = position(3, settlements={0: ["0,-1,S"]}, progress={0: ["road_building"]})
    st2.roads_left[0] = 0
    assert_rejects_cleanly(ENGINE, st2, 0, {"type": "play_progress", "card": "road_building"})


def test_commodities_trade_like_resources_but_never_at_resource_harbours() -> None:
    st = position(3, settlements={0: ["1,1,S", "0,-2,N"]}, hands={0: {"paper": 3}})
    rates = R.rates(st, 0)
    assert rates[R.D.BRICK] == 2 and rates[R.D.PAPER] == 3
    act(st, 0, {"type": "maritime_trade", "give": "paper", "rate": 3, "get": "coin"})
    assert hand(st, 0) == {"coin": 1}


def test_commodity_bank_shortage_resource_still_paid() -> None:
    st = position(3, phase="roll", cities={0: ["1,0,N"], 1: ["1,0,S"]}, hands={2: {"paper": 11}})
    roll(st, 1, 2)  # two cities on forest 3 owed 2 paper, bank holds 1: no paper, lumber still paid
    assert hand(st, 0) == {"lumber": 1} and hand(st, 1) == {"lumber": 1}


def test_empty_decks_give_nothing() -> None:
    st = position(3, phase="roll", cities={0: ["1,0,N"]}, levels={0: {"trade": 5}})
    st.progress[2] = sorted(st.decks[1])  # the trade deck sits in seat 2's hand: counts conserved
    st.decks[1] = []
    evs = roll(st, 6, 6, "yellow")
    assert "deck_empty" in types(evs) and st.progress[0] == []


def test_roll_events_say_where_chance_came_from() -> None:
    st = position(3, phase="roll", script={"red": [2], "event": ["blue"]})
    ev = next(e for e in act(st, 0, {"type": "roll"}) if e["type"] == "dice_rolled")
    assert (ev["red"], ev["event"], ev["chance"]) == (2, "blue", "roll")
    assert ev["source"] == {"red": "script", "yellow": "rng", "event": "script"}
    st.chance.script["red"] = [9]
    act(st, 0, {"type": "end_turn"})
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "roll"})
