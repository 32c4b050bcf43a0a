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
    worth = 0.0
    for v, owner in enumerate(st.b_owner):
        if owner < 0:
            continue
        for h in D.VERTEX_HEXES[v]:
            if h != st.robber and st.numbers[h] == total:
                worth += (1.0 if owner == seat else RIVAL_CARD) * (2 if st.b_kind[v] == CITY else 1)
    return worth


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


#: what ``normal`` may choose that the expert does otherwise or adds to
_REVISED = frozenset({"build_city", "build_settlement", "buy_improvement", "end_turn", "discard_progress"})


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
    if state.phase != "main" or state.tasks or state.turn != seat or action["type"] not in _REVISED:
        return action
    acts = engine.legal(state, seat)  # listed once for every revision below
    if action["type"] in ("build_city", "build_settlement"):
        action = _placed(state, acts, action)
    if action["type"] in ("build_city", "buy_improvement"):
        return _with_card(acts, action)
    if action["type"] not in ("end_turn", "discard_progress"):
        return action
    by: dict[str, list[Action]] = {}
    for a in acts:
        by.setdefault(a["type"], []).append(a)
    spare, missing = _spare_and_missing(state, seat)
    better = trade_offer(state, seat, by.get("offer_trade", []), spare, missing)
    if better is None and "offer_compose" in by and not state.asked and composed_offer(state, seat) is not None:
        better = by["offer_compose"][0]
    if better is None and action["type"] == "end_turn":
        better = bank_trade(by.get("maritime_trade", []), spare, missing)
    return better or action
