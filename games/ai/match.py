"""Games played by AI seats alone: the driver of the strength benchmark, the tests and the
console table's AI seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.players import decide, wants_to_act
from games.core import Engine, Result


@dataclass(frozen=True)
class Played:
    result: Result | None  # None when the game hit ``max_steps``
    steps: int
    state: Any


def next_actor(engine: Engine, state: Any) -> int | None:
    """Who decides next when nobody waits for anybody: answers to invitations (trade offers)
    come first, as they would at a table, then the lowest pending seat."""
    pending = engine.pending(state)
    if not pending:
        return None
    invite = getattr(engine, "invitations", None)
    if invite is not None:
        for seat in sorted(invite(state)):
            if seat not in pending and wants_to_act(engine, state, seat):
                return seat
    return min(pending)


def play(
    engine: Engine,
    levels: Sequence[str],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    budget_ms: int = 1000,
    iterations: int | None = None,
    max_steps: int = 20_000,
) -> Played:
    """One game with ``levels[i]`` playing seat i; every decision gets its own seed."""
    state = engine.start(len(levels), dict(options or {}), seed)
    steps = 0
    while steps < max_steps:
        seat = next_actor(engine, state)
        if seat is None:
            return Played(engine.result(state), steps, state)
        action = decide(
            engine, state, seat, levels[seat], seed=seed * 1_000_003 + steps, budget_ms=budget_ms, iterations=iterations
        )
        engine.apply(state, seat, action)
        steps += 1
    return Played(None, steps, state)
