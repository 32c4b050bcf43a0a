"""Set-up (§4), options (§3), round structure (§5), selection rules and the end of the game (§13.1)."""

from __future__ import annotations

import pytest

from games.burg.data import CARDS
from games.burg.engine import ENGINE
from games.core import IllegalAction, InvalidOptions
from tests.games.burg.helpers import act, check_invariants, new_game, of, play_cards, prebuild, select, set_res, types
from tests.games.playout import assert_rejects_cleanly


@pytest.mark.parametrize(
    ("players", "bank", "track", "helpers", "cards"),
    [(4, 81, 12, 6, 1), (3, 81, 15, 6, 1), (2, 87, 12, 7, 2)],
)
def test_setup_exact(players: int, bank: int, track: int, helpers: int, cards: int) -> None:
    s = new_game(players)
    check_invariants(s)
    # round 1 has begun: the start player (seat 0) took the coin of the highest field
    assert s.round == 1 and s.start == 0
    assert s.track == track - 1 and s.bank == bank
    assert s.tower == [1, 1, 1, 1, 1]
    assert s.supply == [20 - 1 - players, 18 - 1 - players, 14, 14, 14]
    assert s.forge == 0
    for seat, p in enumerate(s.players):
        assert p.taler == (4 if seat == 0 else 3)
        assert p.res == [1, 1, 0, 0, 0] and p.vp == 0 and p.helpers == helpers
        assert p.hand == list(CARDS) and p.played == []
    assert set(s.built) == {"market", "forge"} and s.spaces == {}
    assert s.rules.rounds == (15 if players == 3 else 12) and s.rules.to_build == 23
    pend = ENGINE.pending(s)
    assert sorted(pend) == list(range(players))
    assert all(p.kind == "select" and p.secret and p.data["count"] == cards for p in pend.values())


def test_start_events_and_rounds() -> None:
    s = new_game(3)
    ev = select(s, {0: "messenger", 1: "messenger", 2: "messenger"})
    # all three Messengers resolved automatically; round 2 began with seat 1 as start player
    assert types(ev)[-3:] == ["round_ended", "round_started", "round_taler"]
    assert of(ev, "round_started")[0] == {"type": "round_started", "round": 2, "start_player": 1, "field": 14}
    assert s.start == 1 and s.players[1].taler == 3 + 8 + 1


def test_bad_options_rejected() -> None:
    for bad in (
        {"nope": 1},
        {"winterEnabled": "yes"},
        {"stonemasonPaymentTo": "me"},
        {"winterRevealTiming": "never"},
        {"rounds": {"5": 3}},
        {"script": {"winter_order": ["winter_frost", "winter_frost"]}},
        {"script": {"winter_order": ["winter_spring"]}},
        {"script": {"dice": [1]}},
        {"buildings": []},
        {"coinsTotal": 20},
    ):
        with pytest.raises(InvalidOptions):
            ENGINE.start(4, bad, 0)
    for n in (1, 5, 0):
        with pytest.raises(InvalidOptions):
            ENGINE.start(n, {}, 0)


def test_options_use_exact_keys() -> None:
    s = ENGINE.start(
        4,
        {
            "rounds": {"4": 3},
            "startTaler": 5,
            "messengerTaler": 6,
            "helpersPerPlayer": 4,
            "resourceValues": {"sand": 1, "wood": 2, "clay": 3, "stone": 5},
        },
        0,
    )
    assert s.rules.rounds == 3 and s.players[1].taler == 5 and s.players[1].helpers == 4
    assert s.rules.values == (1, 2, 3, 5)
    ev = select(s, {0: "messenger", 1: "trader", 2: "trader", 3: "trader"})
    assert of(ev, "messenger")[0]["amount"] == 6


def test_master_builder_not_first_and_hand_rules() -> None:
    s = new_game(4)
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "select", "card": "master_builder"})
    assert exc.code == "master_builder_first"
    assert {"type": "select", "card": "master_builder"} not in ENGINE.legal(s, 0)
    assert len(ENGINE.legal(s, 0)) == 7
    play_cards(s, 0, "messenger")
    assert {"type": "select", "card": "master_builder"} in ENGINE.legal(s, 0)
    assert {"type": "select", "card": "messenger"} not in ENGINE.legal(s, 0)
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "select", "card": "messenger"})
    assert exc.code == "not_in_hand"
    for bad in ({"type": "select", "cards": ["trader", "stonemason"]}, {"type": "select", "card": "joker"}):
        assert_rejects_cleanly(ENGINE, s, 0, bad)


def test_only_master_builder_left_must_be_played() -> None:
    s = new_game(3)
    play_cards(s, 1, *[c for c in CARDS if c != "master_builder"])
    assert ENGINE.legal(s, 1) == [{"type": "select", "card": "master_builder"}]


def test_selection_is_secret_and_may_change_until_all_chose() -> None:
    s = new_game(3)
    ev = act(s, 0, "select", card="trader")
    assert ev[0] == {"type": "card_selected", "seat": 0}
    assert ev[1] == {"type": "selection", "seat": 0, "cards": ["trader"], "to": [0]}
    assert sorted(ENGINE.pending(s)) == [1, 2]
    # nothing owed any more, but the other cards are offered as an optional change
    assert 0 not in ENGINE.pending(s)
    assert [a["card"] for a in ENGINE.legal(s, 0)] == [c for c in CARDS if c not in ("trader", "master_builder")]
    offer = ENGINE.invitations(s)[0]
    assert offer.kind == "change_choice" and offer.secret and offer.data["optional"]
    assert offer.data["cards"] == ["trader"] and set(ENGINE.invitations(s)) == {0}
    with pytest.raises(IllegalAction) as err:
        act(s, 0, "select", card="trader")
    assert err.value.code == "unchanged"
    assert ENGINE.view(s, 1)["players"][0]["chosen"] is True
    assert "selection" not in ENGINE.view(s, None)
    assert ENGINE.view(s, 0)["selection"] == ["trader"]
    ev = act(s, 0, "select", card="messenger")  # changed before the last choice
    assert types(ev) == ["selection"]
    assert ENGINE.view(s, 0)["selection"] == ["messenger"]
    assert ENGINE.view(s, 1)["players"][0]["chosen"] is True and ENGINE.view(s, 1)["selection"] is None
    select(s, {1: "messenger", 2: "messenger"})
    assert s.players[0].played == ["messenger"]
    assert ENGINE.invitations(s) == {}  # revealed: nothing left to change


def test_reveal_puts_cards_in_played_area_and_resolves_in_order() -> None:
    s = new_game(4)
    ev = select(s, {0: "stonemason", 1: "bricklayer", 2: "trader", 3: "messenger"})
    revealed = of(ev, "cards_revealed")[0]
    assert revealed["cards"] == [["stonemason"], ["bricklayer"], ["trader"], ["messenger"]]
    assert types(ev).index("messenger") < len(ev)
    # the Messenger resolved first; the Trader is asked next
    assert ENGINE.pending(s)[2].kind == "trader"
    for seat, card in enumerate(("stonemason", "bricklayer", "trader", "messenger")):
        assert s.players[seat].played == [card] and card not in s.players[seat].hand


def test_wrong_seat_and_wrong_step_are_rejected() -> None:
    s = new_game(4)
    select(s, {0: "stonemason", 1: "bricklayer", 2: "trader", 3: "messenger"})
    assert assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_trader", "field": "cart_sand"}).code == "not_your_turn"
    assert assert_rejects_cleanly(ENGINE, s, 2, {"type": "watchtower", "resource": "sand"}).code == "wrong_step"
    assert assert_rejects_cleanly(ENGINE, s, 2, {"type": "select", "card": "trader"}).code == "wrong_phase"


def test_game_ends_after_last_round_and_track_empty() -> None:
    s = ENGINE.start(4, {"rounds": 2}, 0)
    select(s, {0: "messenger", 1: "messenger", 2: "messenger", 3: "messenger"})
    ev = select(s, {0: "trader", 1: "trader", 2: "trader", 3: "trader"})
    while ENGINE.pending(s):
        seat = next(iter(ENGINE.pending(s)))
        ev += act(s, seat, "pass")
    assert of(ev, "game_ended") == [{"type": "game_ended", "reason": "last_round"}]
    assert s.phase == "over" and s.track == 0 and ENGINE.pending(s) == {}
    assert ENGINE.legal(s, 0) == []
    assert_rejects_cleanly(ENGINE, s, 0, {"type": "done"})
    assert ENGINE.result(s) is not None


def test_early_end_when_last_building_built_round_completes() -> None:
    s = new_game(4)
    for tid in s.rules.tile_by_id:
        if tid not in s.built and tid != "house_7":
            prebuild(s, tid, 3)
    # the last house goes up in round 1; the round still finishes (Master builder included)
    play_cards(s, 3, "messenger")
    set_res(s, 0, sand=2, wood=1, clay=1)
    check_invariants(s)
    select(s, {0: "bricklayer", 1: "worker_2", 2: "stonemason", 3: "master_builder"})
    act(s, 0, "watchtower", resource="stone")
    ev = act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(ev, "building_built")[0]["building"] == "house_7"
    # nothing is left to build: helpers may still be placed, the Stonemason may still buy
    assert ENGINE.pending(s)[0].kind == "helpers"
    act(s, 0, "done")
    assert ENGINE.pending(s)[2].kind == "buy"
    ev = act(s, 2, "buy", owner=1, card="worker_2", resource="clay")
    assert ENGINE.pending(s) == {}
    assert of(ev, "master_builder")[0] == {"type": "master_builder", "seat": 3, "buildings": 1, "vp": 5}
    assert of(ev, "worker_collected")[0]["resources"] == {"sand": 1, "wood": 1}
    assert of(ev, "game_ended")[0]["reason"] == "all_built"
    assert s.round == 1 and s.track == 11  # unused coins stay on the track
    check_invariants(s)


def test_illegal_actions_never_change_state() -> None:
    s = new_game(2)
    for bad in (
        {"type": "select", "cards": ["trader"]},
        {"type": "select", "cards": ["trader", "trader"]},
        {"type": "select", "card": "trader"},
        {"type": "select", "cards": ["master_builder", "trader"]},
        {"type": "select", "cards": "trader"},
    ):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, bad)
    check_invariants(s)


def test_full_first_round_with_every_kind_of_step() -> None:
    """A whole round of four players from the exact set-up, event by event."""
    s = new_game(4)
    log = select(s, {0: "trader", 1: "bricklayer", 2: "stonemason", 3: "worker_1"})
    assert types(log)[-2:] == ["selection", "cards_revealed"]
    assert ENGINE.pending(s)[3].kind == "equip"
    log = act(s, 3, "equip", resources=["sand", "clay"])
    assert log == [
        {"type": "worker_equipped", "seat": 3, "card": "worker_1", "resources": {"sand": 1, "clay": 1, "stone": 1}}
    ]
    log = act(s, 0, "place_trader", field="cart_sand")
    assert types(log) == ["trader_placed", "trade_income", "tax_paid"]
    assert s.players[0].res[:2] == [4, 1] and s.tower[0] == 2
    log = act(s, 1, "watchtower", resource="sand")
    assert log == [{"type": "watchtower_taken", "seat": 1, "resource": "sand", "count": 2}]
    assert ENGINE.legal(s, 1) == [{"type": "done"}]  # 3 sand + 1 wood: two types only
    log = act(s, 1, "done")
    assert log == [{"type": "step_done", "seat": 1, "card": "bricklayer", "step": "build"}]
    assert ENGINE.pending(s)[2].kind == "buy"
    act(s, 2, "buy", card="worker_1", resource="stone")  # the owner may be left out here
    log = act(s, 2, "build", building="house_1", payment={"sand": 1, "wood": 1, "stone": 1})
    assert of(log, "building_built")[0]["vp"] == 6
    act(s, 2, "done")
    assert ENGINE.pending(s)[2].kind == "helpers"
    assert ENGINE.legal(s, 2) == [{"type": "done"}]  # 2 taler: no space is affordable
    log = act(s, 2, "done")
    assert of(log, "worker_collected") == [
        {"type": "worker_collected", "seat": 3, "card": "worker_1", "resources": {"sand": 1, "clay": 1}}
    ]
    log = act(s, 3, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    assert of(log, "building_built")[0]["building"] == "house_2" and s.players[3].vp == 3
    log = act(s, 3, "done")
    assert types(log) == ["step_done", "round_ended", "round_started", "round_taler"]
    assert [p.vp for p in s.players] == [0, 0, 6, 3]
    assert [p.taler for p in s.players] == [4, 4, 2, 3]
    assert s.round == 2 and s.start == 1
    check_invariants(s)


def test_building_table_and_winter_cards_are_configurable() -> None:
    from games.burg.data import DEFAULTS

    s = ENGINE.start(4, {"buildings": DEFAULTS["buildings"], "winterCards": DEFAULTS["winterCards"]}, 0)
    assert s.rules.to_build == 23
    rows = [dict(r) for r in DEFAULTS["buildings"]]
    rows[-1] = {"id": "house", "count": 3, "kind": "house", "vp": 4, "cost": 8}
    s = ENGINE.start(4, {"buildings": rows, "forgeFees": [16, 8], "winterCards": ["winter_frost", "winter_snow"]}, 0)
    assert s.rules.to_build == 19 and s.rules.space_fee["forge_10"] == 16 and s.rules.space_fee["forge_6"] == 8
    assert s.rules.tile_by_id["house_3"].vp == 4 and "house_4" not in s.rules.tile_by_id
    assert list(s.rules.winter_cards) == ["winter_frost", "winter_snow"]
    with pytest.raises(InvalidOptions):
        ENGINE.start(4, {"buildings": [*rows, {"id": "house", "vp": 1, "cost": 1}]}, 0)


def test_every_section_3_key_accepts_its_default() -> None:
    import copy

    from games.burg.data import DEFAULTS

    for key, value in DEFAULTS.items():
        s = ENGINE.start(3, {key: copy.deepcopy(value)}, 0)
        assert s.config == ENGINE.start(3, {}, 0).config, key
    s = ENGINE.start(3, copy.deepcopy(DEFAULTS), 0)
    assert s.config == ENGINE.start(3, {}, 0).config


def test_no_change_is_offered_when_the_hand_allows_one_choice() -> None:
    s = new_game(2)
    play_cards(s, 0, *[c for c in CARDS if c not in ("trader", "messenger")])
    act(s, 0, "select", cards=["messenger", "trader"])
    assert ENGINE.legal(s, 0) == [] and 0 not in ENGINE.invitations(s)
