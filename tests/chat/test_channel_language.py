"""What a command posts for the whole channel is in the channel's language (/config language, else
the server's locale, else the default), game name included; what it answers one person alone is in
that person's own language."""

from __future__ import annotations

from typing import Any

import discord

from tests.chat.flows import current
from tests.chat.world import World


def _lobby(r: Any) -> tuple[str, str]:
    embed = r.response.embeds[0]
    return embed.title, embed.description


async def test_a_dutch_person_on_an_english_server_is_answered_in_english_in_public(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    world.locales[alice.id] = world.locales[carol.id] = "nl"
    r = await alice.slash(world.channel, "join", game="burg")
    assert not r.ephemeral
    assert r.response.content == "alice joined Im Schutze der Burg (1/4). `/start` when everyone is in."
    assert _lobby(r) == ("Im Schutze der Burg — lobby", "Players (1/4): alice")
    r = await alice.slash(world.channel, "join")  # only for her: her own language
    assert r.ephemeral and r.response.content == "Je doet al mee aan dit spel."
    r = await alice.slash(world.channel, "addbot")
    bot = (await current(world)).seats[1].name
    assert r.response.content == f"alice seated the AI player {bot} (AI, normal) (2/4)."
    assert _lobby(r)[1] == f"Players (2/4): alice, {bot} (AI, normal)"
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    r = await carol.slash(world.channel, "leave")
    assert r.response.content == "carol left the lobby."
    await carol.slash(world.channel, "join")
    r = await alice.slash(world.channel, "kick", player=carol.user)
    assert r.response.content == "alice took carol out of the lobby."
    r = await alice.slash(world.channel, "start")
    assert r.response.content.startswith("Im Schutze der Burg begins! Players in order: ")
    r = await bob.slash(world.channel, "resign")
    assert r.response.content == "bob resigned; a bot plays their seat to the end."
    r = await alice.slash(world.channel, "abandon")
    assert r.response.content == "The game was abandoned by alice."


async def test_an_english_person_on_a_dutch_server_is_answered_in_dutch_in_public(world: World) -> None:
    admin = world.add_player("admin", roles=[world.guild.create_role("Admins", permissions=_manage_guild())])
    await admin.slash(world.channel, "config", language="nl")
    bob, carol, dave = (world.add_player(n) for n in ("bob", "carol", "dave"))
    r = await bob.slash(world.channel, "join", game="burg")
    assert r.response.content == "bob doet mee aan De Koningsburcht (1/4). `/start` zodra iedereen er is."
    assert _lobby(r) == ("De Koningsburcht — lobby", "Spelers (1/4): bob")
    r = await dave.slash(world.channel, "leave")  # only for him: his own language
    assert r.ephemeral and r.response.content == "You are not in this channel's lobby. Use `/join` first."
    r = await bob.slash(world.channel, "addbot", level="easy")
    bot = (await current(world)).seats[1].name
    assert r.response.content == f"bob heeft AI-speler {bot} (AI, makkelijk) erbij gezet (2/4)."
    await carol.slash(world.channel, "join")
    r = await bob.slash(world.channel, "start")
    assert r.response.content.startswith("De Koningsburcht begint! Spelers in volgorde: ")
    r = await carol.slash(world.channel, "resign")
    assert r.response.content == "carol heeft opgegeven; een bot speelt de plaats uit."
    r = await bob.slash(world.channel, "abandon")
    assert r.response.content == "Het spel is afgebroken door bob."


async def test_a_game_thread_is_opened_and_named_in_the_channels_language(world: World) -> None:
    admin = world.add_player("admin", roles=[world.guild.create_role("Admins", permissions=_manage_guild())])
    await admin.slash(world.channel, "config", language="nl", threads=True)
    bob = world.add_player("bob")
    r = await bob.slash(world.channel, "join", game="burg")
    (thread,) = world.channel.threads
    assert r.response.content == f"De Koningsburcht begint in <#{thread.id}>: doe daar mee."
    assert thread.name == "De Koningsburcht"
    first = thread.history()[0]
    assert first.content == "bob doet mee aan De Koningsburcht (1/4). `/start` zodra iedereen er is."
    assert first.embeds[0].title == "De Koningsburcht — lobby"


async def test_a_dutch_server_locale_speaks_dutch_without_config(world: World) -> None:
    guild = world.env.create_guild("Speelavond", preferred_locale="nl")
    channel = guild.create_text_channel("spellen")
    alice = guild.add_member(world.env.create_user("alice"))
    await world.bot.tree.sync()  # the commands everywhere, not only on the test server
    r = await alice.slash(channel, "join", game="war_chest")
    assert r.response.content == "alice doet mee aan War Chest (1/4). `/start` zodra iedereen er is."


def _manage_guild() -> discord.Permissions:
    return discord.Permissions(manage_guild=True)
