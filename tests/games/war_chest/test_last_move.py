"""The last move on the War Chest picture: after each kind of action exactly the places it changed
carry ``"mark": "last"`` (the unit deployed or bolstered, the location taken, the hex a unit left
and the unit where it arrived, attacker and target, the supply row a recruit or a drafted card
changed), a face-down action marks nothing and never names its coin, and the caption says the
move in the reader's language."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.war_chest import picture
from games.war_chest.engine import ENGINE
from tests.games.marks import assert_marks, marked
from tests.games.war_chest.helpers import act, game, give_hand, place, turn_to

NAMES = ["Bram", "Anna", "Cleo", "Dirk"]
#: action kinds whose marks are checked exactly, and those that mark nothing
EXACT = ("deploy", "bolster", "control", "move", "attack", "recruit", "draft")
UNMARKED = ("claim_initiative", "pass")


def _unit_hex(view: dict[str, Any], seat: int, unit: str | None) -> str | None:
    found = [u["hex"] for u in view["units"] if u["owner"] == seat and u["unit"] == unit]
    return found[0] if len(found) == 1 else None


def expected(action: dict[str, Any], seat: int, before: dict[str, Any], after: dict[str, Any], viewer: Any) -> Any:
    """What a move must mark, from the action and the board before and after it (None: not checked
    exactly); a hex whose unit is gone is marked as the hex."""
    standing = {u["hex"] for u in after["units"]}

    def unit_or_hex(where: str) -> str:
        return f"unit:{where}" if where in standing else f"hex:{where}"

    typ = action["type"]
    # the acting unit: named by the action, by its coin, or by the follow-up asked (a Cavalry's attack)
    asked = before["pending"][0] if before["pending"] else {}
    here = action.get("at") or (_unit_hex(before, seat, action.get("coin")) if "coin" in action else asked.get("at"))
    if typ == "deploy":
        return {f"unit:{action['to']}"}
    if typ == "bolster" and here:
        return {f"unit:{here}"}
    if typ == "control" and here:
        return {f"hex:{here}"}
    if typ == "move" and here:
        return {f"hex:{here}", unit_or_hex(action["to"])}
    if typ == "attack" and here:
        return {unit_or_hex(here), unit_or_hex(action["target"])}
    if typ in ("recruit", "draft"):
        return {f"supply:{action['unit']}" if viewer == seat else f"supply:{seat}:{action['unit']}"}
    if typ in UNMARKED:
        return set()
    return None


@pytest.mark.parametrize(("players", "setup"), [(2, "basic"), (2, "draft"), (4, "basic"), (4, "draft")])
def test_each_kind_of_action_marks_exactly_the_places_it_changed(players: int, setup: str) -> None:
    checked: dict[str, int] = {}
    for seed in range(6):
        state = ENGINE.start(players, {"setup": setup}, seed)
        rnd = random.Random(seed)
        for _ in range(260):
            pending = ENGINE.pending(state)
            if not pending:
                break
            seat = rnd.choice(sorted(pending))
            action = rnd.choice(ENGINE.legal(state, seat))
            before = ENGINE.view(state, None)
            ENGINE.apply(state, seat, action)
            typ = action["type"]
            if typ == "tactic":
                _check_tactic(state, seat, action, before)
            if typ not in EXACT + UNMARKED or checked.get(typ, 0) >= 6:
                continue
            if expected(action, seat, before, ENGINE.view(state, None), None) is None:
                continue

            checked[typ] = checked.get(typ, 0) + 1
            # a restored snapshot marks the same: the moves are part of the game's state
            again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
            for viewer, lang in ((None, "en"), (seat, "nl")):
                view = ENGINE.view(again, viewer)
                sc = picture.scene(view, lang, NAMES[:players])
                assert_marks(sc, expected(action, seat, before, view, viewer), (typ, action, viewer))
    wanted = set(EXACT + UNMARKED) - ({"draft"} if setup == "basic" else set())
    assert wanted <= set(checked), f"not every kind of action came up: {sorted(wanted - set(checked))}"


def _check_tactic(state: Any, seat: int, action: dict[str, Any], before: dict[str, Any]) -> None:
    """A tactic marks the unit that used it (or its hex, once it is gone) and what it did; the
    Footmen's tactic only opens their maneuvers, each a move of its own."""
    view = ENGINE.view(state, None)
    sc = picture.scene(view, "en", NAMES[: len(view["seats"])])
    if action.get("coin") == "Footman":
        assert marked(sc) == set() and sc.caption == f"{NAMES[seat]} uses the Footman tactic."
        return
    used = _unit_hex(before, seat, action.get("coin"))

    if used is not None:
        assert {f"unit:{used}", f"hex:{used}"} & marked(sc), (action, marked(sc))
    for key in ("to", "target"):
        if key in action:
            assert {f"unit:{action[key]}", f"hex:{action[key]}"} & marked(sc), (action, marked(sc))


def test_an_attack_marks_attacker_and_target_and_says_so_in_both_languages() -> None:
    st = game(["Cavalry", "Archer", "Knight", "Scout"], ["Swordsman", "Footman", "Mercenary", "Lancer"])
    place(st, 0, "Cavalry", "0,1")
    place(st, 1, "Swordsman", "-1,1", height=2)
    give_hand(st, 0, ["Cavalry"])
    turn_to(st, 0)
    act(st, 0, type="attack", coin="Cavalry", target="-1,1")
    en = picture.scene(ENGINE.view(st, None), "en", NAMES[:2])
    assert_marks(en, {"unit:0,1", "unit:-1,1"})
    assert en.caption == "Bram's Cavalry on 0,1 attacks Anna's Swordsman on -1,1."
    nl = picture.scene(ENGINE.view(st, 1), "nl", NAMES[:2])
    assert_marks(nl, {"unit:0,1", "unit:-1,1"})
    assert nl.caption == "Cavalerie van Bram op 0,1 valt Zwaardvechter van Anna op -1,1 aan."
    assert "Laatste zet: " + nl.caption == nl.texts()[-1]["source"]


def test_a_face_down_coin_is_never_named_and_marks_nothing() -> None:
    st = game(["Cavalry", "Archer", "Knight", "Scout"], ["Swordsman", "Footman", "Mercenary", "Lancer"])
    give_hand(st, 0, ["Knight", "Scout"])
    turn_to(st, 0)
    act(st, 0, type="pass", coin="Knight")
    for viewer in (None, 1):
        view = ENGINE.view(st, viewer)
        assert "Knight" not in json.dumps(view["moves"])
        sc = picture.scene(view, "en", NAMES[:2])
        assert marked(sc) == set() and sc.caption == "Bram passes."
    turn_to(st, 0)
    act(st, 0, type="recruit", coin="Scout", unit="Archer")

    view = ENGINE.view(st, 1)
    assert "Scout" not in json.dumps(view["moves"]), "the coin paid for a recruit lies face down"
    sc = picture.scene(view, "en", NAMES[:2])
    assert_marks(sc, {"supply:0:Archer"})
    assert sc.caption == "Bram recruits Archer."


def test_before_the_first_move_the_band_says_there_is_none() -> None:
    state = ENGINE.start(2, {}, 1)
    for lang, words in (("en", "Last move: none yet"), ("nl", "Laatste zet: nog geen")):
        sc = picture.scene(ENGINE.view(state, None), lang, NAMES[:2])
        assert marked(sc) == set() and sc.caption is None
        assert sc.texts()[-1]["source"] == words


def test_which_coin_a_face_down_action_spent_never_reaches_another_view() -> None:
    compared = 0
    for seed in range(8):
        state = ENGINE.start(2, {}, seed)
        rnd = random.Random(seed)
        while ENGINE.pending(state) and compared < 40:
            seat = rnd.choice(sorted(ENGINE.pending(state)))
            legal = ENGINE.legal(state, seat)
            for typ in ("pass", "claim_initiative", "recruit"):
                same = [a for a in legal if a["type"] == typ]
                pairs = [(a, b) for a in same for b in same if a["coin"] < b["coin"] and a.get("unit") == b.get("unit")]
                if pairs:
                    first, second = ENGINE.clone(state), ENGINE.clone(state)
                    ENGINE.apply(first, seat, pairs[0][0])
                    ENGINE.apply(second, seat, pairs[0][1])
                    for viewer in (None, 1 - seat):
                        assert ENGINE.view(first, viewer) == ENGINE.view(second, viewer), (typ, pairs[0])
                    compared += 1
            ENGINE.apply(state, seat, rnd.choice(legal))
    assert compared >= 40
