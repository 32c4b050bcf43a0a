"""War Chest's position value for the search: a seat is worth what its side is worth."""

from __future__ import annotations

from games.ai.players import decide
from games.war_chest import strategy
from games.war_chest.engine import ENGINE, WarChestState
from tests.games.war_chest.helpers import act, place, set_control, turn_to
from tests.games.war_chest.test_teams import _teams


def _raven_one_location_short() -> WarChestState:
    st = _teams({2: ["Swordsman", "royal"]})
    for h in ("-3,2", "3,-2", "-2,0", "2,0"):
        set_control(st, h, "raven")
    place(st, 2, "Swordsman", "-1,1")
    turn_to(st, 2)
    return st


def test_a_won_team_game_is_worth_one_to_both_winners() -> None:
    st = _raven_one_location_short()
    before = strategy.evaluate(ENGINE, st)
    assert before[0] == before[2] and before[1] == before[3]
    assert 0.5 < before[2] < 1.0  # ahead on the board, not yet won
    act(st, 2, type="control", coin="Swordsman")
    assert ENGINE.result(st) is not None
    assert strategy.evaluate(ENGINE, st) == {0: 1.0, 1: 0.0, 2: 1.0, 3: 0.0}


def test_a_stalemate_is_a_half_for_every_side() -> None:
    st = _raven_one_location_short()
    st.phase = "over"  # as the stalemate guard leaves it: over, and nobody won
    assert st.winner is None
    assert strategy.evaluate(ENGINE, st) == {0: 0.5, 1: 0.5, 2: 0.5, 3: 0.5}


def test_hard_takes_the_winning_location() -> None:
    st = _raven_one_location_short()
    choice = decide(ENGINE, st, 2, "hard", seed=1, iterations=60)
    assert choice == {"type": "control", "coin": "Swordsman"}
