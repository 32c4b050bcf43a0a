"""Menus name an intersection by its number and the hexes around it, a path by its two ends, on
the beginner board (rules §3.6, Appendix A); set-up builds, which are free, show no price."""

from __future__ import annotations

from typing import Any

import pytest

from games.cities_knights.engine import ENGINE
from games.core import Action

NAMES = ["ann", "bob", "cy"]
# Appendix A with the §3.6 terrain, numbers and harbours, hexes in reading order
SPOTS = {
    "en": {
        "0,-2,N": "#0: 10 ore, harbour 3:1",
        "1,-2,N": "#1: 2 wool, harbour wool 2:1",
        "2,-2,N": "#2: 9 lumber, sea",
        "0,0,N": "#18: 6 brick, 4 wool, desert",
        "2,1,N": "#32: 8 ore, harbour 3:1",
        "1,0,S": "#36: 3 lumber, 4 grain, 5 wool",
    },
    "nl": {
        "0,-2,N": "#0: 10 erts, haven 3:1",
        "1,-2,N": "#1: 2 wol, haven wol 2:1",
        "2,-2,N": "#2: 9 hout, zee",
        "0,0,N": "#18: 6 steen, 4 wol, woestijn",
        "2,1,N": "#32: 8 erts, haven 3:1",
        "1,0,S": "#36: 3 hout, 4 graan, 5 wol",
    },
}
# the three paths from #18 (0,0,N): to #13 (1,-2,S), #23 (0,-1,S) and #24 (1,-1,S)
ROADS = {
    "en": {
        "path 13–18 (#13: 2 wool, 6 brick, 4 wool; #18: 6 brick, 4 wool, desert)",
        "path 18–23 (#18: 6 brick, 4 wool, desert; #23: 6 brick, 11 lumber, desert)",
        "path 18–24 (#18: 6 brick, 4 wool, desert; #24: 4 wool, desert, 3 lumber)",
    },
    "nl": {
        "pad 13–18 (#13: 2 wol, 6 steen, 4 wol; #18: 6 steen, 4 wol, woestijn)",
        "pad 18–23 (#18: 6 steen, 4 wol, woestijn; #23: 6 steen, 11 hout, woestijn)",
        "pad 18–24 (#18: 6 steen, 4 wol, woestijn; #24: 4 wol, woestijn, 3 hout)",
    },
}


def beginner() -> Any:
    return ENGINE.start(3, {"layout": "beginner", "random_seats": False}, 1)


def labels(state: Any, seat: int, lang: str) -> list[tuple[Action, list[str]]]:
    view = {**ENGINE.view(state, seat), "names": NAMES}
    return [(a, ENGINE.action_path(view, a, lang)) for a in ENGINE.legal(state, seat)]


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_an_intersection_is_named_with_the_hexes_around_it(lang: str) -> None:
    state = beginner()
    named = {a["vertex"]: path[-1] for a, path in labels(state, 0, lang)}
    for vertex, label in SPOTS[lang].items():
        assert named[vertex] == label


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_path_names_both_ends_with_their_hexes(lang: str) -> None:
    state = beginner()
    ENGINE.apply(state, 0, {"type": "build_settlement", "vertex": "0,0,N"})
    roads = labels(state, 0, lang)
    assert {path[-1] for _, path in roads} == ROADS[lang]
    assert all(len(" › ".join(path)) <= 100 for _, path in roads)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_set_up_builds_show_no_price(lang: str) -> None:
    state = beginner()
    pieces = {"en": ("settlement", "road", "city"), "nl": ("nederzetting", "weg", "stad")}[lang]
    seen: set[str] = set()
    steps = 0
    while ENGINE.view(state, None)["phase"] == "setup":
        seat = next(iter(ENGINE.pending(state)))
        options = labels(state, seat, lang)
        for _, path in options:
            assert path[1] in pieces, path  # "road", never "road (1 lumber, 1 brick)"
            seen.add(path[1])
        status = ENGINE.status_lines(ENGINE.view(state, seat), lang, NAMES, seat)
        assert not [line for line in status if "issing" in line or "ekort" in line], status
        ENGINE.apply(state, seat, options[steps % len(options)][0])
        steps += 1
    assert seen == set(pieces)
    # once the set-up is over, what a build lacks is said again (three cards pay no settlement)
    status = ENGINE.status_lines(ENGINE.view(state, 0), lang, NAMES, 0)
    assert [line for line in status if line.startswith(("Missing for", "Tekort voor"))], status


def test_a_path_too_long_to_name_both_ends_names_the_hexes_it_runs_between() -> None:
    view = ENGINE.view(beginner(), 0)
    view["hexes"] = [{**hx, "terrain": "forest", "number": 10} for hx in view["hexes"]]
    label = ENGINE.action_path(view, {"type": "build_road", "edge": "1,-2,S|0,0,N"}, "en")[-1]
    assert label == "path 13–18 (10 lumber, 10 lumber)"
