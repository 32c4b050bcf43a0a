"""Checks of the search hooks every engine offers (``clone``, ``determinize``), shared by the
games' ``test_determinize`` modules; each module adds what only its game hides."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.core import Action

Chooser = Callable[[random.Random, Sequence[Action]], Action]
Searchable = Any  # an engine with the optional search hooks of games/core.py


def _uniform(rnd: random.Random, legal: Sequence[Action]) -> Action:
    return rnd.choice(legal)


def random_positions(
    engine: Searchable, players: int, seed: int, options: dict[str, Any], *, every: int, steps: int = 400
) -> Iterator[Any]:
    """Every ``every``-th position of a uniformly random game (the same state object, moved on)."""
    rnd = random.Random(seed)
    st = engine.start(players, dict(options), seed)
    for i in range(steps):
        pend = engine.pending(st)
        if not pend:
            break
        if i % every == 0:
            yield st
        seat = rnd.choice(sorted(pend))
        engine.apply(st, seat, rnd.choice(engine.legal(st, seat)))


def check_clone(engine: Searchable, st: Any, steps: int, choose: Chooser = _uniform) -> None:
    """The clone dumps as the original, and playing on in it leaves the original as it was."""
    copy = engine.clone(st)
    assert engine.dump(copy) == engine.dump(st)
    before = engine.dump(st)
    rnd = random.Random(2)
    for _ in range(steps):
        pend = engine.pending(copy)
        if not pend:
            break
        seat = min(pend)
        engine.apply(copy, seat, choose(rnd, engine.legal(copy, seat)))
    assert engine.dump(st) == before


def check_determinized(engine: Searchable, st: Any, seat: int | None, rng: random.Random) -> Any:
    """A determinized copy shows the seat the same view, waits on the same seats and offers the
    seat the same actions; returned for the game's own checks."""
    det = engine.determinize(st, seat, rng)
    assert engine.view(det, seat) == engine.view(st, seat)
    assert engine.pending(det).keys() == engine.pending(st).keys()
    if seat is not None:
        assert engine.legal(det, seat) == engine.legal(st, seat)
    return det
