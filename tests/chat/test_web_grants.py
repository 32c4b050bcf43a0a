"""A board link's grant is checked whenever it is used: at every request and before every push to an
open page. A person who resigned sees what a watcher sees everywhere (web, /hand, /board, the DM
menus); a link that expires closes its open page; a private channel's watch link names its person
and ends with their view of the channel; a link, and a person, hold a few sockets at most."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import aiohttp

from bot.web.hub import LOST
from bot.web.links import Pass, token_of
from bot.web.server import SEEN_FOR
from bot.web.texts import texts
from tests.chat.test_web_table import board_links, get_state, play_one
from tests.chat.web_world import open_socket, start_game, start_in_private_channel, web_world
from tests.chat.world import custom_ids

WORDS = texts("en")


async def refused_and_closed(ws: Any, why: str) -> None:
    """The page is told why its grant was lost, then its socket is closed for good."""
    told = json.loads((await asyncio.wait_for(ws.receive(), 5)).data)
    assert told == {"type": "refused", "text": why}
    closing = await asyncio.wait_for(ws.receive(), 5)
    assert (closing.type, closing.data) == (aiohttp.WSMsgType.CLOSE, LOST)


async def state_status(http: aiohttp.ClientSession, base: str, token: str) -> tuple[int, str]:
    async with http.get(f"{base}/api/state", headers={"X-Board-Token": token}) as resp:
        return resp.status, await resp.text()


async def test_a_resigned_person_sees_what_a_watcher_sees_everywhere(tmp_path: Path) -> None:
    async with web_world(tmp_path, "grant-resigned") as (world, web, _ticks):
        members = await start_game(world, "burg", 3)  # every seat picks a hidden person card first
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        quitter = next(m for m in members if table.prompts[table.seat_of(m.id) or 0].secret)
        seat = table.seat_of(quitter.id)
        mine, watch = await board_links(world, quitter)
        prompt = world.last_dm(quitter)  # their private choice, with its menu
        menu = [c for c in custom_ids(prompt) if c.startswith("st:")]
        assert menu
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            assert (await get_state(http, base, mine))["seat"] == seat
            r = await quitter.slash(world.channel, "resign")
            assert r.response is not None and "a bot plays their seat" in r.response.content
            # the seat's link no longer opens the seat; the watchers' link still opens the public view
            status, text = await state_status(http, base, mine)
            assert (status, text) == (403, WORDS["seat_lost"])
            assert (await get_state(http, base, watch))["seat"] is None
        # /hand shows no hand (and no "Change my choice"): they have resigned
        r = await quitter.slash(world.channel, "hand")
        assert r.response is not None and r.response.ephemeral and not r.response.embeds
        assert "You have resigned" in r.response.content and not r.response.components
        # their DM menu no longer answers for the seat
        pressed = await quitter.user.click(prompt, custom_id=menu[0])
        assert pressed.response is not None and "You have resigned" in pressed.response.content
        # /board offers only the watchers' link
        r = await quitter.slash(world.channel, "board")
        assert r.response is not None
        links = re.findall(r"<(http[^>]+)>", r.response.content)
        assert len(links) == 1 and web.links.read(token_of(links[0])) == Pass(table.game_id, None, None)
        # /play's menu of typed actions offers them nothing of the seat either
        choices = await quitter.autocomplete(world.channel, "play", "action", "")
        assert choices == []


async def test_an_open_page_is_closed_when_its_link_expires(tmp_path: Path) -> None:
    async with web_world(tmp_path, "grant-expiry") as (world, web, ticks):
        members = await start_game(world, "war_chest", 2)
        tokens = [await board_links(world, m) for m in members]
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            pages = [await open_socket(http, base, tokens[0][0]), await open_socket(http, base, tokens[0][1])]
            for ws in pages:
                await ws.receive()
            ticks.now += 1800
            fresh = (await board_links(world, members[1]))[0]  # signed later: still good after the others expire
            ticks.now += 1801
            # a quiet game: the poll's look at open pages finds the lost grants
            await web.hub.poll_once()
            for ws in pages:
                await refused_and_closed(ws, WORDS["refused"])
            assert (await state_status(http, base, tokens[0][0]))[0] == 403
            assert (await get_state(http, base, fresh))["seat"] == 1


async def test_a_private_channels_watch_link_names_its_person_and_ends_with_their_view(tmp_path: Path) -> None:
    async with web_world(tmp_path, "grant-bound") as (world, web, ticks):
        alice, bob, dave = (world.add_player(n) for n in ("alice", "bob", "dave"))
        secret, table = await start_in_private_channel(world, [alice, bob], [dave])
        # dave watches: his link names him (and carries his language), and alice's watch link names her
        r = await dave.slash(secret, "board")
        assert r.response is not None
        (dave_link,) = re.findall(r"<(http[^>]+)>", r.response.content)
        assert web.links.read(token_of(dave_link)) == Pass(table.game_id, None, dave.id, lang="en")
        r = await alice.slash(secret, "board")
        assert r.response is not None
        alice_watch = token_of(re.findall(r"<(http[^>]+)>", r.response.content)[1])
        assert web.links.read(alice_watch) == Pass(table.game_id, None, alice.id, lang="en")
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            watching = token_of(dave_link)
            assert (await get_state(http, base, watching))["seat"] is None
            page = await open_socket(http, base, watching)
            await page.receive()
            # dave leaves the server: once the remembered answer is old, his link shows nothing
            world.guild.remove_member(dave)
            await world.env.settle()
            ticks.now += SEEN_FOR + 1
            assert await state_status(http, base, watching) == (403, WORDS["refused"])
            # and his open page is closed at the next push (a press on the board of whoever moves)
            mover = next(m for m in (alice, bob) if table.seat_of(m.id) in table.prompts)
            r = await mover.slash(secret, "board")
            assert r.response is not None
            mover_link = token_of(re.findall(r"<(http[^>]+)>", r.response.content)[0])
            assert (await play_one(http, base, mover_link))["ok"]
            await refused_and_closed(page, WORDS["refused"])
            # alice's own watch link still works: she can see the channel
            assert (await get_state(http, base, alice_watch))["seat"] is None


async def test_a_link_and_a_person_hold_a_few_sockets_at_most(tmp_path: Path) -> None:
    async with web_world(tmp_path, "grant-sockets") as (world, web, ticks):
        members = await start_game(world, "war_chest", 2)
        web.hub.per_link = 2
        first, watch = await board_links(world, members[0])
        ticks.now += 1
        second, _ = await board_links(world, members[0])  # another link of the same person
        assert first != second
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            pages = []
            for token in (first, first):
                pages.append(await open_socket(http, base, token))
                await pages[-1].receive()
            # a third page of the same link: the oldest page goes
            pages.append(await open_socket(http, base, first))
            await refused_and_closed(pages[0], WORDS["too_many_pages"])
            await pages[2].receive()
            # another link of the same person counts too
            pages.append(await open_socket(http, base, second))
            await refused_and_closed(pages[1], WORDS["too_many_pages"])
            await pages[3].receive()
            # watchers of a bearer link have their own share; the person's pages stay
            watchers = [await open_socket(http, base, watch) for _ in range(2)]
            for ws in watchers:
                await ws.receive()
            assert len([c for c in web.hub.clients[next(iter(web.hub.clients))]]) == 4
            for ws in [pages[2], pages[3], *watchers]:
                await ws.close()
