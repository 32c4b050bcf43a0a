"""Battles & Builders commits through the chat as one pick of chips: a multi-select beside the first
step makes the whole commit in one press; a pick the rules do not allow, or a forged one, is refused
and changes nothing; labels follow the presser's language."""

from __future__ import annotations

from typing import Any

import discord
from simcord.results import to_discord_message

from tests.chat.flows import current
from tests.chat.world import World, components


async def _committer(world: World) -> tuple[Any, Any, discord.Message]:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    r = await alice.slash(world.channel, "start")
    assert r.response is not None and "begins" in r.response.content
    table = await current(world)
    (seat,) = table.prompts
    member = alice if table.user_of(seat) == alice.id else bob
    (dm,) = [m for m in world.dm_messages(member) if any(_tally(c) for c in components(m))]
    return member, table, dm


def _tally(component: Any) -> bool:
    return (getattr(component, "custom_id", None) or "").startswith("tst:")


def _pick(message: discord.Message) -> Any:
    (select,) = [c for c in components(message) if _tally(c)]
    return select


async def test_a_commit_is_one_pick_of_chips(world: World) -> None:
    member, table, dm = await _committer(world)
    seat = table.seat_of(member.id)
    select = _pick(dm)
    labels = [o.label for o in select.options]
    assert labels[:3] == ["King", "Builder 1", "Builder 2"] and "Archer 1" in labels
    assert select.min_values == 1 and select.max_values == 6  # 5 chips, 6 with the king
    # the step-by-step way is still there beside it
    assert any(getattr(c, "label", None) == "King: no" for c in components(dm))
    result = await member.user.select(dm, ["builder.0", "builder.1", "archer.0"], custom_id=select.custom_id)
    assert result.response is not None and "Done:" in result.response.content, result.response.content
    after = await current(world)
    assert after.version == table.version + 1
    assert after.state.seats[seat].commit == [2, 0, 0, 1, 0]


async def _forged(world: World, member: Any, custom_id: str, values: list[str]) -> discord.Message:
    """A bot message in the member's DM with a pick of ``values`` under ``custom_id``."""
    options = [{"label": v, "value": v} for v in values]
    part = {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": len(values)}
    backend = world.env.backend
    stored = backend.create_message(
        member.user.dm_channel.id, backend.bot_user.id, "…", components=[{"type": 1, "components": [part]}]
    )
    await world.env.settle()
    return to_discord_message(world.env, stored)


async def test_a_pick_the_rules_refuse_or_a_forged_one_changes_nothing(world: World) -> None:
    member, table, dm = await _committer(world)
    select = _pick(dm)
    six = ["builder.0", "builder.1", "builder.2", "builder.3", "builder.4", "archer.0"]  # 6 without the king
    result = await member.user.select(dm, six, custom_id=select.custom_id)
    assert result.response is not None and result.ephemeral
    assert result.response.content.startswith("That pick is not allowed; nothing was done."), result.response.content
    assert "commit 0–5" in result.response.content  # the rule, as the prompt says it
    assert (await current(world)).version == table.version
    for values in (["builder.9"], ["wizard.0"], ["builder.0", "wizard.0"]):
        forged = await _forged(world, member, select.custom_id, values)
        result = await member.user.select(forged, values, custom_id=select.custom_id)
        assert result.response is not None and "not allowed" in result.response.content, values
        assert (await current(world)).version == table.version
    # the real pick still works afterwards
    result = await member.user.select(dm, ["king.0"], custom_id=select.custom_id)
    assert result.response is not None and "Done:" in result.response.content


async def test_the_pick_speaks_the_presser_s_language(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    world.locales[alice.id] = world.locales[bob.id] = "nl"
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    table = await current(world)
    (seat,) = table.prompts
    member = alice if table.user_of(seat) == alice.id else bob
    (dm,) = [m for m in world.dm_messages(member) if any(_tally(c) for c in components(m))]
    select = _pick(dm)
    assert select.placeholder == "…of kies ze allemaal in één keer"
    assert [o.label for o in select.options][:2] == ["Koning", "Bouwer 1"]
    result = await member.user.select(dm, ["king.0", "cavalry.0"], custom_id=select.custom_id)
    assert result.response is not None and "Gedaan:" in result.response.content
