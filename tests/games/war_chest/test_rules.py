"""Setup, script, rounds, the actions of §10 and winning, from exactly set-up positions."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, InvalidOptions
from games.war_chest import data as D
from games.war_chest.engine import ENGINE, WarChestState, parse_hex
from tests.games.playout import assert_rejects_cleanly, canonical
from tests.games.war_chest.helpers import (
    act,
    check_conservation,
    game,
    give_hand,
    legal_of,
    place,
    set_control,
    turn_to,
    unit_at,
)

A = ["Archer", "Cavalry", "Knight", "Lancer"]
B = ["Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"]


# -- board and setup ------------------------------------------------------------------------------------


def test_boards_match_the_spec() -> None:
    two, four = D.BOARDS[2], D.BOARDS[4]
    assert len(two.hexes) == 37 and len(four.hexes) == 47
    assert len(two.locations) == 10 and len(four.locations) == 14
    names = {D.HEX_NAMES[h] for h in four.hexes} - {D.HEX_NAMES[h] for h in two.hexes}
    assert names == {"-4,1", "-4,2", "-4,3", "-5,2", "-5,3", "4,-3", "4,-2", "4,-1", "5,-3", "5,-2"}
    # R18: (3,-3) has 3 neighbours in 2-player and 4 in 4-player
    h = parse_hex("3,-3")
    assert len(two.neighbours[h]) == 3 and len(four.neighbours[h]) == 4
    # §3.1: any two hexes at distance 2 share an on-board neighbour, straight middles are on board
    for board in (two, four):
        for a in board.hexes:
            assert all(board.via[a][b] for b in board.ring2[a])
            assert all(m in board.on for _, m in board.straight2[a])


def test_two_player_basic_setup() -> None:
    st = game(A, B, initiative="wolf")
    assert [D.UNIT_NAMES[k] for k in st.seats[0].cards] == A
    assert [D.UNIT_NAMES[k] for k in st.seats[1].cards] == B
    assert st.initiative == 1 and st.turn == 1 and st.round == 1
    for sd in st.seats:
        assert sum(sd.bag) + sum(sd.hand) == 9 and sum(sd.hand) == 3
        assert sum(sd.supply) == sum(D.COINS[k] - 2 for k in sd.cards)
    v = ENGINE.view(st, None)
    assert v["reserve"] == {"raven": 4, "wolf": 4}
    owned = {h: f for h, f in v["locations"].items() if f}
    assert owned == {"-1,-2": "raven", "2,-3": "raven", "1,2": "wolf", "-2,3": "wolf"}
    # §18 events: deal per card, the flip, then draws in turn order from the initiative holder
    ev = ENGINE.opening_events(st)
    deals = [e for e in ev if e["type"] == "deal"]
    assert [(e["seat"], e["result"], e["scripted"]) for e in deals[:8]] == [(0, c, True) for c in A] + [
        (1, c, True) for c in B
    ]
    flip = next(e for e in ev if e["type"] == "flip")
    assert (flip["kind"], flip["result"], flip["seat"], flip["source"]) == ("flip", "wolf", 1, "script")
    draws = [e for e in ev if e["type"] == "draw"]
    assert [e["seat"] for e in draws] == [1, 1, 1, 0, 0, 0]
    assert all(e["to"] == [e["seat"]] and e["source"] == "rng" and e["kind"] == "draw" for e in draws)
    check_conservation(st)


def test_four_player_basic_setup() -> None:
    armies = [["Archer", "Cavalry", "Knight"], ["Lancer", "Scout", "Ensign"], ["Footman", "Marshall", "Mercenary"]]
    armies.append(["Pikeman", "Berserker", "Swordsman"])
    st = game(*armies, initiative="wolf")
    assert st.initiative == 1  # D10: the lower-numbered seat of the shown faction
    for sd in st.seats:
        assert sum(sd.bag) + sum(sd.hand) == 7
    v = ENGINE.view(st, None)
    assert v["reserve"] == {"raven": 5, "wolf": 5} and v["markers"] == 8
    assert v["locations"]["-4,1"] == "raven" and v["locations"]["4,-1"] == "wolf"
    assert v["locations"]["-5,3"] is None and v["locations"]["5,-3"] is None
    check_conservation(st)


def test_two_player_draft_order_and_initiative() -> None:
    pool = ["Archer", "Berserker", "Cavalry", "Crossbowman", "Ensign", "Footman", "Knight", "Lancer"]
    st = ENGINE.start(2, {"setup": "draft", "script": {"cards": pool, "flips": ["wolf"]}}, 3)
    assert st.phase == "draft"
    order = []
    picks = iter(pool)
    while st.phase == "draft":
        (seat,) = ENGINE.pending(st)
        order.append(seat)
        name = next(picks)
        assert {"type": "draft", "unit": name} in ENGINE.legal(st, seat)
        act(st, seat, type="draft", unit=name)
    # wolf (seat 1) picks first: 1-2-2-2-1, the last pick automatic
    assert order == [1, 0, 0, 1, 1, 0, 0]
    assert [D.UNIT_NAMES[k] for k in st.seats[1].cards] == ["Archer", "Crossbowman", "Ensign", "Lancer"]
    assert st.initiative == 0 and st.round == 1  # the second player takes the marker
    check_conservation(st)


def test_four_player_draft_order() -> None:
    st = ENGINE.start(4, {"setup": "draft", "script": {"flips": ["wolf"]}}, 9)
    order = []
    while st.phase == "draft":
        (seat,) = ENGINE.pending(st)
        order.append(seat)
        act(st, seat, **ENGINE.legal(st, seat)[0])
    # P1 = seat 1; P1 P2 P3 P4 P4 P3 P2 P1 P2 P3 P4 (P1's last card is automatic)
    assert order == [1, 2, 3, 0, 0, 3, 2, 1, 2, 3, 0]
    assert all(len(sd.cards) == 3 for sd in st.seats)
    assert st.initiative == 2  # D11: P2
    check_conservation(st)


def test_draft_pick_must_be_on_the_table() -> None:
    st = ENGINE.start(2, {"setup": "draft", "script": {"cards": A + B, "flips": ["raven"]}}, 3)
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "draft", "unit": "Marshall"})
    assert_rejects_cleanly(ENGINE, st, 1, {"type": "draft", "unit": "Archer"})


# -- script ---------------------------------------------------------------------------------------------


def test_script_draws_fix_hands_and_are_logged() -> None:
    st = game(A, B, draws={"0": ["royal", "Archer", "Archer"], "1": ["Pikeman", "Swordsman", "royal"]})
    assert ENGINE.view(st, 0)["my_hand"] == {"Archer": 2, "royal": 1}
    assert ENGINE.view(st, 1)["my_hand"] == {"Pikeman": 1, "Swordsman": 1, "royal": 1}
    draws = [e for e in ENGINE.opening_events(st) if e["type"] == "draw"]
    assert [e["result"] for e in draws] == ["royal", "Archer", "Archer", "Pikeman", "Swordsman", "royal"]
    assert all(e["scripted"] and e["source"] == "script" for e in draws)


def test_script_partial_cards_keep_the_rng_for_the_rest() -> None:
    st = ENGINE.start(2, {"script": {"cards": ["Marshall"]}}, 5)
    assert D.UNIT_NAMES[st.seats[0].cards[0]] == "Marshall"
    deals = [e for e in ENGINE.opening_events(st) if e["type"] == "deal"]
    assert [e["scripted"] for e in deals] == [True] + [False] * 7
    assert len({e["result"] for e in deals}) == 8


def test_script_draw_not_in_bag_is_an_error() -> None:
    with pytest.raises(InvalidOptions):
        game(A, B, draws={"0": ["Swordsman"]})  # not one of seat 0's coins
    with pytest.raises(InvalidOptions):
        game(A, B, draws={"0": ["royal", "royal"]})


def test_bad_scripted_draw_mid_game_leaves_the_state_untouched() -> None:
    st = game(A, B, draws={"0": ["royal", "Archer", "Archer"], "1": ["Pikeman", "Swordsman", "royal"]})
    # the next draw of seat 0 (next round) is scripted as a coin that will not be in the bag
    st.chance.script["draws"]["0"] = ["Swordsman"]
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, [])
    before = canonical(ENGINE, st)
    with pytest.raises(IllegalAction) as exc:
        act(st, 0, type="pass", coin="royal")
    assert exc.value.code == "bad_script"
    assert canonical(ENGINE, st) == before


def test_same_seed_same_game() -> None:
    a, b = ENGINE.start(4, {"setup": "draft"}, 42), ENGINE.start(4, {"setup": "draft"}, 42)
    assert canonical(ENGINE, a) == canonical(ENGINE, b)
    c = ENGINE.start(4, {"setup": "draft", "seed": 43}, 42)  # the option wins over the argument
    assert canonical(ENGINE, c) != canonical(ENGINE, a)


# -- actions --------------------------------------------------------------------------------------------


def _basic() -> WarChestState:
    st = game(A, B)
    turn_to(st, 0)
    return st


def test_deploy_needs_an_empty_location_you_control() -> None:
    st = _basic()
    give_hand(st, 0, ["Archer", "Knight", "royal"])
    deploys = {a["to"] for a in legal_of(st, 0, type="deploy", coin="Archer")}
    assert deploys == {"-1,-2", "2,-3"}
    for bad in ("1,2", "0,0", "-2,0"):  # enemy location, plain hex, neutral location
        assert_rejects_cleanly(ENGINE, st, 0, {"type": "deploy", "coin": "Archer", "to": bad})
    place(st, 1, "Swordsman", "-1,-2")  # an enemy unit on your location blocks it (R12)
    assert {a["to"] for a in legal_of(st, 0, type="deploy", coin="Archer")} == {"2,-3"}
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "deploy", "coin": "royal", "to": "2,-3"})
    act(st, 0, type="deploy", coin="Archer", to="2,-3")
    assert unit_at(st, "2,-3") == (0, "Archer", 1)
    check_conservation(st)


def test_one_unit_per_type_and_bolster() -> None:
    st = _basic()
    place(st, 0, "Knight", "0,-1")
    give_hand(st, 0, ["Knight", "Knight", "Archer"])
    assert not legal_of(st, 0, type="deploy", coin="Knight")  # R13
    assert not legal_of(st, 0, type="bolster", coin="Archer")
    act(st, 0, type="bolster", coin="Knight")
    assert unit_at(st, "0,-1") == (0, "Knight", 2)
    assert ENGINE.view(st, None)["seats"][0]["discard_up"] == {}


def test_move_needs_an_adjacent_empty_hex() -> None:
    st = _basic()
    place(st, 0, "Knight", "0,0")
    place(st, 1, "Pikeman", "0,1")
    give_hand(st, 0, ["Knight", "royal", "royal"][:2])
    moves = {a["to"] for a in legal_of(st, 0, type="move", coin="Knight")}
    assert moves == {"0,-1", "1,-1", "1,0", "-1,1", "-1,0"}
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "move", "coin": "Knight", "to": "0,1"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "move", "coin": "Knight", "to": "0,2"})
    act(st, 0, type="move", coin="Knight", to="(1, -1)")  # typed forms are forgiven
    assert unit_at(st, "1,-1") == (0, "Knight", 1)
    assert ENGINE.view(st, None)["seats"][0]["discard_up"] == {"Knight": 1}


def test_control_takes_a_location_and_returns_the_enemy_marker() -> None:
    st = _basic()
    place(st, 0, "Knight", "1,2")  # a Wolf start location
    place(st, 0, "Cavalry", "-1,-2")  # own location: no control there (R14)
    give_hand(st, 0, ["Knight", "Cavalry"])
    assert not legal_of(st, 0, type="control", coin="Cavalry")
    events = act(st, 0, type="control", coin="Knight")
    assert ENGINE.view(st, None)["locations"]["1,2"] == "raven"
    assert st.reserve == [3, 5]
    ev = next(e for e in events if e["type"] == "controlled")
    assert ev["previous"] == "wolf" and ev["faction"] == "raven"
    # the marker stays when the unit leaves
    turn_to(st, 0)
    give_hand(st, 0, ["Knight"])
    act(st, 0, type="move", coin="Knight", to="1,1")
    assert ENGINE.view(st, None)["locations"]["1,2"] == "raven"


def test_attack_removes_one_coin_and_empties_the_hex() -> None:
    st = _basic()
    place(st, 0, "Knight", "0,0")
    place(st, 1, "Swordsman", "0,1", 2)
    place(st, 1, "Crossbowman", "1,0")
    give_hand(st, 0, ["Knight", "Knight"])
    targets = {a["target"] for a in legal_of(st, 0, type="attack", coin="Knight")}
    assert targets == {"0,1", "1,0"}
    act(st, 0, type="attack", coin="Knight", target="0,1")
    assert unit_at(st, "0,1") == (1, "Swordsman", 1)
    # Swordsman owner... it is not the Swordsman attacking: nothing is asked
    assert set(ENGINE.pending(st)) == {1}
    turn_to(st, 0)
    events = act(st, 0, type="attack", coin="Knight", target="0,1")
    assert unit_at(st, "0,1") is None
    assert [e["type"] for e in events if e["type"] in ("coin_removed", "unit_removed")] == [
        "coin_removed",
        "unit_removed",
    ]
    assert st.seats[1].gone[D.SWORDSMAN] == 2
    check_conservation(st)


def test_attack_never_targets_friends_or_empty_hexes() -> None:
    st = _basic()
    place(st, 0, "Knight", "0,0")
    place(st, 0, "Cavalry", "0,1")
    give_hand(st, 0, ["Knight"])
    assert not legal_of(st, 0, type="attack")
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "attack", "coin": "Knight", "target": "0,1"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "attack", "coin": "Knight", "target": "1,0"})


def test_claim_initiative_once_per_round() -> None:
    st = game(A, B, initiative="raven")
    turn_to(st, 0)
    give_hand(st, 0, ["royal", "Archer"])
    give_hand(st, 1, ["royal", "Swordsman"])
    assert not legal_of(st, 0, type="claim_initiative")  # you hold it
    act(st, 0, type="pass", coin="Archer")
    assert legal_of(st, 1, type="claim_initiative", coin="royal")
    events = act(st, 1, type="claim_initiative", coin="royal")
    assert st.initiative == 1 and st.claimed
    assert events[0] == {"type": "initiative_claimed", "seat": 1}  # the coin stays hidden
    # nobody may claim again this round, even though seat 0 no longer holds the marker (R10)
    assert not legal_of(st, 0, type="claim_initiative")
    act(st, 0, type="pass", coin="royal")
    act(st, 1, type="pass", coin="Swordsman")
    # new round: seat 1 starts, claiming is open again
    assert st.round == 2 and st.turn == 1 and not st.claimed
    assert set(ENGINE.pending(st)) == {1}


def test_claim_does_not_change_this_rounds_order() -> None:
    st = game(A, B, initiative="raven")
    turn_to(st, 0)
    give_hand(st, 0, ["royal", "Archer", "Archer"])
    give_hand(st, 1, ["royal", "Swordsman", "Swordsman"])
    act(st, 0, type="pass", coin="Archer")
    act(st, 1, type="claim_initiative", coin="royal")
    assert set(ENGINE.pending(st)) == {0}


def test_recruit_face_down_coin_face_up_recruit() -> None:
    st = _basic()
    give_hand(st, 0, ["royal"])
    recruits = {a["unit"] for a in legal_of(st, 0, type="recruit", coin="royal")}
    assert recruits == set(A)
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "recruit", "coin": "royal", "unit": "Swordsman"})
    act(st, 0, type="recruit", coin="royal", unit="Lancer")
    sd = st.seats[0]
    assert sd.down[D.ROYAL] == 1 and sd.up[D.LANCER] == 1 and sd.supply[D.LANCER] == 1
    v = ENGINE.view(st, 1)
    assert v["seats"][0]["discard_up"] == {"Lancer": 1} and v["seats"][0]["discard_down"] == 1
    check_conservation(st)


def test_recruit_needs_supply() -> None:
    st = _basic()
    for k in st.seats[0].cards:
        st.seats[0].gone[k] += st.seats[0].supply[k]
        st.seats[0].supply[k] = 0
    give_hand(st, 0, ["royal"])
    assert [a["type"] for a in ENGINE.legal(st, 0)] == ["pass"]  # R1: only Pass is left


def test_pass_is_always_legal_and_face_down() -> None:
    st = _basic()
    give_hand(st, 0, ["Archer", "royal", "Knight"])
    for coin in ("Archer", "royal", "Knight"):
        assert {"type": "pass", "coin": coin} in ENGINE.legal(st, 0)
    act(st, 0, type="pass", coin="Knight")
    assert st.seats[0].down[D.KNIGHT] == 1
    assert ENGINE.view(st, 1)["seats"][0]["discard_up"] == {}


def test_royal_coin_cannot_deploy_bolster_or_maneuver() -> None:
    st = _basic()
    give_hand(st, 0, ["royal"])
    assert {a["type"] for a in ENGINE.legal(st, 0)} == {"recruit", "pass"}


# -- rounds ---------------------------------------------------------------------------------------------


def test_turns_alternate_and_empty_hands_are_skipped() -> None:
    st = game(A, B, initiative="raven")
    turn_to(st, 0)
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, ["royal", "Pikeman", "Swordsman"])
    act(st, 0, type="pass", coin="royal")
    for coin in ("royal", "Pikeman", "Swordsman"):  # seat 1 plays its remaining coins in a row
        assert set(ENGINE.pending(st)) == {1}
        act(st, 1, type="pass", coin=coin)
    assert st.round == 2 and sum(st.seats[0].hand) == 3 and sum(st.seats[1].hand) == 3


def test_short_bag_refills_from_the_discard_and_draws_what_there_is() -> None:
    st = game(A, B, initiative="raven")
    sd = st.seats[0]
    # seat 0: everything but two coins on the board; bag empty, one coin in the discard
    place(st, 0, "Archer", "-1,-2", 4)
    place(st, 0, "Cavalry", "2,-3", 4)
    place(st, 0, "Knight", "0,-2", 4)
    place(st, 0, "Lancer", "0,-1", 3)
    give_hand(st, 0, ["royal"])
    for k in range(D.NKINDS):  # the last loose coin (a Lancer) lies face-up in the discard
        sd.up[k] += sd.bag[k] + sd.supply[k]
        sd.bag[k] = sd.supply[k] = 0
    assert sum(sd.up) == 1 and sum(sd.down) == 0
    give_hand(st, 1, [])
    turn_to(st, 0)
    events = act(st, 0, type="pass", coin="royal")
    refill = [e for e in events if e["type"] == "refill" and e["seat"] == 0]
    assert refill and refill[0]["count"] == 2  # face-up Lancer + face-down Royal Coin
    assert sum(sd.hand) == 2  # shortage: fewer than 3 coins this round
    assert next(e for e in events if e["type"] == "drew" and e["seat"] == 0)["count"] == 2
    check_conservation(st)


def test_refill_happens_only_when_a_draw_needs_it() -> None:
    st = game(A, B, initiative="raven")
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, [])
    sd = st.seats[0]
    # three coins in the bag, two in the discard: the draw takes the bag and leaves the discard
    for k in range(D.NKINDS):
        sd.up[k] += sd.bag[k]
        sd.bag[k] = 0
    sd.up[D.ARCHER] -= 2
    sd.up[D.KNIGHT] -= 1
    sd.bag[D.ARCHER], sd.bag[D.KNIGHT] = 2, 1
    turn_to(st, 0)
    events = act(st, 0, type="pass", coin="royal")
    assert not [e for e in events if e["type"] == "refill" and e["seat"] == 0]
    assert ENGINE.view(st, 0)["my_hand"] == {"Archer": 2, "Knight": 1}


# -- winning --------------------------------------------------------------------------------------------


def test_sixth_location_wins_at_once() -> None:
    st = _basic()
    for h in ("-3,2", "3,-2", "-2,0"):
        set_control(st, h, "raven")
    place(st, 0, "Knight", "2,0")
    give_hand(st, 0, ["Knight", "Archer", "royal"])
    assert ENGINE.result(st) is None
    events = act(st, 0, type="control", coin="Knight")
    assert events[-1]["type"] == "game_won" and events[-1]["seats"] == [0]
    assert ENGINE.pending(st) == {} and ENGINE.legal(st, 0) == []
    res = ENGINE.result(st)
    assert res is not None and res.winners == [0] and res.ranks == {0: 1, 1: 2} and res.scores[0] == 6
    with pytest.raises(IllegalAction):
        act(st, 0, type="pass", coin="Archer")


def test_win_is_checked_after_every_control_only() -> None:
    st = _basic()
    for h in ("-3,2", "3,-2", "-2,0"):
        set_control(st, h, "raven")
    set_control(st, "2,0", "wolf")
    place(st, 0, "Knight", "2,0")
    give_hand(st, 0, ["Knight"])
    act(st, 0, type="control", coin="Knight")
    assert st.phase == "over" and st.winner == 0


def test_forgiving_action_forms() -> None:
    st = _basic()
    place(st, 0, "Knight", "0,0")
    place(st, 1, "Swordsman", "0,1")
    give_hand(st, 0, ["Knight", "Knight", "royal"])
    # case, Dutch names, bracketed hexes, "at" given although not needed, "to" for an attack target
    act(st, 0, type="Move", coin="ridder", at="0,0", to="(1, -1)")
    assert unit_at(st, "1,-1") == (0, "Knight", 1)
    act(st, 1, type="pass", coin=D.UNIT_NAMES[next(k for k in range(17) if st.seats[1].hand[k])])
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "attack", "coin": "Knight", "at": "0,0", "to": "0,1"})
    for bad in ({"type": "move", "coin": "Knight", "to": "9,9"}, {"type": "move", "coin": "Knight", "colour": "red"}):
        exc = assert_rejects_cleanly(ENGINE, st, 0, bad)
        assert exc.code in ("bad_hex", "bad_field")


def _freeze(st: WarChestState, seat: int, spots: list[str]) -> None:
    """Put every unit coin of ``seat`` on the board, one full stack per type."""
    for kind, spot in zip(list(st.seats[seat].cards), spots):
        place(st, seat, D.UNIT_NAMES[kind], spot, D.COINS[kind])


def test_stalemate_guard_ends_a_frozen_game_without_winner() -> None:
    st = game(A, B)
    _freeze(st, 0, ["-1,-2", "2,-3", "0,-1", "0,-3"])
    _freeze(st, 1, ["1,2", "-2,3", "0,1", "0,3"])
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, ["royal"])
    turn_to(st, 0)
    act(st, 0, type="pass", coin="royal")
    events = act(st, 1, type="pass", coin="royal")
    assert events[-1] == {"type": "stalemate", "round": 1}
    assert ENGINE.pending(st) == {}
    res = ENGINE.result(st)
    assert res is not None and res.tiebreak == "stalemate" and res.ranks == {0: 1, 1: 1}
    assert ENGINE.describe_event(events[-1], "nl", ["A", "B"])


def test_stalemate_guard_waits_while_a_coin_can_still_act() -> None:
    st = game(A, B)
    _freeze(st, 0, ["-1,-2", "2,-3", "0,-1", "0,-3"])
    _freeze(st, 1, ["1,2", "-2,3", "0,1", "0,3"])
    # one Knight coin back into seat 0's discard: the Knight can still move, so play goes on
    u = st.units[st.at[parse_hex("0,-1")]]
    u.height -= 1
    st.seats[0].up[D.KNIGHT] += 1
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, ["royal"])
    turn_to(st, 0)
    act(st, 0, type="pass", coin="royal")
    act(st, 1, type="pass", coin="royal")
    assert st.phase == "play" and st.round == 2
