"""Audit scenarios: option defaults, 4-player dealing, trigger chains, the stalemate guard's limits."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.war_chest import data as D
from games.war_chest.engine import ENGINE, WarChestState
from tests.games.playout import assert_rejects_cleanly
from tests.games.war_chest.helpers import (
    act,
    check_conservation,
    game,
    give_hand,
    legal_of,
    place,
    turn_to,
    unit_at,
)

FOES = ["Swordsman", "Pikeman", "Knight", "Crossbowman"]
GUARD = ["Royal Guard", "Berserker", "Cavalry", "Lancer"]
PRIEST = ["Warrior Priest", "Royal Guard", "Cavalry", "Lancer"]
TWELVE = [
    "Archer",
    "Cavalry",
    "Knight",
    "Lancer",
    "Scout",
    "Ensign",
    "Footman",
    "Marshall",
    "Mercenary",
    "Pikeman",
    "Berserker",
    "Swordsman",
]


def _prompt(st: WarChestState) -> tuple[int, str]:
    ((seat, prompt),) = ENGINE.pending(st).items()
    return seat, prompt.kind


def _pos(mine: list[str], theirs: list[str], hand: list[str]) -> WarChestState:
    st = game(mine, theirs)
    turn_to(st, 0)
    give_hand(st, 0, hand)
    give_hand(st, 1, ["royal"])
    return st


# -- §6.0 options and §18 script -------------------------------------------------------------------------


def test_option_defaults() -> None:
    specs = {s.name: s for s in ENGINE.option_specs}
    assert specs["setup"].default == "basic" and specs["setup"].choices == ("basic", "draft")
    assert specs["royal_guard"].default == "original" and specs["royal_guard"].choices == ("original", "revised")
    st = ENGINE.start(2, {}, 7)
    assert (st.setup, st.royal_guard, st.phase, st.round) == ("basic", "original", "play", 1)
    assert all(len(sd.cards) == 4 for sd in st.seats)
    # the seat count may also be given as the option `players`, and the option `seed` seeds the RNG
    same = ENGINE.start(2, {"players": 2, "seed": 7})
    assert ENGINE.dump(same) == ENGINE.dump(st)


def test_four_player_basic_deal_order_and_raven_initiative() -> None:
    st = ENGINE.start(4, {"script": {"cards": TWELVE, "flips": ["raven"]}}, 3)
    for seat in range(4):
        assert [D.UNIT_NAMES[k] for k in st.seats[seat].cards] == TWELVE[3 * seat : 3 * seat + 3]
    assert st.initiative == 0 and st.turn == 0  # D10: Raven shows, seat 0 takes the marker
    ev = ENGINE.opening_events(st)
    flip = next(e for e in ev if e["type"] == "flip")
    assert (flip["seat"], flip["result"], flip["scripted"]) == (0, "raven", True)
    assert [e["seat"] for e in ev if e["type"] == "drew"] == [0, 1, 2, 3]
    check_conservation(st)


def test_four_player_draft_pool_is_the_top_twelve_cards() -> None:
    st = ENGINE.start(4, {"setup": "draft", "script": {"cards": TWELVE, "flips": ["raven"]}}, 3)
    assert sorted(D.UNIT_NAMES[k] for k in st.draft_pool) == sorted(TWELVE)
    assert {a["unit"] for a in ENGINE.legal(st, 0)} == set(TWELVE)
    order = []
    while st.phase == "draft":
        (seat,) = ENGINE.pending(st)
        order.append(seat)
        act(st, seat, **ENGINE.legal(st, seat)[0])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0, 1, 2, 3]  # P1 = seat 0; its last pick is automatic
    assert st.initiative == 1  # D11: P2
    check_conservation(st)


def test_script_draws_serve_warrior_priest_draws_too() -> None:
    st = game(PRIEST, FOES, draws={"0": ["Warrior Priest", "royal", "Cavalry", "Lancer"]})
    assert ENGINE.view(st, 0)["my_hand"] == {"Warrior Priest": 1, "royal": 1, "Cavalry": 1}
    assert st.chance.script["draws"]["0"] == ["Lancer"]  # left for the next draw of seat 0
    turn_to(st, 0)
    give_hand(st, 1, ["royal"])
    place(st, 0, "Warrior Priest", "2,0")
    events = act(st, 0, type="control", coin="Warrior Priest")
    (draw,) = [e for e in events if e["type"] == "draw"]
    assert (draw["result"], draw["scripted"], draw["source"], draw["reason"]) == (
        "Lancer",
        True,
        "script",
        "warrior_priest",
    )


# -- protocol --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("choice", [["supply"], {"a": 1}, 1, None])
def test_mangled_soak_choice_is_refused_cleanly(choice: object) -> None:
    st = game(FOES, GUARD)
    turn_to(st, 0)
    give_hand(st, 0, ["Swordsman"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Swordsman", "0,0")
    place(st, 1, "Royal Guard", "0,1")
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    assert _prompt(st) == (1, "soak")
    for key in ("from", "source"):
        exc = assert_rejects_cleanly(ENGINE, st, 1, {"type": "soak", key: choice})
        assert isinstance(exc, IllegalAction)


# -- trigger chains ----------------------------------------------------------------------------------------


def test_warrior_priest_with_empty_bag_and_discard_draws_nothing() -> None:
    # 4 players: seat 0's Marshall grants seat 2's Warrior Priest an attack; the Marshall coin goes
    # to seat 0's discard, and seat 2's own bag and discard are empty (its Royal Coin is in hand)
    armies = [["Ensign", "Marshall", "Scout"], ["Pikeman", "Knight", "Archer"]]
    armies += [["Swordsman", "Berserker", "Warrior Priest"], ["Cavalry", "Lancer", "Footman"]]
    st = game(*armies)
    for seat in range(4):
        give_hand(st, seat, ["royal"])
    turn_to(st, 0)
    give_hand(st, 0, ["Marshall"])
    place(st, 0, "Marshall", "0,0")
    place(st, 2, "Warrior Priest", "0,1")
    place(st, 3, "Cavalry", "0,2", 2)
    sd = st.seats[2]
    for k in range(D.ROYAL):
        sd.gone[k] += sd.bag[k] + sd.up[k] + sd.down[k]
        sd.bag[k] = sd.up[k] = sd.down[k] = 0
    ENGINE.forget(st)
    events = act(st, 0, type="tactic", coin="Marshall", unit="0,1", target="0,2")
    assert unit_at(st, "0,2") == (3, "Cavalry", 1)
    assert not [e for e in events if e["type"] in ("draw", "refill")]
    assert [e["count"] for e in events if e["type"] == "drew"] == [0]
    assert _prompt(st) == (1, "turn")  # the forced draw is skipped, the turn moves on
    check_conservation(st)


def test_warrior_priest_chain_draws_again_and_the_royal_coin_moves_the_royal_guard() -> None:
    st = _pos(PRIEST, FOES, ["Warrior Priest"])
    place(st, 0, "Warrior Priest", "0,0", 2)
    place(st, 0, "Royal Guard", "3,-3")
    place(st, 1, "Swordsman", "0,1", 3)
    st.chance.script["draws"] = {"0": ["Warrior Priest", "royal"]}
    act(st, 0, type="attack", coin="Warrior Priest", target="0,1")
    assert _prompt(st) == (0, "warrior_priest")
    # the drawn Warrior Priest coin attacks again: a second draw (§5.16 chain)
    events = act(st, 0, type="attack", coin="Warrior Priest", target="0,1")
    assert [e["result"] for e in events if e["type"] == "draw"] == ["royal"]
    assert unit_at(st, "0,1") == (1, "Swordsman", 1)
    assert _prompt(st) == (0, "warrior_priest")
    # the Royal Coin drawn this way may take the Royal Guard tactic (§5.16 last line)
    assert {a["to"] for a in legal_of(st, 0, type="tactic", coin="royal")} == {"2,-3", "2,-2", "3,-2"}
    act(st, 0, type="tactic", coin="royal", to="2,-2")
    assert unit_at(st, "2,-2") == (0, "Royal Guard", 1) and st.seats[0].up[D.ROYAL] == 1
    assert _prompt(st) == (1, "turn")
    check_conservation(st)


def test_warrior_priest_drawn_coin_may_claim_the_initiative() -> None:
    st = game(PRIEST, FOES, initiative="wolf")
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Warrior Priest", "2,0")
    st.chance.script["draws"] = {"0": ["Cavalry"]}
    act(st, 0, type="control", coin="Warrior Priest")
    act(st, 0, type="claim_initiative", coin="Cavalry")
    assert st.initiative == 0 and st.claimed and st.seats[0].down[D.CAVALRY] == 1


def test_marshall_chosen_crossbowman_attacks_adjacent_only() -> None:
    st = _pos(["Marshall", "Crossbowman", "Cavalry", "Lancer"], ["Pikeman", "Knight", "Scout", "Archer"], ["Marshall"])
    place(st, 0, "Marshall", "0,0")
    place(st, 0, "Crossbowman", "1,0")
    place(st, 1, "Scout", "3,0")  # straight range 2 from the Crossbowman, middle 2,0 empty
    assert not legal_of(st, 0, type="tactic", coin="Marshall")  # no ranged tactic through the Marshall
    place(st, 1, "Archer", "2,-1")  # adjacent to the Crossbowman
    options = {(a["unit"], a["target"]) for a in legal_of(st, 0, type="tactic", coin="Marshall")}
    assert options == {("1,0", "2,-1")}


def test_berserker_repeats_after_a_marshall_granted_attack() -> None:
    st = _pos(["Marshall", "Berserker", "Cavalry", "Lancer"], ["Pikeman", "Knight", "Scout", "Archer"], ["Marshall"])
    place(st, 0, "Marshall", "0,0")
    place(st, 0, "Berserker", "0,2", 3)
    place(st, 1, "Scout", "0,3", 2)
    act(st, 0, type="tactic", coin="Marshall", unit="0,2", target="0,3")
    assert unit_at(st, "0,3") == (1, "Scout", 1) and _prompt(st) == (0, "berserker")
    act(st, 0, type="attack", target="0,3")  # pays one coin, attacks again
    assert unit_at(st, "0,3") is None and unit_at(st, "0,2") == (0, "Berserker", 2)
    assert st.seats[0].up[D.BERSERKER] == 1


def test_mercenary_free_attack_into_a_pikeman_loses_a_coin() -> None:
    st = _pos(["Mercenary", "Berserker", "Cavalry", "Lancer"], FOES, ["royal"])
    place(st, 0, "Mercenary", "0,0", 2)
    place(st, 1, "Pikeman", "0,1", 2)
    act(st, 0, type="recruit", coin="royal", unit="Mercenary")
    act(st, 0, type="attack", target="0,1")
    assert unit_at(st, "0,0") == (0, "Mercenary", 1) and unit_at(st, "0,1") == (1, "Pikeman", 1)
    check_conservation(st)


def test_teammate_sees_neither_the_hand_nor_the_drawn_coin() -> None:
    armies = [["Warrior Priest", "Marshall", "Scout"], ["Pikeman", "Knight", "Archer"]]
    armies += [["Swordsman", "Berserker", "Ensign"], ["Cavalry", "Lancer", "Footman"]]
    st = game(*armies)
    for seat in range(4):
        give_hand(st, seat, ["royal"])
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    place(st, 0, "Warrior Priest", "-2,0")
    st.chance.script["draws"] = {"0": ["Marshall"]}
    act(st, 0, type="control", coin="Warrior Priest")
    assert _prompt(st) == (0, "warrior_priest")
    mate = ENGINE.view(st, 2)
    assert "my_drawn" not in mate and mate["my_hand"] == {"royal": 1}
    assert ENGINE.legal(st, 2) == [] and ENGINE.view(st, None)["pending"] == [{"seat": 0, "kind": "warrior_priest"}]
    assert ENGINE.view(st, 0)["my_drawn"] == "Marshall"


# -- the stalemate guard (engine docstring): never while the board can still change ------------------------


def _frozen_but_for_the_royal_guard(open_hex: bool) -> WarChestState:
    """Seat 0 (Raven): every unit coin on the board, its Royal Guard on Wolf's 1,2.

    Seat 1 (Wolf): everything on the board except the Crossbowman, whose coins cannot be deployed
    (its two locations are taken). Only the Royal Coin could change the board: by moving the Royal
    Guard off 1,2, freeing a Wolf location. ``open_hex`` leaves it a hex to move to.
    """
    st = game(GUARD, FOES)
    place(st, 0, "Royal Guard", "1,2", 5)
    place(st, 0, "Berserker", "1,1", 5)
    place(st, 0, "Cavalry", "2,1", 4)
    place(st, 0, "Lancer", "0,3", 4)
    place(st, 1, "Pikeman", "-2,3", 4)
    place(st, 1, "Knight", "0,0", 4)
    place(st, 1, "Swordsman", "3,-3" if open_hex else "0,2", 5)
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, ["royal"])
    turn_to(st, 0)
    return st


def test_stalemate_guard_waits_while_the_royal_guard_can_free_a_location() -> None:
    st = _frozen_but_for_the_royal_guard(open_hex=True)
    act(st, 0, type="pass", coin="royal")
    act(st, 1, type="pass", coin="royal")
    assert st.phase == "play" and st.round == 2 and ENGINE.result(st) is None


def test_stalemate_guard_fires_when_the_royal_guard_is_boxed_in() -> None:
    st = _frozen_but_for_the_royal_guard(open_hex=False)
    act(st, 0, type="pass", coin="royal")
    events = act(st, 1, type="pass", coin="royal")
    assert events[-1]["type"] == "stalemate" and st.phase == "over"
    res = ENGINE.result(st)
    assert res is not None and res.winners == [0, 1] and res.tiebreak == "stalemate"


def test_stalemate_guard_waits_while_a_stranded_scout_can_deploy() -> None:
    st = game(GUARD, ["Scout", "Pikeman", "Knight", "Swordsman"])
    place(st, 0, "Royal Guard", "1,2", 5)
    place(st, 0, "Berserker", "-2,3", 5)
    place(st, 0, "Cavalry", "-1,-2", 4)
    place(st, 0, "Lancer", "2,-3", 4)
    place(st, 1, "Pikeman", "0,0", 4)
    place(st, 1, "Knight", "-3,0", 4)
    place(st, 1, "Swordsman", "3,-3", 5)
    give_hand(st, 0, ["royal"])
    give_hand(st, 1, ["royal"])
    turn_to(st, 0)
    act(st, 0, type="pass", coin="royal")
    act(st, 1, type="pass", coin="royal")
    assert st.phase == "play" and st.round == 2  # the Scout may still deploy next to a friend


# -- rulings of §15 not covered elsewhere -----------------------------------------------------------------


def test_r2_an_eliminated_type_may_be_deployed_again() -> None:
    st = _pos(["Knight", "Berserker", "Cavalry", "Lancer"], ["Swordsman", "Pikeman", "Scout", "Archer"], ["Knight"])
    place(st, 0, "Knight", "0,0")
    place(st, 1, "Swordsman", "0,1", 2)
    give_hand(st, 1, ["Swordsman"])
    turn_to(st, 1)
    act(st, 1, type="attack", coin="Swordsman", target="0,0")
    assert unit_at(st, "0,0") is None and st.seats[0].gone[D.KNIGHT] == 1
    act(st, 1, type="decline")
    assert _prompt(st) == (0, "turn")
    assert {a["to"] for a in legal_of(st, 0, type="deploy", coin="Knight")} == {"-1,-2", "2,-3"}
    act(st, 0, type="deploy", coin="Knight", to="-1,-2")
    assert unit_at(st, "-1,-2") == (0, "Knight", 1)
    check_conservation(st)


def test_r3_a_royal_guard_hit_by_the_pikeman_reflex_gets_no_soak() -> None:
    st = _pos(GUARD, FOES, ["Royal Guard"])
    place(st, 0, "Royal Guard", "0,0", 2)  # two Royal Guard coins stay in the supply
    place(st, 1, "Pikeman", "0,1", 2)
    events = act(st, 0, type="attack", coin="Royal Guard", target="0,1")
    assert unit_at(st, "0,0") == (0, "Royal Guard", 1) and unit_at(st, "0,1") == (1, "Pikeman", 1)
    assert not [e for e in events if e["type"] == "soaked"] and _prompt(st) == (1, "turn")
    assert st.seats[0].supply[D.ROYAL_GUARD] == 1


def test_r19_a_ranged_attack_on_the_royal_guard_may_be_soaked() -> None:
    st = game(["Archer", "Scout", "Knight", "Pikeman"], GUARD)
    turn_to(st, 0)
    give_hand(st, 0, ["Archer"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Archer", "0,0")
    place(st, 1, "Royal Guard", "1,1")  # distance 2, not in a straight line
    act(st, 0, type="tactic", coin="Archer", target="1,1")
    assert _prompt(st) == (1, "soak")
    act(st, 1, type="soak", **{"from": "supply"})
    assert unit_at(st, "1,1") == (1, "Royal Guard", 1) and st.seats[1].gone[D.ROYAL_GUARD] == 1
    assert unit_at(st, "0,0") == (0, "Archer", 1)


def test_r22_deploy_and_bolster_trigger_nothing() -> None:
    st = _pos(["Berserker", "Warrior Priest", "Archer", "Mercenary"], FOES, ["Berserker", "Warrior Priest"])
    place(st, 0, "Berserker", "0,0", 2)
    place(st, 0, "Warrior Priest", "-2,0")  # on a neutral location it could control
    events = act(st, 0, type="bolster", coin="Berserker")
    assert unit_at(st, "0,0") == (0, "Berserker", 3) and _prompt(st) == (1, "turn")
    act(st, 1, type="pass", coin="royal")
    events = act(st, 0, type="bolster", coin="Warrior Priest")
    assert not [e for e in events if e["type"] == "draw" and e["reason"] == "warrior_priest"]
    assert unit_at(st, "-2,0") == (0, "Warrior Priest", 2)
    st = _pos(["Berserker", "Warrior Priest", "Archer", "Mercenary"], FOES, ["Berserker", "Mercenary"])
    place(st, 1, "Knight", "0,-2")  # next to the Raven start location -1,-2
    act(st, 0, type="deploy", coin="Berserker", to="-1,-2")
    assert _prompt(st) == (1, "turn")
    act(st, 1, type="pass", coin="royal")
    act(st, 0, type="deploy", coin="Mercenary", to="2,-3")  # deploying a Mercenary is no recruit
    assert st.phase == "play" and _prompt(st)[1] == "turn" and st.round == 2


def test_r5_ensign_destination_must_stay_within_two() -> None:
    st = _pos(["Ensign", "Scout", "Cavalry", "Lancer"], FOES, ["Ensign"])
    place(st, 0, "Ensign", "0,0")
    place(st, 0, "Scout", "2,-2")  # distance 2
    options = {a["to"] for a in legal_of(st, 0, type="tactic", coin="Ensign", unit="2,-2")}
    # neighbours of 2,-2 at distance <= 2 from 0,0 (3,-3 / 3,-2 / 2,-3 are at distance 3)
    assert options == {"1,-1", "2,-1", "1,-2"}
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "tactic", "coin": "Ensign", "unit": "2,-2", "to": "3,-3"})
