"""The Cities & Knights picture, checked from its scene: positions of seeded playouts (set-up,
middle, a won end; three and four players; both languages; long names and AI labels) draw every
text whole and inside its box, name the winner, mark every intersection, path and hex an action
names, keep every intersection's number readable beside its piece, label each hex by terrain and
resource, spell harbours out and explain every mark."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest

from games.cities_knights import data as D
from games.cities_knights import picture
from games.cities_knights.engine import ENGINE
from games.cities_knights.text import w
from games.scene import Scene, overflows

NAMES = ["Maximiliaan van Oldenbarnevelt", "Koninklijke Wachter (AI)", "carol", "Dave the Great (AI)"]
Box = tuple[float, float, float, float]
#: a random player that mostly builds, so that a game ends in a few hundred actions
BUILDS = {
    "build_city",
    "build_settlement",
    "buy_improvement",
    "build_road",
    "build_knight",
    "activate_knight",
    "build_wall",
    "promote_knight",
    "roll",
    "place_metropolis",
}


@cache
def positions(players: int) -> list[tuple[str, Any, int | None]]:
    """(stage, state, seat to move) of a seeded game: start, set-up, middle and the won end."""
    state = ENGINE.start(players, {}, players)
    rnd = random.Random(players)
    out: list[tuple[str, Any, int | None]] = []
    steps = 0
    while pend := ENGINE.pending(state):
        seat = rnd.choice(sorted(pend))
        if steps in (0, 3, 60, 200):
            out.append(("start" if steps == 0 else "set-up" if steps == 3 else "middle", copy.deepcopy(state), seat))
        acts = ENGINE.legal(state, seat)
        built = [a for a in acts if a["type"] in BUILDS]
        quiet = [a for a in acts if a["type"] not in ("offer_trade", "counter_offer", "harbor_offer")] or acts
        ENGINE.apply(state, seat, rnd.choice(built if built and rnd.random() < 0.9 else quiet))
        steps += 1
    assert state.winner >= 0
    return out + [("final", state, None)]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _box(item: dict[str, Any]) -> Box:
    if "box" in item and item["kind"] in ("rect", "ellipse"):
        return tuple(item["box"])  # type: ignore[return-value]
    xs = [p[0] for p in item["points"]]
    ys = [p[1] for p in item["points"]]
    return (min(xs), min(ys), max(xs), max(ys))


def _check(sc: Scene, view: dict[str, Any], lang: str, names: list[str]) -> None:
    assert overflows(sc) == []
    texts = sc.texts()
    for t in texts:
        x0, y0, x1, y1 = t["extent"]
        assert x0 >= 0 and y0 >= 0 and x1 <= sc.width and y1 <= sc.height, t["source"]
    # no two texts on the board cover each other
    board = [
        t for t in texts if t["extent"][2] < picture._BOARD_RIGHT and t["extent"][1] < picture.OY + 5.5 * picture.SIZE
    ]
    for i, a in enumerate(board):
        for b in board[i + 1 :]:
            assert not _overlap(tuple(a["extent"]), tuple(b["extent"])), f"{a['source']!r} covers {b['source']!r}"
    places = sc.places()
    assert all(p.split(":")[0] in ("v", "e", "h", "track") for p in places), "only the board's places"
    assert {p for p in places if p.startswith("v:")} == {f"v:{v}" for v in D.VERTEX_IDS}
    assert {p for p in places if p.startswith("e:")} == {f"e:{e}" for e in D.EDGE_IDS}
    assert {p for p in places if p.startswith("h:")} == {f"h:{h}" for h in D.HEX_IDS}
    # every intersection's number is drawn, clear of every piece on the board
    pieces = [_box(it) for it in sc.items if it.get("place", "").startswith("v:") and it["kind"] in ("rect", "polygon")]
    pieces += [
        _box(it)
        for it in sc.items
        if it.get("place", "").startswith("v:") and it["kind"] == "ellipse" and it["box"][2] - it["box"][0] > 20
    ]
    for t in board:
        assert not any(_overlap(tuple(t["extent"]), p) for p in pieces), f"{t['source']!r} is under a piece"
    numbers = {t["source"]: t for t in texts if t["source"].isdigit() and t["size"] == 11}
    for v in D.VERTEX_IDS:
        label = numbers.get(str(D.VERTEX_INDEX[v]))
        assert label is not None, f"intersection {D.VERTEX_INDEX[v]} has no number"
        assert not any(_overlap(tuple(label["extent"]), p) for p in pieces), f"{label['source']} is under a piece"
    # each land hex is named by its terrain and the resource it yields, inside the hex
    for hx in view["hexes"]:
        polygon = next(it for it in sc.items if it.get("place") == f"h:{hx['id']}")
        x0, y0, x1, y1 = _box(polygon)
        inside = {
            t["source"]
            for t in texts
            if x0 <= t["extent"][0] and t["extent"][2] <= x1 and y0 <= t["extent"][1] and t["extent"][3] <= y1
        }
        assert w(lang, hx["terrain"]) in inside
        resource, _ = D.TERRAIN_YIELD[hx["terrain"]]
        if resource >= 0:
            assert w(lang, D.KINDS[resource]) in inside
    # harbours are spelled out: "3:1" or "<resource> 2:1"
    spelled = {"3:1"} | {f"{w(lang, k)} 2:1" for k in ("lumber", "brick", "wool", "grain", "ore")}
    harbours = [t["source"] for t in board if t["source"].endswith(":1")]
    assert len(harbours) == 9 and set(harbours) <= spelled
    if view.get("winner") is not None:
        assert any(
            names[view["winner"]] in t["source"] and ("wins" in t["source"] or "wint" in t["source"]) for t in texts
        )


@pytest.mark.parametrize(("players", "lang"), [(3, "en"), (3, "nl"), (4, "en"), (4, "nl")])
def test_every_position_draws_whole_texts_every_place_and_readable_numbers(players: int, lang: str) -> None:
    names = NAMES[:players]
    for stage, state, seat in positions(players):
        for viewer in {seat, None}:
            view = ENGINE.view(state, viewer)
            sc = picture.scene(view, lang, names)
            _check(sc, view, lang, names)
            if viewer is not None:
                places = sc.places()
                for action in ENGINE.legal(state, viewer):
                    missing = [p for p in picture.places_of(action) if p not in places]
                    assert not missing, f"{stage}: {action} names {missing}, not on the picture"


def test_every_mark_is_explained_in_both_languages() -> None:
    _, state, _ = positions(4)[-1]
    for lang, words in (
        (
            "en",
            [
                "intersection 12",
                "city wall",
                "metropolis",
                "knight: dots = strength",
                "robber",
                "merchant:",
                "harbour 3:1",
            ],
        ),
        (
            "nl",
            ["kruispunt 12", "stadsmuur", "metropool", "ridder: stippen = kracht", "rover", "handelaar:", "haven 3:1"],
        ),
    ):
        text = " ".join(t["source"] for t in picture.scene(ENGINE.view(state, None), lang, NAMES).texts())
        assert all(word in text for word in words), lang
        assert " LR" not in text and "Def " not in text


def test_titles_are_spelled_out() -> None:
    """ "LR", "M" and "Def 2" were drawn unexplained beside the players."""
    _, state, _ = positions(3)[-1]
    view = ENGINE.view(state, None)
    view["longest_road"], view["merchant_owner"] = 0, 0
    view["players"][0]["defenders"] = 2
    for lang, words in (
        ("en", ["Longest Road (+2)", "Merchant (+1)", "Defender of Catan ×2"]),
        ("nl", ["Langste weg (+2)", "Handelaar (+1)", "Verdediger van Catan ×2"]),
    ):
        text = " ".join(t["source"] for t in picture.scene(view, lang, NAMES[:3]).texts())
        assert all(word in text for word in words), lang


def test_the_dice_say_whose_roll_they_are() -> None:
    """Before the player to move rolls, the dice on the picture are the previous turn's."""
    state = next(s for stage, s, _ in positions(3) if stage == "middle")
    view = ENGINE.view(state, None)
    view["dice"] = {"red": 2, "yellow": 5, "event": "ship", "alchemist": False}
    view["phase"] = "roll"
    text = " ".join(t["source"] for t in picture.scene(view, "en", NAMES[:3]).texts())
    assert "Previous turn's roll: red 2 + yellow 5 = 7" in text
    view["phase"] = "main"
    text = " ".join(t["source"] for t in picture.scene(view, "nl", NAMES[:3]).texts())
    assert f"{NAMES[view['turn']]} gooide: rood 2 + geel 5 = 7" in text


def test_render_draws_the_scene_as_a_png() -> None:
    _, state, _ = positions(4)[-1]
    assert picture.render(ENGINE.view(state, 0), "nl", NAMES)[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_number_stays_readable_when_every_intersection_is_taken() -> None:
    """Walled cities (some metropolises) on every upper corner, mighty knights on every lower one,
    a road on every path: each intersection's number still stands clear beside its piece."""
    _, state, _ = positions(4)[2]
    view = ENGINE.view(state, None)
    view["buildings"] = {
        v: {"owner": i % 4, "kind": "city", "wall": True, "metropolis": "trade" if i % 3 == 0 else None}
        for i, v in enumerate(D.VERTEX_IDS)
        if v.endswith(",N")
    }
    view["knights"] = {
        v: {"owner": i % 4, "level": 3, "active": i % 2 == 0, "ready": False, "promoted": False}
        for i, v in enumerate(D.VERTEX_IDS)
        if v.endswith(",S")
    }
    view["roads"] = {e: i % 4 for i, e in enumerate(D.EDGE_IDS)}
    view["merchant"], view["merchant_owner"] = view["robber"], 2
    for lang in ("en", "nl"):
        _check(picture.scene(view, lang, NAMES), view, lang, NAMES)
