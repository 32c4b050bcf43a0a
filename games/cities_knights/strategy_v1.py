"""``normal_v1``: the Cities & Knights ``normal`` AI as it played before it learned to trade
down, defend and rebuild, kept only so the benchmarks can seat it against today's ``normal``
(``benchmarks/seating.py``). No table offers it.

It builds what it can afford in a fixed order, trades with the bank only when exactly one card
is missing for a city or settlement, and accepts any offer that leaves it a better hand.
"""

from __future__ import annotations

import random
from typing import Any

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights.state import CITY, SETTLEMENT, State
from games.cities_knights.strategy import (
    BRICK,
    EAGER_CARDS,
    VI,
    WORTH,
    _cards,
    _road_worth,
    _robber_score,
    _strength,
    evaluate,
    hand_value,
    vertex_worth,
)
from games.core import Action

__all__ = ["choose", "evaluate"]


def _answer_trade(st: State, seat: int, acts: list[Action], rng: random.Random) -> Action:
    tr = st.trade
    assert tr is not None
    hand = st.hand[seat]
    before = hand_value(hand)
    after = [hand[k] + tr["give"][k] - tr["want"][k] for k in range(8)]
    leader = max(range(st.n), key=lambda p: R.points(st, p))
    helps = hand_value(after) - before > 0.15 and not (leader == tr["seat"] and R.points(st, leader) >= 10)
    accept = next((a for a in acts if a["type"] == "accept_trade"), None)
    if helps and accept is not None:
        return accept
    counters = [a for a in acts if a["type"] == "counter_offer"]
    if counters and rng.random() < 0.2:
        best = max(
            counters,
            key=lambda a: hand_value([hand[k] - _cards(a["give"])[k] + _cards(a["want"])[k] for k in range(8)]),
        )
        gain = hand_value([hand[k] - _cards(best["give"])[k] + _cards(best["want"])[k] for k in range(8)]) - before
        if gain > 0:
            return best
    return next(a for a in acts if a["type"] == "reject_trade")


def _keep_best(st: State, seat: int, acts: list[Action], sign: float) -> Action:
    hand = st.hand[seat]

    def value(a: Action) -> float:
        c = _cards(a["cards"])
        return hand_value([hand[k] + sign * c[k] for k in range(8)])  # type: ignore[misc]

    return max(acts, key=value)


def _need_trade(st: State, seat: int, acts: list[Action]) -> Action | None:
    hand = st.hand[seat]
    goals: list[tuple[int, ...]] = []
    if st.cities_left[seat] and any(st.b_owner[v] == seat and st.b_kind[v] == SETTLEMENT for v in range(D.NV)):
        goals.append(D.COST_CITY)
    if st.settlements_left[seat] and R.settle_sites(st, seat):
        goals.append(D.COST_SETTLEMENT)
    for goal in goals:
        missing = [k for k in range(8) if hand[k] < goal[k]]
        if len(missing) != 1 or goal[missing[0]] - hand[missing[0]] != 1:
            continue
        for a in acts:
            if a["type"] != "maritime_trade" or D.KIND_INDEX[a["get"]] != missing[0]:
                continue
            g = D.KIND_INDEX[a["give"]]
            if hand[g] - a["rate"] >= goal[g]:
                return a
    return None


def _main(st: State, seat: int, acts: list[Action], rng: random.Random) -> Action:
    by: dict[str, list[Action]] = {}
    for a in acts:
        by.setdefault(a["type"], []).append(a)
    if "confirm_trade" in by:
        return by["confirm_trade"][0]
    if "cancel_trade" in by:
        return by["cancel_trade"][0]
    cities = st.b_kind.count(CITY)
    mine = _strength(st, seat)
    danger = st.barbarian >= 4 and cities > 0
    if "build_city" in by:
        return max(by["build_city"], key=lambda a: vertex_worth(st, VI[a["vertex"]], city=True))
    if danger and "activate_knight" in by and mine * st.n < cities + 2:
        return by["activate_knight"][0]
    if "buy_improvement" in by:
        return min(by["buy_improvement"], key=lambda a: st.levels[seat][D.TRACK_INDEX[a["track"]]])
    if "build_settlement" in by:
        return max(by["build_settlement"], key=lambda a: vertex_worth(st, VI[a["vertex"]]))
    if "build_knight" in by and (st.barbarian >= 2 or mine < 2):
        return max(by["build_knight"], key=lambda a: vertex_worth(st, VI[a["vertex"]]))
    if "activate_knight" in by and (st.barbarian >= 3 or danger):
        return by["activate_knight"][0]
    if "chase_robber" in by and any(st.b_owner[v] == seat for v in D.HEX_VERTICES[st.robber]):
        return max(by["chase_robber"], key=lambda a: _robber_score(st, seat, a))
    if "play_progress" in by:
        useful = [a for a in by["play_progress"] if a["card"] in EAGER_CARDS]
        if useful:
            return rng.choice(useful)
    if "promote_knight" in by and rng.random() < 0.5:
        return by["promote_knight"][0]
    trade = _need_trade(st, seat, acts)
    if trade is not None:
        return trade
    if "build_wall" in by and st.hand[seat][BRICK] >= 3:
        return by["build_wall"][0]
    if "build_road" in by and not R.settle_sites(st, seat):
        return max(by["build_road"], key=lambda a: _road_worth(st, a))
    if "discard_progress" in by:
        return by["discard_progress"][0]
    return by["end_turn"][0] if "end_turn" in by else acts[0]


def choose(engine: Any, state: State, seat: int, rng: random.Random) -> Action:
    st = state
    acts = engine.legal(st, seat)
    if len(acts) <= 1:
        return acts[0]
    kinds = {a["type"] for a in acts}
    if "offer_drop" in kinds:  # (v1 composes no offers: a draft found open is dropped)
        return next(a for a in acts if a["type"] == "offer_drop")
    if st.phase == "setup":
        if "build_road" in kinds:
            return max(acts, key=lambda a: _road_worth(st, a))
        return max(acts, key=lambda a: vertex_worth(st, VI[a["vertex"]], city=a["type"] == "build_city"))
    if st.tasks:
        task = next((t for t in st.tasks if t.get("seat") == seat), None)
        k = task["k"] if task else ""
        if k in ("discard", "give_cards"):
            return _keep_best(st, seat, acts, -1.0)
        if k == "take_cards":
            return max(acts, key=lambda a: sum(WORTH[D.KIND_INDEX[c]] * n for c, n in a["cards"].items()))
        if k == "move_robber":
            return max(acts, key=lambda a: _robber_score(st, seat, a))
        if k == "aqueduct":
            return max(
                acts,
                key=lambda a: WORTH[D.KIND_INDEX[a["resource"]]] / (1 + st.hand[seat][D.KIND_INDEX[a["resource"]]]),
            )
        if k in ("road_building", "diplomat_rebuild"):
            roads = [a for a in acts if a["type"] == "build_road"]
            return max(roads, key=lambda a: _road_worth(st, a)) if roads else acts[0]
        if k in ("smith", "place_deserter"):
            return acts[0]
        if k == "give_commodity":
            return min(acts, key=lambda a: st.hand[seat][D.KIND_INDEX[a["commodity"]]] * -1)
        return rng.choice(acts)
    if seat != st.turn:
        return _answer_trade(st, seat, acts, rng)
    if st.phase == "roll":
        return next(a for a in acts if a["type"] == "roll")
    return _main(st, seat, acts, rng)
