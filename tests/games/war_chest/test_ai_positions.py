"""Decision positions of War Chest where an experienced player's choice is clear, and what ``normal``
and ``hard`` (a fixed seed and search size) choose there.

Positions start as real games with scripted unit cards, then move coins between zones only (the
helpers of ``tests.games.war_chest.helpers``). The AI decides from its seat's view: the others'
hands and every bag are redrawn before it thinks.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.ai import decide
from games.war_chest.engine import ENGINE, WarChestState
from tests.games.war_chest.helpers import act, check_conservation, game, give_hand, place, set_control, turn_to

LEVELS = ("normal", "hard")
#: the search of ``hard`` in these positions: fixed, so every choice is reproducible
ITERATIONS = 100
SEED = 3
RAVEN = ["Archer", "Knight", "Swordsman", "Royal Guard"]  # seat 0 (two seats)
WOLF = ["Pikeman", "Cavalry", "Light Cavalry", "Crossbowman"]  # seat 1 (two seats)
TEAMS = [
    ["Ensign", "Marshall", "Scout"],  # seat 0, Raven
    ["Pikeman", "Knight", "Archer"],  # seat 1, Wolf
    ["Swordsman", "Berserker", "Warrior Priest"],  # seat 2, Raven
    ["Cavalry", "Lancer", "Footman"],  # seat 3, Wolf
]


def choice(st: WarChestState, seat: int, level: str) -> dict[str, Any]:
    check_conservation(st)
    action = decide(ENGINE, st, seat, level, seed=SEED, iterations=ITERATIONS)
    assert action in ENGINE.legal(st, seat)
    return action


def two_seats(hand: list[str], foe_hand: list[str] | None = None) -> WarChestState:
    st = game(RAVEN, WOLF)
    give_hand(st, 0, hand)
    give_hand(st, 1, foe_hand or ["royal", "Pikeman", "Cavalry"])
    turn_to(st, 0)
    return st


def four_seats(hands: dict[int, list[str]]) -> WarChestState:
    st = game(*TEAMS)
    for seat in range(4):
        give_hand(st, seat, hands.get(seat, ["royal"]))
    return st


# -- the last marker -----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_the_last_location_is_taken_before_a_tempting_shot(level: str) -> None:
    """Raven holds five locations and its Knight stands on a sixth: Control wins at once (§14).
    The Archer could instead shoot the Pikeman's last coin off a location."""
    st = two_seats(["Knight", "Archer", "royal"])
    for h in ("-3,2", "3,-2", "-2,0"):
        set_control(st, h, "raven")
    place(st, 0, "Knight", "2,0")
    place(st, 0, "Archer", "1,0")
    place(st, 1, "Pikeman", "-1,1")
    assert st.reserve[0] == 1
    assert choice(st, 0, level) == {"type": "control", "coin": "Knight"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_team_takes_its_last_location(level: str) -> None:
    """Four seats: team Raven holds seven locations and seat 2's Swordsman stands on the eighth;
    its Berserker could instead attack a Wolf unit next to it."""
    st = four_seats({2: ["Swordsman", "Berserker", "royal"]})
    for h in ("-3,2", "3,-2", "-2,0", "2,0"):
        set_control(st, h, "raven")
    place(st, 2, "Swordsman", "-1,1")
    place(st, 2, "Berserker", "0,1")
    place(st, 3, "Footman", "0,2")
    turn_to(st, 2)
    assert st.reserve[0] == 1
    assert choice(st, 2, level) == {"type": "control", "coin": "Swordsman"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_unit_that_would_take_the_enemys_last_location_is_struck_down(level: str) -> None:
    """Wolf has one marker left and its one-coin Cavalry stands on a neutral location: unless it
    goes, Wolf wins with its next Control. The Knight next to it removes its last coin; the
    Archer could remove it too, or shoot the Pikeman's last coin off Wolf's own location instead."""
    st = two_seats(["Knight", "Archer", "royal"])
    for h in ("-3,2", "3,-2", "-2,0"):
        set_control(st, h, "wolf")
    place(st, 1, "Cavalry", "-1,1")
    place(st, 0, "Knight", "-1,0")
    place(st, 1, "Pikeman", "1,2")
    place(st, 0, "Archer", "1,0")
    assert st.reserve[1] == 1
    action = choice(st, 0, level)  # the Knight's attack or the Archer's shot
    assert action.get("target") == "-1,1", action


@pytest.mark.parametrize("level", LEVELS)
def test_a_team_strikes_down_the_unit_that_would_win_for_the_enemy(level: str) -> None:
    """Four seats: team Wolf holds seven locations and seat 3's one-coin Lancer stands on the
    eighth. Seat 0's Marshall lets its teammate's Swordsman, next to the Lancer, remove it."""
    st = four_seats({0: ["Marshall", "Scout", "royal"]})
    for h in ("-3,2", "3,-2", "-2,0", "2,0"):
        set_control(st, h, "wolf")
    place(st, 3, "Lancer", "-1,1")
    place(st, 2, "Swordsman", "-1,0")
    place(st, 0, "Marshall", "0,-1")
    turn_to(st, 0)
    assert st.reserve[1] == 1
    action = choice(st, 0, level)
    assert action.get("target") == "-1,1", action


@pytest.mark.parametrize("level", LEVELS)
def test_a_location_taken_back_keeps_the_enemy_from_its_last_marker(level: str) -> None:
    """Wolf has one marker left and a bolstered Cavalry on a neutral location, which one attack
    cannot remove. Raven's Knight stands on a Wolf location: its Control sends a marker back to
    Wolf's reserve (§10.7), so Wolf needs two more."""
    st = two_seats(["Knight", "Archer", "royal"])
    for h in ("-3,2", "3,-2", "-2,0"):
        set_control(st, h, "wolf")
    place(st, 1, "Cavalry", "-1,1", height=2)
    place(st, 0, "Knight", "-2,0")
    place(st, 0, "Archer", "1,-1")
    assert st.reserve[1] == 1
    assert choice(st, 0, level) == {"type": "control", "coin": "Knight"}


# -- locations and units ----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_a_unit_on_a_neutral_location_takes_it(level: str) -> None:
    """Early on, nothing threatens: the Knight on a neutral location controls it rather than the
    coin going to a recruit, a bolster or a pass (locations are the whole aim, §14)."""
    st = two_seats(["Knight", "royal", "Archer"])
    place(st, 0, "Knight", "1,-1")
    assert choice(st, 0, level) == {"type": "control", "coin": "Knight"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_royal_guard_soaks_from_the_supply_to_stay_on_the_board(level: str) -> None:
    """A Crossbowman attacks the one-coin Royal Guard: a coin from the supply instead of the
    unit keeps the guard on the board (§5.13)."""
    st = game(WOLF, RAVEN)
    turn_to(st, 0)
    give_hand(st, 0, ["Crossbowman", "royal"])
    give_hand(st, 1, ["royal"])
    place(st, 0, "Crossbowman", "0,0", 2)
    place(st, 1, "Royal Guard", "0,1")
    act(st, 0, type="attack", coin="Crossbowman", target="0,1")
    assert choice(st, 1, level) == {"type": "soak", "from": "supply"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_lone_enemy_coin_on_a_location_is_removed(level: str) -> None:
    """Nothing else is at stake: the Knight can remove the Cavalry's last coin from a neutral
    location the Wolf unit would take next, rather than walk or pass."""
    st = two_seats(["Knight", "royal", "Archer"])
    place(st, 1, "Cavalry", "1,-1")
    place(st, 0, "Knight", "1,-2")
    assert choice(st, 0, level) == {"type": "attack", "coin": "Knight", "target": "1,-1"}
