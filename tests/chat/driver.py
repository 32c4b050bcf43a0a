"""Play through the bot the way people do: open menus, press buttons, pick from selects."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.store.models import RUNNING
from tests.chat.world import World, components


def _menu_parts(message: discord.Message) -> list[Any]:
    return [c for c in components(message) if (getattr(c, "custom_id", "") or "").startswith(("st:", "sst:"))]


def _is_back(component: Any) -> bool:
    return (getattr(component, "label", "") or "").startswith("↩")


async def _press(actor: Any, message: discord.Message, component: Any, rnd: random.Random) -> Any:
    if isinstance(component, discord.components.SelectMenu):
        option = rnd.choice(component.options)
        return await actor.select(message, [option.value], custom_id=component.custom_id)
    return await actor.click(message, custom_id=component.custom_id)


async def finish_choice(world: World, member: Any, rnd: random.Random, *, max_steps: int = 12) -> str:
    """Find the member's open menu (DM, else the table message) and follow it to an action.

    Returns the confirmation text the member saw ("Done: ...").
    """
    table = await world.service.table_in(world.channel.id)
    assert table is not None and table.status == RUNNING
    seat = table.seat_of(member.id)
    assert seat is not None and seat in table.prompts
    secret = table.prompts[seat].secret
    info = table.seats[seat]
    if secret and info.dm_open:
        # The newest DM with a menu: private notes (e.g. "You committed ...") may follow it.
        menus_in_dm = [m for m in world.dm_messages(member) if _menu_parts(m)]
        assert menus_in_dm, (f"{member} has no menu in their DMs; prompt {table.prompts[seat]}; DMs: "
                             f"{[(m.content, m.components) for m in world.dm_messages(member)][-3:]}")
        message, actor = menus_in_dm[-1], member.user
    elif secret:
        # The DM fallback: Make my choice on the table message, answered ephemerally.
        r = await member.click(world.table_message(), custom_id=f"mk:{table.game_id}")
        message, actor = r.response.message, member
    else:
        message, actor = world.table_message(), member
    for _ in range(max_steps):
        parts = [c for c in _menu_parts(message) if not _is_back(c)]
        assert parts, f"no menu on {message.content!r}"
        result = await _press(actor, message, rnd.choice(parts), rnd)
        if result.response is None and result.deferred:
            raise AssertionError("pressed without a visible answer")
        reply = result.response
        text = (reply.content or "") if reply is not None else ""
        if result.followups:
            text = result.followups[-1].content or text
        if "Done:" in text or "Gedaan:" in text:
            return text
        if reply is not None and reply.message is not None and _menu_parts(reply.message):
            fresh = reply.message
            # A press in a DM edits that message; read it back to see its new components.
            if actor is member.user:
                fresh = next(m for m in world.dm_messages(member) if m.id == fresh.id)
            message = fresh
            continue
        raise AssertionError(f"unexpected answer {text!r}")
    raise AssertionError("menu did not reach an action")


async def play_until_over(world: World, rnd: random.Random, *, max_actions: int = 2000, on_action: Any = None) -> int:
    """Let every pending player act by pressing buttons until the game ends."""
    by_id = {m.id: m for m in world.members}
    for count in range(max_actions):
        table = await world.service.table_in(world.channel.id)
        if table is None:
            return count
        seat = sorted(table.prompts)[0]
        member = by_id[table.user_of(seat)]
        text = await finish_choice(world, member, rnd)
        if on_action is not None:
            await on_action(table, seat, member, text)
    raise AssertionError("game did not end")
