"""The Battles & Builders picture, checked from its scene: positions of seeded random games at the
smallest and largest player counts, in both languages, with long names and AI labels. No text runs
out of its box or is cut, every place a legal action points at is on the picture, chips sit in their
row, dice name the round they were thrown in, and a finished game names its winners."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games import scene_png
from games.battles_builders import picture as P
from games.battles_builders.engine import ENGINE as E
from games.scene import Scene, overflows
from tests.games.battles_builders.helpers import commit, game

NAMES = [
    "Maximiliaan van Oldenbarnevelt",
    "Charlotte de la Fontaine-Beaumont (AI)",
    "bob (AI)",
    "Wilhelmina Koningin der Nederlanden",
]
LANGS = ("en", "nl")
SEEDS = {2: (1, 3), 4: (7,)}  # games in which every kind of action comes up


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
    rows = {item["place"]: item["box"] for item in scene.items if item.get("place", "").startswith("seat:")}
    for item in scene.items:
        place = item.get("place", "")
        if place.split(":")[0] in ("stock", "commit", "die"):
            assert any(inside(item["box"], row) for row in rows.values()), f"{place} lies outside every row"
    for item in scene.items:  # every place says what it is
        if "place" in item:
            assert item.get("title"), item["place"]
    # chip kinds, points and tiles are spelled out: no "11B 1I", "pts", "+3:0" or "O4"-only tiles
    words = texts(scene)
    assert not re.search(r"\b\d+(B|I|C|A|BS|K)\b", words), words
    assert not re.search(r"\b(pts|ptn)\b|[+-]\d:\d", words), words


def positions(players: int, seed: int) -> list[Any]:
    """Every position of one random game, as dumps."""
    rnd = random.Random(seed)
    st = E.start(players, {}, seed)
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
    for seed in SEEDS[players]:
        dumps = positions(players, seed)
        for n, dump in enumerate(dumps):
            st = E.load(dump)
            lang = LANGS[n % 2]
            for seat in sorted(E.pending(st)):
                scene = P.scene(E.view(st, seat), lang, names)
                check(scene)
                places = scene.places()
                for action in E.legal(st, seat):
                    seen.add(action["type"])
                    missing = [p for p in P.places_of(action) if p not in places]
                    assert not missing, f"{action} points at {missing}, not on the picture"
            if n in (0, len(dumps) // 2, len(dumps) - 1):
                for both in LANGS:
                    check(P.scene(E.view(st, None), both, names))
    assert seen == {"commit", "choose_tile", "catapult_target", "withdraw", "fresh_troops"}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_game_names_its_winner(players: int, lang: str) -> None:
    names = NAMES[:players]
    st = E.load(positions(players, 3)[-1])
    result = E.result(st)
    assert result is not None and result.winners
    scene = P.scene(E.view(st, None), lang, names)
    check(scene)
    words = texts(scene)
    for seat in result.winners:
        assert names[seat] in words
    assert ("Winner" if lang == "en" else "Winnaar") in words
    assert scene_png.render(scene)[:4] == b"\x89PNG"


def test_the_fictitious_player_can_be_the_winner_named() -> None:
    st = E.load(positions(2, 3)[-1])
    view = E.view(st, None)
    view["winners"] = [2]  # as with dummy_can_win when it scores most
    assert "Winner: the fictitious player" in texts(P.scene(view, "en", NAMES[:2]))


def test_dice_carry_the_round_they_were_thrown_in() -> None:
    # round 1 on an urban tile: both real players commit one infantry, so dice are thrown
    st = game(2, order=["U3", "O4", "U4"], draws=[["builder"] * 3, ["builder"] * 3], dice=[4, 3])
    commit(st, 0, i=1)
    commit(st, 1, i=1)
    view = E.view(st, None)
    assert view["round"] == 2 and view["phase"] == "commit"
    words = texts(P.scene(view, "en", NAMES[:2]))
    assert "Dice, round 1:" in words and "Dice, round 2:" not in words
    assert "Dobbelstenen, ronde 1:" in texts(P.scene(view, "nl", NAMES[:2]))


def test_the_seat_to_act_and_the_start_player_are_marked_in_words() -> None:
    st = game(4)
    words = texts(P.scene(E.view(st, 0), "en", NAMES))
    assert "to act" in words and "start player" in words
    assert "Round 1 of 8" in words and "Stock:" in words and "12 builders" in words


def test_a_catapult_goes_to_a_player_row_and_withdrawn_chips_to_the_commit() -> None:
    assert P.places_of({"type": "catapult_target", "seat": 1}) == ["seat:1"]
    assert P.places_of({"type": "withdraw", "chips": {"builder": 1, "cavalry": 0}}) == ["commit:builder"]
    assert P.places_of({"type": "commit", "chips": {"builder": 0, "king": 1}}) == ["stock:king"]
    assert P.places_of({"type": "fresh_troops", "dice": [0, 2]}) == ["die:0", "die:2"]
    assert P.places_of({"type": "choose_tile", "tile": "catapult"}) == ["tile:catapult"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_picture_keeps_its_size_through_a_game(players: int) -> None:
    """A replay's frames are alike in size while the game goes on; the final picture is as wide
    and taller by its score panel (a replay sets every frame on the largest one's size)."""
    dumps = positions(players, 1)
    scenes = [P.scene(E.view(E.load(d), None), "en", NAMES[:players]) for d in dumps]
    sizes = {(s.width, s.height) for s in scenes[:-1]}
    assert len(sizes) == 1
    (width, height), last = next(iter(sizes)), scenes[-1]
    assert last.width == width and last.height > height and "Final score" in texts(last)
