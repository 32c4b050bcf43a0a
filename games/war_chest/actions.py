"""Every canonical War Chest action dict, built once at import and shared by all games, and the
readers of the hex and coin names an action may use.

``legal`` hands these out instead of building fresh dicts per call (the protocol allows shared
action dicts: nobody mutates an action it was given). Keys keep the order the engine always used,
so a listed action reads and serialises exactly as before. Tables are indexed by coin kind and
global hex index (data.COORDS); two-hex tables by ``[hex][other]`` for adjacent pairs only.
"""

from __future__ import annotations

from typing import Any

from games.war_chest.data import (
    COORDS,
    DIRECTIONS,
    HEX_INDEX,
    HEX_NAMES,
    MARSHALL,
    NKINDS,
    NL_NAMES,
    ROYAL,
    UNIT_NAMES,
)

__all__ = (
    "PASS",
    "CLAIM",
    "RECRUIT",
    "DRAFT",
    "DEPLOY",
    "BOLSTER",
    "MOVE",
    "CONTROL",
    "ATTACK",
    "TACTIC_TARGET",
    "TACTIC_TO",
    "TACTIC_UNIT_TO",
    "TACTIC_UNIT_TARGET",
    "FOOTMAN_TACTIC",
    "FREE_MOVE",
    "FREE_MOVE_AT",
    "FREE_CONTROL",
    "FREE_CONTROL_AT",
    "FREE_ATTACK",
    "FREE_ATTACK_AT",
    "DECLINE",
    "SOAK",
    "AT",
    "AT_COIN",
    "parse_hex",
    "parse_coin",
)

Action = dict[str, Any]
_HEXES = range(len(COORDS))
_KINDS = range(NKINDS)
_UNITS = range(NKINDS - 1)


def _adjacent(h: int) -> list[int]:
    """Every hex next to ``h`` on the largest board (each board's neighbours are a subset)."""
    q, r = COORDS[h]
    return [n for n in (HEX_INDEX.get((q + dq, r + dr)) for dq, dr in DIRECTIONS) if n is not None]


def _per_hex(build: Any) -> tuple[Any, ...]:
    return tuple(build(h) for h in _HEXES)


def _per_pair(build: Any) -> tuple[dict[int, Any], ...]:
    """``[h][n]`` for adjacent hexes."""
    return tuple({n: build(h, n) for n in _adjacent(h)} for h in _HEXES)


# spending a coin, by coin kind (ROYAL = 16 included where the Royal Coin may do it)
PASS: tuple[Action, ...] = tuple({"type": "pass", "coin": UNIT_NAMES[k]} for k in _KINDS)
CLAIM: tuple[Action, ...] = tuple({"type": "claim_initiative", "coin": UNIT_NAMES[k]} for k in _KINDS)
RECRUIT: tuple[tuple[Action, ...], ...] = tuple(
    tuple({"type": "recruit", "coin": UNIT_NAMES[k], "unit": UNIT_NAMES[t]} for t in _UNITS) for k in _KINDS
)
DRAFT: tuple[Action, ...] = tuple({"type": "draft", "unit": UNIT_NAMES[k]} for k in _UNITS)
DEPLOY: tuple[tuple[Action, ...], ...] = tuple(
    _per_hex(lambda h, k=k: {"type": "deploy", "coin": UNIT_NAMES[k], "to": HEX_NAMES[h]}) for k in _UNITS
)
BOLSTER: tuple[Action, ...] = tuple({"type": "bolster", "coin": UNIT_NAMES[k]} for k in _UNITS)
MOVE: tuple[tuple[Action, ...], ...] = tuple(
    _per_hex(lambda h, k=k: {"type": "move", "coin": UNIT_NAMES[k], "to": HEX_NAMES[h]}) for k in _UNITS
)
CONTROL: tuple[Action, ...] = tuple({"type": "control", "coin": UNIT_NAMES[k]} for k in _UNITS)
ATTACK: tuple[tuple[Action, ...], ...] = tuple(
    _per_hex(lambda h, k=k: {"type": "attack", "coin": UNIT_NAMES[k], "target": HEX_NAMES[h]}) for k in _UNITS
)
TACTIC_TARGET: tuple[tuple[Action, ...], ...] = tuple(
    _per_hex(lambda h, k=k: {"type": "tactic", "coin": UNIT_NAMES[k], "target": HEX_NAMES[h]}) for k in _KINDS
)
TACTIC_TO: tuple[tuple[Action, ...], ...] = tuple(
    _per_hex(lambda h, k=k: {"type": "tactic", "coin": UNIT_NAMES[k], "to": HEX_NAMES[h]}) for k in _KINDS
)
FOOTMAN_TACTIC: Action = {"type": "tactic", "coin": "Footman"}
# Ensign: [ally's hex][its destination]; Marshall: [ally's hex][target]
TACTIC_UNIT_TO: tuple[dict[int, Action], ...] = _per_pair(
    lambda x, n: {"type": "tactic", "coin": "Ensign", "unit": HEX_NAMES[x], "to": HEX_NAMES[n]}
)
TACTIC_UNIT_TARGET: tuple[dict[int, Action], ...] = _per_pair(
    lambda x, t: {"type": "tactic", "coin": "Marshall", "unit": HEX_NAMES[x], "target": HEX_NAMES[t]}
)

# maneuvers without a coin (Footman tactic: with "at"; Berserker, Mercenary: without)
FREE_MOVE: tuple[Action, ...] = _per_hex(lambda h: {"type": "move", "to": HEX_NAMES[h]})
FREE_MOVE_AT: tuple[dict[int, Action], ...] = _per_pair(
    lambda h, n: {"type": "move", "at": HEX_NAMES[h], "to": HEX_NAMES[n]}
)
FREE_CONTROL: Action = {"type": "control"}
FREE_CONTROL_AT: tuple[Action, ...] = _per_hex(lambda h: {"type": "control", "at": HEX_NAMES[h]})
FREE_ATTACK: tuple[Action, ...] = _per_hex(lambda h: {"type": "attack", "target": HEX_NAMES[h]})
FREE_ATTACK_AT: tuple[dict[int, Action], ...] = _per_pair(
    lambda h, t: {"type": "attack", "at": HEX_NAMES[h], "target": HEX_NAMES[t]}
)
DECLINE: Action = {"type": "decline"}
SOAK: tuple[Action, Action] = ({"type": "soak", "from": "supply"}, {"type": "soak", "from": "unit"})

# what apply needs beside an action (never handed out): the acting unit's hex, and its coin
AT: tuple[dict[str, str], ...] = _per_hex(lambda h: {"at": HEX_NAMES[h]})
AT_COIN: tuple[tuple[dict[str, str], ...], ...] = tuple(
    _per_hex(lambda h, k=k: {"at": HEX_NAMES[h], "coin": UNIT_NAMES[k]}) for k in _UNITS
)


_HEX_BY_NAME = {n: i for i, n in enumerate(HEX_NAMES)}
_COIN_BY_KEY: dict[str, int] = {}
for _i, _n in enumerate(UNIT_NAMES):
    _COIN_BY_KEY[_n.lower()] = _i
    _COIN_BY_KEY[NL_NAMES[_i].lower()] = _i
_COIN_BY_KEY.update({"marshal": MARSHALL, "royal coin": ROYAL, "royal_coin": ROYAL, "koningsmunt": ROYAL})


def parse_hex(value: Any) -> int | None:
    """A hex index from ``"q,r"`` (signs, spaces, brackets forgiven) or ``[q, r]``; None if malformed."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return HEX_INDEX.get((value[0], value[1]))
    if not isinstance(value, str):
        return None
    text = value.strip().replace("\u2212", "-").strip("()[] ").replace(" ", "").replace("+", "")
    idx = _HEX_BY_NAME.get(text)
    if idx is not None:
        return idx
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        return HEX_INDEX.get((int(parts[0]), int(parts[1])))
    except ValueError:
        return None


def parse_coin(value: Any) -> int | None:
    """A coin kind from a unit name (any case, ``_`` or ``-`` for spaces) or ``royal``."""
    if not isinstance(value, str):
        return None
    return _COIN_BY_KEY.get(value.strip().lower().replace("_", " ").replace("-", " "))
