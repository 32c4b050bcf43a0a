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
    state.players[seat].res[0] = 0  # no sand left: other payments become the default ones
    state.players[seat].res[3] += 3
    after_view = engine.view(state, seat)
    assert after_view["default_payments"] != before_view["default_payments"]
    assert table.private_mark(seat) == before


def test_the_mark_follows_the_seat_s_own_cards() -> None:
    engine, state, seat = burg_with_default_payments()
    table = table_of(engine, state)
    before = table.private_mark(seat)
    state.players[seat].hand.pop()
    assert table.private_mark(seat) != before
