"""Rule helpers of Cities & Knights: board queries, points, production, longest road.

Pure functions over ``State``; the engine module routes actions to them.
"""

from __future__ import annotations

from operator import ge
from typing import Any

from games.cities_knights import data as D
from games.cities_knights.state import CITY, NONE, SETTLEMENT, SIDEWAYS, State
from games.core import Event, IllegalAction, event

EDGES = D.EDGES
VERTEX_EDGES = D.VERTEX_EDGES
VERTEX_NEIGHBOURS = D.VERTEX_NEIGHBOURS
NV, NE = D.NV, D.NE


def kinds_dict(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    if not any(counts):
        return {}
    return {D.KINDS[i]: n for i, n in enumerate(counts) if n}


def indices(values: list[int], x: int) -> list[int]:
    """The positions of x in values, in order (``[i for i, o in enumerate(values) if o == x]``,
    found by the list's own count and index, several times faster for the few pieces of a seat)."""
    out = []
    i = -1
    index = values.index
    for _ in range(values.count(x)):
        i = index(x, i + 1)
        out.append(i)
    return out


def parse_kind(raw: Any, allowed: tuple[int, ...] = tuple(range(8))) -> int:
    if isinstance(raw, str):
        raw = raw.strip().lower()
        if raw in D.KIND_INDEX and D.KIND_INDEX[raw] in allowed:
            return D.KIND_INDEX[raw]
    raise IllegalAction("bad_kind", f"not a card kind here: {raw!r}")


def parse_cards(raw: Any) -> list[int]:
    """A multiset {kind: n} (or a list of kinds) as an 8-long count list."""
    if raw.__class__ is dict:  # the usual form, checked first
        out = [0] * 8
        index = D.KIND_INDEX
        for k, n in raw.items():
            i = index[k] if k in index else parse_kind(k)
            if n.__class__ is not int and (not isinstance(n, int) or isinstance(n, bool)) or n < 0:
                raise IllegalAction("bad_cards", f"bad count for {k}")
            out[i] += n
        return out
    if isinstance(raw, list):
        out = [0] * 8
        for k in raw:
            out[parse_kind(k)] += 1
        return out
    if not isinstance(raw, dict):
        raise IllegalAction("bad_cards", "cards must be an object {kind: count}")
    out = [0] * 8
    index = D.KIND_INDEX
    for k, n in raw.items():
        i = index[k] if k in index else parse_kind(k)  # exact names skip the lenient parse
        if n.__class__ is not int and (not isinstance(n, int) or isinstance(n, bool)) or n < 0:
            raise IllegalAction("bad_cards", f"bad count for {k}")
        out[i] += n
    return out


def parse_vertex(raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < NV:
        return raw
    if isinstance(raw, str) and raw in D.VERTEX_INDEX:
        return D.VERTEX_INDEX[raw]
    raise IllegalAction("bad_vertex", f"no such intersection: {raw!r}")


def parse_edge(raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < NE:
        return raw
    if isinstance(raw, str):
        if raw in D.EDGE_INDEX:
            return D.EDGE_INDEX[raw]
        parts = raw.split("|")
        if len(parts) == 2 and parts[0] in D.VERTEX_INDEX and parts[1] in D.VERTEX_INDEX:
            e = D.EDGE_BY_PAIR.get((D.VERTEX_INDEX[parts[0]], D.VERTEX_INDEX[parts[1]]))
            if e is not None:
                return e
    if isinstance(raw, list | tuple) and len(raw) == 2:
        a, b = parse_vertex(raw[0]), parse_vertex(raw[1])
        e = D.EDGE_BY_PAIR.get((a, b))
        if e is not None:
            return e
    raise IllegalAction("bad_edge", f"no such path: {raw!r}")


def parse_hex(raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < 19:
        return raw
    if isinstance(raw, str) and raw.replace(" ", "") in D.HEX_ID_INDEX:
        return D.HEX_ID_INDEX[raw.replace(" ", "")]
    if isinstance(raw, list | tuple) and len(raw) == 2 and tuple(raw) in D.HEX_INDEX:
        return D.HEX_INDEX[tuple(raw)]  # type: ignore[index]
    raise IllegalAction("bad_hex", f"no such hex: {raw!r}")


def parse_track(raw: Any) -> int:
    if isinstance(raw, str):
        raw = raw.strip().lower()
        raw = {"green": "science", "yellow": "trade", "blue": "politics"}.get(raw, raw)
        if raw in D.TRACK_INDEX:
            return D.TRACK_INDEX[raw]
    raise IllegalAction("bad_track", f"no such track: {raw!r}")


def parse_seat(st: State, raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < st.n:
        return raw
    raise IllegalAction("bad_seat", f"no such seat: {raw!r}")


# -- points ------------------------------------------------------------------------------------


def points(st: State, p: int) -> int:
    """Victory points: ``points_bound`` less one for each of the player's pillaged cities (a
    pillaged city lies sideways and counts 1, not 2; the board is scanned only when one exists)."""
    v = points_bound(st, p)
    if SIDEWAYS in st.b_kind:
        b_owner = st.b_owner
        v -= sum(1 for i, k in enumerate(st.b_kind) if k == SIDEWAYS and b_owner[i] == p)
    return v


def points_bound(st: State, p: int) -> int:
    """Points without the pillaged cities' deduction: never less than ``points``, and cheaper, so
    a win check can rule most positions out with it. Buildings come from the supply counters
    (every piece is on the board or in the supply, §18): settlements 1, cities 2; the board is
    scanned only for metropolises."""
    v = (5 - st.settlements_left[p]) + 2 * (4 - st.cities_left[p])
    metro = st.metro
    if metro.count(-1) != NV:
        b_owner = st.b_owner
        v += 2 * sum(1 for i, m in enumerate(metro) if m >= 0 and b_owner[i] == p)
    if st.longest == p:
        v += 2
    if st.merchant_owner == p:
        v += 1
    return v + st.defenders[p] + len(st.vp_cards[p])


def points_detail(st: State, p: int) -> dict[str, int]:
    settlements = sum(1 for i in range(NV) if st.b_owner[i] == p and st.b_kind[i] in (SETTLEMENT, SIDEWAYS))
    cities = sum(1 for i in range(NV) if st.b_owner[i] == p and st.b_kind[i] == CITY)
    metros = sum(1 for i in range(NV) if st.b_owner[i] == p and st.metro[i] >= 0)
    return {
        "settlements": settlements,
        "cities": 2 * cities,
        "metropolises": 2 * metros,
        "longest_road": 2 if st.longest == p else 0,
        "merchant": 1 if st.merchant_owner == p else 0,
        "defenders": st.defenders[p],
        "progress": len(st.vp_cards[p]),
    }


def hand_size(st: State, p: int) -> int:
    return sum(st.hand[p])


def discard_limit(st: State, p: int) -> int:
    return 7 + 2 * (3 - st.walls_left[p])


def has_city(st: State, p: int) -> bool:
    b_owner = st.b_owner
    for i, kind in enumerate(st.b_kind):  # noqa: SIM110 - a plain loop is faster in this hot path
        if kind == CITY and b_owner[i] == p:
            return True
    return False


def available_cities(st: State, p: int) -> list[int]:
    return [i for i in range(NV) if st.b_owner[i] == p and st.b_kind[i] == CITY and st.metro[i] < 0]


def buildings_of(st: State, p: int) -> list[int]:
    return [i for i in range(NV) if st.b_owner[i] == p]


def touches_building(st: State, h: int, p: int) -> bool:
    return any(st.b_owner[v] == p for v in D.HEX_VERTICES[h])


def owners_on_hex(st: State, h: int) -> list[int]:
    return sorted({st.b_owner[v] for v in D.HEX_VERTICES[h] if st.b_owner[v] >= 0})


# -- placement rules ---------------------------------------------------------------------------


def free_vertex(st: State, v: int) -> bool:
    return st.b_owner[v] < 0 and st.k_owner[v] < 0


def distance_ok(st: State, v: int) -> bool:
    if st.b_owner[v] >= 0 or st.k_owner[v] >= 0:
        return False
    return all(st.b_owner[w] < 0 for w in VERTEX_NEIGHBOURS[v])


def has_road_at(st: State, p: int, v: int, skip: int = -1) -> bool:
    road = st.road
    return any(road[e] == p and e != skip for e in VERTEX_EDGES[v])


def can_settle(st: State, p: int, v: int) -> bool:
    return distance_ok(st, v) and has_road_at(st, p, v)


def _connects(st: State, p: int, v: int, e: int) -> bool:
    if st.b_owner[v] == p:
        return True
    if st.b_owner[v] >= 0 or st.k_owner[v] not in (-1, p):
        return False
    return has_road_at(st, p, v, e)


def can_road(st: State, p: int, e: int) -> bool:
    if st.road[e] >= 0:
        return False
    a, b = EDGES[e]
    return _connects(st, p, a, e) or _connects(st, p, b, e)


def road_vertices(st: State, p: int) -> list[int]:
    """The intersections touched by one of p's roads, in index order."""
    touched: set[int] = set()
    for e in indices(st.road, p):
        touched.update(EDGES[e])
    return sorted(touched)


def road_edges(st: State, p: int, exclude: int = -1, touched: list[int] | None = None) -> list[int]:
    """Free paths p may build on (= ``can_road``), in index order: only paths at p's own
    buildings or at the open ends of p's roads qualify, so only those are looked at.
    ``touched`` = ``road_vertices(st, p)`` when the caller has it."""
    if st.roads_left[p] <= 0:
        return []
    b_owner, k_owner, road = st.b_owner, st.k_owner, st.road
    ends = indices(b_owner, p)
    for v in road_vertices(st, p) if touched is None else touched:
        if b_owner[v] < 0 and (k_owner[v] < 0 or k_owner[v] == p):
            ends.append(v)
    found = {e for v in ends for e in VERTEX_EDGES[v] if road[e] < 0}
    found.discard(exclude)
    return sorted(found)


def knight_sites(st: State, p: int, touched: list[int] | None = None) -> list[int]:
    b_owner, k_owner = st.b_owner, st.k_owner
    return [v for v in (road_vertices(st, p) if touched is None else touched) if b_owner[v] < 0 and k_owner[v] < 0]


def settle_sites(st: State, p: int, touched: list[int] | None = None) -> list[int]:
    """Intersections where p may settle (= ``can_settle``), in index order."""
    b_owner, k_owner = st.b_owner, st.k_owner
    out = []
    for v in road_vertices(st, p) if touched is None else touched:
        if b_owner[v] < 0 and k_owner[v] < 0:
            for w in VERTEX_NEIGHBOURS[v]:
                if b_owner[w] >= 0:
                    break
            else:
                out.append(v)
    return out


def reach(st: State, p: int, start: int) -> tuple[list[int], list[int]]:
    """Empty vertices reachable from ``start`` along p's roads, and opponent-held ones at the rim.

    Paths pass only through empty vertices or vertices holding p's own pieces.
    """
    road, b_owner, k_owner = st.road, st.b_owner, st.k_owner
    seen = {start}
    stack = [start]
    empties: list[int] = []
    rim: list[int] = []
    while stack:
        v = stack.pop()
        for e in VERTEX_EDGES[v]:
            if road[e] != p:
                continue
            a, b = EDGES[e]
            w = b if a == v else a
            if w in seen:
                continue
            seen.add(w)
            bo, ko = b_owner[w], k_owner[w]
            if bo < 0 and ko < 0:
                empties.append(w)
                stack.append(w)
            elif bo == p or ko == p:
                stack.append(w)
            else:
                rim.append(w)
    return sorted(empties), sorted(rim)


def knight_moves(st: State, v: int) -> tuple[list[int], list[int]]:
    """(move targets, displace targets) of the knight on v."""
    p = st.k_owner[v]
    empties, rim = reach(st, p, v)
    lvl = st.k_level[v]
    displace = [w for w in rim if st.k_owner[w] >= 0 and st.k_owner[w] != p and st.k_level[w] < lvl]
    return [w for w in empties if w != v], displace


def relocation_sites(st: State, p: int, start: int) -> list[int]:
    empties, _ = reach(st, p, start)
    return [w for w in empties if w != start]


def ready(st: State, v: int) -> bool:
    return st.k_level[v] > 0 and st.k_active[v] == 1 and st.k_fresh[v] == 1


def can_promote(st: State, p: int, v: int) -> bool:
    lvl = st.k_level[v]
    if st.k_owner[v] != p or lvl == 0 or lvl >= 3 or st.k_promoted[v]:
        return False
    if st.knights_left[p][lvl] <= 0:
        return False
    return not (lvl == 2 and st.levels[p][2] < 3)


def connected_knights(st: State, o: int) -> set[int]:
    """Knights of o joined to one of o's buildings through o's roads (rules §12.7)."""
    road, b_owner, k_owner = st.road, st.b_owner, st.k_owner
    starts = [v for v in range(NV) if b_owner[v] == o]
    seen = set(starts)
    stack = list(starts)
    while stack:
        v = stack.pop()
        if v not in starts and (b_owner[v] not in (-1, o) or k_owner[v] not in (-1, o)):
            continue
        for e in VERTEX_EDGES[v]:
            if road[e] == o:
                a, b = EDGES[e]
                w = b if a == v else a
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
    return {v for v in seen if k_owner[v] == o}


def open_road(st: State, e: int) -> bool:
    """Rules R-P9: an endpoint with no other road, building or knight of the road's owner."""
    o = st.road[e]
    if o < 0:
        return False
    return any(st.b_owner[w] != o and st.k_owner[w] != o and not has_road_at(st, o, w, e) for w in EDGES[e])


def diplomat_targets(st: State) -> list[int]:
    out = []
    road = st.road
    before: dict[int, set[int]] = {}  # each owner's connected knights with every road in place
    for e in range(NE):
        o = road[e]
        if o < 0 or not open_road(st, e):
            continue
        if o not in st.k_owner:  # no knight of o on the board: none to strand
            out.append(e)
            continue
        if o not in before:
            before[o] = connected_knights(st, o)
        road[e] = -1
        after = connected_knights(st, o)
        road[e] = o
        if before[o] <= after:
            out.append(e)
    return out


# -- longest road (rules §10) --------------------------------------------------------------------


def road_length(st: State, p: int) -> int:
    road = st.road
    mine = [e for e in range(NE) if road[e] == p]
    if len(mine) < 1:
        return 0
    b_owner, k_owner = st.b_owner, st.k_owner
    blocked = {v for e in mine for v in EDGES[e] if b_owner[v] not in (-1, p) or k_owner[v] not in (-1, p)}
    adj: dict[int, list[int]] = {}
    for e in mine:
        a, b = EDGES[e]
        adj.setdefault(a, []).append(e)
        adj.setdefault(b, []).append(e)
    best = 0
    used: set[int] = set()

    def walk(v: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and v in blocked:
            return
        for e in adj[v]:
            if e not in used:
                used.add(e)
                a, b = EDGES[e]
                walk(b if a == v else a, length + 1)
                used.discard(e)

    for v in _trail_starts(adj, blocked):
        walk(v, 0)
        if best == len(mine):
            break
    return best


def _trail_starts(adj: dict[int, list[int]], blocked: set[int]) -> list[int]:
    """Where a longest trail may be taken to start: ends and forks (not two roads) and blocked
    intersections, plus one intersection of each ring made of none of those. A longest trail
    starting elsewhere, at an open intersection of two roads, is closed (else it would extend
    back along the other road), so it also starts at any fork on it."""
    starts = [v for v, es in adj.items() if len(es) != 2 or v in blocked]
    if len(starts) == len(adj):
        return starts
    seen = set(starts)
    stack = list(starts)
    for v in [None, *adj]:
        if v is not None:
            if v in seen:
                continue
            starts.append(v)  # a ring: any of its intersections
            seen.add(v)
            stack.append(v)
        while stack:  # mark the network reached from the starts so far
            u = stack.pop()
            for e in adj[u]:
                a, b = EDGES[e]
                w = b if a == u else a
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
    return starts


def update_longest(st: State, evs: list[Event], vertices: tuple[int, ...] = (), owners: tuple[int, ...] = ()) -> None:
    """Recompute the lengths a change can affect, then apply the award rules of §10.

    A change at a vertex can only alter the roads ending there; a road built or removed only its
    owner's. Without hints every length is recomputed.
    """
    if vertices or owners:
        seats = set(owners)
        road = st.road
        for v in vertices:
            for e in VERTEX_EDGES[v]:
                if road[e] >= 0:
                    seats.add(road[e])
        for p in seats:
            st.road_len[p] = road_length(st, p)
    else:
        st.road_len = [road_length(st, p) for p in range(st.n)]
    lens = st.road_len
    top = max(lens)
    holder = st.longest
    new = holder
    if holder >= 0 and lens[holder] == top and top >= 5:
        new = holder
    else:
        leaders = [p for p in range(st.n) if lens[p] == top]
        new = leaders[0] if top >= 5 and len(leaders) == 1 else -1
    if new != holder:
        st.longest = new
        evs.append(
            event(
                "longest_road",
                seat=new if new >= 0 else None,
                previous=holder if holder >= 0 else None,
                length=top,
            )
        )


# -- maritime rates (rules §9.2) -----------------------------------------------------------------


def harbour_types(st: State, p: int) -> set[str]:
    out = set()
    for s, (a, b) in enumerate(D.HARBOUR_VERTICES):
        if st.b_owner[a] == p or st.b_owner[b] == p:
            out.add(st.harbours[s])
    return out


def rates(st: State, p: int) -> list[int]:
    # one pass over the harbours (= harbour_types, inlined: this runs on every legal())
    b_owner, harbours = st.b_owner, st.harbours
    general = False
    special: list[int] = []
    for s, (a, b) in enumerate(D.HARBOUR_VERTICES):
        if b_owner[a] == p or b_owner[b] == p:
            kind = harbours[s]
            if kind == "3:1":
                general = True
            elif kind in D.KIND_INDEX and D.KIND_INDEX[kind] < 5:
                special.append(D.KIND_INDEX[kind])
    out = [3 if general else 4] * 8
    for k in special:
        out[k] = 2
    if st.merchant_owner == p and st.merchant >= 0:
        k = D.TERRAIN_YIELD[st.terrain[st.merchant]][0]
        if k >= 0:
            out[k] = 2
    if st.levels[p][1] >= 3:
        for k in D.COMMODITIES:
            out[k] = 2
    if st.fleet and p == st.turn:  # bit k: Merchant Fleet named kind k this turn
        for k in range(8):
            if st.fleet >> k & 1:
                out[k] = 2
    return out


# -- production (rules §7) ---------------------------------------------------------------------


def production(st: State, total: int) -> list[list[int]]:
    due = [[0] * 8 for _ in range(st.n)]
    for h in indices(st.numbers, total):  # the hexes showing that number, in order
        if h == st.robber:
            continue
        res, com = D.TERRAIN_YIELD[st.terrain[h]]
        if res < 0:
            continue
        for v in D.HEX_VERTICES[h]:
            p = st.b_owner[v]
            if p < 0:
                continue
            if st.b_kind[v] == CITY:
                if com >= 0:
                    due[p][res] += 1
                    due[p][com] += 1
                else:
                    due[p][res] += 2
            else:
                due[p][res] += 1
    return due


def pay_out(st: State, due: list[list[int]], evs: list[Event]) -> list[list[int]]:
    """Bank-shortage rule per kind; returns what each seat actually received."""
    got = [[0] * 8 for _ in range(st.n)]
    for k, total in enumerate(map(sum, zip(*due))):  # per kind, the total owed
        if not total:
            continue
        owed = [p for p in range(st.n) if due[p][k]]
        if total <= st.bank[k]:
            for p in owed:
                got[p][k] = due[p][k]
        elif len(owed) == 1:
            got[owed[0]][k] = st.bank[k]
            evs.append(event("bank_shortage", kind=D.KINDS[k], seats=owed, partial=True))
        else:
            evs.append(event("bank_shortage", kind=D.KINDS[k], seats=owed, partial=False))
        for p in owed:
            st.bank[k] -= got[p][k]
            st.hand[p][k] += got[p][k]
    return got


def take_from_bank(st: State, p: int, k: int, n: int) -> int:
    n = min(n, st.bank[k])
    st.bank[k] -= n
    st.hand[p][k] += n
    return n


def pay(st: State, p: int, cost: tuple[int, ...] | list[int]) -> None:
    h, bank = st.hand[p], st.bank
    for k in range(8):
        if cost[k]:
            h[k] -= cost[k]
            bank[k] += cost[k]


def afford(st: State, p: int, cost: tuple[int, ...] | list[int]) -> bool:
    return all(map(ge, st.hand[p], cost))


__all__ = ["NONE", "SETTLEMENT", "CITY", "SIDEWAYS"]
