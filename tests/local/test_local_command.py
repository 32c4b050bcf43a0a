"""``python -m bot local`` as a person starts it: no Discord token, the board on 127.0.0.1 only, the
game kept in the data folder, Ctrl-C keeps it, and the printed command goes on with it."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"http://[^\s#]+/board#\S+")


def environment(tmp_path: Path) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "DISPLAY", "WAYLAND_DISPLAY")
    }
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    return env


def read_until(stream: IO[str], marker: str, seconds: float = 60.0) -> str:
    """Lines of the table's output up to the one holding ``marker``."""
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        lines.append(line)
        if marker in line:
            return "".join(lines)
    raise AssertionError(f"{marker!r} never came: {''.join(lines)!r}")


def listening(port: int) -> list[str]:
    """The local addresses (hex, as /proc/net/tcp and tcp6 write them) listening on ``port``."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as rows:
            for row in list(rows)[1:]:
                local, state = row.split()[1], row.split()[3]
                address, _, hex_port = local.rpartition(":")
                if state == "0A" and int(hex_port, 16) == port:
                    found.append(address)
    return found


def state_of(url: str) -> dict[str, object]:
    base, token = url.split("#", 1)
    request = urllib.request.Request(base.replace("/board", "/api/state"), headers={"X-Board-Token": token})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    return out


def test_no_token_loopback_only_and_the_printed_command_goes_on(tmp_path: Path) -> None:
    env = environment(tmp_path)
    command = [sys.executable, "-m", "bot", "local", "war_chest", "--ai", "easy", "--no-browser", "--ai-delay", "0"]
    first = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None
        shown = read_until(first.stdout, "Ctrl-C")
        assert "A new game of War Chest: Player 1, Ada (AI, easy)." in shown
        mine, watch = LINK.findall(shown)
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", mine).group(1))  # type: ignore[union-attr]
        assert mine.startswith(f"http://127.0.0.1:{port}/board#") and watch.startswith(f"http://127.0.0.1:{port}/")
        # bound to the loopback only: 127.0.0.1, and no other (or wildcard) address of this machine
        if Path("/proc/net/tcp").is_file():
            assert listening(port) == ["0100007F"]
        seat = state_of(mine)
        assert seat["game"] == "War Chest" and seat["seat"] == 0 and seat["running"] is True
        assert state_of(watch)["seat"] is None
    finally:
        out = stop(first) if first.poll() is None else ""
    kept = tmp_path / "data" / "speltafel"
    assert (kept / "local.db").is_file()
    assert (kept / "board-secret").stat().st_mode & 0o077 == 0  # the link secret is the owner's only
    said = re.search(r"The table stopped; the game is kept\. To go on: (.+)", out)
    assert said is not None, out
    with sqlite3.connect(kept / "local.db") as db:
        [(game_id, version, status)] = db.execute("SELECT id, version, status FROM games").fetchall()
    assert status == "running"
    again = subprocess.Popen(
        shlex.split(said.group(1)), cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert again.stdout is not None
        shown = read_until(again.stdout, "Ctrl-C")
        assert f"goes on where it was (game {game_id}, step {version})" in shown
        mine = LINK.findall(shown)[0]
        assert state_of(mine)["version"] >= version  # type: ignore[operator]
    finally:
        stop(again)
    with sqlite3.connect(kept / "local.db") as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)
