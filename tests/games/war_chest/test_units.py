"""Every unit's tactic, attribute and restriction (§5), with the rulings of §11, §12 and §15."""

from __future__ import annotations

from typing import Any

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
    set_control,
    turn_to,
    unit_at,
)


def _pos(mine: list[str], theirs: list[str], hand: list[str], *, royal_guard: str = "original") -> WarChestState:
    """A 2-player game on seat 0's turn with that hand; seat 1 holds three coins it may pass."""
    st = game(mine, theirs, royal_guard=royal_guard)
    turn_to(st, 0)
    give_hand(st, 0, hand)
    give_hand(st, 1, ["royal"])
    return st


def _targets(st: WarChestState, seat: int, key: str, **match: Any) -> set[str]:
    return {a[key] for a in legal_of(st, seat, **match)}


def _prompt(st: WarChestState) -> tuple[int, str]:
    ((seat, prompt),) = ENGINE.pending(st).items()
    return seat, prompt.kind


RANGED = ["Archer", "Berserker", "Cavalry", "Lancer"]
FOES = ["Swordsman", "Pikeman", "Knight", "Crossbowman"]


# -- Archer -------------------------------------------------------------------------------------------


def test_archer_attacks_only_at_range_two_over_anything() -> None:
    st = _pos(RANGED, FOES, ["Archer"])
    place(st, 0, "Archer", "0,0")
    place(st, 1, "Pikeman", "0,1")  # adjacent: never an Archer target
    place(st, 1, "Swordsman", "0,2")  # straight, behind the Pikeman: fine
    place(st, 1, "Crossbowman", "2,-1")  # ring 2, not in a straight line: fine
    place(st, 1, "Knight", "-2,1")  # unbolstered Archer cannot target a Knight
    assert _targets(st, 0, "target", type="tactic", coin="Archer") == {"0,2", "2,-1"}
    assert not legal_of(st, 0, type="attack")  # restriction: attacks only by its tactic
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "attack", "coin": "Archer", "target": "0,1"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "tactic", "coin": "Archer", "target": "-2,1"})
    act(st, 0, type="tactic", coin="Archer", target="0,2")
    assert unit_at(st, "0,2") is None and unit_at(st, "0,0") == (0, "Archer", 1)
    assert st.seats[0].up[D.ARCHER] == 1
    check_conservation(st)


def test_archer_at_range_does_not_trigger_the_pikeman_and_bolstered_hits_knights() -> None:
    st = _pos(RANGED, FOES, ["Archer"])
    place(st, 0, "Archer", "0,0", 2)
    place(st, 1, "Pikeman", "2,-2", 2)
    place(st, 1, "Knight", "-2,1")
    assert _targets(st, 0, "target", type="tactic", coin="Archer") == {"2,-2", "-2,1"}
    act(st, 0, type="tactic", coin="Archer", target="2,-2")
    assert unit_at(st, "0,0") == (0, "Archer", 2) and unit_at(st, "2,-2") == (1, "Pikeman", 1)


def test_archer_cannot_be_chosen_by_a_marshall() -> None:
    st = _pos(["Archer", "Marshall", "Cavalry", "Lancer"], FOES, ["Marshall"])
    place(st, 0, "Marshall", "0,0")
    place(st, 0, "Archer", "0,1")
    place(st, 0, "Lancer", "1,0")
    place(st, 1, "Swordsman", "1,1")
    assert not legal_of(st, 0, type="tactic", coin="Marshall")


# -- Berserker ----------------------------------------------------------------------------------------


def test_berserker_repeats_by_paying_coins_face_up_never_the_last() -> None:
    st = _pos(RANGED, FOES, ["Berserker"])
    place(st, 0, "Berserker", "0,0", 3)
    place(st, 1, "Swordsman", "0,1", 2)
    act(st, 0, type="attack", coin="Berserker", target="0,1")
    assert _prompt(st) == (0, "berserker")
    assert {"type": "decline"} in ENGINE.legal(st, 0)
    assert {"type": "attack", "target": "0,1"} in ENGINE.legal(st, 0)
    events = act(st, 0, type="attack", target="0,1")
    assert events[0]["type"] == "berserker_paid"
    assert unit_at(st, "0,1") is None and unit_at(st, "0,0") == (0, "Berserker", 2)
    assert st.seats[0].up[D.BERSERKER] == 2  # the spent coin and the paid one (D6)
    assert _prompt(st) == (0, "berserker")
    act(st, 0, type="move", to="1,0")
    assert unit_at(st, "1,0") == (0, "Berserker", 1)
    # one coin left: no further repeat, the turn passes
    assert _prompt(st) == (1, "turn")
    check_conservation(st)


def test_berserker_repeat_checks_the_knight_rule_after_paying() -> None:
    st = _pos(RANGED, FOES, ["Berserker"])
    place(st, 0, "Berserker", "0,0", 2)
    place(st, 1, "Knight", "0,1")
    assert legal_of(st, 0, type="attack", coin="Berserker", target="0,1")  # height 2 now
    act(st, 0, type="move", coin="Berserker", to="1,-1")
    assert _prompt(st) == (0, "berserker")
    act(st, 0, type="move", to="1,0")  # next to the Knight again, but with one coin
    assert _prompt(st) == (1, "turn")
    st2 = _pos(RANGED, FOES, ["Berserker"])
    place(st2, 0, "Berserker", "0,0", 2)
    place(st2, 1, "Knight", "0,1")
    act(st2, 0, type="move", coin="Berserker", to="-1,1")  # still next to the Knight
    assert not [a for a in ENGINE.legal(st2, 0) if a["type"] == "attack"]  # 1 coin after paying


def test_berserker_decline_and_not_offered_with_one_coin() -> None:
    st = _pos(RANGED, FOES, ["Berserker", "Berserker"])
    place(st, 0, "Berserker", "0,0", 2)
    act(st, 0, type="move", coin="Berserker", to="0,1")
    events = act(st, 0, type="decline")
    assert events[0]["type"] == "declined" and unit_at(st, "0,1") == (0, "Berserker", 2)
    assert _prompt(st) == (1, "turn")


# -- Cavalry ------------------------------------------------------------------------------------------


def test_cavalry_moves_then_must_attack() -> None:
    st = _pos(RANGED, FOES, ["Cavalry"])
    place(st, 0, "Cavalry", "0,0")
    place(st, 1, "Swordsman", "1,1")
    assert _targets(st, 0, "to", type="tactic", coin="Cavalry") == {"1,0", "0,1"}
    # D4: a move that leaves no attack is not the tactic
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "tactic", "coin": "Cavalry", "to": "-1,0"})
    act(st, 0, type="tactic", coin="Cavalry", to="1,0")  # one target: the attack follows at once
    assert unit_at(st, "1,0") == (0, "Cavalry", 1) and unit_at(st, "1,1") is None


def test_cavalry_asks_for_the_target_when_several() -> None:
    st = _pos(RANGED, FOES, ["Cavalry"])
    place(st, 0, "Cavalry", "0,0")
    place(st, 1, "Swordsman", "1,1")
    place(st, 1, "Crossbowman", "2,-1")
    act(st, 0, type="tactic", coin="Cavalry", to="1,0")
    assert _prompt(st) == (0, "cavalry")
    assert {a["target"] for a in ENGINE.legal(st, 0)} == {"2,-1", "1,1"}
    act(st, 0, type="attack", target="2,-1")
    assert unit_at(st, "2,-1") is None and unit_at(st, "1,1") == (1, "Swordsman", 1)


def test_cavalry_target_may_be_given_with_the_tactic() -> None:
    st = _pos(RANGED, FOES, ["Cavalry"])
    place(st, 0, "Cavalry", "0,0")
    place(st, 1, "Swordsman", "1,1")
    place(st, 1, "Crossbowman", "2,-1")
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "tactic", "coin": "Cavalry", "to": "1,0", "target": "0,1"})
    act(st, 0, type="tactic", coin="Cavalry", to="1,0", target="1,1")
    assert unit_at(st, "1,1") is None and _prompt(st) == (1, "turn")


def test_cavalry_attack_into_a_pikeman_is_adjacent() -> None:
    st = _pos(RANGED, FOES, ["Cavalry"])
    place(st, 0, "Cavalry", "0,0")
    place(st, 1, "Pikeman", "1,1", 2)
    act(st, 0, type="tactic", coin="Cavalry", to="0,1")
    assert unit_at(st, "0,1") is None and unit_at(st, "1,1") == (1, "Pikeman", 1)


# -- Crossbowman ----------------------------------------------------------------------------------------

CROSS = ["Crossbowman", "Ensign", "Footman", "Marshall"]
OTHERS = ["Swordsman", "Pikeman", "Knight", "Scout"]


def test_crossbowman_straight_line_with_empty_middle_and_normal_attack() -> None:
    st = _pos(CROSS, OTHERS, ["Crossbowman"])
    place(st, 0, "Crossbowman", "0,0")
    place(st, 1, "Swordsman", "0,2")  # straight, 0,1 empty: target
    place(st, 1, "Scout", "2,-2")  # straight, middle 1,-1 occupied: blocked
    place(st, 0, "Footman", "1,-1")
    place(st, 1, "Pikeman", "1,1")  # distance 2 but not straight
    place(st, 1, "Knight", "-1,0")  # adjacent: the normal attack is allowed... not on a Knight
    assert _targets(st, 0, "target", type="tactic", coin="Crossbowman") == {"0,2"}
    assert not legal_of(st, 0, type="attack", coin="Crossbowman")
    act(st, 0, type="tactic", coin="Crossbowman", target="0,2")
    assert unit_at(st, "0,2") is None
    st = _pos(CROSS, OTHERS, ["Crossbowman"])
    place(st, 0, "Crossbowman", "0,0")
    place(st, 1, "Pikeman", "0,1", 2)
    assert _targets(st, 0, "target", type="attack", coin="Crossbowman") == {"0,1"}
    act(st, 0, type="attack", coin="Crossbowman", target="0,1")  # adjacent: the Pikeman strikes back
    assert unit_at(st, "0,0") is None


def test_crossbowman_at_range_does_not_trigger_the_pikeman() -> None:
    st = _pos(CROSS, OTHERS, ["Crossbowman"])
    place(st, 0, "Crossbowman", "0,0")
    place(st, 1, "Pikeman", "-2,0", 2)
    act(st, 0, type="tactic", coin="Crossbowman", target="-2,0")
    assert unit_at(st, "0,0") == (0, "Crossbowman", 1) and unit_at(st, "-2,0") == (1, "Pikeman", 1)


# -- Ensign -------------------------------------------------------------------------------------------


def test_ensign_moves_a_friendly_unit_within_two() -> None:
    st = _pos(CROSS, OTHERS, ["Ensign"])
    place(st, 0, "Ensign", "0,0")
    place(st, 0, "Footman", "0,2")
    place(st, 0, "Marshall", "0,-3")  # distance 3: out of reach
    place(st, 1, "Swordsman", "1,0")  # an enemy: never chosen
    options = {(a["unit"], a["to"]) for a in legal_of(st, 0, type="tactic", coin="Ensign")}
    assert options == {("0,2", "0,1"), ("0,2", "1,1"), ("0,2", "-1,2")}
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "tactic", "coin": "Ensign", "unit": "0,2", "to": "0,3"})
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "tactic", "coin": "Ensign", "unit": "0,0", "to": "0,-1"})
    act(st, 0, type="tactic", coin="Ensign", unit="0,2", to="1,1")
    assert unit_at(st, "1,1") == (0, "Footman", 1) and unit_at(st, "0,0") == (0, "Ensign", 1)
    assert st.seats[0].up[D.ENSIGN] == 1 and st.seats[0].up[D.FOOTMAN] == 0


def test_ensign_move_triggers_the_berserker() -> None:
    st = _pos(["Ensign", "Berserker", "Cavalry", "Lancer"], FOES, ["Ensign"])
    place(st, 0, "Ensign", "0,0")
    place(st, 0, "Berserker", "1,0", 2)
    act(st, 0, type="tactic", coin="Ensign", unit="1,0", to="2,0")
    assert _prompt(st) == (0, "berserker")


def test_ensign_with_nobody_to_move_has_no_tactic() -> None:
    st = _pos(CROSS, OTHERS, ["Ensign"])
    place(st, 0, "Ensign", "0,0")
    assert not legal_of(st, 0, type="tactic")


# -- Footman ------------------------------------------------------------------------------------------


def test_two_footmen_may_be_on_the_board_deployed_one_at_a_time() -> None:
    st = _pos(CROSS, OTHERS, ["Footman", "Footman", "Footman"])
    act(st, 0, type="deploy", coin="Footman", to="-1,-2")
    act(st, 1, type="pass", coin="royal")
    assert _targets(st, 0, "to", type="deploy", coin="Footman") == {"2,-3"}
    act(st, 0, type="deploy", coin="Footman", to="2,-3")
    assert unit_at(st, "-1,-2") == (0, "Footman", 1) and unit_at(st, "2,-3") == (0, "Footman", 1)
    # a third coin cannot deploy; bolster and moves name the Footman unit by "at"
    assert not legal_of(st, 0, type="deploy")
    assert {a["at"] for a in legal_of(st, 0, type="bolster")} == {"-1,-2", "2,-3"}
    with pytest.raises(IllegalAction) as exc:
        act(st, 0, type="bolster", coin="Footman")
    assert exc.value.code == "ambiguous"
    act(st, 0, type="bolster", coin="Footman", at="2,-3")
    assert unit_at(st, "2,-3") == (0, "Footman", 2)
    check_conservation(st)


def test_footman_tactic_maneuvers_each_footman_once() -> None:
    st = _pos(CROSS, OTHERS, ["Footman"])
    place(st, 0, "Footman", "0,0")
    place(st, 0, "Footman", "2,0")  # a neutral location
    place(st, 1, "Swordsman", "-1,0")
    assert legal_of(st, 0, type="tactic", coin="Footman") == [{"type": "tactic", "coin": "Footman"}]
    act(st, 0, type="tactic", coin="Footman")
    assert _prompt(st) == (0, "footman")
    kinds = {(a["type"], a["at"]) for a in ENGINE.legal(st, 0)}
    assert ("control", "2,0") in kinds and ("attack", "0,0") in kinds and ("move", "0,0") in kinds
    assert not [a for a in ENGINE.legal(st, 0) if a["type"] == "tactic"]
    act(st, 0, type="control", at="2,0")
    assert _prompt(st) == (0, "footman")
    assert {a["at"] for a in ENGINE.legal(st, 0)} == {"0,0"}  # the other Footman only
    act(st, 0, type="attack", at="0,0", target="-1,0")
    assert unit_at(st, "-1,0") is None and ENGINE.view(st, None)["locations"]["2,0"] == "raven"
    assert _prompt(st) == (1, "turn")
    assert st.seats[0].up[D.FOOTMAN] == 1  # one coin for both maneuvers


def test_footman_tactic_with_one_footman_is_one_maneuver() -> None:
    st = _pos(CROSS, OTHERS, ["Footman"])
    place(st, 0, "Footman", "0,0")
    act(st, 0, type="tactic", coin="Footman")
    act(st, 0, type="move", at="0,0", to="0,1")
    assert _prompt(st) == (1, "turn")


def test_footman_without_a_footman_on_board_has_no_tactic() -> None:
    st = _pos(CROSS, OTHERS, ["Footman"])
    assert not legal_of(st, 0, type="tactic")


# -- Knight -------------------------------------------------------------------------------------------


def test_knight_can_only_be_attacked_by_bolstered_units() -> None:
    st = _pos(CROSS, OTHERS, ["Footman"])
    place(st, 0, "Footman", "0,0")
    place(st, 1, "Knight", "0,1")
    assert not legal_of(st, 0, type="attack")
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "attack", "coin": "Footman", "target": "0,1"})
    st = _pos(CROSS, OTHERS, ["Footman"])
    place(st, 0, "Footman", "0,0", 2)
    place(st, 1, "Knight", "0,1", 2)
    act(st, 0, type="attack", coin="Footman", target="0,1")
    assert unit_at(st, "0,1") == (1, "Knight", 1)


def test_pikeman_reflex_hits_a_knight() -> None:
    st = _pos(["Knight", "Berserker", "Cavalry", "Lancer"], ["Pikeman", "Swordsman", "Archer", "Scout"], ["Knight"])
    place(st, 0, "Knight", "0,0")
    place(st, 1, "Pikeman", "0,1")
    events = act(st, 0, type="attack", coin="Knight", target="0,1")
    assert unit_at(st, "0,0") is None and unit_at(st, "0,1") is None  # both 1-coin units go
    assert [e["cause"] for e in events if e["type"] == "coin_removed"] == ["attack", "pikeman"]
    check_conservation(st)


# -- Lancer -------------------------------------------------------------------------------------------


def test_lancer_moves_straight_then_attacks_the_next_hex() -> None:
    st = _pos(RANGED, FOES, ["Lancer"])
    place(st, 0, "Lancer", "0,0")
    place(st, 1, "Swordsman", "0,2")  # one step S then attack
    place(st, 1, "Crossbowman", "0,-3")  # two steps N then attack
    place(st, 1, "Pikeman", "1,0")  # adjacent: unreachable without moving
    place(st, 1, "Knight", "-2,0")  # two steps NW... is a Knight: not with one coin
    assert _targets(st, 0, "to", type="tactic", coin="Lancer") == {"0,1", "0,-2"}
    assert not legal_of(st, 0, type="attack")
    act(st, 0, type="tactic", coin="Lancer", to="0,-2")
    assert unit_at(st, "0,-2") == (0, "Lancer", 1) and unit_at(st, "0,-3") is None


def test_lancer_path_must_be_empty_and_on_board() -> None:
    st = _pos(RANGED, FOES, ["Lancer"])
    place(st, 0, "Lancer", "0,0")
    place(st, 0, "Cavalry", "0,1")
    place(st, 1, "Swordsman", "0,3")  # blocked by the own Cavalry on the way
    place(st, 1, "Crossbowman", "3,-3")  # NE: two steps to 2,-2 then attack, but 1,-1 is taken
    place(st, 0, "Berserker", "1,-1")
    assert not legal_of(st, 0, type="tactic", coin="Lancer")


def test_lancer_attack_triggers_the_pikeman() -> None:
    st = _pos(RANGED, FOES, ["Lancer"])
    place(st, 0, "Lancer", "0,0", 2)
    place(st, 1, "Pikeman", "2,0", 2)
    act(st, 0, type="tactic", coin="Lancer", to="1,0")
    assert unit_at(st, "1,0") == (0, "Lancer", 1) and unit_at(st, "2,0") == (1, "Pikeman", 1)


# -- Light Cavalry ----------------------------------------------------------------------------------------


def test_light_cavalry_moves_two_through_an_empty_hex() -> None:
    st = _pos(["Light Cavalry", "Berserker", "Cavalry", "Lancer"], FOES, ["Light Cavalry"])
    place(st, 0, "Light Cavalry", "0,0")
    place(st, 1, "Swordsman", "0,1")  # blocks the only way to 0,2
    place(st, 1, "Pikeman", "1,-2")  # occupies a ring-2 hex
    dests = _targets(st, 0, "to", type="tactic", coin="Light Cavalry")
    assert "0,2" not in dests and "1,-2" not in dests
    assert "1,1" in dests and "-1,2" in dests  # around the blocker
    ring2 = {
        "0,-2",
        "2,-2",
        "2,-1",
        "2,0",
        "1,1",
        "-1,2",
        "-2,2",
        "-2,1",
        "-2,0",
        "-1,-1",
    }
    assert dests == ring2
    assert _targets(st, 0, "to", type="move", coin="Light Cavalry") == {"0,-1", "1,-1", "1,0", "-1,1", "-1,0"}
    act(st, 0, type="tactic", coin="Light Cavalry", to="-1,2")
    assert unit_at(st, "-1,2") == (0, "Light Cavalry", 1)


# -- Marshall -------------------------------------------------------------------------------------------


def test_marshall_grants_a_normal_attack_and_its_triggers() -> None:
    st = _pos(["Marshall", "Swordsman", "Cavalry", "Lancer"], ["Pikeman", "Knight", "Scout", "Archer"], ["Marshall"])
    place(st, 0, "Marshall", "0,0")
    place(st, 0, "Swordsman", "0,2")
    place(st, 0, "Lancer", "1,0")  # restriction: never chosen
    place(st, 1, "Scout", "0,3")
    place(st, 1, "Archer", "2,0")  # adjacent to the Lancer only
    options = {(a["unit"], a["target"]) for a in legal_of(st, 0, type="tactic", coin="Marshall")}
    assert options == {("0,2", "0,3")}
    act(st, 0, type="tactic", coin="Marshall", unit="0,2", target="0,3")
    assert unit_at(st, "0,3") is None
    assert _prompt(st) == (0, "swordsman")  # the Swordsman's attribute triggers
    act(st, 0, type="move", to="0,3")
    assert unit_at(st, "0,3") == (0, "Swordsman", 1)
    assert st.seats[0].up[D.MARSHALL] == 1 and st.seats[0].up[D.SWORDSMAN] == 0


def test_marshall_does_not_choose_itself_and_uses_the_chosen_units_height() -> None:
    st = _pos(["Marshall", "Swordsman", "Cavalry", "Lancer"], ["Pikeman", "Knight", "Scout", "Archer"], ["Marshall"])
    place(st, 0, "Marshall", "0,0", 3)
    place(st, 0, "Swordsman", "1,0")
    place(st, 1, "Knight", "0,1")  # adjacent to both; the Swordsman has one coin
    assert not legal_of(st, 0, type="tactic", coin="Marshall")


# -- Mercenary ------------------------------------------------------------------------------------------

MERC = ["Mercenary", "Berserker", "Cavalry", "Lancer"]


def test_recruiting_a_mercenary_grants_a_free_maneuver() -> None:
    st = _pos(MERC, FOES, ["royal", "Cavalry"])
    place(st, 0, "Mercenary", "0,0")
    place(st, 1, "Swordsman", "0,1")
    act(st, 0, type="recruit", coin="royal", unit="Mercenary")
    assert _prompt(st) == (0, "mercenary")
    assert {"type": "decline"} in ENGINE.legal(st, 0)
    act(st, 0, type="attack", target="0,1")
    assert unit_at(st, "0,1") is None
    sd = st.seats[0]
    assert sd.up[D.MERCENARY] == 1 and sd.down[D.ROYAL] == 1 and sd.supply[D.MERCENARY] == 1
    check_conservation(st)


def test_mercenary_trigger_needs_the_unit_on_board_and_a_mercenary_recruit() -> None:
    st = _pos(MERC, FOES, ["royal", "Cavalry"])
    act(st, 0, type="recruit", coin="royal", unit="Mercenary")  # not on the board: nothing
    assert _prompt(st) == (1, "turn")
    st = _pos(MERC, FOES, ["royal", "Cavalry"])
    place(st, 0, "Mercenary", "0,0")
    act(st, 0, type="recruit", coin="royal", unit="Cavalry")  # another type: nothing
    assert _prompt(st) == (1, "turn")


# -- Pikeman --------------------------------------------------------------------------------------------


def test_pikeman_reflex_is_simultaneous_and_stops_triggers() -> None:
    st = _pos(["Swordsman", "Berserker", "Cavalry", "Lancer"], ["Pikeman", "Knight", "Scout", "Archer"], ["Swordsman"])
    place(st, 0, "Swordsman", "0,0")
    place(st, 1, "Pikeman", "0,1", 2)
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    assert unit_at(st, "0,0") is None and unit_at(st, "0,1") == (1, "Pikeman", 1)
    assert _prompt(st) == (1, "turn")  # R6: no Swordsman move, it is gone
    st = _pos(["Swordsman", "Berserker", "Cavalry", "Lancer"], ["Pikeman", "Knight", "Scout", "Archer"], ["Swordsman"])
    place(st, 0, "Swordsman", "0,0", 2)
    place(st, 1, "Pikeman", "0,1")
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    assert unit_at(st, "0,0") == (0, "Swordsman", 1) and unit_at(st, "0,1") is None
    assert _prompt(st) == (0, "swordsman")


# -- Royal Guard ----------------------------------------------------------------------------------------

GUARD = ["Royal Guard", "Berserker", "Cavalry", "Lancer"]


def test_royal_guard_original_tactic_is_paid_with_the_royal_coin() -> None:
    st = _pos(GUARD, FOES, ["royal", "Royal Guard"])
    place(st, 0, "Royal Guard", "0,0")
    assert _targets(st, 0, "to", type="tactic", coin="royal") == {"0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"}
    assert not legal_of(st, 0, type="tactic", coin="Royal Guard")  # its own coins only move/control/attack
    act(st, 0, type="tactic", coin="royal", to="0,1")
    assert unit_at(st, "0,1") == (0, "Royal Guard", 1) and st.seats[0].up[D.ROYAL] == 1  # D2


def test_royal_guard_revised_tactic_goes_to_an_empty_own_location() -> None:
    st = _pos(GUARD, FOES, ["royal"], royal_guard="revised")
    place(st, 0, "Royal Guard", "0,-2")
    set_control(st, "1,-1", "raven")
    place(st, 1, "Swordsman", "2,-3")  # an enemy on our location: not empty
    # -1,-2 (1 step), 1,-1 (2 steps); 2,-3 is occupied
    assert _targets(st, 0, "to", type="tactic", coin="royal") == {"-1,-2", "1,-1"}
    act(st, 0, type="tactic", coin="royal", to="1,-1")
    assert unit_at(st, "1,-1") == (0, "Royal Guard", 1)


def test_royal_coin_without_a_royal_guard_has_no_tactic() -> None:
    st = _pos(GUARD, FOES, ["royal"])
    assert not legal_of(st, 0, type="tactic")


def test_royal_guard_owner_chooses_the_soak() -> None:
    st = game(FOES, GUARD)
    turn_to(st, 0)
    give_hand(st, 0, ["Swordsman", "Swordsman"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Swordsman", "0,0", 2)
    place(st, 1, "Royal Guard", "0,1")  # two Royal Guard coins stay in the supply
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    ((seat, prompt),) = ENGINE.pending(st).items()
    assert (seat, prompt.kind, prompt.secret) == (1, "soak", False)
    assert ENGINE.legal(st, 0) == []
    assert ENGINE.legal(st, 1) == [{"type": "soak", "from": "supply"}, {"type": "soak", "from": "unit"}]
    act(st, 1, type="soak", **{"from": "supply"})
    assert unit_at(st, "0,1") == (1, "Royal Guard", 1)
    assert st.seats[1].supply[D.ROYAL_GUARD] == 1 and st.seats[1].gone[D.ROYAL_GUARD] == 1
    assert _prompt(st) == (0, "swordsman")  # the attacker's trigger comes after the soak
    act(st, 0, type="decline")
    act(st, 1, type="pass", coin="royal")
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    act(st, 1, type="soak", **{"from": "unit"})
    assert unit_at(st, "0,1") is None and st.seats[1].supply[D.ROYAL_GUARD] == 1
    check_conservation(st)


def test_royal_guard_with_empty_supply_takes_normal_damage() -> None:
    st = game(FOES, GUARD)
    turn_to(st, 0)
    give_hand(st, 0, ["Crossbowman"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Crossbowman", "0,0")
    place(st, 1, "Royal Guard", "0,2", 5)  # the whole supply is on the board
    act(st, 0, type="tactic", coin="Crossbowman", target="0,2")
    assert unit_at(st, "0,2") == (1, "Royal Guard", 4) and _prompt(st) == (1, "turn")


# -- Scout ----------------------------------------------------------------------------------------------


def test_scout_deploys_next_to_any_friendly_unit() -> None:
    st = _pos(["Scout", "Berserker", "Cavalry", "Lancer"], FOES, ["Scout"])
    place(st, 0, "Cavalry", "0,0")
    place(st, 0, "Lancer", "-1,-2")  # on our own location
    place(st, 1, "Swordsman", "0,1")
    spots = _targets(st, 0, "to", type="deploy", coin="Scout")
    around_cavalry = {"0,-1", "1,-1", "1,0", "-1,1", "-1,0"}
    around_lancer = {"0,-3", "0,-2", "-1,-1", "-2,-1"}
    assert spots == {"2,-3"} | around_cavalry | around_lancer
    assert "0,1" not in spots and "0,2" not in spots  # next to an enemy only
    act(st, 0, type="deploy", coin="Scout", to="1,0")
    assert unit_at(st, "1,0") == (0, "Scout", 1)


# -- Swordsman ------------------------------------------------------------------------------------------


def test_swordsman_may_move_after_attacking_only() -> None:
    st = _pos(
        ["Swordsman", "Berserker", "Cavalry", "Lancer"], ["Knight", "Scout", "Archer", "Ensign"], ["Swordsman"] * 2
    )
    place(st, 0, "Swordsman", "0,0")
    place(st, 1, "Scout", "0,1", 2)
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    assert _prompt(st) == (0, "swordsman")
    assert {"type": "decline"} in ENGINE.legal(st, 0)
    assert {"type": "move", "to": "0,1"} not in ENGINE.legal(st, 0)  # the Scout still stands there
    act(st, 0, type="move", to="-1,0")
    assert unit_at(st, "-1,0") == (0, "Swordsman", 1) and _prompt(st) == (1, "turn")
    act(st, 1, type="pass", coin="royal")
    act(st, 0, type="move", coin="Swordsman", to="-1,1")  # a move: no trigger
    assert _prompt(st)[1] == "turn"


# -- Warrior Priest -------------------------------------------------------------------------------------

PRIEST = ["Warrior Priest", "Berserker", "Cavalry", "Lancer"]


def test_warrior_priest_draws_and_uses_a_coin_after_attacking() -> None:
    st = game(PRIEST, ["Swordsman", "Scout", "Archer", "Ensign"], draws={"0": ["Warrior Priest", "Cavalry", "royal"]})
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Warrior Priest", "0,0")
    place(st, 1, "Scout", "0,1", 2)
    st.chance.script.setdefault("draws", {})["0"] = ["Cavalry"]
    events = act(st, 0, type="attack", coin="Warrior Priest", target="0,1")
    drawn = [e for e in events if e["type"] == "draw"]
    assert drawn[0]["result"] == "Cavalry" and drawn[0]["to"] == [0] and drawn[0]["scripted"]
    ((seat, prompt),) = ENGINE.pending(st).items()
    assert (seat, prompt.kind, prompt.secret, prompt.data["coin"]) == (0, "warrior_priest", True, "Cavalry")
    assert ENGINE.view(st, 0)["my_drawn"] == "Cavalry" and "my_drawn" not in ENGINE.view(st, 1)
    assert all(a["coin"] == "Cavalry" for a in ENGINE.legal(st, 0))
    act(st, 0, type="deploy", coin="Cavalry", to="-1,-2")
    assert unit_at(st, "-1,-2") == (0, "Cavalry", 1) and sum(st.seats[0].hand) == 0
    assert _prompt(st) == (1, "turn")
    check_conservation(st)


def test_warrior_priest_draws_after_control_and_may_pass_the_coin() -> None:
    st = game(PRIEST, ["Swordsman", "Scout", "Archer", "Ensign"])
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Warrior Priest", "2,0")
    st.chance.script["draws"] = {"0": ["royal"]}
    act(st, 0, type="control", coin="Warrior Priest")
    assert _prompt(st) == (0, "warrior_priest")
    act(st, 0, type="pass", coin="royal")
    assert st.seats[0].down[D.ROYAL] == 1 and _prompt(st) == (1, "turn")


def test_warrior_priest_refills_with_the_coin_just_spent() -> None:
    st = game(PRIEST, ["Swordsman", "Scout", "Archer", "Ensign"])
    turn_to(st, 0)
    give_hand(st, 1, ["royal"])
    sd = st.seats[0]
    place(st, 0, "Warrior Priest", "2,0", 3)
    give_hand(st, 0, ["Warrior Priest"])
    for k in range(D.NKINDS):  # empty bag, empty discard
        sd.gone[k] += sd.bag[k]
        sd.bag[k] = 0
    sd.gone[D.ROYAL] = 0
    sd.down[D.ROYAL] = 0
    # keep the Royal Coin in play (it is never eliminated): hold it in hand
    sd.hand[D.ROYAL] = 1
    events = act(st, 0, type="control", coin="Warrior Priest")
    assert [e["count"] for e in events if e["type"] == "refill"] == [1]
    ev = next(e for e in events if e["type"] == "draw")
    assert ev["result"] == "Warrior Priest"  # R15: the spent coin came back
    assert _prompt(st) == (0, "warrior_priest")


def test_warrior_priest_removed_by_a_pikeman_does_not_draw() -> None:
    st = game(PRIEST, ["Pikeman", "Scout", "Archer", "Ensign"])
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Warrior Priest", "0,0")
    place(st, 1, "Pikeman", "0,1", 2)
    events = act(st, 0, type="attack", coin="Warrior Priest", target="0,1")
    assert not [e for e in events if e["type"] == "draw"] and _prompt(st) == (1, "turn")


def test_winning_control_triggers_nothing() -> None:
    st = game(PRIEST, ["Swordsman", "Scout", "Archer", "Ensign"])
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    for h in ("-3,2", "3,-2", "-2,0"):
        set_control(st, h, "raven")
    place(st, 0, "Warrior Priest", "2,0")
    events = act(st, 0, type="control", coin="Warrior Priest")
    assert events[-1]["type"] == "game_won" and not [e for e in events if e["type"] == "draw"]
    assert ENGINE.pending(st) == {}


def test_follow_up_forms_soak_aliases_and_coinless_pass_declines() -> None:
    st = game(FOES, GUARD)
    turn_to(st, 0)
    give_hand(st, 0, ["Swordsman", "Swordsman"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Swordsman", "0,0")
    place(st, 1, "Royal Guard", "0,1")
    act(st, 0, type="attack", coin="Swordsman", target="0,1")
    act(st, 1, type="soak", source="supply")
    assert unit_at(st, "0,1") == (1, "Royal Guard", 1)
    assert _prompt(st) == (0, "swordsman")
    act(st, 0, type="pass")  # no coin: declines the optional move
    assert _prompt(st) == (1, "turn") and unit_at(st, "0,0") == (0, "Swordsman", 1)


def test_ensign_and_marshall_accept_from_for_the_chosen_unit() -> None:
    st = _pos(CROSS, OTHERS, ["Ensign", "Marshall"])
    place(st, 0, "Ensign", "0,0")
    place(st, 0, "Marshall", "0,2")
    place(st, 0, "Footman", "1,0")
    place(st, 1, "Scout", "2,0")
    act(st, 0, type="tactic", coin="Ensign", **{"from": "1,0", "to": "1,1"})
    assert unit_at(st, "1,1") == (0, "Footman", 1)
    act(st, 1, type="pass", coin="royal")
    act(st, 0, type="tactic", coin="Marshall", ally="1,1", enemy="2,0")
    assert unit_at(st, "2,0") is None


# -- chains of triggers -----------------------------------------------------------------------------------


def test_berserker_repeat_waits_for_the_royal_guard_soak() -> None:
    st = game(["Berserker", "Cavalry", "Knight", "Lancer"], ["Royal Guard", "Scout", "Archer", "Ensign"])
    turn_to(st, 0)
    give_hand(st, 0, ["Berserker"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Berserker", "0,0", 3)
    place(st, 1, "Royal Guard", "0,1")
    act(st, 0, type="attack", coin="Berserker", target="0,1")
    assert _prompt(st) == (1, "soak")
    act(st, 1, type="soak", **{"from": "supply"})
    assert _prompt(st) == (0, "berserker")
    act(st, 0, type="attack", target="0,1")  # pays, attacks again: another soak
    assert _prompt(st) == (1, "soak") and unit_at(st, "0,0") == (0, "Berserker", 2)
    act(st, 1, type="soak", **{"from": "unit"})
    assert unit_at(st, "0,1") is None
    assert _prompt(st) == (0, "berserker")
    check_conservation(st)


def test_footman_tactic_goes_on_after_the_first_footman_falls() -> None:
    st = _pos(CROSS, OTHERS, ["Footman"])
    place(st, 0, "Footman", "0,0")
    place(st, 0, "Footman", "2,-2")
    place(st, 1, "Pikeman", "0,1", 2)
    act(st, 0, type="tactic", coin="Footman")
    act(st, 0, type="attack", at="0,0", target="0,1")  # the Pikeman's reflex removes this Footman
    assert unit_at(st, "0,0") is None
    assert _prompt(st) == (0, "footman")
    assert {a["at"] for a in ENGINE.legal(st, 0)} == {"2,-2"}
    act(st, 0, type="move", at="2,-2", to="2,-1")
    assert _prompt(st) == (1, "turn")


def test_warrior_priest_draw_follows_the_soak_and_may_recruit_a_mercenary() -> None:
    st = game(["Warrior Priest", "Mercenary", "Cavalry", "Lancer"], ["Royal Guard", "Scout", "Archer", "Ensign"])
    turn_to(st, 0)
    give_hand(st, 0, ["Warrior Priest"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Warrior Priest", "0,0")
    place(st, 0, "Mercenary", "2,0")
    place(st, 1, "Royal Guard", "0,1")
    st.chance.script["draws"] = {"0": ["royal"]}
    events = act(st, 0, type="attack", coin="Warrior Priest", target="0,1")
    assert not [e for e in events if e["type"] == "draw"]  # D13: the draw waits for the soak
    events = act(st, 1, type="soak", **{"from": "unit"})
    assert [e["result"] for e in events if e["type"] == "draw"] == ["royal"]
    assert _prompt(st) == (0, "warrior_priest")
    act(st, 0, type="recruit", coin="royal", unit="Mercenary")
    assert _prompt(st) == (0, "mercenary")
    act(st, 0, type="control")
    assert ENGINE.view(st, None)["locations"]["2,0"] == "raven"
    assert _prompt(st) == (1, "turn")
    check_conservation(st)


def test_lancer_needs_two_coins_to_charge_a_knight() -> None:
    st = _pos(RANGED, FOES, ["Lancer"])
    place(st, 0, "Lancer", "0,0")
    place(st, 1, "Knight", "0,3")
    assert not legal_of(st, 0, type="tactic")
    st = _pos(RANGED, FOES, ["Lancer"])
    place(st, 0, "Lancer", "0,0", 2)
    place(st, 1, "Knight", "0,3")
    assert legal_of(st, 0, type="tactic") == [{"type": "tactic", "coin": "Lancer", "to": "0,2"}]
    act(st, 0, type="tactic", coin="Lancer", to="0,2")
    assert unit_at(st, "0,3") is None and unit_at(st, "0,2") == (0, "Lancer", 2)


def test_royal_guard_option_is_parsed_like_a_typed_option() -> None:
    spec = next(s for s in ENGINE.option_specs if s.name == "royal_guard")
    st = ENGINE.start(2, {"royal_guard": spec.parse(" Revised ")}, 1)
    assert st.royal_guard == "revised"


def test_revised_royal_guard_cannot_pass_through_units() -> None:
    st = _pos(GUARD, FOES, ["royal"], royal_guard="revised")
    place(st, 0, "Royal Guard", "0,-2")
    set_control(st, "1,-1", "raven")  # two steps away, via 0,-1 or 1,-2
    place(st, 1, "Swordsman", "0,-1")
    place(st, 0, "Cavalry", "1,-2")
    place(st, 1, "Pikeman", "-1,-2")  # and the own start location next to it is taken
    assert _targets(st, 0, "to", type="tactic", coin="royal") == {"2,-3"}  # via the empty 1,-3
    place(st, 0, "Lancer", "1,-3")
    assert not legal_of(st, 0, type="tactic")
