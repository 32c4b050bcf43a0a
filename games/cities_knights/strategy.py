"""The ``normal`` AI for Cities & Knights: a casual player's priorities, no search.

Set-up: the intersection with the most pips (dice chances), with a bonus for variety and, for
the city, for ore and grain. In a turn, after the roll:

- a build that wins the game, whatever else is planned;
- when the barbarians are near (``NEAR``) and its knights fall short (``defence``: weaker than
  its cities, or the table loses and it is among the weakest), activating, promoting or
  recruiting a knight comes before a city, which would only make the barbarians stronger;
- then cities (also to rebuild a pillaged one), city improvements, settlements, a first knight
  and more while its knights are weaker than its cities, an idle knight activated from the third
  ship step while another seat defends as much (the Defender of Catan is a point), roads toward a
  free site when it has none to settle;
- bank and harbour trades of cards the more wanted builds do not need, when they complete one of
  those builds (``goals``), or when the coming rolls would likely put its hand over the discard
  limit (``too_many_cards``: 7, 2 more per city wall): then it first spends on walls, knights and
  roads, and sheds the most plentiful spare kind;
- progress cards that help at once.

A trade offer is taken when it completes a build of its own or leaves it a better hand, unless
it may hand the leader the game or gives the offerer a build it could not otherwise make while
doing it little good (``accepts``, for offers of any size); it is sometimes countered, otherwise
declined. ``normal`` makes no offers itself: a draft it finds open is dropped, and ``draft_step``
walks one toward the terms a stronger policy chose (``expert``). Decisions are
scored, never simulated, so a choice takes a millisecond or two and ``hard`` can use it in
rollouts. The earlier policy, kept for comparison, is ``strategy_v1``.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights.state import CITY, SETTLEMENT, SIDEWAYS, State
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


#: the least worth (``hand_value``) a trade must add to a hand for ``normal`` to accept it, and
#: the gain that makes it accept even though the deal gives the offerer a build
ACCEPT_GAIN = 0.15
GENEROUS_GAIN = 0.8
#: the ship's step from which the barbarians count as near (three ship faces from an attack), and
#: from which an idle knight is worth a grain (active knights stay active until the attack)
NEAR = 4
COMING = 3


def _affords(hand: list[int], cost: tuple[int, ...]) -> bool:
    return all(hand[k] >= cost[k] for k in range(8))


def _city_sites(st: State, p: int, own: list[int]) -> bool:
    """Whether p has a settlement (or a pillaged city lying sideways) a city may replace
    (``own``: p's buildings)."""
    kinds = st.b_kind
    return any(kinds[v] == SIDEWAYS or (kinds[v] == SETTLEMENT and st.cities_left[p]) for v in own)


def _next_improvement(st: State, p: int, cities: list[int]) -> tuple[int, ...] | None:
    """The cost of the city improvement nearest to affordable (fewest commodities missing,
    then the higher track), if p may buy one (``cities``: p's cities)."""
    if not cities:
        return None
    hand = st.hand[p]
    available = any(st.metro[v] < 0 for v in cities)
    steps = [
        (level + 1 - hand[D.TRACK_COMMODITY[t]], -level, t)
        for t, level in enumerate(st.levels[p])
        if level < 3 or (level < 5 and available)
    ]
    if not steps:
        return None
    _, minus_level, t = min(steps)
    cost = [0] * 8
    cost[D.TRACK_COMMODITY[t]] = 1 - minus_level
    return tuple(cost)


def builds_made_possible(st: State, p: int, before: list[int], after: list[int]) -> bool:
    """Whether a hand of ``after`` lets p build a city, a settlement or its next city improvement
    that ``before`` did not (what a trade partner gives away when it completes such a build)."""
    own = R.indices(st.b_owner, p)
    wanted: list[tuple[int, ...]] = []
    if _city_sites(st, p, own):
        wanted.append(D.COST_CITY)
    if st.settlements_left[p] and R.settle_sites(st, p):
        wanted.append(D.COST_SETTLEMENT)
    if any(st.b_kind[v] == CITY for v in own):
        for t, level in enumerate(st.levels[p]):
            if level < 5:
                cost = [0] * 8
                cost[D.TRACK_COMMODITY[t]] = level + 1
                wanted.append(tuple(cost))
    return any(_affords(after, c) and not _affords(before, c) for c in wanted)


def defence(st: State, seat: int) -> tuple[bool, bool]:
    """(near, short): whether the barbarians are near, and whether the seat's defence falls short:
    it has a city they could pillage and its active knights are weaker than its cities, or the
    table's active knights are weaker than the barbarians (one per city) and the seat is among the
    weakest that could lose a city."""
    near = st.barbarian >= NEAR
    owner, kinds, metro = st.b_owner, st.b_kind, st.metro
    cities = R.indices(kinds, CITY)
    own = [v for v in cities if owner[v] == seat]
    if not any(metro[v] < 0 for v in own):
        return near, False
    contrib = [0] * st.n
    level, active = st.k_level, st.k_active
    for v, o in enumerate(st.k_owner):
        if o >= 0 and active[v]:
            contrib[o] += level[v]
    mine = contrib[seat]
    if mine < len(own):
        return near, True
    if sum(contrib) >= len(cities):
        return near, False
    eligible = {owner[v] for v in cities if metro[v] < 0} - {seat}
    return near, not eligible or mine <= min(contrib[p] for p in eligible)


def accepts(st: State, seat: int, offerer: int, give: list[int], want: list[int]) -> bool:
    """Whether ``seat`` takes ``offerer``'s offer of ``give`` for ``want``: when it completes a
    build of the seat's or leaves it a better hand, unless it may hand the leader the game, or it
    gives the offerer a build it could not otherwise make while doing no more than a little good
    to the seat."""
    hand = st.hand[seat]
    if any(hand[k] < want[k] for k in range(8)):
        return False
    after = [hand[k] + give[k] - want[k] for k in range(8)]
    gain = hand_value(after) - hand_value(hand)
    leader = max(range(st.n), key=lambda p: R.points(st, p))
    if leader == offerer and R.points(st, leader) >= 10:
        return False
    if builds_made_possible(st, seat, hand, after):
        return True
    if gain <= ACCEPT_GAIN:
        return False
    theirs = st.hand[offerer]
    got = [theirs[k] - give[k] + want[k] for k in range(8)]
    return gain > GENEROUS_GAIN or not builds_made_possible(st, offerer, theirs, got)


def _answer_trade(st: State, seat: int, acts: list[Action], rng: random.Random) -> Action:
    tr = st.trade
    assert tr is not None
    hand = st.hand[seat]
    before = hand_value(hand)
    helps = accepts(st, seat, tr["seat"], tr["give"], tr["want"])
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


def draft_step(st: State, seat: int, acts: list[Action], terms: tuple[list[int], list[int]] | None) -> Action:
    """The next step of the seat's open draft (``acts``: its legal steps) toward ``terms`` (cards
    given, cards asked): set each kind that differs (a kind leaving a side before it joins the
    other), then send it to as many as may be asked (everyone, when allowed); drop it when
    ``terms`` is None or it cannot be sent."""
    drop = next(a for a in acts if a["type"] == "offer_drop")
    draft = st.draft if seat == st.turn else (st.trade or {}).get("drafts", {}).get(str(seat))
    if terms is None or draft is None:
        return drop
    for side, target in zip(("give", "want"), terms, strict=True):
        for k in range(8):
            if draft[side][k] != target[k]:
                step = {"type": "offer_set", "side": side, "kind": D.KINDS[k], "count": target[k]}
                if step in acts:
                    return step
    if draft["give"] != terms[0] or draft["want"] != terms[1]:
        return drop  # (terms the composer cannot reach)
    sends = [a for a in acts if a["type"] == "offer_send"]
    if not sends:
        return drop
    return max(sends, key=lambda a: 99 if a.get("to", "all") == "all" else len(a["to"]))


def _keep_best(st: State, seat: int, acts: list[Action], sign: float) -> Action:
    """For discards and gifts (sign -1: keep the best hand) or takings (sign +1: take the best)."""
    hand = st.hand[seat]

    def value(a: Action) -> float:
        c = _cards(a["cards"])
        return hand_value([hand[k] + sign * c[k] for k in range(8)])  # type: ignore[misc]

    return max(acts, key=value)


def too_many_cards(st: State, seat: int) -> bool:
    """Whether a seven before the seat's next turn would likely find its hand over the discard
    limit: the cards it holds plus what the other seats' rolls should bring it."""
    held, limit = R.hand_size(st, seat), R.discard_limit(st, seat)
    if held > limit:
        return True
    chances = 0
    for v in R.indices(st.b_owner, seat):
        per = sum(pips(st.numbers[h]) for h in D.VERTEX_HEXES[v] if h != st.robber)
        chances += per * (2 if st.b_kind[v] == CITY else 1)
    return held + math.ceil(chances / 36 * (st.n - 1)) > limit


#: goals for which ``normal`` trades down only one bank trade's worth (it spends freely on the others)
MINOR = frozenset({"knight", "road"})


def goals(st: State, seat: int, near: bool, short: bool) -> list[tuple[str, tuple[int, ...]]]:
    """What the seat wants to build next, most wanted first, with the costs: defence when the
    barbarians are near and it falls short (``defence``: activating a knight, else a new one), a
    city (also to rebuild a pillaged one), a first knight, a settlement, the next city improvement,
    more knights while they are weaker than its cities, a road toward a free site when it has none
    to settle."""
    out: list[tuple[str, tuple[int, ...]]] = []
    mine = R.indices(st.k_owner, seat)
    can_knight = bool(st.knights_left[seat][0]) and bool(R.knight_sites(st, seat))
    if near and short:
        if any(not st.k_active[v] for v in mine):
            out.append(("activate", D.COST_ACTIVATE))
        elif can_knight:
            out.append(("knight", D.COST_KNIGHT))
    own = R.indices(st.b_owner, seat)
    if _city_sites(st, seat, own):
        out.append(("city", D.COST_CITY))
    cities = [v for v in own if st.b_kind[v] == CITY]
    if can_knight and not mine and cities and not near:
        out.append(("knight", D.COST_KNIGHT))
    sites = R.settle_sites(st, seat) if st.settlements_left[seat] else []
    if sites:
        out.append(("settlement", D.COST_SETTLEMENT))
    improvement = _next_improvement(st, seat, cities)
    if improvement is not None:
        out.append(("improvement", improvement))
    if can_knight and mine and sum(st.k_level[v] for v in mine) < len(cities) and not near:
        out.append(("knight", D.COST_KNIGHT))
    if not sites and st.roads_left[seat] and st.settlements_left[seat]:
        out.append(("road", D.COST_ROAD))
    return out


def _trade_toward(
    hand: list[int], cost: tuple[int, ...], keep: list[int], rates: list[int], bank: list[int], most: int
) -> tuple[int, int, int] | None:
    """The first bank trade (give, rate, get) of a plan that completes ``cost`` by trading cards
    beyond ``keep`` (what the build and the more wanted ones need), in at most ``most`` trades."""
    missing = [max(cost[k] - hand[k], 0) for k in range(8)]
    need = sum(missing)
    if not need or need > most or any(missing[k] > bank[k] for k in range(8)):
        return None
    spare = [hand[k] - max(cost[k], keep[k]) for k in range(8)]
    first: tuple[int, int, int] | None = None
    for get in sorted(range(8), key=lambda k: -missing[k]):
        for _ in range(missing[get]):
            options = [g for g in range(8) if g != get and spare[g] >= rates[g]]
            if not options:
                return None
            give = min(options, key=lambda g: (rates[g], -spare[g], WORTH[g]))
            spare[give] -= rates[give]
            if first is None:
                first = (give, rates[give], get)
    return first


def _maritime(acts: list[Action], trade: tuple[int, int, int] | None) -> Action | None:
    if trade is None:
        return None
    give, rate, get = trade
    action = {"type": "maritime_trade", "give": D.KINDS[give], "rate": rate, "get": D.KINDS[get]}
    return action if action in acts else None


def _trade_down(
    st: State, seat: int, acts: list[Action], wanted: list[tuple[str, tuple[int, ...]]], over: bool
) -> Action | None:
    """A bank trade that completes a wanted build, or, with more cards than a seven should find
    (``over``), one that sheds the most plentiful spare kind for what the first build lacks most."""
    hand = st.hand[seat]
    rates = R.rates(st, seat)
    keep = [0] * 8
    for name, cost in wanted:
        most = 1 if name in MINOR and not over else 99
        trade = _maritime(acts, _trade_toward(hand, cost, keep, rates, st.bank, most))
        if trade is not None:
            return trade
        keep = [max(keep[k], cost[k]) for k in range(8)]
    if not over:
        return None
    first = wanted[0][1] if wanted else (0,) * 8
    gets = [k for k in range(8) if st.bank[k]]
    if not gets:
        return None
    get = max(gets, key=lambda k: (first[k] - hand[k], WORTH[k] / (1 + hand[k])))
    gives = [g for g in range(8) if g != get and hand[g] >= rates[g]]
    if not gives:
        return None
    give = max(gives, key=lambda g: (hand[g] - first[g] - rates[g], -rates[g]))
    return _maritime(acts, (give, rates[give], get))


def _winning(engine: Any, st: State, seat: int, by: dict[str, list[Action]]) -> Action | None:
    """A build that brings the seat to the points that win, when it is that close."""
    if R.points(st, seat) < D.WIN_POINTS - 2:
        return None
    for kind in ("build_city", "build_settlement", "buy_improvement"):
        for a in by.get(kind, []):
            world = engine.clone(st)
            engine.apply(world, seat, a)
            if world.winner == seat:
                return a
    return None


def _sole_top_defender(st: State, seat: int) -> bool:
    """Whether the seat's active knights are stronger than every other seat's."""
    contrib = [0] * st.n
    for v, o in enumerate(st.k_owner):
        if o >= 0 and st.k_active[v]:
            contrib[o] += st.k_level[v]
    return contrib[seat] > max(contrib[p] for p in range(st.n) if p != seat)


def _main(engine: Any, st: State, seat: int, acts: list[Action], rng: random.Random) -> Action:
    by: dict[str, list[Action]] = {}
    for a in acts:
        by.setdefault(a["type"], []).append(a)
    if "confirm_trade" in by:
        return by["confirm_trade"][0]
    if "cancel_trade" in by:
        return by["cancel_trade"][0]
    win = _winning(engine, st, seat, by)
    if win is not None:
        return win
    near, short = defence(st, seat)
    if near and short:
        # a city now would only raise the barbarians' strength: defend first
        if "activate_knight" in by:
            return by["activate_knight"][0]
        active = [a for a in by.get("promote_knight", []) if st.k_active[VI[a["vertex"]]]]
        if active:
            return active[0]
        if "build_knight" in by:
            return max(by["build_knight"], key=lambda a: vertex_worth(st, VI[a["vertex"]]))
    if "build_city" in by:
        return max(by["build_city"], key=lambda a: vertex_worth(st, VI[a["vertex"]], city=True))
    if "buy_improvement" in by:
        return min(by["buy_improvement"], key=lambda a: st.levels[seat][D.TRACK_INDEX[a["track"]]])
    if "build_settlement" in by:
        return max(by["build_settlement"], key=lambda a: vertex_worth(st, VI[a["vertex"]]))
    wanted = goals(st, seat, near, short)
    names = [name for name, _ in wanted]
    if "knight" in names and "build_knight" in by:
        return max(by["build_knight"], key=lambda a: vertex_worth(st, VI[a["vertex"]]))
    if st.barbarian >= COMING and "activate_knight" in by and not _sole_top_defender(st, seat):
        return by["activate_knight"][0]  # a chance at the Defender of Catan (1 VP)
    if "chase_robber" in by and any(st.b_owner[v] == seat for v in D.HEX_VERTICES[st.robber]):
        return max(by["chase_robber"], key=lambda a: _robber_score(st, seat, a))
    if "play_progress" in by:
        useful = [a for a in by["play_progress"] if a["card"] in EAGER_CARDS]
        if useful:
            return rng.choice(useful)
    if "road" in names and "build_road" in by:
        return max(by["build_road"], key=lambda a: _road_worth(st, a))
    over = too_many_cards(st, seat)
    trade = _trade_down(st, seat, acts, wanted, over)
    if trade is not None:
        return trade
    if "build_wall" in by and (over or st.hand[seat][BRICK] >= 3):
        return by["build_wall"][0]
    if over:
        # cards a seven would take: spent on what still helps
        if "build_knight" in by:
            return max(by["build_knight"], key=lambda a: vertex_worth(st, VI[a["vertex"]]))
        if "promote_knight" in by:
            return by["promote_knight"][0]
        if "build_road" in by:
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
    if "offer_drop" in kinds:
        return draft_step(st, seat, acts, None)
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
    return _main(engine, st, seat, acts, rng)


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
