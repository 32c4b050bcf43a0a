"""Clock votes on the board page: when a seat's time ran out, the players' pages offer the same
votes as the table message (a stand-in for that seat, or ending the game) and a watcher's page none;
a vote from a page goes through the table service's vote as the chat's button does, with the chat's
answers and refusals, and every open page follows each vote at once, wherever it was cast."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.web.server import BUNDLE
from tests.chat.test_web_browser import CHROMIUM, FLAGS
from tests.chat.test_web_browser import board_links as page_links
from tests.chat.test_web_table import board_links
from tests.chat.web_world import open_socket, web_world
from tests.chat.world import World, custom_ids, labels


async def start_with_clock(world: World, game: str, players: int) -> list[Any]:
    members = [world.add_player(f"P{i}") for i in range(players)]
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await members[0].slash(world.channel, "start", clock="1h")
    assert r.response is not None and "begins" in r.response.content, r.response and r.response.content
    return members


async def time_runs_out(world: World) -> int:
    """Let the waited-for seat's time run out; the seat now put to the vote."""
    world.clock.advance(minutes=61)
    assert [a.kind for a in await world.bot.controller.fire_timers()] == ["expire"]
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    (seat,) = table.vote_seats()
    return seat


async def vote(http: aiohttp.ClientSession, base: str, token: str, seat: int, choice: str) -> tuple[int, Any]:
    async with http.post(
        f"{base}/api/vote", headers={"X-Board-Token": token}, json={"seat": seat, "choice": choice, "seq": 0}
    ) as resp:
        text = await resp.text()
        return resp.status, json.loads(text) if resp.content_type == "application/json" else text


async def next_states(sockets: list[Any]) -> list[dict[str, Any]]:
    return [json.loads((await asyncio.wait_for(ws.receive(), 5)).data)["state"] for ws in sockets]


async def test_votes_from_pages_and_the_chat_reach_every_page(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-votes") as (world, web, _ticks):
        members = await start_with_clock(world, "battles_builders", 3)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        tokens = {table.seat_of(m.id): await board_links(world, m) for m in members}
        watch = tokens[0][1]
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            sockets = [await open_socket(http, base, tokens[s][0]) for s in range(3)]
            spectator = await open_socket(http, base, watch)
            everyone = [*sockets, spectator]
            assert all(s["votes"] == [] for s in await next_states(everyone))

            # the seat's time runs out: the players' pages show the table message's votes at once
            absent = await time_runs_out(world)
            name = table.seats[absent].name
            states = await next_states(everyone)
            offered = {"seat": absent, "name": name, "tally": "Stand-in 0, End the game 0"}
            offered["choices"] = [
                {"choice": "stand_in", "label": f"Let a bot play for {name}"},
                {"choice": "end", "label": "End the game"},
            ]
            assert [s["votes"] for s in states[:3]] == [[offered]] * 3
            assert states[3]["votes"] == []  # a watcher does not vote
            assert [c["label"] for c in offered["choices"]] == [
                label
                for label in labels(world.table_message())
                if label in (f"Let a bot play for {name}", "End the game")
            ]

            # a watcher's link cannot vote (it names nobody); the one waited for is told what the chat tells
            status, said = await vote(http, base, watch, absent, "stand_in")
            assert status == 403 and said == "Watching (public view)"
            status, said = await vote(http, base, tokens[absent][0], absent, "stand_in")
            assert status == 409 and said["error"] == "You are the one the game waits for: just make your move."
            first, second = [s for s in range(3) if s != absent]

            # a vote from a page: the chat's answer, and every page has the new tally at once
            status, said = await vote(http, base, tokens[first][0], absent, "end")
            assert status == 200 and said == {
                "ok": True,
                "done": "You vote for: ending the game. Stand-in 0, End the game 1. A majority of the players present decides.",
            }
            states = await next_states(everyone)
            assert [s["votes"][0]["tally"] for s in states[:3]] == ["Stand-in 0, End the game 1"] * 3
            # voting again moves the vote, as the chat's button does
            status, said = await vote(http, base, tokens[first][0], absent, "stand_in")
            assert status == 200 and "Stand-in 1, End the game 0" in said["done"]
            states = await next_states(everyone)
            assert [s["votes"][0]["tally"] for s in states[:3]] == ["Stand-in 1, End the game 0"] * 3

            # the second vote through the chat's button decides: the pages follow without a poll
            voter = next(m for m in members if table.seat_of(m.id) == second)
            stand_in = next(c for c in custom_ids(world.table_message()) if c.endswith(f":{absent}:sb"))
            r = await voter.click(world.table_message(), custom_id=stand_in)
            assert r.response is None or not r.response.content  # the decision is told in the channel
            states = await next_states(everyone)
            assert all(s["votes"] == [] for s in states)
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.seats[absent].stand_in
            # (the stand-in may have moved since: its move is announced and pushed like any other)
            assert len({s["version"] for s in states}) == 1 and states[0]["version"] <= after.version

            # the vote is closed now, for the page as for the chat
            status, said = await vote(http, base, tokens[first][0], absent, "end")
            assert status == 409 and said["error"] == "This choice is no longer open."
            for ws in everyone:
                await ws.close()
        await asyncio.sleep(0.05)
        await world.env.settle()
        texts = [m.content for m in world.channel.history() if m.author.id == world.bot.user.id and m.content]
        assert any(text.startswith(f"🤖 A bot plays for {name} now") for text in texts)


async def test_a_vote_from_a_page_that_decides_tells_the_channel(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-votes-end") as (world, web, _ticks):
        members = await start_with_clock(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        absent = await time_runs_out(world)
        voter = next(m for m in members if table.seat_of(m.id) != absent)
        mine, _watch = await board_links(world, voter)
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as http:
            page = await open_socket(http, base, mine)
            (state,) = await next_states([page])
            assert [c["choice"] for c in state["votes"][0]["choices"]] == ["stand_in", "end"]
            # one other person present: their vote decides, as on the table message
            status, said = await vote(http, base, mine, absent, "end")
            name = table.seats[absent].name
            assert status == 200
            assert said["done"] == f"The game was ended while waiting for {name} (decided by {voter.name})."
            (state,) = await next_states([page])
            assert state["running"] is False and state["votes"] == []
            await page.close()
        await asyncio.sleep(0.05)
        await world.env.settle()
        texts = [m.content for m in world.channel.history() if m.author.id == world.bot.user.id and m.content]
        assert f"The game was ended while waiting for {name} (decided by {voter.name})." in texts
        after = await world.service.table_in(world.channel.id)
        assert after is None or after.status != "running"
        assert not [c for c in custom_ids(world.table_message()) if c.startswith("vt:")]


playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")


@pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium")
@pytest.mark.skipif(not (BUNDLE / "board.js").is_file(), reason="the board page is not built")
async def test_the_page_shows_the_votes_to_players_only_and_casts_them(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-votes-browser") as (world, _web, _ticks):
        members = await start_with_clock(world, "battles_builders", 3)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        links = {table.seat_of(m.id): await page_links(world, m) for m in members}
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                context = await browser.new_context(locale="en-GB")
                pages = {seat: await context.new_page() for seat in links}
                watcher = await context.new_page()
                for seat, page in pages.items():
                    await page.goto(links[seat][0])
                await watcher.goto(links[0][1])
                for page in [*pages.values(), watcher]:
                    await page.wait_for_selector("#app[data-version] .board svg")
                absent = await time_runs_out(world)
                name = table.seats[absent].name
                first, second = [s for s in range(3) if s != absent]
                # the buttons come live, on the players' pages only
                for page in pages.values():
                    await page.wait_for_selector(f"button[data-vote='{absent}:stand_in']")
                    assert await page.locator("[data-vote]").all_inner_texts() == [
                        f"Let a bot play for {name}",
                        "End the game",
                    ]
                await watcher.wait_for_function(
                    f"() => Number(document.getElementById('app').dataset.version) >= {table.version}"
                )
                assert await watcher.locator("[data-vote]").count() == 0
                await pages[first].click(f"button[data-vote='{absent}:stand_in']")
                await pages[first].wait_for_selector(".message")
                assert "You vote for: a stand-in for" in await pages[first].locator(".message").inner_text()
                # the other player's page shows the new tally without a reload
                await pages[second].wait_for_function(
                    "() => [...document.querySelectorAll('.tally')].some(e => e.textContent.includes('Stand-in 1'))"
                )
            finally:
                await browser.close()
        await asyncio.sleep(0.05)
        await world.env.settle()
