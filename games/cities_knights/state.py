"""The state of one game of Cities & Knights: flat int lists indexed by vertex, edge, seat."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.moves import Noted, copy_moves
from games.rng import Chance

# building kinds per vertex
NONE, SETTLEMENT, CITY, SIDEWAYS = 0, 1, 2, 3
BUILDING_NAMES = ("", "settlement", "city", "sideways")


def jcopy(x: Any) -> Any:
    """Copy a JSON-shaped value (lists, dicts, scalars) without deepcopy's bookkeeping."""
    if isinstance(x, list):
        return [jcopy(i) for i in x]
    if isinstance(x, dict):
        return {k: jcopy(v) for k, v in x.items()}
    return x


@dataclass(slots=True)
class State:
    n: int
    options: dict[str, Any]
    seat_order: list[int]
    terrain: list[str]
    numbers: list[int]
    harbours: list[str]
    robber: int
    merchant: int
    merchant_owner: int
    # per vertex
    b_owner: list[int]
    b_kind: list[int]
    wall: list[int]
    metro: list[int]  # track index of the metropolis on this city, or -1
    k_owner: list[int]
    k_level: list[int]  # 0 = no knight, 1 basic, 2 strong, 3 mighty
    k_active: list[int]
    k_fresh: list[int]  # active since the turn began and neither activated nor used since
    k_promoted: list[int]
    # per edge
    road: list[int]
    # per seat
    hand: list[list[int]]
    progress: list[list[str]]
    vp_cards: list[list[str]]
    levels: list[list[int]]
    defenders: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    roads_left: list[int]
    walls_left: list[int]
    knights_left: list[list[int]]
    road_len: list[int]
    # shared
    bank: list[int]
    decks: list[list[str]]
    barbarian: int
    robber_unlocked: bool
    attacks: int
    metro_perm: list[int]
    longest: int
    turn: int
    turn_no: int
    phase: str  # setup | roll | main | over
    setup_step: int
    setup_vertex: int
    dice: dict[str, Any] | None
    tasks: list[dict[str, Any]]
    fleet: int  # bitmask of the kinds named by Merchant Fleet this turn
    harbor_on: bool
    harbor_used: list[int]
    trade: dict[str, Any] | None
    asked: list[int]  # seats the active player's trade offers have addressed this turn (public)
    draft: dict[str, Any] | None  # the offer the active player is composing {give, want} (private)
    looking: dict[str, Any] | None
    winner: int
    start_log: list[dict[str, Any]]  # the random events of the start (§26), public parts only
    moves: list[Noted]  # the latest public moves, oldest first (games/moves.py)
    chance: Chance
    # Derived values cached by the engine (never dumped, never compared); ``apply`` drops them
    # whenever the position changes, a fresh, cloned or loaded state starts without.
    memo: Any = field(default=None, compare=False, repr=False)
    # a search's copy (``determinize``): its moves are never shown, so none are kept; never dumped
    searching: bool = field(default=False, compare=False, repr=False)


FIELD_NAMES = tuple(f.name for f in fields(State) if f.name not in ("chance", "memo", "searching"))


def dump_state(st: State) -> dict[str, Any]:
    # a move holds its events as apply returned them: copy_moves picks them out and copies them
    out = {name: copy_moves(st.moves) if name == "moves" else jcopy(getattr(st, name)) for name in FIELD_NAMES}
    out["chance"] = st.chance.dump()
    return out


#: fields added after games were first stored, with the value an older snapshot stands for
LATER_FIELDS: dict[str, Any] = {"asked": [], "draft": None, "moves": []}


def load_state(data: dict[str, Any]) -> State:
    kw = {name: jcopy(data[name] if name in data else LATER_FIELDS[name]) for name in FIELD_NAMES}
    return State(chance=Chance.load(data["chance"]), **kw)
