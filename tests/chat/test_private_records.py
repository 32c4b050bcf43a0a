"""Records follow channel visibility: a game played in a private channel or a private thread is in
/history, /stats, /leaderboard, /replay, /export and behind the Replay button only for those who can
read it now (a member who lost access included); anyone else gets exactly the answer for a game that
does not exist. What is posted for everyone goes only where everyone could see the game already."""

from __future__ import annotations

from typing import Any

import discord
from simcord.backend.models import Overwrite
from simcord.enums import ChannelType, OverwriteType

from tests.chat.world import World

HIDE = discord.PermissionOverwrite(view_channel=False)
SHOW = discord.PermissionOverwrite(view_channel=True)


def _answer(result: Any) -> Any:
    """What a (possibly deferred) command finally answered."""
    return result.followups[-1] if result.followups else result.response


def _text(result: Any) -> str:
    answer = _answer(result)
    return "\n".join([answer.content or ""] + [e.description or "" for e in answer.embeds])


async def _finished_game(world: World, channel: Any, winner: Any, loser: Any) -> int:
    """A two-player game in ``channel`` that ends at once: the loser resigns."""
    await winner.slash(channel, "join", game="battles_builders")
    await loser.slash(channel, "join")
    r = await winner.slash(channel, "start")
    assert "begins" in r.response.content, r.response.content
    table = await world.service.table_in(channel.id)
    assert table is not None
    await loser.slash(channel, "resign")
    assert (await world.service.table_by_id(table.game_id)).status == "finished"  # type: ignore[union-attr]
    return table.game_id


async def _same_as_missing(world: World, member: Any, channel: Any, game_id: int, command: str) -> None:
    """``command game_id`` answers ``member`` word for word as it answers for a game that does not exist."""
    missing = 900_000 + game_id
    hidden, absent = (
        await member.slash(channel, command, game_id=game_id),
        await member.slash(channel, command, game_id=missing),
    )
    assert hidden.ephemeral and absent.ephemeral
    assert not hidden.followups and not hidden.response.attachments
    assert hidden.response.content.replace(str(game_id), "N") == absent.response.content.replace(str(missing), "N")
    assert "no finished game" in hidden.response.content


def _deny(world: World, channel: Any, member: Any) -> None:
    """A moderator changes the channel's permissions after the game: ``member`` may no longer view it."""
    world.env.backend.set_overwrite(
        channel.id,
        Overwrite(
            target_id=member.id,
            type=OverwriteType.MEMBER,
            allow=0,
            deny=discord.Permissions(view_channel=True).value,
        ),
    )


async def test_a_private_channels_games_stay_with_its_readers(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    secret = world.guild.create_text_channel(
        "geheim", overwrites={world.guild.default_role: HIDE, world.guild.me: SHOW, alice: SHOW, bob: SHOW}
    )
    game_id = await _finished_game(world, secret, alice, bob)

    # alice, who can read #geheim, finds the game from anywhere on the server
    r = await alice.slash(world.channel, "history", server=True)
    assert r.ephemeral and f"`#{game_id}`" in _text(r)
    r = await alice.slash(world.channel, "stats", user=bob.user)
    assert f"`#{game_id}`" in _text(r)
    # carol, who cannot, gets what a server without that game gives
    r = await carol.slash(world.channel, "history", server=True)
    assert r.ephemeral and _text(r) == "No finished games here yet."
    r = await carol.slash(world.channel, "history")
    assert _text(r) == "No finished games here yet."
    r = await carol.slash(world.channel, "stats", user=alice.user)
    assert f"#{game_id}" not in _text(r) and "Last games" not in _text(r)
    r = await carol.slash(world.channel, "leaderboard")
    assert r.ephemeral and "No finished games on this server yet" in _text(r)
    for command in ("replay", "export"):
        await _same_as_missing(world, carol, world.channel, game_id, command)

    # what alice asks for outside #geheim is for her eyes only; inside #geheim it is for all there
    for command in ("replay", "export"):
        r = await alice.slash(world.channel, command, game_id=game_id)
        assert _answer(r).ephemeral and _answer(r).attachments, command
        r = await alice.slash(secret, command, game_id=game_id)
        assert not _answer(r).ephemeral and _answer(r).attachments, command
    assert not [m for m in world.channel.history() if m.attachments and not m.flags.ephemeral]
    r = await alice.slash(world.channel, "leaderboard")
    assert not _answer(r).ephemeral and "Battles & Builders: leaderboard" in _answer(r).embeds[0].title

    # the Replay button under the result works for those who can press it, where it is
    result = next(m for m in secret.history() if m.embeds and "Game over" in (m.embeds[0].title or ""))
    r = await bob.click(result, custom_id=f"rp:{game_id}")
    assert not _answer(r).ephemeral and _answer(r).attachments

    # bob loses access to #geheim: the game is gone for him too
    _deny(world, secret, bob)
    r = await bob.slash(world.channel, "history", server=True)
    assert _text(r) == "No finished games here yet."
    for command in ("replay", "export"):
        await _same_as_missing(world, bob, world.channel, game_id, command)
    r = await bob.slash(world.channel, "stats")
    assert f"#{game_id}" not in _text(r)


async def test_a_private_threads_games_stay_with_its_members(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    mod_role = world.guild.create_role("Mods", permissions=discord.Permissions(manage_threads=True))
    mod = world.add_player("mod", roles=[mod_role])
    backend = world.env.backend
    thread = backend.create_thread(world.channel.id, "onder ons", alice.id, type=ChannelType.PRIVATE_THREAD)
    backend.add_thread_member(thread.id, bob.id)
    place = next(t for t in world.channel.threads if t.id == thread.id)
    game_id = await _finished_game(world, place, alice, bob)
    # public in the thread, for its members
    r = await bob.slash(place, "replay", game_id=game_id)
    assert not _answer(r).ephemeral and _answer(r).attachments
    # the thread falls asleep: discord.py forgets archived threads, the bot asks Discord once
    backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    await world.env.settle()
    assert world.bot.get_guild(world.guild.id).get_thread(thread.id) is None  # type: ignore[union-attr]

    r = await alice.slash(world.channel, "history", server=True)
    assert f"`#{game_id}`" in _text(r)
    r = await mod.slash(world.channel, "history", server=True)  # Manage Threads reads every thread
    assert f"`#{game_id}`" in _text(r)
    # #spellen has more readers than the thread: alice's replay there is hers alone
    r = await alice.slash(world.channel, "replay", game_id=game_id)
    assert _answer(r).ephemeral and _answer(r).attachments
    # carol reads #spellen but is not in the thread
    r = await carol.slash(world.channel, "history", server=True)
    assert _text(r) == "No finished games here yet."
    for command in ("replay", "export"):
        await _same_as_missing(world, carol, world.channel, game_id, command)

    # bob is taken out of the thread: he no longer sees its game
    backend.remove_thread_member(thread.id, bob.id)
    r = await bob.slash(world.channel, "history", server=True)
    assert _text(r) == "No finished games here yet."
    await _same_as_missing(world, bob, world.channel, game_id, "replay")
    r = await alice.slash(world.channel, "stats", user=bob.user)
    assert f"`#{game_id}`" in _text(r)  # alice still does


async def test_a_game_thread_of_a_private_channel_is_for_that_channels_readers(world: World) -> None:
    """Thread mode: the bot's public game thread has its channel's readers; its replay may be posted
    in that channel, and a member who loses the channel loses the game."""
    admin_role = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    alice = world.add_player("alice", roles=[admin_role])
    bob, carol = world.add_player("bob"), world.add_player("carol")
    club = world.guild.create_text_channel(
        "club", overwrites={world.guild.default_role: HIDE, world.guild.me: SHOW, alice: SHOW, bob: SHOW}
    )
    await alice.slash(world.channel, "config", threads=True)
    await alice.slash(club, "join", game="battles_builders")
    thread = next(t for t in club.threads)
    await bob.slash(thread, "join")
    await alice.slash(thread, "start")
    table = await world.service.table_in(thread.id)
    assert table is not None and table.parent_channel_id == club.id
    await bob.slash(thread, "resign")

    r = await alice.slash(club, "history")  # the channel's history lists its threads' games
    assert f"`#{table.game_id}`" in _text(r)
    r = await alice.slash(club, "replay", game_id=table.game_id)
    assert not _answer(r).ephemeral and _answer(r).attachments
    r = await bob.slash(world.channel, "export", game_id=table.game_id)
    assert _answer(r).ephemeral
    r = await carol.slash(world.channel, "history", server=True)
    assert _text(r) == "No finished games here yet."
    await _same_as_missing(world, carol, world.channel, table.game_id, "export")
    _deny(world, club, bob)
    await _same_as_missing(world, bob, world.channel, table.game_id, "replay")
