"""The ``normal`` AI for Cities & Knights: a casual player's priorities, no search.

Set-up: the intersection with the most pips (dice chances), with a bonus for variety and, for
the city, for ore and grain. In a turn: cities first, then city improvements, settlements,
knights when the barbarians come near (and activating them), walls, roads toward free sites;
maritime trades that complete a city or settlement; progress cards that help at once.
Trade offers are accepted when the cards received are worth more to it than those given,
sometimes countered, otherwise declined. Decisions are scored, never simulated, so a choice
takes well under a millisecond and ``hard`` can use it in rollouts.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights.state import CITY, SETTLEMENT, State
from games.core import Action, share_of_win

VI = D.VERTEX_INDEX
EI = D.EDGE_INDEX
HI = D.HEX_ID_INDEX
LUMBER, BRICK, WOOL, GRAIN, ORE = 0, 1, 2, 3, 4
#: base worth of one card of each kind (ore and grain build cities, commodities buy improvements)
WORTH = (0.9, 0.9, 0.8, 1.1, 1.2, 1.0, 1.0, 1.0)
#: cards played as soon as they do something
EAGER_CARDS = frozenset(
    {
        "irrigation",
        "mining",
        "road_building",
        "smith",
        "warlord",
        "merchant",
        "resource_monopoly",
        "trade_monopoly",
        "wedding",
        "master_merchant",
        "saboteur",
        "engineer",
        "spy",
        "bishop",
        "deserter",
        "merchant_fleet",
    }
)


def pips(n: int) -> int:
    return 6 - abs(7 - n) if n else 0


def vertex_worth(st: State, v: int, city: bool = False) -> float:
    """Pips of the intersection's land hexes, plus variety (and ore/grain for a city)."""
    total = 0.0
    kinds: set[int] = set()
    for h in D.VERTEX_HEXES[v]:
        if h == st.robber:
            continue
        res, _ = D.TERRAIN_YIELD[st.terrain[h]]
        if res < 0:
            continue
        chances = pips(st.numbers[h])
        weight = 1.2 if res in (ORE, GRAIN) else 1.0
        if city and res in (ORE, GRAIN):
            weight += 0.3
        total += chances * weight
        kinds.add(res)
    return total + 0.8 * len(kinds) + (0.5 if D.VERTEX_HARBOUR[v] >= 0 else 0.0)


def hand_value(hand: list[int] | tuple[int, ...]) -> float:
    """Worth of a hand: each further card of a kind counts a little less."""
    return sum(WORTH[k] * (1 - 0.8 ** hand[k]) / 0.2 for k in range(8))


def _cards(raw: dict[str, int] | None) -> list[int]:
    out = [0] * 8
    for k, n in (raw or {}).items():
        out[D.KIND_INDEX[k]] += n
    return out


def _income(st: State) -> list[float]:
    """Cards each seat expects per roll from its settlements and cities (a city yields two)."""
    out = [0.0] * st.n
    for v, o in enumerate(st.b_owner):
        if o < 0:
            continue
        chances = sum(pips(st.numbers[h]) for h in D.VERTEX_HEXES[v] if h != st.robber)
        out[o] += chances * (2 if st.b_kind[v] == CITY else 1) / 36
    return out


def _strength(st: State, p: int) -> int:
    return sum(st.k_level[v] for v in R.indices(st.k_owner, p) if st.k_active[v])


def _robber_score(st: State, seat: int, a: Action) -> float:
    h = HI[a["hex"]]
    score = 0.0
    for v in D.HEX_VERTICES[h]:
        o = st.b_owner[v]
        if o < 0:
            continue
        weight = 2 if st.b_kind[v] == CITY else 1
        score += (-3 if o == seat else 1 + 0.2 * R.points(st, o)) * weight * pips(st.numbers[h])
    victim = a.get("victim")
    if victim is not None:
        score += 2 + 0.3 * R.hand_size(st, victim)
    return score


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
    """For discards and gifts (sign -1: keep the best hand) or takings (sign +1: take the best)."""
    hand = st.hand[seat]

    def value(a: Action) -> float:
        c = _cards(a["cards"])
        return hand_value([hand[k] + sign * c[k] for k in range(8)])  # type: ignore[misc]

    return max(acts, key=value)


def _need_trade(st: State, seat: int, acts: list[Action]) -> Action | None:
    """A bank trade that completes a city, a settlement or the next improvement."""
    hand = st.hand[seat]
    goals: list[tuple[int, ...]] = []
    if st.cities_left[seat] and any(st.b_owner[v] == seat and st.b_kind[v] == SETTLEMENT for v in range(D.NV)):
        goals.append(D.COST_CITY)
    if st.settlements_left[seat] and R.settle_sites(st, seat):  # (= can_settle somewhere)
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
    if "build_road" in by and not R.settle_sites(st, seat):  # (= can_settle nowhere)
        return max(by["build_road"], key=lambda a: _road_worth(st, a))
    if "discard_progress" in by:
        return by["discard_progress"][0]
    return by["end_turn"][0] if "end_turn" in by else acts[0]


def _road_worth(st: State, a: Action) -> float:
    """A road is worth the best free site at or next to its far ends."""
    x, y = D.EDGES[EI[a["edge"]]]
    best = 0.0
    for v in (x, y):
        for w in (v, *D.VERTEX_NEIGHBOURS[v]):
            if R.distance_ok(st, w):
                best = max(best, vertex_worth(st, w) - (0 if w == v else 1))
    return best


def choose(engine: Any, state: State, seat: int, rng: random.Random) -> Action:
    st = state
    acts = engine.legal(st, seat)
    if len(acts) <= 1:
        return acts[0]
    kinds = {a["type"] for a in acts}
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


def evaluate(engine: Any, state: State) -> dict[int, float]:
    """Roughly each seat's chance to win: a softmax of points plus a little for progress."""
    st = state
    res = engine.result(st)
    if res is not None:
        return {p: share_of_win(engine, res, p) for p in range(st.n)}
    income = _income(st)
    scores = []
    for p in range(st.n):
        s = R.points(st, p) + 0.1 * sum(st.levels[p]) + 0.05 * _strength(st, p) + 0.03 * sum(st.hand[p][:5])
        scores.append(s + 1.5 * income[p])
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return {p: exps[p] / total for p in range(st.n)}
