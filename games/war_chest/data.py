"""Static War Chest data: the unit table and both boards' topology (rules §2, §3, §5).

Hexes use the spec's axial coordinates ``(q, r)``; a hex is written ``"q,r"`` (``"-1,-2"``,
``"0,3"``). Internally every hex of the 47-hex four-player board has an index; each board
(2 or 4 players) is a ``Board`` holding the indices on it and precomputed neighbourhoods, so
the engine never recomputes geometry in its hot paths.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = (
    "UNITS",
    "UNIT_NAMES",
    "NL_NAMES",
    "COINS",
    "ROYAL",
    "NKINDS",
    "ARCHER",
    "BERSERKER",
    "CAVALRY",
    "CROSSBOWMAN",
    "ENSIGN",
    "FOOTMAN",
    "KNIGHT",
    "LANCER",
    "LIGHT_CAVALRY",
    "MARSHALL",
    "MERCENARY",
    "PIKEMAN",
    "ROYAL_GUARD",
    "SCOUT",
    "SWORDSMAN",
    "WARRIOR_PRIEST",
    "HAS_TACTIC",
    "ATTACKS_NORMALLY",
    "COORDS",
    "HEX_NAMES",
    "HEX_INDEX",
    "DIRECTIONS",
    "Board",
    "BOARDS",
    "FACTIONS",
    "hex_name",
    "distance",
)


@dataclass(frozen=True, slots=True)
class UnitInfo:
    name: str  # the rules file's English name, also the wire name of its coins
    nl: str
    coins: int
    has_tactic: bool
    attacks_normally: bool  # False for the Archer and Lancer (restriction: attack only by tactic)


# Order of §5; a coin kind is its index here, and ROYAL (16) is the Royal Coin.
UNITS: tuple[UnitInfo, ...] = (
    UnitInfo("Archer", "Boogschutter", 4, True, False),
    UnitInfo("Berserker", "Berserker", 5, False, True),
    UnitInfo("Cavalry", "Cavalerie", 4, True, True),
    UnitInfo("Crossbowman", "Kruisboogschutter", 5, True, True),
    UnitInfo("Ensign", "Vaandrig", 5, True, True),
    UnitInfo("Footman", "Voetsoldaat", 5, True, True),
    UnitInfo("Knight", "Ridder", 4, False, True),
    UnitInfo("Lancer", "Lansier", 4, True, False),
    UnitInfo("Light Cavalry", "Lichte cavalerie", 5, True, True),
    UnitInfo("Marshall", "Maarschalk", 5, True, True),
    UnitInfo("Mercenary", "Huurling", 5, False, True),
    UnitInfo("Pikeman", "Piekenier", 4, False, True),
    UnitInfo("Royal Guard", "Koninklijke Garde", 5, True, True),
    UnitInfo("Scout", "Verkenner", 5, False, True),
    UnitInfo("Swordsman", "Zwaardvechter", 5, False, True),
    UnitInfo("Warrior Priest", "Strijdpriester", 4, False, True),
)

(
    ARCHER,
    BERSERKER,
    CAVALRY,
    CROSSBOWMAN,
    ENSIGN,
    FOOTMAN,
    KNIGHT,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    MERCENARY,
    PIKEMAN,
    ROYAL_GUARD,
    SCOUT,
    SWORDSMAN,
    WARRIOR_PRIEST,
) = range(16)
ROYAL = 16
NKINDS = 17
BAG_PER_TYPE = 2  # §6.1 step 5: two coins of each type start in the bag

UNIT_NAMES: tuple[str, ...] = tuple(u.name for u in UNITS) + ("royal",)
NL_NAMES: tuple[str, ...] = tuple(u.nl for u in UNITS) + ("koningsmunt",)
COINS: tuple[int, ...] = tuple(u.coins for u in UNITS) + (1,)
HAS_TACTIC: tuple[bool, ...] = tuple(u.has_tactic for u in UNITS) + (False,)
ATTACKS_NORMALLY: tuple[bool, ...] = tuple(u.attacks_normally for u in UNITS) + (False,)

FACTIONS = ("raven", "wolf")

# §3.1 directions: N, NE, SE, S, SW, NW
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

_CENTRE = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if max(abs(q), abs(r), abs(q + r)) <= 3]
_BUMPS = [(-4, 1), (-4, 2), (-4, 3), (-5, 2), (-5, 3), (4, -3), (4, -2), (4, -1), (5, -3), (5, -2)]

COORDS: tuple[tuple[int, int], ...] = tuple(sorted(_CENTRE) + sorted(_BUMPS))
HEX_INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(COORDS)}


def hex_name(q: int, r: int) -> str:
    return f"{q},{r}"


HEX_NAMES: tuple[str, ...] = tuple(hex_name(q, r) for q, r in COORDS)


def distance(a: int, b: int) -> int:
    (qa, ra), (qb, rb) = COORDS[a], COORDS[b]
    dq, dr = qb - qa, rb - ra
    return max(abs(dq), abs(dr), abs(dq + dr))


@dataclass(frozen=True, slots=True)
class Board:
    """One board's topology; every tuple is indexed by global hex index (off-board = empty)."""

    players: int
    hexes: tuple[int, ...]
    on: frozenset[int]
    neighbours: tuple[tuple[int, ...], ...]
    ring2: tuple[tuple[int, ...], ...]  # on-board hexes at distance exactly 2
    within2: tuple[tuple[int, ...], ...]  # on-board hexes at distance 1 or 2
    # (destination, middle) for straight distance-2 pairs (Crossbowman)
    straight2: tuple[tuple[tuple[int, int], ...], ...]
    # destination at distance 2 -> on-board hexes adjacent to both ends (Light Cavalry, revised Royal Guard)
    via: tuple[dict[int, tuple[int, ...]], ...]
    # per direction, the on-board ray from a hex: up to three hexes in a straight line (Lancer)
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    locations: tuple[int, ...]
    location_set: frozenset[int]
    starts: tuple[tuple[int, ...], tuple[int, ...]]  # start locations of Raven, of Wolf
    markers: int  # control markers per side


def _build(players: int) -> Board:
    coords = _CENTRE + (_BUMPS if players == 4 else [])
    on = frozenset(HEX_INDEX[c] for c in coords)
    n = len(COORDS)
    neighbours: list[tuple[int, ...]] = []
    rays: list[tuple[tuple[int, ...], ...]] = []
    for i in range(n):
        q, r = COORDS[i]
        neighbours.append(
            tuple(HEX_INDEX[(q + dq, r + dr)] for dq, dr in DIRECTIONS if HEX_INDEX.get((q + dq, r + dr)) in on)
            if i in on
            else ()
        )
        per_dir = []
        for dq, dr in DIRECTIONS:
            ray = []
            for k in (1, 2, 3):
                j = HEX_INDEX.get((q + k * dq, r + k * dr))
                if j is None or j not in on:
                    break
                ray.append(j)
            per_dir.append(tuple(ray) if i in on else ())
        rays.append(tuple(per_dir))
    ring2, within2, straight2, via = [], [], [], []
    for i in range(n):
        if i not in on:
            ring2.append(())
            within2.append(())
            straight2.append(())
            via.append({})
            continue
        r2 = tuple(j for j in sorted(on) if distance(i, j) == 2)
        ring2.append(r2)
        within2.append(tuple(j for j in sorted(on) if 1 <= distance(i, j) <= 2))
        s2 = []
        for dq, dr in DIRECTIONS:
            q, r = COORDS[i]
            mid, dest = HEX_INDEX.get((q + dq, r + dr)), HEX_INDEX.get((q + 2 * dq, r + 2 * dr))
            if mid in on and dest in on:
                s2.append((dest, mid))
        straight2.append(tuple(s2))
        via.append({j: tuple(m for m in neighbours[i] if j in neighbours[m]) for j in r2})
    locs = [(-1, -2), (2, -3), (1, 2), (-2, 3), (-3, 2), (3, -2), (-2, 0), (2, 0), (-1, 1), (1, -1)]
    raven, wolf = [(-1, -2), (2, -3)], [(1, 2), (-2, 3)]
    if players == 4:
        locs += [(-4, 1), (4, -1), (-5, 3), (5, -3)]
        raven.append((-4, 1))
        wolf.append((4, -1))
    return Board(
        players=players,
        hexes=tuple(sorted(on)),
        on=on,
        neighbours=tuple(neighbours),
        ring2=tuple(ring2),
        within2=tuple(within2),
        straight2=tuple(straight2),
        via=tuple(via),
        rays=tuple(rays),
        locations=tuple(sorted(HEX_INDEX[c] for c in locs)),
        location_set=frozenset(HEX_INDEX[c] for c in locs),
        starts=(tuple(HEX_INDEX[c] for c in raven), tuple(HEX_INDEX[c] for c in wolf)),
        markers=6 if players == 2 else 8,
    )


BOARDS: dict[int, Board] = {2: _build(2), 4: _build(4)}
