"""Host powers belong to a person who still plays: a host who resigns, is taken out or leaves hands
them to the next person seated, the channel is told, and a lobby with no person left closes."""

from __future__ import annotations

from typing import Any

import discord

from tests.chat.flows import current
from tests.chat.world import World, custom_ids


async def _lobby(world: World, game: str, names: list[str]) -> list[Any]:
    members = [world.add_player(n) for n in names]
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    return members


def _moderator(world: World, name: str = "mod") -> Any:
    mods = world.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    return world.add_player(name, roles=[mods])


async def test_a_host_who_resigned_cannot_end_the_game_alone(world: World) -> None:
    alice, bob, carol = await _lobby(world, "battles_builders", ["alice", "bob", "carol"])
    r = await alice.slash(world.channel, "start", clock="1h")
    assert "begins" in r.response.content
    assert (await current(world)).host_id == alice.id
    r = await alice.slash(world.channel, "resign")
    assert r.response.content == "alice resigned; a bot plays their seat to the end.\nbob hosts the game now."
    await world.bot.ai.idle()
    table = await current(world)
    assert table.host_id == bob.id and table.status == "running"
    # /abandon: the one who resigned is no host any more
    r = await alice.slash(world.channel, "abandon")
    assert r.ephemeral and "Only the host" in r.response.content
    # a person's time runs out: the one who resigned cannot end the game with the vote either
    world.clock.advance(hours=1)
    alarms = await world.bot.controller.fire_timers()
    assert [a.kind for a in alarms if a.kind == "expire"] == ["expire"]
    end = next(c for c in custom_ids(world.table_message()) if c.startswith("vt:") and c.endswith(":end"))
    r = await alice.click(world.table_message(), custom_id=end)
    assert r.ephemeral and "Only the other players" in r.response.content
    table = await current(world)
    assert table.status == "running" and table.votes
    # the new host holds the powers
    r = await bob.slash(world.channel, "abandon")
    assert "abandoned by bob" in r.response.content
    assert await world.service.table_in(world.channel.id) is None


async def test_a_host_taken_out_of_the_lobby_hands_the_host_powers_on(world: World) -> None:
    alice, bob, carol, dave = await _lobby(world, "battles_builders", ["alice", "bob", "carol", "dave"])
    mod = _moderator(world)
    world.locales[mod.id] = "nl"
    r = await mod.slash(world.channel, "kick", player=alice.user)
    # told to the channel in its language (English here), whatever the Dutch moderator's client says
    assert r.response.content == "mod took alice out of the lobby.\nbob hosts the game now."
    assert (await current(world)).host_id == bob.id
    # the one taken out holds no host powers any more
    r = await alice.slash(world.channel, "kick", player=carol.user)
    assert r.ephemeral and "Only the host" in r.response.content
    r = await alice.slash(world.channel, "abandon")
    assert r.ephemeral and "Only the host" in r.response.content
    assert [s.name for s in (await current(world)).seats] == ["bob", "carol", "dave"]
    # the member left seated first does
    r = await bob.slash(world.channel, "kick", player=dave.user)
    assert r.response.content == "bob took dave out of the lobby."
    r = await bob.slash(world.channel, "start")
    assert "begins" in r.response.content
    r = await alice.slash(world.channel, "abandon")
    assert r.ephemeral and "Only the host" in r.response.content
    assert (await current(world)).status == "running"


async def test_the_host_leaving_is_told_to_the_channel(world: World) -> None:
    alice, bob = await _lobby(world, "battles_builders", ["alice", "bob"])
    r = await alice.slash(world.channel, "leave")
    assert r.response.content == "alice left the lobby.\nbob hosts the game now."
    r = await bob.slash(world.channel, "addbot")
    carol = world.add_player("carol")
    await carol.slash(world.channel, "join")
    r = await carol.slash(world.channel, "leave")
    assert r.response.content == "carol left the lobby."  # not the host: nothing changes hands


async def test_kicking_the_last_person_closes_a_lobby_with_an_ai_seat(world: World) -> None:
    (alice,) = await _lobby(world, "battles_builders", ["alice"])
    await alice.slash(world.channel, "addbot")
    mod = _moderator(world)
    r = await mod.slash(world.channel, "kick", player=alice.user)
    assert r.response.content == "mod took alice out of the lobby; no person is left, so the lobby is closed."
    assert await world.service.table_in(world.channel.id) is None
    # the channel is free for a new game
    r = await alice.slash(world.channel, "join", game="burg")
    assert "joined" in r.response.content


async def test_a_game_thread_whose_lobby_lost_its_last_person_is_archived(world: World) -> None:
    admin = world.add_player(
        "admin", roles=[world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))]
    )
    alice, bob = world.add_player("alice"), world.add_player("bob")
    mod = _moderator(world)
    await admin.slash(world.channel, "config", threads=True)
    await alice.slash(world.channel, "join", game="war_chest")
    await bob.slash(world.channel, "join", game="war_chest")
    first, second = sorted(world.channel.threads, key=lambda t: t.id)
    await alice.slash(first, "addbot")
    await bob.slash(second, "addbot")
    r = await mod.slash(first, "kick", player=alice.user)
    assert "the lobby is closed" in r.response.content
    r = await bob.slash(second, "leave")
    assert r.response.content == "bob left; the lobby is closed."
    for thread in (first, second):
        assert await world.service.table_in(thread.id) is None
        assert world.env.backend.channels[thread.id].thread_metadata.archived
