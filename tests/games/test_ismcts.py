"""The search's rule for overriding the heuristic's move, on a one-decision toy game."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from games.ai import ismcts
from games.core import Action

SAFE: Action = {"type": "safe"}
GAMBLE: Action = {"type": "gamble"}


class OneChoice:
    """Seat 0 picks once; ``safe`` is worth 0.5, ``gamble`` ``heads`` or ``tails`` on a coin toss
    drawn with the world."""

    def __init__(self, heads: float, tails: float) -> None:
        self.heads, self.tails = heads, tails

    def pending(self, world: dict[str, Any]) -> set[int]:
        return set() if world["pick"] else {0}

    def legal(self, world: dict[str, Any], seat: int) -> list[Action]:
        return [SAFE, GAMBLE]

    def apply(self, world: dict[str, Any], seat: int, action: Action) -> list[dict[str, Any]]:
        world["pick"] = action["type"]
        return []

    def value(self, world: dict[str, Any]) -> dict[int, float]:
        if world["pick"] == "gamble":
            return {0: self.heads if world["heads"] else self.tails}
        return {0: 0.5}


def _decide(heads: float, tails: float, confidence: float | None) -> Action:
    engine = OneChoice(heads, tails)
    policy = SimpleNamespace(choose=lambda e, w, s, r: SAFE, evaluate=lambda e, w: engine.value(w))
    return ismcts.search(
        engine,  # type: ignore[arg-type]
        lambda rng: {"pick": None, "heads": rng.random() < 0.5},
        0,
        [SAFE, GAMBLE],
        policy=policy,  # type: ignore[arg-type]
        rng=random.Random(3),
        iterations=100,
        confidence=confidence,
    )


def test_a_lucky_looking_move_overrides_the_heuristic_without_a_confidence_rule() -> None:
    assert _decide(1.0, 0.25, None) == GAMBLE  # mean about 0.62 against 0.5
    assert _decide(1.0, 0.25, 1.0) == GAMBLE  # the edge is more than one standard error


def test_with_a_confidence_rule_the_heuristic_stands_against_a_noisy_edge() -> None:
    assert _decide(1.0, 0.25, 3.0) == SAFE


def test_with_a_confidence_rule_a_sure_gain_still_overrides() -> None:
    assert _decide(0.7, 0.6, 3.0) == GAMBLE  # better on both sides of the toss
    assert _decide(0.4, 0.3, None) == SAFE  # worse on both: never taken


def test_clearly_better_weighs_the_difference_against_the_spread() -> None:
    steady, noisy = ismcts.Node(0), ismcts.Node(0)
    for value in (0.5,) * 20:
        steady.visits += 1
        steady.total += value
        steady.squares += value * value
    for value in (1.0, 0.25) * 10:
        noisy.visits += 1
        noisy.total += value
        noisy.squares += value * value
    # noisy: mean 0.625, standard error 0.375 / sqrt(20) = 0.084; the edge is 0.125 = 1.49 errors
    assert ismcts.clearly_better(noisy, steady, 1.4)
    assert not ismcts.clearly_better(noisy, steady, 1.6)
    assert not ismcts.clearly_better(steady, noisy, 0.0)
