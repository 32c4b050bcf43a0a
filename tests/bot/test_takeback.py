"""Taking an action back through the table service, on real databases (SQLite always, PostgreSQL
when configured): the game exactly as before, the log without it, the version moved on, the clocks
as they were, and refusals when someone acted since, when it revealed something, for AI seats and
for others' actions; two presses racing apply exactly one."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.errors import ServiceError
from bot.service.notices import Outcome, Table
from bot.service.tables import TableService
from bot.service.taking_back import TOOK_BACK
from bot.store import repo
from bot.store.db import make_engine, make_sessions
from bot.store.models import FINISHED
from games.takeback import replayed
from tests.chat.world import FakeClock

CHANNEL = 777


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 3, 2, 12, 0, 0))


@pytest.fixture
def svc(store: AsyncEngine, clock: FakeClock) -> TableService:
    return TableService(make_sessions(store), seeds=lambda: 11, now=clock)


async def seated(svc: TableService, game: str, players: int, *, ai: int = 0, clock: str | None = None) -> Table:
    """A running game of ``game``: persons 1..players-ai, then AI seats."""
    for uid in range(1, players - ai + 1):
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=uid, name=f"p{uid}", game_key=game if uid == 1 else None)
    for _ in range(ai):
        await svc.add_bot(channel_id=CHANNEL, user_id=1)
    return (await svc.start(channel_id=CHANNEL, user_id=1, clock_text=clock)).table


async def now(svc: TableService, game_id: int) -> Table:
    table = await svc.table_by_id(game_id)
    assert table is not None
    return table


def dumped(table: Table) -> str:
    return json.dumps(table.engine.dump(table.state), sort_keys=True)


async def log_of(store: AsyncEngine, game_id: int) -> list[tuple[int, int, dict[str, Any]]]:
    async with make_sessions(store)() as s:
        return [(r.seq, r.seat, r.action) for r in await repo.action_log(s, game_id)]


async def act(svc: TableService, table: Table, seat: int, action: dict[str, Any]) -> Outcome:
    return await svc.act(
        game_id=table.game_id, user_id=table.user_of(seat) or 0, action=action, seq=table.prompt_seqs[seat]
    )


def first(table: Table, seat: int, kind: str) -> dict[str, Any]:
    return next(a for a in table.engine.legal(table.state, seat) if a["type"] == kind)


async def refused(code: str, work: Any) -> None:
    with pytest.raises(ServiceError) as e:
        await work
    assert e.value.code == code, e.value.code


async def test_a_hidden_pick_taken_back_leaves_the_game_as_before(svc: TableService, store: AsyncEngine) -> None:
    """Im Schutze der Burg: a first selection reveals nothing, so its answer offers taking it back;
    taking it back restores the dump exactly, shortens the log, moves the version on and tells
    the table who took back a hidden choice, without naming it."""
    table = await seated(svc, "burg", 3)
    before = dumped(table)
    done = await act(svc, table, 0, first(table, 0, "select"))
    logged = await log_of(store, table.game_id)
    assert [seat for _, seat, _ in logged] == [0] and done.takeback_seq == logged[0][0]
    assert done.table.version == logged[0][0]
    back = await svc.take_back(game_id=table.game_id, user_id=1, seq=done.takeback_seq)
    after = await now(svc, table.game_id)
    assert dumped(after) == before == json.dumps(after.engine.dump(back.table.state), sort_keys=True)
    assert await log_of(store, table.game_id) == []
    assert after.version > done.table.version and back.taken_back == logged[0][2]
    assert after.log_recent[-1] == {"type": TOOK_BACK, "seat": 0, "label": None}
    assert 0 in after.prompts and after.prompt_seqs[0] > done.table.version  # asked again, new buttons
    assert back.takeback_seq is None  # nothing earlier to take back
    # the same button again is stale; typed, there is nothing left to take back
    await refused("closed", svc.take_back(game_id=table.game_id, user_id=1, seq=done.takeback_seq))
    await refused("takeback_none", svc.take_back(game_id=table.game_id, user_id=1))


async def test_a_public_move_is_named_and_moves_are_taken_back_one_by_one(
    svc: TableService, store: AsyncEngine
) -> None:
    """Cities & Knights' set-up: a settlement and its road are taken back one after the other (each
    answer offers the next); the table names each as the chat's menus name it, in both languages."""
    table = await seated(svc, "cities_knights", 3)
    start = dumped(table)
    seat = min(table.prompts)
    user = table.user_of(seat) or 0
    settled = await act(svc, table, seat, first(table, seat, "build_settlement"))
    middle = dumped(settled.table)
    road = await act(svc, settled.table, seat, first(settled.table, seat, "build_road"))
    assert road.takeback_seq is not None and settled.takeback_seq is not None
    back = await svc.take_back(game_id=table.game_id, user_id=user, seq=road.takeback_seq)
    assert dumped(await now(svc, table.game_id)) == middle and back.takeback_seq == settled.takeback_seq
    label = back.events[0]["label"]
    assert label["en"].startswith("Road") or "road" in label["en"].lower(), label
    assert label["nl"] != label["en"]
    again = await svc.take_back(game_id=table.game_id, user_id=user, seq=back.takeback_seq)
    assert dumped(await now(svc, table.game_id)) == start and again.takeback_seq is None
    assert await log_of(store, table.game_id) == []
    recent = (await now(svc, table.game_id)).log_recent
    assert [ev["type"] for ev in recent[-2:]] == [TOOK_BACK, TOOK_BACK]


async def test_refused_once_someone_else_acted_and_for_others_moves(svc: TableService) -> None:
    table = await seated(svc, "burg", 3)
    mine = await act(svc, table, 0, first(table, 0, "select"))
    theirs = await act(svc, mine.table, 1, first(mine.table, 1, "select"))
    # p1 cannot take back: p2 has acted since (the button of p1's answer says so too)
    await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=1))
    await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=1, seq=mine.takeback_seq))
    # nobody takes back another's move, typed or with that move's button
    await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=3))
    await refused("closed", svc.take_back(game_id=table.game_id, user_id=3, seq=theirs.takeback_seq))
    await refused("not_a_player", svc.take_back(game_id=table.game_id, user_id=99))
    # p2 may
    await svc.take_back(game_id=table.game_id, user_id=2, seq=theirs.takeback_seq)


async def test_a_move_that_revealed_something_cannot_go(svc: TableService) -> None:
    """The last selection turns every selection over: not offered, and refused when asked."""
    table = await seated(svc, "burg", 3)
    for seat in (0, 1):
        table = (await act(svc, table, seat, first(table, seat, "select"))).table
    before = dumped(table)
    last = await act(svc, table, 2, first(table, 2, "select"))
    assert last.takeback_seq is None
    await refused("takeback_revealed", svc.take_back(game_id=table.game_id, user_id=3))
    assert dumped(await now(svc, table.game_id)) != before


async def test_ai_moves_and_stand_ins_moves_are_not_taken_back(svc: TableService) -> None:
    """An AI seat's move is never offered back, and a person cannot take it back; a stand-in's
    move for an absent person is not theirs to take back either."""
    table = await seated(svc, "burg", 3, ai=1)
    ai_seat = next(iter(table.ai_seats))
    done = await svc.act_ai(
        game_id=table.game_id, seat=ai_seat, action=first(table, ai_seat, "select"), version=table.version
    )
    assert done.takeback_seq is None
    for user in (1, 2):
        await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=user))
    # a stand-in plays p1's seat: its move stands
    table = done.table
    async with svc.sessions() as s, s.begin():
        game = await repo.game_by_id(s, table.game_id)
        assert game is not None
        next(x for x in game.seats if x.user_id == 1).stand_in = True
    table = await now(svc, table.game_id)
    seat = table.seat_of(1) or 0
    await svc.act_ai(game_id=table.game_id, seat=seat, action=first(table, seat, "select"), version=table.version)
    await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=1))


async def test_a_move_that_ends_the_game_is_not_taken_back(svc: TableService, store: AsyncEngine) -> None:
    """Ratings are counted when a game ends, so a finished game stays finished: the move that
    ended it (a Battles & Builders round's last step) is not offered and is refused."""
    table = await seated(svc, "battles_builders", 2)
    while True:
        table = await now(svc, table.game_id)
        seat = min(table.prompts)
        done = await act(svc, table, seat, table.engine.legal(table.state, seat)[0])
        if done.finished:
            break
    assert done.takeback_seq is None and done.table.status == FINISHED
    await refused("closed", svc.take_back(game_id=table.game_id, user_id=done.table.user_of(seat) or 0))


async def test_the_turn_clock_is_as_if_the_move_was_never_made(svc: TableService, clock: FakeClock) -> None:
    """War Chest with a clock: the mover's deadline comes back as it was (not a fresh one) and the
    opponent, no longer asked, has none."""
    table = await seated(svc, "war_chest", 2, clock="1h")
    seat = min(table.engine.pending(table.state))
    other = 1 - seat
    deadline = (await svc.deadlines(table.game_id))[seat]
    clock.advance(minutes=20)
    done = await act(svc, table, seat, _quiet(table, seat))
    assert done.takeback_seq is not None
    times = await svc.deadlines(table.game_id)
    assert seat not in times and times[other] == clock() + timedelta(hours=1)
    clock.advance(minutes=5)
    await svc.take_back(game_id=table.game_id, user_id=table.user_of(seat) or 0, seq=done.takeback_seq)
    assert await svc.deadlines(table.game_id) == {seat: deadline}


def _quiet(table: Table, seat: int) -> dict[str, Any]:
    """A War Chest move of the seat that reveals nothing (a move of its turn that ends no round)."""
    from games.takeback import reveals

    for action in table.engine.legal(table.state, seat):
        if not reveals(table.engine, table.state, seat, action, players=len(table.seats)):
            return action
    raise AssertionError("no quiet move")


async def test_replays_and_exports_read_the_log_without_it(svc: TableService, store: AsyncEngine) -> None:
    """The stored log replays to the snapshot after a take back, as if the move was never made."""
    table = await seated(svc, "war_chest", 2)
    seat = min(table.engine.pending(table.state))
    done = await act(svc, table, seat, _quiet(table, seat))
    await svc.take_back(game_id=table.game_id, user_id=table.user_of(seat) or 0, seq=done.takeback_seq)
    table = await now(svc, table.game_id)
    other_move = _quiet(table, seat)
    await act(svc, table, seat, other_move)
    logged = await log_of(store, table.game_id)
    assert [(seat_, action) for _, seat_, action in logged] == [(seat, other_move)]
    async with make_sessions(store)() as s:
        game = await repo.game_by_id(s, table.game_id)
        assert game is not None
        again = replayed(table.engine, 2, game.options, game.seed, [(r[1], r[2]) for r in logged])
        assert table.engine.dump(again) == game.snapshot
    assert [a for _, a in await svc.action_log(table.game_id)] == [other_move]


@pytest.mark.parametrize("first_press", ["take_back", "next_move"])
async def test_a_take_back_racing_the_next_move_applies_exactly_one(
    store: AsyncEngine, clock: FakeClock, first_press: str
) -> None:
    """Two processes (each its own engine and pool, as two bot processes): one takes back a War
    Chest move while the other applies the opponent's answer to it. Exactly one is applied, and
    the game is either the one or the other, whole."""
    first = TableService(make_sessions(store), seeds=lambda: 11, now=clock)
    other_engine = make_engine(store.url.render_as_string(hide_password=False))
    try:
        second = TableService(make_sessions(other_engine), seeds=lambda: 11, now=clock)
        table = await seated(first, "war_chest", 2)
        seat = min(table.engine.pending(table.state))
        before = dumped(table)
        done = await act(first, table, seat, _quiet(table, seat))
        after = done.table
        answer = after.engine.legal(after.state, 1 - seat)[0]
        take = first.take_back(game_id=table.game_id, user_id=table.user_of(seat) or 0, seq=done.takeback_seq)
        move = act(second, after, 1 - seat, answer)
        results = await asyncio.gather(
            *((take, move) if first_press == "take_back" else (move, take)), return_exceptions=True
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(errors) == 1 and isinstance(errors[0], ServiceError), results
        assert errors[0].code in ("closed", "busy", "takeback_acted", "not_your_turn"), errors[0].code
        logged = await log_of(store, table.game_id)
        final = await now(first, table.game_id)
        if len(logged) == 0:  # the take back won
            assert dumped(final) == before
        else:
            assert [s for _, s, _ in logged] == [seat, 1 - seat]
            assert final.version > after.version
    finally:
        await other_engine.dispose()


async def test_the_next_move_after_a_take_back_and_a_take_back_after_the_next_move(svc: TableService) -> None:
    """One after the other, each order has its one answer: after the take back the opponent's
    button is no longer open; after the opponent's move the take back is."""
    table = await seated(svc, "war_chest", 2)
    seat = min(table.engine.pending(table.state))
    user = table.user_of(seat) or 0
    done = await act(svc, table, seat, _quiet(table, seat))
    await svc.take_back(game_id=table.game_id, user_id=user, seq=done.takeback_seq)
    answer = done.table.engine.legal(done.table.state, 1 - seat)[0]
    await refused("closed", act(svc, done.table, 1 - seat, answer))
    table = await now(svc, table.game_id)
    done = await act(svc, table, seat, _quiet(table, seat))
    await act(svc, done.table, 1 - seat, done.table.engine.legal(done.table.state, 1 - seat)[0])
    await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=user, seq=done.takeback_seq))
    await refused("takeback_acted", svc.take_back(game_id=table.game_id, user_id=user))


async def test_a_take_back_survives_a_restart(store: AsyncEngine, clock: FakeClock) -> None:
    """A new service on the same database (the bot restarted) takes back a move made before."""
    table = await seated(TableService(make_sessions(store), seeds=lambda: 11, now=clock), "burg", 3)
    old = TableService(make_sessions(store), seeds=lambda: 11, now=clock)
    done = await act(old, table, 0, first(table, 0, "select"))
    restarted = make_engine(store.url.render_as_string(hide_password=False))
    try:
        fresh = TableService(make_sessions(restarted), now=clock)
        back = await fresh.take_back(game_id=table.game_id, user_id=1, seq=done.takeback_seq)
        assert dumped(back.table) == dumped(table)
    finally:
        await restarted.dispose()
