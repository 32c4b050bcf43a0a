"""The web table against the real bot on SimCord: links, views, presses, live pushes, the chat in step."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import aiohttp

from bot.web.links import token_of
from bot.web.page import payload
from tests.chat.web_world import open_socket, start_game, web_world
from tests.chat.world import World


async def board_links(world: World, member: Any) -> tuple[str, str]:
    r = await member.slash(world.channel, "board")
    assert r.response is not None and r.response.ephemeral
    mine, watch = re.findall(r"<(http[^>]+)>", r.response.content)
    return token_of(mine), token_of(watch)


async def get_state(http: aiohttp.ClientSession, base: str, token: str) -> dict[str, Any]:
    async with http.get(f"{base}/api/state", headers={"X-Board-Token": token}) as resp:
        assert resp.status == 200, await resp.text()
        return await resp.json()


async def press(http: aiohttp.ClientSession, base: str, token: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    async with http.post(f"{base}/api/menu", headers={"X-Board-Token": token}, json=body) as resp:
        return resp.status, await resp.json()


async def play_one(http: aiohttp.ClientSession, base: str, token: str) -> dict[str, Any]:
    """Press the first option of each step until an action is applied."""
    state = await get_state(http, base, token)
    assert state["menu"], state
    path = state["menu"]["options"][0]["path"]
    for _ in range(10):
        status, answer = await press(http, base, token, {"seq": state["seq"], "path": path})
        assert status == 200, answer
        if "done" in answer:
            return answer
        path = answer["menu"]["options"][0]["path"]
    raise AssertionError("no action reached")


async def test_board_links_views_presses_and_live_pages(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-flow") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        base = f"http://127.0.0.1:{web.port}"
        tokens = [await board_links(world, m) for m in members]
        watch = tokens[0][1]
        async with aiohttp.ClientSession() as http:
            # the page itself carries no game data, and a strict policy
            async with http.get(f"{base}/board/{tokens[0][0]}") as resp:
                page = await resp.text()
                assert resp.status == 200
                assert resp.headers["Content-Security-Policy"].startswith("default-src 'self'")
                assert "<script>" not in page and "War Chest" not in page
            async with http.get(f"{base}/board/{tokens[0][0][:-3]}xyz") as resp:
                assert resp.status == 403
            table = await world.service.table_in(world.channel.id)
            assert table is not None
            mover = next(iter(table.prompts))
            other = 1 - mover
            # two seats' sockets side by side, and a watcher's
            sockets = [await open_socket(http, base, tokens[s][0]) for s in (0, 1)]
            spectator = await open_socket(http, base, watch)
            first = [json.loads((await ws.receive()).data)["state"] for ws in [*sockets, spectator]]
            assert [f["seat"] for f in first] == [0, 1, None]
            assert first[2]["menu"] is None and first[2]["prompt"] is None
            # a spectator's page is exactly the public view; a seat's page is that seat's view
            assert first[2]["status"] == table.engine.status_lines(
                table.engine.view(table.state, None), "en", table.names
            )
            assert first[mover]["status"] == table.engine.status_lines(
                table.engine.view(table.state, mover), "en", table.names
            )
            # a spectator cannot act
            async with http.post(
                f"{base}/api/menu", headers={"X-Board-Token": watch}, json={"seq": 1, "path": "0"}
            ) as resp:
                assert resp.status == 403
            # the waiting seat's stale press is refused
            seq = first[mover]["seq"]
            status, answer = await press(http, base, tokens[mover][0], {"seq": seq + 99, "path": "0"})
            assert status == 409 and answer["error"] == "This choice is no longer open."
            done = await play_one(http, base, tokens[mover][0])
            assert done["ok"]
            pushed = [
                json.loads((await asyncio.wait_for(ws.receive(), 5)).data)["state"] for ws in [*sockets, spectator]
            ]
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.version > table.version
            assert {p["version"] for p in pushed} == {after.version}
            for seat, got in ((0, pushed[0]), (1, pushed[1]), (None, pushed[2])):
                want = payload(after, seat, "en", web.hub.log_of(after.game_id))
                assert got["status"] == want["status"] and got["log"] == want["log"]
            # a seat's socket never carries the other seat's private lines
            private = set(after.engine.status_lines(after.engine.view(after.state, other), "en", after.names))
            private -= set(after.engine.status_lines(after.engine.view(after.state, None), "en", after.names))
            if private:
                assert not private & set(pushed[mover]["status"])
                assert not private & set(pushed[2]["status"])
            # pressing again with the old seq is refused: the choice is no longer open
            status, answer = await press(http, base, tokens[mover][0], {"seq": seq, "path": "0"})
            assert status == 409 and "no longer open" in answer["error"]
            for ws in [*sockets, spectator]:
                await ws.close()
        # the press was announced to the chat as a chat press would be (open connections keep the bot busy)
        await asyncio.sleep(0.05)
        await world.env.settle()
        embed = world.table_message().embeds[0]
        assert (
            embed.description
            == "\n".join(after.engine.status_lines(after.engine.view(after.state, None), "en", after.names))[:4000]
        )


async def test_expired_links_and_too_many_requests_are_refused(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-refusals", rate=5) as (world, web, ticks):
        members = await start_game(world, "war_chest", 2)
        base = f"http://127.0.0.1:{web.port}"
        mine, _watch = await board_links(world, members[0])
        async with aiohttp.ClientSession() as http:
            statuses = []
            for _ in range(7):
                async with http.get(f"{base}/api/state", headers={"X-Board-Token": mine}) as resp:
                    statuses.append(resp.status)
            assert statuses[:5] == [200] * 5 and statuses[5:] == [429, 429]
            ticks.now += 3601
            async with http.get(f"{base}/api/state", headers={"X-Board-Token": mine}) as resp:
                assert resp.status == 403
                assert "not valid" in await resp.text()


async def test_the_web_table_is_off_without_its_settings() -> None:
    from bot.config import Settings

    assert not Settings(_env_file=None, web_port=None, public_url=None).web_enabled
    assert not Settings(_env_file=None, web_port=8080, public_url="").web_enabled
    assert Settings(_env_file=None, web_port=8080, public_url="https://t.example").web_enabled
