"""What every game's picture says of the game and its players: the title is the game's name in the
reader's language, and a player's name is set as large whatever letter it starts with (bold "A",
"V" and "Y" overhang the pen to the left, which once shrank such a name to the smallest size)."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

import pytest

from games import registry
from games.core import Engine
from games.scene import Scene, overflows

#: names whose first letters overhang, and the same names starting with a letter that does not
OVERHANGING = ["Anna", "Vera", "Yara", "Ada (AI)"]
UPRIGHT = ["Hnna", "Hera", "Hara", "Hda (AI)"]


def players(engine: Engine) -> int:
    return min(engine.max_players, len(UPRIGHT))


def positions(engine: Engine, seed: int = 5) -> list[Any]:
    """The start of a game and a position after some random legal play."""
    out = [engine.start(players(engine), {}, seed)]
    state = engine.start(players(engine), {}, seed)
    rnd = random.Random(seed)
    for _ in range(80):
        pending = engine.pending(state)
        if not pending:
            break
        seat = rnd.choice(sorted(pending))
        engine.apply(state, seat, rnd.choice(engine.legal(state, seat)))
    return [*out, state]


def scene_of(engine: Engine, state: Any, lang: str, names: list[str], seat: int | None = None) -> Scene:
    picture = import_module(engine.picture_module)  # type: ignore[attr-defined]
    return picture.scene(engine.view(state, seat), lang, names[: players(engine)])


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_title_is_the_games_name_in_the_readers_language(key: str, lang: str) -> None:
    engine = registry.ENGINES[key]
    for state in positions(engine):
        texts = scene_of(engine, state, lang, UPRIGHT).texts()
        top = min(texts, key=lambda item: (item["extent"][1], item["extent"][0]))
        assert top["source"].startswith(engine.names[lang]), (top["source"], engine.names[lang])


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_name_is_as_large_whatever_its_first_letter(key: str, lang: str) -> None:
    engine = registry.ENGINES[key]
    for state in positions(engine):
        for seat in (None, 0):
            overhanging = scene_of(engine, state, lang, OVERHANGING, seat)
            upright = scene_of(engine, state, lang, UPRIGHT, seat)
            assert overflows(overhanging, slack=0.5) == []
            pairs = list(zip(overhanging.texts(), upright.texts(), strict=True))
            named = [(a, b) for a, b in pairs if any(n in a["source"] for n in OVERHANGING)]
            assert named, "the picture names no player"
            assert [a["size"] for a, _ in named] == [b["size"] for _, b in named], [a["source"] for a, _ in named]
