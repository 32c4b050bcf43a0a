"""War Chest rules (shared/rules/war-chest.md) as functions over ``WarChestState``.

The bag and the draw (§9.1, §9.2.4), the stalemate guard's frozen-board test, each decision's
options (the actions ``legal`` lists, and beside each what ``apply`` needs: the acting unit's hex,
a Cavalry's targets) and the effects of an action (§10-§12). The engine module holds the protocol
and the flow: whose decision it is, caching the options, matching an action and ending turns and
rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import add
from typing import Any

from games.core import Action, Event, event
from games.rng import Chance
from games.war_chest import actions as A
from games.war_chest import data as D
from games.war_chest.actions import parse_coin
from games.war_chest.data import (
    ARCHER,
    BERSERKER,
    CAVALRY,
    CROSSBOWMAN,
    ENSIGN,
    FOOTMAN,
    HEX_NAMES,
    KNIGHT,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    MERCENARY,
    PIKEMAN,
    ROYAL,
    ROYAL_GUARD,
    SCOUT,
    SWORDSMAN,
    UNIT_NAMES,
    WARRIOR_PRIEST,
)
from games.war_chest.state import SeatState, Unit, WarChestState, zero_counts

HAND_SIZE = 3
# splitmix64 (games.rng.Rng), inlined in the round's draw
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_LIMITS = (0,) + tuple(_TWO64 - _TWO64 % n for n in range(1, 64))  # Rng.below's rejection bound per bag size
# per lane count: (1 in each lane, k golden steps in lane k-1, the low 64 bits of each lane)
_LANES = (None,) + tuple(
    (
        sum(1 << 128 * i for i in range(k)),
        sum((i + 1) * _GOLDEN << 128 * i for i in range(k)),
        sum(_MASK << 128 * i for i in range(k)),
    )
    for k in range(1, 13)
)
# [players][seat]: the seats in turn order starting with it
_FROM = {n: tuple(tuple((t + k) % n for k in range(n)) for t in range(n)) for n in (2, 4)}
_KINDS = range(D.NKINDS)
_ATTACKS = D.ATTACKS_NORMALLY
HEX_BY_NAME = {n: i for i, n in enumerate(HEX_NAMES)}
KIND_BY_NAME = {n: i for i, n in enumerate(UNIT_NAMES)}  # canonical names only (listed actions)
# per board and hex: the Crossbowman's (destination, middle) pairs in order; hexes 1-2 steps away
_STRAIGHT2 = {p: tuple(tuple(sorted(s)) for s in b.straight2) for p, b in D.BOARDS.items()}
_WITHIN2 = {p: tuple(frozenset(w) for w in b.within2) for p, b in D.BOARDS.items()}
_RING2 = {p: tuple(frozenset(w) for w in b.ring2) for p, b in D.BOARDS.items()}
# [players][hex]: (hex two steps away, the hexes between) in ring order (Light Cavalry)
_RING2_VIA = {
    p: tuple(tuple((x, b.via[h][x]) for x in b.ring2[h]) for h in range(len(HEX_NAMES))) for p, b in D.BOARDS.items()
}
# [players][Ensign's hex][ally's hex]: the ally's neighbours within two hexes of the Ensign
_ENSIGN_STEPS = {
    p: tuple(
        {x: tuple(n for n in b.neighbours[x] if n in b.within2[h]) for x in b.within2[h]} for h in range(len(HEX_NAMES))
    )
    for p, b in D.BOARDS.items()
}
# [players][hex][neighbour]: the neighbour's own neighbours but the hex (a Cavalry's targets after its move)
_BEYOND = {
    p: tuple({n: tuple(x for x in b.neighbours[n] if x != h) for n in b.neighbours[h]} for h in range(len(HEX_NAMES)))
    for p, b in D.BOARDS.items()
}

_NONES: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(64))

Extra = dict[str, Any] | None
# the options of one decision: the actions legal lists, and beside each what apply needs
Options = tuple[list[Action], list[Extra]]


class ScriptError(Exception):
    """A scripted chance value that is not allowed at that point (§18)."""


# a round's private draw event: [seat][coin kind], copied per draw ("to" filled in)
_ROUND_DRAW: tuple[tuple[Event, ...], ...] = tuple(
    tuple(
        {
            "type": "draw",
            "kind": "draw",
            "seat": s,
            "result": UNIT_NAMES[k],
            "scripted": False,
            "source": "rng",
            "reason": "round",
            "to": None,
        }
        for k in range(D.NKINDS)
    )
    for s in range(4)
)


# the public companion of a seat's round draw: [seat][coins drawn]
_ROUND_DREW: tuple[tuple[Event, ...], ...] = tuple(
    tuple({"type": "drew", "seat": s, "count": c, "reason": "round"} for c in range(HAND_SIZE + 1)) for s in range(4)
)


def _draw_event(seat: int, kind: int, scripted: bool, reason: str) -> Event:
    """The private ``draw`` event, built by hand: the hottest event (one per coin drawn)."""
    return {
        "type": "draw",
        "kind": "draw",
        "seat": seat,
        "result": UNIT_NAMES[kind],
        "scripted": scripted,
        "source": "script" if scripted else "rng",
        "reason": reason,
        "to": [seat],
    }


def _enemy(st: WarChestState, x: int, team: int, height: int) -> bool:
    """Whether a unit of ``team`` with ``height`` coins may attack the unit on ``x`` (Knight rule)."""
    v = st.at.get(x)
    if v is None:
        return False
    t = st.units[v]
    return (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2)


def _first(pair: tuple[int, Unit]) -> int:
    return pair[0]


def _hex_of(u: Unit) -> int:
    return u.hex


def _with_at(action: Action, here: str) -> Action:
    """A coin action naming its unit's hex right after the coin (two units of one kind)."""
    out: Action = {"type": action["type"], "coin": action["coin"], "at": here}
    for key, val in action.items():
        if key not in out:
            out[key] = val
    return out


# -- the bag -----------------------------------------------------------------------------------------------


def fill_bags(st: WarChestState) -> None:
    for sd in st.seats:
        for k in sd.cards:
            sd.bag[k] = D.BAG_PER_TYPE
            sd.supply[k] = D.COINS[k] - D.BAG_PER_TYPE
        sd.bag[ROYAL] = 1


def draw(st: WarChestState, seat: int, ev: list[Event], reason: str) -> int | None:
    """One coin from the seat's bag, refilling from the discard if needed (§9.1)."""
    sd = st.seats[seat]
    bag = sd.bag
    total = sum(bag) or refill(sd, seat, ev)
    if total == 0:
        return None
    chance = st.chance
    scripted = chance.peek("draws", str(seat)) if chance.script else Chance.NONE
    if scripted is not Chance.NONE:
        kind = parse_coin(scripted)
        if kind is None or bag[kind] == 0:
            raise ScriptError(f"script draw {scripted!r} for seat {seat}: that coin is not in the bag")
        chance.take("draws", str(seat))
        from_script = True
    else:
        r = chance.rng.below(total)
        kind = 0
        for count in bag:  # the r-th coin of the bag in kind order
            if r < count:
                break
            r -= count
            kind += 1
        from_script = False
    bag[kind] -= 1
    ev.append(_draw_event(seat, kind, from_script, reason))
    return kind


def refill(sd: SeatState, seat: int, ev: list[Event]) -> int:
    """An empty bag takes the whole discard (§9.1); the new bag size (0: nothing to draw)."""
    total = sum(sd.up) + sum(sd.down)
    if total:
        sd.bag[:] = map(add, sd.up, sd.down)  # the bag is empty: it becomes the discard
        sd.up = zero_counts()
        sd.down = zero_counts()
        ev.append({"type": "refill", "seat": seat, "count": total})
    return total


def draw_hand(st: WarChestState, seat: int, ev: list[Event]) -> int:
    """A round's draw of one seat, up to three coins (§9.2.4); how many it got."""
    if not st.chance.script:
        return draw_hands(st, (seat,), ev, announce=False)[0]
    hand = st.seats[seat].hand
    count = 0
    while count < HAND_SIZE:  # coin by coin while a script may decide
        kind = draw(st, seat, ev, "round")
        if kind is None:
            break
        hand[kind] += 1
        count += 1
    return count


def draw_hands(st: WarChestState, seats: Sequence[int], ev: list[Event], *, announce: bool = True) -> list[int]:
    """The round's draw of these seats in turn (§9.2.4), each followed by its public ``drew``
    event when ``announce``; how many coins each got.

    With nothing scripted the generator's draws are taken as ``Rng.below`` would (one
    splitmix64 output per try, rejected above the bound), but all the round's outputs are
    mixed at once in 128-bit lanes of one integer: a big-integer operation costs little more
    for a dozen outputs than for one."""
    if st.chance.script:
        counts = []
        for seat in seats:
            counts.append(draw_hand(st, seat, ev))
            if announce:
                ev.append(_ROUND_DREW[seat][counts[-1]].copy())
        return counts
    rng = st.chance.rng
    start = rng.state
    used = 0  # outputs taken so far
    left = HAND_SIZE * len(seats)
    lanes = _splitmix_lanes(start, left)
    counts = []
    for seat in seats:
        sd = st.seats[seat]
        hand = sd.hand
        bag = sd.bag
        total = sum(bag)
        count = 0
        while count < HAND_SIZE:
            if total == 0:
                total = _refill_empty(sd, seat, ev)
                if total == 0:
                    break
                bag = sd.bag
            limit = _LIMITS[total] if total < len(_LIMITS) else _TWO64 - _TWO64 % total
            while True:  # Rng.below: rejection keeps it unbiased
                if not left:  # only after a rejection (odds below 2**-58 a try)
                    left = HAND_SIZE
                    lanes = _splitmix_lanes((start + used * _GOLDEN) & _MASK, left)
                z = lanes & _MASK
                lanes >>= 128
                left -= 1
                used += 1
                if z < limit:
                    break
            r = z % total
            for kind in compress(_KINDS, bag):  # the r-th coin of the bag in kind order
                n = bag[kind]
                if r < n:
                    break
                r -= n
            bag[kind] -= 1
            total -= 1
            hand[kind] += 1
            count += 1
            drawn = _ROUND_DRAW[seat][kind].copy()  # a copy of a small dict costs less than building it
            drawn["to"] = [seat]
            ev.append(drawn)
        counts.append(count)
        if announce:
            ev.append(_ROUND_DREW[seat][count].copy())
    rng.state = (start + used * _GOLDEN) & _MASK
    return counts


def draw_pools(before: list[int], after: list[int], draws: list[Event]) -> list[tuple[list[int], list[int]]]:
    """A seat's draws of one action, from its ``draw`` and ``refill`` events in order, as
    (the pool drawn from, the kinds drawn in order): first its bag as it was, then after each
    refill the discard it became, known as what was drawn from it (and, for the last, what the bag
    holds afterwards)."""
    segments: list[tuple[list[int], list[int]]] = [(list(before), [])]
    for ev in draws:
        if ev["type"] == "refill":
            segments.append((zero_counts(), []))
        else:
            segments[-1][1].append(KIND_BY_NAME[ev["result"]])
    for i, (pool, kinds) in enumerate(segments):
        if i:
            for k in kinds:
                pool[k] += 1
            if i == len(segments) - 1:
                pool[:] = map(add, pool, after)
    return segments


def open_draw(segment: tuple[list[int], list[int]]) -> bool:
    """Whether a draw of the segment could have gone otherwise: a coin taken while its pool still
    held more than one kind."""
    pool, kinds = segment
    pool = list(pool)
    for k in kinds:
        if sum(1 for n in pool if n) > 1:
            return True
        pool[k] -= 1
    return False


def _splitmix_lanes(state: int, count: int) -> int:
    """The next ``count`` splitmix64 outputs after ``state`` (games.rng.Rng.next64), output i
    in bits 128*i to 128*i+63. Each lane keeps 64 spare bits, so a product never reaches the
    next lane, and the masks drop what a right shift brings down from it."""
    ones, steps, low = _LANES[count]
    z = (state * ones + steps) & low
    z = ((z ^ (z >> 30)) & low) * _MIX1 & low
    z = ((z ^ (z >> 27)) & low) * _MIX2 & low
    return (z ^ (z >> 31)) & low


def _refill_empty(sd: SeatState, seat: int, ev: list[Event]) -> int:
    """``refill`` for a bag known to be empty: the face-up discard list becomes the bag and the
    empty bag list the face-up discard, so only face-down coins are counted over."""
    up, down = sd.up, sd.down
    total = sum(up) + sum(down)
    if total:
        sd.bag, sd.up = up, sd.bag
        if any(down):
            for k in compress(_KINDS, down):
                up[k] += down[k]
            sd.down = [0] * D.NKINDS
        ev.append({"type": "refill", "seat": seat, "count": total})
    return total


# -- rounds ----------------------------------------------------------------------------------------------


def frozen(st: WarChestState) -> bool:
    """Whether the board is frozen for good (the engine's stalemate guard, checked each round).

    The board changes only by a coin that deploys, bolsters or maneuvers (granted maneuvers and
    attribute chains also start from such a coin); whether a coin kind can do that depends only
    on the board. So if no seat has, outside the board and the box, a coin of a kind whose unit
    is on the board or can be deployed now (nor the Royal Coin with its Royal Guard on the
    board), no marker can ever be placed again and the game could never end.
    """
    seats = st.seats
    for u in st.units.values():  # the common case, checked first: a coin can bolster its unit
        sd = seats[u.owner]
        k = u.kind
        if sd.bag[k] or sd.hand[k] or sd.up[k] or sd.down[k] or sd.supply[k]:
            return False
    board = D.BOARDS[st.players]
    on_board: set[tuple[int, int]] = {(u.owner, u.kind) for u in st.units.values()}
    stranded = [False, False]  # a team has a coin whose unit is off the board
    scout = False
    for seat, sd in enumerate(st.seats):
        team = seat & 1
        free_loc = any(h not in st.at and st.control.get(h) == team for h in board.locations)
        for k in range(ROYAL):
            if not (sd.bag[k] or sd.hand[k] or sd.up[k] or sd.down[k] or sd.supply[k]):
                continue
            if (seat, k) in on_board or free_loc:
                return False
            stranded[team] = True
            if k == SCOUT:
                scout = True
                if any(
                    (u.owner & 1) == team and any(n not in st.at for n in board.neighbours[u.hex])
                    for u in st.units.values()
                ):
                    return False
    # The Royal Coin only moves the Royal Guard: that matters only if it frees a location its
    # team could deploy on, or opens hexes for a stranded Scout.
    for u in st.units.values():
        if u.kind == ROYAL_GUARD:
            owner_of_loc = st.control.get(u.hex)
            # a Royal Guard that cannot move now never will on a frozen board
            if not scout and (owner_of_loc is None or not stranded[owner_of_loc]):
                continue
            guard = guard_of(st, u.owner)  # the one its Royal Coin moves
            if guard is not None and royal_dests(st, guard):
                return False
    return True


def new_round(st: WarChestState, ev: list[Event]) -> None:
    if frozen(st):
        st.phase = "over"
        st.stack.clear()
        ev.append(event("stalemate", round=st.round))
        return
    st.round += 1
    st.claimed = False
    ev.append({"type": "round_started", "round": st.round, "initiative": st.initiative})
    draw_hands(st, _FROM[st.players][st.initiative], ev)  # hands are empty when a round starts (§9.2.4)
    st.turn = st.initiative
    st.turn_done = False


# -- options ---------------------------------------------------------------------------------------------


def turn_options(st: WarChestState) -> Options:
    """The main-play options of the seat whose turn it is: every coin in hand, in kind order.

    The hottest code of random play. The commonest block, a coin whose only unit is on the
    board, is built here in one frame: its bolster, then ``coin_maneuvers`` spelled out (keep
    the two alike), since a Python call per coin and per unit costs more than the rest of it."""
    acts: list[Action] = []
    extras: list[Extra] = []
    seat = st.turn
    sd = st.seats[seat]
    index = st.index
    if index is not None and index[0] == st.next_uid and index[1] == len(st.units):
        mine = index[2][seat]  # units_by_kind, without the call
    else:
        mine = units_by_kind(st, seat)
    team = seat & 1
    # what every coin may do besides its unit's actions: the same for each kind in hand
    claim = not st.claimed and (st.initiative & 1) != team
    supply = sd.supply
    recruits = []
    for t in sd.cards:
        if supply[t]:
            recruits.append(t)
    tail_extras = _NONES[claim + len(recruits) + 1]
    board = D.BOARDS[st.players]
    at, units = st.at, st.units
    for kind in compress(_KINDS, sd.hand):  # the kinds in hand, without a Python-level test per kind
        own = mine.get(kind)
        if own is not None and len(own) == 1 and kind != FOOTMAN:
            u = own[0]
            h = u.hex
            extra = A.AT[h]
            acts.append(A.BOLSTER[kind])
            extras.append(extra)
            move = A.MOVE[kind]
            occupied = None
            for n in board.neighbours[h]:
                if n not in at:
                    acts.append(move[n])
                    extras.append(extra)
                elif occupied is None:
                    occupied = [n]
                else:
                    occupied.append(n)
            if h in board.location_set and st.control.get(h) != team:
                acts.append(A.CONTROL[kind])
                extras.append(extra)
            if occupied is not None and _ATTACKS[kind]:
                attack = A.ATTACK[kind]
                strong = u.height >= 2  # Knight rule
                for n in occupied:
                    t = units[at[n]]
                    if (t.owner & 1) != team and (strong or t.kind != KNIGHT):
                        acts.append(attack[n])
                        extras.append(extra)
            tactic = _TACTICS.get(kind)
            if tactic is not None:
                tactic(st, board, u, acts, extras)
        elif own is None:  # no unit of that kind on the board
            if kind != ROYAL:
                deploy = A.DEPLOY[kind]
                for h in deploy_spots(st, team, kind == SCOUT):
                    acts.append(deploy[h])
                    extras.append(None)
            elif ROYAL_GUARD in mine:  # the Royal Coin moves a Royal Guard
                unit_actions(st, seat, kind, mine, acts, extras)
        else:
            unit_actions(st, seat, kind, mine, acts, extras)
        if claim:
            acts.append(A.CLAIM[kind])
        recruit = A.RECRUIT[kind]
        for t in recruits:
            acts.append(recruit[t])
        acts.append(A.PASS[kind])
        extras += tail_extras
    return acts, extras


def units_by_kind(st: WarChestState, seat: int) -> dict[int, list[Unit]]:
    """That seat's units per kind, in the order of ``st.units`` (a Footman may have two).

    Kept on the state while no unit came or went: every deploy takes a new uid and every
    removal shrinks ``units``, so (next uid, unit count) tells when to rebuild. Units move
    in place, so callers sort a pair by hex themselves."""
    index = st.index
    if index is None or index[0] != st.next_uid or index[1] != len(st.units):
        per_seat: list[dict[int, list[Unit]]] = [{} for _ in range(st.players)]
        for u in st.units.values():
            mine = per_seat[u.owner]
            same = mine.get(u.kind)
            if same is None:
                mine[u.kind] = [u]
            else:
                same.append(u)
        index = st.index = (st.next_uid, len(st.units), per_seat)
    return index[2][seat]


def frame_options(st: WarChestState, top: dict[str, Any]) -> Options:
    k = top["k"]
    acts: list[Action] = []
    extras: list[Extra] = []
    if k == "soak":
        return list(A.SOAK), [None, None]
    if k == "warrior_priest":
        seat, coin = top["seat"], top["coin"]
        coin_actions(st, seat, coin, units_by_kind(st, seat), acts, extras)
        return acts, extras
    if k == "footman":
        for uid in top["left"]:
            u = st.units.get(uid)
            if u is not None:
                free_maneuvers(st, u, u.height, acts, extras, with_at=True)
        return acts, extras
    u = st.units.get(top["uid"])
    if u is None:
        return acts, extras
    extra = A.AT_COIN[u.kind][u.hex]
    if k == "cavalry":
        for t in attack_targets(st, u, u.height):
            acts.append(A.FREE_ATTACK[t])
            extras.append(extra)
        return acts, extras
    if k == "swordsman":
        at = st.at
        for n in D.BOARDS[st.players].neighbours[u.hex]:
            if n not in at:
                acts.append(A.FREE_MOVE[n])
                extras.append(extra)
    elif k == "berserker":
        if u.height >= 2:  # the last coin is never paid (§5.2)
            free_maneuvers(st, u, u.height - 1, acts, extras, with_at=False)
    elif k == "mercenary":
        free_maneuvers(st, u, u.height, acts, extras, with_at=False)
    if acts:
        acts.append(A.DECLINE)
        extras.append(None)
    return acts, extras


def attack_targets(st: WarChestState, u: Unit, height: int) -> list[int]:
    """Adjacent enemy units that unit may attack with the given height (Knight rule)."""
    team = u.owner & 1
    out = []
    units, at = st.units, st.at
    for n in D.BOARDS[st.players].neighbours[u.hex]:
        v = at.get(n)
        if v is not None:
            t = units[v]
            if (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
                out.append(n)
    return out


def free_maneuvers(
    st: WarChestState, u: Unit, height: int, acts: list[Action], extras: list[Extra], *, with_at: bool
) -> None:
    """Move, control and attack of one unit without a coin (Footman, Berserker, Mercenary)."""
    h = u.hex
    extra = A.AT_COIN[u.kind][h]
    at = st.at
    moves = A.FREE_MOVE_AT[h] if with_at else A.FREE_MOVE
    for n in D.BOARDS[st.players].neighbours[h]:
        if n not in at:
            acts.append(moves[n])
            extras.append(extra)
    if can_control(st, u):
        acts.append(A.FREE_CONTROL_AT[h] if with_at else A.FREE_CONTROL)
        extras.append(extra)
    if _ATTACKS[u.kind]:
        attacks = A.FREE_ATTACK_AT[h] if with_at else A.FREE_ATTACK
        for t in attack_targets(st, u, height):
            acts.append(attacks[t])
            extras.append(extra)


def can_control(st: WarChestState, u: Unit) -> bool:
    h = u.hex
    return h in D.BOARDS[st.players].location_set and st.control.get(h) != (u.owner & 1)


def coin_actions(
    st: WarChestState,
    seat: int,
    kind: int,
    mine: dict[int, list[Unit]],
    acts: list[Action],
    extras: list[Extra],
) -> None:
    """Every action of ``seat`` spending one coin of ``kind`` (§10); ``mine`` = its units by kind."""
    unit_actions(st, seat, kind, mine, acts, extras)
    if not st.claimed and (st.initiative & 1) != (seat & 1):
        acts.append(A.CLAIM[kind])
        extras.append(None)
    sd = st.seats[seat]
    supply = sd.supply
    recruit = A.RECRUIT[kind]
    for t in sd.cards:
        if supply[t]:
            acts.append(recruit[t])
            extras.append(None)
    acts.append(A.PASS[kind])
    extras.append(None)


def unit_actions(
    st: WarChestState,
    seat: int,
    kind: int,
    mine: dict[int, list[Unit]],
    acts: list[Action],
    extras: list[Extra],
) -> None:
    """The actions of a coin of ``kind`` that deploy or use its unit (the Royal Coin: its Royal Guard)."""
    team = seat & 1
    if kind != ROYAL:
        own = mine.get(kind, ())
        mine_n = len(own)
        if mine_n < (2 if kind == FOOTMAN else 1):
            deploy = A.DEPLOY[kind]
            for h in deploy_spots(st, team, kind == SCOUT):
                acts.append(deploy[h])
                extras.append(None)
        if mine_n == 1:
            u = own[0]
            acts.append(A.BOLSTER[kind])
            extras.append(A.AT[u.hex])
            coin_maneuvers(st, u, acts, extras)
        elif mine_n == 2:
            two_units(st, sorted(own, key=_hex_of), acts, extras)
        elif own:  # never in play; kept as the rules read for hand-made positions
            own = sorted(own, key=_hex_of)
            for u in own:
                acts.append(A.BOLSTER[kind])
                extras.append(A.AT[u.hex])
            for u in own:
                coin_maneuvers(st, u, acts, extras)
        # one Footman tactic per coin, whichever unit: it maneuvers every Footman (§5.6)
        if kind == FOOTMAN and own and footman_can(st, seat):
            acts.append(A.FOOTMAN_TACTIC)
            extras.append(None)
    else:
        guards = mine.get(ROYAL_GUARD)
        guard = guards[0] if guards and len(guards) == 1 else guard_of(st, seat) if guards else None
        if guard is not None:
            royal_tactic(st, guard, acts, extras)


def deploy_spots(st: WarChestState, team: int, scout: bool) -> list[int]:
    """Empty hexes a unit of that team may deploy to, in hex order (Scout: also next to allies)."""
    at = st.at
    # the held locations are the few keys of ``control``; sorted, they are in hex order
    spots = []
    for h, owner in st.control.items():
        if owner == team and h not in at:
            spots.append(h)
    spots.sort()
    if scout:
        board = D.BOARDS[st.players]
        extra = set(spots)
        for u in st.units.values():
            if (u.owner & 1) == team:
                extra.update(n for n in board.neighbours[u.hex] if n not in at)
        spots = sorted(extra)
    return spots


def two_units(st: WarChestState, own: Sequence[Unit], acts: list[Action], extras: list[Extra]) -> None:
    """Bolster and maneuvers when two units share the coin's kind: each action names its unit."""
    for u in own:
        acts.append({**A.BOLSTER[u.kind], "at": HEX_NAMES[u.hex]})
        extras.append(A.AT[u.hex])
    for u in own:
        mine: list[Action] = []
        coin_maneuvers(st, u, mine, extras)
        acts.extend(_with_at(a, HEX_NAMES[u.hex]) for a in mine)


def coin_maneuvers(st: WarChestState, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    """Move, control, attack and tactic of one unit paid with a coin of its kind, in that order
    (``turn_options`` repeats this for a main-play coin whose only unit is on the board)."""
    board = D.BOARDS[st.players]
    at, units = st.at, st.units
    h, kind, height = u.hex, u.kind, u.height
    team = u.owner & 1
    extra = A.AT[h]
    move = A.MOVE[kind]
    occupied = []
    for n in board.neighbours[h]:
        if n in at:
            occupied.append(n)
        else:
            acts.append(move[n])
            extras.append(extra)
    if h in board.location_set and st.control.get(h) != team:
        acts.append(A.CONTROL[kind])
        extras.append(extra)
    if occupied and _ATTACKS[kind]:
        attack = A.ATTACK[kind]
        for n in occupied:
            t = units[at[n]]
            if (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
                acts.append(attack[n])
                extras.append(extra)
    tactic = _TACTICS.get(kind)
    if tactic is not None:
        tactic(st, board, u, acts, extras)


# Tactics of the units that have one (§5), each listing its own actions after the maneuvers.


def _archer(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    # the enemies two hexes away, in hex order: found from the few units, not the ring's 12 hexes
    ring = _RING2[st.players][u.hex]
    team, height = u.owner & 1, u.height
    targets = []
    for t in st.units.values():
        if t.hex in ring and (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
            targets.append(t.hex)
    if targets:
        targets.sort()
        extra = A.AT[u.hex]
        tactic = A.TACTIC_TARGET[ARCHER]
        for x in targets:
            acts.append(tactic[x])
            extras.append(extra)


def _crossbowman(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    h = u.hex
    extra = A.AT[h]
    tactic = A.TACTIC_TARGET[CROSSBOWMAN]
    at = st.at
    for x, mid in _STRAIGHT2[st.players][h]:
        if mid not in at and _enemy(st, x, u.owner & 1, u.height):
            acts.append(tactic[x])
            extras.append(extra)


def _cavalry(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    h = u.hex
    here = HEX_NAMES[h]
    team, height = u.owner & 1, u.height
    tactic = A.TACTIC_TO[CAVALRY]
    at, units = st.at, st.units
    beyond = _BEYOND[st.players][h]
    for n in board.neighbours[h]:
        if n in at:
            continue
        targets = None  # D4: the move must be followed by a legal attack
        for x in beyond[n]:
            v = at.get(x)
            if v is not None:
                t = units[v]
                if (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
                    if targets is None:
                        targets = [HEX_NAMES[x]]
                    else:
                        targets.append(HEX_NAMES[x])
        if targets is not None:
            acts.append(tactic[n])
            extras.append({"at": here, "targets": tuple(targets)})


def _lancer(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    h = u.hex
    here = HEX_NAMES[h]
    team, height = u.owner & 1, u.height
    tactic = A.TACTIC_TO[LANCER]
    at = st.at
    for ray in board.rays[h]:
        # one or two empty hexes in a straight line, then an enemy to attack
        if len(ray) <= 1 or ray[0] in at:
            continue
        if _enemy(st, ray[1], team, height):
            acts.append(tactic[ray[0]])
            extras.append({"at": here, "target": HEX_NAMES[ray[1]]})
        if len(ray) <= 2 or ray[1] in at:
            continue
        if _enemy(st, ray[2], team, height):
            acts.append(tactic[ray[1]])
            extras.append({"at": here, "target": HEX_NAMES[ray[2]]})


def _light_cavalry(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    h = u.hex
    extra = A.AT[h]
    tactic = A.TACTIC_TO[LIGHT_CAVALRY]
    at = st.at
    for x, via in _RING2_VIA[st.players][h]:
        if x in at:
            continue
        for m in via:  # a free hex between
            if m not in at:
                acts.append(tactic[x])
                extras.append(extra)
                break


def _ensign(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    h = u.hex
    extra = A.AT[h]
    team = u.owner & 1
    at = st.at
    near = _WITHIN2[st.players][h]
    # the allies within two hexes, in hex order: found from the few units, not 18 hexes
    allies = []
    for t in st.units.values():
        if t.hex in near and (t.owner & 1) == team:
            allies.append(t.hex)
    allies.sort()
    steps = _ENSIGN_STEPS[st.players][h]
    for x in allies:
        tactic = A.TACTIC_UNIT_TO[x]
        for n in steps[x]:
            if n not in at:
                acts.append(tactic[n])
                extras.append(extra)


def _marshall(st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
    h = u.hex
    extra = A.AT[h]
    team = u.owner & 1
    near = _WITHIN2[st.players][h]
    # the allies within two hexes that attack normally, in hex order (from the units, as the Ensign)
    allies = []
    for t in st.units.values():
        if t.hex in near and (t.owner & 1) == team and _ATTACKS[t.kind]:
            allies.append((t.hex, t))
    allies.sort(key=_first)
    for x, ally in allies:
        tactic = A.TACTIC_UNIT_TARGET[x]
        for t in attack_targets(st, ally, ally.height):
            acts.append(tactic[t])
            extras.append(extra)


def footman_can(st: WarChestState, seat: int) -> bool:
    """Whether some Footman of that seat has a free maneuver (move, control or attack)."""
    at = st.at
    board = D.BOARDS[st.players]
    for u in st.units.values():
        if u.owner == seat and u.kind == FOOTMAN:
            if any(n not in at for n in board.neighbours[u.hex]) or can_control(st, u):
                return True
            if attack_targets(st, u, u.height):
                return True
    return False


def guard_of(st: WarChestState, seat: int) -> Unit | None:
    return next((u for u in st.units.values() if u.owner == seat and u.kind == ROYAL_GUARD), None)


def royal_dests(st: WarChestState, guard: Unit) -> list[int]:
    """Where the Royal Coin's tactic may move that Royal Guard."""
    board = D.BOARDS[st.players]
    at = st.at
    h = guard.hex
    if st.royal_guard == "original":
        return [n for n in board.neighbours[h] if n not in at]
    team = guard.owner & 1
    ok = {x for x in board.locations if x not in at and st.control.get(x) == team}
    dests = [n for n in board.neighbours[h] if n in ok]
    dests += [x for x in board.ring2[h] if x in ok and any(m not in at for m in board.via[h][x])]
    dests.sort()
    return dests


def royal_tactic(st: WarChestState, guard: Unit, acts: list[Action], extras: list[Extra]) -> None:
    extra = A.AT[guard.hex]
    tactic = A.TACTIC_TO[ROYAL]
    for n in royal_dests(st, guard):
        acts.append(tactic[n])
        extras.append(extra)


# -- effects ---------------------------------------------------------------------------------------------


def draft(st: WarChestState, seat: int, kind: int, ev: list[Event]) -> None:
    st.draft_pool.remove(kind)
    st.seats[seat].cards.append(kind)
    ev.append(event("drafted", seat=seat, unit=UNIT_NAMES[kind], auto=False))
    st.draft_pick += 1
    if st.draft_pick == len(st.draft_order) - 1:
        last = st.draft_order[-1]
        k = st.draft_pool.pop()
        st.seats[last].cards.append(k)
        ev.append(event("drafted", seat=last, unit=UNIT_NAMES[k], auto=True))
        st.draft_pick += 1
        # §6.2 / D11: the second picker takes the initiative marker
        st.initiative = st.draft_order[1]
        st.phase = "play"
        fill_bags(st)
        new_round(st, ev)


def play(
    st: WarChestState,
    seat: int,
    coin: int,
    act: Action,
    extra: dict[str, Any],
    norm: dict[str, Any],
    ev: list[Event],
) -> None:
    """Spend ``coin`` (from hand or the Warrior Priest's draw) on one action of §10."""
    typ = act["type"]
    if typ == "move":  # the commonest action first; of a move's triggers only the Berserker's follows
        st.seats[seat].up[coin] += 1  # a maneuver's coin goes face-up
        uid = st.at[HEX_BY_NAME[extra["at"]]]
        move(st, uid, HEX_BY_NAME[act["to"]], ev, "coin")
        if coin == BERSERKER:
            after(st, uid, "move", ev)
        return
    sd = st.seats[seat]
    name = UNIT_NAMES[coin]
    if typ == "deploy":
        h = HEX_BY_NAME[act["to"]]
        uid = st.next_uid
        st.next_uid += 1
        st.units[uid] = Unit(uid, seat, coin, 1, h)
        st.at[h] = uid
        ev.append({"type": "deployed", "seat": seat, "unit": name, "at": act["to"]})
        return
    if typ == "bolster":
        u = st.units[st.at[HEX_BY_NAME[extra["at"]]]]
        u.height += 1
        ev.append({"type": "bolstered", "seat": seat, "unit": name, "at": extra["at"], "height": u.height})
        return
    if typ in ("claim_initiative", "recruit", "pass"):
        sd.down[coin] += 1
        if typ == "claim_initiative":
            st.initiative = seat
            st.claimed = True
            ev.append({"type": "initiative_claimed", "seat": seat})
        elif typ == "recruit":
            t = KIND_BY_NAME[act["unit"]]
            sd.supply[t] -= 1
            sd.up[t] += 1
            ev.append({"type": "recruited", "seat": seat, "unit": act["unit"]})
            if t == MERCENARY:
                merc = next((u for u in st.units.values() if u.owner == seat and u.kind == MERCENARY), None)
                if merc is not None:
                    st.stack.append({"k": "mercenary", "seat": seat, "uid": merc.uid})
        else:
            ev.append({"type": "passed", "seat": seat})
        return
    # maneuvers: the coin goes face-up
    sd.up[coin] += 1
    if typ != "tactic":
        maneuver(st, st.at[HEX_BY_NAME[extra["at"]]], act, ev, "coin")
        return
    if coin == ROYAL:
        guard = st.at[HEX_BY_NAME[extra["at"]]]
        ev.append(event("tactic", seat=seat, unit="Royal Guard", at=extra["at"]))
        move(st, guard, HEX_BY_NAME[act["to"]], ev, "royal_guard")
        return
    tactic: Event = {"type": "tactic", "seat": seat, "unit": name}
    if "at" in extra:
        tactic["at"] = extra["at"]
    ev.append(tactic)
    if coin == FOOTMAN:
        left = sorted(u.uid for u in st.units.values() if u.owner == seat and u.kind == FOOTMAN)
        st.stack.append({"k": "footman", "seat": seat, "left": left})
        return
    uid = st.at[HEX_BY_NAME[extra["at"]]]
    if coin in (ARCHER, CROSSBOWMAN):
        attack(st, uid, st.at[HEX_BY_NAME[act["target"]]], ev, name)
    elif coin == LIGHT_CAVALRY:
        move(st, uid, HEX_BY_NAME[act["to"]], ev, name)
    elif coin == LANCER:
        move(st, uid, HEX_BY_NAME[act["to"]], ev, name)
        attack(st, uid, st.at[HEX_BY_NAME[extra["target"]]], ev, name)
    elif coin == CAVALRY:
        move(st, uid, HEX_BY_NAME[act["to"]], ev, name)
        target = norm.get("target")
        targets = extra["targets"]
        if target is None and len(targets) == 1:
            target = targets[0]
        if target is None:
            st.stack.append({"k": "cavalry", "seat": seat, "uid": uid})
        else:
            attack(st, uid, st.at[HEX_BY_NAME[target]], ev, name)
    elif coin == ENSIGN:
        ally = st.at[HEX_BY_NAME[act["unit"]]]
        move(st, ally, HEX_BY_NAME[act["to"]], ev, name)
        after(st, ally, "move", ev)
    elif coin == MARSHALL:
        ally = st.at[HEX_BY_NAME[act["unit"]]]
        attack(st, ally, st.at[HEX_BY_NAME[act["target"]]], ev, name)


def maneuver(st: WarChestState, uid: int, act: Action, ev: list[Event], via: str) -> None:
    typ = act["type"]
    if typ == "move":
        move(st, uid, HEX_BY_NAME[act["to"]], ev, via)
        after(st, uid, "move", ev)
    elif typ == "control":
        control(st, uid, ev, via)
    else:
        attack(st, uid, st.at[HEX_BY_NAME[act["target"]]], ev, via)


def move(st: WarChestState, uid: int, to: int, ev: list[Event], via: str) -> None:
    u = st.units[uid]
    del st.at[u.hex]
    frm = u.hex
    u.hex = to
    st.at[to] = uid
    ev.append(
        {
            "type": "moved",
            "seat": u.owner,
            "unit": UNIT_NAMES[u.kind],
            "from": HEX_NAMES[frm],
            "dest": HEX_NAMES[to],
            "via": via,
        }
    )


def control(st: WarChestState, uid: int, ev: list[Event], via: str) -> None:
    u = st.units[uid]
    team = u.owner & 1
    prev = st.control.get(u.hex)
    if prev is not None:
        st.reserve[prev] += 1
    st.control[u.hex] = team
    st.reserve[team] -= 1
    ev.append(
        event(
            "controlled",
            seat=u.owner,
            unit=UNIT_NAMES[u.kind],
            at=HEX_NAMES[u.hex],
            faction=D.FACTIONS[team],
            previous=None if prev is None else D.FACTIONS[prev],
            via=via,
        )
    )
    if st.reserve[team] == 0:  # §14 / R21: the last marker wins at once, before any trigger
        st.phase = "over"
        st.winner = team
        st.stack.clear()
        ev.append(
            event(
                "game_won",
                faction=D.FACTIONS[team],
                seats=[s for s in range(st.players) if s & 1 == team],
            )
        )
        return
    after(st, uid, "control", ev)


def attack(st: WarChestState, a_uid: int, d_uid: int, ev: list[Event], via: str) -> None:
    a, d = st.units[a_uid], st.units[d_uid]
    reflex = d.kind == PIKEMAN and D.distance(a.hex, d.hex) == 1
    ev.append(
        event(
            "attacked",
            seat=a.owner,
            unit=UNIT_NAMES[a.kind],
            at=HEX_NAMES[a.hex],
            target=HEX_NAMES[d.hex],
            target_unit=UNIT_NAMES[d.kind],
            target_seat=d.owner,
            via=via,
        )
    )
    if d.kind == ROYAL_GUARD and st.seats[d.owner].supply[ROYAL_GUARD] > 0:
        st.stack.append({"k": "soak", "seat": d.owner, "a": a_uid, "d": d_uid, "reflex": reflex})
        return
    damage(st, a_uid, d_uid, False, reflex, ev)


def damage(st: WarChestState, a_uid: int, d_uid: int, soak: bool, reflex: bool, ev: list[Event]) -> None:
    """Steps 2-4 of §11 (simultaneous), then the attacker's after-attack triggers."""
    d = st.units[d_uid]
    if soak:
        sd = st.seats[d.owner]
        sd.supply[ROYAL_GUARD] -= 1
        sd.gone[ROYAL_GUARD] += 1
        ev.append(event("soaked", seat=d.owner, unit=UNIT_NAMES[d.kind], at=HEX_NAMES[d.hex]))
    else:
        remove_coin(st, d, ev, "attack")
    if reflex and a_uid in st.units:
        remove_coin(st, st.units[a_uid], ev, "pikeman")
    if a_uid in st.units:
        after(st, a_uid, "attack", ev)


def remove_coin(st: WarChestState, u: Unit, ev: list[Event], cause: str) -> None:
    u.height -= 1
    st.seats[u.owner].gone[u.kind] += 1
    ev.append(
        event("coin_removed", seat=u.owner, unit=UNIT_NAMES[u.kind], at=HEX_NAMES[u.hex], height=u.height, cause=cause)
    )
    if u.height == 0:
        del st.units[u.uid]
        del st.at[u.hex]
        ev.append(event("unit_removed", seat=u.owner, unit=UNIT_NAMES[u.kind], at=HEX_NAMES[u.hex]))


def after(st: WarChestState, uid: int, what: str, ev: list[Event]) -> None:
    """Attributes triggered by a maneuver of that unit (§12); none once it has left the board."""
    if st.phase == "over":
        return
    u = st.units.get(uid)
    if u is None:
        return
    if u.kind == BERSERKER:
        st.stack.append({"k": "berserker", "seat": u.owner, "uid": uid})
    elif u.kind == SWORDSMAN and what == "attack":
        st.stack.append({"k": "swordsman", "seat": u.owner, "uid": uid})
    elif u.kind == WARRIOR_PRIEST and what in ("attack", "control"):
        coin = draw(st, u.owner, ev, "warrior_priest")
        ev.append(event("drew", seat=u.owner, count=0 if coin is None else 1, reason="warrior_priest"))
        if coin is not None:
            st.stack.append({"k": "warrior_priest", "seat": u.owner, "coin": coin})


# the units whose coin has a tactic listed with its maneuvers (the Footman's and the Royal Guard's
# are listed apart: one per coin, and with the Royal Coin)
_TACTICS = {
    ARCHER: _archer,
    CROSSBOWMAN: _crossbowman,
    CAVALRY: _cavalry,
    LANCER: _lancer,
    LIGHT_CAVALRY: _light_cavalry,
    ENSIGN: _ensign,
    MARSHALL: _marshall,
}
