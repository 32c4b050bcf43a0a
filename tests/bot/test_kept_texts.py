"""What the chat keeps between one action and the next, checked against making it afresh: the
pending play-by-play's lines (each action describes only its own events), a seat's view (made once
per state and seat), and /play's labels of a menu."""

from __future__ import annotations

import random

from bot.chat import render
from bot.service.notices import SeatInfo, Table
from bot.service.tables import BACK, STAND_IN
from games import registry
from games.core import visible
from games.menus import Menu, find_path


def _table(key: str, players: int, seed: int) -> Table:
    engine = registry.get(key)
    return Table(
        game_id=seed,
        channel_id=1,
        guild_id=1,
        engine=engine,
        status="running",
        host_id=1,
        seats=[SeatInfo(i, 100 + i, f"p{i}", "en", True) for i in range(players)],
        options={},
        version=0,
        state=engine.start(players, {}, seed),
    )


def test_pending_log_lines_are_those_of_the_whole_batch_as_it_grows_is_taken_and_renamed() -> None:
    rnd = random.Random(5)
    for key, players in (("war_chest", 2), ("cities_knights", 3), ("burg", 3)):
        table = _table(key, players, 11)
        engine, pending = table.engine, []
        for step in range(160):
            pending_seats = sorted(engine.pending(table.state))
            if not pending_seats:
                break
            seat = rnd.choice(pending_seats)
            events = engine.apply(table.state, seat, rnd.choice(engine.legal(table.state, seat)))
            pending = [*pending, *(ev for ev in events if visible(ev, None))]
            if step % 7 == 0:
                pending.append({"type": BACK if step % 2 else STAND_IN, "seat": seat})
            if step % 40 == 39:
                pending = pending[len(pending) // 2 :]  # a batch went to the log thread
            if step == 100:  # seats renamed: every line said afresh
                table.seats = [SeatInfo(i, 100 + i, f"q{i}", "en", True) for i in range(players)]
            table.log_pending = pending
            for lang in ("en", "nl"):
                assert render.pending_log_lines(table, lang) == render.log_lines(table, pending, lang), (key, step)


def test_a_view_is_made_once_per_state_and_seat_and_each_reader_gets_its_own() -> None:
    table = _table("war_chest", 2, 3)
    engine = table.engine
    calls = []
    real = engine.view

    class Counting:
        def __getattr__(self, name: str) -> object:
            return getattr(engine, name)

        def view(self, state: object, seat: int | None) -> dict:
            calls.append(seat)
            return real(state, seat)

    table.engine = Counting()  # type: ignore[assignment]
    first, again = table.view(0), table.view(0)
    assert first == again == {**real(table.state, 0), "names": table.names} and first is not again
    first["names"] = ["changed"]
    assert table.view(0)["names"] == table.names and calls == [0]
    table.view(None)
    assert calls == [0, None]
    table.state = engine.load(engine.dump(table.state))  # another state: made again
    table.view(0)
    assert calls == [0, None, 0]
    table.seats = [SeatInfo(i, 100 + i, f"r{i}", "en", True) for i in range(2)]  # other names: again
    assert table.view(0)["names"] == ["r0", "r1"] and calls == [0, None, 0, 0]


def test_play_labels_of_a_menu_are_each_actions_path_in_order() -> None:
    for key, players in (("battles_builders", 3), ("cities_knights", 4)):
        table = _table(key, players, 2)
        seat = sorted(table.engine.pending(table.state))[0]
        view, actions = table.view(seat), table.engine.legal(table.state, seat)
        menu = Menu(table.engine, view, actions, "nl")
        assert menu.paths() == [find_path(table.engine, view, actions, "nl", a) for a in actions]
        assert menu.paths() is menu.paths()  # made once
