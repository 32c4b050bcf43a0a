"""Static tables of Catan: Cities & Knights: topology, costs, decks, layouts.

Everything here is computed once at import; the state refers to hexes, vertices and edges by
their canonical integer index (rules §3, Appendix A) and never copies these tables.
"""

from __future__ import annotations

from typing import Any

from games.rng import Chance

# -- kinds of cards (canonical order, rules §19.3) -------------------------------------------
KINDS: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore", "paper", "cloth", "coin")
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
RESOURCES = (0, 1, 2, 3, 4)
COMMODITIES = (5, 6, 7)
LUMBER, BRICK, WOOL, GRAIN, ORE, PAPER, CLOTH, COIN = range(8)
BANK_START = (19, 19, 19, 19, 19, 12, 12, 12)

TERRAINS = ("forest", "pasture", "fields", "hills", "mountains", "desert")
#: terrain -> (resource index or -1, commodity index or -1)
TERRAIN_YIELD: dict[str, tuple[int, int]] = {
    "forest": (LUMBER, PAPER),
    "pasture": (WOOL, CLOTH),
    "fields": (GRAIN, -1),
    "hills": (BRICK, -1),
    "mountains": (ORE, COIN),
    "desert": (-1, -1),
}
TERRAIN_COUNTS = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
NUMBER_TOKENS = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
HARBOUR_TYPES = ("3:1", "3:1", "3:1", "3:1", "lumber", "wool", "grain", "brick", "ore")

TRACKS = ("science", "trade", "politics")
TRACK_INDEX = {t: i for i, t in enumerate(TRACKS)}
TRACK_COMMODITY = (PAPER, CLOTH, COIN)
#: event die faces; a gate face names its track
EVENT_FACES = ("ship", "ship", "ship", "green", "yellow", "blue")
GATE_TRACK = {"green": 0, "yellow": 1, "blue": 2}

# -- costs (rules §6.1), as 8-long count vectors --------------------------------------------


def _cost(**kw: int) -> tuple[int, ...]:
    return tuple(kw.get(k, 0) for k in KINDS)


COST_ROAD = _cost(lumber=1, brick=1)
COST_SETTLEMENT = _cost(lumber=1, brick=1, wool=1, grain=1)
COST_CITY = _cost(ore=3, grain=2)
COST_CITY_MEDICINE = _cost(ore=2, grain=1)
COST_WALL = _cost(brick=2)
COST_KNIGHT = _cost(wool=1, ore=1)
COST_ACTIVATE = _cost(grain=1)
COST_PROMOTE = _cost(wool=1, ore=1)

WIN_POINTS = 13
BARBARIAN_STEPS = 7
HAND_LIMIT_PROGRESS = 4
#: the most cards one domestic offer or counter-offer may ask for (the rules set no bound; the
#: option ``offer_ask_max`` changes it): keeps the offer composer's steps finite and short
OFFER_ASK_MAX = 7
PIECES = {"settlements": 5, "cities": 4, "roads": 15, "walls": 3}
KNIGHTS_PER_LEVEL = 2

# -- progress cards (rules §15.6) ------------------------------------------------------------
DECKS: tuple[tuple[tuple[str, int], ...], ...] = (
    (
        ("alchemist", 2),
        ("crane", 2),
        ("engineer", 1),
        ("inventor", 2),
        ("irrigation", 2),
        ("medicine", 2),
        ("mining", 2),
        ("printer", 1),
        ("road_building", 2),
        ("smith", 2),
    ),
    (
        ("commercial_harbor", 2),
        ("master_merchant", 2),
        ("merchant", 6),
        ("merchant_fleet", 2),
        ("resource_monopoly", 4),
        ("trade_monopoly", 2),
    ),
    (
        ("bishop", 2),
        ("constitution", 1),
        ("deserter", 2),
        ("diplomat", 2),
        ("intrigue", 2),
        ("saboteur", 2),
        ("spy", 3),
        ("warlord", 2),
        ("wedding", 2),
    ),
)
CARD_TRACK: dict[str, int] = {name: t for t, deck in enumerate(DECKS) for name, _ in deck}
VP_CARDS = frozenset({"printer", "constitution"})
CARD_NAMES: tuple[str, ...] = tuple(name for deck in DECKS for name, _ in deck)


def card_name(raw: Any) -> str | None:
    """Canonical card name from 'Road Building', 'road-building', 'road_building' ..."""
    if not isinstance(raw, str):
        return None
    name = raw.strip().lower().replace(" ", "_").replace("-", "_")
    return name if name in CARD_TRACK else None


def deck_cards(track: int) -> list[str]:
    return [name for name, n in DECKS[track] for _ in range(n)]


# -- topology (rules §3, Appendix A) ---------------------------------------------------------
SQRT3 = 3**0.5

#: land hexes in reading order (rules §3.1 table)
HEXES: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-2, 3) for q in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) <= 2
)
HEX_INDEX: dict[tuple[int, int], int] = {h: i for i, h in enumerate(HEXES)}
HEX_IDS: tuple[str, ...] = tuple(f"{q},{r}" for q, r in HEXES)
HEX_ID_INDEX: dict[str, int] = {s: i for i, s in enumerate(HEX_IDS)}


def hex_center(q: float, r: float) -> tuple[float, float]:
    return SQRT3 * (q + r / 2), 1.5 * r


def _corners(q: int, r: int) -> tuple[tuple[int, int, str], ...]:
    # N, NE, SE, S, SW, NW (rules §3.2)
    return ((q, r, "N"), (q + 1, r - 1, "S"), (q, r + 1, "N"), (q, r, "S"), (q - 1, r + 1, "N"), (q, r - 1, "S"))


def _vertex_pos(v: tuple[int, int, str]) -> tuple[float, float]:
    x, y = hex_center(v[0], v[1])
    return x, y - 1 if v[2] == "N" else y + 1


def _build_vertices() -> tuple[tuple[int, int, str], ...]:
    seen: set[tuple[int, int, str]] = set()
    for q, r in HEXES:
        seen.update(_corners(q, r))
    return tuple(sorted(seen, key=lambda v: (round(_vertex_pos(v)[1] * 2), _vertex_pos(v)[0])))


_VERTS = _build_vertices()
VERTEX_IDS: tuple[str, ...] = tuple(f"{q},{r},{c}" for q, r, c in _VERTS)
VERTEX_INDEX: dict[str, int] = {s: i for i, s in enumerate(VERTEX_IDS)}
_VKEY: dict[tuple[int, int, str], int] = {v: i for i, v in enumerate(_VERTS)}
VERTEX_POS: tuple[tuple[float, float], ...] = tuple(_vertex_pos(v) for v in _VERTS)
NV = len(VERTEX_IDS)


def _vertex_neighbours(v: tuple[int, int, str]) -> list[tuple[int, int, str]]:
    q, r, c = v
    if c == "N":
        return [(q, r - 1, "S"), (q + 1, r - 1, "S"), (q + 1, r - 2, "S")]
    return [(q, r + 1, "N"), (q - 1, r + 1, "N"), (q - 1, r + 2, "N")]


def _vertex_hexes(v: tuple[int, int, str]) -> list[tuple[int, int]]:
    q, r, c = v
    if c == "N":
        return [(q, r), (q, r - 1), (q + 1, r - 1)]
    return [(q, r), (q, r + 1), (q - 1, r + 1)]


#: vertex -> land hex indices it touches
VERTEX_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(HEX_INDEX[h] for h in _vertex_hexes(v) if h in HEX_INDEX) for v in _VERTS
)
#: vertex -> neighbouring on-board vertices
VERTEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_VKEY[n] for n in _vertex_neighbours(v) if n in _VKEY)) for v in _VERTS
)
#: hex -> its six vertex indices (N, NE, SE, S, SW, NW)
HEX_VERTICES: tuple[tuple[int, ...], ...] = tuple(tuple(_VKEY[c] for c in _corners(q, r)) for q, r in HEXES)

EDGES: tuple[tuple[int, int], ...] = tuple(
    sorted({(min(a, b), max(a, b)) for a in range(NV) for b in VERTEX_NEIGHBOURS[a]})
)
NE = len(EDGES)
EDGE_IDS: tuple[str, ...] = tuple(f"{VERTEX_IDS[a]}|{VERTEX_IDS[b]}" for a, b in EDGES)
EDGE_INDEX: dict[str, int] = {s: i for i, s in enumerate(EDGE_IDS)}
EDGE_BY_PAIR: dict[tuple[int, int], int] = {}
for _i, (_a, _b) in enumerate(EDGES):
    EDGE_BY_PAIR[(_a, _b)] = _i
    EDGE_BY_PAIR[(_b, _a)] = _i
#: vertex -> edges ending there
VERTEX_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(EDGE_BY_PAIR[(v, n)] for n in VERTEX_NEIGHBOURS[v])) for v in range(NV)
)
#: hex -> neighbouring land hexes
HEX_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        HEX_INDEX[(q + dq, r + dr)]
        for dq, dr in ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))
        if (q + dq, r + dr) in HEX_INDEX
    )
    for q, r in HEXES
)

# -- harbours (rules §3.5) -------------------------------------------------------------------
HARBOUR_SLOTS: tuple[tuple[str, str], ...] = (
    ("1,-2,N", "2,-3,S"),
    ("2,-1,N", "3,-2,S"),
    ("3,-1,S", "2,1,N"),
    ("1,2,N", "1,1,S"),
    ("-1,3,N", "-1,2,S"),
    ("-3,3,N", "-2,2,S"),
    ("-2,0,S", "-3,2,N"),
    ("-1,-2,S", "-2,0,N"),
    ("0,-2,N", "0,-3,S"),
)
HARBOUR_VERTICES: tuple[tuple[int, int], ...] = tuple((VERTEX_INDEX[a], VERTEX_INDEX[b]) for a, b in HARBOUR_SLOTS)
HARBOUR_SEA: tuple[tuple[int, int], ...] = (
    (2, -3),
    (3, -2),
    (3, 0),
    (1, 2),
    (-1, 3),
    (-3, 3),
    (-3, 1),
    (-2, -1),
    (0, -3),
)
#: vertex -> harbour slot or -1
VERTEX_HARBOUR: tuple[int, ...] = tuple(
    next((s for s, pair in enumerate(HARBOUR_VERTICES) if v in pair), -1) for v in range(NV)
)

# -- layouts (rules §3.6, §3.7) --------------------------------------------------------------
BEGINNER_TERRAIN: dict[tuple[int, int], tuple[str, int]] = {
    (0, -2): ("mountains", 10),
    (1, -2): ("pasture", 2),
    (2, -2): ("forest", 9),
    (-1, -1): ("fields", 12),
    (0, -1): ("hills", 6),
    (1, -1): ("pasture", 4),
    (2, -1): ("hills", 10),
    (-2, 0): ("fields", 9),
    (-1, 0): ("forest", 11),
    (0, 0): ("desert", 0),
    (1, 0): ("forest", 3),
    (2, 0): ("mountains", 8),
    (-2, 1): ("forest", 8),
    (-1, 1): ("mountains", 3),
    (0, 1): ("fields", 4),
    (1, 1): ("pasture", 5),
    (-2, 2): ("hills", 5),
    (-1, 2): ("fields", 6),
    (0, 2): ("pasture", 11),
}
# H0..H8
BEGINNER_HARBOURS = ("wool", "3:1", "3:1", "brick", "lumber", "3:1", "grain", "ore", "3:1")

OUTER_RING = ((0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1), (2, 0), (2, -1), (2, -2), (1, -2))
INNER_RING = ((0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1))
SPIRAL_CORNERS = ((0, -2), (2, -2), (2, 0), (0, 2), (-2, 2), (-2, 0))
SPIRAL_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)


class LayoutError(ValueError):
    """A scripted layout does not fit the components."""


def spiral_order(corner: tuple[int, int]) -> list[int]:
    """Hex indices of the spiral walk starting at an outer corner (rules §3.7 step 3)."""
    i = OUTER_RING.index(corner)
    outer = OUTER_RING[i:] + OUTER_RING[:i]
    inner_start = (corner[0] // 2, corner[1] // 2)
    j = INNER_RING.index(inner_start)
    inner = INNER_RING[j:] + INNER_RING[:j]
    return [HEX_INDEX[h] for h in (*outer, *inner, (0, 0))]


def reds_adjacent(numbers: list[int], check: set[int] | None = None) -> bool:
    for h, n in enumerate(numbers):
        if n in (6, 8):
            for o in HEX_NEIGHBOURS[h]:
                if numbers[o] in (6, 8) and (check is None or h in check or o in check):
                    return True
    return False


def beginner_layout() -> tuple[list[str], list[int], list[str]]:
    terrain = [BEGINNER_TERRAIN[h][0] for h in HEXES]
    numbers = [BEGINNER_TERRAIN[h][1] for h in HEXES]
    return terrain, numbers, list(BEGINNER_HARBOURS)


def _fill(fixed: list[Any], pool: list[Any], total: int, chance: Chance) -> list[Any]:
    """``fixed`` then the rest of ``pool`` (minus what fixed used) in RNG order."""
    rest = list(pool)
    for x in fixed:
        if x not in rest:
            raise LayoutError(f"{x!r} does not fit the components")
        rest.remove(x)
    if len(fixed) > total:
        raise LayoutError("too many entries")
    chance.rng.shuffle(rest)
    return list(fixed) + rest


def random_layout(numbers_mode: str, chance: Chance) -> tuple[list[str], list[int], list[str], dict[str, Any]]:
    """Terrain, numbers and harbours for ``layout=random``, consuming script then RNG (§26)."""
    script = chance.script.get("layout") or {}
    if not isinstance(script, dict):
        raise LayoutError("script.layout must be an object")
    pool_terrain = [t for t, n in TERRAIN_COUNTS.items() for _ in range(n)]
    fixed_t = list(script.get("terrain") or [])
    if any(t not in TERRAINS for t in fixed_t):
        raise LayoutError("unknown terrain")
    terrain = _fill(fixed_t, pool_terrain, 19, chance)
    fixed_h = list(script.get("harbours") or [])
    if any(h not in HARBOUR_TYPES for h in fixed_h):
        raise LayoutError("unknown harbour type")
    harbours = _fill(fixed_h, list(HARBOUR_TYPES), 9, chance)
    land = [h for h in range(19) if terrain[h] != "desert"]
    fixed_n = list(script.get("numbers") or [])
    info: dict[str, Any] = {"terrain_scripted": len(fixed_t), "harbours_scripted": len(fixed_h)}
    numbers = [0] * 19
    if fixed_n or numbers_mode == "random":
        if any(not isinstance(n, int) or n not in NUMBER_TOKENS for n in fixed_n):
            raise LayoutError("unknown number token")
        rest = list(NUMBER_TOKENS)
        for n in fixed_n:
            if n not in rest:
                raise LayoutError("number tokens do not fit the components")
            rest.remove(n)
        if len(fixed_n) > 18:
            raise LayoutError("too many number tokens")
        for h, n in zip(land, fixed_n):
            numbers[h] = n
        free = land[len(fixed_n) :]
        for _ in range(100_000):
            chance.rng.shuffle(rest)
            for h, n in zip(free, rest):
                numbers[h] = n
            if not reds_adjacent(numbers, set(free)):
                break
        else:
            raise LayoutError("no number placement without adjacent red numbers")
        info["numbers_scripted"] = len(fixed_n)
    else:
        corner = SPIRAL_CORNERS[chance.rng.below(6)]
        info["spiral_corner"] = f"{corner[0]},{corner[1]}"
        tokens = iter(SPIRAL_TOKENS)
        for h in spiral_order(corner):
            if terrain[h] != "desert":
                numbers[h] = next(tokens)
    return terrain, numbers, harbours, info
