"""Two separate OS processes, each with its own table service and connection pool, press the same
buttons of the same game at the same time, on one PostgreSQL and on one SQLite file."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.tables import TableService
from bot.store.db import make_sessions

ROOT = Path(__file__).resolve().parents[2]
STEPS = 25


async def _run_worker(url: str, game_id: int, sync: Path) -> dict:  # type: ignore[type-arg]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bot.process_worker",
        url,
        str(game_id),
        str(STEPS),
        str(sync),
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 180)
    assert proc.returncode == 0, err.decode()[-2000:]
    return json.loads(out.decode().strip().splitlines()[-1])


async def test_two_processes_press_the_same_buttons(store: AsyncEngine, tmp_path: Path) -> None:
    service = TableService(make_sessions(store))
    for uid in (1, 2):
        await service.join(channel_id=31, guild_id=1, user_id=uid, name=f"p{uid}", game_key="war_chest")
    started = (await service.start(channel_id=31, user_id=1)).table
    game_id, first_version = started.game_id, started.version
    url = store.url.render_as_string(hide_password=False)
    first, second = await asyncio.gather(*(_run_worker(url, game_id, tmp_path) for _ in range(2)))

    accepted = [p["accepted"] for run in (first, second) for p in run["presses"] if "accepted" in p]
    refused = [p["refused"] for run in (first, second) for p in run["presses"] if "refused" in p]
    # every version was made by exactly one press; the same press from the other process lost
    assert sorted(accepted) == list(range(first_version + 1, first_version + 1 + len(accepted)))
    assert refused, "no press was refused, though every button was pressed twice"
    # every (seat, prompt) pressed was accepted at most once, whichever process pressed it
    won = [(p["seat"], p["seq"]) for run in (first, second) for p in run["presses"] if "accepted" in p]
    assert len(won) == len(set(won))
    assert set(refused) <= {"closed", "busy", "not_your_turn"}
    # the log holds each accepted action once, in order, and replays to the stored state
    log = await service.action_log(game_id)
    table = await service.table_by_id(game_id)
    assert table is not None and len(log) == len(accepted) == table.version - first_version
    engine = table.engine
    replay = engine.start(2, dict(table.options), await _seed(store, game_id))
    for seat, action in log:
        engine.apply(replay, seat, action)
    assert engine.dump(replay) == engine.dump(table.state)
    # both processes read the same state at the end, and it is the stored one
    digest = hashlib.sha256(json.dumps(engine.dump(table.state), sort_keys=True).encode()).hexdigest()
    assert first["final"] == second["final"] == {"version": table.version, "state": digest}


async def _seed(store: AsyncEngine, game_id: int) -> int:
    from bot.store import repo

    async with make_sessions(store)() as s:
        game = await repo.game_by_id(s, game_id)
        assert game is not None
        return game.seed
