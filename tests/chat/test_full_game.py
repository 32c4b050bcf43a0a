from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.service.notices import Table
from bot.store.models import FINISHED
from tests.chat.driver import play_until_over
from tests.chat.world import World


def _everything_seen_by(world: World, member: Any) -> list[str]:
    texts = []
    for m in list(world.channel.history(viewer=member.user)) + world.dm_messages(member):
        texts += (m.content or "").splitlines()
        texts += [line for e in m.embeds for line in (e.description or "").splitlines()]
    return texts


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_complete_game_through_buttons(world: World, players: int) -> None:
    members = [world.add_player(n) for n in ["alice", "bob", "carol", "dave"][:players]]
    await members[0].slash(world.channel, "join", game="battles_builders")
    for m in members[1:]:
        await m.slash(world.channel, "join")
    await members[0].slash(world.channel, "start")
    started = await world.service.table_in(world.channel.id)
    assert started is not None
    # member id -> (their commit as the reveal would word it, what each other member had seen before)
    hidden: dict[int, tuple[str, dict[int, Counter[str]]]] = {}
    names = {m.id: m.user.name for m in members}
    round_of_commits = [0]

    async def check(table: Table, seat: int, member: Any, text: str) -> None:
        after = await world.service.table_by_id(table.game_id)
        assert after is not None
        if not hidden:
            round_of_commits[0] = table.engine.view(table.state, None)["round"]
        if table.prompts[seat].kind == "commit":
            confirmation = next(line for line in text.splitlines() if line.startswith("Done: Commit: "))
            chips = confirmation.removeprefix("Done: Commit: ")
            before = {o.id: Counter(_everything_seen_by(world, o)) for o in members if o.id != member.id}
            hidden[member.id] = (f"{names[member.id]}: {chips}", before)
        public = after.engine.view(after.state, None)
        if after.status != "running" or public["phase"] != "commit" or public["round"] != round_of_commits[0]:
            hidden.clear()  # revealed
        for committer, (wording, before) in hidden.items():
            for other in members:
                if other.id != committer:
                    new = Counter(_everything_seen_by(world, other)) - before[other.id]
                    leaks = [line for line in new if wording in line]
                    assert not leaks, (wording, other, leaks)

    await play_until_over(world, random.Random(players), on_action=check)
    assert await world.service.table_in(world.channel.id) is None
    final = await world.service.table_by_id(started.game_id)
    assert final is not None and final.status == FINISHED and final.result is not None
    results = [m for m in world.channel.history() if m.embeds and "Game over" in (m.embeds[0].title or "")]
    assert len(results) == 1
    for m in members:
        assert m.user.name in results[0].embeds[0].description
    # every player's DMs carried their commit menus; the channel told every reveal
    assert all(world.dm_messages(m) for m in members)
    # (the play-by-play comes with the result of a game this short, the whole of it)
    assert world.channel.threads == []
    logged = await world.play_by_play()
    assert sum("revealed" in line.lower() for line in logged) >= 8
