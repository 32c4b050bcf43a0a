"""Apply the Alembic migrations: the only way the schema is made."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.util.exc import CommandError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store.db import is_sqlite, make_engine
from bot.store.startup import DatabaseStartupError, explain, shown


def migrations_dir() -> Path:
    """The project's `migrations/`: beside the source tree, else in the working directory
    (a container runs from /app with the package installed into site-packages)."""
    here = Path(__file__).resolve().parents[2] / "migrations"
    return here if here.is_dir() else Path.cwd() / "migrations"


def alembic_config(url: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    if url:
        cfg.set_main_option("sqlalchemy.url", url)
    return cfg


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Upgrade the database behind ``engine`` to ``revision``; DatabaseStartupError (one line,
    password masked) when it cannot be done."""
    try:
        await _migrate(engine, command.upgrade, revision)
    except CommandError as exc:  # e.g. a revision this code does not know: a newer Speltafel made it
        url = engine.url.render_as_string(hide_password=False)
        problem = f"the schema cannot be brought up to date: {' '.join(str(exc).split())}"
        raise DatabaseStartupError(shown(problem, url)) from exc
    except DBAPIError as exc:  # e.g. a user without the right to create tables
        url = engine.url.render_as_string(hide_password=False)
        raise DatabaseStartupError(shown(f"migrating failed: {explain(exc, url).message}", url)) from exc


async def downgrade(engine: AsyncEngine, revision: str) -> None:
    await _migrate(engine, command.downgrade, revision)


async def _migrate(engine: AsyncEngine, step: Callable[[Config, str], None], revision: str) -> None:
    """On PostgreSQL on one of the engine's own connections; on SQLite on a connection that does
    not enforce foreign keys, so batch mode's table rebuilds cannot cascade (see make_engine)."""
    cfg = alembic_config()

    def _run(connection: object) -> None:
        cfg.attributes["connection"] = connection
        step(cfg, revision)

    own = not is_sqlite(engine.url.render_as_string(hide_password=False))
    migrating = engine if own else make_engine(engine.url.render_as_string(hide_password=False), foreign_keys=False)
    try:
        async with migrating.begin() as conn:
            await conn.run_sync(_run)
    finally:
        if not own:
            await migrating.dispose()
