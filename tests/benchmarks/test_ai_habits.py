"""The habit counts of ``benchmarks.ai_habits`` and the retired levels of ``benchmarks.seating``."""

from __future__ import annotations

import pytest

from benchmarks import ai_habits
from benchmarks.seating import decide_seat, levels_of, play
from games import registry
from games.battles_builders.engine import ENGINE as BB
from tests.games.cities_knights.helpers import position


def test_normal_v1_is_seated_only_in_cities_and_knights_and_plays_legally() -> None:
    assert levels_of("cities_knights") == ["normal_v1"]
    assert levels_of("burg") == []
    engine = registry.get("cities_knights")
    played = play(engine, ["normal", "normal_v1", "normal_v1"], seed=3)
    assert played.result is not None
    st = position(3, settlements={0: ["0,-1,S"]}, hands={0: {"ore": 3, "grain": 2}})
    assert decide_seat(engine, st, 0, "normal_v1", seed=1, budget_ms=0, iterations=None)["type"] == "build_city"
    with pytest.raises(ValueError, match="unknown AI level"):
        decide_seat(
            registry.get("burg"),
            registry.get("burg").start(2, {}, 1),
            0,
            "normal_v1",
            seed=1,
            budget_ms=0,
            iterations=None,
        )


def test_cities_and_knights_habits_add_up() -> None:
    out = ai_habits.one_game("cities_knights", ["normal", "normal", "normal_v1"], seed=3, iterations=1)
    assert out["finished"]
    held = out["held"]["normal"] + out["held"]["normal_v1"]
    assert held and min(held) >= 0
    # every pillaged city comes from a lost attack, and seats build
    assert sum(c.get("pillaged", 0) for c in out["counts"].values()) >= out["game"].get("attacks_lost", 0) > -1
    assert sum(c.get("city", 0) + c.get("settlement", 0) for c in out["counts"].values()) > 0


def test_a_king_alone_is_counted_only_while_a_strategy_tile_is_on_display() -> None:
    tally = ai_habits.Tally("battles_builders", ["normal", "normal"])
    st = BB.start(2, {}, 1)
    king = {"type": "commit", "chips": {"builder": 0, "infantry": 0, "cavalry": 0, "archer": 0, "king": 1}}
    with_builder = {"type": "commit", "chips": {"builder": 2, "infantry": 0, "cavalry": 0, "archer": 0, "king": 1}}
    assert st.display
    tally.before(st, 0, king)
    tally.before(st, 1, with_builder)
    st.display.clear()
    tally.before(st, 0, king)
    assert tally.counts["normal"] == {"king": 3, "king_alone": 1, "builders": 2}
    assert tally.decisions["normal"] == 3


def test_percentile_is_the_nearest_rank() -> None:
    assert ai_habits.percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90) == 9
    assert ai_habits.percentile([5], 90) == 5
