"""The Im Schutze der Burg board, checked from its scene: every position of seeded random games
(summer and winter) at the smallest and largest player counts, in both languages, with long names
and AI labels. No text runs out of its box or is cut, every place a legal action points at is on
the board, towers and houses are named in words, and a finished game names its winners."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games import scene_png
from games.burg import picture as P
from games.burg.engine import ENGINE as E
from games.scene import Scene, overflows

NAMES = [
    "Maximiliaan van Oldenbarnevelt",
    "Charlotte de la Fontaine-Beaumont (AI)",
    "bob (AI)",
    "Wilhelmina Koningin der Nederlanden",
]
LANGS = ("en", "nl")
#: (seed, winter) per player count: games in which every kind of action comes up, the winter guest too
GAMES = {2: ((1, True),), 4: ((1, True),)}


def texts(scene: Scene) -> str:
    return "\n".join(item["source"] for item in scene.texts())


def inside(inner: list[float], outer: list[float]) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


def check(scene: Scene) -> None:
    assert overflows(scene) == []
    whole = [0.0, 0.0, float(scene.width), float(scene.height)]
    for item in scene.items:
        if item["kind"] == "text":
            assert inside(item["extent"], whole), item["source"]
        elif item["kind"] in ("rect", "ellipse"):
            assert inside(item["box"], whole), item
    # a helper space lies on its building, a worker card's pieces on the card
    shapes = {item["place"]: item["box"] for item in scene.items if "place" in item and "box" in item}
    for place, box in shapes.items():
        if place.startswith("space:") and place != "space:winter_guest":
            assert any(inside(box, b) for p, b in shapes.items() if p.startswith("building:")), place
        assert scene.places()[place], f"{place} has no title"
    words = texts(scene)
    # towers and houses are named, not "LT1", "ST1", "H1"; nothing ends in a cut word or a dash
    assert not re.search(r"\b(GT|KT|LT|ST|H)\d\b", words), words
    assert "…" not in words and ": -" not in words


def positions(players: int, seed: int, winter: bool) -> list[Any]:
    """Every position of one random game, as dumps."""
    rnd = random.Random(seed)
    st = E.start(players, {"winterEnabled": winter}, seed)
    out = [E.dump(st)]
    while pend := E.pending(st):
        seat = rnd.choice(sorted(pend))
        E.apply(st, seat, rnd.choice(E.legal(st, seat)))
        out.append(E.dump(st))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_every_position_fits_and_shows_every_place_the_menus_name(players: int) -> None:
    names = NAMES[:players]
    seen: set[str] = set()
    guest = False
    for seed, winter in GAMES[players]:
        dumps = positions(players, seed, winter)
        for n, dump in enumerate(dumps):
            st = E.load(dump)
            lang = LANGS[n % 2]
            for seat in sorted(E.pending(st)):
                scene = P.scene(E.view(st, seat), lang, names)
                check(scene)
                places = scene.places()
                for action in E.legal(st, seat):
                    seen.add(action["type"])
                    guest |= action.get("space") == "winter_guest"
                    missing = [p for p in P.places_of(action) if p not in places]
                    assert not missing, f"{action} points at {missing}, not on the board"
            if n in (0, len(dumps) // 2, len(dumps) - 1):
                for both in LANGS:
                    check(P.scene(E.view(st, None), both, names))
    kinds = {"select", "equip", "place_trader", "pass", "watchtower", "buy", "build", "place_helper", "done"}
    assert seen == kinds and guest


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_game_names_its_winner(players: int, lang: str) -> None:
    names = NAMES[:players]
    st = E.load(positions(players, 3, False)[-1])
    result = E.result(st)
    assert result is not None and result.winners
    scene = P.scene(E.view(st, None), lang, names)
    check(scene)
    words = texts(scene)
    for seat in result.winners:
        assert names[seat] in words
    assert ("Winner" if lang == "en" else "Winnaar") in words
    assert scene_png.render(scene)[:4] == b"\x89PNG"


def test_towers_houses_and_helper_spaces_are_named_as_the_menus_name_them() -> None:
    st = E.start(4, {}, 1)
    scene = P.scene(E.view(st, 0), "en", NAMES)
    words = texts(scene)
    assert "Large tower · 10 VP, value 12" in words and "House · 6 VP, value 8" in words
    assert "VP: victory points." in words
    titles = scene.places()
    assert titles["building:house_3"].startswith("House 3: 6 VP, value 8")
    assert titles["space:palace_a"].startswith("Palace A: 17 taler")
    nl = P.scene(E.view(st, 0), "nl", NAMES)
    assert "WP: winstpunten." in texts(nl)
    assert nl.places()["building:tower_small_2"].startswith("Kleine toren 2: 8 WP, waarde 10")


def test_the_places_of_an_action() -> None:
    assert P.places_of({"type": "select", "cards": ["trader", "worker_1"]}) == ["card:trader", "card:worker_1"]
    assert P.places_of({"type": "equip", "resources": ["sand", "sand"]}) == ["supply:sand"]
    assert P.places_of({"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"}) == [
        "worker:1:worker_2:wood"
    ]
    assert P.places_of({"type": "place_helper", "space": "keep", "from": "cart_wood"}) == [
        "space:keep",
        "field:cart_wood",
    ]
    assert P.places_of({"type": "done"}) == []


@pytest.mark.parametrize("players", [2, 4])
def test_the_board_keeps_its_size_through_a_game(players: int) -> None:
    """A replay's frames are alike in size while the game goes on; the final picture is taller by
    its score panel (a replay sets every frame on the largest one's size)."""
    dumps = positions(players, 1, True)
    public = {P.scene(E.view(E.load(d), None), "en", NAMES[:players]).height for d in dumps[:-1:3]}
    seat = {P.scene(E.view(E.load(d), 0), "nl", NAMES[:players]).height for d in dumps[:-1:3]}
    assert len(public) == 1 and len(seat) == 1
    final = P.scene(E.view(E.load(dumps[-1]), None), "en", NAMES[:players])
    assert final.height > next(iter(public)) and "Final score" in [t["source"] for t in final.texts()]
