"""Every character a picture draws exists in the picture font, in both languages: a missing glyph
would show as a box on the board."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from PIL import ImageDraw

from games import registry
from games.core import Engine
from games.fonts import FILES, font

ENGINES = list(registry.ENGINES.values())
#: names with the letters Dutch and German names carry
NAMES = ["Zoë", "Jürgen", "Anaïs", "Bram", "Sæbjørn", "Élodie"]
#: steps between the positions drawn: random Cities & Knights games run to thousands of actions,
#: so every ninth would draw hundreds of near-identical boards
EVERY = {"cities_knights": 40}


@cache
def covered(weight: str) -> frozenset[int]:
    return frozenset(TTFont(FILES[weight]).getBestCmap())


def missing(text: str) -> set[str]:
    cmap = covered("regular")
    return {ch for ch in text if not ch.isspace() and ord(ch) not in cmap}


def positions(engine: Engine, players: int, seed: int, every: int = 9) -> Iterator[Any]:
    """Positions of a random game, the last one finished when the game ends in time."""
    rnd = random.Random(seed)
    state = engine.start(players, {}, seed)
    for i in range(4000):
        prompts = engine.pending(state)
        if not prompts:
            break
        if i % every == 0:
            yield state
        seat = min(prompts)
        engine.apply(state, seat, rnd.choice(engine.legal(state, seat)))
    yield state


def test_the_check_finds_a_missing_glyph() -> None:
    assert missing("Zoë — 3 → §") == set()
    assert missing("\u4e2d") == {"\u4e2d"}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.key)
def test_every_drawn_character_has_a_glyph(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    faces: set[str] = set()
    text = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, content: Any, *args: Any, **kwargs: Any) -> None:
        drawn.append(str(content))
        faces.add(getattr(kwargs.get("font"), "path", "no font file"))
        text(self, xy, content, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    counts = [engine.min_players, engine.max_players]
    for players in counts:
        for state in positions(engine, players, seed=players, every=EVERY.get(engine.key, 9)):
            for lang in ("en", "nl"):
                for seat in (None, 0):
                    engine.picture(engine.view(state, seat), lang, NAMES[:players])
    assert len(drawn) > 100
    assert faces <= set(FILES.values()), f"drawn with another font: {faces - set(FILES.values())}"
    assert font(20).font.family == "Source Sans Pro"
    gaps = {ch: next(s for s in drawn if ch in s) for s in drawn for ch in missing(s)}
    assert not gaps, f"no glyph for {sorted(gaps)} (e.g. in {list(gaps.values())[:3]})"
