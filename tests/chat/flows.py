"""Small flows shared by chat tests: open a table, make a given commit through the DM menu."""

from __future__ import annotations

from typing import Any

import discord

from bot.chat.i18n import t
from bot.service.notices import Table
from tests.chat.world import World, components


async def open_table(world: World, names: list[str], options: str | None = None) -> list[Any]:
    members = [world.add_player(n) for n in names]
    await members[0].slash(world.channel, "join", game="battles_builders")
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await (
        members[0].slash(world.channel, "start", options=options)
        if options
        else members[0].slash(world.channel, "start")
    )
    started = ("begins!", "begint!")  # in the channel's language
    assert r.response is not None and any(w in r.response.content for w in started), r.response and r.response.content
    return members


async def current(world: World) -> Table:
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    return table


def find_component(message: discord.Message, label_start: str) -> Any:
    for c in components(message):
        if isinstance(c, discord.components.SelectMenu):
            for o in c.options:
                if o.label.startswith(label_start):
                    return c, o.value
        elif (c.label or "").startswith(label_start):
            return c, None
    raise AssertionError(
        f"no option starting {label_start!r} in {[getattr(c, 'label', None) for c in components(message)]}"
    )


def find_furthest(message: discord.Message, labels: list[str]) -> tuple[Any, str | None, int]:
    """The option leading furthest along ``labels``: a menu that lists a whole small decision joins
    its steps' labels with " · " and says the labels all its options share once, above them. Returns
    the component, the select value (None for a button) and how many labels it covers."""
    for skip in range(len(labels)):  # labels said above the options are not on them
        best: tuple[Any, str | None, int] | None = None
        want = labels[skip:]
        for c in components(message):
            if (getattr(c, "custom_id", None) or "").startswith("tst:"):
                continue  # a pick of pieces names no path
            options = [(o.label, o.value) for o in c.options] if isinstance(c, discord.components.SelectMenu) else []
            # a group opened as a select names the group in its placeholder, its options what follows
            head = _group_of(c)
            for label, value in options or [(c.label or "", None)]:
                parts = head + label.split(" · ")
                fits = len(parts) <= len(want) and all(p.startswith(w) for p, w in zip(parts, want, strict=False))
                if fits and (best is None or skip + len(parts) > best[2]):
                    best = (c, value, skip + len(parts))
        if best is not None:
            return best
    find_component(message, labels[0])  # raises, naming what is there
    raise AssertionError(labels)


def _group_of(component: Any) -> list[str]:
    """The labels a select of one group's actions says in its placeholder (none for other selects)."""
    if not isinstance(component, discord.components.SelectMenu) or not component.placeholder:
        return []
    if component.placeholder in (t("more", "en"), t("more", "nl")):
        return []
    return component.placeholder.split(" › ")


async def choose_path(actor: Any, message: discord.Message, labels: list[str], reread: Any) -> Any:
    """Press the options whose labels start with ``labels`` in turn; returns the last result."""
    result = None
    left = list(labels)
    while left:
        if result is not None and _done(result):
            break  # the rest of the path was a single choice, folded into the last press
        comp, value, covered = find_furthest(message, left)
        if value is not None:
            result = await actor.select(message, [value], custom_id=comp.custom_id)
        else:
            result = await actor.click(message, custom_id=comp.custom_id)
        left = left[covered:]
        if result.response is not None and result.response.message is not None:
            message = reread(result.response.message)
    return result


def _done(result: Any) -> bool:
    texts = [result.response.content if result.response is not None else ""] + [f.content for f in result.followups]
    return any(t and ("Done:" in t or "Gedaan:" in t) for t in texts)


def commit_labels(king: bool, builders: int, infantry: int, cavalry: int, archers: int) -> list[str]:
    """The menu path of a Battles & Builders commit (King, then each kind)."""
    return [
        f"King: {'yes' if king else 'no'}",
        f"{builders} builder",
        f"{infantry} infantry",
        f"{cavalry} cavalry",
        f"{archers} archer",
    ]


async def commit_by_dm(world: World, member: Any, chips: tuple[bool, int, int, int, int]) -> Any:
    msg = world.last_dm(member)

    def reread(m: discord.Message) -> discord.Message:
        return next((x for x in world.dm_messages(member) if x.id == m.id), m)

    return await choose_path(member.user, msg, commit_labels(*chips), reread)
