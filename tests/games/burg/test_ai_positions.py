"""Decision positions of Im Schutze der Burg where an experienced player's choice is clear, and what
``normal`` and ``hard`` (a fixed seed and search size) choose there.

Positions start from the set-up of §4 and move pieces only between their locations (the helpers of
``tests.games.burg.helpers``); a last round is a game of one round (the ``rounds`` option), where
taler and pieces left over score nothing but a tie-break. The AI decides from its seat's view.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.ai import decide
from games.burg.engine import ENGINE
from games.burg.state import State
from tests.games.burg.helpers import (
    act,
    acting,
    check_invariants,
    empty_tower,
    new_game,
    play_cards,
    prebuild,
    select,
    set_res,
    set_taler,
    to_tower,
)

LEVELS = ("normal", "hard")
#: the search of ``hard`` in these positions: fixed, so every choice is reproducible
ITERATIONS = 100
SEED = 3
MESSENGERS = {1: "messenger", 2: "messenger", 3: "messenger"}
TOWER = {"sand": 1, "wood": 1, "clay": 1, "stone": 1}  # 12: a large tower (10 VP), 4 kinds


def choice(s: State, seat: int, level: str) -> dict[str, Any]:
    check_invariants(s)
    action = decide(ENGINE, s, seat, level, seed=SEED, iterations=ITERATIONS)
    assert action in ENGINE.legal(s, seat)
    return action


def last_round(players: int = 4) -> State:
    """Round 1 of a one-round game, the watchtower emptied."""
    s = ENGINE.start(players, {"rounds": 1}, 0)
    empty_tower(s)
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_round_brings_the_stonemason_to_the_pieces_of_a_tower(level: str) -> None:
    """The Stonemason scores a building's full VP (§6.4), a worker half, the Bricklayer only
    taler, which are worth nothing after the last round."""
    s = last_round()
    set_res(s, 0, **TOWER)
    assert choice(s, 0, level) == {"type": "select", "card": "stonemason"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_stonemason_builds_the_tower_rather_than_the_house(level: str) -> None:
    """The pieces pay for a large tower (10 VP) or a house (6 VP), not both."""
    s = last_round()
    set_res(s, 0, **TOWER)
    select(s, {0: "stonemason", **MESSENGERS})
    assert acting(s) == (0, "build")
    assert choice(s, 0, level) == {"type": "build", "building": "tower_large_1", "payment": TOWER}


@pytest.mark.parametrize("level", LEVELS)
def test_two_buildings_that_score_more_than_one_larger(level: str) -> None:
    """Twenty in pieces: the servants' house or the stable (14 VP) would take 18 of it, while a
    large tower (12) and a house (8) score 16 VP in one action (at most two buildings, §6.4); the
    tower must leave a stone, a wood and a sand for the house."""
    s = last_round()
    set_res(s, 0, sand=2, wood=2, clay=1, stone=2)
    select(s, {0: "stonemason", **MESSENGERS})
    first = choice(s, 0, level)
    assert first["type"] == "build" and first["building"] in ("tower_large_1", "house_1"), first
    ENGINE.apply(s, 0, first)
    second = choice(s, 0, level)
    assert second["type"] == "build" and {first["building"], second["building"]} == {"tower_large_1", "house_1"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_round_pays_the_forge_fee_for_the_silver_in_it(level: str) -> None:
    """Nine silver lie in the forge: a helper on its 10-taler space scores 9 VP at the end (§11.1),
    and taler left over score nothing but a tie-break."""
    s = last_round()
    set_res(s, 0, **TOWER)
    set_taler(s, 0, 12)
    s.supply[4] -= 9
    s.forge += 9
    select(s, {0: "stonemason", **MESSENGERS})
    act(s, 0, "build", building="tower_large_1", payment=TOWER)
    assert choice(s, 0, level) == {"type": "place_helper", "space": "forge_10", "from": "supply"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_round_pays_for_the_palace_space_with_five_stones_at_hand(level: str) -> None:
    """A palace helper turns up to five pieces into their value in VP at the end (§13.3): five
    stones are 25 VP for a 17-taler fee."""
    s = last_round()
    set_res(s, 0, sand=1, wood=1, clay=1, stone=6)
    set_taler(s, 0, 20)
    prebuild(s, "palace", 1)
    select(s, {0: "stonemason", **MESSENGERS})
    act(s, 0, "build", building="tower_large_1", payment=TOWER)
    action = choice(s, 0, level)
    assert action["type"] == "place_helper" and action["space"] in ("palace_a", "palace_b"), action


@pytest.mark.parametrize("level", LEVELS)
def test_the_bricklayer_takes_the_stones_from_the_watchtower(level: str) -> None:
    """Three stones (15) against two sand (2): the Bricklayer takes all of one kind (§6.3)."""
    s = new_game(4)
    empty_tower(s)
    to_tower(s, stone=3, sand=2)
    select(s, {0: "bricklayer", **MESSENGERS})
    assert acting(s) == (0, "watchtower")
    assert choice(s, 0, level) == {"type": "watchtower", "resource": "stone"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_stonemason_buys_the_stone_that_completes_a_tower(level: str) -> None:
    """Seat 0 holds sand, wood and clay (7); the stone on seat 2's first worker makes the 12 of a
    large tower for one taler (§6.4)."""
    s = new_game(4)
    empty_tower(s)
    set_res(s, 0, sand=1, wood=1, clay=1)
    set_taler(s, 0, 3)
    select(s, {0: "stonemason", 1: "worker_2", 2: "worker_1", 3: "messenger"})
    act(s, 2, "equip", resources=["clay", "clay"])
    assert acting(s) == (0, "buy")
    assert choice(s, 0, level) == {"type": "buy", "owner": 2, "card": "worker_1", "resource": "stone"}


@pytest.mark.parametrize("level", LEVELS)
def test_in_the_last_round_the_first_worker_takes_the_pieces_it_can_build_with(level: str) -> None:
    """Seat 0 holds a wood; the first worker brings a stone and two pieces of its choice, and then
    builds for half the VP (§6.5). Sand and clay make 12 in four kinds (a large tower, 5 VP), sand
    and anything else a house; wood and clay, or two clay, pay for nothing (§9: exact value, three
    kinds), and pieces score nothing after the last round."""
    s = last_round()
    set_res(s, 0, wood=1)
    select(s, {0: "worker_1", **MESSENGERS})
    assert acting(s) == (0, "equip")
    action = choice(s, 0, level)
    assert "sand" in action["resources"], action


@pytest.mark.parametrize("level", LEVELS)
def test_the_master_builder_comes_when_three_rivals_can_build(level: str) -> None:
    """Every rival holds the pieces of a large tower and its builders; seat 0 has played six cards
    and can build nothing. The Master builder scores 5 VP for each of their buildings and brings
    its cards back (§6.6)."""
    s = new_game(4)
    empty_tower(s)
    play_cards(s, 0, "messenger", "trader", "bricklayer", "worker_1", "worker_2", "worker_3")
    set_res(s, 0, sand=1)
    for seat in (1, 2, 3):
        set_res(s, seat, **TOWER)
    assert choice(s, 0, level) == {"type": "select", "card": "master_builder"}


@pytest.mark.parametrize("level", LEVELS)
def test_a_worker_keeps_the_pieces_for_the_stonemason_still_in_hand(level: str) -> None:
    """Round 1 of 12: the second worker would build the large tower for half its VP (§6.5); the
    Stonemason, still in hand, builds it (or, with the worker's pieces, the stable) for full VP
    in a later round, and nobody can take the pieces meanwhile."""
    s = new_game(4)
    empty_tower(s)
    set_res(s, 0, **TOWER)
    select(s, {0: "worker_2", **MESSENGERS})
    assert acting(s) == (0, "build") and "stonemason" in s.players[0].hand
    assert choice(s, 0, level) == {"type": "done"}
