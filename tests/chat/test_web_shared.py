"""A change's payloads are built once per kind of reader and shared: every watcher's page gets the
same public payload, which is exactly the engine's public view at that version, and each seat's
page its own, never another's or the watchers'."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp

from bot.web.hub import Client, moment
from bot.web.page import scene_maker, wire_scene
from bot.web.texts import texts
from tests.chat.test_web_table import board_links, play_one
from tests.chat.web_world import open_socket, start_game, web_world


def counted(web: Any) -> list[int | None]:
    """Record the seat of every payload the web table builds (None: the public view)."""
    built: list[int | None] = []
    render = web.hub.render

    def spy(table: Any, client: Client, events: Any, shared: Any) -> dict[str, Any]:
        built.append(client.grant.seat)
        return render(table, client, events, shared)

    web.hub.render = spy
    return built


async def test_watchers_share_one_public_payload_and_seats_get_their_own(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-shared") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        tokens = [await board_links(world, m) for m in members]
        watch = tokens[0][1]
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            seats = [await open_socket(http, base, tokens[s][0]) for s in (0, 1)]
            watchers = [await open_socket(http, base, watch) for _ in range(3)]
            for ws in [*seats, *watchers]:
                await ws.receive()
            built = counted(web)
            table = await world.service.table_in(world.channel.id)
            assert table is not None
            mover = next(iter(table.prompts))
            assert (await play_one(http, base, tokens[mover][0]))["ok"]
            raw = [(await asyncio.wait_for(ws.receive(), 5)).data for ws in [*seats, *watchers]]
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.version > table.version

            # one public payload for the three watchers, one per seat: three builds, not five
            assert sorted(built, key=str) == sorted([0, 1, None], key=str)
            assert raw[2] == raw[3] == raw[4]
            frames = web.hub.frames[after.game_id]
            assert frames.moment == moment(after)
            assert json.loads(raw[2]) == {"type": "state", "state": json.loads(frames.texts[(None, "en")])}

            # what the watchers got is the engine's public view at that version, and nothing of a seat
            public = json.loads(raw[2])["state"]
            engine = after.engine
            view = engine.view(after.state, None)
            make = scene_maker(engine)
            assert make is not None
            assert public["version"] == after.version and public["seat"] is None
            assert public["status"] == engine.status_lines(view, "en", after.names)
            assert public["board"]["scene"] == wire_scene(make(view, "en", after.names).to_json())
            assert public["prompt"] is None and public["menu"] is None and public["seq"] is None
            assert public["places"] == [] and not any(p["you"] for p in public["players"])
            for seat in (0, 1):
                own = json.loads(raw[seat])["state"]
                assert own["seat"] == seat and own["version"] == after.version
                assert own["status"] == engine.status_lines(engine.view(after.state, seat), "en", after.names)
                hidden = set(own["status"]) - set(public["status"])
                assert hidden, "each seat sees something the watchers do not (its bag and hand)"
                other = json.loads(raw[1 - seat])["state"]
                assert not hidden & set(other["status"])
                assert raw[seat] != raw[2]

            # a watcher's request for the state at that version is served from the same payload, with
            # the page's words, which the socket's updates leave out (the page keeps them)
            assert "texts" not in public and all("texts" not in json.loads(r)["state"] for r in raw)
            async with http.get(f"{base}/api/state", headers={"X-Board-Token": watch}) as resp:
                first = json.loads(await resp.text())
            assert first.pop("texts") == texts("en") and first == public
            assert len(built) == 3
            for ws in [*seats, *watchers]:
                await ws.close()
        await asyncio.sleep(0.05)
        await world.env.settle()
