"""Half-sent requests are dropped by the web table's own server: headers that never end close the
connection after the idle timeout, and a body that never comes is answered 408 after the body
timeout. (Both timeouts are set to a fraction of a second here; nothing is asserted about speed.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service.pictures import Pictures
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from bot.web.links import Links
from bot.web.server import WebTable
from tests.chat.world import picture_pool
from tests.conftest import sqlite_url


async def test_half_sent_requests_are_dropped(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path / "speltafel.db"))
    await upgrade(engine)
    service = TableService(make_sessions(engine))
    for uid in (1, 2):
        await service.join(channel_id=5, guild_id=1, user_id=uid, name=f"p{uid}", game_key="war_chest")
    table = (await service.start(channel_id=5, user_id=1)).table
    links = Links("secret", "http://127.0.0.1", 3600)
    token = links.token(table.game_id, 0, table.user_of(0))
    web = WebTable(
        service, Pictures(picture_pool()), links, poll=None, heartbeat=None, idle_timeout=0.2, body_timeout=0.2
    )
    await web.start()
    try:
        # headers that never end: the connection is closed, not kept open
        reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
        writer.write(b"GET /api/state HTTP/1.1\r\nHost: x\r\nX-Board-Token: ")
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), 10) == b""
        writer.close()
        # a body that never comes: 408, and the game is as it was
        reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
        head = (
            f"POST /api/menu HTTP/1.1\r\nHost: x\r\nX-Board-Token: {token}\r\nContent-Type: application/json\r\n"
            "Content-Length: 1000\r\n\r\n{"
        )
        writer.write(head.encode())
        await writer.drain()
        status_line = await asyncio.wait_for(reader.readline(), 10)
        assert status_line.split()[1] == b"408", status_line
        writer.close()
        after = await service.table_by_id(table.game_id)
        assert after is not None and after.version == table.version
    finally:
        await web.stop()
        await engine.dispose()
