"""The ``normal`` AI for Im Schutze der Burg: a casual player's priorities, no search.

Selection: the Stonemason (or a worker, or the Bricklayer) when the resources for a building are
at hand, the Trader while helpers wait in the supply, the Messenger when taler run low, the
Master builder when the others are about to build (5 VP for each of their buildings) and it brings
good cards back. The first worker's free pieces are chosen so that the worker can build with them.
In a turn: build what scores most, counting the second building the pieces left can still pay for,
and pay the default (cheapest) way; with three or four seats a worker keeps the pieces for the
Stonemason still in hand, which scores a building's full VP where the worker scores half; place
castle helpers it can afford; take the most valuable pieces from the watchtower, a worker card and
the trade fields; buy from workers what is worth more than its price. Scored, never simulated, so
``hard`` can use it in rollouts.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.burg.data import CARDS, FIELD_RESOURCE, FIELDS, MARKET_SPACES, RESOURCES
from games.burg.rules import cap_holdings, payments
from games.burg.state import State
from games.core import Action, share_of_win

RES = {r: i for i, r in enumerate(RESOURCES)}
FIELD = {f: i for i, f in enumerate(FIELDS)}
CARD = {c: i for i, c in enumerate(CARDS)}
#: how often a rival's hidden pick is guessed as this heuristic would pick (else it stays the
#: uniform draw of ``determinize``): people do not all play like it
GUESSED = 0.8
#: a position's value per point of resource value held
WORTH = 0.25
#: the share of the best building a seat's pieces pay for that ``evaluate`` counts, with the
#: Stonemason in hand (half that without): the building is not erected yet, and may be lost
BUILD_SHARE = 0.6


def _values(s: State) -> tuple[int, ...]:
    return (*s.rules.values, s.rules.silver_value)


def _worth(s: State, res: list[int] | tuple[int, ...]) -> int:
    return sum(n * v for n, v in zip(res, _values(s)))


def _can_build(engine: Any, s: State, seat: int) -> bool:
    return bool(engine._legal_build(s, seat))


def _count_built(s: State, kind: str) -> int:
    return sum(1 for tid in s.built if s.rules.tile_by_id[tid].kind == kind)


def _space_value(s: State, seat: int, sid: str) -> float:
    """What a castle helper on this space should score at the end, guessed from the board now
    (``later`` is the share of the game still to come, when more gets built)."""
    rules = s.rules
    later = (rules.rounds - s.round) / rules.rounds
    open_spaces = sum(1 for x in rules.spaces if rules.space_building[x] in s.built and x not in s.spaces)
    helpers = len(s.spaces)
    towers, houses = _count_built(s, "tower"), _count_built(s, "house")
    unbuilt = rules.to_build - (len(s.built) - rules.prebuilt)
    p = s.players[seat]
    if sid.startswith("market"):  # the fee leaves the taler that would be converted
        return max(0, p.taler - rules.space_fee[sid]) / 2 + 2 * later
    if sid == "forge_10":
        return s.forge + 4 * later
    if sid == "forge_6":
        return (s.forge + 4 * later) / 2
    if sid.startswith("servants"):
        return unbuilt * (1 - 0.6 * later)
    if sid.startswith("palace"):
        return 12.0
    if sid == "keep":
        return 3 * max(0, open_spaces - 1 - 4 * later)
    if sid == "tavern_12":
        return helpers + 1 + 5 * later
    if sid == "tavern_6":
        return (helpers + 1 + 5 * later) / 2
    if sid == "great_gate":
        return 2 * (towers + 4 * later)
    if sid == "small_gate":
        return towers + 4 * later
    if sid == "stable_16":
        return 3 * (houses + 3 * later)
    if sid == "stable_12":
        return 2 * (houses + 3 * later)
    return 4.0  # a winter guest


def _held_value(s: State, seat: int, sid: str) -> float:
    """What a castle helper already on ``sid`` should score at the end (§13): scored only then, so
    a position value without it would see a placement as its fee lost."""
    if sid.startswith("market"):
        # the fee is paid; the taler convert at 1:2 (1:1 with both spaces), above the 0.3 each
        # that ``evaluate`` gives them anyway
        both = all(s.spaces.get(x) == seat for x in MARKET_SPACES)
        later = (s.rules.rounds - s.round) / s.rules.rounds
        return s.players[seat].taler * (0.35 if both else 0.2) + 2 * later
    return _space_value(s, seat, sid)


def _best_vp(s: State, have: tuple[int, ...], exclude: str = "") -> int:
    """Printed VP of the best unbuilt building ``have`` (5 counts) pays for exactly (other than
    ``exclude``)."""
    rules = s.rules
    best = 0
    for tile in rules.tiles:
        if tile.prebuilt or tile.id in s.built or tile.vp <= best or tile.id == exclude:
            continue
        if payments(cap_holdings(have, tile.cost, rules.values), tile.cost, rules.values, rules.min_types):
            best = tile.vp
    return best


#: what getting a played card back is worth to the Master builder's player
RETURNED = {
    "stonemason": 1.5,
    "worker_1": 1.0,
    "worker_2": 1.0,
    "worker_3": 1.0,
    "bricklayer": 0.6,
    "messenger": 0.6,
    "trader": 0.4,
}
BUILD_CARDS = ("stonemason", "bricklayer", "worker_1", "worker_2", "worker_3")


def _second_vp(s: State, seat: int, a: Action) -> int:
    """Printed VP of the best building the pieces left after this payment still pay for, when
    this action may build once more (up to two buildings an action, §9): a tower and a house
    can score more than one larger building."""
    t = s.task
    if t is None or t["builds"] + 1 >= s.rules.max_builds:
        return 0
    pay = a["payment"]
    left = tuple(n - pay.get(r, 0) for r, n in zip(RESOURCES, s.players[seat].res))
    return _best_vp(s, left, exclude=a["building"])


def _saving_for_the_stonemason(s: State, seat: int) -> bool:
    """A worker's build scores half a building's VP (§6.5): while the seat's Stonemason is still in
    hand and rounds remain, the pieces wait for it and its full VP. Not with two seats, where two
    cards a round bring a worker's turn and the Stonemason's close together: there waiting won no
    more games against building at once (measured over 600 seeded games)."""
    t = s.task
    return (
        t is not None
        and t["step"] == "build"
        and t["card"].startswith("worker")
        and "stonemason" in s.players[seat].hand
        and s.round < s.rules.rounds
        and s.n > 2
    )


def _builds_elsewhere(engine: Any, s: State, seat: int) -> float:
    """How many buildings the other seats should erect this round, which the Master builder
    scores: likely for a seat that can pay for one now and holds a card that builds, less likely
    for one that may get the pieces from a worker card."""
    expected = 0.0
    for p in range(s.n):
        if p == seat:
            continue
        hand = s.players[p].hand
        if not any(c in hand for c in BUILD_CARDS):
            continue
        expected += 0.8 if _can_build(engine, s, p) else 0.6 if any(c.startswith("worker") for c in hand) else 0.0
    return expected


def _card_value(engine: Any, s: State, seat: int, card: str, buildable: bool) -> float:
    p = s.players[seat]
    wealth = _worth(s, p.res)
    if card == "messenger":
        return 1.5 + (3.0 if p.taler < 4 else 0.0) - (2.0 if s.bank < 4 else 0.0)
    if card == "trader":
        return 1.0 + (3.0 if p.helpers > 0 else -1.0) * (s.rules.rounds - s.round) / s.rules.rounds
    if card == "bricklayer":
        return 0.5 + (1.0 if buildable else 0.0) + 0.1 * _worth(s, s.tower)
    if card == "stonemason":
        return (8.0 if buildable else 2.0 if wealth >= 6 and p.taler >= 2 else 0.0) + 0.5
    if card.startswith("worker"):
        return 2.5 + (2.0 if buildable or wealth >= 8 else 0.0)
    if card == "master_builder":
        back = sum(RETURNED.get(c, 0.0) for c in p.played)
        # with two picks a round (two seats) the hand comes round again soon anyway: held back more
        return 5.0 * _builds_elsewhere(engine, s, seat) + back - 2.5 * s.rules.cards_per_round
    return 0.0


def _select(engine: Any, s: State, seat: int, a: Action) -> float:
    cards = a.get("cards") or [a["card"]]
    buildable = _can_build(engine, s, seat)
    return sum(_card_value(engine, s, seat, c, buildable) for c in cards)


def _score(engine: Any, s: State, seat: int, a: Action, first_payment: set[str]) -> float:
    t = a["type"]
    values = _values(s)
    if t == "select":
        return _select(engine, s, seat, a)
    if t == "equip":
        have = list(s.players[seat].res)
        for r, n in s.rules.workers[a["card"]][0]:
            have[r] += n
        for r in a["resources"]:
            have[RES[r]] += 1
        return 0.1 * sum(values[RES[r]] for r in a["resources"]) + _best_vp(s, tuple(have))
    if t == "place_trader":
        f = FIELD[a["field"]]
        owner = s.field_owner[f]
        return 2.0 + s.rules.field_yield[f] * values[FIELD_RESOURCE[f]] * 0.5 + (1.0 if owner >= 0 else 0.0)
    if t == "watchtower":
        r = RES[a["resource"]]
        return s.tower[r] * values[r]
    if t == "buy":
        return values[RES[a["resource"]]] - 1.5
    if t == "build":
        tile = s.rules.tile_by_id[a["building"]]
        cheapest = a["building"] not in first_payment
        first_payment.add(a["building"])
        return 10.0 + 0.5 * (tile.vp + _second_vp(s, seat, a)) + (1.0 if cheapest else 0.0)
    if t == "place_helper":
        fee = s.rules.space_fee.get(a["space"], 0)
        later = (s.rules.rounds - s.round) / s.rules.rounds
        gain = _space_value(s, seat, a["space"]) - (0.1 + 0.4 * later) * fee
        return 0.5 + gain + (0.3 if a.get("from") == "supply" else 0.0)
    if t in ("done", "pass"):
        return 20.0 if _saving_for_the_stonemason(s, seat) else 0.5
    return 0.0


def choose(engine: Any, state: State, seat: int, rng: random.Random) -> Action:
    actions = engine.legal(state, seat)
    if len(actions) == 1:
        return actions[0]
    seen: set[str] = set()  # buildings whose first (cheapest) payment was scored
    best, best_score = actions[0], -math.inf
    for a in actions:
        score = _score(engine, state, seat, a, seen) + 0.2 * rng.random()
        if score > best_score:
            best, best_score = a, score
    return best


def _pieces_value(s: State, pl: Any) -> float:
    """What a seat's pieces are worth to it: a share of the best building they pay for, more with
    the Stonemason (full VP, §6.4) still in hand and rounds to come, else their resource value."""
    worth = WORTH * _worth(s, pl.res)
    if s.round >= s.rules.rounds:
        return worth
    share = BUILD_SHARE if "stonemason" in pl.hand else BUILD_SHARE / 2
    return max(worth, share * _best_vp(s, tuple(pl.res)))


def evaluate(engine: Any, state: State) -> dict[int, float]:
    """Roughly each seat's chance to win: a softmax of VP plus what taler and pieces may still buy."""
    s = state
    res = engine.result(s)
    if res is not None:
        return {p: share_of_win(engine, res, p) for p in range(s.n)}
    held: list[float] = [0.0] * s.n
    for sid, p in s.spaces.items():
        held[p] += _held_value(s, p, sid)
    scores = []
    for p in range(s.n):
        pl = s.players[p]
        scores.append(pl.vp + held[p] + 0.3 * pl.taler + _pieces_value(s, pl) + 0.5 * pl.helpers)
    top = max(scores)
    exps = [math.exp((x - top) / 4.0) for x in scores]
    total = sum(exps)
    return {p: exps[p] / total for p in range(s.n)}


def guess_hidden(engine: Any, world: State, seat: int, rng: random.Random) -> None:
    """The cards other seats have picked but not revealed, redrawn in ``world`` (a determinized
    copy) mostly as this heuristic would pick them from what is public: the uniform draw of
    ``determinize`` has rivals play the Master builder as often as the card their hand calls for."""
    if world.phase != "select":
        return
    selections = world.selections
    for p in range(world.n):
        if p == seat or selections[p] is None or rng.random() >= GUESSED:
            continue
        selections[p] = None
        a = choose(engine, world, p, rng)
        selections[p] = sorted(a.get("cards") or [a["card"]], key=CARD.__getitem__)
