"""Faults that must lose nothing: the process killed at random moments, the database away for a
while. Each ends with the game intact and playable, every acknowledged action in the log, and the
log replaying to the stored snapshot."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.errors import ServiceError
from bot.service.tables import TableService
from bot.store import repo
from bot.store.db import make_engine, make_sessions

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20


async def _new_game(service: TableService, channel: int) -> int:
    for uid in (1, 2, 3):
        await service.join(channel_id=channel, guild_id=1, user_id=uid, name=f"p{uid}", game_key="burg")
    return (await service.start(channel_id=channel, user_id=1)).table.game_id


async def _intact(store: AsyncEngine, service: TableService, game_id: int) -> int:
    """The log is contiguous and replays to the stored snapshot; returns the number of actions."""
    table = await service.table_by_id(game_id)
    assert table is not None
    async with make_sessions(store)() as s:
        game = await repo.game_by_id(s, game_id)
        rows = await repo.action_log(s, game_id)
        assert game is not None
    seqs = [row.seq for row in rows]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))) if seqs else True
    assert not seqs or seqs[-1] == table.version
    engine = table.engine
    replay = engine.start(len(table.seats), dict(table.options), game.seed)
    for row in rows:
        engine.apply(replay, row.seat, row.action)
    assert engine.dump(replay) == engine.dump(table.state)
    return len(rows)


async def test_killed_at_random_moments_loses_nothing(store: AsyncEngine) -> None:
    service = TableService(make_sessions(store))
    url = store.url.render_as_string(hide_password=False)
    rnd = random.Random(2026)
    game_id = await _new_game(service, 700)
    kills = games = 0
    while kills < KILLS:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.kill_worker",
            url,
            str(game_id),
            str(kills),
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        acknowledged: list[int] = []
        assert proc.stdout is not None
        wanted = rnd.randint(1, 25)  # die after this many acknowledged actions, mid-way into the next
        over = False
        while len(acknowledged) < wanted:
            line = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode().strip()
            if line in ("over", ""):
                over = True
                break
            acknowledged.append(int(line))
        if not over:
            await asyncio.sleep(rnd.random() * 0.02)  # somewhere inside the next unit of work
            proc.send_signal(signal.SIGKILL)
            kills += 1
        await proc.wait()
        count = await _intact(store, service, game_id)
        table = await service.table_by_id(game_id)
        assert table is not None
        assert set(acknowledged) <= set(range(table.version - count + 1, table.version + 1))
        if over or table.result is not None:
            games += 1
            game_id = await _new_game(service, 700 + games)
    # the game is still playable after the last kill
    table = await service.table_by_id(game_id)
    assert table is not None
    if table.result is None:
        seat = min(table.engine.pending(table.state))
        await service.act(
            game_id=game_id, user_id=table.user_of(seat) or 0, action=table.engine.legal(table.state, seat)[0]
        )
        await _intact(store, service, game_id)


class _Proxy:
    """A TCP proxy in front of PostgreSQL that can be cut (the database away) and restored."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.up = True
        self.links: list[asyncio.StreamWriter] = []
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.up:
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self.links += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        self.up = False
        for link in self.links:
            link.close()
        self.links.clear()

    async def close(self) -> None:
        self.cut()
        if self.server is not None:
            self.server.close()


async def test_database_away_for_a_while(pg_engine: AsyncEngine) -> None:
    url = pg_engine.url
    proxy = _Proxy(url.port or 5432)
    port = await proxy.start()
    engine = make_engine(url.set(host="127.0.0.1", port=port).render_as_string(hide_password=False))
    service = TableService(make_sessions(engine))
    try:
        game_id = await _new_game(service, 900)
        table = await service.table_by_id(game_id)
        assert table is not None
        seat = min(table.engine.pending(table.state))
        action = table.engine.legal(table.state, seat)[0]
        before = table.version
        proxy.cut()
        with pytest.raises(ServiceError) as refused:
            await service.act(game_id=game_id, user_id=table.user_of(seat) or 0, action=action)
        assert refused.value.code == "db_unavailable"
        with pytest.raises(ServiceError, match="db_unavailable"):
            await service.table_by_id(game_id)
        proxy.up = True  # the database is back: the next press works without a restart
        outcome = await service.act(game_id=game_id, user_id=table.user_of(seat) or 0, action=action)
        assert outcome.table.version == before + 1
        assert await _intact(pg_engine, service, game_id) == 1
    finally:
        await engine.dispose()
        await proxy.close()
