"""Battles & Builders: every number and table of the rules (battles-and-builders.md §2-§3, §8).

Facts marked "default" in the rules (event values, mountain/barbarian colours, die faces) were
not found in any source; they are the project defaults and can be overridden by game options
(see ``engine`` module docstring).
"""

from __future__ import annotations

from typing import Final

# Chip kinds in canonical order; index positions are used for count lists ("freqdecks").
BUILDER: Final = "builder"
INFANTRY: Final = "infantry"
CAVALRY: Final = "cavalry"
ARCHER: Final = "archer"
KING: Final = "king"
KINDS: Final = (BUILDER, INFANTRY, CAVALRY, ARCHER, KING)
ARMIES: Final = (INFANTRY, CAVALRY, ARCHER)
B, I, C, A, K = range(5)  # noqa: E741 - index of each kind in count lists
ARMY_IDX: Final = (I, C, A)

#: A player's 25 chips (§2).
STOCK: Final = (12, 4, 4, 4, 1)
STOCK_TOTAL: Final = sum(STOCK)
#: The fictitious player's 24 chips: one colour without its king (§12.1).
DUMMY_POOL: Final = (12, 4, 4, 4, 0)
DUMMY_DRAW: Final = 3

MAX_COMMIT: Final = 5  # non-king chips; +1 with the king (§6.2)
MAX_WITHDRAW: Final = 3  # §8.7
DICE_PER_COLOUR: Final = 5  # §9.4

# Prestige chip denominations and the physical supply (§2, §13); index order used in lists.
DENOMS: Final = (3, 1, -1)
PLUS3, PLUS1, MINUS1 = range(3)
DENOM_NAMES: Final = ("plus3", "plus1", "minus1")
SUPPLY: Final = (11, 11, 12)

BUILDER_SOLE: Final = 3
BUILDER_TIE: Final = 1
ZERO_COMMIT: Final = -1

# Terrains of event tiles.
URBAN: Final = "urban"
OPEN_FIELD: Final = "open_field"
MOUNTAIN: Final = "mountain"
BARBARIAN: Final = "barbarian"
TERRAINS: Final = (URBAN, OPEN_FIELD, MOUNTAIN, BARBARIAN)

#: §3.1: id -> (terrain, value). Order = canonical id order.
EVENT_TILES: Final[dict[str, tuple[str, int]]] = {
    "U3": (URBAN, 3),
    "U4": (URBAN, 4),
    "U5": (URBAN, 5),
    "O3": (OPEN_FIELD, 3),
    "O4": (OPEN_FIELD, 4),
    "O5": (OPEN_FIELD, 5),
    "M5": (MOUNTAIN, 5),
    "BB": (BARBARIAN, -2),
}

GREEN: Final = "green"
YELLOW: Final = "yellow"
RED: Final = "red"
COLOURS: Final = (GREEN, YELLOW, RED)  # canonical die order (§9.1)
COLOUR_RANK: Final = {GREEN: 0, YELLOW: 1, RED: 2}
TROJAN_COLOUR: Final = RED

#: §3.2: terrain -> die colour per army type.
COLOUR_TABLE: Final[dict[str, dict[str, str]]] = {
    URBAN: {INFANTRY: YELLOW, CAVALRY: RED, ARCHER: GREEN},
    OPEN_FIELD: {INFANTRY: YELLOW, CAVALRY: GREEN, ARCHER: RED},
    MOUNTAIN: {INFANTRY: GREEN, CAVALRY: RED, ARCHER: YELLOW},
    BARBARIAN: {INFANTRY: YELLOW, CAVALRY: YELLOW, ARCHER: YELLOW},
}

#: §3.3: faces per colour, each equally likely.
FACES: Final[dict[str, tuple[int, ...]]] = {
    GREEN: (4, 4, 5, 5, 6, 6),
    YELLOW: (3, 3, 4, 4, 5, 5),
    RED: (2, 2, 3, 3, 4, 4),
}
FACE_COUNT: Final = 6

# Strategy tiles (§8) in display order, and the value each counts for its holder at game end.
CLAIM3: Final = "claim3"
EXTRA_POINT: Final = "extra_point"
CATAPULT: Final = "catapult"
TROJAN_HORSE: Final = "trojan_horse"
FRESH_TROOPS: Final = "fresh_troops"
WITHDRAW: Final = "withdraw"
STRATEGY_TILES: Final = (CLAIM3, EXTRA_POINT, CATAPULT, TROJAN_HORSE, FRESH_TROOPS, WITHDRAW)
TILE_VALUES: Final = {EXTRA_POINT: 1, CATAPULT: -2}

#: Sources of points (§11), the keys of a result's breakdown.
SOURCES: Final = ("builders", "zero_commit", "event_tiles", "barbarian", "extra_point", "catapult")
