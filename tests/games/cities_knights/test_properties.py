"""Property tests: biased random legal playouts for 3 and 4 players.

Random Catan play rarely ends, so every playout is capped (``STEPS`` actions) and the policy
prefers building over idle trading so that cities, knights, barbarian attacks and progress cards
all occur within the cap. After every step: cards and pieces conserved; at the end: replay from
the seed equals the state, load(dump(s)) continues identically, and no view leaks hidden data.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cities_knights import data as D
from games.cities_knights.engine import ENGINE
from games.cities_knights.state import State
from games.core import Action, IllegalAction, Prompt, visible
from tests.games.cities_knights.helpers import conserved
from tests.games.playout import canonical, replay

STEPS = 1500
WEIGHTS = {
    "offer_trade": 0.02,
    # the offer composer: opened as rarely as an offer is made, then walked briefly
    "offer_compose": 0.02,
    "offer_set": 0.3,
    "offer_send": 2.0,
    "offer_drop": 1.0,
    "counter_offer": 0.1,
    "maritime_trade": 0.3,
    "cancel_trade": 0.2,
    "end_turn": 1.0,
    "reject_trade": 0.5,
    "skip": 0.3,
}


def choose(rnd: random.Random, acts: list[Action]) -> Action:
    weights = [WEIGHTS.get(a["type"], 5.0) for a in acts]
    return rnd.choices(acts, weights)[0]


def playout(players: int, seed: int, options: dict[str, Any] | None = None, steps: int = STEPS) -> tuple[State, list]:
    rnd = random.Random(seed)
    opts = options or {}
    st = ENGINE.start(players, dict(opts), seed)
    log: list[tuple[int, Action]] = []
    for _ in range(steps):
        pend = ENGINE.pending(st)
        if not pend:
            break
        seat = rnd.choice(sorted(pend))
        acts = ENGINE.legal(st, seat)
        assert acts, f"{pend[seat]} without legal actions"
        a = choose(rnd, acts)
        ENGINE.apply(st, seat, a)
        log.append((seat, a))
        conserved(st)
    return st, log


def check_no_leak(st: State) -> None:
    pub = ENGINE.view(st, None)
    assert "hand" not in pub and "progress" not in pub and "looking_at" not in pub
    text = json.dumps(pub)
    assert '"rng"' not in text and '"script"' not in text
    for seat in range(st.n):
        base = json.dumps(ENGINE.view(st, seat), sort_keys=True)
        others = [
            o
            for o in range(st.n)
            if o != seat and not (st.looking and st.looking["seat"] == seat and st.looking["victim"] == o)
        ]
        if len(others) < 2:
            continue
        twin = ENGINE.load(ENGINE.dump(st))
        a, b = others[0], others[1]
        ka = next((k for k in range(8) if twin.hand[a][k]), None)
        kb = next((k for k in range(8) if twin.hand[b][k] and k != ka), None)
        if ka is not None and kb is not None:
            twin.hand[a][ka] -= 1
            twin.hand[b][ka] += 1
            twin.hand[b][kb] -= 1
            twin.hand[a][kb] += 1
        if twin.progress[a] and twin.progress[b]:
            twin.progress[a][0], twin.progress[b][0] = twin.progress[b][0], twin.progress[a][0]
        for deck in twin.decks:
            deck.reverse()
        assert json.dumps(ENGINE.view(twin, seat), sort_keys=True) == base, f"view of seat {seat} leaks"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_playout_invariants(players: int, seed: int) -> None:
    opts = {"layout": "random", "numbers": "spiral" if seed % 2 else "random", "random_seats": seed == 2}
    st, log = playout(players, seed, opts)
    assert canonical(ENGINE, replay(ENGINE, players, opts, seed, log)) == canonical(ENGINE, st)
    again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(st))))
    assert canonical(ENGINE, again) == canonical(ENGINE, st)
    check_no_leak(st)
    # both continue identically
    rnd = random.Random(99)
    for _ in range(200):
        pend = ENGINE.pending(st)
        assert pend == ENGINE.pending(again)
        if not pend:
            break
        seat = rnd.choice(sorted(pend))
        acts = ENGINE.legal(st, seat)
        assert acts == ENGINE.legal(again, seat)
        a = choose(rnd, acts)
        assert ENGINE.apply(st, seat, a) == ENGINE.apply(again, seat, a)
    assert canonical(ENGINE, again) == canonical(ENGINE, st)


def test_many_positions_have_no_leaks_and_reject_cleanly() -> None:
    rnd = random.Random(5)
    st = ENGINE.start(4, {}, 5)
    for step in range(1200):
        pend = ENGINE.pending(st)
        if not pend:
            break
        if step % 40 == 0:
            check_no_leak(st)
            for seat, prompt in pend.items():
                assert isinstance(prompt, Prompt)
                before = canonical(ENGINE, st)
                for bad in ({"type": "build_road", "edge": "nowhere"}, {"type": "discard", "cards": {"gold": 1}}):
                    with pytest.raises(IllegalAction):
                        ENGINE.apply(st, seat, bad)
                    assert canonical(ENGINE, st) == before
        seat = rnd.choice(sorted(pend))
        evs = ENGINE.apply(st, seat, choose(rnd, ENGINE.legal(st, seat)))
        for ev in evs:
            if not visible(ev, None):
                assert ev["to"], ev


def test_games_reach_the_end() -> None:
    """With a building-biased policy some capped playouts end with a winner at 13 points."""
    ended = 0
    for seed in range(4):
        st, _ = playout(3, 100 + seed, {"layout": "beginner"}, steps=4000)
        res = ENGINE.result(st)
        if res is not None:
            ended += 1
            w = res.winners[0]
            assert res.scores[w] >= D.WIN_POINTS and res.ranks[w] == 1
    assert ended >= 1
