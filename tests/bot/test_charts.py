"""The leaderboard chart is encoded like the board pictures: lossless, and at most 15% bigger than
Pillow's ``optimize=True`` writer it used before."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.service.charts import leaderboard_image, leaderboard_png, leaderboard_scene
from games.scene import overflows


@pytest.mark.parametrize("count", [0, 1, 8, 30])
def test_the_chart_decodes_to_the_pixels_drawn_and_is_no_bigger_than_before(count: int) -> None:
    rows = [(f"player {i} of the table", 1600 - 23 * i, 40 + i, 12 + i) for i in range(count)]
    png = leaderboard_png("Ratings: Cities & Knights", rows)
    drawn = leaderboard_image("Ratings: Cities & Knights", rows)
    got = Image.open(io.BytesIO(png))
    got.load()
    assert (got.mode, got.size) == (drawn.mode, drawn.size)
    assert got.tobytes() == drawn.tobytes()
    before = io.BytesIO()
    drawn.save(before, format="PNG", optimize=True)
    assert len(png) <= 1.15 * before.tell()


def test_every_column_has_its_head_above_it() -> None:
    rows = [("alice", 1040, 5, 3), ("bob", 990, 4, 1)]
    scene = leaderboard_scene("Burg: leaderboard", rows, ("Speler", "Rating", "Gewonnen", "Gespeeld"))
    texts = {item["source"]: item for item in scene.texts()}
    head_y = texts["Speler"]["y"]
    assert all(texts[h]["y"] == head_y for h in ("Rating", "Gewonnen", "Gespeeld"))
    # each head stands over its column: the figures of a row end where their head ends
    for head, figure in (("Rating", "1040"), ("Gewonnen", "3"), ("Gespeeld", "5")):
        assert texts[figure]["y"] > head_y
        assert abs(texts[figure]["extent"][2] - texts[head]["extent"][2]) < 3, head
    assert texts["1. alice"]["y"] > head_y and overflows(scene) == []
