"""Games that live for days, driven as players would: turn pings, the turn clock with its reminder
and expiry, a vote for a stand-in, I'm back, restarts with a pending deadline, /resign and /kick.
Time is the world's fake clock; nothing sleeps."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord
import pytest
from sqlalchemy import select

from bot.service.errors import ServiceError
from bot.store.db import make_sessions
from bot.store.models import ActionRow, Timer
from tests.chat.driver import finish_choice
from tests.chat.flows import commit_by_dm, current
from tests.chat.world import World, custom_ids


async def _start(world: World, game: str, names: list[str], **start: Any) -> list[Any]:
    members = [world.add_player(n) for n in names]
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await members[0].slash(world.channel, "start", **start)
    assert "begins" in r.response.content, r.response.content
    return members


def _bot_messages(world: World, since: int = 0) -> list[discord.Message]:
    return [m for m in world.channel.history()[since:] if m.author.id == world.bot.user.id]


def _pinged(world: World, message: discord.Message) -> set[int]:
    return set(world.env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def _dm_texts(member: Any) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


async def _timers(world: World, game_id: int) -> list[tuple[int, str, bool]]:
    async with make_sessions(world.engine)() as s:
        rows = (await s.execute(select(Timer).where(Timer.game_id == game_id).order_by(Timer.id))).scalars()
        return [(r.seat, r.kind, r.fired_at is not None) for r in rows]


async def test_turn_pings_follow_each_persons_notify_mode(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    r = await bob.slash(world.channel, "notify", mode="off")
    assert r.ephemeral and "without a ping" in r.response.content
    r = await carol.slash(world.channel, "notify", mode="dm")
    assert "direct message with a link" in r.response.content
    await alice.slash(world.channel, "join", game="cities_knights")
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    by_id = {m.id: m for m in (alice, bob, carol)}
    rnd = random.Random(2)
    calls: dict[int, int] = {m.id: 0 for m in by_id.values()}
    # The set-up rounds (every placement is a public prompt on the table message) in snake order:
    # alice was called by the start post; bob, carol and then alice again are called at hand-overs.
    posted: dict[
        int, tuple[Any, set[int]]
    ] = {}  # every post and whom it pinged, as it appeared (an answered call is taken away later)
    for _ in range(11):
        table = await current(world)
        seat = next(iter(table.engine.pending(table.state)))
        await finish_choice(world, by_id[table.user_of(seat)], rnd)
        posted |= {m.id: (m, _pinged(world, m)) for m in _bot_messages(world) if m.id not in posted}
    assert len([m for m in _bot_messages(world) if "your turn" in m.content]) <= 1  # one call at a time
    for message, pinged in posted.values():
        if "your turn on the table message" not in message.content:
            continue
        named = {m.id for m in by_id.values() if f"<@{m.id}>" in message.content}
        assert len(named) == 1, message.content
        who = named.pop()
        calls[who] += 1
        # a mention pings unless the person chose /notify off
        assert pinged == (set() if who == bob.id else {who})
    assert all(calls.values()), calls
    # /notify dm: one direct message with a link per call to the table, and only for carol
    carol_dms = [t for t in _dm_texts(carol) if t.startswith("Your turn in")]
    assert len(carol_dms) == calls[carol.id]
    assert all("https://discord.com/channels/" in t and f"<#{world.channel.id}>" in t for t in carol_dms)
    assert not [t for t in _dm_texts(alice) + _dm_texts(bob) if t.startswith("Your turn in")]


async def test_clock_reminds_expires_and_the_table_votes_in_a_stand_in(world: World) -> None:
    alice, bob, carol = await _start(world, "battles_builders", ["alice", "bob", "carol"], clock="1h")
    outsider = world.add_player("dave")
    table = await current(world)
    first = table.seats[0]
    absent = next(m for m in (alice, bob, carol) if m.id == first.user_id)
    others = [m for m in (alice, bob, carol) if m is not absent]
    assert "1h" in world.table_message().embeds[0].fields[-1].value
    assert await _timers(world, table.game_id) == [(0, "remind", False), (0, "expire", False)]

    world.clock.advance(minutes=29)
    assert await world.bot.controller.fire_timers() == []
    mark = len(world.channel.history())
    world.clock.advance(minutes=1)
    alarms = await world.bot.controller.fire_timers()
    assert [(a.seat, a.kind) for a in alarms] == [(0, "remind")]
    said = [m.content for m in _bot_messages(world, mark)]
    assert len(said) == 1 and said[0].startswith(f"⏰ <@{absent.id}>, the game is waiting for you")
    assert any(t.startswith("⏰ Battles & Builders") for t in _dm_texts(absent))
    assert await world.bot.controller.fire_timers() == []  # fired once

    world.clock.advance(minutes=30)
    alarms = await world.bot.controller.fire_timers()
    assert [(a.seat, a.kind) for a in alarms] == [(0, "expire")]
    assert any("time is up" in t for t in world.channel_texts())
    message = world.table_message()
    ids = custom_ids(message)
    stand_in = next(c for c in ids if c.startswith("vt:") and c.endswith(":sb"))
    end = next(c for c in ids if c.startswith("vt:") and c.endswith(":end"))
    assert f"Let a bot play for {first.name}" in [c.label for row in message.components for c in row.children]

    # the absent player, a stranger and a wrong button change nothing
    r = await absent.click(message, custom_id=stand_in)
    assert r.ephemeral and r.response.content == "You are the one the game waits for: just make your move."
    r = await outsider.click(message, custom_id=stand_in)
    assert r.ephemeral and "Only the other players" in r.response.content
    # one of two present players is no majority yet; the same voter pressing twice still counts once
    counted = (
        f"You vote for: a stand-in for {first.name}. Stand-in 1, End the game 0. "
        "A majority of the players present decides."
    )
    r = await others[0].click(message, custom_id=stand_in)
    assert r.ephemeral and r.response.content == counted
    r = await others[0].click(message, custom_id=stand_in)
    assert r.ephemeral and r.response.content == counted
    assert not (await current(world)).seats[0].stand_in
    r = await others[1].click(world.table_message(), custom_id=stand_in)
    assert any(f"A bot plays for {first.name} now" in t for t in world.channel_texts())
    await world.bot.ai.idle()
    table = await current(world)
    assert table.seats[0].stand_in and 0 not in table.engine.pending(table.state)
    assert any(t.startswith(f"🤖 The stand-in for {first.name}:") for t in world.channel_texts())
    async with make_sessions(world.engine)() as s:
        rows = list((await s.execute(select(ActionRow).where(ActionRow.game_id == table.game_id))).scalars())
    assert rows and rows[0].seat == 0 and rows[0].stand_in
    # the vote is over: its buttons are gone, and a late vote (a press racing the edit) is refused
    assert end not in custom_ids(world.table_message())
    with pytest.raises(ServiceError, match="closed"):
        await world.service.vote(game_id=table.game_id, user_id=others[0].id, seat=0, choice="end")

    # I'm back: only for the person the stand-in plays for
    back = next(c for c in custom_ids(world.table_message()) if c.startswith("bk:"))
    r = await others[0].click(world.table_message(), custom_id=back)
    assert r.ephemeral and "no stand-in plays for you" in r.response.content
    await absent.click(world.table_message(), custom_id=back)
    assert any(f"{first.name} is back" in t for t in world.channel_texts())
    table = await current(world)
    assert not table.seats[0].stand_in
    assert not [c for c in custom_ids(world.table_message()) if c.startswith("bk:")]


async def test_the_host_ends_a_stalled_game_and_the_clock_survives_a_restart(world: World) -> None:
    alice, bob = await _start(world, "battles_builders", ["alice", "bob"], clock="24h")
    table = await current(world)
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))  # now bob's clock runs
    assert [t[0] for t in await _timers(world, table.game_id)] == [1, 1]
    world.clock.advance(hours=25)  # the bot was down when bob's time ran out
    await world.restart()
    alarms = await world.bot.controller.fire_timers()
    # each fires once, late; the reminder's deadline is past, so only the expiry speaks
    assert [a.kind for a in alarms] == ["expire"]
    assert not any("⏰" in t for t in world.channel_texts() + _dm_texts(bob))
    assert await world.bot.controller.fire_timers() == []
    assert sum("time is up" in t for t in world.channel_texts()) == 1
    end = next(c for c in custom_ids(world.table_message()) if c.endswith(":end"))
    await alice.click(world.table_message(), custom_id=end)  # the host decides alone
    assert any("The game was ended while waiting for bob" in t for t in world.channel_texts())
    assert await world.service.table_in(world.channel.id) is None
    assert custom_ids(world.table_message()) == []


async def test_acting_yourself_takes_the_seat_back(world: World) -> None:
    async def held(seconds: float) -> None:  # this stand-in never gets round to acting
        raise asyncio.CancelledError

    alice, bob = await _start(world, "burg", ["alice", "bob"], clock="10m")
    await world.restart(ai_sleep=held)
    world.clock.advance(minutes=10)
    await world.bot.controller.fire_timers()
    table = await current(world)
    assert sorted(table.engine.pending(table.state)) == [0, 1]  # both choose person cards at once
    assert set(table.votes) == {"0", "1"}  # both ran out of time
    host = alice if table.host_id == alice.id else bob
    other = bob if host is alice else alice
    seat = table.seat_of(other.id)
    # nobody present is left to vote, but the host decides alone
    await host.click(world.table_message(), custom_id=f"vt:{table.game_id}:{seat}:sb")
    table = await current(world)
    assert table.seats[seat].stand_in and str(seat) not in table.votes
    # the person simply makes their choice in their DM: the stand-in steps aside
    await finish_choice(world, other, random.Random(4))
    table = await current(world)
    assert not table.seats[seat].stand_in
    assert any(f"{other.name} is back" in t for t in world.channel_texts())


async def test_resign_two_players_ends_three_players_stand_in(world: World) -> None:
    alice, bob = await _start(world, "war_chest", ["alice", "bob"])
    r = await bob.slash(world.channel, "resign")
    assert r.response.content == "bob resigned; the game is over."
    assert any(e.description and "alice wins: bob resigned." in e.description for e in _embeds(world))
    assert await world.service.table_in(world.channel.id) is None


async def test_resign_in_a_bigger_game_hands_the_seat_to_a_bot(world: World) -> None:
    alice, bob, carol = await _start(world, "battles_builders", ["alice", "bob", "carol"])
    r = await carol.slash(world.channel, "resign")
    assert "a bot plays their seat to the end" in r.response.content
    await world.bot.ai.idle()
    table = await current(world)
    seat = table.seat_of(carol.id)
    assert seat is not None and table.seats[seat].resigned and table.seats[seat].stand_in
    r = await carol.slash(world.channel, "resign")
    assert r.ephemeral and "You have resigned" in r.response.content
    r = await carol.slash(world.channel, "hand")
    assert r.ephemeral
    assert "resigned, a bot plays" in world.table_message().embeds[0].fields[0].value


async def test_host_kicks_an_absent_player_from_the_lobby(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    r = await bob.slash(world.channel, "kick", player=carol.user)
    assert r.ephemeral and "Only the host" in r.response.content
    r = await alice.slash(world.channel, "kick", player=alice.user)
    assert r.ephemeral and "/leave" in r.response.content
    r = await alice.slash(world.channel, "kick", player=carol.user)
    assert r.response.content == "alice took carol out of the lobby."
    assert [s.name for s in (await current(world)).seats] == ["alice", "bob"]
    r = await alice.slash(world.channel, "kick", player=carol.user)
    assert r.ephemeral and "not in this lobby" in r.response.content
    await alice.slash(world.channel, "start")
    r = await alice.slash(world.channel, "kick", player=bob.user)
    assert r.ephemeral and "stand-in" in r.response.content


def _embeds(world: World) -> list[discord.Embed]:
    return [e for m in world.channel.history() for e in m.embeds]
