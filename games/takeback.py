"""Whether an action may be taken back: it showed nobody anything they did not know before.

A person may take back their own last action while nobody else has acted since and the action
revealed nothing: no die, no draw from a bag or deck, no hidden choice of others shown. The table
service checks the first condition; this module decides the second, from the engine protocol only.

``reveals`` asks the engine first (its optional hook ``reveals(state, seat, action) -> bool |
None``, see games/core.py) and, where the engine does not say, decides generically
(``reveals_generic``): the action is applied in several worlds the actor's view allows (the
engine's ``determinize``), and it revealed something when its outcome (the events the actor
sees, the actor's view, menu and the seats asked afterwards) is not the same in all of them and
in the real game; the same is asked from every other seat's view, so a draw only another seat
sees counts too. The games' tests check each engine's answer against the generic one.

``shown_publicly`` says whether the channel may be told which action was taken back: only when
its public outcome tells it apart from every other action the seat could have made (a hidden
pick is taken back without naming it).
"""

from __future__ import annotations

import json
import random
from typing import Any

from games.core import Action, Engine, IllegalAction, visible
from games.rng import Chance

__all__ = (
    "WORLDS",
    "copy_of",
    "drew_on_chance",
    "outcome",
    "replayed",
    "reveals",
    "reveals_generic",
    "shown_publicly",
)

#: Worlds the generic test draws: a die, a shuffled deck or a hidden pick of others differs
#: between eight draws all but surely.
WORLDS = 8


def reveals(
    engine: Engine, state: Any, seat: int, action: Action, *, players: int, worlds: int = WORLDS, seed: int = 0
) -> bool:
    """Whether ``action`` of ``seat`` in ``state`` (the state before it; never changed) shows
    anyone something they did not know. The engine's own answer where it gives one, else the
    generic test; ``players`` is the number of seats."""
    hook = getattr(engine, "reveals", None)
    if hook is not None:
        said = hook(state, seat, action)
        if said is not None:
            return bool(said)
    return reveals_generic(engine, state, seat, action, players=players, worlds=worlds, seed=seed)


def reveals_generic(
    engine: Engine, state: Any, seat: int, action: Action, *, players: int, worlds: int = WORLDS, seed: int = 0
) -> bool:
    """The generic test: what the action shows the actor must be one and the same in the real
    game and in ``worlds`` games redrawn from the actor's view before it; then the same for every
    other seat, in games redrawn from that seat's view where the action is legal (where it is
    not, the actor holds what that seat cannot see, which the action shows anyway: what the actor
    chooses to show of their own is no news that taking back could use). An engine without
    ``determinize`` cannot tell, so every action counts as revealing."""
    determinize = getattr(engine, "determinize", None)
    if determinize is None:
        return True
    real_after = copy_of(engine, state)
    try:
        real_events = engine.apply(real_after, seat, action)
    except IllegalAction:
        return True  # not legal here: nothing to take back
    draws = random.Random(seed)
    for observer in [seat, *(s for s in range(players) if s != seat)]:
        real = _seen(engine, real_after, observer, real_events)
        for _ in range(worlds):
            world = determinize(state, observer, random.Random(draws.getrandbits(64)))
            seen = outcome(engine, world, observer, action, seat)
            if seen is not None and seen != real:
                return True
    return False


def outcome(engine: Engine, state: Any, seat: int | None, action: Action, actor: int | None = None) -> str | None:
    """What ``seat`` (None: a watcher) learns when ``actor`` (default: ``seat``) makes ``action``
    in ``state`` (changed in place): the events it sees, its view and menu afterwards and who is
    asked what then, as one canonical text; None when the action is illegal there."""
    actor = seat if actor is None else actor
    assert actor is not None
    try:
        events = engine.apply(state, actor, action)
    except IllegalAction:
        return None
    return _seen(engine, state, seat, events)


def _seen(engine: Engine, state: Any, seat: int | None, events: list[Any]) -> str:
    """``outcome`` of a state the action was just applied to (``events``: what it returned)."""
    # the public record of moves (games/moves.py) is made of the events compared below, and a
    # search's redrawn copy keeps none: it is left out of the comparison, and out of the view
    # before it is made (copying the last moves is much of a view's work)
    if isinstance(getattr(state, "moves", None), list):
        state.moves = []
    # who is asked is public; what a secret prompt holds only its seat reads
    asked = {str(s): [p.kind, p.data if s == seat or not p.secret else None] for s, p in engine.pending(state).items()}
    seen = {
        "events": [ev for ev in events if visible(ev, seat)],
        "view": {k: v for k, v in engine.view(state, seat).items() if k != "moves"},
        "legal": engine.legal(state, seat) if seat is not None else [],
        "asked": asked,
    }
    return json.dumps(seen, sort_keys=True, default=str)


def shown_publicly(engine: Engine, state: Any, seat: int, action: Action) -> bool:
    """Whether a watcher could tell from the public outcome which action ``seat`` made: no other
    legal action of the seat gives the same public events, view and prompts. A hidden pick (the
    chips committed, the card chosen) is not; the channel is then not told which one was taken
    back. ``state`` is the state before the action and is never changed."""
    mine = outcome(engine, copy_of(engine, state), None, action, seat)
    if mine is None:
        return False
    for other in engine.legal(state, seat):
        if other == action:
            continue
        if outcome(engine, copy_of(engine, state), None, other, seat) == mine:
            return False
    return True


def replayed(
    engine: Engine, players: int, options: dict[str, Any], seed: int, actions: list[tuple[int, Action]]
) -> Any:
    """The game after ``actions``, replayed from its start: the state before an action that is
    taken back is the game replayed without it."""
    state = engine.start(players, dict(options), seed)
    for seat, action in actions:
        engine.apply(state, seat, action)
    return state


def drew_on_chance(before: Chance, after: Chance) -> bool:
    """Whether a game's generator or its scripted chance moved between two states: a die was
    rolled, a card or coin drawn, a victim's card picked (the engines' own hooks start here)."""
    return before.rng.state != after.rng.state or before.script != after.script


def copy_of(engine: Engine, state: Any) -> Any:
    """An independent copy of a state (the engine's ``clone``, else a JSON round trip)."""
    clone = getattr(engine, "clone", None)
    return clone(state) if clone is not None else engine.load(json.loads(json.dumps(engine.dump(state))))
