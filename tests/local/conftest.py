"""Local tables on a real SQLite file, their AI thinking in one worker process shared by the tests."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.local.table import LocalTable
from bot.service.autoplay import thinking_pool

SECRET = "a-secret-that-signs-the-local-board-links"
_POOL: Any = None


def ai_pool() -> Any:
    global _POOL
    if _POOL is None:
        _POOL = thinking_pool(1)
    return _POOL


@pytest.fixture(scope="session", autouse=True)
def _close_pool() -> Iterator[None]:
    yield
    if _POOL is not None:
        _POOL.shutdown(wait=True, cancel_futures=True)


def database(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'local.db'}"


@asynccontextmanager
async def local_table(tmp_path: Path, name: str, **options: Any) -> AsyncIterator[LocalTable]:
    """A local table whose AI seats act at once; the same games every run (seeds from ``name``)."""
    seeds = random.Random(name)
    settings: dict[str, Any] = {"ai_delay": 0, "answer_wait": 0, "iterations": 24, "ai_executor": ai_pool()}
    local = LocalTable(database(tmp_path), SECRET, seeds=lambda: seeds.randrange(2**31), **{**settings, **options})
    await local.open()
    try:
        yield local
    finally:
        await local.close()
