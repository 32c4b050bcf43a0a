"""`/hand` in the bot's DM goes to the game waiting for the person; with several waiting it offers
one “Make my choice” per game, named with its channel; with none, the most recently active game."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.chat.i18n import t
from bot.service import menus
from tests.chat.driver import _follow, finish_choice
from tests.chat.world import World, components, custom_ids, labels


async def _start(world: World, channel: Any, game: str, members: list[Any]) -> int:
    await members[0].slash(channel, "join", game=game)
    await members[1].slash(channel, "join")
    await members[0].slash(channel, "start")
    table = await world.service.table_in(channel.id)
    assert table is not None
    return table.game_id


async def _act_in(world: World, channel: Any, member: Any) -> None:
    """The member makes one choice in the game of ``channel``, through that game's menus (their
    DMs hold the menus of both games)."""
    table = await world.service.table_in(channel.id)
    assert table is not None
    if table.prompts[table.seat_of(member.id)].secret:  # type: ignore[index]
        own = [m for m in world.dm_messages(member) if _menu_of(m) == table.game_id]
        assert own, f"{member} has no menu of game {table.game_id} in their DMs"
        rnd = random.Random(3)

        def pick(message: discord.Message) -> tuple[Any, str | None]:
            parts = [c for c in components(message) if _menu_of_id(c.custom_id) == table.game_id]
            part = rnd.choice([c for c in parts if not (getattr(c, "label", "") or "").startswith("↩")])
            if isinstance(part, discord.components.SelectMenu):
                return part, rnd.choice(part.options).value
            return part, None

        await _follow(world, member, member.user, own[-1], pick, 12)
        return
    saved = world.channel
    world.channel = channel
    try:
        await finish_choice(world, member, random.Random(3))
    finally:
        world.channel = saved


def _menu_of_id(custom_id: str | None) -> int | None:
    cid = custom_id or ""
    parsed = menus.unpack(cid[1:] if cid.startswith("sst:") else cid)
    return parsed[0] if parsed else None


def _menu_of(message: discord.Message) -> int | None:
    """The game whose menu a message carries."""
    return next((g for c in components(message) if (g := _menu_of_id(c.custom_id)) is not None), None)


async def _waits_for(world: World, channel: Any, member: Any) -> bool:
    """The game in ``channel`` cannot go on without the member (an optional prompt, such as
    changing a hidden pick, does not count)."""
    table = await world.service.table_in(channel.id)
    assert table is not None
    return table.seat_of(member.id) in table.engine.pending(table.state)


def _text(r: Any) -> str:
    return (r.followups[-1].content if r.followups else r.response.content) or ""


def _message(r: Any) -> discord.Message:
    return r.followups[-1] if r.followups else r.response.message


@pytest.mark.parametrize(("person", "server"), [("nl", "en"), ("en", "nl")])
async def test_hand_in_a_dm_goes_to_the_game_waiting_for_you(world: World, person: str, server: str) -> None:
    if server == "nl":
        admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = world.add_player("admin", roles=[admins])
        await admin.slash(world.channel, "config", language="nl")
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    world.locales[alice.id] = person
    await world.bot.tree.sync()  # /hand is also a DM command: the global commands, too
    second = world.guild.create_text_channel("tweede")
    await _start(world, world.channel, "battles_builders", [alice, bob])
    await _start(world, second, "burg", [alice, carol])  # everyone chooses a person card at once
    while not await _waits_for(world, world.channel, alice):  # bob commits first: then alice's turn
        await _act_in(world, world.channel, bob)
    assert await _waits_for(world, second, alice)

    # two games wait: a choice, in alice's own language, naming each game and its channel
    r = await alice.user.slash("hand")
    burg = "Im Schutze der Burg" if person == "en" else "De Koningsburcht"
    lines = _text(r).split("\n")
    assert lines[0] == t("hand_which", person)
    assert sorted(lines[1:]) == sorted(
        [f"**Battles & Builders** in <#{world.channel.id}>", f"**{burg}** in <#{second.id}>"]
    )
    offered = _message(r)
    assert sorted(labels(offered)) == sorted(["Battles & Builders in #spellen", f"{burg} in #tweede"])
    # the Burg's button shows the Burg's hand and its menu
    burg_id = (await world.service.table_in(second.id)).game_id  # type: ignore[union-attr]
    r = await alice.user.click(offered, custom_id=f"mk:{burg_id}")
    shown = _message(r)
    assert shown.content.startswith(f"**{burg}** — <#{second.id}>\n")
    assert shown.embeds[0].title == f"{burg} — {t('your_view', person)}"
    assert any(c.startswith(("st:", "sst:")) for c in custom_ids(shown))

    # alice chooses in the Burg: only Battles & Builders waits, and /hand goes straight there
    await _act_in(world, second, alice)
    assert not await _waits_for(world, second, alice)
    r = await alice.user.slash("hand")
    shown = _message(r)
    assert shown.content.startswith(f"**Battles & Builders** — <#{world.channel.id}>\n")
    assert shown.embeds[0].title == f"Battles & Builders — {t('your_view', person)}"

    # nothing waits for her: her most recently active game, with nothing to choose
    while await _waits_for(world, world.channel, alice):  # her whole turn (a commit, then what follows)
        await _act_in(world, world.channel, alice)
    r = await alice.user.slash("hand")
    shown = _message(r)
    assert shown.content == t("no_choice", person)
    assert shown.embeds[0].title == f"Battles & Builders — {t('your_view', person)}"


async def test_hand_in_a_dm_without_a_game(world: World) -> None:
    dave = world.add_player("dave")
    world.locales[dave.id] = "nl"
    await world.bot.tree.sync()
    r = await dave.user.slash("hand")
    assert _text(r) == "Je speelt in geen lopend spel mee. Doe mee met `/join` in een kanaal van een server."
