"""Decision positions of Battles & Builders where an experienced player's choice is clear, and what
``normal`` and ``hard`` (a fixed seed and search size) choose there.

Each position is reached through the engine: a scripted event order (and dice where they matter),
then the commits of the rounds before. The AI decides from its seat's view, as at a table.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.ai import decide
from games.battles_builders import data as D
from tests.games.battles_builders.helpers import E, act, chips, commit, commit_round, game, score

LEVELS = ("normal", "hard")
#: the search of ``hard`` in these positions: fixed, so every choice is reproducible
ITERATIONS = 200
SEED = 3
ORDER = ["U3", "U4", "U5", "O3", "O4", "O5", "M5", "BB"]


def choice(st: Any, seat: int, level: str) -> dict[str, Any]:
    action = decide(E, st, seat, level, seed=SEED, iterations=ITERATIONS)
    assert action in E.legal(st, seat)
    return action


def committed(action: dict[str, Any]) -> dict[str, int]:
    assert action["type"] == "commit"
    return action["chips"]


def armies(c: dict[str, int]) -> int:
    return c["infantry"] + c["cavalry"] + c["archer"]


def to_last_round(st: Any, rounds: list[dict[int, dict[str, int]]] | None = None) -> None:
    """Play the rounds before the last: the given commits, else one builder a seat a round (the
    builder ties score +1 each, the events are set aside, the barbarians hit everyone)."""
    plan = rounds or [dict.fromkeys(range(E.view(st, None)["players"]), chips(b=1))] * 7
    for commits in plan:
        commit_round(st, commits)
    assert E.view(st, None)["round"] == 8


# -- the king ----------------------------------------------------------------------------------------
#: seed 14 of a three-seat game between ``normal`` seats before the king learned to count: round 7
#: brings the barbarians and seat 2, holding six builders and its king, committed the king alone
KING_ALONE_ROUNDS = [
    {0: chips(b=2, c=2), 1: chips(c=3), 2: chips(b=2, c=3)},
    {1: chips(b=2, a=2), 2: chips(a=3), 0: chips(a=3)},
    {2: chips(i=1, a=1), 0: chips(i=1, a=1), 1: chips(b=1, a=2)},
    {0: chips(b=2, c=2), 1: chips(b=2), 2: chips(b=2)},
    {1: chips(b=2, i=1, c=1), 2: chips(i=2, c=1), 0: chips(i=3)},
    {2: chips(b=2, i=1), 0: chips(b=3), 1: chips(i=1)},
]


@pytest.mark.parametrize("level", LEVELS)
def test_the_king_does_not_go_alone_while_a_tile_can_still_be_taken(level: str) -> None:
    """Every strategy tile needs a builder or an army beside the king (§8), so a king alone takes
    none (R-3): with chips left and every tile on display it would throw the king away for the
    one point a zero commit costs."""
    st = game(3, order=["O5", "U5", "U4", "O3", "O4", "U3", "BB", "M5"], seed=14)
    for commits in KING_ALONE_ROUNDS:
        commit_round(st, commits)
    commit(st, 0, b=2)
    commit(st, 1, b=3, i=1, k=1)
    assert st.round == 7 and st.seats[2].stock == [6, 0, 0, 0, 1] and len(st.display) == 6
    c = committed(choice(st, 2, level))
    assert not c["king"] or c["builder"] + armies(c), c


@pytest.mark.parametrize("level", LEVELS)
def test_a_king_that_can_never_count_again_goes_alone_rather_than_a_zero_commit(level: str) -> None:
    """With nothing but the king left, no tile can ever be taken (each needs another chip); the
    king alone still makes the commit not a zero commit, which costs 1 (§6.4, R-3)."""
    st = game(3, order=ORDER)
    spend = {
        0: [chips(b=5), chips(b=5), chips(b=2, i=3), chips(i=1, c=4), chips(a=4)],
        1: [chips(b=1)] * 5,
        2: [chips(b=1)] * 5,
    }
    for r in range(5):
        commit_round(st, {seat: plan[r] for seat, plan in spend.items()})
    assert st.round == 6 and st.seats[0].stock == [0, 0, 0, 0, 1]
    seat = next(iter(E.pending(st)))
    while seat != 0:
        commit(st, seat, b=1)
        seat = next(iter(E.pending(st)))
    assert committed(choice(st, 0, level)) == chips(k=1)


@pytest.mark.parametrize("level", LEVELS)
def test_in_the_last_round_the_king_takes_the_catapult_with_an_army(level: str) -> None:
    """Two seats, last round: a king kept is worth nothing after it, and with an army beside it the
    Catapult puts -2 on the only rival."""
    st = game(2, order=ORDER)
    to_last_round(st)
    seat = next(iter(E.pending(st)))
    if seat != 0:
        commit(st, seat, b=1)
    c = committed(choice(st, 0, level))
    assert c["king"] and armies(c), c


# -- the last round: chips are worth nothing after it ----------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_the_last_round_takes_the_win_when_the_rivals_commit_nothing(level: str) -> None:
    """Seat 0 trails seat 1 by 3 and both rivals committed nothing in the last round: one army
    takes the mountain (+5) unopposed, one builder the majority (+3). Either is worth bringing,
    as no chip counts after the game."""
    st = game(3, order=["U3", "U4", "U5", "O3", "O4", "O5", "BB", "M5"])
    tie = dict.fromkeys(range(3), chips(b=1))
    to_last_round(st, [{0: chips(b=1), 1: chips(b=2), 2: chips(b=1)}] + [tie] * 6)
    assert [score(st, p) for p in range(3)] == [4, 7, 4]
    while (seat := next(iter(E.pending(st)))) != 0:
        commit(st, seat)
    c = committed(choice(st, 0, level))
    assert c["builder"] >= 1 and armies(c) >= 1, c


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_round_makes_sure_of_the_barbarians_and_the_builders(level: str) -> None:
    """The barbarians come last and each rival committed one chip. Every army rolls yellow (3-5):
    two dice total at least 6, more than one die can show, so two armies are never lowest; two
    builders beat one for the majority. Chips kept are worth nothing after the game."""
    st = game(3, order=ORDER)
    to_last_round(st)
    assert st.event == "BB"
    while (seat := next(iter(E.pending(st)))) != 0:
        commit(st, seat, i=1)
    c = committed(choice(st, 0, level))
    assert armies(c) >= 2 and c["builder"] >= 2, c


# -- after the reveal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_tied_for_most_builders_the_king_claims_three(level: str) -> None:
    """Tied for the most builders, Claim 3 turns this seat's +1 into +3 and leaves the rival
    nothing; Extra prestige point would give +1 and +1, and the rival its +1 too (§8.2, §8.3).
    (Withdraw went in round 1.)"""
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=1), 1: chips(b=1, k=1), 2: chips(b=1)})
    act(st, 1, "choose_tile", tile="withdraw")
    act(st, 1, "withdraw", chips={"builder": 1})
    commit_round(st, {1: chips(b=2), 2: chips(a=1), 0: chips(b=2, k=1)})
    assert E.pending(st)[0].data["tiles"] == ["claim3", "extra_point"]
    assert choice(st, 0, level) == {"type": "choose_tile", "tile": D.CLAIM3}


@pytest.mark.parametrize("level", LEVELS)
def test_in_the_last_round_the_catapult_goes_to_the_leader(level: str) -> None:
    """Last round: seat 1 leads seat 0 by 3 and seat 2 is far behind. Seat 0 wins the event
    unopposed and ties seat 1 for the builders, so the Catapult on seat 1 wins the game outright;
    on seat 2 it would leave a shared first place."""
    st = game(3, order=["U4", "U5", "O3", "O4", "O5", "M5", "BB", "U3"])
    tie = {0: chips(b=1), 1: chips(b=1)}
    to_last_round(st, [tie, tie, {0: chips(b=1), 1: chips(b=2)}, tie, tie, tie, tie])
    assert [score(st, p) for p in range(3)] == [4, 7, -9]
    commit_round(st, {0: chips(b=2, a=1, k=1), 1: chips(b=2)})
    act(st, 0, "choose_tile", tile="catapult")
    assert choice(st, 0, level) == {"type": "catapult_target", "seat": 1}


@pytest.mark.parametrize("level", LEVELS)
def test_fresh_troops_rerolls_the_dice_on_their_lowest_face_only(level: str) -> None:
    """Urban: archers roll green (4-6). Seat 0 rolled 4 and 6 against 5 + 5: a die on its lowest
    face can only gain from a re-roll, one on its highest only lose."""
    st = game(3, order=ORDER, dice=[4, 6, 5, 5])
    commit_round(st, {0: chips(a=2, k=1), 1: chips(i=2)})
    act(st, 0, "choose_tile", tile="fresh_troops")
    assert [d["value"] for d in E.view(st, 0)["fresh"]["dice"]] == [4, 6]
    assert choice(st, 0, level) == {"type": "fresh_troops", "dice": [0]}


@pytest.mark.parametrize("level", LEVELS)
def test_withdraw_takes_back_builders_that_cannot_win_and_keeps_the_winning_army(level: str) -> None:
    """Seat 0's two builders lose the majority to seat 1's four whatever happens; its archer is
    the only army, so it wins the tile without a roll (R-15). Taken back, the builders return to
    the stock (§8.7); the archer must stay."""
    st = game(3, order=ORDER)
    commit_round(st, {0: chips(b=2, a=1, k=1), 1: chips(b=4), 2: chips(b=1)})
    act(st, 0, "choose_tile", tile="withdraw")
    assert choice(st, 0, level) == {
        "type": "withdraw",
        "chips": {"builder": 2, "infantry": 0, "cavalry": 0, "archer": 0},
    }
