"""The last move is marked alike everywhere, against the real bot on SimCord: the chat's table
picture, the web page's board and the replay's frame of the same moment carry the same marks and
caption (the chat PNG is pixel for pixel the web scene drawn), and the web page lists the moves
made since the reader's own last one, newest first."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path
from typing import Any

import aiohttp
from PIL import Image

from games import scene_png
from games.scene import Scene
from tests.chat.driver import finish_choice, play_until_over
from tests.chat.test_web_table import board_links, get_state
from tests.chat.web_world import start_game, web_world
from tests.chat.world import World
from tests.games.marks import scene_json_marks


def drawn(scene: dict[str, Any]) -> bytes:
    """A page's scene as the PNG renderer draws it."""
    return scene_png.render(Scene(scene["width"], scene["height"], scene["background"], scene["items"]))


def same_pixels(a: bytes, b: bytes) -> bool:
    return Image.open(io.BytesIO(a)).convert("RGB").tobytes() == Image.open(io.BytesIO(b)).convert("RGB").tobytes()


async def chat_picture(world: World) -> bytes:
    await world.env.settle()
    message = world.table_message()
    board = next(a for a in message.attachments if a.filename == "board.png")
    return await board.read()


async def test_the_chat_picture_the_web_board_and_the_replay_mark_the_same_last_move(tmp_path: Path) -> None:
    async with web_world(tmp_path, "last-move") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        tokens = [await board_links(world, m) for m in members]
        base = f"http://127.0.0.1:{web.port}"
        by_id = {m.id: m for m in members}
        rnd = random.Random(5)
        async with aiohttp.ClientSession() as http:
            marked_seen = False
            for _ in range(40):  # play on until a move that marks places, then compare
                table = await world.service.table_in(world.channel.id)
                assert table is not None
                seat = sorted(table.prompts)[0]
                await finish_choice(world, by_id[table.user_of(seat)], rnd)  # type: ignore[index]
                await asyncio.sleep(0.05)
                state = await get_state(http, base, tokens[0][1])  # the watcher's page: the public view
                scene = state["board"]["scene"]
                if not scene_json_marks(scene):
                    continue
                marked_seen = True
                png = await chat_picture(world)
                assert same_pixels(png, drawn(scene)), "the chat picture is the web board, marks and all"
                assert scene["caption"] and state["recent"][0]["text"] == scene["caption"]
                assert state["recent"][0]["marked"]
                # a player's page lists what the others did since their own last move, newest first
                table = await world.service.table_in(world.channel.id)
                assert table is not None
                mover = table.engine.view(table.state, None)["moves"][-1]["seat"]
                other = 1 - mover
                page = await get_state(http, base, tokens[other][0])
                assert page["recent"] and page["recent"][0]["text"] == scene["caption"]
                assert all(entry["seat"] != other for entry in page["recent"])
                assert scene_json_marks(page["board"]["scene"]) == scene_json_marks(scene)
                own = await get_state(http, base, tokens[mover][0])
                assert own["recent"] == [], "nothing happened since the reader's own move"
                break
            assert marked_seen, "no move marked a place"

            await play_until_over(world, rnd)
            await asyncio.sleep(0.05)
            final = await get_state(http, base, tokens[0][1])
            async with http.get(f"{base}/api/replay", headers={"X-Board-Token": tokens[0][1]}) as r:
                assert r.status == 200
                last = (await r.json())["last"]
            async with http.get(
                f"{base}/api/replay/step", params={"step": str(last)}, headers={"X-Board-Token": tokens[0][1]}
            ) as r:
                assert r.status == 200
                frame = await r.json()
        png = await chat_picture(world)
        shown, replayed = final["board"]["scene"], frame["board"]["scene"]
        assert scene_json_marks(shown) == scene_json_marks(replayed)
        assert shown["caption"] == replayed["caption"] and shown["caption"]
        assert same_pixels(png, drawn(shown)) and same_pixels(png, drawn(replayed))


async def test_a_hidden_pick_reads_as_chosen_on_every_page_and_in_the_chat(tmp_path: Path) -> None:
    async with web_world(tmp_path, "last-move-hidden") as (world, web, _ticks):
        members = await start_game(world, "battles_builders", 2)
        tokens = [await board_links(world, m) for m in members]
        base = f"http://127.0.0.1:{web.port}"
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        first = sorted(table.prompts)[0]
        await finish_choice(world, members[first], random.Random(2))
        await asyncio.sleep(0.05)
        name = table.names[first]
        async with aiohttp.ClientSession() as http:
            for token in (tokens[1 - first][0], tokens[0][1]):  # the other player's page, a watcher's
                state = await get_state(http, base, token)
                scene = state["board"]["scene"]
                assert scene["caption"] == f"{name} has chosen"
                assert scene_json_marks(scene) == set()
                assert [entry["text"] for entry in state["recent"]] == [f"{name} has chosen"]
            # the chooser's own page: nothing since their own move, and its board says no more
            own = await get_state(http, base, tokens[first][0])
            assert own["recent"] == [] and own["board"]["scene"]["caption"] == f"{name} has chosen"
        png = await chat_picture(world)
        assert same_pixels(png, drawn(state["board"]["scene"]))
