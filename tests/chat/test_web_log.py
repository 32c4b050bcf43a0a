"""The page's log is the game's, rebuilt from the stored actions: after a restart a page shows the
same log as before it, each seat its own private events and the public ones, a watcher the public
ones only."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp

from bot.web.page import log_lines
from games.core import visible
from tests.chat.test_web_table import board_links, get_state, play_one
from tests.chat.web_world import open_socket, restart_with_web, start_game, web_world


async def test_the_log_survives_a_restart_with_each_readers_events(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-log-restart") as (world, web, ticks):
        members = await start_game(world, "war_chest", 2)
        tokens = [await board_links(world, m) for m in members]
        readers = [tokens[0][0], tokens[1][0], tokens[0][1]]  # seat 0, seat 1, a watcher
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            # a page open while six actions are made through the web table: its log follows them live
            watching = await open_socket(http, base, readers[2])
            await watching.receive()
            for _ in range(6):
                table = await world.service.table_in(world.channel.id)
                assert table is not None
                mover = next(iter(table.prompts))
                assert (await play_one(http, base, tokens[mover][0]))["ok"]
            await watching.close()
        await asyncio.sleep(0.05)  # open connections keep the bot busy: settle once they are closed
        await world.env.settle()
        async with aiohttp.ClientSession() as http:
            before = [await get_state(http, base, token) for token in readers]
        await asyncio.sleep(0.05)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        assert {b["version"] for b in before} == {table.version}

        web = await restart_with_web(world, ticks)
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            sockets = [await open_socket(http, base, token) for token in readers]
            after = [json.loads((await ws.receive()).data)["state"] for ws in sockets]
            assert [a["log"] for a in after] == [b["log"] for b in before]
            assert [a["version"] for a in after] == [table.version] * 3
            events = web.hub.log_of(table.game_id)  # what the pages were built from
            for ws in sockets:
                await ws.close()

        # the log is the whole game: the opening (deals, draws) and every action since, each for its readers
        assert len([e for e in events if visible(e, None)]) > 6
        for seat, got in zip((0, 1, None), after, strict=True):
            assert got["log"] == log_lines(table.engine, events, seat, "en", table.names)[-30:]
        private = [[e for e in events if not visible(e, None) and visible(e, s)] for s in (0, 1)]
        assert private[0] and private[1]  # each drew coins the other does not see
        mine = log_lines(table.engine, private[0], 0, "en", table.names)
        assert set(mine) & set(after[0]["log"])
        assert not set(mine) & set(after[2]["log"])
        assert not set(mine) - set(log_lines(table.engine, private[0], None, "en", table.names)) & set(after[1]["log"])


async def test_a_change_this_process_did_not_see_is_read_from_the_stored_log(tmp_path: Path) -> None:
    """An action committed elsewhere (another process: here straight through the service, which tells
    no page) leaves a gap; the next change seen here reads the log again instead of skipping it."""
    async with web_world(tmp_path, "web-log-gap") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        tokens = [await board_links(world, m) for m in members]
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            watching = await open_socket(http, base, tokens[0][1])
            first = json.loads((await watching.receive()).data)["state"]
            table = await world.service.table_in(world.channel.id)
            assert table is not None
            mover = next(iter(table.prompts))
            elsewhere = await world.service.act(
                game_id=table.game_id,
                user_id=members[mover].id,
                action=table.engine.legal(table.state, mover)[0],
                seq=table.prompt_seqs[mover],
            )
            table = elsewhere.table
            mover = next(iter(table.prompts))
            assert (await play_one(http, base, tokens[mover][0]))["ok"]
            after = await world.service.table_in(world.channel.id)
            assert after is not None
            state = first
            while state["version"] < after.version:
                state = json.loads((await asyncio.wait_for(watching.receive(), 5)).data)["state"]
            unseen = log_lines(table.engine, elsewhere.events, None, "en", table.names)
            assert unseen and not set(unseen) <= set(first["log"])
            assert set(unseen) <= set(state["log"])
            events = web.hub.log_of(table.game_id)
            assert state["log"] == log_lines(table.engine, events, None, "en", table.names)[-30:]
            await watching.close()
        await asyncio.sleep(0.05)
