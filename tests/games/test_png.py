"""Every picture is encoded by ``scene_png.encode_png``: lossless (the decoded PNG has exactly the
pixels Pillow drew) and never more than 15% bigger than Pillow's own writer at ``compress_level=1``,
the writer it replaced, on pictures of every game in several positions, public and seat views."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from games import registry, scene_png
from games.core import Engine

MAX_RATIO = 1.15
STEPS = (0, 25, 400)  # random actions before the picture (a game that ends sooner: its end)


def pillow_png(img: Image.Image, **options: Any) -> bytes:
    out = io.BytesIO()
    img.save(out, format="PNG", **options)
    return out.getvalue()


def decoded(png: bytes) -> Image.Image:
    Image.open(io.BytesIO(png)).verify()  # chunk checksums and the stream's end
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def positions(engine: Engine, players: int, seed: int) -> list[Any]:
    """Views of one seeded random playout after each of ``STEPS``: the public one and every seat's."""
    rnd = random.Random(seed)
    state = engine.start(players, {}, seed)
    views = []
    for step in range(max(STEPS) + 1):
        if step in STEPS:
            views += [engine.view(state, seat) for seat in (None, *range(players))]
        pending = engine.pending(state)
        if not pending:
            views += [engine.view(state, seat) for seat in (None, *range(players))]
            break
        seat = next(iter(pending)) if len(pending) == 1 else rnd.choice(sorted(pending))
        legal = engine.legal(state, seat)
        engine.apply(state, seat, legal[int(rnd.random() * len(legal))])
    return views


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
def test_pictures_decode_to_the_pixels_drawn_and_are_no_bigger_than_pillows(key: str) -> None:
    engine = registry.get(key)
    players = max(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
    names = [f"Player {i + 1}" for i in range(players)]
    views = positions(engine, players, seed=3)
    assert len(views) >= 2 * (players + 1)
    for view in views:
        png = engine.picture(view, "en", names)  # what the bot sends
        drawn = engine.picture_image(view, "en", names)
        assert png is not None and drawn.mode == "RGB"
        got = decoded(png)
        assert (got.mode, got.size) == (drawn.mode, drawn.size)
        assert got.tobytes() == drawn.tobytes()
        today = pillow_png(drawn, compress_level=1)
        assert len(png) <= MAX_RATIO * len(today), (key, len(png), len(today))


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
@pytest.mark.parametrize("size", [(1, 1), (7, 3), (301, 2)])
def test_every_mode_and_size_round_trips(mode: str, size: tuple[int, int]) -> None:
    rnd = random.Random(f"{mode} {size}")
    img = Image.frombytes(mode, size, bytes(rnd.randrange(256) for _ in range(size[0] * size[1] * len(mode))))
    got = decoded(scene_png.encode_png(img))
    assert (got.mode, got.size) == (mode, size)
    assert got.tobytes() == img.tobytes()


def test_a_mode_without_an_encoding_is_refused() -> None:
    with pytest.raises(ValueError):
        scene_png.encode_png(Image.new("P", (4, 4)))
