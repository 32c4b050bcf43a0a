"""Taking an action back (games/takeback.py): each engine's ``reveals`` hook against the generic
test on random positions of every game, and the generic test and ``shown_publicly`` on known
moves."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games import registry, takeback
from games.ai import decide
from games.core import Engine

#: game, players, options, seeds, every how many positions one is looked at: games played by the
#: easy AI (every kind of action it picks at random, so play moves on through every phase)
GAMES = [
    ("battles_builders", 3, {}, (1, 2, 3), 2),
    ("battles_builders", 2, {"simultaneous_commit": True}, (4, 5, 6), 2),
    ("burg", 3, {}, (1, 2), 5),
    ("war_chest", 2, {}, (1, 2), 5),
    ("war_chest", 4, {}, (3,), 5),
    ("cities_knights", 3, {}, (1,), 29),
    ("cities_knights", 4, {}, (2,), 29),
]
#: actions looked at per position, and worlds the generic test draws per seat
ACTIONS, WORLDS = 3, 12


def positions(engine: Engine, players: int, options: dict[str, Any], seed: int, every: int) -> Any:
    """Every ``every``-th position of a game the easy AI plays, with the seat asked (the state is
    moved on after each is looked at)."""
    rnd = random.Random(seed)
    state = engine.start(players, dict(options), seed)
    for i in range(3000):
        pending = engine.pending(state)
        if not pending:
            return
        seat = rnd.choice(sorted(pending))
        if i % every == 0:
            yield state, seat, rnd
        engine.apply(state, seat, decide(engine, state, seat, "easy", seed=rnd.getrandbits(32)))


@pytest.mark.parametrize(("key", "players", "options", "seeds", "every"), GAMES, ids=lambda v: str(v))
def test_the_engine_says_what_the_generic_test_finds(
    key: str, players: int, options: dict[str, Any], seeds: tuple[int, ...], every: int
) -> None:
    """Where the engine answers, the generic test (the action applied in worlds redrawn from each
    seat's view) finds the same: True exactly when something was shown. Both answers occur."""
    engine = registry.get(key)
    answers: dict[bool, int] = {True: 0, False: 0}
    for seed in seeds:
        for state, seat, rnd in positions(engine, players, options, seed, every):
            legal = engine.legal(state, seat)
            before = json.dumps(engine.dump(state), sort_keys=True)
            for action in rnd.sample(legal, min(ACTIONS, len(legal))):
                said = engine.reveals(state, seat, action)  # type: ignore[attr-defined]
                if said is None:
                    continue
                found = takeback.reveals_generic(engine, state, seat, action, players=players, worlds=WORLDS)
                assert said == found, (key, seed, seat, action, said, found)
                answers[said] += 1
            assert json.dumps(engine.dump(state), sort_keys=True) == before, "asking changed the game"
    assert answers[True] and answers[False], answers


def _play_until(engine: Engine, state: Any, wanted: Any, seed: int = 0, limit: int = 3000) -> tuple[int, Any]:
    """Play on with the easy AI until ``wanted(state, seat)`` names an action of the seat asked."""
    rnd = random.Random(seed)
    for _ in range(limit):
        pending = engine.pending(state)
        assert pending, "the game ended first"
        seat = min(pending)
        found = wanted(state, seat)
        if found is not None:
            return seat, found
        engine.apply(state, seat, decide(engine, state, seat, "easy", seed=rnd.getrandbits(32)))
    raise AssertionError("never found")


def test_a_roll_reveals_and_a_road_does_not() -> None:
    engine = registry.get("cities_knights")
    state = engine.start(3, {}, 5)
    seat, roll = _play_until(
        engine, state, lambda s, seat: next((a for a in engine.legal(s, seat) if a["type"] == "roll"), None)
    )
    assert takeback.reveals_generic(engine, state, seat, roll, players=3)
    assert takeback.reveals(engine, state, seat, roll, players=3)
    seat, road = _play_until(
        engine, state, lambda s, seat: next((a for a in engine.legal(s, seat) if a["type"] == "build_road"), None)
    )
    assert not takeback.reveals_generic(engine, state, seat, road, players=3)
    assert not takeback.reveals(engine, state, seat, road, players=3)
    assert takeback.shown_publicly(engine, state, seat, road)  # the channel may be told which road


def test_a_commit_reveals_only_when_it_turns_the_others_over() -> None:
    """Battles & Builders, commits at once: the first commit shows nothing; the last turns every
    commit over, which shows the others' chips. A commit is never named to the channel."""
    engine = registry.get("battles_builders")
    state = engine.start(2, {"simultaneous_commit": True}, 4)
    first = engine.legal(state, 0)[-1]
    assert not takeback.reveals(engine, state, 0, first, players=2)
    assert not takeback.reveals_generic(engine, state, 0, first, players=2)
    assert not takeback.shown_publicly(engine, state, 0, first)
    engine.apply(state, 0, first)
    last = engine.legal(state, 1)[-1]
    assert takeback.reveals(engine, state, 1, last, players=2)
    assert takeback.reveals_generic(engine, state, 1, last, players=2)


def test_a_draw_seen_only_by_another_seat_counts() -> None:
    """War Chest: the move that ends a round makes every seat draw its next hand; the opponent's
    draw is hidden from the actor, yet it shows the opponent their coins, so the move cannot go."""
    engine = registry.get("war_chest")
    state = engine.start(2, {}, 7)

    def ends_round(s: Any, seat: int) -> Any:
        for action in engine.legal(s, seat):
            after = engine.clone(s)  # type: ignore[attr-defined]
            events = engine.apply(after, seat, action)
            draws = {e["seat"] for e in events if e["type"] == "draw"}
            if draws - {seat}:
                return action
        return None

    seat, action = _play_until(engine, state, ends_round)
    assert takeback.reveals(engine, state, seat, action, players=2)
    assert takeback.reveals_generic(engine, state, seat, action, players=2)


def test_a_face_down_coin_is_not_named_and_a_move_is() -> None:
    engine = registry.get("war_chest")
    state = engine.start(2, {}, 3)
    seat = min(engine.pending(state))
    legal = engine.legal(state, seat)
    hidden = next(a for a in legal if a["type"] in ("claim_initiative", "pass"))
    shown = next(a for a in legal if a["type"] in ("deploy", "recruit"))
    assert not takeback.shown_publicly(engine, state, seat, hidden)
    assert takeback.shown_publicly(engine, state, seat, shown)


def test_without_determinize_every_action_counts_as_revealing() -> None:
    """An engine that cannot redraw what is hidden offers no taking back."""

    class Plain:
        def __init__(self, inner: Engine) -> None:
            self.inner = inner

        def __getattr__(self, name: str) -> Any:
            if name in ("determinize", "reveals"):
                raise AttributeError(name)
            return getattr(self.inner, name)

    engine = registry.get("burg")
    state = engine.start(3, {}, 1)
    action = engine.legal(state, 0)[0]
    assert not takeback.reveals(engine, state, 0, action, players=3)
    assert takeback.reveals(Plain(engine), state, 0, action, players=3)  # type: ignore[arg-type]


def test_the_game_replayed_without_the_last_action_is_the_game_before_it() -> None:
    engine = registry.get("burg")
    state = engine.start(3, {}, 9)
    log = []
    rnd = random.Random(9)
    for _ in range(40):
        seat = min(engine.pending(state))
        before = json.dumps(engine.dump(state), sort_keys=True)
        action = decide(engine, state, seat, "easy", seed=rnd.getrandbits(32))
        engine.apply(state, seat, action)
        log.append((seat, action))
        again = takeback.replayed(engine, 3, {}, 9, log[:-1])
        assert json.dumps(engine.dump(again), sort_keys=True) == before
