"""Start-up against a database that cannot be used: one line that names the problem with the
password masked, a non-zero exit, no traceback; a refused login is not waited for, a server that
does not answer is (DATABASE_WAIT)."""

from __future__ import annotations

import os
import socket
import socketserver
import sqlite3
import struct
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from bot.store.db import make_engine, open_database, wait_until_reachable
from bot.store.startup import DatabaseStartupError

ROOT = Path(__file__).resolve().parents[1]
SECRET = "hunter2-Secret"


def start_bot(tmp_path: Path, url: str, wait: str = "60") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DEV_GUILD_ID")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token", DATABASE_URL=url, DATABASE_WAIT=wait)
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )


def one_line(proc: subprocess.CompletedProcess[str]) -> str:
    """The process failed with exactly one line on stderr (no traceback, no retry warnings)."""
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert SECRET not in proc.stderr and SECRET not in proc.stdout
    return lines[0]


# -- a server that asks for a password and refuses it ---------------------------------------------


class PasswordRefusing(socketserver.BaseRequestHandler):
    """Speaks just enough of PostgreSQL's protocol (v3) to ask for a cleartext password and refuse
    it the way a real server does (SQLSTATE 28P01): the trust-configured local server cannot."""

    attempts: list[str]

    def handle(self) -> None:
        sock = self.request
        length, code = struct.unpack("!ii", _exactly(sock, 8))
        while code in (80877103, 80877104):  # SSLRequest, GSSENCRequest: not here
            sock.sendall(b"N")
            length, code = struct.unpack("!ii", _exactly(sock, 8))
        _exactly(sock, length - 8)  # the startup parameters
        sock.sendall(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
        kind, size = struct.unpack("!ci", _exactly(sock, 5))
        assert kind == b"p"
        self.attempts.append(_exactly(sock, size - 4).rstrip(b"\0").decode())
        fields = b"".join(
            key + value.encode() + b"\0"
            for key, value in (
                (b"S", "FATAL"),
                (b"V", "FATAL"),
                (b"C", "28P01"),
                (b"M", 'password authentication failed for user "speltafel"'),
            )
        )
        body = fields + b"\0"
        sock.sendall(b"E" + struct.pack("!i", len(body) + 4) + body)


def _exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("the client went away")
        data += chunk
    return data


@pytest.fixture
def refusing_server() -> Iterator[tuple[int, list[str]]]:
    attempts: list[str] = []
    handler = type("Handler", (PasswordRefusing,), {"attempts": attempts})
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], attempts
    finally:
        server.shutdown()
        server.server_close()


def test_a_wrong_password_is_one_line_and_not_retried(tmp_path: Path, refusing_server: tuple[int, list[str]]) -> None:
    port, attempts = refusing_server
    url = f"postgresql+asyncpg://speltafel:{SECRET}@127.0.0.1:{port}/speltafel"
    line = one_line(start_bot(tmp_path, url, wait="60"))
    assert line == (
        f"Database: the server at 127.0.0.1:{port} refused the password of user speltafel "
        f"(DATABASE_URL=postgresql+asyncpg://speltafel:***@127.0.0.1:{port}/speltafel)"
    )
    assert attempts == [SECRET], "the password was sent once: a refused login is not tried again"


async def test_a_refused_login_is_classified_from_asyncpgs_own_exception(
    refusing_server: tuple[int, list[str]],
) -> None:
    port, attempts = refusing_server
    engine = make_engine(f"postgresql+asyncpg://speltafel:{SECRET}@127.0.0.1:{port}/speltafel")
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    try:
        with pytest.raises(DatabaseStartupError) as failed:
            await wait_until_reachable(engine, 60, sleep=sleep, clock=lambda: 0.0)
    finally:
        await engine.dispose()
    assert slept == [] and len(attempts) == 1
    cause: BaseException | None = failed.value
    chain = []
    while cause is not None:
        chain.append(type(cause))
        cause = cause.__cause__ or cause.__context__
    assert asyncpg.exceptions.InvalidPasswordError in chain
    assert SECRET not in str(failed.value) and "***" in str(failed.value)


# -- a server that does not answer -----------------------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_host_is_one_line_after_database_wait(tmp_path: Path) -> None:
    port = _closed_port()
    line = one_line(start_bot(tmp_path, f"postgresql+asyncpg://speltafel:{SECRET}@127.0.0.1:{port}/speltafel", "0"))
    assert line.startswith(f"Database: no database server answers at 127.0.0.1:{port} (Connection refused)")
    assert "DATABASE_WAIT=0" in line and "speltafel:***@" in line


async def test_an_unreachable_host_is_tried_again_for_database_wait() -> None:
    engine = make_engine(f"postgresql+asyncpg://speltafel:{SECRET}@127.0.0.1:{_closed_port()}/speltafel")
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    try:
        with pytest.raises(DatabaseStartupError) as failed:
            await wait_until_reachable(engine, 7, sleep=sleep, clock=lambda: now[0], every=2)
    finally:
        await engine.dispose()
    assert slept == [2, 2, 2, 2]
    assert "tried for 8 s (DATABASE_WAIT=7)" in str(failed.value) and SECRET not in str(failed.value)


# -- URLs that cannot work ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (f"speltafel:{SECRET}@localhost", "DATABASE_URL cannot be read as a database URL"),
        (f"nosuchdb+nodriver://u:{SECRET}@h/d", "unknown database driver 'nosuchdb+nodriver'"),
        (f"postgresql://u:{SECRET}@127.0.0.1/d", "the driver 'postgresql', whose module psycopg is not installed"),
        (
            f"mysql+aiomysql://u:{SECRET}@127.0.0.1/d",
            "the driver 'mysql+aiomysql', whose module aiomysql is not installed",
        ),
        ("sqlite:///speltafel.db", "the driver 'sqlite', which is not asynchronous"),
    ],
)
async def test_a_url_that_cannot_work_is_named_without_its_password(url: str, expected: str) -> None:
    with pytest.raises(DatabaseStartupError) as failed:
        await open_database(url, 60)
    message = str(failed.value)
    assert expected in message and SECRET not in message and "\n" not in message
    assert "postgresql+asyncpg://" in message, "the line shows what a working URL looks like"


def test_the_bot_answers_a_bad_url_in_one_line(tmp_path: Path) -> None:
    line = one_line(start_bot(tmp_path, f"postgres+asyncpg//speltafel:{SECRET}@db/speltafel"))
    assert line.startswith("Database: DATABASE_URL cannot be read as a database URL")


def test_a_sqlite_file_that_is_no_database_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "speltafel.db").write_bytes(b"this is a text file, not a database" * 100)
    line = one_line(start_bot(tmp_path, "sqlite+aiosqlite:///speltafel.db"))
    assert line.startswith("Database: cannot open the SQLite database speltafel.db: file is not a database")


def test_a_database_from_a_newer_version_is_one_line(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "speltafel.db") as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES ('9999')")
    proc = start_bot(tmp_path, "sqlite+aiosqlite:///speltafel.db")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "INFO" not in line]  # alembic tells what it does
    assert errors == [
        "Database: the schema cannot be brought up to date: Can't locate revision identified by '9999' "
        "(DATABASE_URL=sqlite+aiosqlite:///speltafel.db)"
    ], proc.stderr


# -- the local PostgreSQL (TEST_POSTGRES_URL) ------------------------------------------------------


def _postgres(**change: str) -> str:
    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        pytest.skip("TEST_POSTGRES_URL is not set: PostgreSQL tests need a server (see README)")
    return make_url(url).set(**change).render_as_string(hide_password=False)  # type: ignore[arg-type]


def test_an_unknown_database_is_one_line_and_not_retried(tmp_path: Path) -> None:
    name = f"speltafel_missing_{uuid.uuid4().hex[:8]}"
    url = _postgres(database=name, password=SECRET)
    parsed = make_url(url)
    line = one_line(start_bot(tmp_path, url, wait="60"))
    where = f"{parsed.host}:{parsed.port or 5432}"
    assert line.startswith(f"Database: the database {name} does not exist on the server at {where} (DATABASE_URL=")
    assert ":***@" in line


def test_an_unknown_user_is_one_line_and_not_retried(tmp_path: Path) -> None:
    url = _postgres(username="speltafel_nobody", password=SECRET)
    line = one_line(start_bot(tmp_path, url, wait="60"))
    assert 'refused user speltafel_nobody: role "speltafel_nobody" does not exist' in line
