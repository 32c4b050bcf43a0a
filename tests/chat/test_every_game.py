"""Every registered game, played to its end through slash commands and button presses."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from bot.chat.i18n import t
from bot.store.models import FINISHED
from games import registry
from games.ai.players import decide
from tests.chat.driver import play_with_policy
from tests.chat.truth import check_history, check_private_messages, check_result_post
from tests.chat.world import World


def policy_for(key: str) -> Any:
    """Random players, except in Cities & Knights and War Chest: random players rarely finish Catan
    (thousands of actions) and drag War Chest out (about 570 actions at four players against about
    100), so there the people play as the ``normal`` AI would."""
    if key in ("cities_knights", "war_chest"):
        return lambda rnd, table, seat: decide(table.engine, table.state, seat, "normal", seed=rnd.getrandbits(32))
    return lambda rnd, table, seat: rnd.choice(table.engine.legal(table.state, seat))


#: (game, players, options, the channel's language); the second player reads Dutch, the others
#: English, so private messages come in both languages whatever the channel speaks
CASES = [
    ("battles_builders", 2, None, "en"),
    ("battles_builders", 4, None, "nl"),
    ("burg", 2, "winterEnabled=true", "nl"),
    ("burg", 4, None, "en"),
    ("war_chest", 2, "setup=draft", "nl"),
    ("war_chest", 4, None, "en"),
    ("cities_knights", 3, "layout=beginner", "nl"),
    ("cities_knights", 4, "layout=beginner", "en"),
]
#: pictures drawn per action at most, on average, at a game's largest table (the table message's
#: board, once per version and language, is the only picture a game draws)
PICTURES_PER_ACTION = 1.3


def test_every_registered_game_is_covered() -> None:
    assert {key for key, _, _, _ in CASES} == set(registry.ENGINES)
    assert {(key, registry.get(key).max_players) for key in registry.ENGINES} <= {(k, n) for k, n, _, _ in CASES}


@pytest.mark.parametrize(("key", "players", "options", "lang"), CASES)
async def test_whole_game_through_the_chat(
    world: World, key: str, players: int, options: str | None, lang: str
) -> None:
    """A whole game through the chat; after every action each person's DMs are checked against the
    game as it is then; at the end the result post and /history say why, in both languages."""
    world.bot.controller.default_language = lang
    members = [world.add_player(f"p{i}") for i in range(players)]
    world.locales[members[1].id] = "nl"
    await members[0].slash(world.channel, "join", game=key)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await (
        members[0].slash(world.channel, "start", options=options)
        if options
        else members[0].slash(world.channel, "start")
    )
    assert t("started", lang, game=registry.get(key).names, players="")[:12] in r.response.content
    game_id = (await world.service.table_in(world.channel.id)).game_id  # type: ignore[union-attr]
    started = time.perf_counter()
    drawn = world.bot.controller.pictures.drawn

    async def after(table: Any) -> None:
        check_private_messages(world, table)

    actions = await play_with_policy(world, policy_for(key), random.Random(key), after=after)
    final = await world.service.table_by_id(game_id)
    assert final is not None and final.status == FINISHED and final.result is not None
    check_result_post(world, final, lang)
    await check_history(world, members[0], final, "en")
    await check_history(world, members[1], final, "nl")
    pictures = world.bot.controller.pictures.drawn - drawn
    if players == registry.get(key).max_players:
        assert pictures <= PICTURES_PER_ACTION * actions, f"{pictures} pictures for {actions} actions"
    # the finished game left this process's caches: DM views and menus, locks, AI bookkeeping
    assert not [k for k in world.bot.controller._shown if k[0] == game_id]
    assert not [k for k in world.bot.controller._dm_menus if k[0] == game_id]
    assert game_id not in world.service._locks and game_id not in world.bot.ai._tasks
    print(
        f"{key} ({players}): {actions} actions through the chat in {time.perf_counter() - started:.1f}s, "
        f"{pictures} pictures ({pictures / max(1, actions):.2f} per action)"
    )
