"""Presentation: menu paths, event lines, prompts, status lines and the picture, in en and nl."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.war_chest.engine import ENGINE
from games.war_chest.text import describe_event
from tests.games.playout import random_playout

NAMES = ["Ann", "Bob", "Cas", "Dirk"]
SILENT: set[str] = set()  # every event has a line


def test_every_event_type_has_a_line_in_both_languages() -> None:
    seen: set[str] = set()
    for seed in range(12):
        players = 2 if seed % 2 else 4
        play = random_playout(ENGINE, players, {"setup": "draft" if seed % 3 else "basic"}, seed)
        events = ENGINE.opening_events(play.state) + play.events
        for ev in events:
            seen.add(ev["type"])
            for lang in ("en", "nl"):
                line = describe_event(ev, lang, NAMES)
                if ev["type"] not in SILENT:
                    assert line, ev
                if line:
                    assert "{" not in line and "None" not in line, line
    expected = {"deal", "flip", "draw", "drew", "refill", "round_started", "deployed", "bolstered", "recruited"}
    expected |= {"passed", "moved", "controlled", "attacked", "coin_removed", "unit_removed", "tactic", "drafted"}
    assert expected <= seen


def test_menu_paths_are_short_distinct_and_grouped() -> None:
    rnd = random.Random(3)
    for players in (2, 4):
        state = ENGINE.start(players, {"setup": "draft"}, 21)
        for _ in range(600):
            pend = ENGINE.pending(state)
            if not pend:
                break
            ((seat, prompt),) = pend.items()
            view = ENGINE.view(state, seat)
            for lang in ("en", "nl"):
                assert ENGINE.describe_prompt(view, prompt, lang)
                paths = [tuple(ENGINE.action_path(view, a, lang)) for a in ENGINE.legal(state, seat)]
                assert len(set(paths)) == len(paths)
                assert all(0 < len(label) <= 80 for p in paths for label in p)
            ENGINE.apply(state, seat, rnd.choice(ENGINE.legal(state, seat)))


def test_status_lines_and_picture() -> None:
    for players in (2, 4):
        play = random_playout(ENGINE, players, {}, 8)
        for seat in (None, 0):
            view = ENGINE.view(play.state, seat)
            for lang in ("en", "nl"):
                lines = ENGINE.status_lines(view, lang, NAMES)
                assert lines and all(isinstance(x, str) for x in lines)
                png = ENGINE.picture(view, lang, NAMES)
                assert png is not None
                img = Image.open(io.BytesIO(png))
                assert 900 <= img.width <= 1100 and img.height >= 400
        start = ENGINE.start(players, {"setup": "draft"}, 2)
        assert ENGINE.picture(ENGINE.view(start, None), "nl", NAMES)


def test_path_labels_name_the_coin_and_the_hexes() -> None:
    view: dict = {}
    path = ENGINE.action_path(view, {"type": "tactic", "coin": "Ensign", "unit": "1,0", "to": "1,1"}, "en")
    assert path == ["Tactic", "coin: Ensign", "with the unit at 1,0", "to 1,1"]
    path = ENGINE.action_path(view, {"type": "recruit", "coin": "royal", "unit": "Archer"}, "nl")
    assert path == ["Werven", "munt: Koningsmunt", "werf Boogschutter"]


SAMPLES = [
    {"type": "deal", "kind": "deal", "seat": 0, "result": "Archer", "scripted": False, "source": "rng"},
    {"type": "deal", "kind": "deal", "seat": None, "result": "Scout", "scripted": True, "source": "script"},
    {"type": "flip", "kind": "flip", "seat": 1, "result": "wolf", "scripted": False, "source": "rng"},
    {"type": "draw", "kind": "draw", "seat": 0, "result": "royal", "reason": "round", "to": [0]},
    {"type": "drew", "seat": 0, "count": 2, "reason": "round"},
    {"type": "drew", "seat": 0, "count": 1, "reason": "warrior_priest"},
    {"type": "drew", "seat": 0, "count": 0, "reason": "warrior_priest"},
    {"type": "refill", "seat": 1, "count": 4},
    {"type": "round_started", "round": 3, "initiative": 1},
    {"type": "drafted", "seat": 0, "unit": "Knight", "auto": True},
    {"type": "deployed", "seat": 0, "unit": "Knight", "at": "-1,-2"},
    {"type": "bolstered", "seat": 0, "unit": "Knight", "at": "-1,-2", "height": 2},
    {"type": "initiative_claimed", "seat": 1},
    {"type": "recruited", "seat": 1, "unit": "Warrior Priest"},
    {"type": "passed", "seat": 1},
    {"type": "tactic", "seat": 0, "unit": "Lancer", "at": "0,0"},
    {"type": "moved", "seat": 0, "unit": "Lancer", "from": "0,0", "dest": "0,1", "via": "Lancer"},
    {"type": "controlled", "seat": 0, "unit": "Knight", "at": "2,0", "faction": "raven", "previous": "wolf"},
    {"type": "attacked", "seat": 0, "unit": "Knight", "at": "0,0", "target": "0,1", "target_unit": "Pikeman"},
    {"type": "soaked", "seat": 1, "unit": "Royal Guard", "at": "0,1"},
    {"type": "coin_removed", "seat": 1, "unit": "Pikeman", "at": "0,1", "height": 0, "cause": "attack"},
    {"type": "coin_removed", "seat": 0, "unit": "Knight", "at": "0,0", "height": 1, "cause": "pikeman"},
    {"type": "unit_removed", "seat": 1, "unit": "Pikeman", "at": "0,1"},
    {"type": "berserker_paid", "seat": 0, "at": "0,0", "height": 1},
    {"type": "declined", "seat": 0, "what": "swordsman"},
    {"type": "game_won", "faction": "raven", "seats": [0, 2]},
    {"type": "stalemate", "round": 40},
]


def test_each_event_type_reads_well() -> None:
    for ev in SAMPLES:
        for lang in ("en", "nl"):
            line = describe_event(ev, lang, NAMES)
            assert line and "None" not in line and "{" not in line, (ev, lang)
    assert describe_event({"type": "attacked", **SAMPLES[18]}, "nl", NAMES).startswith("Ridder van Ann")
