"""Apply the Alembic migrations: the only way the schema is made."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.ext.asyncio import AsyncEngine


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
    """Upgrade the database behind ``engine`` on one of its own connections."""
    cfg = alembic_config()

    def _run(connection: object) -> None:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)

    async with engine.begin() as conn:
        await conn.run_sync(_run)
