"""The start-up path an admin takes, short of connecting to Discord (see tests/smoke for that)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def test_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "not set" in lines[0]
    assert not (tmp_path / "data").exists(), "nothing is created before the configuration is valid"


def test_dotenv_file_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nLOG_LEVEL=debug\n")
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert proc.returncode != 0 and "DISCORD_TOKEN" in proc.stderr
    code = "from bot.config import Settings; s = Settings(); print(s.log_level, s.database_url)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=60
    )
    assert out.stdout.split() == ["DEBUG", "sqlite+aiosqlite:///data/speltafel.db"]


def test_alembic_upgrade_head_makes_the_schema(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"
    proc = subprocess.run(
        [sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), "upgrade", "head"],
        cwd=ROOT,
        env=_env(tmp_path, DATABASE_URL=f"sqlite+aiosqlite:///{db}"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    with sqlite3.connect(db) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"games", "seats", "actions", "message_refs", "alembic_version"} <= tables
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == ("0007",)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_shard_ids_read_one_or_several(monkeypatch: object) -> None:
    from bot.config import Settings

    for raw, expected in (("0", [0]), ("1", [1]), ("0,1", [0, 1]), ("2, 3", [2, 3]), ("", None)):
        monkeypatch.setenv("SHARD_IDS", raw)  # type: ignore[attr-defined]
        assert Settings(_env_file=None).shard_ids == expected, raw
