from __future__ import annotations

import random

import pytest

from bot.store.models import FINISHED
from tests.chat.driver import play_until_over
from tests.chat.world import World


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_complete_game_through_buttons(world: World, players: int) -> None:
    members = [world.add_player(n) for n in ["alice", "bob", "carol", "dave"][:players]]
    await members[0].slash(world.channel, "join", game="battles_builders")
    for m in members[1:]:
        await m.slash(world.channel, "join")
    await members[0].slash(world.channel, "start")
    started = await world.service.table_in(world.channel.id)
    assert started is not None
    await play_until_over(world, random.Random(players))
    assert await world.service.table_in(world.channel.id) is None
    final = await world.service.table_by_id(started.game_id)
    assert final is not None and final.status == FINISHED and final.result is not None
    results = [m for m in world.channel.history() if m.embeds and "Game over" in (m.embeds[0].title or "")]
    assert len(results) == 1
    for m in members:
        assert m.user.name in results[0].embeds[0].description
