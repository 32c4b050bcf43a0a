"""AI-only games for the benchmarks, where a seat may also play a retired policy.

A retired policy is an earlier ``normal`` heuristic kept to measure today's against it
(``RETIRED``); it decides exactly as ``normal`` does (from its seat's view, one seed per decision)
but no table offers it. ``play`` is ``games.ai.match.play`` with such seats and an optional
``watch`` that sees every action applied, for the habit counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from games.ai.match import Played, next_actor
from games.ai.players import decide, seen_by
from games.core import Action, Engine, Event

#: (game, level) -> the module of a retired policy (a ``choose``/``evaluate`` pair like a strategy)
RETIRED = {
    ("cities_knights", "normal_v1"): "games.cities_knights.strategy_v1",
}

#: what ``watch`` is called with after each action: the state after it, the seat, the action and
#: its events (the state before it is not kept: a watcher that needs it reads it in ``before``)
Watch = Callable[[Any, int, Action, list[Event]], None]


def levels_of(key: str) -> list[str]:
    """The retired levels a game has."""
    return [level for game, level in RETIRED if game == key]


def decide_seat(
    engine: Engine, state: Any, seat: int, level: str, *, seed: int, budget_ms: int, iterations: int | None
) -> Action:
    """``decide``, or the retired policy's choice made the way ``normal`` makes its own."""
    name = RETIRED.get((engine.key, level))
    if name is None:
        return decide(engine, state, seat, level, seed=seed, budget_ms=budget_ms, iterations=iterations)
    actions = engine.legal(state, seat)
    if len(actions) == 1:
        return actions[0]
    rng = random.Random(seed)
    chosen = import_module(name).choose(engine, seen_by(engine, state, seat, rng), seat, rng)
    if chosen not in actions:
        raise ValueError(f"{level} chose an action that is not legal: {chosen!r}")
    return chosen


def play(
    engine: Engine,
    levels: Sequence[str],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    budget_ms: int = 1000,
    iterations: int | None = None,
    max_steps: int = 20_000,
    before: Callable[[Any, int, Action], None] | None = None,
    watch: Watch | None = None,
) -> Played:
    """One game with ``levels[i]`` playing seat i, seeded per decision as ``match.play`` does."""
    state = engine.start(len(levels), dict(options or {}), seed)
    steps = 0
    while steps < max_steps:
        seat = next_actor(engine, state)
        if seat is None:
            return Played(engine.result(state), steps, state)
        action = decide_seat(
            engine, state, seat, levels[seat], seed=seed * 1_000_003 + steps, budget_ms=budget_ms, iterations=iterations
        )
        if before is not None:
            before(state, seat, action)
        events = engine.apply(state, seat, action)
        if watch is not None:
            watch(state, seat, action, events)
        steps += 1
    return Played(None, steps, state)
