"""Every slash command as players use it."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import discord
import pytest

from tests.chat.flows import commit_by_dm, current, open_table
from tests.chat.world import World, custom_ids, snapshot_json


async def test_leave_and_lobby_closing(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    r = await alice.slash(world.channel, "leave")
    assert r.ephemeral and "no game in this channel" in r.response.content
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    r = await alice.slash(world.channel, "leave")
    assert r.response.content == "alice left the lobby.\nbob hosts the game now."
    table = await current(world)
    assert [s.name for s in table.seats] == ["bob"] and table.host_id == bob.id
    r = await alice.slash(world.channel, "leave")
    assert r.ephemeral and "not in this channel's lobby" in r.response.content
    r = await bob.slash(world.channel, "leave")
    assert "the lobby is closed" in r.response.content
    assert await world.service.table_in(world.channel.id) is None


async def test_leave_a_running_game_is_refused(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    before = snapshot_json(await current(world))
    r = await bob.slash(world.channel, "leave")
    assert r.ephemeral and "can `/abandon` it" in r.response.content
    assert snapshot_json(await current(world)) == before


async def test_abandon_by_host_moderator_and_refusal(world: World) -> None:
    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    alice, bob = await open_table(world, ["alice", "bob"])
    mod = world.add_player("mod", roles=[mods])
    r = await bob.slash(world.channel, "abandon")
    assert r.ephemeral and "Only the host" in r.response.content
    assert (await current(world)).status == "running"
    r = await mod.slash(world.channel, "abandon")
    assert "abandoned by mod" in r.response.content
    assert await world.service.table_in(world.channel.id) is None
    # The table message lost its buttons, and alice's DM menu from before is closed.
    assert custom_ids(world.table_message()) == []
    dm = world.last_dm(alice)
    r = await alice.user.click(dm, custom_id=custom_ids(dm)[0])
    assert r.ephemeral and "no longer open" in r.response.content
    # A new game can start in the same channel, and the host may abandon it.
    await alice.slash(world.channel, "join", game="battles_builders")
    r = await alice.slash(world.channel, "abandon")
    assert "abandoned by alice" in r.response.content


async def test_status_hand_rules_games_help(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    r = await bob.slash(world.channel, "status")
    assert r.ephemeral and r.response.embeds[0].title == "Battles & Builders"
    assert r.response.attachments and r.response.attachments[0].filename == "board.png"
    png = await r.response.attachments[0].read()
    assert png.startswith(b"\x89PNG")
    r = await alice.slash(world.channel, "hand")
    assert r.ephemeral and "Your view" in r.response.embeds[0].title
    assert custom_ids(r.response.message), "alice's open choice comes with its menu"
    r = await bob.slash(world.channel, "hand")
    assert "nothing to choose" in r.response.content
    r = await bob.slash(world.channel, "rules")
    assert "8 rounds" in r.response.embeds[0].description
    assert "simultaneous_commit" in r.response.embeds[0].description
    r = await bob.slash(world.channel, "rules", game="nothing")
    assert "don't know a game" in r.response.content
    r = await bob.slash(world.channel, "help")
    assert "/join" in r.response.embeds[0].description


async def test_play_by_typing_with_autocomplete(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    choices = await alice.autocomplete(world.channel, "play", "action", "yes 2 builders 1 cavalry")
    assert choices and all("2 builders" in c["name"] and "King: yes" in c["name"] for c in choices)
    pick = next(c for c in choices if "0 infantry" in c["name"] and "0 archers" in c["name"])
    r = await alice.slash(world.channel, "play", action=pick["value"])
    text = r.followups[-1].content if r.followups else r.response.content
    assert text.startswith("Done:") and "2 builders" in text
    table = await current(world)
    assert 0 not in table.prompts and 1 in table.prompts
    assert await bob.autocomplete(world.channel, "play", "action", "") != []
    assert await alice.autocomplete(world.channel, "play", "action", "") == []
    # A typed label works too, exactly as the suggestion reads.
    label = (await bob.autocomplete(world.channel, "play", "action", "no 1 builder 0 cavalry 0 archers 0 infantry"))[0][
        "name"
    ]
    r = await bob.slash(world.channel, "play", action=label)
    answer = r.followups[-1].content if r.followups else r.response.content
    # the choice named once, as the chips it commits (the typed label walks the menu's steps)
    assert "0 cavalry" in label and answer.splitlines() == ["Done: Commit: 1 builder"]


async def test_play_answers_in_one_response_and_thinks_first_only_when_slow(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/play` answers with one response when its action is applied within ANSWER_WAIT (the usual
    case); when it is not, "thinking" first and the answer as a followup, as before."""
    from bot.chat.cogs import play

    alice, bob = await open_table(world, ["alice", "bob"])
    counter = world.count_requests()

    def answers() -> list[str]:
        return [path for kind, _, path in counter.log if kind == "interactions"]

    value = (await alice.autocomplete(world.channel, "play", "action", ""))[0]["value"]
    before = len(answers())
    r = await alice.slash(world.channel, "play", action=value)
    assert r.response is not None and r.response.content.startswith("Done:") and not r.followups
    assert len(answers()) - before == 1 and answers()[-1].endswith("/callback")
    monkeypatch.setattr(play, "ANSWER_WAIT", 0.0)  # no time at all: acknowledged first
    value = (await bob.autocomplete(world.channel, "play", "action", ""))[0]["value"]
    before = len(answers())
    r = await bob.slash(world.channel, "play", action=value)
    answer = r.followups[-1].content if r.followups else r.response.content  # the "thinking" replaced
    assert answer.startswith("Done:")
    assert len(answers()) - before == 2 and answers()[-2].endswith("/callback")


async def test_game_in_a_thread(world: World) -> None:
    import simcord

    alice, bob = world.add_player("alice"), world.add_player("bob")
    raw = world.env.backend.create_thread(world.channel.id, "spel", alice.id)
    thread = simcord.ChannelHandle(world.env, world.guild, raw)
    await world.env.settle()
    await alice.slash(thread, "join", game="battles_builders")
    await bob.slash(thread, "join")
    r = await alice.slash(thread, "start")
    assert "begins" in r.response.content
    assert await world.service.table_in(thread.id) is not None
    assert await world.service.table_in(world.channel.id) is None
    assert any(m.embeds and m.attachments for m in thread.history())
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    # the game's table message in the thread shows the move among its last moves
    table_message = [m for m in thread.history() if m.embeds and m.attachments][-1]
    recent = [f.value for f in table_message.embeds[0].fields if f.name == "Last moves"]
    assert recent and "alice committed 1 chip." in recent[0].split("\n")


async def test_command_descriptions_in_dutch(world: World) -> None:
    from bot.chat.translator import DUTCH

    payloads = [
        await cmd.get_translated_payload(world.bot.tree, world.bot.tree.translator)  # type: ignore[arg-type]
        for cmd in world.bot.tree.get_commands()
    ]
    by_name = {p["name"]: p for p in payloads}
    assert by_name["join"]["description_localizations"]["nl"] == DUTCH[by_name["join"]["description"]]
    play_option = by_name["play"]["options"][0]
    assert play_option["description_localizations"]["nl"] == "Begin te typen; kies een van de suggesties"
    assert all("nl" in p.get("description_localizations", {}) for p in payloads)


async def test_an_older_dm_menu_loses_its_buttons_when_a_new_one_comes(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    first = world.last_dm(alice)
    assert custom_ids(first)
    # alice answers by typing instead of using her DM; the next round brings her a new DM menu.
    for member in (alice, bob, bob):
        choices = await member.autocomplete(
            world.channel, "play", "action", "no 0 builders 0 infantry 0 cavalry 1 archer"
        )
        await member.slash(world.channel, "play", action=choices[0]["value"])
    latest = world.last_dm(alice)
    assert latest.id != first.id and custom_ids(latest)
    assert custom_ids(next(m for m in world.dm_messages(alice) if m.id == first.id)) == []


async def test_a_burst_of_changes_costs_one_edit_of_the_table_message(world: World, monkeypatch: Any) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    table = await current(world)
    controller = world.bot.controller
    shown: list[int] = []
    original = controller._edit_table

    async def counting(table: Any, channel: Any, lang: str, answer: Any = None) -> None:
        shown.append(table.version)
        await asyncio.sleep(0)  # an edit takes its time over the wire: the rest of the burst comes meanwhile
        await original(table, channel, lang, answer)

    monkeypatch.setattr(controller, "_edit_table", counting)
    channel = await controller.channel(table.channel_id)
    burst = []
    for version in range(table.version, table.version + 5):
        copy = dataclasses.replace(table, version=version)
        burst.append(controller.refresh_table(copy, channel, "en"))
    await asyncio.gather(*burst)
    # the first edit went out at once; the four that came meanwhile became one edit of the newest
    assert shown == [table.version, table.version + 4]
    assert controller._editing == {}
