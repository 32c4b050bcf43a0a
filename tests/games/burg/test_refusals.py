"""Refusals name the rule they apply, in English and Dutch; every refusal code the engine can
raise has such a text."""

from __future__ import annotations

import re
from pathlib import Path

from games.burg.engine import ENGINE
from games.core import IllegalAction
from tests.games.burg.helpers import act, acting, empty_tower, new_game, select, set_res, set_taler, to_tower
from tests.games.playout import assert_rejects_cleanly


def _raised_codes() -> set[str]:
    src = (Path(__file__).parents[3] / "games" / "burg" / "engine.py").read_text()
    return set(re.findall(r'_illegal\(\s*"([a-z_]+)"', src))


def test_every_refusal_code_has_a_rule_text_in_both_languages() -> None:
    codes = _raised_codes()
    assert {"helper_limit", "already_bought", "bad_payment", "field_closed", "unchanged"} <= codes
    for code in sorted(codes):
        exc = IllegalAction(code, "plain reason")
        en, nl = ENGINE.describe_refusal(exc, "en"), ENGINE.describe_refusal(exc, "nl")
        assert en and nl and en != nl, code


def test_a_third_castle_helper_names_the_two_helper_rule() -> None:
    """2 players: seat 0's Bricklayer builds and places two helpers; its Stonemason is next."""
    s = new_game(2)
    empty_tower(s)
    to_tower(s, clay=1)
    set_res(s, 0, sand=2, wood=1)
    set_taler(s, 0, 20)
    select(s, {0: ["bricklayer", "stonemason"], 1: ["worker_2", "worker_3"]})
    act(s, 0, "watchtower", resource="clay")
    act(s, 0, "build", building="house_1", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "place_helper", space="market_a", **{"from": "supply"})
    act(s, 0, "place_helper", space="forge_6", **{"from": "supply"})
    assert acting(s) == (0, "buy")  # the Stonemason's action has begun
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "place_helper", "space": "forge_10", "from": "supply"})
    assert exc.code == "helper_limit"
    assert "At most 2 castle helpers per action" in (ENGINE.describe_refusal(exc, "en") or "")
    assert "Hoogstens 2 werkers in de burcht per actie" in (ENGINE.describe_refusal(exc, "nl") or "")


def test_a_second_purchase_from_one_worker_card_names_the_rule() -> None:
    s = ENGINE.start(4, {}, 0)
    set_taler(s, 0, 5)
    select(s, {0: "stonemason", 1: "worker_2", 2: "worker_3", 3: "messenger"})
    assert acting(s) == (0, "buy")
    act(s, 0, "buy", owner=1, card="worker_2", resource="clay")
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"})
    assert exc.code == "already_bought"
    # once buying is over (building begun), the same answer, not a generic "wrong step"
    act(s, 0, "buy", owner=2, card="worker_3", resource="silver")
    assert acting(s) == (0, "build")
    exc = assert_rejects_cleanly(ENGINE, s, 0, {"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"})
    assert exc.code == "already_bought"
    assert "one piece from each worker card" in (ENGINE.describe_refusal(exc, "en") or "")
    assert "§6.4" in (ENGINE.describe_refusal(exc, "nl") or "")
