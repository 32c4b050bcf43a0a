"""Ratings: once per finished game, ties, teams, AI levels, resignations, and the backfill of games
finished before ratings existed."""

from __future__ import annotations

import random

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.rating_rows import rate_game
from bot.service.ratings import NEWCOMER, Entry, Standing, update
from bot.service.records import Records
from bot.service.tables import TableService
from bot.store.db import make_sessions
from bot.store.migrate import downgrade, upgrade
from bot.store.models import utcnow


async def _finish(
    svc: TableService, channel: int, game: str, users: list[int], bots: tuple[str, ...] = (), seed: int = 1
) -> int:
    for uid in users:
        await svc.join(channel_id=channel, guild_id=7, user_id=uid, name=f"p{uid}", game_key=game)
    for level in bots:
        await svc.add_bot(channel_id=channel, user_id=users[0], level=level)
    table = (await svc.start(channel_id=channel, user_id=users[0])).table
    rnd = random.Random(seed)
    while table.result is None:
        seat = min(table.engine.pending(table.state))
        action = rnd.choice(table.engine.legal(table.state, seat))
        if table.user_of(seat) is None:
            table = (await svc.act_ai(game_id=table.game_id, seat=seat, action=action, version=table.version)).table
        else:
            table = (await svc.act(game_id=table.game_id, user_id=table.user_of(seat) or 0, action=action)).table
    return table.game_id


async def _ratings(store: AsyncEngine) -> dict[str, tuple[float, float, int, int]]:
    async with store.connect() as conn:
        rows = await conn.execute(sa.text("SELECT player, mu, sigma, games, wins FROM ratings ORDER BY player"))
        return {r.player: (round(r.mu, 9), round(r.sigma, 9), r.games, r.wins) for r in rows}


async def test_a_finished_game_is_rated_once(store: AsyncEngine) -> None:
    # a fixed game seed: a game drawn at random may end in a shared first place, which moves no rating
    svc = TableService(make_sessions(store), seeds=lambda: 1)
    game_id = await _finish(svc, 1, "battles_builders", [11, 12])
    table = await svc.table_by_id(game_id)
    assert table is not None and table.result is not None
    assert len(table.result.winners) == 1, "this seed's game must have one winner"
    ratings = await _ratings(store)
    assert set(ratings) == {"u:11", "u:12"} and all(r[2] == 1 for r in ratings.values())
    winner = f"u:{table.user_of(table.result.winners[0])}"
    assert ratings[winner][3] == 1 and ratings[winner][0] > 25
    # rating it again (a retried unit of work, a second process) changes nothing
    async with store.begin() as conn:
        assert await conn.run_sync(lambda c: rate_game(c, game_id, utcnow())) == []
    assert await _ratings(store) == ratings
    history = await Records(make_sessions(store)).history(guild_id=7)
    changes = history[0].changes
    assert set(changes) == {0, 1} and all(before == NEWCOMER for before, _ in changes.values())


async def test_ai_seats_are_rated_by_level_also_against_one_person(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    await _finish(svc, 1, "battles_builders", [21], bots=("easy",))
    # a person against an AI player: both rated, so the person sees how they compare
    assert {k: v[2] for k, v in (await _ratings(store)).items()} == {"u:21": 1, "ai:easy": 1}
    # two AI seats of one level share that level's rating
    await _finish(svc, 2, "battles_builders", [21], bots=("hard", "hard"), seed=2)
    assert {k: v[2] for k, v in (await _ratings(store)).items()} == {"u:21": 2, "ai:easy": 1, "ai:hard": 1}
    await _finish(svc, 3, "battles_builders", [21, 22], bots=("hard",), seed=3)
    assert set(await _ratings(store)) == {"u:21", "u:22", "ai:easy", "ai:hard"}
    history = await Records(make_sessions(store)).history(guild_id=7)
    assert [set(g.changes) for g in history] == [{0, 1, 2}, {0, 1, 2}, {0, 1}]


async def test_the_last_person_resigning_to_ai_players_loses_to_them(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    await svc.join(channel_id=8, guild_id=7, user_id=41, name="p41", game_key="battles_builders")
    await svc.add_bot(channel_id=8, user_id=41, level="normal")
    await svc.add_bot(channel_id=8, user_id=41, level="normal")
    await svc.start(channel_id=8, user_id=41)
    table = await svc.resign(channel_id=8, user_id=41)
    seat = table.seat_of(41)
    assert table.status == "finished" and table.result is not None and seat is not None
    assert table.result.ranks[seat] == 3 and sorted(table.result.winners) == sorted({0, 1, 2} - {seat})
    assert table.rating_changes[seat][1] < NEWCOMER
    ratings = await _ratings(store)
    assert set(ratings) == {"u:41", "ai:normal"} and ratings["ai:normal"][3] == 1 and ratings["u:41"][3] == 0


async def test_resigning_counts_as_a_loss_and_abandoned_games_are_not_rated(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    for uid in (31, 32):
        await svc.join(channel_id=5, guild_id=7, user_id=uid, name=f"p{uid}", game_key="war_chest")
    await svc.start(channel_id=5, user_id=31)
    table = await svc.resign(channel_id=5, user_id=31)
    assert table.status == "finished" and table.rating_changes[table.seat_of(31) or 0][1] < NEWCOMER
    ratings = await _ratings(store)
    assert ratings["u:32"][3] == 1 and ratings["u:31"][3] == 0
    for uid in (31, 32):
        await svc.join(channel_id=6, guild_id=7, user_id=uid, name=f"p{uid}", game_key="burg")
    await svc.start(channel_id=6, user_id=31)
    await svc.abandon(channel_id=6, user_id=31, can_manage=False)
    assert await _ratings(store) == ratings


def test_ties_share_and_teams_move_together() -> None:
    tie = update("battles_builders", [Entry(0, "u:1", 1, 10.0), Entry(1, "u:2", 1, 10.0)], {})
    assert tie["u:1"].mu == pytest.approx(tie["u:2"].mu) == pytest.approx(25.0)
    assert tie["u:1"].wins == tie["u:2"].wins == 1
    # War Chest with four: seats 0 and 2 against 1 and 3
    teams = update(
        "war_chest",
        [Entry(0, "u:1", 1, 6), Entry(1, "u:2", 2, 3), Entry(2, "u:3", 1, 6), Entry(3, "u:4", 2, 3)],
        {"u:1": Standing(30.0, 5.0)},
    )
    assert teams["u:3"].mu > 25 and teams["u:2"].mu < 25 and teams["u:2"].mu == pytest.approx(teams["u:4"].mu)
    assert teams["u:1"].mu > 30 and teams["u:1"].games == 1
    # a resigned seat is last whatever it scored
    alone = update("burg", [Entry(0, "u:1", 1, 50, resigned=True), Entry(1, "u:2", 2, 10)], {})
    assert alone["u:1"].wins == 0


async def test_the_migration_backfills_ratings_in_finishing_order(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    for n, seed in enumerate((1, 2, 3)):
        await _finish(svc, 40 + n, "battles_builders", [51, 52, 53], seed=seed)
    rated = await _ratings(store)
    async with store.begin() as conn:
        await conn.execute(sa.text("UPDATE games SET rated_at = NULL"))

    await downgrade(store, "0003")  # as if ratings had never existed
    async with store.connect() as conn:
        tables = await conn.run_sync(lambda c: sa.inspect(c).get_table_names())
        assert "ratings" not in tables
        assert (await conn.execute(sa.text("SELECT count(*) FROM seats"))).scalar_one() == 9  # nothing lost
    await upgrade(store)
    assert await _ratings(store) == rated
