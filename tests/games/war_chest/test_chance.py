"""A round's draw (``rules.draw_hand``, written for speed) must stay the very draws of
the rules' procedure: the ``Rng.below(size)``-th coin of the bag in kind order, the discard refilling
an empty bag; otherwise stored games would replay differently."""

from __future__ import annotations

import random

from games.rng import Rng
from games.war_chest.data import NKINDS, UNIT_NAMES
from games.war_chest.engine import ENGINE
from games.war_chest.rules import draw_hand
from tests.games.war_chest.helpers import take_nth_coin


def _reference(rng: Rng, bag: list[int], up: list[int], down: list[int]) -> list[int]:
    """Up to three coins, each the ``rng.below(size)``-th of the bag in kind order (§9.2.4),
    the discard refilling an empty bag (§9.1)."""
    drawn: list[int] = []
    while len(drawn) < 3:
        if sum(bag) == 0:
            bag[:] = [a + b for a, b in zip(up, down, strict=True)]
            up[:] = down[:] = [0] * NKINDS
            if sum(bag) == 0:
                break
        drawn.append(take_nth_coin(bag, rng.below(sum(bag))))
    return drawn


def test_round_draws_as_rng_below() -> None:
    rnd = random.Random(7)
    for _ in range(2000):
        seed = rnd.getrandbits(64)
        st = ENGINE.start(2, {}, 1)
        sd = st.seats[0]
        sd.bag, sd.up, sd.down = ([rnd.choice([0, 0, 0, 1, 2, 4]) for _ in range(NKINDS)] for _ in range(3))
        sd.hand = [0] * NKINDS
        expected = Rng(seed)
        st.chance.rng = Rng(seed)
        want = _reference(expected, list(sd.bag), list(sd.up), list(sd.down))
        ev: list[dict] = []
        count = draw_hand(st, 0, ev)
        assert count == len(want)
        assert [e["result"] for e in ev if e["type"] == "draw"] == [UNIT_NAMES[k] for k in want]
        assert sd.hand == [want.count(k) for k in range(NKINDS)]
        assert st.chance.rng.state == expected.state
