"""/config for server admins, thread mode (several games in one channel), /mygames."""

from __future__ import annotations

import discord

from tests.chat.flows import commit_by_dm
from tests.chat.world import World, custom_ids


def _admin(world: World, name: str = "admin") -> object:
    role = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return world.add_player(name, roles=[role])


async def test_config_shows_to_all_and_changes_only_with_manage_server(world: World) -> None:
    member, admin = world.add_player("member"), _admin(world)
    r = await member.slash(world.channel, "config")
    assert r.ephemeral and "Default turn clock: off" in r.response.content and "Games: all" in r.response.content
    r = await member.slash(world.channel, "config", clock="24h")
    assert r.ephemeral and "needs the Manage Server permission" in r.response.content
    assert "Default turn clock: off" in (await member.slash(world.channel, "config")).response.content
    r = await admin.slash(world.channel, "config", clock="24h", language="nl", games="war chest, burg")
    assert r.ephemeral and r.response.content.startswith("Saved.")
    r = await member.slash(world.channel, "config")
    text = r.response.content
    assert "Language: nl" in text and "Default turn clock: 24h" in text and "Games: burg, war_chest" in text
    r = await admin.slash(world.channel, "config", games="chess")
    assert r.ephemeral and "don't know a game" in r.response.content


async def test_config_limits_games_and_channel_and_sets_the_default_clock(world: World) -> None:
    admin, bob = _admin(world), world.add_player("bob")
    other = world.guild.create_text_channel("elders")
    await admin.slash(world.channel, "config", games="battles_builders", clock="12h", channel=other)
    r = await admin.slash(world.channel, "join", game="battles_builders")
    assert r.ephemeral and f"played in <#{other.id}>" in r.response.content
    r = await admin.slash(other, "join", game="war_chest")
    assert r.ephemeral and "not offered on this server" in r.response.content
    r = await admin.slash(other, "games")
    assert "War Chest" not in r.response.embeds[0].description
    await admin.slash(other, "join", game="battles_builders")
    await bob.slash(other, "join")
    r = await admin.slash(other, "start")
    assert "begins" in r.response.content
    table = await world.service.table_in(other.id)
    assert table is not None and table.clock_seconds == 12 * 3600  # the server's default clock
    # the channels' language is now the server's choice (Dutch), whatever the players' clients say
    await admin.slash(world.channel, "config", language="nl", any_channel=True)
    await commit_by_dm_in(world, admin, other)
    table_message = [m for m in other.history() if m.embeds and m.attachments][-1]
    recent = [f.value for f in table_message.embeds[0].fields if f.name == "Laatste zetten"]
    assert recent and "admin heeft 1 fiche ingezet." in recent[0].split("\n")


async def commit_by_dm_in(world: World, member: object, channel: object) -> None:
    saved = world.channel
    world.channel = channel
    try:
        await commit_by_dm(world, member, (False, 1, 0, 0, 0))
    finally:
        world.channel = saved


async def test_thread_mode_holds_several_games_in_one_channel(world: World) -> None:
    admin = _admin(world)
    alice, bob, carol, dave = (world.add_player(n) for n in ("alice", "bob", "carol", "dave"))
    await admin.slash(world.channel, "config", threads=True)
    r = await alice.slash(world.channel, "join", game="war_chest")
    assert "opens in <#" in r.response.content
    r = await carol.slash(world.channel, "join", game="war_chest")
    threads = world.channel.threads
    assert len(threads) == 2 and all(t.is_thread for t in threads)
    first, second = sorted(threads, key=lambda t: t.id)
    await bob.slash(first, "join")
    await dave.slash(second, "join")
    for host, thread in ((alice, first), (carol, second)):
        r = await host.slash(thread, "start")
        assert "begins" in r.response.content
    one, two = await world.service.table_in(first.id), await world.service.table_in(second.id)
    assert one is not None and two is not None and one.game_id != two.game_id
    assert {s.name for s in one.seats} == {"alice", "bob"} and {s.name for s in two.seats} == {"carol", "dave"}
    assert one.parent_channel_id == world.channel.id
    assert any(m.embeds and m.attachments for m in first.history())
    # a finished game's thread is archived; the other game goes on
    await bob.slash(first, "resign")
    assert world.env.backend.channels[first.id].thread_metadata.archived
    assert not world.env.backend.channels[second.id].thread_metadata.archived
    assert await world.service.table_in(second.id) is not None


async def test_mygames_lists_running_games_and_resends_a_secret_prompt(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    r = await alice.slash(world.channel, "mygames")
    assert r.ephemeral and "no running games" in r.response.content
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start", clock="2m")
    r = await alice.slash(world.channel, "mygames")
    text = r.response.embeds[0].description
    assert "Battles & Builders" in text and f"/{world.channel.id}" in text and "time runs out <t:" in text
    assert "waiting for: alice" in text
    resend = [c for c in custom_ids(r.response.message) if c.startswith("rs:")]
    assert len(resend) == 1
    before = len(world.dm_messages(alice))
    r2 = await alice.click(r.response.message, custom_id=resend[0])
    assert "waiting in your DMs" in (r2.followups[-1].content if r2.followups else r2.response.content)
    assert len(world.dm_messages(alice)) == before + 1 and custom_ids(world.last_dm(alice))
    # bob has nothing to choose: no button to re-send
    r = await bob.slash(world.channel, "mygames")
    assert not [c for c in custom_ids(r.response.message) if c.startswith("rs:")]
