"""Search hooks: ``clone`` is an independent copy, ``determinize`` redraws exactly what a seat
cannot see (other seats' hidden commits, the order of the event tiles left, the generator)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.battles_builders.engine import ENGINE, State
from tests.games.search_hooks import check_clone, check_determinized, random_positions

OPTIONS = ({}, {"simultaneous_commit": True})


def positions(players: int, seed: int, options: dict[str, object], every: int = 3) -> Iterator[State]:
    return random_positions(ENGINE, players, seed, options, every=every)


def chips_in_play(st: State) -> list[int]:
    return [sum(s.stock[i] + (s.commit[i] if s.commit else 0) for s in st.seats) for i in range(5)]


def test_clone_is_equal_and_independent() -> None:
    for st in positions(3, 1, {}):
        check_clone(ENGINE, st, steps=12)


@pytest.mark.parametrize("options", OPTIONS, ids=["in_turn", "simultaneous"])
def test_determinized_copy_looks_the_same_to_the_seat(options: dict[str, object]) -> None:
    checked = 0
    for players in (2, 3, 4):
        for st in positions(players, players, options):
            for seat in [*range(players), None]:
                det = check_determinized(ENGINE, st, seat, random.Random(checked))
                assert chips_in_play(det) == chips_in_play(st)
                assert sorted(det.deck) == sorted(st.deck)
                checked += 1
    assert checked > 100


def test_hidden_commits_deck_and_dice_are_redrawn() -> None:
    changed_commit = changed_deck = changed_rng = 0
    for st in positions(4, 7, {}, every=1):
        det = ENGINE.determinize(st, 0, random.Random(5))
        others = range(1, 4)
        changed_commit += any(det.seats[p].commit != st.seats[p].commit for p in others)
        changed_deck += det.deck != st.deck
        changed_rng += det.chance.rng.state != st.chance.rng.state
        assert det.seats[0].commit == st.seats[0].commit and det.seats[0].stock == st.seats[0].stock
        for p in others:  # an announced count stays what was announced
            if st.seats[p].commit is not None:
                assert det.seats[p].count == st.seats[p].count
    assert changed_commit and changed_deck and changed_rng


def test_same_view_same_copy() -> None:
    """Seat 1 commits one of two different sets of the same size, and the deck and generator
    differ: seat 0 sees the same, and its determinized copies are equal."""
    states = []
    for pick, flip in ((0, False), (1, True)):
        st = ENGINE.start(3, {}, 11)
        assert min(ENGINE.pending(st)) == 0
        ENGINE.apply(st, 0, ENGINE.legal(st, 0)[3])
        sized = [a for a in ENGINE.legal(st, 1) if sum(a["chips"].values()) == 3]
        ENGINE.apply(st, 1, sized[pick])
        if flip:
            st.deck.reverse()
            st.chance.rng.state ^= 12345
        states.append(st)
    a, b = states
    assert a.seats[1].commit != b.seats[1].commit and a.deck != b.deck
    assert ENGINE.view(a, 0) == ENGINE.view(b, 0)
    assert ENGINE.dump(ENGINE.determinize(a, 0, random.Random(9))) == ENGINE.dump(
        ENGINE.determinize(b, 0, random.Random(9))
    )
