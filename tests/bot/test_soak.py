"""A bounded soak: hundreds of games played to the end through the service with random legal
actions; memory must not grow with the number of finished games (no in-process cache keeps them)."""

from __future__ import annotations

import gc
import random
import sys
import weakref
from pathlib import Path

from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from tests.conftest import sqlite_url

WARM_UP, GAMES = 30, 150


async def _play_one(svc: TableService, channel: int, rnd: random.Random) -> None:
    for uid in (1, 2):
        await svc.join(channel_id=channel, guild_id=1, user_id=uid, name=f"p{uid}", game_key="battles_builders")
    table = (await svc.start(channel_id=channel, user_id=1, clock_text="1h")).table
    while table.result is None:
        seat = rnd.choice(sorted(table.engine.pending(table.state)))
        action = rnd.choice(table.engine.legal(table.state, seat))
        table = (await svc.act(game_id=table.game_id, user_id=table.user_of(seat) or 0, action=action)).table
    assert table.status == "finished"


def _live_objects() -> int:
    """Objects alive after a collection, not counting dead weak references (the sqlite3 module
    keeps one per cursor made and prunes them every 200 cursors: bounded, and holding nothing).
    The engines' bounded memo tables (``lru_cache``, keyed by positions, not games) are emptied
    first: they are capped, so they cannot grow per game."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("games."):
            for value in list(vars(module).values()):
                if hasattr(value, "cache_clear"):
                    value.cache_clear()
    gc.collect()
    return sum(1 for o in gc.get_objects() if not (type(o) is weakref.ReferenceType and o() is None))


async def test_finished_games_leave_no_memory_behind(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path / "soak.db"))
    await upgrade(engine)
    svc = TableService(make_sessions(engine))
    rnd = random.Random(11)
    try:
        for i in range(WARM_UP):
            await _play_one(svc, 10_000 + i, rnd)
        before = _live_objects()
        for i in range(WARM_UP, GAMES):
            await _play_one(svc, 10_000 + i, rnd)
        after = _live_objects()
    finally:
        await engine.dispose()
    assert len(svc._locks) == 0
    per_game = (after - before) / (GAMES - WARM_UP)
    # a game that left something behind keeps at least its state: hundreds of objects
    assert per_game < 1, f"{per_game:.1f} objects kept per finished game"
