"""Real databases for the service tests: a SQLite file always, PostgreSQL when configured."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import make_engine
from bot.store.migrate import upgrade
from tests.conftest import fresh_postgres, sqlite_url


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    if request.param == "sqlite":
        engine = make_engine(sqlite_url(tmp_path / "speltafel.db"))
        await upgrade(engine)
    else:
        engine = await fresh_postgres()
    yield engine
    await engine.dispose()
