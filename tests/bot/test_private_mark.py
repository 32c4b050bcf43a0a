"""A seat's private mark: what only that seat sees, so its DM is edited when that changes and only then."""

from __future__ import annotations

import random
from typing import Any

from bot.service.notices import Table
from games import registry


def table_of(engine: Any, state: Any) -> Table:
    return Table(
        game_id=1,
        channel_id=2,
        guild_id=3,
        engine=engine,
        status="running",
        host_id=10,
        seats=[],
        options={},
        version=1,
        state=state,
    )


def burg_with_default_payments() -> tuple[Any, Any, int]:
    """A Burg game at a build task of a seat whose menus offer default payments."""
    engine = registry.get("burg")
    state = engine.start(2, seed=3)
    rng = random.Random(1)
    for _ in range(400):
        seat = sorted(engine.pending(state))[0]
        if engine.view(state, seat)["default_payments"]:
            return engine, state, seat
        engine.apply(state, seat, rng.choice(engine.legal(state, seat)))
    raise AssertionError("no build task reached")


def test_menu_hints_alone_do_not_change_the_mark() -> None:
    """Burg's default payments follow the seat's (public) resources: when only they change, the
    seat's own part is the same and its DM needs no edit."""
    engine, state, seat = burg_with_default_payments()
    table = table_of(engine, state)
    before_view, before = engine.view(state, seat), table.private_mark(seat)
    assert not table.own_changed(seat, before)
    state.players[seat].res[0] = 0  # no sand left: other payments become the default ones
    state.players[seat].res[3] += 3
    after_view = engine.view(state, seat)
    assert after_view["default_payments"] != before_view["default_payments"]
    assert table.private_mark(seat) == before and not table.own_changed(seat, before)


def test_the_mark_follows_the_seat_s_own_cards() -> None:
    engine, state, seat = burg_with_default_payments()
    table = table_of(engine, state)
    before = table.private_mark(seat)
    state.players[seat].hand.pop()
    assert table.private_mark(seat) != before and table.own_changed(seat, before)


class Picks:
    """A stand-in engine: each seat's pick is its own until the picks are revealed."""

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        shown = [p if state["revealed"] or i == seat else None for i, p in enumerate(state["picks"])]
        return {"round": state["round"], "seats": [{"pick": p} for p in shown]}


def test_a_reveal_is_no_change_of_the_seat_s_own_part() -> None:
    """A hidden pick is the seat's own until the reveal; when everyone sees it, the seat sees nothing
    new, so its DM needs no edit. A changed value of its own still is a change, hidden or public."""
    state: dict[str, Any] = {"round": 1, "picks": [3, 4], "revealed": False}
    table = table_of(Picks(), state)
    shown = table.private_mark(0)
    assert shown == {"/seats/0/pick": "3"}
    assert not table.own_changed(0, shown)
    state["round"] = 2  # public play moves on
    assert not table.own_changed(0, shown)
    state["revealed"] = True  # everyone sees the pick now
    assert table.private_mark(0) == {} and not table.own_changed(0, shown)
    state["picks"][0] = 1  # public, but changed since the DM showed 3
    assert table.own_changed(0, shown)
    state.update(picks=[5, 4], revealed=False)  # a new hidden pick
    assert table.own_changed(0, shown) and table.own_changed(0, None)
    assert not table.own_changed(0, table.private_mark(0))
