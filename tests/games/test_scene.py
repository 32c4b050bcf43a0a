"""The scene description: texts fitted to their boxes with the real font, never cut, and the PNG
renderer draws exactly what the scene says."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageChops

from games import scene_png
from games.scene import Scene, overflows


def test_a_text_with_a_box_wraps_and_shrinks_but_keeps_every_word() -> None:
    scene = Scene(300, 200)
    item = scene.text(12, 12, "Koninklijke Wachter en nog veel meer tekst", size=20, box=(10, 10, 150, 60), min_size=9)
    assert len(item["lines"]) > 1
    assert item["size"] < 20
    assert " ".join(item["lines"]) == "Koninklijke Wachter en nog veel meer tekst"
    assert overflows(scene) == []


def test_a_text_too_long_for_its_box_at_the_smallest_size_is_reported() -> None:
    scene = Scene(300, 200)
    scene.text(12, 12, "Kruisboogschutterskoninginnen", size=20, box=(10, 10, 60, 40), min_size=12)
    assert len(overflows(scene)) == 1


def test_a_text_past_the_picture_edge_is_reported() -> None:
    scene = Scene(300, 200)
    scene.text(5, 190, "runs off the bottom", size=14)
    assert overflows(scene) and "outside" in overflows(scene)[0]


@pytest.mark.parametrize("anchor", ["la", "ma", "ra", "lm", "mm", "rm"])
def test_the_extent_covers_the_pixels_the_renderer_draws(anchor: str) -> None:
    scene = Scene(400, 200, "#ffffff")
    item = scene.text(200, 100, "Boogschutter\nEg", size=24, anchor=anchor, colour="#000000")
    img = Image.open(io.BytesIO(scene_png.render(scene))).convert("L")
    x0, y0, x1, y1 = Image.eval(img, lambda v: 255 - v).getbbox() or (0, 0, 0, 0)
    left, top, right, bottom = item["extent"]
    assert left - 1 <= x0 and top - 1 <= y0 and x1 <= right + 1 and y1 <= bottom + 1


def test_places_and_titles_survive_json() -> None:
    scene = Scene(100, 100)
    scene.circle(50, 50, 10, fill=(10, 20, 30), place="v:12", title="Intersection 12")
    scene.rect((0, 0, 10, 10), fill="#ff0000")
    again = json.loads(json.dumps(scene.to_json()))
    assert again["items"][0]["fill"] == "#0a141e"
    assert scene.places() == {"v:12": "Intersection 12"}
    assert scene_png.render(scene)[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_anchor_is_refused() -> None:
    with pytest.raises(ValueError):
        Scene(10, 10).text(0, 0, "x", size=10, anchor="bs")


@pytest.mark.parametrize(("x", "y"), [(200.4, 100.6), (200.5, 99.5), (199.7, 100.2)])
@pytest.mark.parametrize("anchor", ["la", "mm", "rm"])
def test_text_at_a_fractional_position_stays_within_its_extent(x: float, y: float, anchor: str) -> None:
    scene = Scene(400, 200, "#ffffff")
    item = scene.text(x, y, "Kruisboogschutter 12\nEg", size=17, anchor=anchor, colour="#000000")
    img = Image.open(io.BytesIO(scene_png.render(scene))).convert("L")
    x0, y0, x1, y1 = Image.eval(img, lambda v: 255 - v).getbbox() or (0, 0, 0, 0)
    left, top, right, bottom = item["extent"]
    assert left - 1 <= x0 and top - 1 <= y0 and x1 <= right + 1 and y1 <= bottom + 1


def test_texts_are_drawn_as_pillow_draws_them() -> None:
    """Text masks are cached between pictures; the pixels are Pillow's own."""
    from PIL import ImageDraw

    from games.fonts import font

    scene = Scene(300, 120, "#f5f0e4")
    scene.text(150, 40, "Cities & Knights 12", size=19, weight="bold", anchor="mm", colour="#c80000")
    scene.text(10, 80, "kruispunt 53", size=11, colour="#1e1e1e")
    drawn = Image.open(io.BytesIO(scene_png.render(scene))).convert("RGB")
    expected = Image.new("RGB", (300, 120), "#f5f0e4")
    d = ImageDraw.Draw(expected)
    d.text((150, 40), "Cities & Knights 12", fill="#c80000", font=font(19, "bold"), anchor="mm")
    d.text((10, 80), "kruispunt 53", fill="#1e1e1e", font=font(11), anchor="la")
    assert drawn.tobytes() == expected.tobytes()


def _fits(name: str, size: int, weight: str, box: tuple[float, float, float, float], y: float) -> bool:
    """Whether one line's ink box (the font's own measure) can stand inside ``box`` at height ``y``."""
    from games.fonts import font

    left, top, right, bottom = font(size, weight).getbbox(name)
    return right - left <= box[2] - box[0] + 0.5 and y + top >= box[1] - 0.5 and y + bottom <= box[3] + 0.5


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_a_name_is_set_at_the_largest_size_that_fits_whatever_its_first_letter(weight: str) -> None:
    """Bold A, V and Y start a pixel left of the pen: the name moves inside its box instead of being
    set at the smallest size, and its ink stays within the box."""
    for width in (38, 57, 83):
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            name = f"{letter}nna"
            box = (20.0, 19.0, 20.0 + width, 80.0)
            scene = Scene(200, 100, "#ffffff")
            item = scene.text(20, 20, name, size=40, min_size=6, weight=weight, colour="#000000", box=box)
            size = item["size"]
            assert item["lines"] == [name]
            assert _fits(name, size, weight, box, 20), (name, width, size)
            assert size == 40 or not _fits(name, size + 1, weight, box, 20), (name, width, size)
            assert overflows(scene, slack=0.5) == [], (name, width)
            img = Image.open(io.BytesIO(scene_png.render(scene))).convert("L")
            x0, y0, x1, y1 = Image.eval(img, lambda v: 255 - v).getbbox() or (0, 0, 0, 0)
            assert box[0] <= x0 and x1 <= box[2] + 1 and box[1] <= y0 and y1 <= box[3], (name, width, (x0, x1))


def test_a_region_is_what_a_block_drew_and_a_wide_row_folds_at_its_gaps() -> None:
    scene = Scene(1000, 300, "#ffffff")
    scene.text(10, 10, "Title", size=24)
    scene.region("title", 0)
    first = len(scene.items)
    scene.rect((5, 60, 995, 200), fill="#eeeeee")  # a panel behind the row: it may be cut
    for i in range(5):  # five cards of 180 with gaps of 10
        x = 10 + i * 190
        scene.rect((x, 70, x + 180, 190), fill="#dddddd", place=f"card:{i}")
        scene.text(x + 5, 75, f"Card {i}", size=14)
    scene.text(10, 192, "a caption that runs across two cards", size=14)  # never cut through
    scene.region("cards", first, fold=400)
    assert scene.regions[0]["name"] == "title"
    title = scene.regions[0]["box"]
    ink = scene.items[0]["extent"]
    assert title[0] <= ink[0] and title[1] <= ink[1] and ink[2] <= title[2] and ink[3] <= title[3] < 60
    cards = [r["box"] for r in scene.regions[1:]]
    assert [r["name"] for r in scene.regions[1:]] == ["cards"] * len(cards) and len(cards) == 3
    assert all(b[2] - b[0] <= 400 + 6 for b in cards)
    # every cut lies in a gap between two cards, none through a card or the caption
    cuts = [b[2] for b in cards[:-1]]
    caption = scene.items[-1]["extent"]
    for cut in cuts:
        assert any(10 + i * 190 + 180 < cut < 10 + (i + 1) * 190 for i in range(4)), cut
        assert not caption[0] < cut < caption[2]
    # every card lies whole in one region
    for i in range(5):
        x = 10 + i * 190
        assert sum(b[0] <= x and x + 180 <= b[2] for b in cards) == 1
    # the regions travel with the scene, within the picture; a scene without any has none
    drawn = scene.to_json()
    assert [r["box"] for r in drawn["regions"]] == [title, *cards]
    assert all(0 <= b[0] < b[2] <= 1000 and 0 <= b[1] < b[3] <= 300 for b in (r["box"] for r in drawn["regions"]))
    assert "regions" not in Scene(10, 10).to_json()
    scene.region("nothing", len(scene.items))
    assert len(scene.regions) == 4


def test_every_game_names_its_map_and_each_region_lies_within_its_picture() -> None:
    from importlib import import_module

    from games import registry

    for (key, engine), players in (
        (item, count) for item in registry.ENGINES.items() for count in {item[1].min_players, item[1].max_players}
    ):
        state = engine.start(players, {}, 5)
        seat = min(engine.pending(state))
        scene = import_module(engine.picture_module).scene  # type: ignore[attr-defined]
        drawn = scene(engine.view(state, seat), "en", [f"P{i}" for i in range(players)]).to_json()
        names = [r["name"] for r in drawn["regions"]]
        assert "map" in names and names[0] == "title", (key, names)
        for region in drawn["regions"]:
            x0, y0, x1, y1 = region["box"]
            assert 0 <= x0 < x1 <= drawn["width"] and 0 <= y0 < y1 <= drawn["height"], (key, region)
        # every place lies in a region, so a phone shows it
        for item in drawn["items"]:
            if "place" in item:
                assert any(_centre_in(item, r["box"]) for r in drawn["regions"]), (key, item["place"])


def _centre_in(item: dict, box: list[float]) -> bool:
    from games.scene import item_box

    x0, y0, x1, y1 = item_box(item)
    return box[0] <= (x0 + x1) / 2 <= box[2] and box[1] <= (y0 + y1) / 2 <= box[3]


@pytest.mark.parametrize("dash", [(10.0, 6.0), (6.0, 3.6), (0.6, 0.36)])
def test_a_dashed_line_is_drawn_as_dashes_and_gaps_round_its_corners(dash: tuple[float, float]) -> None:
    """The PNG draws a ``dash`` line as SVG's ``stroke-dasharray`` does: ink on the dashes, none in
    the gaps, the pattern running on round a corner (fractional lengths included)."""
    scene = Scene(300, 120, "#ffffff")
    scene.line([(10, 20), (250, 20), (250, 100)], colour="#000000", width=1, dash=dash)
    assert json.loads(json.dumps(scene.to_json()))["items"][0]["dash"] == list(dash)
    img = Image.open(io.BytesIO(scene_png.render(scene))).convert("L")
    row = [img.getpixel((x, 20)) < 128 for x in range(12, 248)]
    column = [img.getpixel((250, y)) < 128 for y in range(22, 98)]
    on, off = dash
    if on >= 2:  # dashes long enough to tell apart pixel by pixel
        assert any(row) and not all(row) and any(column) and not all(column)
        inked = sum(row) / len(row)
        assert abs(inked - on / (on + off)) < 0.12
        assert img.getpixel((10 + int(on / 2), 20)) < 128, "the line starts with a dash"
        assert img.getpixel((10 + int(on + off / 2), 20)) > 128, "then a gap"
    else:
        assert any(row)


@pytest.mark.parametrize("shades", [2, 5, 16])
def test_letters_in_a_few_shades_differ_from_the_full_drawing_only_at_their_edges(shades: int) -> None:
    scene = Scene(420, 120, "#ffffff")
    scene.rect((10, 70, 410, 110), fill="#3366aa")
    scene.text(12, 10, "Kruisboogschutter 12, Eg", size=22, colour="#000000", weight="bold")
    scene.text(14, 74, "Move 7 of 80: Anna", size=17, colour="#ffffff")
    full = scene_png.image(scene)
    few = scene_png.image(scene, shades=shades)
    assert full.size == few.size and full.tobytes() != few.tobytes()
    # black on white: the letters' greys are exactly the few levels (ink, paper and the steps between)
    greys = set(few.convert("L").crop((10, 5, 410, 60)).tobytes())
    assert len(greys) <= shades and {0, 255} <= greys
    # everywhere within half a step of the full drawing; shapes and solid ink untouched
    half = 255 / (shades - 1) / 2
    diff = ImageChops.difference(full, few)
    assert max(hi for _, hi in diff.getextrema()) <= half + 1
    assert ImageChops.difference(full.crop((10, 100, 410, 110)), few.crop((10, 100, 410, 110))).getbbox() is None


def test_one_shade_is_refused() -> None:
    scene = Scene(100, 40, "#ffffff")
    scene.text(5, 5, "x", size=12)
    with pytest.raises(ValueError):
        scene_png.image(scene, shades=1)
