"""Input from people is bounded: oversized options get a short refusal and change nothing, numbers are
bounded before conversion, and a display name is plain text that pings nobody."""

from __future__ import annotations

import random
from typing import Any

import discord
from simcord.enums import MessageType

from tests.chat.driver import finish_choice
from tests.chat.flows import commit_by_dm, current
from tests.chat.world import World, snapshot_json

HUGE = "x" * 6000


def _answer(r: Any) -> str:
    return (r.followups[-1].content if r.followups else r.response.content) or ""


def _short_refusal(r: Any, *expected: str) -> str:
    text = _answer(r)
    assert r.ephemeral, text[:200]
    assert len(text) <= 300, len(text)
    for part in expected:
        assert part in text, text
    return text


async def test_oversized_options_get_a_short_refusal_and_change_nothing(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    _short_refusal(await alice.slash(world.channel, "join", game=HUGE), "don't know a game called", "…")
    assert await world.service.table_in(world.channel.id) is None
    _short_refusal(await alice.slash(world.channel, "rules", game=HUGE), "don't know a game called")
    _short_refusal(await alice.slash(world.channel, "leaderboard", game=HUGE), "don't know a game called")
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = world.add_player("admin", roles=[admins])
    _short_refusal(await admin.slash(world.channel, "config", games=f"burg, {HUGE}"), "don't know a game called")
    assert "Games: all" in (await admin.slash(world.channel, "config")).response.content

    await alice.slash(world.channel, "join", game="battles_builders")
    await alice.slash(world.channel, "addbot")
    lobby = await current(world)
    _short_refusal(await alice.slash(world.channel, "removebot", name=HUGE), "There is no AI player")
    for options in (
        HUGE,
        "start_player=" + "9" * 5000,
        "simultaneous_commit=" + HUGE,
        " ".join(["dummy_can_win=true"] * 300),
    ):
        _short_refusal(await alice.slash(world.channel, "start", options=options))
    after = await current(world)
    assert after.status == "lobby" and after.seats == lobby.seats

    await alice.slash(world.channel, "removebot")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    table = await current(world)
    before = snapshot_json(table)
    seq = table.prompt_seqs[0]
    for action in (HUGE, f"#{seq}:" + "4" * 4400, "#" + "2" * 4400 + ":0", f"#{seq}:²"):
        _short_refusal(await alice.slash(world.channel, "play", action=action), "is not a legal action")
    assert snapshot_json(await current(world)) == before
    assert await world.service.action_log(table.game_id) == []


async def test_a_start_option_given_twice_is_refused_by_name(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    r = await alice.slash(world.channel, "start", options="simultaneous_commit=true, simultaneous_commit=false")
    _short_refusal(r, "`simultaneous_commit` is given more than once")
    world.locales[bob.id] = "nl"
    r = await bob.slash(world.channel, "start", options="start_player=1 START_PLAYER=0")
    _short_refusal(r, "De optie `start_player` staat er meer dan eens")
    assert (await current(world)).status == "lobby"
    r = await alice.slash(world.channel, "start", options="start_player=1")
    assert "begins" in r.response.content


async def test_a_display_name_that_looks_like_mentions_pings_nobody(world: World) -> None:
    victim = world.add_player("victim")
    role = world.guild.create_role("Everyone here", mentionable=True)
    hostile_user = world.env.create_user("hostile")
    hostile = world.guild.add_member(hostile_user, nick=f"<@{victim.id}><@&{role.id}>")
    world.members.append(hostile)
    friend = world.add_player("friend")
    await friend.slash(world.channel, "join", game="battles_builders")
    await hostile.slash(world.channel, "join")  # the lobby message now says they joined
    r = await hostile.slash(world.channel, "start")
    assert "begins" in r.response.content
    rnd = random.Random(3)
    for _ in range(4):  # both commit twice: event lines name the players
        table = await current(world)
        seat = min(table.prompts)
        await finish_choice(world, hostile if table.user_of(seat) == hostile.id else friend, rnd)
    backend = world.env.backend
    posts = [
        backend.get_message(m.channel.id, m.id) for m in world.channel.history() if m.author.id == world.bot.user.id
    ]
    named = [p for p in posts if f"<@{victim.id}>" in (p.content or "")]
    assert named, "the hostile name appears in the bot's posts"
    for post in posts:
        assert victim.id not in post.ping_user_ids and role.id not in post.ping_role_ids, post.content
        if post.type == MessageType.THREAD_CREATED:
            continue  # Discord's own notice of the log thread: it names the thread, and the bot sent no text
        allowed = post.allowed_mentions
        assert not allowed.allows_user(victim.id) and not allowed.allows_role(role.id), post.content
        assert not allowed.everyone
    # the one message that is meant to ping: /start's list of players, each by mention
    start = next(p for p in posts if "begins" in (p.content or ""))
    assert set(start.ping_user_ids) == {hostile.id, friend.id}


async def test_a_refused_dm_notice_may_ping_only_that_player(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    world.env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    backend = world.env.backend
    notices = [
        backend.get_message(m.channel.id, m.id)
        for m in world.channel.history()
        if "can't send you direct messages" in (m.content or "")
    ]
    assert notices
    for notice in notices:
        assert notice.ping_user_ids == [bob.id]
        assert notice.allowed_mentions.allows_user(bob.id) and not notice.allowed_mentions.allows_user(alice.id)
