"""The web table's buttons in the chat: "Open the board" on the table message and a personal link on
each DM prompt, while the web table is on; none of them when it is off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import discord

from bot.web.links import Pass, token_of
from tests.chat.flows import commit_by_dm, open_table
from tests.chat.test_web_activity import activity_world
from tests.chat.web_world import start_game, web_world
from tests.chat.world import World, components, custom_ids


def link_buttons(message: Any) -> list[tuple[str, str]]:
    """(label, url) of the link buttons of a message, or of an interaction's answer (raw rows)."""
    if isinstance(message, discord.Message):
        return [(c.label or "", c.url) for c in components(message) if isinstance(c, discord.Button) and c.url]
    return [(c["label"], c["url"]) for row in message.components for c in row["components"] if c.get("url")]


async def test_open_the_board_gives_each_person_their_own_link(tmp_path: Path) -> None:
    async with web_world(tmp_path, "board-button") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        message = world.table_message()
        board = next(c for c in components(message) if getattr(c, "custom_id", "") == f"wb:{table.game_id}")
        assert board.label == "Open the board"
        # the Make my choice row keeps its place; the board button sits beside it
        assert [c.custom_id for c in message.components[-1].children][-1] == f"wb:{table.game_id}"
        for member in members:
            r = await member.click(message, custom_id=board.custom_id)
            assert r.response is not None and r.response.ephemeral
            seat = table.seat_of(member.id)
            ((label, url),) = link_buttons(r.response)
            assert label == "Your board"
            assert web.links.read(token_of(url)) == Pass(table.game_id, seat, member.id)
            assert f"<{url}>" in r.response.content and "For watchers" in r.response.content
        # someone who does not play gets the watchers' link only, and no personal one
        watcher = world.add_player("Watcher")
        r = await watcher.click(message, custom_id=board.custom_id)
        assert r.response is not None and r.response.ephemeral
        assert not link_buttons(r.response) and "You don't play here" in r.response.content
        (watch,) = [w for w in r.response.content.split("<")[1:]]
        assert web.links.read(token_of(watch.split(">")[0])) == Pass(table.game_id, None, None)


async def test_where_the_activity_cannot_launch_the_button_gives_the_link(tmp_path: Path) -> None:
    """SimCord refuses LAUNCH_ACTIVITY as Discord does where Activities are not allowed."""
    async with activity_world(tmp_path, "board-button-activity") as (world, web, _fake):
        members = await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        r = await members[1].click(world.table_message(), custom_id=f"wb:{table.game_id}")
        assert r.response is not None and r.response.ephemeral
        ((_label, url),) = link_buttons(r.response)
        seat = table.seat_of(members[1].id)
        assert web.links.read(token_of(url)) == Pass(table.game_id, seat, members[1].id)


async def test_dm_prompts_carry_the_seats_personal_link(tmp_path: Path) -> None:
    async with web_world(tmp_path, "board-dm-link") as (world, web, _ticks):
        ann, bob = await open_table(world, ["Ann", "Bob"])  # commits go in turn: Ann first
        async with aiohttp.ClientSession() as http:
            for member in (ann, bob):
                table = await world.service.table_in(world.channel.id)
                assert table is not None
                seat = table.seat_of(member.id)
                assert seat is not None and table.prompts[seat].secret
                dm = world.last_dm(member)
                assert custom_ids(dm)  # the menu's choices, then the link
                ((label, url),) = link_buttons(dm)
                assert label == "Your board"
                token = token_of(url)
                assert web.links.read(token) == Pass(table.game_id, seat, member.id)
                async with http.get(f"http://127.0.0.1:{web.port}/api/state", headers={"X-Board-Token": token}) as r:
                    state = await r.json()
                assert r.status == 200 and state["seat"] == seat and state["menu"] is not None
                if member is ann:
                    await commit_by_dm(world, ann, (False, 1, 0, 0, 0))


async def test_no_board_buttons_while_the_web_table_is_off(world: World) -> None:
    ann, bob = await open_table(world, ["Ann", "Bob"])
    assert custom_ids(world.table_message()) and not any(
        cid.startswith("wb:") for cid in custom_ids(world.table_message())
    )
    assert custom_ids(world.last_dm(ann)) and not link_buttons(world.last_dm(ann))
    await commit_by_dm(world, ann, (False, 1, 0, 0, 0))
    assert custom_ids(world.last_dm(bob)) and not link_buttons(world.last_dm(bob))
