"""A finished game's record: a resigned seat ranked last wherever the game is told (result, history,
export, replay, ratings) whatever its stand-in scored, AI seats and their level kept, the result
of a game a resignation ended, and a duration that counts from /start on the injected clock."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.records import Records
from bot.service.tables import TableService
from bot.store.db import make_sessions
from bot.store.migrate import downgrade, upgrade
from games import replay
from games.ai import decide
from games.standing import SeatRecord


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 18, 0, 0)

    def __call__(self) -> datetime:
        return self.now


async def _stand_in_scores_most(svc: TableService, clock: Clock | None = None) -> int:
    """Three people play Battles & Builders; p3 resigns at once and the stand-in (AI, normal) plays
    their seat to the end against two random players, scoring the most. Returns the game id."""
    for uid in (1, 2, 3):
        await svc.join(channel_id=9, guild_id=7, user_id=uid, name=f"p{uid}", game_key="battles_builders")
    if clock:
        clock.now += timedelta(hours=2)  # the lobby waited long: that is no part of the game
    table = (await svc.start(channel_id=9, user_id=1)).table
    table = await svc.resign(channel_id=9, user_id=3)
    resigned = table.seat_of(3)
    rnd = random.Random(1)
    while table.result is None:
        seat = min(table.engine.pending(table.state))
        if clock:
            clock.now += timedelta(seconds=30)
        if seat == resigned:
            action = decide(table.engine, table.state, seat, "normal", seed=table.version)
            table = (await svc.act_ai(game_id=table.game_id, seat=seat, action=action, version=table.version)).table
        else:
            action = rnd.choice(table.engine.legal(table.state, seat))
            table = (await svc.act(game_id=table.game_id, user_id=table.user_of(seat) or 0, action=action)).table
    return table.game_id


async def test_a_resigned_seat_is_last_everywhere_whatever_its_stand_in_scored(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store), seeds=lambda: 1)
    game_id = await _stand_in_scores_most(svc)
    table = await svc.table_by_id(game_id)
    assert table is not None and table.result is not None
    gone = table.seat_of(3)
    assert gone is not None
    raw = table.engine.result(table.state)
    assert raw is not None and raw.winners == [gone], "the stand-in must have scored most in this game"
    # the result as the table tells it: last, and the best of the others wins
    best = min((s for s in raw.ranks if s != gone), key=lambda s: raw.ranks[s])
    assert table.result.ranks[gone] == 3 and table.result.ranks[best] == 1 and table.result.winners == [best]
    assert table.result.scores == raw.scores  # the scores stay as played
    # the ratings count it the same way: a loss for p3, the win for the best of the others
    async with store.connect() as conn:
        rows = (await conn.execute(sa.text("SELECT player, wins, best_score FROM ratings"))).all()
    wins = {r.player: r.wins for r in rows}
    assert wins == {"u:3": 0, f"u:{table.user_of(best)}": 1, f"u:{table.user_of(3 - gone - best)}": 0}
    # and the stand-in's score is no best score of p3's
    assert {r.player: r.best_score for r in rows}["u:3"] is None
    changes = table.rating_changes or (await Records(make_sessions(store)).history(guild_id=7))[0].changes
    assert changes[gone][1] < changes[best][1]

    # /history's record
    records = Records(make_sessions(store))
    (finished,) = await records.history(guild_id=7)
    assert finished.ranks == table.result.ranks and finished.winners == [best] and finished.resigned == {gone}
    # the log replays and exports end with the same result and mark who resigned
    log = await records.game_log(game_id, 7)
    assert log.seats[gone] == SeatRecord("p3", None, True)
    doc = replay.export(
        log.game_key, log.players, log.options, log.seed, log.actions, log.names, seats=log.seats, result=log.result
    )
    assert doc["result"]["winners"] == [best] and doc["result"]["ranks"][str(gone)] == 3
    assert doc["result"]["extra"]["resigned_seats"] == [gone] and doc["seats"][gone]["resigned"] is True
    lines, same = replay.play_back(doc)
    assert same and lines[-2] == f"p3 resigned · p{table.user_of(best)} wins"
    assert f"3. p3 (resigned): {table.engine.score_text(raw.scores[gone], 'en')}" in lines


async def test_a_person_against_ai_players_is_named_with_their_level(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store), seeds=lambda: 4)
    await svc.join(channel_id=3, guild_id=7, user_id=5, name="ann", game_key="war_chest")
    await svc.add_bot(channel_id=3, user_id=5, level="hard")
    await svc.start(channel_id=3, user_id=5)
    table = await svc.resign(channel_id=3, user_id=5)  # to an AI player: a finished game, a loss
    assert table.status == "finished"
    records = Records(make_sessions(store))
    (finished,) = await records.history(guild_id=7)
    ai = next(i for i, seat in enumerate(finished.seats) if seat.ai_level)
    assert finished.seats[ai].ai_level == "hard" and finished.winners == [ai] and finished.resigned == {1 - ai}
    assert set(finished.changes) == {0, 1}
    log = await records.game_log(table.game_id, 7)
    assert log.names[ai].endswith(" (AI)")
    doc = replay.export(
        log.game_key, log.players, log.options, log.seed, log.actions, log.names, seats=log.seats, result=log.result
    )
    assert doc["result"] is not None and doc["result"]["winners"] == [ai]  # not null: a resignation ended it
    assert doc["seats"][ai] == {"name": log.seats[ai].name, "ai": "hard", "resigned": False}
    lines, same = replay.play_back(doc, "nl")
    assert same and lines[0].startswith("War Chest: ") and f"{log.seats[ai].name} (AI, moeilijk)" in lines[0]
    assert lines[-2] == f"ann heeft opgegeven · {log.names[ai]} wint"
    assert lines[-1] == "De herhaling kwam precies uit op de geëxporteerde eindstand."


async def test_a_duration_counts_from_start_on_the_injected_clock(store: AsyncEngine) -> None:
    clock = Clock()
    svc = TableService(make_sessions(store), seeds=lambda: 1, now=clock)
    opened = clock.now
    await _stand_in_scores_most(svc, clock)
    (finished,) = await Records(make_sessions(store)).history(guild_id=7)
    assert finished.started == opened + timedelta(hours=2) and finished.finished == clock.now
    assert finished.finished > finished.started
    async with store.connect() as conn:
        created = (await conn.execute(sa.text("SELECT created_at FROM games"))).scalar_one()
    assert str(created).startswith(str(opened))  # the lobby opened on the same clock


async def test_the_migration_backfills_start_times_and_rates_games_against_ai_players(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store), seeds=lambda: 2)
    await svc.join(channel_id=1, guild_id=7, user_id=5, name="ann", game_key="burg")
    await svc.add_bot(channel_id=1, user_id=5, level="easy")
    await svc.add_bot(channel_id=1, user_id=5, level="easy")
    table = (await svc.start(channel_id=1, user_id=5)).table
    rnd = random.Random(2)
    while table.result is None:
        seat = min(table.engine.pending(table.state))
        action = rnd.choice(table.engine.legal(table.state, seat))
        if table.user_of(seat) is None:
            table = (await svc.act_ai(game_id=table.game_id, seat=seat, action=action, version=table.version)).table
        else:
            table = (await svc.act(game_id=table.game_id, user_id=5, action=action)).table
    async with store.connect() as conn:
        rated = (await conn.execute(sa.text("SELECT player, games FROM ratings ORDER BY player"))).all()
    assert [tuple(r) for r in rated] == [("ai:easy", 1), ("u:5", 1)]

    await downgrade(store, "0004")
    # as the earlier rule left it: a game with one person was claimed but not rated
    async with store.begin() as conn:
        await conn.execute(sa.text("DELETE FROM rating_changes"))
        await conn.execute(sa.text("DELETE FROM ratings"))
        first = (await conn.execute(sa.text("SELECT min(created_at) FROM actions"))).scalar_one()
    await upgrade(store)
    async with store.connect() as conn:
        assert [
            tuple(r) for r in (await conn.execute(sa.text("SELECT player, games FROM ratings ORDER BY player")))
        ] == rated
        started = (await conn.execute(sa.text("SELECT started_at FROM games"))).scalar_one()
        assert (await conn.execute(sa.text("SELECT count(*) FROM rating_changes"))).scalar_one() == 3
    assert str(started) == str(first)  # the first logged action: moments after /start
