"""Search hooks: ``clone`` is an independent copy, ``determinize`` redraws exactly what a seat
cannot see (other seats' unrevealed selections, the winter deck's order, the generator)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.ai import players as ai_players
from games.burg import strategy
from games.burg.engine import ENGINE
from games.burg.state import State
from tests.games.burg.helpers import empty_tower, new_game, select, set_res
from tests.games.search_hooks import check_clone, check_determinized, random_positions


def positions(players: int, seed: int, every: int = 5, **options: Any) -> Iterator[State]:
    return random_positions(ENGINE, players, seed, options, every=every)


def test_clone_is_equal_and_independent() -> None:
    for st in positions(3, 1, every=13, winterEnabled=True):
        check_clone(ENGINE, st, steps=25)


def test_determinized_copy_looks_the_same_to_the_seat() -> None:
    checked = 0
    for players, seed, winter in ((2, 3, False), (3, 4, True), (4, 5, True)):
        for st in positions(players, seed, winterEnabled=winter):
            for seat in [*range(players), None]:
                det = check_determinized(ENGINE, st, seat, random.Random(checked))
                assert sorted(det.winter_deck) == sorted(st.winter_deck)
                checked += 1
    assert checked > 100


def test_selections_winter_deck_and_generator_are_redrawn() -> None:
    changed_pick = changed_deck = changed_rng = 0
    for st in positions(4, 8, every=1, winterEnabled=True):
        det = ENGINE.determinize(st, 0, random.Random(6))
        changed_pick += any(det.selections[p] != st.selections[p] for p in range(1, 4))
        changed_deck += det.winter_deck != st.winter_deck
        changed_rng += det.chance.rng.state != st.chance.rng.state
        assert det.selections[0] == st.selections[0]
        for p in range(4):  # a seat that has chosen still has chosen, from its own hand
            if st.phase != "select":
                assert det.selections[p] == st.selections[p]
                continue
            assert (det.selections[p] is None) == (st.selections[p] is None)
            assert all(c in det.players[p].hand for c in det.selections[p] or ())
    assert changed_pick and changed_deck and changed_rng


def test_same_view_same_copy() -> None:
    """Seat 1 selected one card or another, and the winter deck lies differently: seat 0 sees
    the same, and its determinized copies are equal."""
    states = []
    for pick in (0, 1):
        st = ENGINE.start(3, {"winterEnabled": True}, 11)
        options = ENGINE.legal(st, 1)
        ENGINE.apply(st, 1, options[pick])
        if pick:
            st.winter_deck.reverse()
            st.chance.rng.state ^= 99
        states.append(st)
    a, b = states
    assert a.selections[1] != b.selections[1]
    assert ENGINE.view(a, 0) == ENGINE.view(b, 0)
    assert ENGINE.dump(ENGINE.determinize(a, 0, random.Random(4))) == ENGINE.dump(
        ENGINE.determinize(b, 0, random.Random(4))
    )


def test_hard_guesses_a_rivals_hidden_pick_as_normal_would_make_it() -> None:
    """Seat 1 holds the pieces of a large tower and picks the Stonemason (what ``normal`` picks
    there); in the worlds seat 0's search draws, that pick is guessed most of the time, where a
    uniform draw over its seven allowed cards would guess it once in seven."""
    s = new_game(3)
    empty_tower(s)
    set_res(s, 1, sand=1, wood=1, clay=1, stone=1)
    picked = strategy.choose(ENGINE, s, 1, random.Random(0))
    assert picked == {"type": "select", "card": "stonemason"}
    select(s, {1: "stonemason"})
    sample = ai_players._sampler(ENGINE, s, 0, strategy)
    worlds = [sample(random.Random(i)) for i in range(200)]
    assert all(w.selections[0] is None and w.selections[2] is None for w in worlds)
    guessed = sum(w.selections[1] == ["stonemason"] for w in worlds)
    assert guessed >= 0.7 * len(worlds)
    assert ENGINE.determinize(s, 0, random.Random(0)).selections[1] is not None
