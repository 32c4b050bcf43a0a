"""The answer to a press names the choice once, as the choice itself (not the menu's steps through
groups of places), in the presser's language; and a DM menu goes once its decision closes, whether
it was answered elsewhere or simply is no longer open."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from tests.chat.driver import BY_TABLE, press_to
from tests.chat.flows import commit_by_dm, current, open_table
from tests.chat.truth import menu_seqs
from tests.chat.world import World, components


async def _start(world: World, game: str, members: list[Any], options: str | None = None) -> None:
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await members[0].slash(world.channel, "start", **({"options": options} if options else {}))
    assert r.response is not None and ("begins" in r.response.content or "begint" in r.response.content)


def _setup_build(table: Any, seat: int, kind: str) -> dict[str, Any]:
    """A set-up build of ``kind`` far enough down the list to sit in a group of places (#20–#29)."""
    actions = [a for a in table.engine.legal(table.state, seat) if a["type"] == kind]
    return actions[len(actions) // 2]


@pytest.mark.parametrize(("channel", "person", "word"), [("en", "nl", "Gedaan"), ("nl", "en", "Done")])
async def test_done_names_the_place_not_the_group_it_was_listed_in(
    world: World, channel: str, person: str, word: str
) -> None:
    """Cities & Knights lists places in groups of ten (#20–#29) when there are many: the answer
    names the place alone, in the presser's language (a person who reads the channel's language
    is answered by the table message itself, so the players here read the other one)."""
    world.bot.controller.default_language = channel
    members = [world.add_player(n) for n in ("ann", "bob", "cid")]
    for m in members:
        world.locales[m.id] = person
    await _start(world, "cities_knights", members, "layout=beginner")
    table = await current(world)
    (seat,) = table.prompts
    first = next(m for m in members if m.id == table.user_of(seat))
    for kind in ("build_settlement", "build_road"):
        table = await current(world)
        action = _setup_build(table, seat, kind)
        path = table.engine.action_path(table.view(seat), action, person)
        groups = [p for p in path if re.fullmatch(r"#\d+–#\d+", p)]
        assert groups, path  # listed in a group of places
        done = await press_to(world, first, action)
        said = [line for line in done.split("\n") if line.startswith(f"{word}: ")]
        assert said == [f"{word}: {' › '.join(p for p in path if p not in groups)}"], done


async def test_a_hidden_pick_is_said_once(world: World) -> None:
    """Im Schutze der Burg: the DM answer to a pick says the card once (not "Done: Stonemason",
    "You chose: Stonemason." and "You chose Stonemason ..." as before), in English and Dutch."""
    ann, bob, cid = (world.add_player(n) for n in ("ann", "bob", "cid"))
    world.locales[bob.id] = "nl"
    await _start(world, "burg", [ann, bob, cid])
    for member, card, word in ((ann, "Stonemason", "Done"), (bob, "Steenhouwer", "Gedaan")):
        done = await press_to(world, member, {"type": "select", "card": "stonemason"})
        assert done != BY_TABLE
        lines = done.split("\n")
        assert f"{word}: {card}" in lines, lines
        assert done.count(card) == 1, done
        dm = world.last_dm(member)
        assert (dm.embeds[0].description or "").count(card) == 2  # in the hand, and as the pick


async def test_the_change_of_a_pick_goes_at_the_reveal(world: World) -> None:
    """Im Schutze der Burg: **Change my choice** stays in the DM until the last player has chosen,
    then the menu goes (its decision closed without being answered)."""
    ann, bob, cid = (world.add_player(n) for n in ("ann", "bob", "cid"))
    await _start(world, "burg", [ann, bob, cid])
    await press_to(world, ann, {"type": "select", "card": "trader"})
    change = [m for m in world.dm_messages(ann) if components(m)]
    assert change and "Change my choice" in (change[-1].content or "")
    await press_to(world, bob, {"type": "select", "card": "messenger"})
    await press_to(world, cid, {"type": "select", "card": "bricklayer"})
    table = await current(world)
    assert not table.engine.invitations(table.state)
    stale = [m for m in world.dm_messages(ann) if components(m)]
    assert all(_live(m, table) for m in stale), [m.content for m in stale]


def _live(message: discord.Message, table: Any) -> bool:
    """Whether every menu a DM message carries belongs to a decision open now."""
    return all(
        seat in table.prompts and table.prompt_seqs.get(seat) == seq
        for game, seat, seq in menu_seqs(message)
        if game == table.game_id
    )


async def test_a_dm_menu_answered_elsewhere_goes(world: World) -> None:
    """A commit typed with /play closes the DM menu that offered it; in Dutch too."""
    alice, bob, carol = await open_table(world, ["alice", "bob", "carol"])
    world.locales[alice.id] = "nl"
    menu = world.last_dm(alice)
    assert components(menu)
    table = await current(world)
    choices = await alice.autocomplete(world.channel, "play", "action", "")
    assert choices, "no suggestions"
    r = await alice.slash(world.channel, "play", action=choices[0]["value"])
    assert r.ephemeral and (r.response.content or "").startswith("Gedaan: Inzet: ")
    after = next(m for m in world.dm_messages(alice) if m.id == menu.id)
    assert not components(after), "the DM still offers a commit made elsewhere"
    # the others' menus are untouched, and the game went on
    assert (await current(world)).version == table.version + 1
    await commit_by_dm(world, bob, (False, 1, 0, 0, 0))
