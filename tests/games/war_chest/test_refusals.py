"""Refusals name the rule they apply, in English and Dutch, for every code the engine raises; and
``legal`` lists exactly what ``apply`` accepts among the actions of a turn."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from games.core import IllegalAction
from games.war_chest import data as D
from games.war_chest.engine import ENGINE
from games.war_chest.state import WarChestState
from tests.games.playout import assert_rejects_cleanly
from tests.games.war_chest.helpers import game, give_hand, place, turn_to

A = ["Archer", "Knight", "Cavalry", "Pikeman"]
B = ["Lancer", "Scout", "Swordsman", "Mercenary"]


def test_every_refusal_code_has_a_rule_text_in_both_languages() -> None:
    src = (Path(__file__).parents[3] / "games" / "war_chest" / "engine.py").read_text()
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', src))
    assert {"not_adjacent", "coin_not_in_hand", "not_your_location", "illegal_action"} <= codes
    for code in sorted(codes):
        exc = IllegalAction(code, "plain reason")
        en, nl = ENGINE.describe_refusal(exc, "en"), ENGINE.describe_refusal(exc, "nl")
        assert en and nl and en != nl, code


def _position() -> WarChestState:
    st = game(A, B)
    place(st, 0, "Knight", "0,-1", 1)
    place(st, 1, "Swordsman", "0,1", 1)
    give_hand(st, 0, ["Knight", "Archer", "royal"])
    turn_to(st, 0)
    return st


def test_refusals_say_which_rule() -> None:
    st = _position()
    cases = {
        "not_adjacent": {"type": "move", "coin": "Knight", "to": "0,2"},
        "hex_occupied": {"type": "deploy", "coin": "Archer", "to": "0,-1"},
        "not_your_location": {"type": "deploy", "coin": "Archer", "to": "0,0"},
        "coin_not_in_hand": {"type": "bolster", "coin": "Cavalry"},
        "not_on_board": {"type": "bolster", "coin": "Archer"},
        "no_enemy": {"type": "attack", "coin": "Knight", "target": "0,-2"},
        "not_a_location": {"type": "control", "coin": "Knight"},
        "royal_coin": {"type": "deploy", "coin": "royal", "to": "2,-3"},
    }
    for code, action in cases.items():
        exc = assert_rejects_cleanly(ENGINE, st, 0, action)
        assert exc.code == code, (action, exc.code)
        assert "§" in (ENGINE.describe_refusal(exc, "en") or "")


def turn_candidates(st: WarChestState, seat: int) -> list[dict[str, Any]]:
    """Every action of a turn's main families, from the grammar alone (tactics left out)."""
    coins = list(D.UNIT_NAMES)
    hexes = [D.HEX_NAMES[h] for h in D.BOARDS[st.players].hexes]
    out: list[dict[str, Any]] = []
    for coin in coins:
        out += [{"type": t, "coin": coin} for t in ("bolster", "control", "pass", "claim_initiative")]
        out += [{"type": "deploy", "coin": coin, "to": h} for h in hexes]
        out += [{"type": "move", "coin": coin, "to": h} for h in hexes]
        out += [{"type": "attack", "coin": coin, "target": h} for h in hexes]
        out += [{"type": "recruit", "coin": coin, "unit": u} for u in coins[:-1]]
    return out


def test_legal_equals_accepted_for_turn_actions() -> None:
    families = {"bolster", "control", "pass", "claim_initiative", "deploy", "move", "attack", "recruit"}
    checked = 0
    for seed in (1, 2, 3):
        rnd = random.Random(seed)
        st = ENGINE.start(2, {}, seed)
        for step in range(160):
            seat = min(ENGINE.pending(st), default=None)
            if seat is None:
                break
            if step % 16 == 0 and ENGINE.pending(st)[seat].kind == "turn":
                legal = [a for a in ENGINE.legal(st, seat) if a["type"] in families and "at" not in a]
                cands = turn_candidates(st, seat)
                assert all(a in cands for a in legal)
                for action in cands:
                    try:
                        ENGINE.apply(ENGINE.clone(st), seat, action)
                        ok = True
                    except IllegalAction:
                        ok = False
                    assert ok == (action in legal), action
                checked += 1
            ENGINE.apply(st, seat, rnd.choice(ENGINE.legal(st, seat)))
    assert checked >= 10
