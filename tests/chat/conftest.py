from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import simcord

from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from tests.chat.world import GUILD_ID, FakeClock, World, close_ai_pool, install_locales, make_bot


@pytest.fixture(scope="session", autouse=True)
def _ai_pool() -> Iterator[None]:
    yield
    close_ai_pool()


@pytest.fixture
async def world(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> AsyncIterator[World]:
    db_path = tmp_path / "speltafel.db"
    engine = make_engine(f"sqlite+aiosqlite:///{db_path}")
    await upgrade(engine)
    seeds = random.Random(request.node.name)  # the same games every run of a test
    clock = FakeClock()
    service = TableService(make_sessions(engine), seeds=lambda: seeds.randrange(2**31), now=clock)
    marker = request.node.get_closest_marker("shards")
    shards = marker.args[0] if marker else 1
    env = simcord.Env(make_bot(service, shard_count=shards), settle_timeout=20.0)
    guild = env.create_guild("Spelavond", id=GUILD_ID)
    channel = guild.create_text_channel("spellen")
    w = World(
        env=env,
        guild=guild,
        channel=channel,
        db_path=db_path,
        engine=engine,
        service=service,
        clock=clock,
        shards=shards,
    )
    install_locales(monkeypatch, w.locales)
    await env.start()
    try:
        yield w
    finally:
        await env.shutdown()
        await w.engine.dispose()
        # Everything the bot raised fails the test, unless the test provoked it on purpose.
        unexpected = [
            e for e in env.errors if not any(text in repr(e) or text in repr(e.__cause__) for text in w.expected_errors)
        ]
        if unexpected:
            raise ExceptionGroup("the bot raised during the test", unexpected)
