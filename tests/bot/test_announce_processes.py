"""Two separate OS processes on one PostgreSQL (skipped without TEST_POSTGRES_URL): a change
committed in one reaches the other through its announcement alone. Process B serves the web
table with a poll far longer than the test, and process A runs the AI players, whose wait for
answers never ends by itself (tests/bot/announce_worker.py). So:

- a person's press applied in A reaches a board page open on B (a real WebSocket client);
- the last answer to an AI's trade offer, handled by B, wakes the AI waiting in A, which goes on.

Timeouts here only bound a failing test; nothing is measured."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import uuid
from pathlib import Path
from typing import Any

import aiohttp
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.autoplay import next_ai_seat, offer_to_people
from bot.service.tables import TableService
from bot.store.db import make_sessions
from bot.web.links import Links
from bot.web.server import PROTOCOL
from games.cities_knights.engine import ENGINE

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 60.0  # seconds: a failure bound only
SECRET = "announce-test-secret"
ALICE, BOB = 1, 2
AI_SEAT = 1


class Worker:
    """A worker process: JSON commands in, JSON events out; events are kept in order."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.events: list[dict[str, Any]] = []
        self.read = 0  # events before this index were taken by ``next``

    @classmethod
    async def start(cls, url: str, channel: str, role: str) -> Worker:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.announce_worker",
            url,
            channel,
            role,
            SECRET,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        return cls(proc)

    def send(self, command: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(command) + "\n").encode())

    async def next(self, key: str) -> Any:
        """The value of the next event named ``key`` after those taken already."""
        assert self.proc.stdout is not None
        while True:
            for i in range(self.read, len(self.events)):
                if key in self.events[i]:
                    self.read = i + 1
                    return self.events[i][key]
            line = await asyncio.wait_for(self.proc.stdout.readline(), LIMIT)
            if not line:
                raise AssertionError(f"the worker ended before {key!r}: {await self.errors()}")
            self.events.append(json.loads(line))

    async def errors(self) -> str:
        assert self.proc.stderr is not None
        return (await asyncio.wait_for(self.proc.stderr.read(), LIMIT)).decode()[-3000:]

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.send({"quit": True})
            try:
                await asyncio.wait_for(self.proc.wait(), LIMIT)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


def pick(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A quick way through the opening: roll and end the turn when that is open, else the first action."""
    return next((a for kind in ("roll", "end_turn") for a in actions if a["type"] == kind), actions[0])


async def an_ai_offer_open_to_two_people(engine: AsyncEngine) -> int:
    """Cities & Knights: alice (seat 0), an AI (seat 1) and bob (seat 2), played from the start
    (the log replays, as a page of another process reads it) to the AI's first turn: it rolled
    and offers one card for one to both people; neither has answered yet."""
    svc = TableService(make_sessions(engine), seeds=lambda: 11)
    await svc.join(channel_id=41, guild_id=1, user_id=ALICE, name="alice", game_key="cities_knights")
    await svc.add_bot(channel_id=41, user_id=ALICE, level="easy")
    await svc.join(channel_id=41, guild_id=1, user_id=BOB, name="bob")
    table = (await svc.start(channel_id=41, user_id=ALICE, options_text="layout=beginner")).table
    assert [table.user_of(s) for s in range(3)] == [ALICE, None, BOB]
    game_id = table.game_id
    for _ in range(100):
        state = table.state
        if state.phase == "main" and state.turn == AI_SEAT and not state.tasks:
            break
        seat = min(table.engine.pending(state))
        action = pick(table.engine.legal(state, seat))
        user = table.user_of(seat)
        if user is None:
            done = await svc.act_ai(game_id=game_id, seat=seat, action=action, version=table.version)
        else:
            done = await svc.act(game_id=game_id, user_id=user, action=action)
        table = done.table
    else:
        raise AssertionError("the AI's turn did not come")
    offer = next(a for a in table.engine.legal(table.state, AI_SEAT) if a["type"] == "offer_trade")
    table = (await svc.act_ai(game_id=game_id, seat=AI_SEAT, action=offer, version=table.version)).table
    assert next_ai_seat(table) == AI_SEAT and offer_to_people(table)
    assert set(ENGINE.invitations(table.state)) == {0, 2}
    return game_id


async def page_version(ws: aiohttp.ClientWebSocketResponse) -> int:
    msg = await asyncio.wait_for(ws.receive(), LIMIT)
    assert msg.type == aiohttp.WSMsgType.TEXT, msg
    state = json.loads(msg.data)["state"]
    return int(state["version"])


async def test_a_press_and_an_answer_reach_the_other_process_only_by_announcement(pg_engine: AsyncEngine) -> None:
    game_id = await an_ai_offer_open_to_two_people(pg_engine)
    url = pg_engine.url.render_as_string(hide_password=False)
    channel = f"test_{uuid.uuid4().hex[:16]}"
    a, b = await asyncio.gather(Worker.start(url, channel, "ai"), Worker.start(url, channel, "web"))
    try:
        await a.next("ready")
        port = (await b.next("ready"))["port"]
        token = Links(SECRET, "http://127.0.0.1", 3600).token(game_id)
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(f"http://127.0.0.1:{port}/ws", protocols=(PROTOCOL, token)) as ws,
        ):
            opened = await page_version(ws)  # the page's first state, sent when it connects

            # A's AI looks at its game and waits for alice's and bob's answers
            a.send({"kick": game_id})
            assert await a.next("waiting") == 3600.0
            # alice declines in A; A's AI looks again and waits on for bob
            a.send({"act": {"game_id": game_id, "user_id": ALICE, "action": {"type": "reject_trade"}}})
            declined = await a.next("acted")
            assert declined > opened
            await a.next("waiting")
            # B's page gets alice's answer: B polls once an hour, so only the announcement can have told it
            assert await page_version(ws) == declined

            # bob declines in B, the last answer: the AI waiting in A is woken and goes on
            b.send({"act": {"game_id": game_id, "user_id": BOB, "action": {"type": "reject_trade"}}})
            answered = await b.next("acted")
            went_on = await a.next("ai_acted")
            assert went_on["seat"] == AI_SEAT and went_on["version"] > answered
            # B's page gets bob's answer (B's own change) and then the AI's action made in A
            seen = [await page_version(ws)]
            while seen[-1] < went_on["version"]:
                seen.append(await page_version(ws))
            assert seen[0] >= answered and seen == sorted(set(seen))
    except BaseException:
        await asyncio.gather(a.stop(), b.stop())
        print("process A:", await a.errors(), "process B:", await b.errors(), sep="\n")
        raise
    await asyncio.gather(a.stop(), b.stop())
