"""The three levels and the entry points the bot, the console table and the benchmarks call."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from importlib import import_module
from types import ModuleType
from typing import Any

from games import registry
from games.ai import ismcts, manners
from games.core import Action, Engine

#: Levels from weakest to strongest.
LEVELS = ("easy", "normal", "hard")
#: Names AI seats take at a table, in order.
NAMES = ("Ada", "Bram", "Cleo", "Daan", "Eva", "Floor")


def wants_to_act(engine: Engine, state: Any, seat: int) -> bool:
    """Whether ``seat`` should decide something now: a prompt that blocks the game, or an
    invitation that asks for an answer (a trade offer). Optional invitations, such as changing a
    hidden pick before the reveal, are left alone: an AI's first choice stands."""
    if seat in engine.pending(state):
        return True
    invite = getattr(engine, "invitations", None)
    if invite is None:
        return False
    prompt = invite(state).get(seat)
    return prompt is not None and not prompt.data.get("optional")


def strategy(engine: Engine) -> ModuleType | None:
    """The game's ``normal`` heuristic, if it has one."""
    name = getattr(engine, "strategy_module", None)
    return import_module(name) if name else None


def playout_policy(engine: Engine) -> ModuleType | None:
    """What ``hard`` searches with: the game's expert policy (``expert_module``, the same
    ``choose``/``evaluate`` pair as a strategy module) where it has one, else its ``normal`` heuristic."""
    name = getattr(engine, "expert_module", None)
    return import_module(name) if name else strategy(engine)


def seen_by(engine: Engine, state: Any, seat: int, rng: random.Random) -> Any:
    """A copy of ``state`` with everything ``seat`` cannot see redrawn from ``rng``."""
    determinize = getattr(engine, "determinize", None)
    if determinize is None:
        raise TypeError(f"{engine.key} has no determinize hook, so its AI could peek")
    return determinize(state, seat, rng)


def decide(
    engine: Engine,
    state: Any,
    seat: int,
    level: str,
    *,
    seed: int = 0,
    budget_ms: int = 1000,
    iterations: int | None = None,
    people: Collection[int] = (),
) -> Action:
    """The action ``seat`` takes at ``level``; ``state`` is never changed.

    ``iterations`` fixes the size of the ``hard`` search (tests, benchmarks), otherwise it
    searches for ``budget_ms`` milliseconds. ``people`` are the seats persons play: every level
    keeps its offers to them few (games/ai/manners.py). Same view, level, seed, iterations and
    people give the same action.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    actions = engine.legal(state, seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to decide")
    rng = random.Random(seed)
    if len(actions) == 1:
        return actions[0]
    banned: list[Action] = []
    if not manners.welcome(engine, state, people):
        # tried on a world as the seat sees it, with a generator of its own (the rest stays as it was)
        world = seen_by(engine, state, seat, random.Random(seed))
        banned = manners.unwelcome(engine, world, seat, actions, people)
    allowed = [a for a in actions if a not in banned] if banned else actions
    if level == "easy":
        return by_kind(allowed, rng)
    module = strategy(engine)
    if level == "normal":
        if module is None:
            return rng.choice(allowed)
        det = seen_by(engine, state, seat, rng)
        seen = manners.Without(engine, det, seat, banned) if banned else engine
        chosen = _same_as_legal(module.choose(seen, det, seat, rng), actions)
        return chosen if chosen not in banned else by_kind(allowed, rng)
    det_seed = rng.getrandbits(64)
    policy = playout_policy(engine)
    chosen = ismcts.search(
        engine,
        _sampler(engine, state, seat, policy),
        seat,
        allowed,
        policy=policy,
        rng=random.Random(det_seed),
        budget_ms=budget_ms,
        iterations=iterations,
        confidence=getattr(engine, "search_confidence", None),
        first_try=_polite(policy, seat, banned) if banned and policy is not None else None,
    )
    return chosen


def _sampler(engine: Engine, state: Any, seat: int, policy: ModuleType | None) -> Callable[[random.Random], Any]:
    """The worlds ``hard`` searches: the position as ``seat`` sees it, where the policy may then
    guess the hidden moves other seats made (``guess_hidden``) as it would have made them itself,
    rather than leave them to a uniform draw."""
    guess = getattr(policy, "guess_hidden", None)
    if guess is None:
        return lambda r: seen_by(engine, state, seat, r)

    def sample(r: random.Random) -> Any:
        world = seen_by(engine, state, seat, r)
        guess(engine, world, seat, r)
        return world

    return sample


def by_kind(actions: list[Action], rng: random.Random) -> Action:
    """``easy``: a kind of action (its type) at random, then one of that kind: a kind with many
    variants (trade offers, roads) is no likelier than ending the turn."""
    kinds: dict[Any, list[Action]] = {}
    for a in actions:
        kinds.setdefault(a.get("type"), []).append(a)
    return rng.choice(rng.choice(list(kinds.values())))


def _polite(policy: ModuleType, seat: int, banned: list[Action]) -> Callable[..., Action]:
    """The heuristic's first try at the root of a search, with the seat's unwelcome offers out
    of its sight (in the playouts the seats may offer what they like)."""

    def choose(engine: Engine, world: Any, actor: int, rng: random.Random) -> Action:
        return policy.choose(manners.Without(engine, world, seat, banned), world, actor, rng)

    return choose


def decide_snapshot(
    key: str,
    snapshot: dict[str, Any],
    seat: int,
    level: str,
    seed: int,
    budget_ms: int,
    iterations: int | None,
    people: Collection[int] = (),
) -> Action:
    """``decide`` on a dumped state, for a worker process: only plain data crosses over."""
    engine = registry.get(key)
    state = engine.load(snapshot)
    return decide(engine, state, seat, level, seed=seed, budget_ms=budget_ms, iterations=iterations, people=people)


def _same_as_legal(action: Action, actions: list[Action]) -> Action:
    """The heuristic's choice as listed by ``legal`` (a bug there must not reach the game)."""
    if action in actions:
        return action
    raise ValueError(f"strategy chose an action that is not legal: {action!r}")
