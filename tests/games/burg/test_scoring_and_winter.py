"""Final scoring of every building (§11, §13), tie-breaks (§13.4) and the winter variant (§15)."""

from __future__ import annotations

from typing import Any

import pytest

from games.burg.engine import ENGINE
from games.burg.state import State
from games.core import Event
from tests.games.burg.helpers import (
    act,
    acting,
    check_invariants,
    give_taler,
    houses_under_a_master_builder,
    new_game,
    of,
    play_cards,
    prebuild,
    put_castle,
    put_trader,
    select,
    set_res,
    set_taler,
    take_taler,
    types,
)
from tests.games.playout import assert_rejects_cleanly


def _one_round(players: int = 3, **options: Any) -> State:
    return ENGINE.start(players, {"rounds": 1, **options}, 0)


def _messengers(s: State) -> list[Event]:
    return select(s, {seat: "messenger" for seat in range(s.n)})


def test_final_scoring_every_building() -> None:
    s = _one_round(3)
    for tid in ("keep", "tavern", "servants_house", "great_gate", "small_gate", "stable", "palace"):
        prebuild(s, tid, 0)
    for tid in ("tower_large_1", "tower_small_1", "tower_small_2", "house_1", "house_2", "house_3"):
        prebuild(s, tid, 1)
    for space, seat in (
        ("forge_10", 0),
        ("forge_6", 1),
        ("keep", 2),
        ("tavern_12", 0),
        ("tavern_6", 1),
        ("servants_a", 2),
        ("great_gate", 0),
        ("small_gate", 1),
        ("stable_16", 2),
        ("stable_12", 0),
        ("palace_a", 1),
        ("palace_b", 1),
        ("market_a", 2),
    ):
        put_castle(s, seat, space)
    s.supply[4] -= 7
    s.forge += 7
    set_res(s, 1, sand=2, wood=3, clay=4, stone=3, silver=2)
    check_invariants(s)
    ev = _messengers(s)
    scores = [(e["seat"], e["source"], e["vp"]) for e in of(ev, "final_score")]
    assert scores == [
        (0, "forge_10", 7),
        (1, "forge_6", 3),
        (2, "keep", 6),  # free: market_b, servants_b
        (0, "tavern_12", 13),
        (1, "tavern_6", 6),
        (2, "servants_a", 10),  # 23 - 13 built
        (0, "great_gate", 6),
        (1, "small_gate", 3),
        (0, "stable_12", 6),  # within a step: player order
        (2, "stable_16", 9),
        (1, "palace", 43),  # 2 silver 10 + 3 stone 15 + 4 clay 16 + 1 wood 2
        (2, "market", 5),  # 11 taler -> 5 VP, 1 taler left
    ]
    palace = of(ev, "final_score")[10]
    assert palace["converted"] == {"wood": 1, "clay": 4, "stone": 3, "silver": 2}
    res = ENGINE.result(s)
    assert res.scores == {0: 32, 1: 55, 2: 30}
    assert res.ranks == {0: 2, 1: 1, 2: 3} and res.winners == [1] and res.tiebreak is None
    assert s.players[1].res == [2, 2, 0, 0, 0] and s.players[2].taler == 1
    assert s.removed_res == [0, 1, 4, 3, 2] and s.removed_taler == 10
    assert res.details[1]["resource_value"] == 6 and res.details[2]["taler_left"] == 1
    check_invariants(s)


def test_market_both_spaces_one_to_one_and_palace_single_helper_limit() -> None:
    s = _one_round(3)
    prebuild(s, "palace", 0)
    put_castle(s, 0, "market_a")
    put_castle(s, 0, "market_b")
    put_castle(s, 1, "palace_a")
    set_res(s, 1, sand=4, wood=4, stone=1, silver=1)
    ev = _messengers(s)
    got = {(e["seat"], e["source"]): e["vp"] for e in of(ev, "final_score")}
    assert got[(0, "market")] == 12  # 3 + 1 round taler + 8
    assert got[(1, "palace")] == 5 + 5 + 2 + 2 + 2  # silver, stone, then 3 wood
    assert s.players[0].taler == 0 and s.players[1].res == [4, 1, 0, 0, 0]


def test_market_helpers_of_two_players_each_two_to_one() -> None:
    s = _one_round(3)
    put_castle(s, 0, "market_a")
    put_castle(s, 1, "market_b")
    ev = _messengers(s)
    got = {(e["seat"], e["source"]): e["vp"] for e in of(ev, "final_score")}
    assert got == {(0, "market"): 6, (1, "market"): 5}
    assert s.players[1].taler == 1


def test_keep_counts_market_and_forge_spaces_and_not_unbuilt() -> None:
    s = _one_round(3)
    prebuild(s, "keep")
    put_castle(s, 2, "keep")
    ev = _messengers(s)
    assert of(ev, "final_score") == [{"type": "final_score", "seat": 2, "source": "keep", "vp": 12, "measure": 4}]


def test_trade_field_helpers_score_nothing() -> None:
    s = _one_round(3)
    prebuild(s, "tavern")
    put_castle(s, 1, "tavern_12")
    put_trader(s, 1, "cart_sand")
    ev = _messengers(s)
    assert of(ev, "final_score")[0]["vp"] == 1


def test_tie_break_taler_then_resources_then_shared() -> None:
    s = _one_round(3)
    ev = _messengers(s)  # all 0 VP; seat 0 has the round taler
    res = ENGINE.result(s)
    assert res.winners == [0] and res.tiebreak == "taler" and res.ranks == {0: 1, 1: 2, 2: 2}
    assert of(ev, "game_result")[0]["tiebreak"] == "taler"

    s = _one_round(3)
    take_taler(s, 0, 1)
    set_res(s, 2, sand=1, wood=1, silver=1)  # silver counts 5
    set_res(s, 1, sand=1, wood=1, clay=1)
    _messengers(s)
    res = ENGINE.result(s)
    assert res.winners == [2] and res.tiebreak == "resources" and res.ranks == {0: 3, 1: 2, 2: 1}

    s = _one_round(3)
    take_taler(s, 0, 1)
    _messengers(s)
    res = ENGINE.result(s)
    assert res.winners == [0, 1, 2] and res.tiebreak == "shared" and set(res.ranks.values()) == {1}


def test_tie_break_uses_taler_after_market_conversion() -> None:
    s = _one_round(3)
    put_castle(s, 1, "market_a")
    set_taler(s, 1, 4)  # 4 + 8 = 12 taler -> 6 VP, 0 left
    set_taler(s, 0, 0)  # 0 + 1 + 8 = 9 taler, no VP
    set_taler(s, 2, 0)
    s.players[0].vp = 6
    _messengers(s)
    res = ENGINE.result(s)
    assert res.scores[0] == res.scores[1] == 6 and res.winners == [0] and res.tiebreak == "taler"


# -- winter ------------------------------------------------------------------------------------
def _finish_round(s: State) -> list[Event]:
    """Everyone chooses their first legal card and then declines every optional step."""
    r = s.round
    events: list[Event] = []
    while ENGINE.pending(s) and s.round == r:
        pend = ENGINE.pending(s)
        seat = min(pend)
        legal = ENGINE.legal(s, seat)
        quiet = [a for a in legal if a["type"] in ("done", "pass")]
        events += ENGINE.apply(s, seat, (quiet or legal)[0])
    return events


@pytest.mark.parametrize(("players", "rounds"), [(4, [2, 4, 7, 9]), (2, [2, 4, 7, 9]), (3, [2, 3, 5, 7, 10, 12])])
def test_winter_cards_come_on_marked_round_fields(players: int, rounds: list[int]) -> None:
    s = ENGINE.start(players, {"winterEnabled": True}, 3)
    seen = []
    while ENGINE.pending(s):
        for e in _finish_round(s):
            if e["type"] == "winter_revealed":
                seen.append((e["round"], e["field"]))
    total = s.rules.rounds
    assert seen == [(r, total - r + 1) for r in rounds]
    assert len(s.winter_seen) == len(rounds) and len(s.winter_deck) == 6 - len(rounds)


def test_no_winter_without_the_option() -> None:
    s = ENGINE.start(4, {"script": {"winter_order": ["winter_frost"]}}, 3)
    while ENGINE.pending(s):
        assert not of(_finish_round(s), "winter_revealed")


def test_script_fixes_deck_order_rest_by_rng() -> None:
    order = ["winter_heating", "winter_guest"]
    a = ENGINE.start(4, {"winterEnabled": True, "script": {"winter_order": order}}, 1)
    b = ENGINE.start(4, {"winterEnabled": True, "script": {"winter_order": order}}, 1)
    assert a.winter_deck[:2] == order and sorted(a.winter_deck) == sorted(s for s in a.rules.winter_cards)
    assert a.winter_deck == b.winter_deck


def _to_round_2(
    timing: str = "afterSelection", card: str = "winter_frost", players: int = 4
) -> tuple[State, list[Event]]:
    s = ENGINE.start(
        players, {"winterEnabled": True, "winterRevealTiming": timing, "script": {"winter_order": [card]}}, 0
    )
    ev = _finish_round(s)
    assert s.round == 2
    return s, ev


def test_winter_after_selection_before_reveal_frost() -> None:
    s, ev = _to_round_2()
    assert not of(ev, "winter_revealed")
    set_res(s, 0, wood=2)
    set_res(s, 1, wood=0)
    ev = select(s, {0: "trader", 1: "trader", 2: "trader", 3: "trader"})
    t = types(ev)
    assert t.index("winter_revealed") < t.index("cards_revealed")
    assert t.index("winter_revealed") > max(i for i, x in enumerate(t) if x == "card_selected")
    assert of(ev, "winter_revealed")[0] == {"type": "winter_revealed", "card": "winter_frost", "field": 11, "round": 2}
    assert {e["seat"]: e["count"] for e in of(ev, "wood_lost")} == {0: 1, 2: 1, 3: 1}
    assert s.players[0].res[1] == 1
    check_invariants(s)


def test_winter_before_selection() -> None:
    s, ev = _to_round_2("beforeSelection", "winter_market")
    t = types(ev)
    assert t.index("winter_revealed") > t.index("round_taler")
    assert [e["amount"] for e in of(ev, "taler_received")] == [2, 2, 2, 2]
    assert all(p.kind == "select" for p in ENGINE.pending(s).values())
    check_invariants(s)


def test_winter_market_bank_limited_and_heating() -> None:
    s = ENGINE.start(4, {"winterEnabled": True, "script": {"winter_order": ["winter_market"]}}, 0)
    _finish_round(s)
    give_taler(s, 0, s.bank - 3)
    ev = select(s, {0: "trader", 1: "trader", 2: "trader", 3: "trader"})
    # round 2: seat 1 is start player
    assert [(e["seat"], e["amount"]) for e in of(ev, "taler_received")] == [(1, 2), (2, 1), (3, 0), (0, 0)]
    s, _ = _to_round_2(card="winter_heating")
    set_taler(s, 2, 1)
    ev = select(s, {0: "trader", 1: "trader", 2: "trader", 3: "trader"})
    assert {e["seat"]: e["amount"] for e in of(ev, "taler_paid")} == {0: 2, 1: 2, 2: 1, 3: 2}
    assert s.players[2].taler == 0
    check_invariants(s)


def test_winter_snow_and_stores() -> None:
    s, _ = _to_round_2(card="winter_snow")
    put_trader(s, 2, "cart_sand", placed_round=1)
    put_trader(s, 3, "rider", placed_round=1)
    ev = select(s, {0: "trader", 1: "trader", 2: "trader", 3: "trader"})
    assert [(e["seat"], e["field"]) for e in of(ev, "helpers_returned")] == [(2, "cart_sand"), (3, "rider")]
    assert s.players[2].helpers == 6
    s, _ = _to_round_2(card="winter_stores")
    tower = list(s.tower)
    ev = select(s, {0: "trader", 1: "trader", 2: "trader", 3: "trader"})
    assert of(ev, "watchtower_stocked")[0]["resources"] == {"sand": 1, "wood": 1, "clay": 1}
    assert s.tower[:3] == [tower[0] + 1, tower[1] + 1, tower[2] + 1]
    check_invariants(s)


def test_winter_guest_chamber() -> None:
    s, _ = _to_round_2("beforeSelection", "winter_guest")
    assert s.winter_seen == ["winter_guest"]
    seat = 1  # start player of round 2
    others = [x for x in range(4) if x != seat]
    set_res(s, seat, sand=4, wood=2, clay=2)
    set_taler(s, seat, 20)
    choice = {seat: "bricklayer"}
    for x in others:
        choice[x] = next(a["card"] for a in ENGINE.legal(s, x) if a["card"] != "bricklayer")
    select(s, choice)
    while acting(s)[0] != seat:
        who, kind = acting(s)
        act(s, who, "pass" if kind == "trader" else "done")
    act(s, seat, "watchtower", resource=next(a["resource"] for a in ENGINE.legal(s, seat)))
    act(s, seat, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    helpers = [a for a in ENGINE.legal(s, seat) if a["type"] == "place_helper"]
    assert {"type": "place_helper", "space": "winter_guest", "from": "supply"} in helpers
    ev = act(s, seat, "place_helper", space="winter_guest", **{"from": "supply"})
    assert ev[0] == {"type": "guest_placed", "seat": seat, "fee": 3, "from": "supply"}
    assert s.guests == [seat] and s.players[seat].taler == 20 + 4 - 3
    ev = assert_rejects_cleanly(ENGINE, s, seat, {"type": "place_helper", "space": "winter_guest", "from": "supply"})
    assert ev.code == "guest_taken"
    act(s, seat, "place_helper", space="market_a", **{"from": "supply"})
    check_invariants(s)
    # guests score 4 VP at the end and are neither castle helpers (tavern) nor spaces (keep)
    while ENGINE.pending(s):
        _finish_round(s)
    res = ENGINE.result(s)
    assert res.details[seat]["guests"] == 4
    check_invariants(s)


def test_guest_not_available_before_reveal() -> None:
    s = new_game(4)
    set_res(s, 0, sand=2, wood=1, clay=1)
    play_cards(s, 0, "messenger")
    select(s, {0: "bricklayer", 1: "messenger", 2: "messenger", 3: "messenger"})
    act(s, 0, "watchtower", resource="stone")
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "winter_guest", "from": "supply"})
    assert exc.code == "no_guest_card"


def test_the_end_score_says_which_points_came_from_buildings_and_which_from_the_master_builder() -> None:
    """§6.3-6.6 and §12 in the result's parts: a Stonemason's house is its full 6 VP, a Bricklayer's
    none (taler instead), a Master builder 5 VP for each building of others that round."""
    s = _one_round(4)
    assert "game_result" in types(houses_under_a_master_builder(s))  # the one round was the last
    res = ENGINE.result(s)
    assert res is not None and res.scores == {0: 0, 1: 6, 2: 0, 3: 10}
    parts = {seat: dict(ENGINE.score_parts(res.details[seat], "en")) for seat in range(4)}
    assert parts[0] == {"Buildings": 0, "Master builder": 0, "Castle helpers": 0, "Palace": 0, "Market": 0}
    assert (parts[1]["Buildings"], parts[1]["Master builder"]) == (6, 0)
    assert (parts[3]["Buildings"], parts[3]["Master builder"]) == (0, 10)
    assert all(sum(parts[seat].values()) == res.scores[seat] for seat in range(4))
    dutch = dict(ENGINE.score_parts(res.details[3], "nl"))
    assert dutch["Bouwmeester"] == 10 and sum(dutch.values()) == 10
    check_invariants(s)
