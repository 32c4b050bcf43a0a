"""War Chest state: slotted dataclasses holding one game, and its plain JSON form."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.core import Action, Event
from games.moves import Noted, copy_moves
from games.rng import Chance
from games.war_chest.data import NKINDS

__all__ = ("Unit", "SeatState", "WarChestState", "zero_counts", "dump_state", "load_state", "clone_state")


@dataclass(slots=True)
class Unit:
    uid: int
    owner: int
    kind: int
    height: int
    hex: int


@dataclass(slots=True)
class SeatState:
    """Coin counts per kind (index = data kind, 16 = Royal Coin): the freqdeck idea."""

    cards: list[int]
    bag: list[int]
    hand: list[int]
    up: list[int]  # face-up discard
    down: list[int]  # face-down discard
    supply: list[int]
    gone: list[int]  # eliminated (box)


@dataclass(slots=True)
class WarChestState:
    players: int
    setup: str
    royal_guard: str
    phase: str  # draft | play | over
    round: int
    turn: int  # the seat whose turn it is in the use phase
    turn_done: bool  # that seat has played its coin; the turn ends when the stack empties
    initiative: int
    claimed: bool
    seats: list[SeatState]
    units: dict[int, Unit]
    at: dict[int, int]  # hex -> uid
    control: dict[int, int]  # location hex -> team (0 Raven, 1 Wolf)
    reserve: list[int]  # markers in reserve per team
    stack: list[dict[str, Any]]  # pending follow-up decisions, top last
    draft_pool: list[int]
    draft_order: list[int]
    draft_pick: int
    winner: int | None  # team
    next_uid: int
    chance: Chance
    opening: list[Event]
    moves: list[Noted]  # the latest public moves, oldest first (games/moves.py)
    # options of the current decision, computed once for legal() and apply(); not part of the
    # game (never dumped), dropped by every apply
    memo: tuple[int | None, str | None, list[Action], list[dict[str, Any] | None]] | None = None
    # each seat's units by kind, with (next_uid, unit count) when built; derived, never dumped
    index: tuple[int, int, list[dict[int, list[Unit]]]] | None = None
    # a search's copy (``determinize``): the moves it makes are never shown, so none are kept
    searching: bool = False


def zero_counts() -> list[int]:
    return [0] * NKINDS


def _plain(value: Any) -> Any:
    """A fresh copy of JSON-like data, equal to ``json.loads(json.dumps(value))`` for what the
    state holds (dicts with string keys, lists, tuples, strings, ints, bools, None) without
    serialising; anything else still takes the JSON round trip."""
    kind = type(value)
    if kind is dict:
        if all(type(k) is str for k in value):
            return {k: _plain(v) for k, v in value.items()}
    elif kind is list or kind is tuple:
        return [_plain(v) for v in value]
    elif value is None or kind is str or kind is int or kind is bool:
        return value
    return json.loads(json.dumps(value))


def dump_state(st: WarChestState) -> dict[str, Any]:
    """Plain JSON form; the options cache is not part of the game."""
    return {
        "players": st.players,
        "setup": st.setup,
        "royal_guard": st.royal_guard,
        "phase": st.phase,
        "round": st.round,
        "turn": st.turn,
        "turn_done": st.turn_done,
        "initiative": st.initiative,
        "claimed": st.claimed,
        "seats": [
            {
                "cards": list(sd.cards),
                "bag": list(sd.bag),
                "hand": list(sd.hand),
                "up": list(sd.up),
                "down": list(sd.down),
                "supply": list(sd.supply),
                "gone": list(sd.gone),
            }
            for sd in st.seats
        ],
        "units": [[u.uid, u.owner, u.kind, u.height, u.hex] for u in sorted(st.units.values(), key=lambda u: u.uid)],
        "control": sorted([h, t] for h, t in st.control.items()),
        "reserve": list(st.reserve),
        "stack": _plain(st.stack),
        "draft_pool": list(st.draft_pool),
        "draft_order": list(st.draft_order),
        "draft_pick": st.draft_pick,
        "winner": st.winner,
        "next_uid": st.next_uid,
        "chance": st.chance.dump(),
        "opening": _plain(st.opening),
        "moves": copy_moves(st.moves),
    }


def load_state(data: dict[str, Any]) -> WarChestState:
    """Inverse of ``dump_state``."""
    units = {u[0]: Unit(*u) for u in data["units"]}
    return WarChestState(
        players=data["players"],
        setup=data["setup"],
        royal_guard=data["royal_guard"],
        phase=data["phase"],
        round=data["round"],
        turn=data["turn"],
        turn_done=data["turn_done"],
        initiative=data["initiative"],
        claimed=data["claimed"],
        seats=[
            SeatState(
                list(s["cards"]),
                list(s["bag"]),
                list(s["hand"]),
                list(s["up"]),
                list(s["down"]),
                list(s["supply"]),
                list(s["gone"]),
            )
            for s in data["seats"]
        ],
        units=units,
        at={u.hex: u.uid for u in units.values()},
        control={h: t for h, t in data["control"]},
        reserve=list(data["reserve"]),
        stack=_plain(data["stack"]),
        draft_pool=list(data["draft_pool"]),
        draft_order=list(data["draft_order"]),
        draft_pick=data["draft_pick"],
        winner=data["winner"],
        next_uid=data["next_uid"],
        chance=Chance.load(data["chance"]),
        opening=_plain(data["opening"]),
        moves=copy_moves(data.get("moves") or []),  # older snapshots have none
    )


def _copy_frame(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in frame.items()}


def clone_state(st: WarChestState) -> WarChestState:
    """An independent copy without a JSON round trip (for search); the options cache is dropped.

    Fields are passed by position: a dataclass ``__init__`` with two dozen keywords costs more
    than the rest of the copy."""
    return WarChestState(
        st.players,
        st.setup,
        st.royal_guard,
        st.phase,
        st.round,
        st.turn,
        st.turn_done,
        st.initiative,
        st.claimed,
        [SeatState(d.cards[:], d.bag[:], d.hand[:], d.up[:], d.down[:], d.supply[:], d.gone[:]) for d in st.seats],
        {uid: Unit(u.uid, u.owner, u.kind, u.height, u.hex) for uid, u in st.units.items()},
        st.at.copy(),
        st.control.copy(),
        st.reserve[:],
        [_copy_frame(f) for f in st.stack],
        st.draft_pool[:],
        st.draft_order[:],
        st.draft_pick,
        st.winner,
        st.next_uid,
        st.chance.clone(),
        st.opening[:],  # told once at the start, never changed
        st.moves[:],  # a kept move is never changed, only followed by new ones
        None,
        None,
        st.searching,
    )
