"""Audit scenarios: rules of the specification that the other files did not pin down yet."""

from __future__ import annotations

import pytest

from games.burg.data import DEFAULTS
from games.burg.engine import ENGINE
from games.core import InvalidOptions
from tests.games.burg.helpers import (
    act,
    acting,
    check_invariants,
    drain_supply,
    new_game,
    of,
    play_cards,
    prebuild,
    put_castle,
    put_trader,
    select,
    set_res,
    set_taler,
    types,
)
from tests.games.playout import assert_rejects_cleanly

ALL_MESSENGER = {1: "messenger", 2: "messenger", 3: "messenger"}


# -- §3 option defaults ------------------------------------------------------------------------
def test_option_defaults_follow_the_configuration_table() -> None:
    specs = {o.name: o for o in ENGINE.option_specs}
    assert specs["winterEnabled"].default is False
    assert specs["winterRevealTiming"].default == "afterSelection"
    assert specs["stonemasonPaymentTo"].default == "bank"
    assert set(specs["stonemasonPaymentTo"].choices) == {"bank", "workerOwner"}
    assert specs["allowDisplacingOwnTraderHelper"].default is False
    assert DEFAULTS["stonemasonPaymentTo"] == "bank"
    assert DEFAULTS["workerChoiceAllowsDuplicates"] is True
    assert DEFAULTS["silverValueForPalaceAndTiebreak"] == 5
    assert DEFAULTS["forgeFees"] == [10, 6]
    assert DEFAULTS["winterRoundFields"] == [14, 13, 11, 9, 6, 4]
    v = ENGINE.view(new_game(4), None)["options"]
    assert v == {
        "winterEnabled": False,
        "winterRevealTiming": "afterSelection",
        "stonemasonPaymentTo": "bank",
        "allowDisplacingOwnTraderHelper": False,
    }


def test_worker_cards_and_forge_fees_accept_partial_and_keyed_forms() -> None:
    s = ENGINE.start(3, {"workerCards": {"worker_2": {"fixed": {"stone": 2}}}}, 0)
    assert s.rules.workers["worker_2"] == (((3, 2),), 0, ())
    assert s.rules.workers["worker_1"] == (((3, 1),), 2, (0, 1, 2))  # the others keep their defaults
    s = ENGINE.start(3, {"forgeFees": {"forge_10": 12, "forge_6": 7}}, 0)
    assert s.rules.space_fee["forge_10"] == 12 and s.rules.space_fee["forge_6"] == 7
    for bad in ({"workerCards": {"worker_4": {}}}, {"forgeFees": {"forge_10": 12}}):
        with pytest.raises(InvalidOptions):
            ENGINE.start(3, bad, 0)


# -- §5.5 / R-5: W1's choice may be given as counts ----------------------------------------------
def test_worker_1_choice_as_counts() -> None:
    s = new_game(4)
    select(s, {0: "worker_1", **ALL_MESSENGER})
    assert acting(s) == (0, "equip")
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "equip", "resources": {"sand": 3}}).code == "bad_choice"
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "equip", "resources": {"sand": -1}}).code == "bad_resources"
    ev = act(s, 0, "equip", resources={"clay": 2})
    assert of(ev, "worker_equipped")[0]["resources"] == {"clay": 2, "stone": 1}
    check_invariants(s)


# -- §6.2: the Trader --------------------------------------------------------------------------
def test_trader_passes_automatically_when_every_field_is_protected() -> None:
    """Rule 4 and rule 7: helpers placed this round cannot be displaced; no legal field = pass."""
    s = new_game(4)
    put_trader(s, 3, "cart_stone", placed_round=0)
    put_trader(s, 3, "rider", placed_round=1)  # as if placed earlier this round
    select(s, {0: "trader", 1: "trader", 2: "trader", 3: "messenger"})
    act(s, 0, "place_trader", field="cart_sand")
    act(s, 1, "place_trader", field="cart_wood")
    assert [a.get("field") for a in ENGINE.legal(s, 2)] == ["cart_clay", None]
    ev = act(s, 2, "place_trader", field="cart_clay")
    # every field now holds a helper of this round except seat 3's old one at the stone cart
    assert of(ev, "trade_income") and s.round == 2
    s = new_game(4)
    for seat, field in ((1, "cart_sand"), (1, "cart_wood"), (1, "cart_clay"), (1, "cart_stone"), (1, "rider")):
        put_trader(s, seat, field, placed_round=1)
    ev = select(s, {0: "trader", **ALL_MESSENGER})
    assert of(ev, "trader_passed") == [{"type": "trader_passed", "seat": 0}]
    assert len(of(ev, "trade_income")) == 5 and s.players[0].helpers == 6
    check_invariants(s)


def test_carts_full_of_own_helpers_leave_only_the_rider() -> None:
    """R-6: a player never displaces their own helper (default)."""
    s = new_game(4)
    for field in ("cart_sand", "cart_wood", "cart_clay", "cart_stone"):
        put_trader(s, 0, field)
    select(s, {0: "trader", **ALL_MESSENGER})
    assert ENGINE.legal(s, 0) == [{"type": "place_trader", "field": "rider"}, {"type": "pass"}]
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_trader", "field": "cart_sand"}).code == "field_closed"
    ev = act(s, 0, "place_trader", field="rider")
    assert [e["field"] for e in of(ev, "trade_income")] == [
        "cart_sand",
        "cart_wood",
        "cart_clay",
        "cart_stone",
        "rider",
    ]
    assert of(ev, "tax_paid") == [
        {"type": "tax_paid", "seat": 0, "resources": {"sand": 1, "wood": 1, "clay": 1, "stone": 1, "silver": 1}}
    ]
    assert s.players[0].res == [1 + 3, 1 + 2, 1, 1, 1]
    check_invariants(s)


def test_r15_trader_helper_to_castle_after_income_frees_the_field() -> None:
    s = new_game(4)
    put_trader(s, 1, "cart_wood")
    set_res(s, 1, sand=2, clay=1)
    set_taler(s, 1, 10)
    select(s, {0: "trader", 1: "bricklayer", 2: "messenger", 3: "messenger"})
    act(s, 0, "place_trader", field="cart_sand")
    assert s.players[1].res[1] == 3 - 1  # income 3 wood, tax 1
    act(s, 1, "watchtower", resource="clay")
    act(s, 1, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    ev = act(s, 1, "place_helper", space="forge_6", **{"from": "cart_wood"})
    assert ev[0] == {
        "type": "helper_placed",
        "seat": 1,
        "space": "forge_6",
        "building": "forge",
        "fee": 6,
        "from": "cart_wood",
    }
    assert s.field_owner[1] == -1 and s.spaces["forge_6"] == 1 and s.players[1].helpers == 5
    assert s.players[1].res[1] == 1  # the income already paid stands
    check_invariants(s)


# -- §6.4 / R-2: the Stonemason's money --------------------------------------------------------
def test_stonemason_without_taler_cannot_buy() -> None:
    s = new_game(4)
    set_taler(s, 0, 0)
    select(s, {0: "stonemason", 1: "worker_2", 2: "messenger", 3: "messenger"})
    assert acting(s) == (0, "buy")
    assert not [a for a in ENGINE.legal(s, 0) if a["type"] == "buy"]
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"})
    assert exc.code == "no_money"
    act(s, 0, "done")
    assert acting(s) == (0, "build")


def test_later_stonemason_buys_again_but_never_the_last_piece() -> None:
    """R-18 with the last-piece rule: W2 keeps one piece after two purchases."""
    s = new_game(4)
    set_taler(s, 3, 5)
    select(s, {0: "worker_2", 1: "stonemason", 2: "stonemason", 3: "messenger"})
    act(s, 1, "buy", owner=0, card="worker_2", resource="clay")
    assert acting(s) == (1, "build")  # the only card was bought from: purchases over
    act(s, 1, "done")
    act(s, 2, "buy", card="worker_2", resource="wood")  # owner left out: only one such card
    act(s, 2, "done")
    assert acting(s) == (0, "build") and s.players[0].res == [2, 1, 0, 0, 0]
    assert [s.players[i].taler for i in range(3)] == [4, 2, 2]
    check_invariants(s)


# -- §6.5 / R-4: an empty worker card ----------------------------------------------------------
def test_worker_with_empty_card_still_builds_with_own_resources() -> None:
    s = new_game(4)
    set_res(s, 0, sand=2, wood=1, clay=1)
    for r in ("sand", "wood", "clay"):
        drain_supply(s, r)
    ev = select(s, {0: "worker_2", **ALL_MESSENGER})
    assert of(ev, "worker_equipped")[0]["resources"] == {}
    assert of(ev, "worker_collected")[0]["resources"] == {}
    assert acting(s) == (0, "build")
    ev = act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(ev, "building_built")[0]["vp"] == 3
    check_invariants(s)


def test_build_step_waits_for_done_without_a_legal_build() -> None:
    """§10 item 7: a player with no legal build simply declares done."""
    s = new_game(4)
    set_res(s, 0)
    select(s, {0: "worker_2", **ALL_MESSENGER})  # 1 sand + 1 wood + 1 clay: value 7, no tile
    assert acting(s) == (0, "build") and ENGINE.legal(s, 0) == [{"type": "done"}]
    ev = act(s, 0, "done")
    assert types(ev)[:2] == ["step_done", "round_ended"]


# -- §6.6: several Master builders ---------------------------------------------------------------
def test_several_master_builders_each_count_the_others() -> None:
    s = new_game(4)
    for seat in (1, 2):
        play_cards(s, seat, "messenger")
    set_res(s, 0, sand=2, wood=1, clay=1)
    select(s, {0: "stonemason", 1: "master_builder", 2: "master_builder", 3: "messenger"})
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "done")
    ev = act(s, 0, "done")
    assert [(e["seat"], e["vp"]) for e in of(ev, "master_builder")] == [(1, 5), (2, 5)]
    assert s.players[0].vp == 6 and len(s.players[1].hand) == 8 and len(s.players[2].hand) == 8


# -- §13.3: palace with both spaces ------------------------------------------------------------
def test_palace_both_spaces_convert_ten_most_valuable_pieces() -> None:
    s = ENGINE.start(3, {"rounds": 1}, 0)
    prebuild(s, "palace", 1)
    put_castle(s, 0, "palace_a")
    put_castle(s, 0, "palace_b")
    set_res(s, 0, sand=5, wood=3, clay=3, stone=2, silver=1)
    ev = select(s, {0: "messenger", 1: "messenger", 2: "messenger"})
    pal = [e for e in of(ev, "final_score") if e["source"] == "palace"]
    assert pal == [
        {
            "type": "final_score",
            "seat": 0,
            "source": "palace",
            "vp": 5 + 2 * 5 + 3 * 4 + 3 * 2 + 1,
            "converted": {"sand": 1, "wood": 3, "clay": 3, "stone": 2, "silver": 1},
        }
    ]
    assert s.players[0].res == [4, 0, 0, 0, 0]
    res = ENGINE.result(s)
    assert res.details[0]["resource_value"] == 4
    check_invariants(s)


# -- §15: guests are neither castle helpers nor copper spaces ----------------------------------
def test_guests_do_not_count_for_keep_or_tavern_and_score_four() -> None:
    s = ENGINE.start(3, {"rounds": 1, "winterEnabled": True}, 0)
    prebuild(s, "keep", 1)
    prebuild(s, "tavern", 1)
    put_castle(s, 0, "keep")
    put_castle(s, 1, "tavern_12")
    s.winter_seen.append("winter_guest")
    s.winter_deck.remove("winter_guest")
    s.players[2].helpers -= 1
    s.guests.append(2)
    check_invariants(s)
    ev = select(s, {0: "messenger", 1: "messenger", 2: "messenger"})
    got = {(e["seat"], e["source"]): e["vp"] for e in of(ev, "final_score")}
    # free spaces: market 2, forge 2, tavern_6 = 5; castle helpers: keep + tavern_12 = 2
    assert got == {(0, "keep"): 15, (1, "tavern_12"): 2, (2, "guests"): 4}


# -- §0 / §5.7: a 3-player game has 15 rounds ----------------------------------------------------
def test_three_player_game_lasts_fifteen_rounds() -> None:
    s = new_game(3)
    rounds = 0
    while ENGINE.pending(s):
        pend = ENGINE.pending(s)
        seat = min(pend)
        legal = ENGINE.legal(s, seat)
        quiet = [a for a in legal if a["type"] in ("done", "pass")]
        ev = ENGINE.apply(s, seat, (quiet or legal)[0])
        rounds += len(of(ev, "round_ended"))
    assert rounds == 15 and s.round == 15 and s.track == 0 and s.end_reason == "last_round"
    assert ENGINE.result(s) is not None
    check_invariants(s)


# -- protocol: what start did ------------------------------------------------------------------
def test_opening_events_tell_round_one_and_its_taler() -> None:
    s = new_game(4)
    assert ENGINE.opening_events(s) == [
        {"type": "round_started", "round": 1, "start_player": 0, "field": 12},
        {"type": "round_taler", "seat": 0, "amount": 1},
    ]
    again = ENGINE.load(ENGINE.dump(s))
    assert ENGINE.opening_events(again) == ENGINE.opening_events(s)
    select(s, {0: "messenger", **ALL_MESSENGER})
    assert ENGINE.opening_events(s) == []
    s = ENGINE.start(
        3,
        {
            "winterEnabled": True,
            "winterRevealTiming": "beforeSelection",
            "winterRoundFields": [15],
            "script": {"winter_order": ["winter_market"]},
        },
        0,
    )
    ev = ENGINE.opening_events(s)
    assert ev[2] == {"type": "winter_revealed", "card": "winter_market", "field": 15, "round": 1}
    assert [e["amount"] for e in of(ev, "taler_received")] == [2, 2, 2]
    check_invariants(s)
