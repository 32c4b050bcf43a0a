"""The playout policy of the ``hard`` AI for Cities & Knights: ``normal`` plus three habits of a
seasoned player.

In the set-up it weighs ore and grain more, and for its city the terrains that yield commodities
(forest, pasture, mountains): a city there earns the cards that buy improvements. Where ``normal``
would end its turn (or discard a progress card) it first
- offers another player one card it can spare for one it lacks for its next build, when somebody
  at the table would be better off taking the deal (judged as ``normal`` judges an offer), and
- trades spare cards with the bank toward that build, so a seven finds little to discard.

The next build is, in order: a city, a settlement, the cheapest next city improvement, a knight, a
road. Search (``games.ai.ismcts``) plays its rollouts with this policy and starts each node from
its choice; ``normal`` itself never uses it.
"""

from __future__ import annotations

import random
from typing import Any

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights import strategy as normal
from games.cities_knights.state import SETTLEMENT, State
from games.core import Action

evaluate = normal.evaluate

#: set-up worth added per pip of a neighbouring hex, on top of ``normal``'s: (settlement, city)
SETUP_BONUS = {
    "forest": (0.0, 1.0),
    "pasture": (0.0, 1.0),
    "mountains": (0.3, 1.3),
    "fields": (0.3, 0.3),
}


def setup_worth(st: State, v: int, city: bool) -> float:
    """``normal``'s worth of an intersection plus the expert's set-up bonus."""
    bonus = sum(
        SETUP_BONUS[st.terrain[h]][city] * normal.pips(st.numbers[h])
        for h in D.VERTEX_HEXES[v]
        if st.terrain[h] in SETUP_BONUS and h != st.robber
    )
    return normal.vertex_worth(st, v, city) + bonus


def goals(st: State, seat: int) -> list[tuple[int, ...]]:
    """The costs of what the seat can build next, most wanted first."""
    hand = st.hand[seat]
    out: list[tuple[int, ...]] = []
    if st.cities_left[seat] and any(st.b_owner[v] == seat and st.b_kind[v] == SETTLEMENT for v in range(D.NV)):
        out.append(D.COST_CITY)
    if st.settlements_left[seat] and R.settle_sites(st, seat):
        out.append(D.COST_SETTLEMENT)
    if R.has_city(st, seat):
        # the improvement nearest to affordable (fewest commodities missing, then the higher track)
        steps = [
            (level + 1 - hand[D.TRACK_COMMODITY[t]], -level, t) for t, level in enumerate(st.levels[seat]) if level < 5
        ]
        if steps:
            _, minus_level, t = min(steps)
            cost = [0] * 8
            cost[D.TRACK_COMMODITY[t]] = 1 - minus_level
            out.append(tuple(cost))
    if sum(st.knights_left[seat]):
        out.append(D.COST_KNIGHT)
    out.append(D.COST_ROAD)
    return out


def _kind(cards: dict[str, int]) -> int:
    return D.KIND_INDEX[next(iter(cards))]


def _spare_and_missing(st: State, seat: int) -> tuple[list[int], list[int]]:
    """Per kind: cards beyond what the next two builds need, and cards the next build lacks."""
    wanted = goals(st, seat)
    hand = st.hand[seat]
    spare = [hand[k] - max(g[k] for g in wanted[:2]) for k in range(8)]
    missing = [wanted[0][k] - hand[k] for k in range(8)]
    return spare, missing


def _would_take(hand: list[int], give: int, want: int) -> bool:
    """Whether a seat holding ``hand`` would swap one ``want`` for one ``give`` as ``normal`` does."""
    if hand[want] < 1:
        return False
    after = list(hand)
    after[give] += 1
    after[want] -= 1
    return normal.hand_value(after) - normal.hand_value(hand) > 0.15


def trade_offer(st: State, seat: int, offers: list[Action], spare: list[int], missing: list[int]) -> Action | None:
    """A one-for-one offer of a spare card for one the next build lacks, that someone would take."""
    best: tuple[tuple[int, int], Action] | None = None
    for a in offers:
        give, want = _kind(a["give"]), _kind(a["want"])
        if missing[want] <= 0 or spare[give] < 1:
            continue
        if not any(_would_take(st.hand[p], give, want) for p in range(st.n) if p != seat):
            continue
        key = (missing[want], spare[give])
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else None


def bank_trade(trades: list[Action], spare: list[int], missing: list[int]) -> Action | None:
    """A maritime trade of spare cards for the kind the next build lacks most."""
    lack = max(range(8), key=lambda k: missing[k])
    if missing[lack] <= 0:
        return None
    best: tuple[tuple[int, int], Action] | None = None
    for a in trades:
        if D.KIND_INDEX[a["get"]] != lack:
            continue
        give = D.KIND_INDEX[a["give"]]
        if spare[give] >= a["rate"] and (best is None or (a["rate"], -spare[give]) < best[0]):
            best = ((a["rate"], -spare[give]), a)
    return best[1] if best else None


def choose(engine: Any, state: State, seat: int, rng: random.Random) -> Action:
    if state.phase == "setup":
        acts = engine.legal(state, seat)
        if acts[0]["type"] in ("build_settlement", "build_city"):
            return max(acts, key=lambda a: setup_worth(state, D.VERTEX_INDEX[a["vertex"]], a["type"] == "build_city"))
    action = normal.choose(engine, state, seat, rng)
    if action["type"] not in ("end_turn", "discard_progress") or state.phase != "main" or state.tasks:
        return action
    by: dict[str, list[Action]] = {}
    for a in engine.legal(state, seat):
        by.setdefault(a["type"], []).append(a)
    spare, missing = _spare_and_missing(state, seat)
    better = trade_offer(state, seat, by.get("offer_trade", []), spare, missing)
    if better is None and action["type"] == "end_turn":
        better = bank_trade(by.get("maritime_trade", []), spare, missing)
    return better or action
