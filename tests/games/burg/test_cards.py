"""Every character card (§6), trade fields (§7), watchtower (§8), building (§9) and castle helpers (§10)."""

from __future__ import annotations

import pytest

from games.burg.engine import ENGINE
from games.burg.state import State
from games.core import Event
from tests.games.burg.helpers import (
    act,
    acting,
    check_invariants,
    drain_supply,
    empty_tower,
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
    types,
)
from tests.games.playout import assert_rejects_cleanly

ALL_MESSENGER = {1: "messenger", 2: "messenger", 3: "messenger"}


# -- Messenger (§6.1) ---------------------------------------------------------------------------
def test_messenger_takes_eight_bank_limited_in_player_order() -> None:
    s = new_game(4)
    give_taler(s, 3, s.bank - 10)  # the bank keeps only 10 taler
    ev = select(s, {0: "messenger", 1: "messenger", 2: "messenger", 3: "trader"})
    assert [(e["seat"], e["amount"]) for e in of(ev, "messenger")] == [(0, 8), (1, 2), (2, 0)]
    assert s.bank == 0
    check_invariants(s)


# -- Trader (§6.2, §7) --------------------------------------------------------------------------
def test_trader_must_use_free_cart_then_income_and_tax() -> None:
    s = new_game(4)
    select(s, {0: "trader", **ALL_MESSENGER})
    assert acting(s) == (0, "trader")
    assert ENGINE.legal(s, 0) == [
        {"type": "place_trader", "field": "cart_sand"},
        {"type": "place_trader", "field": "cart_wood"},
        {"type": "place_trader", "field": "cart_clay"},
        {"type": "place_trader", "field": "cart_stone"},
        {"type": "pass"},
    ]
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_trader", "field": "rider"}).code == "field_closed"
    ev = act(s, 0, "place_trader", field="cart_wood")
    assert of(ev, "trader_placed")[0] == {"type": "trader_placed", "seat": 0, "field": "cart_wood", "displaced": None}
    assert of(ev, "trade_income") == [
        {"type": "trade_income", "seat": 0, "field": "cart_wood", "resource": "wood", "count": 3}
    ]
    assert of(ev, "tax_paid") == [{"type": "tax_paid", "seat": 0, "resources": {"wood": 1}}]
    assert s.players[0].res == [1, 3, 0, 0, 0] and s.tower == [1, 2, 1, 1, 1]
    assert s.players[0].helpers == 5 and s.field_owner[1] == 0
    check_invariants(s)


def test_income_for_every_field_owner_and_tax_per_type() -> None:
    s = new_game(4)
    put_trader(s, 2, "cart_sand")
    put_trader(s, 2, "cart_wood")
    put_trader(s, 1, "rider")
    select(s, {0: "trader", 1: "messenger", 2: "messenger", 3: "messenger"})
    ev = act(s, 0, "place_trader", field="cart_stone")
    got = [(e["seat"], e["field"], e["count"]) for e in of(ev, "trade_income")]
    assert got == [(2, "cart_sand", 4), (2, "cart_wood", 3), (0, "cart_stone", 2), (1, "rider", 2)]
    taxes = {e["seat"]: e["resources"] for e in of(ev, "tax_paid")}
    assert taxes == {0: {"stone": 1}, 1: {"silver": 1}, 2: {"sand": 1, "wood": 1}}
    assert s.players[2].res == [1 + 3, 1 + 2, 0, 0, 0]
    assert s.tower == [2, 2, 1, 2, 2]
    check_invariants(s)


def test_no_trader_no_income() -> None:
    s = new_game(4)
    put_trader(s, 1, "cart_sand")
    ev = select(s, {0: "messenger", **ALL_MESSENGER})
    assert not of(ev, "trade_income") and s.players[1].res == [1, 1, 0, 0, 0]


def test_all_carts_taken_rider_or_displace_others_not_own_not_new() -> None:
    s = new_game(4)
    put_trader(s, 1, "cart_sand")
    put_trader(s, 2, "cart_wood")
    put_trader(s, 0, "cart_clay")
    select(s, {0: "trader", 1: "trader", 2: "messenger", 3: "messenger"})
    # seat 0 must take the free stone cart
    assert [a.get("field") for a in ENGINE.legal(s, 0)] == ["cart_stone", None]
    act(s, 0, "place_trader", field="cart_stone")
    # seat 1: carts full; rider free, displace seat 2 or seat 0's old helper, never the new one or its own
    fields = [a.get("field") for a in ENGINE.legal(s, 1)]
    assert fields == ["cart_wood", "cart_clay", "rider", None]
    assert assert_rejects_cleanly(ENGINE, s, 1, {"type": "place_trader", "field": "cart_stone"}).code == "field_closed"
    assert assert_rejects_cleanly(ENGINE, s, 1, {"type": "place_trader", "field": "cart_sand"}).code == "field_closed"
    ev = act(s, 1, "place_trader", field="cart_wood")
    assert of(ev, "trader_placed")[0]["displaced"] == 2
    assert s.players[2].helpers == 6 and s.field_owner[1] == 1
    check_invariants(s)


def test_rider_occupied_can_be_displaced() -> None:
    s = new_game(4)
    for seat, field in ((1, "cart_sand"), (1, "cart_wood"), (2, "cart_clay"), (2, "cart_stone"), (3, "rider")):
        put_trader(s, seat, field)
    select(s, {0: "trader", **ALL_MESSENGER})
    assert [a.get("field") for a in ENGINE.legal(s, 0)] == [
        "cart_sand",
        "cart_wood",
        "cart_clay",
        "cart_stone",
        "rider",
        None,
    ]
    ev = act(s, 0, "place_trader", field="rider")
    assert of(ev, "trader_placed")[0]["displaced"] == 3 and s.players[3].helpers == 6
    assert of(ev, "trade_income")[-1] == {
        "type": "trade_income",
        "seat": 0,
        "field": "rider",
        "resource": "silver",
        "count": 2,
    }


def test_own_helper_displacement_option() -> None:
    s = ENGINE.start(4, {"allowDisplacingOwnTraderHelper": True}, 0)
    for seat, field in ((0, "cart_sand"), (1, "cart_wood"), (2, "cart_clay"), (3, "cart_stone"), (0, "rider")):
        put_trader(s, seat, field)
    select(s, {0: "trader", **ALL_MESSENGER})
    assert "cart_sand" in [a.get("field") for a in ENGINE.legal(s, 0)]
    act(s, 0, "place_trader", field="cart_sand")
    check_invariants(s)


def test_trader_without_helper_passes_but_income_happens() -> None:
    s = new_game(4)
    for field in ("cart_sand", "cart_wood", "cart_clay", "cart_stone", "rider"):
        put_trader(s, 0, field)
    put_castle(s, 0, "market_a")
    ev = select(s, {0: "trader", **ALL_MESSENGER})
    assert of(ev, "trader_passed") == [{"type": "trader_passed", "seat": 0}]
    assert len(of(ev, "trade_income")) == 5
    assert of(ev, "tax_paid")[0]["resources"] == {"sand": 1, "wood": 1, "clay": 1, "stone": 1, "silver": 1}
    check_invariants(s)


def test_trader_pass_and_done_are_the_same() -> None:
    s = new_game(4)
    select(s, {0: "trader", **ALL_MESSENGER})
    ev = act(s, 0, "done")
    assert of(ev, "trader_passed") == [{"type": "trader_passed", "seat": 0}]


def test_trade_yield_limited_by_supply() -> None:
    s = new_game(4)
    drain_supply(s, "sand", leave=2)
    put_trader(s, 1, "cart_sand")
    select(s, {0: "trader", **ALL_MESSENGER})
    ev = act(s, 0, "pass")
    assert of(ev, "trade_income") == [
        {"type": "trade_income", "seat": 1, "field": "cart_sand", "resource": "sand", "count": 2}
    ]
    assert s.players[1].res[0] == 1 + 2 - 1
    check_invariants(s)


# -- Bricklayer (§6.3, §8, §9) ------------------------------------------------------------------
def _bricklayer(**res: int) -> tuple[State, list[Event]]:
    s = new_game(4)
    set_res(s, 0, **res)
    ev = select(s, {0: "bricklayer", **ALL_MESSENGER})
    return s, ev


def test_bricklayer_takes_one_type_from_watchtower() -> None:
    s, _ = _bricklayer()
    s.tower[2] += 2
    s.supply[2] -= 2
    assert acting(s) == (0, "watchtower")
    assert [a["resource"] for a in ENGINE.legal(s, 0)] == ["sand", "wood", "clay", "stone", "silver"]
    ev = act(s, 0, "watchtower", resource="clay")
    assert ev[0] == {"type": "watchtower_taken", "seat": 0, "resource": "clay", "count": 3}
    assert s.tower == [1, 1, 0, 1, 1] and s.players[0].res[2] == 3
    assert acting(s) == (0, "build")
    check_invariants(s)


def test_bricklayer_cannot_take_empty_type_and_empty_tower_skips() -> None:
    s, _ = _bricklayer()
    s.supply[2] += 1
    s.tower[2] = 0
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "watchtower", "resource": "clay"}).code == "empty_type"
    s = new_game(4)
    empty_tower(s)
    select(s, {0: "bricklayer", **ALL_MESSENGER})
    assert acting(s) == (0, "build")


def test_bricklayer_builds_for_taler_per_piece_no_vp() -> None:
    s, _ = _bricklayer(sand=2, wood=1)
    act(s, 0, "watchtower", resource="clay")
    builds = [a for a in ENGINE.legal(s, 0) if a["type"] == "build"]
    assert builds == [{"type": "build", "building": "house_1", "payment": {"sand": 2, "wood": 1, "clay": 1}}]
    bank = s.bank
    ev = act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    built = of(ev, "building_built")[0]
    assert built["vp"] == 0 and built["taler"] == 4 and built["card"] == "bricklayer"
    assert s.players[0].taler == 4 + 4 and s.bank == bank - 4 and s.players[0].vp == 0
    assert s.built["house_1"] == [0, 1, "bricklayer"]
    assert s.players[0].res == [0, 0, 0, 0, 0]
    check_invariants(s)


def test_payment_must_be_exact_with_three_types() -> None:
    s, _ = _bricklayer(sand=4, wood=4, clay=2, stone=2)
    act(s, 0, "watchtower", resource="sand")
    for bad, code in (
        ({"sand": 3, "wood": 1, "clay": 1}, "bad_payment"),  # 9: overpaid
        ({"wood": 2, "clay": 1}, "bad_payment"),  # 8 with only two types
        ({"stone": 1, "sand": 3}, "bad_payment"),  # 8 with only two types
        ({"sand": 1, "wood": 1, "clay": 1}, "bad_payment"),  # 7: too little
        ({"clay": 5, "sand": 1}, "missing_resources"),
    ):
        exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "build", "building": "house_1", "payment": bad})
        assert exc.code == code, bad
    act(s, 0, "build", building="house", payment={"stone": 1, "wood": 1, "sand": 1})
    assert "house_1" in s.built


def test_silver_is_a_joker_counted_as_its_declared_type_and_goes_to_the_forge() -> None:
    s, _ = _bricklayer(wood=1, sand=1, silver=1)
    act(s, 0, "watchtower", resource="wood")
    # silver as stone + 1 wood + 1 sand = 8 with three types (the §9 example), wood from the tower unused
    exc = assert_rejects_cleanly(
        ENGINE,
        s,
        0,
        {
            "type": "build",
            "building": "house_1",
            "payment": {"silver": 1, "wood": 1, "sand": 1},
            "silver_as": {"silver": 1},
        },
    )
    assert exc.code == "bad_silver"
    exc = assert_rejects_cleanly(
        ENGINE,
        s,
        0,
        {
            "type": "build",
            "building": "house_1",
            "payment": {"silver": 1, "wood": 1, "sand": 1},
            "silver_as": {"wood": 1},
        },
    )
    assert exc.code == "bad_payment"
    ev = act(s, 0, "build", building="house_1", payment={"silver": 1, "wood": 1, "sand": 1}, silver_as={"stone": 1})
    assert of(ev, "building_built")[0]["taler"] == 3 and of(ev, "building_built")[0]["silver_as"] == {"stone": 1}
    assert s.forge == 1 and s.supply[4] == 14 - 1
    check_invariants(s)


def test_silver_declaration_may_be_omitted_and_legal_lists_default_first() -> None:
    s, _ = _bricklayer(sand=2, wood=2, clay=1, silver=1)
    act(s, 0, "watchtower", resource="stone")
    houses = [a for a in ENGINE.legal(s, 0) if a["type"] == "build" and a["building"] == "house_1"]
    # cheapest first: no silver, no stone before paying with them
    assert houses[0]["payment"] == {"sand": 2, "wood": 1, "clay": 1}
    assert all("silver_as" in a for a in houses if "silver" in a["payment"])
    keys = [(a["payment"].get("silver", 0), a["payment"].get("stone", 0), a["payment"].get("clay", 0)) for a in houses]
    assert keys == sorted(keys)
    ev = act(s, 0, "build", building="house_1", payment={"silver": 1, "wood": 1, "sand": 1})
    assert of(ev, "building_built")[0]["silver_as"] == {"stone": 1}


def test_only_payable_buildings_offered_and_lowest_tile_of_a_group() -> None:
    s, _ = _bricklayer(sand=2, wood=1)
    act(s, 0, "watchtower", resource="clay")
    assert {a.get("building") for a in ENGINE.legal(s, 0) if a["type"] == "build"} == {"house_1"}
    assert acting(s) == (0, "build")
    s2, _ = _bricklayer()
    act(s2, 0, "watchtower", resource="clay")
    assert ENGINE.legal(s2, 0) == [{"type": "done"}]


def test_at_most_two_buildings_then_helpers() -> None:
    s, _ = _bricklayer(sand=6, wood=4, clay=4, stone=4)
    act(s, 0, "watchtower", resource="silver")
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    assert sorted(t for t in s.built if t.startswith("house")) == ["house_1", "house_2"]
    assert acting(s) == (0, "helpers")
    assert (
        assert_rejects_cleanly(
            ENGINE, s, 0, {"type": "build", "building": "house", "payment": {"sand": 2, "wood": 1, "clay": 1}}
        ).code
        == "wrong_step"
    )


def test_castle_helpers_after_building_fees_and_one_per_building() -> None:
    s, _ = _bricklayer(sand=2, wood=1)
    put_trader(s, 0, "cart_sand")
    act(s, 0, "watchtower", resource="clay")
    act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    set_taler(s, 0, 14)
    helpers = [a for a in ENGINE.legal(s, 0) if a["type"] == "place_helper"]
    assert {"type": "place_helper", "space": "market_a", "from": "supply"} in helpers
    assert {"type": "place_helper", "space": "market_a", "from": "cart_sand"} in helpers
    assert not [a for a in helpers if a["space"] not in ("market_a", "market_b", "forge_10", "forge_6")]
    ev = act(s, 0, "place_helper", space="market_a", **{"from": "cart_sand"})
    assert ev[0] == {
        "type": "helper_placed",
        "seat": 0,
        "space": "market_a",
        "building": "market",
        "fee": 8,
        "from": "cart_sand",
    }
    assert s.field_owner[0] == -1 and s.spaces == {"market_a": 0} and s.players[0].taler == 6
    assert acting(s) == (0, "helpers")
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "market_b", "from": "supply"}).code
        == "same_building"
    )
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "forge_10", "from": "supply"}).code
        == "no_money"
    )
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "keep", "from": "supply"}).code
        == "not_built"
    )
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "forge_6", "from": "cart_wood"}).code
        == "not_your_field"
    )
    ev = act(s, 0, "place_helper", space="forge_6", **{"from": "supply"})
    # two helpers: the action is over, the round ends
    assert "round_ended" in types(ev)
    assert s.players[0].helpers == 4 and s.players[0].taler == 0
    check_invariants(s)


def test_no_helpers_without_building_in_this_action() -> None:
    s, _ = _bricklayer()
    act(s, 0, "watchtower", resource="clay")
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "market_a", "from": "supply"}).code
        == "wrong_step"
    )
    ev = act(s, 0, "done")
    assert "round_ended" in types(ev)


def test_helper_on_building_built_in_same_action_and_occupied_space() -> None:
    s, _ = _bricklayer(sand=4, wood=4, clay=4, stone=2)
    put_castle(s, 1, "forge_10")
    set_taler(s, 0, 40)
    act(s, 0, "watchtower", resource="stone")
    act(s, 0, "build", building="keep", payment={"sand": 1, "clay": 2, "stone": 3})
    # a place_helper right after building ends the building step
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "forge_10", "from": "supply"}).code
        == "space_taken"
    )
    act(s, 0, "place_helper", space="keep", **{"from": "supply"})
    assert acting(s) == (0, "helpers")
    assert (
        assert_rejects_cleanly(
            ENGINE, s, 0, {"type": "build", "building": "house", "payment": {"sand": 2, "wood": 1, "clay": 1}}
        ).code
        == "wrong_step"
    )
    act(s, 0, "done")
    assert s.spaces == {"forge_10": 1, "keep": 0}


def test_bricklayer_taler_limited_by_bank() -> None:
    s, _ = _bricklayer(sand=2, wood=1)
    give_taler(s, 1, s.bank - 2)
    act(s, 0, "watchtower", resource="clay")
    ev = act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(ev, "building_built")[0]["taler"] == 2 and s.bank == 0
    check_invariants(s)


# -- Stonemason (§6.4) --------------------------------------------------------------------------
def _stonemason(**options: object) -> tuple[State, list[Event]]:
    s = ENGINE.start(4, dict(options), 0)
    ev = select(s, {0: "stonemason", 1: "worker_2", 2: "worker_3", 3: "messenger"})
    return s, ev


def test_worker_cards_equipped_at_reveal() -> None:
    s, ev = _stonemason()
    eq = of(ev, "worker_equipped")
    assert eq == [
        {"type": "worker_equipped", "seat": 1, "card": "worker_2", "resources": {"sand": 1, "wood": 1, "clay": 1}},
        {"type": "worker_equipped", "seat": 2, "card": "worker_3", "resources": {"sand": 1, "wood": 1, "silver": 1}},
    ]
    check_invariants(s)


def test_stonemason_buys_one_piece_per_worker_card_paying_the_bank() -> None:
    s, _ = _stonemason()
    assert acting(s) == (0, "buy")
    buys = [a for a in ENGINE.legal(s, 0) if a["type"] == "buy"]
    assert buys == [
        {"type": "buy", "owner": 1, "card": "worker_2", "resource": "sand"},
        {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"},
        {"type": "buy", "owner": 1, "card": "worker_2", "resource": "clay"},
        {"type": "buy", "owner": 2, "card": "worker_3", "resource": "sand"},
        {"type": "buy", "owner": 2, "card": "worker_3", "resource": "wood"},
        {"type": "buy", "owner": 2, "card": "worker_3", "resource": "silver"},
    ]
    bank = s.bank
    ev = act(s, 0, "buy", owner=1, card="worker_2", resource="clay")
    assert ev[0] == {
        "type": "resource_bought",
        "seat": 0,
        "owner": 1,
        "card": "worker_2",
        "resource": "clay",
        "price": 1,
        "paid_to": "bank",
    }
    assert s.bank == bank + 1 and s.players[0].taler == 3 and s.players[1].taler == 3
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"}).code
        == "already_bought"
    )
    act(s, 0, "buy", owner=2, card="worker_3", resource="silver")
    # both cards bought from: the purchases are over
    assert acting(s) == (0, "build")
    assert s.players[0].res == [1, 1, 1, 0, 1]
    check_invariants(s)


def test_stonemason_payment_to_worker_owner_option() -> None:
    s, _ = _stonemason(stonemasonPaymentTo="workerOwner")
    ev = act(s, 0, "buy", owner=2, card="worker_3", resource="wood")
    assert ev[0]["paid_to"] == 2 and s.players[2].taler == 4 and s.players[0].taler == 3
    check_invariants(s)


def test_stonemason_last_piece_and_money() -> None:
    s = new_game(4)
    for r in ("sand", "wood", "clay"):
        drain_supply(s, r)
    select(s, {0: "stonemason", 1: "worker_1", 2: "worker_2", 3: "messenger"})
    # W1 got only its stone, W2 nothing: nothing can be bought
    assert [w[2] for w in s.workers] == [[0, 0, 0, 1, 0], [0, 0, 0, 0, 0]]
    assert [a["type"] for a in ENGINE.legal(s, 0)] == ["done"]
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "buy", "owner": 1, "card": "worker_1", "resource": "stone"}).code
        == "last_piece"
    )
    s2, _ = _stonemason()
    set_taler(s2, 0, 0)
    assert not [a for a in ENGINE.legal(s2, 0) if a["type"] == "buy"]  # no taler, no purchase
    exc = assert_rejects_cleanly(ENGINE, s2, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"})
    assert exc.code == "no_money"
    assert [a["type"] for a in ENGINE.legal(s2, 0)] == ["done"]
    assert (
        assert_rejects_cleanly(ENGINE, s2, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"}).code
        == "no_money"
    )


def test_stonemason_builds_for_full_vp_then_helpers() -> None:
    s, _ = _stonemason()
    set_res(s, 0, sand=2, wood=1)
    act(s, 0, "buy", owner=1, card="worker_2", resource="clay")
    act(s, 0, "done")
    ev = act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(ev, "building_built")[0]["vp"] == 6 and s.players[0].vp == 6
    act(s, 0, "done")
    assert acting(s) == (0, "helpers")
    act(s, 0, "done")
    # the workers resolve next: W2 has sand and wood left
    assert acting(s) == (1, "build")
    assert s.players[1].res == [2, 2, 0, 0, 0]


def test_building_ends_purchases() -> None:
    s, _ = _stonemason()
    set_res(s, 0, sand=2, wood=1, clay=1)
    assert {"type": "build", "building": "house_1", "payment": {"sand": 2, "wood": 1, "clay": 1}} in ENGINE.legal(s, 0)
    act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"}).code
        == "buying_over"
    )


def test_two_stonemasons_each_buy_in_player_order() -> None:
    s = new_game(4)
    select(s, {0: "stonemason", 1: "stonemason", 2: "worker_2", 3: "messenger"})
    act(s, 0, "buy", owner=2, card="worker_2", resource="clay")
    assert acting(s) == (0, "build")
    act(s, 0, "done")
    assert acting(s) == (1, "buy")
    act(s, 1, "buy", owner=2, card="worker_2", resource="wood")
    # one piece left on W2: the second Stonemason's purchases end, W2's owner keeps the sand
    assert acting(s) == (1, "build")
    act(s, 1, "done")
    assert acting(s) == (2, "build") and s.players[2].res == [2, 1, 0, 0, 0]
    check_invariants(s)


# -- Workers (§5.5, §6.5) -----------------------------------------------------------------------
def test_worker_1_owner_chooses_two_pieces_duplicates_allowed() -> None:
    s = new_game(4)
    select(s, {0: "worker_1", 1: "worker_3", **{2: "messenger", 3: "messenger"}})
    assert acting(s) == (0, "equip")
    choices = [a["resources"] for a in ENGINE.legal(s, 0)]
    assert choices == [
        ["sand", "sand"],
        ["sand", "wood"],
        ["sand", "clay"],
        ["wood", "wood"],
        ["wood", "clay"],
        ["clay", "clay"],
    ]
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "equip", "resources": ["stone", "sand"]}).code == "bad_choice"
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "equip", "resources": ["sand"]}).code == "bad_choice"
    ev = act(s, 0, "equip", resources=["clay", "wood"])
    assert of(ev, "worker_equipped") == [
        {"type": "worker_equipped", "seat": 0, "card": "worker_1", "resources": {"wood": 1, "clay": 1, "stone": 1}},
        {"type": "worker_equipped", "seat": 1, "card": "worker_3", "resources": {"sand": 1, "wood": 1, "silver": 1}},
    ]
    # messengers first, then W1 collects and may build
    assert acting(s) == (0, "build") and s.players[0].res == [1, 2, 1, 1, 0]
    check_invariants(s)


def test_worker_1_choice_limited_by_supply_and_duplicates_option() -> None:
    s = new_game(4)
    drain_supply(s, "sand")
    drain_supply(s, "wood")
    drain_supply(s, "clay", leave=1)
    select(s, {0: "worker_1", **ALL_MESSENGER})
    assert [a["resources"] for a in ENGINE.legal(s, 0)] == [["clay"]]
    s = ENGINE.start(4, {"workerChoiceAllowsDuplicates": False}, 0)
    select(s, {0: "worker_1", **ALL_MESSENGER})
    assert [a["resources"] for a in ENGINE.legal(s, 0)] == [["sand", "wood"], ["sand", "clay"], ["wood", "clay"]]


def test_worker_builds_for_half_vp_and_places_no_helpers() -> None:
    s = new_game(4)
    set_res(s, 0, sand=1)
    select(s, {0: "worker_2", **ALL_MESSENGER})
    ev = act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(ev, "building_built")[0]["vp"] == 3 and s.players[0].vp == 3
    assert acting(s) == (0, "build")
    assert not [a for a in ENGINE.legal(s, 0) if a["type"] == "place_helper"]
    ev = act(s, 0, "done")
    assert "round_ended" in types(ev)


def test_two_workers_of_one_player_in_card_order_two_players() -> None:
    s = new_game(2)
    ev = select(s, {0: ["worker_3", "worker_2"], 1: ["stonemason", "worker_1"]})
    assert [(e["seat"], e["card"]) for e in of(ev, "worker_equipped")] == [(0, "worker_2"), (0, "worker_3")]
    assert acting(s) == (1, "equip")
    act(s, 1, "equip", resources=["sand", "sand"])
    # the Stonemason may buy only from the other player's cards (§14)
    buys = {(a["owner"], a["card"]) for a in ENGINE.legal(s, 1) if a["type"] == "buy"}
    assert buys == {(0, "worker_2"), (0, "worker_3")}
    assert (
        assert_rejects_cleanly(ENGINE, s, 1, {"type": "buy", "owner": 1, "card": "worker_1", "resource": "sand"}).code
        == "own_worker"
    )
    act(s, 1, "done")
    act(s, 1, "done")
    # workers: seat 0 first (start player) W2 then W3, then seat 1's W1
    order = []
    while ENGINE.pending(s) and s.round == 1:
        seat, kind = acting(s)
        order.append((seat, s.task["card"]))
        act(s, seat, "done")
    assert order == [(0, "worker_2"), (0, "worker_3"), (1, "worker_1")]


# -- Master builder (§6.6) -----------------------------------------------------------------------
def test_master_builder_scores_buildings_of_others_and_returns_cards() -> None:
    s = new_game(4)
    ev = houses_under_a_master_builder(s)
    assert of(ev, "master_builder") == [{"type": "master_builder", "seat": 3, "buildings": 2, "vp": 10}]
    assert of(ev, "cards_returned") == [{"type": "cards_returned", "seat": 3}]
    assert len(s.players[3].hand) == 8 and s.players[3].played == []
    assert s.players[3].vp == 10


def test_master_builder_two_players_ignores_own_buildings() -> None:
    s = new_game(2)
    ev = houses_under_a_master_builder(s, {0: ["bricklayer", "master_builder"], 1: ["stonemason", "messenger"]})
    assert of(ev, "master_builder")[0]["buildings"] == 1 and s.players[0].vp == 5


# -- Two players (§14) ---------------------------------------------------------------------------
def test_two_player_selection_pairs() -> None:
    s = new_game(2)
    legal = ENGINE.legal(s, 0)
    assert len(legal) == 21 and all(len(a["cards"]) == 2 and "master_builder" not in a["cards"] for a in legal)
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "select", "cards": ["master_builder", "trader"]}).code
        == "master_builder_first"
    )
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "select", "cards": ["trader", "trader"]}).code == "same_card"
    act(s, 0, "select", cards=["stonemason", "bricklayer"])
    assert s.selections[0] == ["bricklayer", "stonemason"]
    play_cards(s, 1, "messenger", "trader", "bricklayer", "stonemason", "worker_1", "worker_2")
    assert ENGINE.legal(s, 1) == [{"type": "select", "cards": ["worker_3", "master_builder"]}]


def test_two_player_one_helper_per_building_across_both_actions() -> None:
    s = new_game(2)
    set_res(s, 0, sand=4, wood=2, clay=2)
    set_taler(s, 0, 30)
    select(s, {0: ["bricklayer", "stonemason"], 1: ["messenger", "trader"]})
    act(s, 1, "pass")
    act(s, 0, "watchtower", resource="stone")
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "place_helper", space="market_a", **{"from": "supply"})
    act(s, 0, "done")
    assert acting(s) == (0, "build")  # the Stonemason: no worker cards to buy from
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "done")
    assert (
        assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "market_b", "from": "supply"}).code
        == "same_building"
    )
    act(s, 0, "place_helper", space="forge_10", **{"from": "supply"})
    assert s.players[0].helpers == 5
    check_invariants(s)


def test_several_bricklayers_take_from_the_watchtower_in_player_order() -> None:
    s = new_game(4)
    empty_tower(s)
    s.supply[2] -= 3
    s.tower[2] += 3
    select(s, {0: "messenger", 1: "bricklayer", 2: "bricklayer", 3: "messenger"})
    assert acting(s) == (1, "watchtower")
    assert ENGINE.legal(s, 1) == [{"type": "watchtower", "resource": "clay"}]
    act(s, 1, "watchtower", resource="clay")
    act(s, 1, "done")
    # the watchtower is empty now: the second Bricklayer goes straight to building
    assert acting(s) == (2, "build")
    assert s.players[1].res[2] == 3
    check_invariants(s)


def test_messenger_trader_order_in_same_round() -> None:
    s = new_game(3)
    put_trader(s, 1, "cart_clay")
    ev = select(s, {0: "trader", 1: "messenger", 2: "trader"})
    assert types(ev)[-1] == "messenger"
    act(s, 0, "place_trader", field="cart_wood")
    ev = act(s, 2, "place_trader", field="cart_sand")
    assert [e["seat"] for e in of(ev, "trade_income")] == [2, 0, 1]


def test_r8_stonemason_without_building_places_no_helpers_two_players() -> None:
    s = new_game(2)
    set_res(s, 0, sand=2, wood=1, clay=1)
    set_taler(s, 0, 30)
    select(s, {0: ["bricklayer", "stonemason"], 1: ["messenger", "trader"]})
    act(s, 1, "pass")
    act(s, 0, "watchtower", resource="stone")
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "done")
    act(s, 0, "done")
    assert acting(s) == (0, "build") and s.task["card"] == "stonemason"
    assert not [a for a in ENGINE.legal(s, 0) if a["type"] == "place_helper"]
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "market_a", "from": "supply"})
    assert exc.code == "wrong_step"
    ev = act(s, 0, "done")
    assert "round_ended" in types(ev)


def test_r16_displaced_helper_is_used_again_in_the_same_round() -> None:
    s = new_game(4)
    for seat, field in ((2, "cart_sand"), (1, "cart_wood"), (1, "cart_clay"), (1, "cart_stone")):
        put_trader(s, seat, field)
    for space in ("market_a", "market_b", "forge_10", "forge_6"):
        put_castle(s, 2, space)
    put_trader(s, 2, "rider")
    assert s.players[2].helpers == 0
    set_res(s, 2, sand=2, wood=1, clay=1)
    prebuild(s, "keep")
    set_taler(s, 2, 14)
    select(s, {0: "trader", 1: "messenger", 2: "bricklayer", 3: "messenger"})
    act(s, 0, "place_trader", field="cart_sand")
    assert s.players[2].helpers == 1
    act(s, 2, "watchtower", resource="stone")
    act(s, 2, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 2, "place_helper", space="keep", **{"from": "supply"})
    assert s.spaces["keep"] == 2 and s.players[2].helpers == 0
    check_invariants(s)


def test_r28_half_vp_rounds_down() -> None:
    from games.burg.data import DEFAULTS

    rows = [dict(r) for r in DEFAULTS["buildings"]]
    rows[-1] = {"id": "house", "count": 7, "kind": "house", "vp": 5, "cost": 8}
    s = ENGINE.start(4, {"buildings": rows}, 0)
    set_res(s, 0, sand=1)
    select(s, {0: "worker_2", **ALL_MESSENGER})
    ev = act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(ev, "building_built")[0]["vp"] == 2


BUILDING_TABLE = [
    ("servants_house", "servants_house", 14, 18),
    ("palace", "palace", 18, 30),
    ("keep", "keep", 14, 24),
    ("tavern", "tavern", 12, 22),
    ("great_gate", "great_gate", 10, 18),
    ("small_gate", "small_gate", 6, 12),
    ("stable", "stable", 14, 18),
    ("tower_large", "tower_large_1", 10, 12),
    ("tower_small", "tower_small_1", 8, 10),
    ("house", "house_1", 6, 8),
]


@pytest.mark.parametrize(("group", "tile", "vp", "cost"), BUILDING_TABLE)
def test_every_building_costs_its_value_and_scores_full_vp_for_a_stonemason(
    group: str, tile: str, vp: int, cost: int
) -> None:
    s = new_game(3)
    set_res(s, 0, sand=5, wood=4, clay=4, stone=4)
    select(s, {0: "stonemason", 1: "messenger", 2: "messenger"})
    builds = [a for a in ENGINE.legal(s, 0) if a["type"] == "build" and a["building"] == tile]
    assert builds, "payable, so offered"
    values = {"sand": 1, "wood": 2, "clay": 4, "stone": 5}
    for a in builds:
        assert sum(values[r] * n for r, n in a["payment"].items()) == cost
        assert len(a["payment"]) >= 3
    ev = act(s, 0, "build", building=group, payment=builds[0]["payment"])
    assert of(ev, "building_built")[0]["building"] == tile and s.players[0].vp == vp
    assert s.rules.tile_by_id[tile].cost == cost
    check_invariants(s)


def test_tile_counts_of_the_table() -> None:
    s = new_game(4)
    groups = s.rules.groups
    assert len(groups["tower_large"]) == 4 and len(groups["tower_small"]) == 5 and len(groups["house"]) == 7
    assert s.rules.to_build == 23
    assert sum(1 for t in s.rules.tiles if t.kind == "tower") == 9
    fees = s.rules.space_fee
    assert fees == {
        "market_a": 8, "market_b": 8, "forge_10": 10, "forge_6": 6, "servants_a": 5, "servants_b": 5,
        "palace_a": 17, "palace_b": 17, "keep": 14, "tavern_12": 12, "tavern_6": 6, "great_gate": 10,
        "small_gate": 5, "stable_16": 16, "stable_12": 12,
    }  # fmt: skip


def test_fields_by_resource_and_helpers_by_building_name() -> None:
    s, _ = _bricklayer(sand=2, wood=1)
    put_castle(s, 1, "market_a")
    set_taler(s, 0, 20)
    act(s, 0, "watchtower", resource="clay")
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    ev = act(s, 0, "place_helper", space="market")
    assert ev[0]["space"] == "market_b" and ev[0]["from"] == "supply"
    s = new_game(4)
    select(s, {0: "trader", **ALL_MESSENGER})
    ev = act(s, 0, "place_trader", field="clay")
    assert ev[0]["field"] == "cart_clay"
