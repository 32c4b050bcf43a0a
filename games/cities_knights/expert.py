"""The playout policy of the ``hard`` AI for Cities & Knights: ``normal`` plus three habits of a
seasoned player.

In the set-up it weighs ore and grain more, and for its city the terrains that yield commodities
(forest, pasture, mountains): a city there earns the cards that buy improvements. Where ``normal``
would end its turn (or discard a progress card) it first
- offers another player one card it can spare for one it lacks for its next build, when somebody
  at the table would be better off taking the deal (judged as ``normal`` judges an offer), or,
  when no such one-for-one offer exists and it has made no offer yet this turn, composes an
  n-for-m offer (``composed_terms``: what the next build lacks, up to two cards, for as many spare
  cards or one more) step by step through the engine's offer composer, and
- trades spare cards with the bank toward that build, so a seven finds little to discard.

It places later settlements and cities by the same set-up worth, pays with Medicine and Crane
when a build can use them, and plays an Alchemist for the roll that earns it the most.

Where ``normal`` plays a progress card (its target drawn at random) the expert aims it
(``progress_target``): a monopoly names the kind it would take most of, the Merchant Fleet its
most plentiful spare kind, the merchant goes to the resource it produces most, the Bishop's robber
where it hurts the rivals (the leader most) and none of its own, Spy, Master Merchant and Deserter
at the leader (``leader``: most points, then cards, then knights); the steps those cards leave
(``task_step``) take the best card, what the next build lacks, and give a rival's Deserter the
weakest knight. Before ending its turn it plays the cards ``normal`` never does where they pay
(``shrewd_card``): an Inventor swap that adds ``INVENTOR_GAIN`` to its roll worth, an Intrigue on
the leader's knight, a Diplomat that takes the Longest Road from a rival.

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
from games.cities_knights.state import CITY, SETTLEMENT, State
from games.core import Action

evaluate = normal.evaluate
HI = normal.HI

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


def trade_offer(st: State, seat: int, offers: list[Action], spare: list[int], missing: list[int]) -> Action | None:
    """A one-for-one offer of a spare card for one the next build lacks, that someone would take
    (judged as ``normal`` judges an offer, from the hands the seat supposes)."""
    best: tuple[tuple[int, int], Action] | None = None
    for a in offers:
        give, want = _kind(a["give"]), _kind(a["want"])
        if missing[want] <= 0 or spare[give] < 1:
            continue
        gives, wants = [0] * 8, [0] * 8
        gives[give] = wants[want] = 1
        if not any(normal.accepts(st, p, seat, gives, wants) for p in range(st.n) if p != seat):
            continue
        key = (missing[want], spare[give])
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else None


#: the most cards a composed offer asks for
COMPOSED_ASK = 2


def composed_terms(st: State, seat: int) -> list[tuple[list[int], list[int]]]:
    """The n-for-m offers the seat would make, most wanted first, from its own hand and the board
    only (so every step of the composer finds the same ones): the cards its next build lacks (up
    to ``COMPOSED_ASK``) for as many spare cards of other kinds, or one more, most plentiful first."""
    spare, missing = _spare_and_missing(st, seat)
    want = [0] * 8
    for k in sorted(range(8), key=lambda k: -missing[k]):
        want[k] = max(0, min(missing[k], COMPOSED_ASK - sum(want)))
    asked = sum(want)
    if not asked:
        return []
    out: list[tuple[list[int], list[int]]] = []
    for count in (asked, asked + 1):
        give, left = [0] * 8, count
        for k in sorted(range(8), key=lambda k: (-spare[k], k)):
            if left and not want[k] and spare[k] > 0:
                give[k] = min(spare[k], left)
                left -= give[k]
        if not left:
            out.append((give, want[:]))
    return [t for t in out if sum(t[0]) + sum(t[1]) > 2]  # (one for one goes by the direct offer)


def composed_offer(st: State, seat: int) -> tuple[list[int], list[int]] | None:
    """The first of ``composed_terms`` that someone at the table would take (as the seat supposes
    the hands), if any."""
    for give, want in composed_terms(st, seat):
        if any(normal.accepts(st, p, seat, give, want) for p in range(st.n) if p != seat):
            return give, want
    return None


def _draft_terms(st: State, seat: int) -> tuple[list[int], list[int]] | None:
    """The terms an open draft of the seat's is walked toward: those of its own offer that someone
    would take, else its first composed terms, whichever the draft is on the way to (a kind set
    already counts); a counter-offer draft is dropped."""
    draft = st.draft
    if seat != st.turn or draft is None:
        return None
    taken = composed_offer(st, seat)
    terms = ([taken] if taken else []) + composed_terms(st, seat)
    for t in terms:
        if all(draft[side][k] in (0, t[i][k]) for i, side in enumerate(("give", "want")) for k in range(8)):
            return t
    return None


def _drafting(st: State, seat: int) -> bool:
    """Whether the seat is composing an offer or a counter-offer."""
    if st.phase != "main" or st.tasks:
        return False
    if seat == st.turn:
        return st.draft is not None
    return st.trade is not None and str(seat) in st.trade.get("drafts", {})


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


#: what one production card of a rival is worth to the seat choosing an Alchemist roll
RIVAL_CARD = -0.4
#: the least an Alchemist roll must earn (cards, rivals' counted as above) to play the card
ALCHEMIST_GAIN = 2.0


def roll_worth(st: State, seat: int, total: int) -> float:
    """What a production roll of ``total`` earns the seat, less a little for what rivals earn;
    a seven (the robber, discards) is worth less than any."""
    if total == 7:
        return -ALCHEMIST_GAIN
    return sum(_hex_worth(st, seat, h) for h, n in enumerate(st.numbers) if n == total)


def alchemist(st: State, seat: int, acts: list[Action]) -> Action | None:
    """The Alchemist roll worth the most to the seat (a low red die draws from more gates), if it
    earns enough to spend the card."""
    plays = [a for a in acts if a["type"] == "play_alchemist"]
    if not plays:
        return None
    worth = {total: roll_worth(st, seat, total) for total in range(2, 13)}
    best = max(plays, key=lambda a: (worth[a["red"] + a["yellow"]], -a["red"]))
    return best if worth[best["red"] + best["yellow"]] >= ALCHEMIST_GAIN else None


#: the progress card that makes a build cheaper, as the flag of its action
_PAY_WITH = {"build_city": "use_medicine", "buy_improvement": "use_crane"}


def _with_card(acts: list[Action], action: Action) -> Action:
    """The same build paid with Medicine or Crane where the seat holds one and may use it."""
    flag = _PAY_WITH.get(action["type"])
    if flag is None or action.get(flag):
        return action
    cheaper = {**action, flag: True}
    return cheaper if cheaper in acts else action


def _placed(st: State, acts: list[Action], action: Action) -> Action:
    """The city or settlement (set-up or main phase) on the intersection of the highest set-up worth."""
    city = action["type"] == "build_city"
    same = [a for a in acts if a["type"] == action["type"] and a.get("use_medicine") == action.get("use_medicine")]
    return max(same, key=lambda a: setup_worth(st, D.VERTEX_INDEX[a["vertex"]], city))


def leader_key(st: State, p: int) -> tuple[int, int, int]:
    """How far ahead p is: victory points, then cards held, then knight strength on the board."""
    strength = sum(st.k_level[v] for v, o in enumerate(st.k_owner) if o == p)
    return R.points(st, p), R.hand_size(st, p), strength


def leader(st: State, seat: int) -> int:
    """The rival furthest ahead (``leader_key``)."""
    return max((p for p in range(st.n) if p != seat), key=lambda p: leader_key(st, p))


def _hex_worth(st: State, seat: int, h: int) -> float:
    """What one roll of hex h's number earns the seat from that hex, valued as ``roll_worth``
    values a roll (so a roll's worth is the sum of its hexes')."""
    if h == st.robber:
        return 0.0
    worth = 0.0
    for v in D.HEX_VERTICES[h]:
        owner = st.b_owner[v]
        if owner >= 0:
            worth += (1.0 if owner == seat else RIVAL_CARD) * (2 if st.b_kind[v] == CITY else 1)
    return worth


#: the least an Inventor swap must add to the seat's roll worth (in cards per 36 rolls: one pip
#: more on a hex earning one card is 1) to spend the card
INVENTOR_GAIN = 3.0


def inventor_gain(st: State, seat: int, a: int, b: int) -> float:
    """What swapping the number tokens of hexes a and b adds to the seat's expected roll worth."""
    pa, pb = normal.pips(st.numbers[a]), normal.pips(st.numbers[b])
    return (pb - pa) * (_hex_worth(st, seat, a) - _hex_worth(st, seat, b))


def _inventor(st: State, seat: int, plays: list[Action]) -> Action | None:
    best = max(plays, key=lambda a: inventor_gain(st, seat, *(HI[h] for h in a["hexes"])))
    gain = inventor_gain(st, seat, *(HI[h] for h in best["hexes"]))
    return best if gain >= INVENTOR_GAIN else None


def _intrigue(st: State, seat: int, plays: list[Action]) -> Action | None:
    """The leader's strongest knight at the end of one of the seat's roads, if one stands there."""
    top = leader(st, seat)
    theirs = [a for a in plays if st.k_owner[normal.VI[a["vertex"]]] == top]
    if not theirs:
        return None
    return max(theirs, key=lambda a: (st.k_level[normal.VI[a["vertex"]]], st.k_active[normal.VI[a["vertex"]]]))


def _diplomat(engine: Any, st: State, seat: int, plays: list[Action]) -> Action | None:
    """A rival's open road whose removal takes the Longest Road from it."""
    holder = st.longest
    if holder < 0 or holder == seat:
        return None
    for a in plays:
        if st.road[D.EDGE_INDEX[a["edge"]]] != holder:
            continue
        world = engine.clone(st)
        engine.apply(world, seat, a)
        if world.longest != holder:
            return a
    return None


def _merchant_worth(st: State, seat: int, h: int) -> tuple[float, float]:
    """How much the seat produces of hex h's resource (its 2:1 trade), then of the hex itself."""
    res = D.TERRAIN_YIELD[st.terrain[h]][0]
    if res < 0:
        return 0.0, 0.0
    total = 0.0
    for g in range(19):
        if g != st.robber and D.TERRAIN_YIELD[st.terrain[g]][0] == res:
            total += max(0.0, _hex_worth(st, seat, g)) * normal.pips(st.numbers[g])
    return total, max(0.0, _hex_worth(st, seat, h)) * normal.pips(st.numbers[h])


def _bishop_worth(st: State, seat: int, h: int, top: int) -> float:
    """How much the robber on hex h hurts the rivals (the leader twice as much); a hex of the
    seat's own is never chosen while another is free."""
    score = 0.0
    robbed: set[int] = set()
    for v in D.HEX_VERTICES[h]:
        o = st.b_owner[v]
        if o < 0:
            continue
        if o == seat:
            return -1000.0
        weight = 2 if st.b_kind[v] == CITY else 1
        score += (2 if o == top else 1) * weight * normal.pips(st.numbers[h])
        if R.hand_size(st, o):
            robbed.add(o)
    return score + sum(4 if o == top else 2 for o in robbed)


def progress_target(st: State, seat: int, plays: list[Action]) -> Action:
    """The best target among the plays of one progress card (``plays``: its legal actions)."""
    card = plays[0]["card"]
    hand = st.hand[seat]
    rivals = [p for p in range(st.n) if p != seat]
    if card in ("resource_monopoly", "trade_monopoly"):
        most = 2 if card == "resource_monopoly" else 1
        _, missing = _spare_and_missing(st, seat)

        def haul(a: Action) -> tuple[int, int, int, float]:
            k = D.KIND_INDEX[a["kind"]]
            taken = sum(min(most, st.hand[p][k]) for p in rivals)
            return taken, sum(st.hand[p][k] for p in rivals), missing[k], normal.WORTH[k]

        return max(plays, key=haul)
    if card == "merchant_fleet":
        spare, _ = _spare_and_missing(st, seat)
        return max(plays, key=lambda a: (spare[D.KIND_INDEX[a["kind"]]], hand[D.KIND_INDEX[a["kind"]]]))
    if card == "merchant":
        return max(plays, key=lambda a: _merchant_worth(st, seat, HI[a["hex"]]))
    if card == "bishop":
        top = leader(st, seat)
        return max(plays, key=lambda a: _bishop_worth(st, seat, HI[a["hex"]], top))
    if card in ("master_merchant", "spy", "deserter"):
        return max(plays, key=lambda a: leader_key(st, a["opponent"]))
    return plays[0]


#: what a progress card taken with the Spy is worth (the others 1)
SPY_WORTH = {
    "resource_monopoly": 5,
    "master_merchant": 4,
    "alchemist": 4,
    "merchant": 4,
    "medicine": 3,
    "crane": 3,
    "wedding": 3,
    "trade_monopoly": 3,
    "saboteur": 3,
    "warlord": 2,
    "smith": 2,
    "mining": 2,
    "irrigation": 2,
    "bishop": 2,
    "deserter": 2,
}


#: the steps of progress cards the expert answers otherwise than ``normal``
_TASKS = frozenset({"take_card", "take_cards", "remove_knight", "place_deserter"})


def task_step(engine: Any, st: State, seat: int) -> Action | None:
    """The expert's answer to the steps its progress cards (or a rival's) leave it, where it
    differs from ``normal``'s; the legal actions are listed only for those steps (a playout meets
    many others, such as discards on a seven)."""
    task = next((t for t in st.tasks if t.get("seat") == seat), None)
    if task is None or task["k"] not in _TASKS:
        return None
    acts = engine.legal(st, seat)
    if len(acts) <= 1:
        return None
    k = task["k"]
    if k == "take_card":  # Spy
        return max(acts, key=lambda a: SPY_WORTH.get(a["card"], 1))
    if k == "take_cards":  # Master Merchant: what the next build lacks first
        _, missing = _spare_and_missing(st, seat)
        hand = st.hand[seat]

        def value(a: Action) -> float:
            got = R.parse_cards(a["cards"])
            lacking = sum(min(got[i], max(0, missing[i])) for i in range(8))
            return 2 * lacking + normal.hand_value([hand[i] + got[i] for i in range(8)])

        return max(acts, key=value)
    if k == "remove_knight":  # a rival's Deserter: give up the weakest, an idle one first
        return min(acts, key=lambda a: (st.k_level[normal.VI[a["vertex"]]], st.k_active[normal.VI[a["vertex"]]]))
    if k == "place_deserter":
        sites = [a for a in acts if a["type"] == "place_knight"]
        if sites:
            return max(sites, key=lambda a: normal.vertex_worth(st, normal.VI[a["vertex"]]))
    return None


#: cards ``normal`` never plays that the expert plays when they pay
_SHREWD = ("inventor", "intrigue", "diplomat")


def shrewd_card(engine: Any, st: State, seat: int, by: dict[str, list[Action]]) -> Action | None:
    """An Inventor, Intrigue or Diplomat played where it pays (``by``: the legal actions by type)."""
    plays = by.get("play_progress")
    if not plays:
        return None
    for card in _SHREWD:
        mine = [a for a in plays if a["card"] == card]
        if not mine:
            continue
        if card == "inventor":
            chosen = _inventor(st, seat, mine)
        elif card == "intrigue":
            chosen = _intrigue(st, seat, mine)
        else:
            chosen = _diplomat(engine, st, seat, mine)
        if chosen is not None:
            return chosen
    return None


#: what ``normal`` may choose that the expert does otherwise or adds to
_REVISED = frozenset(
    {"build_city", "build_settlement", "buy_improvement", "end_turn", "discard_progress", "play_progress"}
)


def choose(engine: Any, state: State, seat: int, rng: random.Random) -> Action:
    if _drafting(state, seat):
        return normal.draft_step(state, seat, engine.legal(state, seat), _draft_terms(state, seat))
    if state.phase == "setup":
        acts = engine.legal(state, seat)
        if acts[0]["type"] in ("build_settlement", "build_city"):
            return _placed(state, acts, acts[0])
    if state.phase == "roll" and state.turn == seat and not state.tasks:
        roll = alchemist(state, seat, engine.legal(state, seat))
        if roll is not None:
            return roll
    action = normal.choose(engine, state, seat, rng)
    if state.tasks:
        return task_step(engine, state, seat) or action
    if state.phase != "main" or state.turn != seat or action["type"] not in _REVISED:
        return action
    acts = engine.legal(state, seat)  # listed once for every revision below
    if action["type"] == "play_progress":
        return progress_target(
            state, seat, [a for a in acts if a["type"] == "play_progress" and a["card"] == action["card"]]
        )
    if action["type"] in ("build_city", "build_settlement"):
        action = _placed(state, acts, action)
    if action["type"] in ("build_city", "buy_improvement"):
        return _with_card(acts, action)
    if action["type"] not in ("end_turn", "discard_progress"):
        return action
    by: dict[str, list[Action]] = {}
    for a in acts:
        by.setdefault(a["type"], []).append(a)
    card = shrewd_card(engine, state, seat, by)
    if card is not None:
        return card
    spare, missing = _spare_and_missing(state, seat)
    better = trade_offer(state, seat, by.get("offer_trade", []), spare, missing)
    if better is None and "offer_compose" in by and not state.asked and composed_offer(state, seat) is not None:
        better = by["offer_compose"][0]
    if better is None and action["type"] == "end_turn":
        better = bank_trade(by.get("maritime_trade", []), spare, missing)
    return better or action
