"""Four-player team rules (§13) and the owner-decides rulings of D9."""

from __future__ import annotations

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

ARMIES = [
    ["Ensign", "Marshall", "Scout"],  # seat 0, Raven
    ["Pikeman", "Knight", "Archer"],  # seat 1, Wolf
    ["Swordsman", "Berserker", "Warrior Priest"],  # seat 2, Raven (seat 0's teammate)
    ["Cavalry", "Lancer", "Footman"],  # seat 3, Wolf
]


def _teams(hands: dict[int, list[str]], initiative: str = "raven") -> WarChestState:
    st = game(*ARMIES, initiative=initiative)
    for seat in range(4):
        give_hand(st, seat, hands.get(seat, ["royal"]))
    turn_to(st, 0)
    return st


def _prompt(st: WarChestState) -> tuple[int, str]:
    ((seat, prompt),) = ENGINE.pending(st).items()
    return seat, prompt.kind


def test_turns_go_clockwise_from_the_initiative_holder() -> None:
    st = _teams({}, initiative="wolf")
    turn_to(st, 1)
    order = []
    while st.round == 1:
        seat, _ = _prompt(st)
        order.append(seat)
        act(st, seat, type="pass", coin="royal")
    assert order == [1, 2, 3, 0]
    assert st.turn == 1  # the marker did not move


def test_draw_phase_runs_in_turn_order() -> None:
    st = game(*ARMIES, initiative="wolf")
    draws = [e["seat"] for e in ENGINE.opening_events(st) if e["type"] == "draw"]
    assert draws == [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0]


def test_no_claim_from_the_teammate_and_once_per_round() -> None:
    st = _teams({0: ["royal", "Scout"], 1: ["royal"], 2: ["royal"], 3: ["royal"]})
    assert st.initiative == 0
    assert not legal_of(st, 0, type="claim_initiative")
    act(st, 0, type="pass", coin="Scout")
    assert legal_of(st, 1, type="claim_initiative")
    act(st, 1, type="claim_initiative", coin="royal")
    assert not legal_of(st, 2, type="claim_initiative")  # once per round in total
    st = _teams({0: ["royal", "Scout"]})
    st.initiative = 2  # held by seat 0's teammate
    ENGINE.forget(st)
    assert not legal_of(st, 0, type="claim_initiative")


def test_team_shares_locations_for_deploying() -> None:
    st = _teams({0: ["Ensign"]})
    set_control(st, "2,0", "raven")  # taken by the teammate earlier
    spots = {a["to"] for a in legal_of(st, 0, type="deploy", coin="Ensign")}
    assert spots == {"-1,-2", "2,-3", "-4,1", "2,0"}
    place(st, 2, "Swordsman", "-4,1")
    assert "-4,1" not in {a["to"] for a in legal_of(st, 0, type="deploy", coin="Ensign")}


def test_teammates_are_never_attacked_and_bolster_only_own() -> None:
    st = _teams({0: ["Marshall", "Ensign"]})
    place(st, 0, "Marshall", "0,0", 2)
    place(st, 2, "Swordsman", "0,1")
    assert not legal_of(st, 0, type="attack")
    assert_rejects_cleanly(ENGINE, st, 0, {"type": "attack", "coin": "Marshall", "target": "0,1"})
    assert not legal_of(st, 0, type="bolster", coin="Ensign")


def test_recruit_only_own_types() -> None:
    st = _teams({0: ["royal"]})
    assert {a["unit"] for a in legal_of(st, 0, type="recruit")} == {"Ensign", "Marshall", "Scout"}


def test_ensign_moves_a_teammates_berserker_and_the_owner_decides_the_repeat() -> None:
    st = _teams({0: ["Ensign"]})
    place(st, 0, "Ensign", "0,0")
    place(st, 2, "Berserker", "1,0", 2)
    act(st, 0, type="tactic", coin="Ensign", unit="1,0", to="2,0")
    assert _prompt(st) == (2, "berserker")  # D9: seat 2 owns the Berserker
    act(st, 2, type="control")
    assert ENGINE.view(st, None)["locations"]["2,0"] == "raven"
    assert st.seats[2].up[D.BERSERKER] == 1 and st.seats[0].up[D.ENSIGN] == 1
    assert _prompt(st) == (1, "turn")
    check_conservation(st)


def test_marshall_chooses_a_teammates_swordsman() -> None:
    st = _teams({0: ["Marshall"]})
    place(st, 0, "Marshall", "0,0")
    place(st, 2, "Swordsman", "0,1")
    place(st, 1, "Archer", "0,2")
    act(st, 0, type="tactic", coin="Marshall", unit="0,1", target="0,2")
    assert unit_at(st, "0,2") is None
    assert _prompt(st) == (2, "swordsman")
    act(st, 2, type="decline")
    assert _prompt(st) == (1, "turn")


def test_marshall_grants_a_teammates_warrior_priest_its_draw() -> None:
    st = _teams({0: ["Marshall"]})
    place(st, 0, "Marshall", "0,0")
    place(st, 2, "Warrior Priest", "0,1")
    place(st, 1, "Archer", "0,2")
    st.chance.script["draws"] = {"2": ["Swordsman"]}
    events = act(st, 0, type="tactic", coin="Marshall", unit="0,1", target="0,2")
    draw = next(e for e in events if e["type"] == "draw")
    assert draw["seat"] == 2 and draw["to"] == [2]
    ((seat, prompt),) = ENGINE.pending(st).items()
    assert (seat, prompt.kind, prompt.secret) == (2, "warrior_priest", True)
    act(st, 2, type="deploy", coin="Swordsman", to="-1,-2")
    assert unit_at(st, "-1,-2") == (2, "Swordsman", 1)
    assert _prompt(st) == (1, "turn")
    check_conservation(st)


def test_scout_deploys_next_to_a_teammate() -> None:
    st = _teams({0: ["Scout"]})
    place(st, 2, "Swordsman", "0,0")
    place(st, 1, "Knight", "3,0")
    spots = {a["to"] for a in legal_of(st, 0, type="deploy", coin="Scout")}
    assert {"0,1", "1,0", "0,-1"} <= spots and "2,1" not in spots


def test_team_wins_with_its_eighth_location() -> None:
    st = _teams({2: ["Swordsman"]})
    for h in ("-3,2", "3,-2", "-2,0", "2,0"):
        set_control(st, h, "raven")
    place(st, 2, "Swordsman", "-1,1")
    turn_to(st, 2)
    events = act(st, 2, type="control", coin="Swordsman")
    assert events[-1] == {"type": "game_won", "faction": "raven", "seats": [0, 2]}
    res = ENGINE.result(st)
    assert res is not None and res.winners == [0, 2] and res.ranks == {0: 1, 1: 2, 2: 1, 3: 2}
    assert res.scores == {0: 8, 1: 3, 2: 8, 3: 3}


def test_hand_is_hidden_from_the_teammate() -> None:
    st = _teams({0: ["Scout", "royal"]})
    assert ENGINE.view(st, 0)["my_hand"] == {"Scout": 1, "royal": 1}
    assert "my_hand" in ENGINE.view(st, 2) and ENGINE.view(st, 2)["my_hand"] != ENGINE.view(st, 0)["my_hand"]
    assert ENGINE.view(st, 2)["seats"][0]["hand"] == 2
