"""``legal`` hands out action dicts shared between calls and games (games/war_chest/actions.py):
nothing the engine does may change them, and a caller's list is its own."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.war_chest import actions as A
from games.war_chest.engine import ENGINE


def _tables() -> str:
    return json.dumps([getattr(A, name) for name in A.__all__], sort_keys=True, default=repr)


@pytest.mark.parametrize("players", [2, 4])
def test_playing_never_changes_a_listed_action(players: int) -> None:
    before = _tables()
    for seed in range(6):
        rnd = random.Random(seed)
        st = ENGINE.start(players, {"setup": "draft" if seed % 2 else "basic"}, seed)
        while ENGINE.pending(st):
            seat = rnd.choice(sorted(ENGINE.pending(st)))
            legal = ENGINE.legal(st, seat)
            kept = copy.deepcopy(legal)
            legal.append({"type": "pass"})  # the list is the caller's: this changes nothing else
            assert ENGINE.legal(st, seat) == kept
            ENGINE.apply(st, seat, rnd.choice(legal[:-1]))
            assert legal[:-1] == kept
    assert _tables() == before
