"""Every component checks where it was pressed: table and vote buttons in their game's own channel
on its own server, private menus in the player's DM (or an ephemeral message), the Replay button
where its game can be seen. A press anywhere else, or of an id that cannot be real, is answered
"This choice is no longer open." and changes nothing.

The bot never posts these components elsewhere; the tests place them there as a forger would
(SimCord lets a test post a bot message carrying any component)."""

from __future__ import annotations

from typing import Any

import discord
from simcord.results import to_discord_message

from tests.chat.flows import current
from tests.chat.world import World, custom_ids

CLOSED = "This choice is no longer open."
HUGE = 2**64


async def _forged(world: World, channel: Any, custom_id: str, *, select: bool = False) -> discord.Message:
    """A bot message in ``channel`` carrying one component with ``custom_id``."""
    if select:
        part = {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": "1"}]}
    else:
        part = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
    backend = world.env.backend
    stored = backend.create_message(
        channel.id, backend.bot_user.id, "…", components=[{"type": 1, "components": [part]}]
    )
    await world.env.settle()
    return to_discord_message(world.env, stored)


def _refused(result: Any) -> bool:
    return result.ephemeral and result.response is not None and result.response.content == CLOSED


def _other_server(world: World) -> tuple[Any, Any]:
    guild = world.env.create_guild("Andere avond")
    return guild, guild.create_text_channel("algemeen")


async def _start(world: World, names: list[str], **start: Any) -> list[Any]:
    members = [world.add_player(n) for n in names]
    await members[0].slash(world.channel, "join", game="battles_builders")
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await members[0].slash(world.channel, "start", **start)
    assert "begins" in r.response.content, r.response.content
    return members


async def test_a_vote_of_one_servers_game_pressed_elsewhere_changes_nothing(world: World) -> None:
    await _start(world, ["alice", "bob", "carol"], clock="1h")
    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    moderator = world.add_player("moderator", roles=[mods])
    for _ in range(2):  # the reminder, then the expiry: the table may vote on seat 0
        world.clock.advance(minutes=30)
        await world.bot.controller.fire_timers()
    before = await current(world)
    end = f"vt:{before.game_id}:0:end"
    assert end in custom_ids(world.table_message()) and before.votes

    # server B: someone with Manage Channels there presses A's "End the game"
    other, square = _other_server(world)
    b_mods = other.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mallory = other.add_member(world.env.create_user("mallory"), roles=[b_mods])
    r = await mallory.click(await _forged(world, square, end), custom_id=end)
    assert _refused(r)
    # a moderator of A, in another channel of A
    elders = world.guild.create_text_channel("elders")
    r = await moderator.click(await _forged(world, elders, end), custom_id=end)
    assert _refused(r)
    after = await current(world)
    assert after.status == "running" and after.version == before.version and after.votes == before.votes
    # on the table message itself the same press decides
    r = await moderator.click(world.table_message(), custom_id=end)
    assert (await world.service.table_by_id(before.game_id)).status != "running"  # type: ignore[union-attr]


async def test_private_and_table_buttons_answer_only_where_they_belong(world: World) -> None:
    alice, bob = await _start(world, ["alice", "bob"], clock="1h")
    table = await current(world)
    elders = world.guild.create_text_channel("elders")
    # alice's secret commit menu came by DM; the same option pressed in a server channel is refused
    menu = world.last_dm(alice)
    option = next(c for c in custom_ids(menu) if c.startswith(("st:", "sst:")))
    if option.startswith("sst:"):
        r = await alice.select(await _forged(world, elders, option, select=True), ["1"], custom_id=option)
    else:
        r = await alice.click(await _forged(world, elders, option), custom_id=option)
    assert _refused(r)
    # "Make my choice" and "Send my choice again" only where the bot puts them
    hand = f"mk:{table.game_id}"
    r = await alice.click(await _forged(world, elders, hand), custom_id=hand)
    assert _refused(r)
    r = await alice.click(world.table_message(), custom_id=hand)
    assert r.ephemeral and r.response.content != CLOSED
    resend = f"rs:{table.game_id}"
    r = await alice.click(await _forged(world, elders, resend), custom_id=resend)
    assert _refused(r)
    r = await alice.slash(elders, "mygames")  # its answer is ephemeral: the button works there
    r = await alice.click(r.response.message, custom_id=resend)
    assert r.ephemeral and "waiting in your DMs" in _last_text(r)
    back = f"bk:{table.game_id}"
    r = await bob.click(await _forged(world, elders, back), custom_id=back)
    assert _refused(r)
    assert (await current(world)).version == table.version


async def test_the_replay_button_works_only_where_its_game_can_be_seen(world: World) -> None:
    alice, bob = await _start(world, ["alice", "bob"])
    game_id = (await current(world)).game_id
    await bob.slash(world.channel, "resign")
    replay = f"rp:{game_id}"
    assert replay in custom_ids(next(m for m in world.channel.history() if custom_ids(m) == [replay]))
    # in alice's DM with the bot
    r = await alice.user.click(await _forged(world, alice.user.dm_channel, replay), custom_id=replay)
    assert _refused(r) and not r.followups
    # on another server, by a player of the game who is a member there too
    other, square = _other_server(world)
    alice_there = other.add_member(alice.user)
    r = await alice_there.click(await _forged(world, square, replay), custom_id=replay)
    assert _refused(r) and not r.followups
    assert not [m for m in square.history() if m.attachments]


async def test_forged_ids_that_cannot_be_real_get_the_clean_refusal(world: World) -> None:
    alice, _bob = await _start(world, ["alice", "bob"])
    game_id = (await current(world)).game_id
    forged = [
        f"st:{HUGE}:0:1:en:",
        f"st:{game_id}:0:{HUGE}:en:",
        f"st:{game_id}:9:1:en:",
        f"mk:{HUGE}",
        f"mk:{'9' * 80}",
        f"vt:{HUGE}:0:end",
        f"vt:{game_id}:{HUGE}:sb",
        f"vt:{game_id}:0:stop",
        f"bk:{HUGE}",
        f"rs:{HUGE}",
        f"rp:{HUGE}",
    ]
    for custom_id in forged:
        r = await alice.click(await _forged(world, world.channel, custom_id), custom_id=custom_id)
        assert _refused(r), (custom_id, r)
    select = f"sst:{HUGE}:0:1:en:"
    r = await alice.select(await _forged(world, world.channel, select, select=True), ["1"], custom_id=select)
    assert _refused(r)
    assert (await current(world)).status == "running"


def _last_text(result: Any) -> str:
    answer = result.followups[-1] if result.followups else result.response
    return answer.content or ""
