"""Test helpers for War Chest: build exact positions from a scripted start.

A position starts as a real game (``ENGINE.start`` with ``script`` cards, flip and draws), then
``place``, ``give_hand``, ``set_control`` and ``turn_to`` move coins between zones only, so the
coin-conservation invariant of §4 still holds in every constructed state.
"""

from __future__ import annotations

import json
from typing import Any

from games.core import Action, Event
from games.war_chest import data as D
from games.war_chest.engine import ENGINE, Unit, WarChestState, parse_coin, parse_hex

__all__ = (
    "ENGINE",
    "game",
    "place",
    "give_hand",
    "set_control",
    "turn_to",
    "act",
    "unit_at",
    "coin_totals",
    "check_conservation",
    "legal_types",
    "legal_of",
)


def game(
    *armies: list[str],
    initiative: str = "raven",
    setup: str = "basic",
    royal_guard: str = "original",
    draws: dict[str, list[str]] | None = None,
    seed: int = 1,
) -> WarChestState:
    """A started game whose seats hold exactly these unit cards (2 or 4 armies)."""
    cards = [c for army in armies for c in army]
    script: dict[str, Any] = {"cards": cards, "flips": [initiative]}
    if draws:
        script["draws"] = draws
    return ENGINE.start(len(armies), {"setup": setup, "royal_guard": royal_guard, "script": script}, seed)


def _take(st: WarChestState, seat: int, kind: int, zones: tuple[str, ...]) -> None:
    sd = st.seats[seat]
    for zone in zones:
        counts = getattr(sd, zone)
        if counts[kind]:
            counts[kind] -= 1
            return
    raise AssertionError(f"seat {seat} has no {D.UNIT_NAMES[kind]} coin left in {zones}")


def place(st: WarChestState, seat: int, unit: str, hex_: str, height: int = 1) -> None:
    """Put a unit of ``height`` coins on the board, coins taken from supply, then bag, then hand."""
    kind = parse_coin(unit)
    h = parse_hex(hex_)
    assert kind is not None and h is not None and h not in st.at
    for _ in range(height):
        _take(st, seat, kind, ("supply", "bag", "up", "down", "hand"))
    uid = st.next_uid
    st.next_uid += 1
    st.units[uid] = Unit(uid, seat, kind, height, h)
    st.at[h] = uid
    ENGINE.forget(st)


def give_hand(st: WarChestState, seat: int, coins: list[str]) -> None:
    """Return the hand to the bag, then take these coins (from bag, else discard, else supply)."""
    sd = st.seats[seat]
    for k in range(D.NKINDS):
        sd.bag[k] += sd.hand[k]
        sd.hand[k] = 0
    for name in coins:
        kind = parse_coin(name)
        assert kind is not None
        _take(st, seat, kind, ("bag", "up", "down", "supply"))
        sd.hand[kind] += 1
    ENGINE.forget(st)


def set_control(st: WarChestState, hex_: str, faction: str | None) -> None:
    h = parse_hex(hex_)
    assert h is not None and h in D.BOARDS[st.players].location_set
    prev = st.control.pop(h, None)
    if prev is not None:
        st.reserve[prev] += 1
    if faction is not None:
        team = D.FACTIONS.index(faction)
        st.control[h] = team
        st.reserve[team] -= 1
    ENGINE.forget(st)


def turn_to(st: WarChestState, seat: int) -> None:
    st.turn = seat
    st.turn_done = False
    st.stack.clear()
    ENGINE.forget(st)


def act(st: WarChestState, seat: int, **action: Any) -> list[Event]:
    """Apply ``{"type": ..., **fields}`` after a JSON round trip, as the bot would."""
    return ENGINE.apply(st, seat, json.loads(json.dumps(action)))


def unit_at(st: WarChestState, hex_: str) -> tuple[int, str, int] | None:
    """(owner, unit name, height) of the unit on that hex, or None."""
    h = parse_hex(hex_)
    uid = st.at.get(h)  # type: ignore[arg-type]
    if uid is None:
        return None
    u = st.units[uid]
    return u.owner, D.UNIT_NAMES[u.kind], u.height


def coin_totals(st: WarChestState, seat: int) -> list[int]:
    """Per kind: bag + hand + discard (both faces) + supply + board + eliminated + held by a follow-up."""
    sd = st.seats[seat]
    tot = [sd.bag[k] + sd.hand[k] + sd.up[k] + sd.down[k] + sd.supply[k] + sd.gone[k] for k in range(D.NKINDS)]
    for u in st.units.values():
        if u.owner == seat:
            tot[u.kind] += u.height
    for frame in st.stack:
        if frame["k"] == "warrior_priest" and frame["seat"] == seat:
            tot[frame["coin"]] += 1
    return tot


def check_conservation(st: WarChestState) -> None:
    for seat, sd in enumerate(st.seats):
        tot = coin_totals(st, seat)
        for k in range(D.NKINDS):
            if st.phase == "draft":
                want = 0  # coins are handed out once the draft is over
            elif k == D.ROYAL:
                want = 1
            elif k in sd.cards:
                want = D.COINS[k]
            else:
                want = 0
            assert tot[k] == want, (seat, D.UNIT_NAMES[k], tot[k], want)
        assert sd.gone[D.ROYAL] == 0
    for h, uid in st.at.items():
        assert st.units[uid].hex == h
    assert len(st.at) == len(st.units)
    board = D.BOARDS[st.players]
    for team in (0, 1):
        placed = sum(1 for t in st.control.values() if t == team)
        assert placed + st.reserve[team] == board.markers
    assert all(h in board.location_set for h in st.control)
    assert all(u.hex in board.on and u.height >= 1 for u in st.units.values())
    for seat in range(st.players):
        kinds = [u.kind for u in st.units.values() if u.owner == seat]
        for k in set(kinds):
            assert kinds.count(k) <= (2 if k == D.FOOTMAN else 1)


def legal_types(st: WarChestState, seat: int) -> set[str]:
    return {a["type"] for a in ENGINE.legal(st, seat)}


def legal_of(st: WarChestState, seat: int, **match: Any) -> list[Action]:
    return [a for a in ENGINE.legal(st, seat) if all(a.get(k) == v for k, v in match.items())]


def take_nth_coin(bag: list[int], r: int) -> int:
    """Take the ``r``-th coin of ``bag`` counted in kind order (how a draw picks, §9.2.4); its kind."""
    kind = 0
    while r >= bag[kind]:
        r -= bag[kind]
        kind += 1
    bag[kind] -= 1
    return kind
