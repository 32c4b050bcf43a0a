"""Play through the bot the way people do: open menus, press buttons, pick from selects."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.service import menus
from bot.store.models import RUNNING
from tests.chat.world import World, components

#: what a press returns when the table message itself answered it, drawn after the action (the
#: presser had nothing of their own to read and reads the table's language)
BY_TABLE = "(the table message shows it)"


def _menu_parts(message: discord.Message) -> list[Any]:
    return [c for c in components(message) if (getattr(c, "custom_id", "") or "").startswith(("st:", "sst:", "tst:"))]


def _is_back(component: Any) -> bool:
    return (getattr(component, "label", "") or "").startswith("↩")


async def finish_choice(world: World, member: Any, rnd: random.Random, *, max_steps: int = 12) -> str:
    """Find the member's open menu (DM, else the table message) and press random options until an
    action is made. Returns the confirmation text the member saw ("Done: ...") or BY_TABLE."""
    table = await _running(world, member)
    message, actor = await _open_menu(world, member, table, table.seat_of(member.id))  # type: ignore[arg-type]

    def pick(message: discord.Message) -> tuple[Any, str | None]:
        parts = [c for c in _menu_parts(message) if not _is_back(c)]
        assert parts, f"no menu on {message.content!r}"
        part = rnd.choice(parts)
        if isinstance(part, discord.components.SelectMenu):
            return part, rnd.choice(part.options).value
        return part, None

    return await _follow(world, member, actor, message, pick, max_steps)


async def _running(world: World, member: Any) -> Any:
    table = await world.service.table_in(world.channel.id)
    assert table is not None and table.status == RUNNING
    seat = table.seat_of(member.id)
    assert seat is not None and seat in table.prompts
    return table


async def _follow(world: World, member: Any, actor: Any, message: discord.Message, pick: Any, max_steps: int) -> str:
    """Press what ``pick(message)`` names, step after step, until the answer says Done."""
    for _ in range(max_steps):
        component, value = pick(message)
        if value is not None:
            values = value if isinstance(value, list) else [value]
            result = await actor.select(message, values, custom_id=component.custom_id)
        else:
            result = await actor.click(message, custom_id=component.custom_id)
        reply = result.response
        text = (reply.content or "") if reply is not None else ""
        if result.followups:
            text = result.followups[-1].content or text
        if reply is not None and not reply.ephemeral and reply.id == message.id and actor is member:
            assert not text, text  # the table message has no text of its own: its embed shows the game
            world.open_menus.pop(member.id, None)
            return BY_TABLE
        if "Done:" in text or "Gedaan:" in text:
            # A person goes on where their next step is shown (an ephemeral menu they pressed in)
            menu = reply.message if reply is not None and reply.message is not None else None
            if menu is not None and actor is member and menu.flags.ephemeral and _menu_parts(menu):
                world.open_menus[member.id] = menu
            else:
                world.open_menus.pop(member.id, None)
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


def menu_path_to(table: Any, seat: int, lang: str, action: dict[str, Any]) -> list[str]:
    """The custom_id path that leads through the menus to ``action`` (pages included)."""
    engine = table.engine
    view = table.view(seat)  # with the seats' names, as the bot's menus are built
    actions = engine.legal(table.state, seat)
    labels = [label[:80] for label in engine.action_path(view, action, lang)]  # as the menu tree cuts them
    # a collapsed chain of steps is one option, its label cut to 100 characters
    joined = {" · ".join(labels[i:j])[:100] for i in range(len(labels)) for j in range(i + 1, len(labels) + 1)}
    menu = menus.Menu(engine, view, actions, lang)

    def search(path: list[str], depth: int) -> list[str] | None:
        found = menu.resolve(path)
        if found is None:
            return None
        if not isinstance(found, menus.Step):
            return path if found == action else None
        for opt in found.options:
            if " … " in opt.label or opt.label[:100] in joined or opt.label == "✓":
                hit = search(opt.path, depth + 1)
                if hit is not None:
                    return hit
        return None

    path = search([], 0)
    assert path is not None, f"{action} is not reachable through the menus"
    return path


async def press_to(world: World, member: Any, action: dict[str, Any], *, max_steps: int = 12) -> str:
    """Press through the member's open menu to exactly ``action``; returns their confirmation (or BY_TABLE)."""
    table = await _running(world, member)
    seat = table.seat_of(member.id)
    message, actor = await _open_menu(world, member, table, seat)
    target = menu_path_to(table, seat, "en", action)
    legal = table.engine.legal(table.state, seat)
    whole = menus.tally(table.engine, table.view(seat), legal, "en")
    pieces = whole.values(action) if whole is not None else []

    def pick(message: discord.Message) -> tuple[Any, str | list[str] | None]:
        # The component leading furthest along the target path: (tokens matched, component, select
        # value); a pick of pieces makes the whole decision at once.
        ways: list[tuple[int, Any, str | list[str] | None]] = []
        for c in _menu_parts(message):
            if c.custom_id.startswith("tst:"):
                if whole is not None and pieces and whole.action(legal, pieces) == action:
                    ways.append((len(target) + 1, c, pieces))
            elif isinstance(c, discord.components.SelectMenu):
                ways += [
                    (len(o.value.split(".")), c, o.value)
                    for o in c.options
                    if target[: len(o.value.split("."))] == o.value.split(".")
                ]
            elif not _is_back(c):
                parsed = menus.unpack(c.custom_id)
                if parsed and parsed[4] and target[: len(parsed[4])] == parsed[4]:
                    ways.append((len(parsed[4]), c, None))
        assert ways, f"no way on to {target} in {message.content!r}"
        _, component, value = max(ways, key=lambda w: w[0])
        return component, value

    return await _follow(world, member, actor, message, pick, max_steps)


def _live(message: discord.Message, table: Any, seat: int) -> bool:
    """Whether a menu message was drawn for the seat's open prompt (its sequence still current)."""
    for c in _menu_parts(message):
        parsed = menus.unpack(
            c.custom_id[1:] if c.custom_id.startswith(("sst:", "tst:")) else c.custom_id
        )  # a select: "s" (or "t") + a step id
        if parsed is not None:
            return parsed[0] == table.game_id and parsed[1] == seat and parsed[2] == table.prompt_seqs.get(seat)
    return False


async def _open_menu(world: World, member: Any, table: Any, seat: int) -> tuple[discord.Message, Any]:
    secret = table.prompts[seat].secret
    if secret and table.seats[seat].dm_open:
        menus_in_dm = [m for m in world.dm_messages(member) if _menu_parts(m)]
        assert menus_in_dm, f"{member} has no menu in their DMs"
        return menus_in_dm[-1], member.user
    menu = world.open_menus.get(member.id)
    if menu is not None and not secret and _live(menu, table, seat):
        return menu, member  # the ephemeral menu their last answer left them with
    in_dm = [m for m in world.dm_messages(member) if _menu_parts(m)] if table.seats[seat].dm_open else []
    if in_dm and _live(in_dm[-1], table, seat):
        return in_dm[-1], member.user  # their DM answer showed the next step
    if secret or len(table.prompts) > 1:
        r = await member.click(world.table_message(), custom_id=f"mk:{table.game_id}")
        return r.response.message, member
    return world.table_message(), member


async def play_with_policy(
    world: World, policy: Any, rnd: random.Random, *, max_actions: int = 20_000, after: Any = None
) -> int:
    """Every pending player in turn picks an action with ``policy(rnd, table, seat)`` and presses to
    it; ``after(table)`` runs after each action with the game as it is then (also the last one)."""
    by_id = {m.id: m for m in world.members}
    game_id = None
    for count in range(max_actions):
        table = await world.service.table_in(world.channel.id)
        if table is None:
            return count
        game_id = table.game_id
        seat = rnd.choice(sorted(table.prompts))
        action = policy(rnd, table, seat)
        await press_to(world, by_id[table.user_of(seat)], action)
        if after is not None:
            await after(await world.service.table_by_id(game_id))
    raise AssertionError("game did not end")
