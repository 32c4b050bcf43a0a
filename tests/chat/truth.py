"""Checks of what people read during and after a game, shared by the whole-game chat tests:
private messages that stay true, and results that say why."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.chat import render
from bot.chat.i18n import t
from bot.service import menus
from bot.service.notices import Table
from games.core import LANGS
from tests.chat.world import World, components

#: a part of a score as the chat writes it: its label, then its points ("Barbarian battle −2")
POINTS = re.compile(r"(−?\d+(?:\.\d+)?)$")


def _own_view(message: discord.Message) -> bool:
    titles = {f" — {t('your_view', lang)}" for lang in LANGS}
    return any(any((e.title or "").endswith(x) for x in titles) for e in message.embeds)


def menu_seqs(message: discord.Message) -> list[tuple[int, int, int]]:
    """(game, seat, prompt sequence) of every menu component a message still carries."""
    out = []
    for c in components(message):
        cid = getattr(c, "custom_id", None) or ""
        parsed = menus.unpack(cid[1:] if cid.startswith(("sst:", "tst:")) else cid)
        if parsed is not None:
            out.append((parsed[0], parsed[1], parsed[2]))
    return out


def check_private_messages(world: World, table: Table) -> None:
    """Every person's DMs after an action: one message at most shows their own view, the one with
    their live menu when they are asked in secret, and it shows exactly what only their seat sees
    now (so never a public figure, stale or not) in their language; no DM carries a picture of its
    own; a menu stays only while its decision is open."""
    for info in table.seats:
        if info.user_id is None:
            continue
        member = next(m for m in world.members if m.id == info.user_id)
        if member.user.dm_channel is None:
            continue
        messages = world.dm_messages(member)
        views = [m for m in messages if _own_view(m)]
        assert len(views) <= 1, f"{info.name} has {len(views)} messages showing their own view"
        prompt = table.prompts.get(info.position)
        if prompt is not None and prompt.secret and info.present and info.dm_open:
            # asked in secret: the prompt shows what only their seat sees, beside its live menu
            assert views and menu_seqs(views[0]), f"{info.name}'s prompt does not show their own view"
        if views:
            shown = views[0].embeds[0].description or ""
            own = render.private_text(table, info.position, info.locale)
            assert shown.split("\n\n")[0] == own, f"{info.name}'s DM shows {shown!r}, their seat now {own!r}"
        assert not [m for m in messages if m.attachments], f"{info.name}'s DM carries a picture"
        for m in messages:
            for game, seat, seq in menu_seqs(m):
                if game != table.game_id:
                    continue
                live = seat in table.prompts and table.prompt_seqs.get(seat) == seq
                assert live, f"{info.name}'s DM keeps a menu of a closed decision: {m.content!r}"


def _parts_sum(line: str) -> float:
    """The points of a seat's parts line ("alice: Most builders 5 · Event tiles 12"), added up."""
    _, _, parts = line.partition(": ")
    total = 0.0
    for part in parts.split(" · "):
        if part == "—":
            continue
        found = POINTS.search(part)
        assert found, f"a part without points: {part!r} in {line!r}"
        total += float(found.group(1).replace("−", "-"))
    return total


def check_parts(table: Table, lines: list[str], lang: str) -> None:
    """A seat's parts line per seat, best first, in ``lang``, each adding up to that seat's score."""
    result = table.result
    assert result is not None
    order = sorted(result.ranks, key=lambda s: (result.ranks[s], s))
    assert [line.split(": ")[0] for line in lines] == [table.names[s] for s in order]
    for seat, line in zip(order, lines, strict=True):
        assert _parts_sum(line) == result.scores[seat], (line, result.scores[seat])
        labels = [label for label, points in table.engine.score_parts(result.details[seat], lang) if points]
        assert all(label in line for label in labels), (labels, line)


def check_result_post(world: World, table: Table, lang: str) -> None:
    """The result post in the channel's language: the ranking, how the game ended and what broke a
    tie, and each seat's score part by part."""
    title = f" — {t('finished', lang)}"
    post = [m for m in world.channel.history() if m.embeds and (m.embeds[0].title or "").endswith(title)][-1]
    embed = post.embeds[0]
    description = (embed.description or "").split("\n")
    assert table.result is not None
    for note in table.engine.result_notes(table.result, lang, table.names):
        assert note in description, (note, description)
    field = next(f for f in embed.fields if f.name == t("score_parts", lang))
    check_parts(table, (field.value or "").split("\n"), lang)


async def check_history(world: World, member: Any, table: Table, lang: str) -> None:
    """/history in ``lang`` (the asker's): the game's line, then each seat's parts and the notes."""
    r = await member.slash(world.channel, "history")
    text = r.response.embeds[0].description or ""
    block = text.split("\n`#")[0].split("\n")  # the newest game's block
    assert block[0].startswith(f"`#{table.game_id}`"), block
    quoted = [line[2:] for line in block[1:]]
    assert table.result is not None
    notes = table.engine.result_notes(table.result, lang, table.names)
    assert quoted[len(quoted) - len(notes) :] == notes
    check_parts(table, quoted[: len(quoted) - len(notes)], lang)
