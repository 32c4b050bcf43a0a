"""Changes to a running game that are not an action (a resignation, /abandon, a stand-in starting
or stepping aside) reach open board pages at once, as an action does: the web table here never
polls (``poll=None``), so only the change itself can have told the pages."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp

from bot.web.hub import LOST
from bot.web.texts import texts
from tests.chat.test_web_table import board_links
from tests.chat.test_web_votes import start_with_clock, time_runs_out
from tests.chat.web_world import open_socket, start_game, web_world
from tests.chat.world import World, custom_ids


async def open_pages(world: World, web: Any, http: aiohttp.ClientSession, members: list[Any]) -> list[Any]:
    """Every seat's page and a watcher's, each with its first state read."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    tokens = {table.seat_of(m.id): await board_links(world, m) for m in members}
    base = f"http://127.0.0.1:{web.port}"
    readers = [tokens[s][0] for s in range(len(members))] + [tokens[0][1]]
    sockets = [await open_socket(http, base, token) for token in readers]
    for ws in sockets:
        await ws.receive()
    assert web.poll is None and web._poller is None
    return sockets


async def pushed(sockets: list[Any]) -> list[dict[str, Any]]:
    return [json.loads((await asyncio.wait_for(ws.receive(), 5)).data)["state"] for ws in sockets]


async def closed(world: World, sockets: list[Any]) -> None:
    for ws in sockets:
        await ws.close()
    await asyncio.sleep(0.05)
    await world.env.settle()


async def test_a_resignation_reaches_open_pages_at_once(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-resign") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            sockets = await open_pages(world, web, http, members)
            r = await members[1].slash(world.channel, "resign")
            assert r.response is not None and "resigned; the game is over" in r.response.content
            states = await pushed(sockets)
            after = await world.service.table_by_id(states[0]["game_id"])
            assert after is not None and after.status != "running" and after.result is not None
            assert {s["version"] for s in states} == {after.version}
            for state in states:
                assert state["running"] is False and state["status"][0] == "The game is over."
                assert state["menu"] is None and state["places"] == []
            await closed(world, sockets)


async def test_abandon_reaches_open_pages_at_once(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-abandon") as (world, web, _ticks):
        members = await start_game(world, "battles_builders", 2)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            sockets = await open_pages(world, web, http, members)
            r = await members[0].slash(world.channel, "abandon")
            assert r.response is not None and not r.response.ephemeral
            states = await pushed(sockets)
            assert all(s["running"] is False and s["menu"] is None for s in states)
            await closed(world, sockets)


async def test_a_stand_in_starting_and_stepping_aside_reach_open_pages(tmp_path: Path) -> None:
    """A resignation in a three-player game (a stand-in plays on), then "I'm back" of a person a
    stand-in played for: each is on the pages before anything else happens."""
    async with web_world(tmp_path, "web-stand-in") as (world, web, _ticks):
        members = await start_with_clock(world, "battles_builders", 3)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            sockets = await open_pages(world, web, http, members)
            absent = await time_runs_out(world)
            await pushed(sockets)  # the vote opened
            voters = [m for m in members if table.seat_of(m.id) != absent]
            # both others vote in the chat for a stand-in: the tally, then the stand-in starting
            cid = next(c for c in custom_ids(world.table_message()) if c.endswith(f":{absent}:sb"))
            await voters[0].click(world.table_message(), custom_id=cid)
            states = await pushed(sockets)
            assert [s["votes"][0]["tally"] for s in states[:3]] == ["Stand-in 1, End the game 0"] * 3
            await voters[1].click(world.table_message(), custom_id=cid)
            states = await pushed(sockets)
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.seats[absent].stand_in
            assert all(s["votes"] == [] for s in states)
            assert len({s["version"] for s in states}) == 1
        await closed(world, sockets)
        # the stand-in has moved by now (announced as any action); the person takes the seat back
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            sockets = await open_pages(world, web, http, members)
            person = next(m for m in members if table.seat_of(m.id) == absent)
            before = await world.service.table_in(world.channel.id)
            assert before is not None and before.seats[absent].stand_in
            await person.click(world.table_message(), label="I'm back")
            states = await pushed(sockets)
            back = await world.service.table_in(world.channel.id)
            assert back is not None and not back.seats[absent].stand_in
            assert {s["version"] for s in states} == {back.version}
            # a third person resigns: a stand-in plays their seat and the game goes on
            quitter = voters[1]
            r = await quitter.slash(world.channel, "resign")
            assert r.response is not None and "a bot plays their seat" in r.response.content
            # their own seat's page loses its grant at that push: told why, then closed for good
            quit_seat = table.seat_of(quitter.id) or 0
            lost = json.loads((await asyncio.wait_for(sockets[quit_seat].receive(), 5)).data)
            assert lost == {"type": "refused", "text": texts("en")["seat_lost"]}
            closing = await asyncio.wait_for(sockets[quit_seat].receive(), 5)
            assert (closing.type, closing.data) == (aiohttp.WSMsgType.CLOSE, LOST)
            staying = [ws for i, ws in enumerate(sockets) if i != quit_seat]
            states = await pushed(staying)
            gone = await world.service.table_in(world.channel.id)
            assert gone is not None and gone.status == "running" and gone.seats[quit_seat].resigned
            assert all(s["running"] for s in states)
            await closed(world, staying)
