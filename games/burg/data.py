"""Im Schutze der Burg: every table of the rules (§3, §11, §15, §17) as plain data.

``DEFAULTS`` holds the configuration table of §3 under its exact keys; every key can be replaced
through the options of ``start``. The scoring of the helper spaces (§11) and the winter card
parameters (§15) are data too, so a different table only changes numbers here.
"""

from __future__ import annotations

from typing import Any

__all__ = (
    "RESOURCES",
    "BUILD_TYPES",
    "CARDS",
    "WORKERS",
    "RESOLUTION_ORDER",
    "FIELDS",
    "FIELD_RESOURCE",
    "CARTS",
    "DEFAULTS",
    "SPACE_SCORING",
    "PALACE_LIMIT_PER_HELPER",
    "WINTER_IDS",
    "PALACE_ORDER",
    "TILE_KINDS",
    "SCORING_STEPS",
    "MARKET_SPACES",
    "PALACE_SPACES",
    "MARKET_RATE_ONE",
    "MARKET_RATE_BOTH",
)

#: Resource ids, in the fixed index order used by every count list of the state.
RESOURCES: tuple[str, ...] = ("sand", "wood", "clay", "stone", "silver")
SAND, WOOD, CLAY, STONE, SILVER = range(5)
#: Types a piece can count as when paying for a building (silver is declared as one of them).
BUILD_TYPES: tuple[str, ...] = ("sand", "wood", "clay", "stone")

#: The 8 character cards of every player (§17), in hand order.
CARDS: tuple[str, ...] = (
    "messenger",
    "trader",
    "bricklayer",
    "stonemason",
    "worker_1",
    "worker_2",
    "worker_3",
    "master_builder",
)
WORKERS: tuple[str, ...] = ("worker_1", "worker_2", "worker_3")
#: §5.6; the three worker cards share the slot "worker".
RESOLUTION_ORDER: tuple[str, ...] = ("messenger", "trader", "bricklayer", "stonemason", "worker", "master_builder")

#: Trade fields (§7): four carts and the rider, each with its resource.
FIELDS: tuple[str, ...] = ("cart_sand", "cart_wood", "cart_clay", "cart_stone", "rider")
FIELD_RESOURCE: tuple[int, ...] = (SAND, WOOD, CLAY, STONE, SILVER)
CARTS: tuple[int, ...] = (0, 1, 2, 3)
RIDER = 4

#: Tile groups whose scoring counts them (§11.3).
TILE_KINDS: tuple[str, ...] = ("tower", "house")

WINTER_IDS: tuple[str, ...] = (
    "winter_guest",
    "winter_frost",
    "winter_snow",
    "winter_market",
    "winter_stores",
    "winter_heating",
)

#: §3, exact keys. Per-player-count values are keyed by the count as a string (JSON keys).
DEFAULTS: dict[str, Any] = {
    "rounds": {"2": 12, "3": 15, "4": 12},
    "helpersPerPlayer": {"2": 7, "3": 6, "4": 6},
    "cardsPerRoundPerPlayer": {"2": 2, "3": 1, "4": 1},
    "startTaler": 3,
    "startResources": {"sand": 1, "wood": 1},
    "watchtowerStart": {"sand": 1, "wood": 1, "clay": 1, "stone": 1, "silver": 1},
    "roundTrackTalerPerRound": 1,
    "coinsTotal": 105,
    "resourceTotals": {"sand": 20, "wood": 18, "clay": 15, "stone": 15, "silver": 15},
    "resourceValues": {"sand": 1, "wood": 2, "clay": 4, "stone": 5},
    "tradeFieldYield": {"cart_sand": 4, "cart_wood": 3, "cart_clay": 2, "cart_stone": 2, "rider": 2},
    "messengerTaler": 8,
    "masterBuilderVpPerBuilding": 5,
    "maxBuildingsPerAction": 2,
    "maxCastleHelpersPerAction": 2,
    "minDifferentResourceTypesPerBuilding": 3,
    "stonemasonPricePerResource": 1,
    "stonemasonPaymentTo": "bank",
    "workerCards": {
        "worker_1": {"fixed": {"stone": 1}, "choose": 2, "chooseFrom": ["sand", "wood", "clay"]},
        "worker_2": {"fixed": {"clay": 1, "wood": 1, "sand": 1}},
        "worker_3": {"fixed": {"silver": 1, "wood": 1, "sand": 1}},
    },
    "workerChoiceAllowsDuplicates": True,
    "buildings": [
        {"id": "market", "prebuilt": True, "spaces": {"market_a": 8, "market_b": 8}},
        {"id": "forge", "prebuilt": True, "spaces": {"forge_10": 10, "forge_6": 6}},
        {"id": "servants_house", "vp": 14, "cost": 18, "spaces": {"servants_a": 5, "servants_b": 5}},
        {"id": "palace", "vp": 18, "cost": 30, "spaces": {"palace_a": 17, "palace_b": 17}},
        {"id": "keep", "vp": 14, "cost": 24, "spaces": {"keep": 14}},
        {"id": "tavern", "vp": 12, "cost": 22, "spaces": {"tavern_12": 12, "tavern_6": 6}},
        {"id": "great_gate", "vp": 10, "cost": 18, "spaces": {"great_gate": 10}},
        {"id": "small_gate", "vp": 6, "cost": 12, "spaces": {"small_gate": 5}},
        {"id": "stable", "vp": 14, "cost": 18, "spaces": {"stable_16": 16, "stable_12": 12}},
        {"id": "tower_large", "count": 4, "kind": "tower", "vp": 10, "cost": 12},
        {"id": "tower_small", "count": 5, "kind": "tower", "vp": 8, "cost": 10},
        {"id": "house", "count": 7, "kind": "house", "vp": 6, "cost": 8},
    ],
    # Fees of the two forge spaces (forge_10, forge_6), §11.1 [S*].
    "forgeFees": [10, 6],
    "winterRoundFields": [14, 13, 11, 9, 6, 4],
    "winterRevealTiming": "afterSelection",
    # §15 [D]: the deck is made of these ids; each maps to its parameters.
    "winterCards": {
        "winter_guest": {"fee": 3, "vp": 4},
        "winter_frost": {"wood": 1},
        "winter_snow": {},
        "winter_market": {"taler": 2},
        "winter_stores": {"sand": 1, "wood": 1, "clay": 1},
        "winter_heating": {"taler": 2},
    },
    "silverValueForPalaceAndTiebreak": 5,
    "allowDisplacingOwnTraderHelper": False,
    "winterEnabled": False,
}

#: Final scoring per helper space (§11, §13.2): ``(measure, vp, per)`` gives
#: ``vp * (measure // per)`` VP to the space's owner. The measures:
#: forge_silver, free_spaces (Keep), castle_helpers (Tavern), unbuilt (Servants' house),
#: towers, houses. Market and palace spaces convert instead (§13.3).
SPACE_SCORING: dict[str, tuple[str, int, int]] = {
    "forge_10": ("forge_silver", 1, 1),
    "forge_6": ("forge_silver", 1, 2),
    "keep": ("free_spaces", 3, 1),
    "tavern_12": ("castle_helpers", 1, 1),
    "tavern_6": ("castle_helpers", 1, 2),
    "servants_a": ("unbuilt", 1, 1),
    "servants_b": ("unbuilt", 1, 1),
    "great_gate": ("towers", 2, 1),
    "small_gate": ("towers", 1, 1),
    "stable_16": ("houses", 3, 1),
    "stable_12": ("houses", 2, 1),
}
#: Final scoring steps 1-6 of §13.2, each a group of spaces; within a step players score in
#: player order: forge, keep, tavern, servants' house, the two gates, stable.
SCORING_STEPS: tuple[tuple[str, ...], ...] = (
    ("forge_10", "forge_6"),
    ("keep",),
    ("tavern_12", "tavern_6"),
    ("servants_a", "servants_b"),
    ("great_gate", "small_gate"),
    ("stable_16", "stable_12"),
)
MARKET_SPACES: tuple[str, str] = ("market_a", "market_b")
PALACE_SPACES: tuple[str, str] = ("palace_a", "palace_b")
#: Pieces a palace helper converts (§13.3); both spaces together convert twice as many.
PALACE_LIMIT_PER_HELPER = 5
#: Palace conversion takes the most valuable pieces first (§13.3 [R]).
PALACE_ORDER: tuple[int, ...] = (SILVER, STONE, CLAY, WOOD, SAND)
#: Taler per VP at the market with one space, and with both (§13.3).
MARKET_RATE_ONE = 2
MARKET_RATE_BOTH = 1
