"""Every game's ``normal`` AI beats ``easy`` (random play, a kind of action at a time) in at least
three games of four, seats rotated, on fixed seeds (so the figure is exact and repeatable, not a timing)."""

from __future__ import annotations

import pytest

from games import registry
from games.ai.match import play
from games.core import share_of_win

#: (game, players, games played): long games get fewer
CASES = [
    ("battles_builders", 2, 60),
    ("battles_builders", 3, 60),
    ("battles_builders", 4, 60),
    ("burg", 2, 60),
    ("burg", 3, 60),
    ("war_chest", 2, 40),
    ("war_chest", 4, 40),
]


@pytest.mark.parametrize(("key", "players", "games"), CASES, ids=lambda v: str(v))
def test_normal_beats_easy(key: str, players: int, games: int) -> None:
    engine = registry.get(key)
    share = 0.0
    for game in range(games):
        seat = game % players
        levels = ["normal" if s == seat else "easy" for s in range(players)]
        result = play(engine, levels, seed=game).result
        assert result is not None
        share += share_of_win(engine, result, seat)
    assert share / games >= 0.75, f"normal won {share} of {games}"
