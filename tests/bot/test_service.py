"""The table service on real databases: SQLite files always, PostgreSQL when configured."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store import repo
from bot.store.db import make_engine, make_sessions
from bot.store.models import ActionRow
from tests.conftest import sqlite_url

CHANNEL = 555


@pytest.fixture
def svc(store: AsyncEngine) -> TableService:
    return TableService(make_sessions(store))


async def seated(svc: TableService, players: int = 2, options: str | None = None) -> int:
    for uid in range(1, players + 1):
        await svc.join(
            channel_id=CHANNEL,
            guild_id=1,
            user_id=uid,
            name=f"p{uid}",
            game_key="battles_builders" if uid == 1 else None,
        )
    out = await svc.start(channel_id=CHANNEL, user_id=1, options_text=options)
    return out.table.game_id


async def snapshot(svc: TableService, game_id: int) -> str:
    table = await svc.table_by_id(game_id)
    assert table is not None and table.state is not None
    return json.dumps(table.engine.dump(table.state), sort_keys=True)


async def rows(store: AsyncEngine, game_id: int) -> int:
    async with make_sessions(store)() as s:
        return await repo.action_count(s, game_id)


def chips(builder: int = 0, infantry: int = 0, cavalry: int = 0, archer: int = 0, king: int = 0) -> dict:
    return {
        "type": "commit",
        "chips": {"builder": builder, "infantry": infantry, "cavalry": cavalry, "archer": archer, "king": king},
    }


async def test_lobby_rules(svc: TableService) -> None:
    with pytest.raises(ServiceError) as e:
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="a")
    assert e.value.code == "choose_game"
    await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="a", game_key="Battles & Builders")
    with pytest.raises(ServiceError) as e:
        await svc.start(channel_id=CHANNEL, user_id=1)
    assert e.value.code == "too_few" and e.value.params == {"min": 2, "have": 1}
    with pytest.raises(ServiceError) as e:
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="a")
    assert e.value.code == "already_joined"
    for uid in (2, 3, 4):
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=uid, name=str(uid))
    with pytest.raises(ServiceError) as e:
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=5, name="e")
    assert e.value.code == "lobby_full"
    with pytest.raises(ServiceError) as e:
        await svc.start(channel_id=CHANNEL, user_id=9)
    assert e.value.code == "not_in_lobby"
    out = await svc.start(channel_id=CHANNEL, user_id=3)
    assert out.table.status == "running" and out.new_secret_prompts == [0]
    with pytest.raises(ServiceError) as e:
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=5, name="e")
    assert e.value.code == "game_running"


async def test_illegal_commits_change_nothing(svc: TableService, store: AsyncEngine) -> None:
    game = await seated(svc)
    before = await snapshot(svc, game)
    for bad, code in [
        (chips(builder=6), "too_many_chips"),
        (chips(builder=3, infantry=3), "too_many_chips"),
        (chips(infantry=5), "not_in_stock"),
        (chips(king=2), "not_in_stock"),
        ({"type": "choose_tile", "tile": "claim3"}, "wrong_action"),
        ({"type": "commit"}, "bad_chips"),
    ]:
        with pytest.raises(ServiceError) as e:
            await svc.act(game_id=game, user_id=1, action=bad)
        assert e.value.code == "illegal" and e.value.params["rule"] == code, bad
    with pytest.raises(ServiceError) as e:
        await svc.act(game_id=game, user_id=2, action=chips(builder=1))
    assert e.value.code == "not_your_turn"
    with pytest.raises(ServiceError) as e:
        await svc.act(game_id=game, user_id=77, action=chips(builder=1))
    assert e.value.code == "not_a_player"
    assert await snapshot(svc, game) == before
    assert await rows(store, game) == 0


async def test_spent_chips_cannot_be_committed_again(svc: TableService) -> None:
    game = await seated(svc)
    await svc.act(game_id=game, user_id=1, action=chips(cavalry=4))
    await svc.act(game_id=game, user_id=2, action=chips(builder=1))
    table = await svc.table_by_id(game)
    assert table is not None
    # finish round 1 whatever it asks (tile choices cannot arise: no king was committed)
    assert table.state is not None and table.engine.view(table.state, None)["round"] == 2
    seat0_turn = table.user_of(min(table.prompts))
    other = 1 if seat0_turn == 2 else 2
    if seat0_turn != 1:
        await svc.act(game_id=game, user_id=seat0_turn, action=chips(builder=1))
    before = await snapshot(svc, game)
    with pytest.raises(ServiceError) as e:
        await svc.act(game_id=game, user_id=1, action=chips(cavalry=1))
    assert e.value.code == "illegal" and e.value.params["rule"] == "not_in_stock"
    assert await snapshot(svc, game) == before
    assert other in (1, 2)


async def test_double_press_applies_once(svc: TableService, store: AsyncEngine) -> None:
    game = await seated(svc)
    table = await svc.table_by_id(game)
    assert table is not None
    seq = table.prompt_seqs[0]
    results = await asyncio.gather(
        svc.act(game_id=game, user_id=1, action=chips(builder=1), seq=seq),
        svc.act(game_id=game, user_id=1, action=chips(builder=1), seq=seq),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, ServiceError)]
    assert len(errors) == 1 and errors[0].code == "closed"
    assert await rows(store, game) == 1


async def test_two_processes_one_game(store: AsyncEngine, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Two services with their own engines (as two bot processes) press the same prompt."""
    first = TableService(make_sessions(store))
    game = await seated(first)
    url = store.url.render_as_string(hide_password=False)
    other_engine = make_engine(url)
    try:
        second = TableService(make_sessions(other_engine))
        table = await first.table_by_id(game)
        assert table is not None
        seq = table.prompt_seqs[0]
        results = await asyncio.gather(
            first.act(game_id=game, user_id=1, action=chips(builder=2), seq=seq),
            second.act(game_id=game, user_id=1, action=chips(archer=1), seq=seq),
            return_exceptions=True,
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(errors) == 1 and isinstance(errors[0], ServiceError) and errors[0].code in ("closed", "busy")
        assert await rows(store, game) == 1
    finally:
        await other_engine.dispose()


async def test_log_replays_to_snapshot_and_game_finishes(svc: TableService, store: AsyncEngine) -> None:
    game = await seated(svc, players=3)
    rnd = random.Random(4)
    for _ in range(500):
        table = await svc.table_by_id(game)
        assert table is not None
        if table.status != "running":
            break
        seat = min(table.prompts)
        action = rnd.choice(table.engine.legal(table.state, seat))
        await svc.act(game_id=game, user_id=table.user_of(seat) or 0, action=action, seq=table.prompt_seqs[seat])
    table = await svc.table_by_id(game)
    assert table is not None and table.status == "finished" and table.result is not None
    async with make_sessions(store)() as s:
        row = await repo.game_by_id(s, game)
        assert row is not None and row.result is not None
        log: list[ActionRow] = await repo.action_log(s, game)
        assert [r.seq for r in log] == list(range(log[0].seq, log[0].seq + len(log)))  # gapless
        state = table.engine.start(3, dict(row.options), row.seed)
        for r in log:
            table.engine.apply(state, r.seat, r.action)
        assert table.engine.dump(state) == row.snapshot
    assert await svc.table_in(CHANNEL) is None


async def test_sqlite_runs_in_wal_mode(db_engine: AsyncEngine, tmp_path: Path) -> None:
    async with db_engine.connect() as conn:
        mode = (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar_one()
    assert mode == "wal"
    assert (tmp_path / "speltafel.db").exists()
    assert sqlite_url(tmp_path / "x.db").startswith("sqlite+aiosqlite:///")


async def test_two_processes_open_the_same_lobby(store: AsyncEngine) -> None:
    first = TableService(make_sessions(store))
    other_engine = make_engine(store.url.render_as_string(hide_password=False))
    try:
        second = TableService(make_sessions(other_engine))
        a, b = await asyncio.gather(
            first.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="a", game_key="battles_builders"),
            second.join(channel_id=CHANNEL, guild_id=1, user_id=2, name="b", game_key="battles_builders"),
        )
        assert a.game_id == b.game_id
        table = await first.table_in(CHANNEL)
        assert table is not None and sorted(s.user_id for s in table.seats) == [1, 2]
    finally:
        await other_engine.dispose()


async def test_engine_drawn_seating_reorders_seats(svc: TableService) -> None:
    for uid in range(1, 5):
        await svc.join(
            channel_id=CHANNEL, guild_id=1, user_id=uid, name=f"p{uid}", game_key="cities_knights" if uid == 1 else None
        )
    out = await svc.start(channel_id=CHANNEL, user_id=1, options_text="random_seats=true")
    table = out.table
    order = table.engine.view(table.state, None)["seat_order"]
    assert [s.user_id for s in table.seats] == [order[i] + 1 for i in range(4)]
    again = await svc.table_by_id(table.game_id)
    assert again is not None and [s.user_id for s in again.seats] == [s.user_id for s in table.seats]
    assert [s.position for s in again.seats] == [0, 1, 2, 3]
