"""Information-set Monte Carlo tree search (single observer), generic over the engine protocol.

Every iteration draws one possible world consistent with the searching seat's view (the engine's
``determinize``), walks the tree of actions that are legal in that world, plays on with the
game's heuristic for a bounded number of actions and scores the position with its ``evaluate``.
Nodes count how often they were *available*, so actions that exist only in some worlds are not
favoured (Cowling, Powley & Whitehouse 2012). Children are widened progressively and the
heuristic's own choice is tried first and stands unless the search clearly prefers another (more
visits by a margin and, where the game asks for it, a mean value higher by more than ``confidence``
standard errors), so a short, noisy search does not trade a sound move for a lucky one.
Chance is sampled: the determinized world has a fresh random generator. A game may name moves of
other seats that the searching seat cannot see (``unseen_move``, such as a hidden commit): those
are played by the heuristic off the tree, so the seat's later decisions in the tree never depend
on them (in the tree they would, and a subtree explored more would look better than it is).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from games.core import Action, Engine, share_of_win

Key = tuple[int, str]

#: exploration constant for values in [0, 1]
EXPLORE = 0.7
#: a node may hold 1 + WIDEN * visits ** 0.5 children (progressive widening)
WIDEN = 1.0
#: actions played by the heuristic after leaving the tree before the position is scored
ROLLOUT_DEPTH = 24


class Node:
    __slots__ = ("actor", "children", "visits", "avail", "total", "squares", "hinted")

    def __init__(self, actor: int = -1) -> None:
        self.actor = actor  # the seat whose action led here
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0  # sum of squared values, for the spread of the mean
        self.hinted = False  # the heuristic's choice has been expanded here

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORE * math.sqrt(math.log(max(self.avail, 1)) / self.visits)

    def mean_and_variance(self) -> tuple[float, float]:
        """The mean value and the variance of that mean."""
        mean = self.total / self.visits
        return mean, max(self.squares / self.visits - mean * mean, 0.0) / self.visits


def clearly_better(node: Node, other: Node, confidence: float) -> bool:
    """Whether ``node``'s mean value beats ``other``'s by more than ``confidence`` standard errors."""
    mean, var = node.mean_and_variance()
    other_mean, other_var = other.mean_and_variance()
    return mean - other_mean > confidence * math.sqrt(var + other_var)


def search(
    engine: Engine,
    sample: Callable[[random.Random], Any],
    seat: int,
    actions: list[Action],
    *,
    policy: ModuleType | None,
    rng: random.Random,
    budget_ms: int = 1000,
    iterations: int | None = None,
    rollout_depth: int = ROLLOUT_DEPTH,
    confidence: float | None = None,
    first_try: Callable[[Engine, Any, int, random.Random], Action] | None = None,
) -> Action:
    """The most visited of ``actions`` (the seat's legal actions, or those it may take) after the search.

    ``sample(rng)`` returns a fresh determinized copy of the position as ``seat`` sees it. With
    ``iterations`` the search is a pure function of its inputs; otherwise it runs for about
    ``budget_ms`` milliseconds (at least one iteration). With ``confidence`` the heuristic's choice
    also stands unless another's mean value is higher by more than that many standard errors.
    ``first_try`` replaces ``policy.choose`` for the root's first try (a heuristic that must not
    pick what is left out of ``actions``).
    """
    root = Node()
    by_key = {(seat, repr(a)): a for a in actions}
    deadline = time.perf_counter() + budget_ms / 1000
    done = 0
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done and time.perf_counter() >= deadline:
            break
        _iterate(engine, sample(rng), root, seat, actions, policy, rng, rollout_depth, first_try)
        done += 1
    mine = [(k, n) for k, n in root.children.items() if k in by_key]
    best = max(mine, key=lambda kn: (kn[1].visits, kn[1].total / kn[1].visits))
    if policy is not None and best is not mine[0]:
        # the heuristic's own choice (expanded first) stands unless the search clearly prefers another
        hint = mine[0][1]
        if best[1].visits < hint.visits + max(3, done // 10):
            return by_key[mine[0][0]]
        if confidence is not None and not clearly_better(best[1], hint, confidence):
            return by_key[mine[0][0]]
    return by_key[best[0]]


def _iterate(
    engine: Engine,
    world: Any,
    root: Node,
    seat: int,
    root_actions: list[Action],
    policy: ModuleType | None,
    rng: random.Random,
    depth: int,
    first_try: Callable[[Engine, Any, int, random.Random], Action] | None = None,
) -> None:
    path = [root]
    node = root
    actor: int | None = seat  # the root decision is the seat's own (it may answer an invitation)
    unseen = getattr(engine, "unseen_move", None) if policy is not None else None
    expanded = False
    while not expanded:
        if actor is None:
            pending = engine.pending(world)
            if not pending:
                break
            actor = min(pending)
            if unseen is not None and unseen(world, actor, seat):
                engine.apply(world, actor, policy.choose(engine, world, actor, rng))  # type: ignore[union-attr]
                actor = None
                continue
        legal = root_actions if node is root else engine.legal(world, actor)
        keyed = {(actor, repr(a)): a for a in legal}
        present = [node.children[k] for k in keyed if k in node.children]
        for child in present:
            child.avail += 1
        limit = 1 + WIDEN * math.sqrt(node.visits)
        if len(present) < len(keyed) and (len(present) < limit or not present):
            hint = policy.choose if policy is not None else None
            if node is root and first_try is not None:
                hint = first_try
            key = _expand(engine, world, node, actor, keyed, hint, rng)
            child = node.children[key] = Node(actor)
            child.avail = 1
            expanded = True
        else:
            child = max(present, key=Node.ucb)
            key = next(k for k, n in node.children.items() if n is child)
        engine.apply(world, actor, keyed[key])
        path.append(child)
        node = child
        actor = None
    values = _rollout(engine, world, policy, rng, depth)
    root.visits += 1
    for n in path[1:]:
        value = values.get(n.actor, 0.0)
        n.visits += 1
        n.total += value
        n.squares += value * value


def _expand(
    engine: Engine,
    world: Any,
    node: Node,
    actor: int,
    keyed: dict[Key, Action],
    hint: Callable[[Engine, Any, int, random.Random], Action] | None,
    rng: random.Random,
) -> Key:
    """The next untried action: the heuristic's choice (``hint``) first, then a random one."""
    if hint is not None and not node.hinted:
        node.hinted = True
        key = (actor, repr(hint(engine, world, actor, rng)))
        if key in keyed and key not in node.children:
            return key
    untried = [k for k in keyed if k not in node.children]
    return untried[rng.randrange(len(untried))]


def _rollout(engine: Engine, world: Any, policy: ModuleType | None, rng: random.Random, depth: int) -> dict[int, float]:
    for _ in range(depth):
        pending = engine.pending(world)
        if not pending:
            break
        actor = min(pending)
        if policy is not None:
            action = policy.choose(engine, world, actor, rng)
        else:
            legal = engine.legal(world, actor)
            action = legal[rng.randrange(len(legal))]
        engine.apply(world, actor, action)
    if policy is not None:
        return policy.evaluate(engine, world)
    return _outcome(engine, world)


def _outcome(engine: Engine, world: Any) -> dict[int, float]:
    """Without a heuristic: each seat's share of the win, nothing for anyone while undecided."""
    result = engine.result(world)
    if result is None:
        return {}
    return {s: share_of_win(engine, result, s) for s in result.ranks}
