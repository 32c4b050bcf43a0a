"""Every registered game, played to its end through slash commands and button presses."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from bot.store.models import FINISHED
from games import registry
from games.ai.players import decide
from tests.chat.driver import play_with_policy
from tests.chat.world import World


def policy_for(key: str) -> Any:
    """Random players, except in Cities & Knights and War Chest: random players rarely finish Catan
    (thousands of actions) and drag War Chest out (about 570 actions at four players against about
    100), and every action through the chat draws the table's and the players' pictures, so there
    the people play as the ``normal`` AI would."""
    if key in ("cities_knights", "war_chest"):
        return lambda rnd, table, seat: decide(table.engine, table.state, seat, "normal", seed=rnd.getrandbits(32))
    return lambda rnd, table, seat: rnd.choice(table.engine.legal(table.state, seat))


# Battles & Builders has its own full-game tests (tests/chat/test_full_game.py).
CASES = [
    ("burg", 2, "winterEnabled=true"),
    ("burg", 4, None),
    ("war_chest", 2, "setup=draft"),
    ("war_chest", 4, None),
    ("cities_knights", 4, "layout=beginner"),
]


def test_every_registered_game_is_covered() -> None:
    assert {key for key, _, _ in CASES} | {"battles_builders"} == set(registry.ENGINES)


@pytest.mark.parametrize(("key", "players", "options"), CASES)
async def test_whole_game_through_the_chat(world: World, key: str, players: int, options: str | None) -> None:
    members = [world.add_player(f"p{i}") for i in range(players)]
    await members[0].slash(world.channel, "join", game=key)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await (
        members[0].slash(world.channel, "start", options=options)
        if options
        else members[0].slash(world.channel, "start")
    )
    assert "begins" in r.response.content, r.response.content
    game_id = (await world.service.table_in(world.channel.id)).game_id  # type: ignore[union-attr]
    started = time.perf_counter()
    actions = await play_with_policy(world, policy_for(key), random.Random(key))
    final = await world.service.table_by_id(game_id)
    assert final is not None and final.status == FINISHED and final.result is not None
    assert any(m.embeds and "Game over" in (m.embeds[0].title or "") for m in world.channel.history())
    # the finished game left this process's caches: DM views, locks, AI bookkeeping
    assert not [k for k in world.bot.controller._shown if k[0] == game_id]
    assert game_id not in world.service._locks and game_id not in world.bot.ai._tasks
    print(f"{key}: {actions} actions through the chat in {time.perf_counter() - started:.1f}s")
