"""The position value every game's AI modules give the search (``evaluate``, games/core.py):
values in [0, 1] while the game runs, and once it is over exactly each seat's share of the win
(its side's, in team games), so a won game is never worth less than a strong position."""

from __future__ import annotations

from types import ModuleType

import pytest

from games import registry
from games.ai.match import play
from games.ai.players import playout_policy, strategy
from games.core import Engine, Result, share_of_win
from tests.games.search_hooks import random_positions


def test_the_share_of_a_win_counts_sides() -> None:
    wc, bb = registry.get("war_chest"), registry.get("battles_builders")
    team_win = Result({0: 8, 1: 3, 2: 8, 3: 3}, {0: 1, 1: 2, 2: 1, 3: 2}, [0, 2])
    assert [share_of_win(wc, team_win, s) for s in range(4)] == [1.0, 0.0, 1.0, 0.0]
    stalemate = Result({s: 4 for s in range(4)}, {s: 1 for s in range(4)}, [0, 1, 2, 3])
    assert [share_of_win(wc, stalemate, s) for s in range(4)] == [0.5] * 4
    shared = Result({0: 9, 1: 9, 2: 4}, {0: 1, 1: 1, 2: 3}, [0, 1])
    assert [share_of_win(bb, shared, s) for s in range(3)] == [0.5, 0.5, 0.0]
    assert share_of_win(bb, None, 0) == 0.0


#: (game, players, seeds): games between ``normal`` seats, whose ends the test checks
CASES = [
    ("battles_builders", 2, range(6)),
    ("battles_builders", 4, range(6)),
    ("burg", 2, range(3)),
    ("burg", 4, range(3)),
    ("war_chest", 2, range(4)),
    ("war_chest", 4, range(4)),
    ("cities_knights", 3, range(3)),
    ("cities_knights", 4, range(3)),
]


def _modules(engine: Engine) -> list[ModuleType]:
    found = [strategy(engine), playout_policy(engine)]
    return [m for i, m in enumerate(found) if m is not None and m not in found[:i]]


@pytest.mark.parametrize(("key", "players", "seeds"), CASES, ids=lambda v: str(v))
def test_a_finished_game_is_worth_each_seats_share_of_the_win(key: str, players: int, seeds: range) -> None:
    engine = registry.get(key)
    modules = _modules(engine)
    assert modules, f"{key} has no AI modules"
    for seed in seeds:
        played = play(engine, ["normal"] * players, seed=seed)
        assert played.result is not None, (key, seed)
        for module in modules:
            values = module.evaluate(engine, played.state)
            assert values == {s: share_of_win(engine, played.result, s) for s in range(players)}, (
                module.__name__,
                seed,
            )


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
def test_values_lie_between_zero_and_one_while_the_game_runs(key: str) -> None:
    engine = registry.get(key)
    players = engine.max_players
    checked = 0
    for state in random_positions(engine, players, 7, {}, every=3, steps=300):
        for module in _modules(engine):
            values = module.evaluate(engine, state)
            assert set(values) == set(range(players))
            assert all(0.0 <= v <= 1.0 for v in values.values()), values
            checked += 1
    assert checked >= 8
