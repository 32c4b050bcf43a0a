"""``legal`` lists exactly what ``apply`` accepts: every chip vector a seat could name for a
commit or a withdrawal, every set of dice for Fresh troops, every tile and target, in positions
along random games."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from games.battles_builders import data as D
from games.battles_builders.engine import CATAPULT_TARGET, CHOOSE_TILE, COMMIT, ENGINE, FRESH_TROOPS, WITHDRAW, State
from games.core import IllegalAction


def candidates(st: State, seat: int) -> list[dict[str, Any]]:
    """A superset of the legal actions, built from the action grammar alone."""
    if st.phase == COMMIT:
        return [
            {"type": COMMIT, "chips": dict(zip(D.KINDS, v))}
            for v in itertools.product(range(7), range(6), range(6), range(6), range(3))
        ]
    if st.phase == WITHDRAW:
        return [{"type": WITHDRAW, "chips": dict(zip(D.KINDS[:4], v))} for v in itertools.product(range(5), repeat=4)]
    if st.phase == CHOOSE_TILE:
        return [{"type": CHOOSE_TILE, "tile": t} for t in D.STRATEGY_TILES]
    if st.phase == CATAPULT_TARGET:
        return [{"type": CATAPULT_TARGET, "seat": p} for p in range(-1, st.players + 1)]
    if st.phase == FRESH_TROOPS:
        n = len(st.dice[seat])
        return [
            {"type": FRESH_TROOPS, "dice": list(pick)}
            for r in range(n + 2)
            for pick in itertools.combinations(range(n + 1), r)
        ]
    return []


def accepted(st: State, seat: int, action: dict[str, Any]) -> bool:
    try:
        ENGINE.apply(ENGINE.clone(st), seat, action)
    except IllegalAction:
        return False
    return True


def positions(seed: int, players: int, options: dict[str, Any]) -> Iterator[tuple[State, int]]:
    rnd = random.Random(seed)
    st = ENGINE.start(players, dict(options), seed)
    while ENGINE.pending(st):
        seat = rnd.choice(sorted(ENGINE.pending(st)))
        yield st, seat
        ENGINE.apply(st, seat, rnd.choice(ENGINE.legal(st, seat)))


def test_legal_equals_accepted() -> None:
    seen: set[str] = set()
    checked = 0
    for seed, players, options in ((1, 2, {}), (2, 3, {}), (3, 4, {"simultaneous_commit": True})):
        for i, (st, seat) in enumerate(positions(seed, players, options)):
            if i % 4 and st.phase == COMMIT:
                continue  # commits are many and alike: every fourth is enough
            legal = ENGINE.legal(st, seat)
            cands = candidates(st, seat)
            assert all(a in cands for a in legal), st.phase
            for action in cands:
                assert accepted(st, seat, action) == (action in legal), (st.phase, action)
            seen.add(st.phase)
            checked += 1
    assert {COMMIT, CHOOSE_TILE, WITHDRAW, FRESH_TROOPS, CATAPULT_TARGET} <= seen and checked > 20, seen
