"""Build and improvement menus show each price; the private view says what is missing."""

from __future__ import annotations

from games.cities_knights import text as X
from games.cities_knights.engine import ENGINE
from tests.games.cities_knights.helpers import position


def _paths(st, lang: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    view = ENGINE.view(st, 0)
    return {a["type"]: X.action_path(view, a, lang) for a in ENGINE.legal(st, 0)}


def test_build_options_carry_their_price_in_both_languages() -> None:
    hand = {"ore": 4, "grain": 3, "wool": 2, "lumber": 1, "brick": 1, "paper": 3}
    st = position(3, cities={0: ["0,-1,S"]}, settlements={0: ["1,0,S"]}, hands={0: hand}, turn=0)
    en, nl = _paths(st, "en"), _paths(st, "nl")
    assert en["build_city"][1] == "city (2 grain, 3 ore)"
    assert nl["build_city"][1] == "stad (2 graan, 3 erts)"
    assert en["buy_improvement"][2] == "science (1 paper)"
    assert nl["buy_improvement"][2] == "wetenschap (1 papier)"
    assert en["build_road"][1] == "road (1 lumber, 1 brick)"


def test_the_private_view_says_what_is_missing_and_nothing_when_all_can_be_paid() -> None:
    st = position(3, cities={0: ["0,-1,S"]}, hands={0: {"ore": 2, "grain": 2, "lumber": 1, "brick": 1}}, turn=0)
    en = X.status_lines(ENGINE.view(st, 0), "en", ["ann", "bob", "cy"], 0)
    nl = X.status_lines(ENGINE.view(st, 0), "nl", ["ann", "bob", "cy"], 0)
    assert "Missing for a settlement: 1 wool; missing for a city: 1 ore; missing for a knight: 1 wool" in en
    assert "Tekort voor een nederzetting: 1 wol; tekort voor een stad: 1 erts; tekort voor een ridder: 1 wol" in nl
    rich = position(3, hands={0: {"ore": 3, "grain": 2, "lumber": 1, "brick": 1, "wool": 1}}, turn=0)
    assert not [x for x in X.status_lines(ENGINE.view(rich, 0), "en", ["a", "b", "c"], 0) if "issing" in x]
    public = X.status_lines(ENGINE.view(st, None), "en", ["ann", "bob", "cy"], None)
    assert not [x for x in public if "issing" in x]


def test_a_free_road_shows_no_price() -> None:
    st = position(3, settlements={0: ["1,0,S"]}, turn=0)
    st.tasks.insert(0, {"k": "road_building", "seat": 0})
    view = ENGINE.view(st, 0)
    roads = [X.action_path(view, a, "en") for a in ENGINE.legal(st, 0) if a["type"] == "build_road"]
    assert roads and all(p[1] == "road" for p in roads)
