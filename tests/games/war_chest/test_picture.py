"""The War Chest picture, checked from its scene: positions of seeded random games (start, middle,
end; two and four players; both languages; long names and AI labels) draw every text whole and
inside its box, name the winner, mark every place an action names, and keep each unit inside its
hex and inside the ring of its location, clear of the hex's coordinate."""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

import pytest

from games.scene import Scene, overflows
from games.war_chest import picture
from games.war_chest.engine import ENGINE
from games.war_chest.text import unit_name

NAMES = ["Maximiliaan van Oldenbarnevelt", "Koninklijke Wachter (AI)", "carol", "Dave the Great (AI)"]
Box = tuple[float, float, float, float]


@cache
def positions(players: int, setup: str) -> list[tuple[str, Any, int | None]]:
    """(stage, state, seat to move) at the start, in the draft (when drafted), in the middle and at
    the end of a random game that someone wins."""
    import copy

    for seed in range(200):
        state = ENGINE.start(players, {"setup": setup}, seed)
        rnd = random.Random(seed)
        out: list[tuple[str, Any, int | None]] = [("start", copy.deepcopy(state), min(ENGINE.pending(state)))]
        steps = 0
        while pend := ENGINE.pending(state):
            seat = rnd.choice(sorted(pend))
            if steps in (3, 90):
                out.append(("middle", copy.deepcopy(state), seat))
            ENGINE.apply(state, seat, rnd.choice(ENGINE.legal(state, seat)))
            steps += 1
        if state.winner is not None:
            return out + [("final", state, None)]
    raise AssertionError("no random game was won")


def cases() -> list[tuple[int, str, str]]:
    return [(players, setup, lang) for players in (2, 4) for setup in ("basic", "draft") for lang in ("en", "nl")]


def _inside(box: Box, outer: Box) -> bool:
    return (
        box[0] >= outer[0] - 0.5 and box[1] >= outer[1] - 0.5 and box[2] <= outer[2] + 0.5 and box[3] <= outer[3] + 0.5
    )


def _in_polygon(point: tuple[float, float], polygon: list[list[float]]) -> bool:
    """A point inside a convex polygon (corners in either order)."""
    signs = set()
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) <= 1


def _corners(box: list[float]) -> list[tuple[float, float]]:
    return [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]


def _check(sc: Scene, view: dict[str, Any], lang: str, names: list[str]) -> None:
    assert overflows(sc) == []
    for item in sc.texts():
        assert _inside(tuple(item["extent"]), (0, 0, sc.width, sc.height)), item["source"]
    sources = [t["source"] for t in sc.texts()]
    places = sc.places()
    assert all(p.split(":")[0] in ("hex", "unit", "coin", "supply", "draft") for p in places), "only real places"
    hexes = {it["place"][4:]: it for it in sc.items if it.get("place", "").startswith("hex:")}
    assert set(hexes) == set(view["hexes"])
    for name in hexes:
        assert name in sources, f"hex {name} has no readable coordinate"
    for unit in view["units"]:
        where = unit["hex"]
        label = next(t for t in sc.texts() if t["source"] == unit_name(unit["unit"], lang))
        assert label["size"] >= 10, f"{label['source']} is set too small to read"
        assert f"unit:{where}" in places
        shapes = [it for it in sc.items if it.get("place") == f"unit:{where}"]
        corners = [c for it in shapes for c in _corners(it["box"])]
        polygon = hexes[where]["points"]
        assert all(_in_polygon(c, polygon) for c in corners), f"the unit on {where} pokes out of its hex"
        # the coordinate stays clear of the unit
        coordinate = next(t for t in sc.texts() if t["source"] == where)
        x0, y0, x1, y1 = coordinate["extent"]
        for it in shapes:
            b = it["box"]
            assert x1 <= b[0] or b[2] <= x0 or y1 <= b[1] or b[3] <= y0, f"the unit on {where} hides its coordinate"
        if where in view["locations"]:
            # the location's ring (circles about the hex's centre) stays visible around the unit
            cx = sum(p[0] for p in polygon) / 6
            cy = sum(p[1] for p in polygon) / 6
            rings = [
                (it["box"][2] - it["box"][0]) / 2
                for it in sc.items
                if it["kind"] == "ellipse"
                and abs((it["box"][0] + it["box"][2]) / 2 - cx) < 0.5
                and abs((it["box"][1] + it["box"][3]) / 2 - cy) < 0.5
            ]
            assert len(rings) == 2, f"the location {where} has its ring"
            assert all(math.dist(c, (cx, cy)) < min(rings) for c in corners), f"the unit on {where} hides the ring"
    if view["phase"] == "over":
        winners = view["winners"]
        assert winners
        assert all(any(names[s] in text for text in sources) for s in winners), "the winner is named"


@pytest.mark.parametrize(("players", "setup", "lang"), cases())
def test_every_position_draws_whole_texts_places_and_units_inside_their_hexes(
    players: int, setup: str, lang: str
) -> None:
    names = NAMES[:players]
    for stage, state, seat in positions(players, setup):
        for viewer in {seat, None}:
            view = ENGINE.view(state, viewer)
            sc = picture.scene(view, lang, names)
            _check(sc, view, lang, names)
            if seat is not None and viewer == seat:
                places = sc.places()
                for action in ENGINE.legal(state, seat):
                    missing = [p for p in picture.places_of(action) if p not in places]
                    assert not missing, f"{stage}: {action} names {missing}, not on the picture"
        assert stage != "final" or view["winners"]


def test_a_draft_shows_the_cards_on_the_table_as_places() -> None:
    stage, state, seat = next(p for p in positions(2, "draft") if p[0] == "middle")
    assert state.phase == "draft" and seat is not None
    sc = picture.scene(ENGINE.view(state, seat), "nl", NAMES[:2])
    pool = ENGINE.view(state, seat)["draft"]["pool"]
    assert pool and all(f"draft:{card}" in sc.places() for card in pool)
    assert "Eenheidskaarten op tafel:" in [t["source"] for t in sc.texts()]


def test_a_stalemate_says_there_is_no_winner() -> None:
    for seed in range(50):
        state = ENGINE.start(2, {}, seed)
        rnd = random.Random(seed)
        while pend := ENGINE.pending(state):
            seat = rnd.choice(sorted(pend))
            ENGINE.apply(state, seat, rnd.choice(ENGINE.legal(state, seat)))
        if state.winner is None:
            break
    sources = " ".join(t["source"] for t in picture.scene(ENGINE.view(state, None), "en", NAMES[:2]).texts())
    assert "stalemate, no winner" in sources


def test_every_mark_is_explained_in_both_languages() -> None:
    _, state, _ = positions(2, "basic")[0]
    for lang, words in (
        ("en", ["location, not controlled", "location of Raven", "location of Wolf", "×2: it holds 2 coins"]),
        ("nl", ["bolwerk, niet bezet", "bolwerk van Raaf", "bolwerk van Wolf", "×2: ze heeft 2 munten"]),
    ):
        text = " ".join(t["source"] for t in picture.scene(ENGINE.view(state, None), lang, NAMES[:2]).texts())
        assert all(w in text for w in words), lang


def test_the_long_dutch_names_are_whole_on_the_board() -> None:
    """Boogschutter, Kruisboogschutter and Koninklijke Garde were cut to "Boogschutt." and the like."""
    from tests.games.war_chest.helpers import game, place

    st = game(
        ["Archer", "Crossbowman", "Royal Guard", "Light Cavalry"],
        ["Warrior Priest", "Swordsman", "Footman", "Marshall"],
    )
    for kind, where in (
        ("Archer", "-1,-2"),
        ("Crossbowman", "0,0"),
        ("Royal Guard", "2,-3"),
        ("Light Cavalry", "1,-1"),
    ):
        place(st, 0, kind, where)
    for kind, where in (("Warrior Priest", "1,2"), ("Swordsman", "-2,3"), ("Footman", "2,0"), ("Marshall", "-1,1")):
        place(st, 1, kind, where, height=3)
    for lang in ("en", "nl"):
        view = ENGINE.view(st, 0)
        sc = picture.scene(view, lang, NAMES[:2])
        _check(sc, view, lang, NAMES[:2])
        drawn = {" ".join(t["lines"]) for t in sc.texts()}
        for unit in view["units"]:
            assert unit_name(unit["unit"], lang) in drawn


def test_render_draws_the_scene_as_a_png() -> None:
    _, state, _ = positions(4, "basic")[-1]
    png = picture.render(ENGINE.view(state, None), "nl", NAMES)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
