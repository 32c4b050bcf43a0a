"""Refusals name the rule they apply, in English and Dutch, for every code the engine raises."""

from __future__ import annotations

import re
from pathlib import Path

from games.battles_builders.engine import ENGINE
from games.core import IllegalAction
from tests.games.playout import assert_rejects_cleanly


def test_every_refusal_code_has_a_rule_text_in_both_languages() -> None:
    src = (Path(__file__).parents[3] / "games" / "battles_builders" / "engine.py").read_text()
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', src))
    assert {"too_many_chips", "not_in_stock", "not_eligible"} <= codes
    for code in sorted(codes):
        exc = IllegalAction(code, "plain reason")
        en, nl = ENGINE.describe_refusal(exc, "en"), ENGINE.describe_refusal(exc, "nl")
        assert en and nl and en != nl, code


def test_seven_chips_are_refused_with_the_commit_rule() -> None:
    st = ENGINE.start(2, {}, 1)
    chips = {"builder": 4, "infantry": 1, "cavalry": 1, "archer": 0, "king": 0}
    exc = assert_rejects_cleanly(ENGINE, st, 0, {"type": "commit", "chips": chips})
    assert exc.code == "too_many_chips"
    assert "§6.2" in (ENGINE.describe_refusal(exc, "en") or "")
    assert "Hoogstens 5 fiches" in (ENGINE.describe_refusal(exc, "nl") or "")
