"""One bot-like process for tests/bot/test_announce_processes.py, on PostgreSQL, without Discord.

    python -m tests.bot.announce_worker DATABASE_URL CHANNEL ROLE LINK_SECRET

Both roles have their own table service, connection pool and announcement listener (on CHANNEL).
ROLE ``web`` serves the web table on a free loopback port with a poll far longer than any test
(so changes of the other process can only arrive announced); ROLE ``ai`` runs the AI players,
whose wait for people's answers never ends by itself (an injected sleep and a clock that stands
still), only when woken.

It reads one JSON command a line on stdin and writes one JSON line per event on stdout:
``{"ready": {"port": p}}`` once it listens; ``{"act": {game_id, user_id, action}}`` applies a
person's action, tells the local web table or AI as the chat adapter would, and answers
``{"acted": version}``; ``{"kick": game_id}`` lets the AI look at the game; the AI reports
``{"waiting": seconds}`` whenever it starts waiting for answers and ``{"ai_acted": {...}}`` after
each of its actions; ``{"quit": true}`` ends the process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

from bot.service.autoplay import AIPlayers
from bot.service.notices import Outcome
from bot.service.pictures import Pictures
from bot.service.tables import TableService
from bot.store.announcements import Listener
from bot.store.db import make_engine, make_sessions
from bot.web.links import Links
from bot.web.server import WebTable

LONG = 3600.0  # seconds: the web table's poll, and the AI's time for answers


def FROZEN() -> datetime:  # noqa: N802 - the AI's clock: no time passes, so its time for answers never runs out
    return datetime(2025, 1, 1)


def emit(what: dict[str, Any]) -> None:
    print(json.dumps(what), flush=True)


async def wait_for_answers(seconds: float) -> None:
    """The AI's sleep: it reports the wait and ends only when the AI is woken (cancelled)."""
    emit({"waiting": seconds})
    await asyncio.get_running_loop().create_future()


async def main(url: str, channel: str, role: str, secret: str) -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)  # the test shows it when it fails
    engine = make_engine(url)
    service = TableService(make_sessions(engine, announce=channel))
    listener = Listener.for_engine(engine, channel)
    assert listener is not None
    web: WebTable | None = None
    ai: AIPlayers | None = None
    if role == "web":
        web = WebTable(
            service, Pictures(ThreadPoolExecutor(1)), Links(secret, "http://127.0.0.1", LONG), poll=LONG, heartbeat=None
        )
        await web.start()
        listener.subscribe(web.hub.refresh, web.hub.poll_once)
    else:
        ai = AIPlayers(
            service, ThreadPoolExecutor(1), delay=0, answer_wait=LONG, iterations=8, sleep=wait_for_answers, now=FROZEN
        )

        async def acted(outcome: Outcome) -> None:
            emit({"ai_acted": {"seat": outcome.action_seat, "version": outcome.table.version}})

        ai.on_outcome = acted
        listener.subscribe(ai.announced, ai.catch_up)
    listener.start()
    try:
        await asyncio.wait_for(listener.listening.wait(), 60)
        emit({"ready": {"port": web.port if web is not None else None}})
        while True:
            line = await asyncio.to_thread(sys.stdin.readline)
            if not line:
                break
            command = json.loads(line)
            if "act" in command:
                outcome = await service.act(**command["act"])
                if web is not None:
                    web.changed(outcome.table, outcome.events)
                if ai is not None:
                    ai.kick(outcome.table.game_id)
                emit({"acted": outcome.table.version})
            elif "kick" in command and ai is not None:
                ai.kick(command["kick"])
            elif "quit" in command:
                break
    finally:
        await listener.close()
        if ai is not None:
            await ai.close()
        if web is not None:
            await web.stop()
        await engine.dispose()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
