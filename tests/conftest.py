"""Fixtures shared by the service and chat tests: real database files, migrated by Alembic."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture
async def db_engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    engine = make_engine(sqlite_url(tmp_path / "speltafel.db"))
    await upgrade(engine)
    yield engine
    await engine.dispose()


@pytest.fixture
def service(db_engine: AsyncEngine) -> TableService:
    return TableService(make_sessions(db_engine))


async def fresh_postgres() -> AsyncEngine:
    """A freshly migrated PostgreSQL schema; skips the test without TEST_POSTGRES_URL."""
    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        pytest.skip("TEST_POSTGRES_URL is not set: PostgreSQL tests need a server (see README)")
    engine = make_engine(url)
    async with engine.begin() as conn:  # every table of an earlier run goes, whatever its schema was
        await conn.exec_driver_sql("DROP SCHEMA public CASCADE")
        await conn.exec_driver_sql("CREATE SCHEMA public")
    await upgrade(engine)
    return engine


@pytest.fixture
async def pg_engine() -> AsyncIterator[AsyncEngine]:
    engine = await fresh_postgres()
    yield engine
    await engine.dispose()
