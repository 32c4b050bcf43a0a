"""Building Im Schutze der Burg states precisely, and the invariants every state keeps.

A scenario starts from the exact set-up of §4 (``new_game``) and changes only what it needs,
always by *moving* pieces between locations so the supply totals stay conserved:

- ``give(s, seat, sand=2, silver=1)`` moves resources from the general supply to a player;
- ``give_taler(s, seat, 5)`` / ``take_taler(s, seat, 2)`` move taler from / to the bank;
- ``to_tower(s, clay=2)`` / ``empty_tower(s)`` move resources between supply and watchtower;
- ``put_trader(s, seat, "cart_wood", placed_round=0)`` stands a helper from the personal supply on
  a trade field; ``put_castle(s, seat, "keep")`` stands one on a helper space;
- ``prebuild(s, "house_1", seat)`` marks a tile built (no payment: set-up only);
- ``select(s, {0: "trader", 1: ["bricklayer", "stonemason"]})`` lets every seat choose;
- ``act(s, seat, "build", building="house_1", payment={...})`` applies one action.

``check_invariants(s)`` asserts conservation of every resource, of taler and of helpers.
"""

from __future__ import annotations

from typing import Any

from games.burg.data import FIELDS, RESOURCES
from games.burg.engine import ENGINE
from games.burg.state import State
from games.core import Event

R = {r: i for i, r in enumerate(RESOURCES)}


def new_game(players: int = 4, seed: int = 0, **options: Any) -> State:
    return ENGINE.start(players, options, seed)


def give(s: State, seat: int, **res: int) -> None:
    for name, k in res.items():
        i = R[name]
        assert s.supply[i] >= k, f"supply lacks {k} {name}"
        s.supply[i] -= k
        s.players[seat].res[i] += k


def take(s: State, seat: int, **res: int) -> None:
    for name, k in res.items():
        i = R[name]
        assert s.players[seat].res[i] >= k
        s.players[seat].res[i] -= k
        s.supply[i] += k


def set_res(s: State, seat: int, **res: int) -> None:
    """Set a player's resources exactly (others of the five become 0)."""
    for i, name in enumerate(RESOURCES):
        want = res.get(name, 0)
        have = s.players[seat].res[i]
        if want > have:
            give(s, seat, **{name: want - have})
        elif want < have:
            take(s, seat, **{name: have - want})


def give_taler(s: State, seat: int, k: int) -> None:
    assert s.bank >= k
    s.bank -= k
    s.players[seat].taler += k


def take_taler(s: State, seat: int, k: int) -> None:
    assert s.players[seat].taler >= k
    s.players[seat].taler -= k
    s.bank += k


def set_taler(s: State, seat: int, k: int) -> None:
    have = s.players[seat].taler
    if k > have:
        give_taler(s, seat, k - have)
    else:
        take_taler(s, seat, have - k)


def empty_tower(s: State) -> None:
    for i in range(5):
        s.supply[i] += s.tower[i]
        s.tower[i] = 0


def to_tower(s: State, **res: int) -> None:
    for name, k in res.items():
        i = R[name]
        assert s.supply[i] >= k
        s.supply[i] -= k
        s.tower[i] += k


def drain_supply(s: State, name: str, leave: int = 0) -> None:
    """Move pieces of one type from the supply to the watchtower so only ``leave`` remain."""
    i = R[name]
    k = s.supply[i] - leave
    s.supply[i] -= k
    s.tower[i] += k


def put_trader(s: State, seat: int, field: str, placed_round: int = 0) -> None:
    f = FIELDS.index(field)
    assert s.field_owner[f] < 0 and s.players[seat].helpers > 0
    s.players[seat].helpers -= 1
    s.field_owner[f] = seat
    s.field_round[f] = placed_round


def put_castle(s: State, seat: int, space: str) -> None:
    assert space not in s.spaces and s.players[seat].helpers > 0
    s.players[seat].helpers -= 1
    s.spaces[space] = seat


def prebuild(s: State, tile: str, seat: int = 0, card: str = "stonemason", round_: int = 0) -> None:
    assert tile in s.rules.tile_by_id and tile not in s.built
    s.built[tile] = [seat, round_, card]


def play_cards(s: State, seat: int, *cards: str) -> None:
    """Move cards from the hand to the played area (as if played in earlier rounds)."""
    p = s.players[seat]
    for c in cards:
        p.hand.remove(c)
        p.played.append(c)
    from games.burg.data import CARDS

    p.played.sort(key=CARDS.index)


def select(s: State, choices: dict[int, str | list[str]]) -> list[Event]:
    events: list[Event] = []
    for seat, cards in choices.items():
        if isinstance(cards, str):
            action = {"type": "select", "card": cards}
        else:
            action = {"type": "select", "cards": list(cards)}
        events.extend(ENGINE.apply(s, seat, action))
    return events


def act(s: State, seat: int, type_: str, **fields: Any) -> list[Event]:
    return ENGINE.apply(s, seat, {"type": type_, **fields})


def acting(s: State) -> tuple[int, str]:
    """The one seat that must act now and its prompt kind."""
    pend = ENGINE.pending(s)
    assert len(pend) == 1, pend
    seat, prompt = next(iter(pend.items()))
    return seat, prompt.kind


def done_until(s: State, seat: int, step: str) -> None:
    """Send 'done' while ``seat`` is pending at a step other than ``step``."""
    while True:
        who, kind = acting(s)
        if who == seat and kind == step:
            return
        act(s, who, "done" if kind != "trader" else "pass")


def houses_under_a_master_builder(s: State, picks: dict[int, str | list[str]] | None = None) -> list[Event]:
    """A round in which seat 0's Bricklayer and seat 1's Stonemason each build a house (4 resources
    each) under a Master builder: by default four seats, seat 2 sending its Messenger and seat 3
    holding the Master builder; ``picks`` chooses otherwise (the Master builder's seat has played
    two cards before, so it may pick it). The events of the round's last step, the Master
    builder's scoring among them."""
    picks = picks or {0: "bricklayer", 1: "stonemason", 2: "messenger", 3: "master_builder"}
    master = next(seat for seat, cards in picks.items() if "master_builder" in cards)
    play_cards(s, master, "messenger", "trader")
    set_res(s, 0, sand=2, wood=1, clay=1)
    set_res(s, 1, sand=2, wood=1, clay=1)
    select(s, picks)
    act(s, 0, "watchtower", resource="stone")
    act(s, 0, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 0, "done")
    act(s, 0, "done")
    act(s, 1, "build", building="house", payment={"sand": 2, "wood": 1, "clay": 1})
    act(s, 1, "done")
    return act(s, 1, "done")


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def of(events: list[Event], type_: str) -> list[Event]:
    return [e for e in events if e["type"] == type_]


def check_invariants(s: State) -> None:
    """Every resource, taler and helper is somewhere, exactly once (§2); nothing is negative."""
    rules = s.rules
    vecs = [s.supply, s.tower, s.removed_res, *(p.res for p in s.players), *(w[2] for w in s.workers)]
    totals = list(map(sum, zip(*vecs)))
    totals[4] += s.forge
    assert totals == list(rules.totals), f"resources {totals} != {rules.totals}"
    assert min(map(min, vecs)) >= 0, "a negative resource count"
    talers = [p.taler for p in s.players]
    assert s.bank + s.track + s.removed_taler + sum(talers) == rules.coins_total, "taler not conserved"
    assert s.bank >= 0 and min(talers) >= 0
    helpers = [p.helpers for p in s.players]
    assert min(helpers) >= 0
    for owner in s.field_owner:
        if owner >= 0:
            helpers[owner] += 1
    for owner in s.spaces.values():
        helpers[owner] += 1
    for owner in s.guests:
        helpers[owner] += 1
    assert helpers == [rules.helpers] * s.n, f"helpers {helpers}"
    for p in s.players:
        cards = p.hand + p.played
        assert len(cards) == 8 and len(set(cards)) == 8
