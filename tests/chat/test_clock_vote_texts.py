"""What the turn clock and its votes say, word for word, to a Dutch person on an English server
and to an English person on a Dutch one: no reminder after its deadline, "time is up" naming the
buttons the table shows, a vote answer naming the option and the tally, "decided by" naming every
voter who decided."""

from __future__ import annotations

from typing import Any

import discord

from tests.chat.flows import current
from tests.chat.world import World, custom_ids, labels


def _admin(world: World, name: str) -> Any:
    role = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return world.add_player(name, roles=[role])


async def _start(world: World, members: list[Any], game: str = "battles_builders", clock: str = "1h") -> None:
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await members[0].slash(world.channel, "start", clock=clock)
    assert r.response is not None and r.response.content.startswith(("Battles", "Im Schutze", "De Koningsburcht")), (
        r.response.content
    )


def _bot_texts(world: World, since: int) -> list[str]:
    return [m.content for m in world.channel.history()[since:] if m.author.id == world.bot.user.id and m.content]


def _dm_texts(member: Any) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history() if m.content] if channel is not None else []


async def _waiting(world: World, members: list[Any]) -> tuple[Any, list[Any]]:
    """The member the game waits for, and the others."""
    table = await current(world)
    seat = min(table.engine.pending(table.state))
    absent = next(m for m in members if m.id == table.user_of(seat))
    return absent, [m for m in members if m is not absent]


async def test_late_reminder_is_dropped_and_time_up_names_the_buttons_there(world: World) -> None:
    """A Dutch person on an English server: the channel speaks English, the person's answers Dutch."""
    alice, bob = world.add_player("alice"), world.add_player("bob")
    world.locales[alice.id] = world.locales[bob.id] = "nl"
    await _start(world, [alice, bob])
    absent, _ = await _waiting(world, [alice, bob])
    mark = len(world.channel.history())
    world.clock.advance(minutes=61)  # the reminder's time and the deadline both passed unseen
    assert [a.kind for a in await world.bot.controller.fire_timers()] == ["expire"]
    assert _bot_texts(world, mark) == [
        f"⌛ <@{absent.id}>'s time is up. The other players can press **Let a bot play for {absent.name}** or "
        "**End the game** on the table message."
    ]
    assert not [t for t in _dm_texts(absent) if t.startswith("⏰")]
    shown = labels(world.table_message())
    assert f"Let a bot play for {absent.name}" in shown and "End the game" in shown and "I'm back" not in shown
    # the absent person pressing the vote is told only what they can do: no "I'm back" button exists
    stand_in = next(c for c in custom_ids(world.table_message()) if c.endswith(":sb"))
    r = await absent.click(world.table_message(), custom_id=stand_in)
    assert r.ephemeral and r.response.content == "Het spel wacht op jou: doe gewoon je zet."


async def test_time_up_on_a_dutch_server_and_a_vote_that_waits_its_turn(world: World) -> None:
    """English people on a Dutch server; four seats run out at once, and the row shows two votes."""
    admin = _admin(world, "admin")
    await admin.slash(world.channel, "config", language="nl")
    members = [admin, *(world.add_player(n) for n in ("bob", "carol", "dave"))]
    await _start(world, members, game="burg", clock="10m")
    table = await current(world)
    assert sorted(table.engine.pending(table.state)) == [0, 1, 2, 3]  # person cards, all at once
    mark = len(world.channel.history())
    world.clock.advance(minutes=5)
    assert [a.kind for a in await world.bot.controller.fire_timers()] == ["remind"] * 4
    assert all(
        t.startswith("⏰ <@") and "het spel wacht op jou; je tijd loopt af <t:" in t for t in _bot_texts(world, mark)
    )
    mark = len(world.channel.history())
    world.clock.advance(minutes=5)
    assert [a.kind for a in await world.bot.controller.fire_timers()] == ["expire"] * 4
    names = [s.name for s in table.seats]
    ids = [s.user_id for s in table.seats]
    assert _bot_texts(world, mark) == [
        f"⌛ De tijd van <@{ids[0]}> is om. De andere spelers kunnen op het tafelbericht op "
        f"**Laat een bot voor {names[0]} spelen** of **Spel beëindigen** drukken.",
        f"⌛ De tijd van <@{ids[1]}> is om. De andere spelers kunnen op het tafelbericht op "
        f"**Laat een bot voor {names[1]} spelen** of **Spel beëindigen** drukken.",
        f"⌛ De tijd van <@{ids[2]}> is om. Op het tafelbericht staan de stemmingen over wie het eerst te laat "
        f"was; de stemming over {names[2]} volgt zodra er daarvan een beslist is.",
        f"⌛ De tijd van <@{ids[3]}> is om. Op het tafelbericht staan de stemmingen over wie het eerst te laat "
        f"was; de stemming over {names[3]} volgt zodra er daarvan een beslist is.",
    ]
    assert [x for x in labels(world.table_message()) if x.startswith(("Laat", "Spel"))] == [
        f"Laat een bot voor {names[0]} spelen",
        "Spel beëindigen",
        f"Laat een bot voor {names[1]} spelen",
    ]
    # an English person who is waited for gets their answer in English
    r = await members[0].click(world.table_message(), custom_id=f"vt:{table.game_id}:0:sb")
    assert r.ephemeral and r.response.content == "You are the one the game waits for: just make your move."


async def test_votes_name_the_option_and_tally_and_everyone_who_decided(world: World) -> None:
    """A Dutch voter on an English server changes their mind; the channel names both deciders."""
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await _start(world, [alice, bob, carol])
    absent, others = await _waiting(world, [alice, bob, carol])
    table = await current(world)
    host = next(m for m in others if m.id == table.host_id) if table.host_id != absent.id else None
    first = next(m for m in others if m is not host)  # the host would decide alone
    second = next(m for m in others if m is not first)
    world.locales[first.id] = "nl"
    world.clock.advance(hours=1)
    await world.bot.controller.fire_timers()
    seat = table.seat_of(absent.id)
    sb, end = f"vt:{table.game_id}:{seat}:sb", f"vt:{table.game_id}:{seat}:end"
    tail = "Een meerderheid van de aanwezige spelers beslist."
    r = await first.click(world.table_message(), custom_id=sb)
    assert (
        r.response.content == f"Je stemt voor: een vervanger voor {absent.name}. Vervanger 1, Spel beëindigen 0. {tail}"
    )
    r = await first.click(world.table_message(), custom_id=end)
    assert r.response.content == f"Je stemt voor: het spel beëindigen. Vervanger 0, Spel beëindigen 1. {tail}"
    r = await first.click(world.table_message(), custom_id=sb)
    assert (
        r.response.content == f"Je stemt voor: een vervanger voor {absent.name}. Vervanger 1, Spel beëindigen 0. {tail}"
    )
    mark = len(world.channel.history())
    await second.click(world.table_message(), custom_id=sb)
    assert _bot_texts(world, mark)[0] == (
        f"🤖 A bot plays for {absent.name} now (decided by {first.name}, {second.name}) "
        f"until {absent.name} presses **I'm back** or makes a move."
    )
    assert "I'm back" in labels(world.table_message())  # the button the text names is there now


async def test_a_vote_to_end_on_a_dutch_server_names_its_voters_in_dutch(world: World) -> None:
    """An English voter on a Dutch server: their answer in English, the decision in Dutch."""
    admin = _admin(world, "admin")
    await admin.slash(world.channel, "config", language="nl")
    bob, carol, dave = (world.add_player(n) for n in ("bob", "carol", "dave"))
    members = [bob, carol, dave]
    await _start(world, members)
    absent, others = await _waiting(world, members)
    table = await current(world)
    first, second = sorted(others, key=lambda m: m.id == table.host_id)  # the host, if voting, goes last
    world.clock.advance(hours=1)
    await world.bot.controller.fire_timers()
    end = f"vt:{table.game_id}:{table.seat_of(absent.id)}:end"
    r = await first.click(world.table_message(), custom_id=end)
    assert r.response.content == (
        "You vote for: ending the game. Stand-in 0, End the game 1. A majority of the players present decides."
    )
    mark = len(world.channel.history())
    await second.click(world.table_message(), custom_id=end)
    assert _bot_texts(world, mark)[0] == (
        f"Het spel is beëindigd terwijl het op {absent.name} wachtte (besloten door {first.name}, {second.name})."
    )
    assert await world.service.table_in(world.channel.id) is None
