"""Shared drivers for property tests: random legal playouts, replay, round trips."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from games.core import Action, Engine, Event, IllegalAction


@dataclass
class Playout:
    state: Any
    log: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    steps: int = 0


def random_playout(
    engine: Engine,
    players: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    *,
    max_steps: int = 20_000,
    check: Any = None,
) -> Playout:
    """Play random legal actions until the game ends (or ``max_steps``).

    ``check(state)`` runs after every action: the place for invariants.
    """
    rnd = random.Random(seed)
    state = engine.start(players, dict(options or {}), seed)
    out = Playout(state)
    while out.steps < max_steps:
        pend = engine.pending(state)
        if not pend:
            break
        seat = rnd.choice(sorted(pend))
        acts = engine.legal(state, seat)
        assert acts, f"seat {seat} is pending {pend[seat]} but has no legal action"
        action = rnd.choice(acts)
        out.events.extend(engine.apply(state, seat, action))
        out.log.append((seat, action))
        out.steps += 1
        if check is not None:
            check(state)
    return out


def replay(
    engine: Engine, players: int, options: dict[str, Any] | None, seed: int, log: list[tuple[int, Action]]
) -> Any:
    """Rebuild a state from the seed and the action log, as the bot does after a restart."""
    state = engine.start(players, dict(options or {}), seed)
    for seat, action in log:
        engine.apply(state, seat, json.loads(json.dumps(action)))
    return state


def canonical(engine: Engine, state: Any) -> str:
    """The dump as canonical JSON, for equality checks."""
    return json.dumps(engine.dump(state), sort_keys=True)


def assert_rejects_cleanly(engine: Engine, state: Any, seat: int, action: Action) -> IllegalAction:
    """Apply an action that must be illegal; assert the state did not change at all."""
    before = canonical(engine, state)
    try:
        engine.apply(state, seat, action)
    except IllegalAction as exc:
        assert canonical(engine, state) == before, "a rejected action changed the state"
        return exc
    raise AssertionError(f"action {action} by seat {seat} was accepted")
