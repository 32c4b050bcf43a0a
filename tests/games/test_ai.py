"""AI players of every game and level: legal, side-effect free, deterministic, blind to what
their seat cannot see, and able to finish games."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games import registry
from games.ai import LEVELS, decide, decide_snapshot, wants_to_act
from games.ai.match import next_actor, play
from games.core import Engine

ENGINES = list(registry.ENGINES.values())
#: a small fixed search, so ``hard`` is a pure function of its inputs and quick
SEARCH = 12
#: full games per game and level pairing; AI_SOAK=1 plays hundreds
GAMES = 200 if os.environ.get("AI_SOAK") else 12


def counts(engine: Engine) -> list[int]:
    return list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))


def positions(engine: Engine, players: int, seed: int, every: int = 17, steps: int = 600) -> Iterator[tuple[Any, int]]:
    """Positions of a random game with a seat that has something to decide."""
    rnd = random.Random(seed)
    state = engine.start(players, {}, seed)
    for i in range(steps):
        seat = next_actor(engine, state)
        if seat is None:
            return
        if i % every == 0:
            yield state, seat
        engine.apply(state, seat, rnd.choice(engine.legal(state, seat)))


def sampled(engine: Engine, players: int, seed: int, every: int, want: int) -> Iterator[tuple[Any, int]]:
    """``want`` positions, from as many seeded games as it takes (short games give few each)."""
    given = 0
    for game in range(50):
        for position in positions(engine, players, seed + 1000 * game, every=every):
            yield position
            given += 1
            if given >= want:
                return


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_every_decision_is_legal_and_changes_nothing(engine: Engine) -> None:
    checked = 0
    for players in counts(engine):
        for state, seat in sampled(engine, players, seed=players, every=29, want=12):
            before = engine.dump(state)
            legal = engine.legal(state, seat)
            for level in LEVELS:
                action = decide(engine, state, seat, level, seed=checked, iterations=SEARCH)
                assert action in legal, (level, action)
                assert engine.dump(state) == before, f"{level} changed the state"
                checked += 1
    assert checked >= 30


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_depends_only_on_what_the_seat_sees(engine: Engine, level: str) -> None:
    """Two states that differ only in what the seat cannot see (another hand, a bag's order, a
    face-down coin, an uncommitted pick, the random generator) give the same decision."""
    compared = differed = 0
    for players in counts(engine):
        for state, seat in sampled(engine, players, seed=40 + players, every=23, want=8):
            other = engine.determinize(state, seat, random.Random(compared + 1))
            assert engine.view(other, seat) == engine.view(state, seat)
            differed += engine.dump(other) != engine.dump(state)
            for seed in (1, 2):
                mine = decide(engine, state, seat, level, seed=seed, iterations=SEARCH)
                assert decide(engine, other, seat, level, seed=seed, iterations=SEARCH) == mine
            compared += 1
    assert compared >= 10 and differed >= compared // 2, (compared, differed)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_the_same_seed_gives_the_same_decision_through_a_snapshot(engine: Engine) -> None:
    players = counts(engine)[0]
    for state, seat in sampled(engine, players, seed=7, every=31, want=6):
        for level in LEVELS:
            direct = decide(engine, state, seat, level, seed=3, iterations=SEARCH)
            shipped = decide_snapshot(engine.key, engine.dump(state), seat, level, 3, 1000, SEARCH)
            assert shipped == direct


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "hard")], ids="-".join)
def test_ai_players_finish_their_games(engine: Engine, levels: tuple[str, str]) -> None:
    weak, strong = levels
    finished = 0
    for game in range(GAMES if strong != "hard" else max(2, GAMES // 4)):
        players = counts(engine)[game % len(counts(engine))]
        seats = [strong if s == game % players else weak for s in range(players)]
        played = play(engine, seats, seed=game, iterations=4)
        assert played.result is not None, f"game {game} did not end in {played.steps} steps"
        assert not engine.pending(played.state)
        finished += 1
    assert finished >= 2


def test_optional_invitations_are_left_alone() -> None:
    """Changing a hidden pick is optional: an AI that has chosen does not act again."""
    engine = registry.get("burg")
    state = engine.start(2, {}, 1)
    pending = engine.pending(state)
    invite = getattr(engine, "invitations", lambda s: {})
    seat = min(pending)
    engine.apply(state, seat, decide(engine, state, seat, "easy", seed=1))
    offered = invite(state).get(seat)
    if offered is None or not offered.data.get("optional"):
        pytest.skip("this game offers no optional invitation after a pick")
    assert not wants_to_act(engine, state, seat)


def test_an_unknown_level_is_refused() -> None:
    engine = registry.get("battles_builders")
    state = engine.start(2, {}, 1)
    with pytest.raises(ValueError, match="unknown AI level"):
        decide(engine, state, min(engine.pending(state)), "grandmaster")
