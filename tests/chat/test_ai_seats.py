"""AI seats through the real client on SimCord: /addbot, /removebot, games with AI players to the
end, and AI turns that survive a restart."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.store.models import FINISHED
from tests.chat.driver import finish_choice
from tests.chat.flows import current
from tests.chat.world import World, snapshot_json


async def _lobby(world: World, game: str, *bots: str) -> Any:
    alice = world.add_player("alice")
    await alice.slash(world.channel, "join", game=game)
    for level in bots:
        r = await alice.slash(world.channel, "addbot", level=level)
        assert not r.ephemeral, r.response.content
    return alice


async def _play_humans_until_over(world: World, rnd: random.Random, max_actions: int = 400) -> Any:
    """People press; between their presses the AI seats take all their turns."""
    by_id = {m.id: m for m in world.members}
    game_id = (await current(world)).game_id
    for _ in range(max_actions):
        await world.bot.ai.idle()
        table = await world.service.table_by_id(game_id)  # a finished game leaves the channel
        assert table is not None
        if table.status == FINISHED or table.result is not None:
            return table
        humans = [s for s in sorted(table.engine.pending(table.state)) if table.user_of(s) is not None]
        assert humans, f"the game waits for nobody who can act: {table.prompts}"
        await finish_choice(world, by_id[table.user_of(humans[0])], rnd)
    raise AssertionError("game did not end")


async def test_addbot_and_removebot_in_the_lobby(world: World) -> None:
    alice = await _lobby(world, "battles_builders")
    r = await alice.slash(world.channel, "addbot")
    assert r.response.content == "alice seated the AI player Ada (AI, normal) (2/4)."
    assert "Ada (AI, normal)" in r.response.embeds[0].description
    r = await alice.slash(world.channel, "addbot", level="hard")
    assert "Bram (AI, hard)" in r.response.content
    table = await current(world)
    assert [(s.name, s.ai_level, s.user_id) for s in table.seats] == [
        ("alice", None, alice.id),
        ("Ada", "normal", None),
        ("Bram", "hard", None),
    ]

    # A non-member may not seat or remove bots.
    bob = world.add_player("bob")
    r = await bob.slash(world.channel, "addbot")
    assert r.ephemeral and "not in this channel's lobby" in r.response.content
    r = await bob.slash(world.channel, "removebot")
    assert r.ephemeral and "not in this channel's lobby" in r.response.content

    r = await alice.slash(world.channel, "removebot", name="Zed")
    assert r.ephemeral and "no AI player Zed" in r.response.content
    r = await alice.slash(world.channel, "removebot", name="ada")
    assert r.response.content == "alice took the AI player Ada out of the lobby."
    table = await current(world)
    assert [(s.position, s.name) for s in table.seats] == [(0, "alice"), (1, "Bram")]
    r = await alice.slash(world.channel, "removebot")
    assert "Bram" in r.response.content
    r = await alice.slash(world.channel, "removebot")
    assert r.ephemeral and "no AI player" in r.response.content
    assert [s.name for s in (await current(world)).seats] == ["alice"]


async def test_a_full_lobby_and_a_bad_level_are_refused(world: World) -> None:
    alice = await _lobby(world, "war_chest", "easy")
    r = await alice.slash(world.channel, "addbot", level="normal")
    assert not r.ephemeral  # War Chest seats 4 (two teams)
    r = await alice.slash(world.channel, "addbot")
    r = await alice.slash(world.channel, "addbot")
    assert r.ephemeral and "The lobby is full (4 players)" in r.response.content
    from bot.service.errors import ServiceError

    try:
        await world.service.add_bot(channel_id=world.channel.id, user_id=alice.id, level="grandmaster")
    except ServiceError as err:
        assert err.code == "bad_level"
    else:
        raise AssertionError("an unknown level was accepted")


async def test_ai_players_alone_do_not_keep_a_lobby(world: World) -> None:
    alice = await _lobby(world, "battles_builders", "normal")
    r = await alice.slash(world.channel, "leave")
    assert "the lobby is closed" in r.response.content
    assert await world.service.table_in(world.channel.id) is None


async def test_addbot_in_a_running_game_is_refused(world: World) -> None:
    alice = await _lobby(world, "battles_builders", "easy")
    r = await alice.slash(world.channel, "start")
    assert "begins" in r.response.content and "Ada (AI, easy)" in r.response.content
    await world.bot.ai.idle()
    before = snapshot_json(await current(world))
    r = await alice.slash(world.channel, "addbot")
    assert r.ephemeral and "already running" in r.response.content
    r = await alice.slash(world.channel, "removebot")
    assert r.ephemeral and "already running" in r.response.content
    assert snapshot_json(await current(world)) == before


async def test_a_game_with_ai_players_reaches_its_end(world: World) -> None:
    alice = await _lobby(world, "battles_builders", "easy", "normal", "hard")
    r = await alice.slash(world.channel, "start")
    assert "begins" in r.response.content
    table = await _play_humans_until_over(world, random.Random(3))
    assert table.result is not None
    log = await world.service.action_log(table.game_id)
    ai_seats = set(table.ai_seats)
    assert ai_seats == {1, 2, 3} and {seat for seat, _ in log} == {0, 1, 2, 3}
    # Every logged action replays through the engine: the AI seats played legal moves only.
    engine = table.engine
    replay = engine.start(4, dict(table.options), (await _seed(world, table.game_id)))
    for seat, action in log:
        assert action in engine.legal(replay, seat)
        engine.apply(replay, seat, action)
    assert engine.dump(replay) == engine.dump(table.state)
    # The table shows who the AI players are.
    assert "Cleo (AI, hard)" in world.table_message().embeds[0].fields[0].value


async def _seed(world: World, game_id: int) -> int:
    from bot.store import repo
    from bot.store.db import make_sessions

    async with make_sessions(world.engine)() as s:
        row = await repo.game_by_id(s, game_id)
        assert row is not None
        return row.seed


async def test_ai_turns_resume_after_a_restart(world: World) -> None:
    alice = await _lobby(world, "battles_builders", "normal")
    waiting: list[float] = []

    async def held(seconds: float) -> None:  # the bot goes down while its AI waits to act
        waiting.append(seconds)
        raise asyncio.CancelledError

    await world.restart(ai_sleep=held)
    r = await alice.slash(world.channel, "start")
    assert "begins" in r.response.content
    table = await current(world)
    rnd = random.Random(8)
    # Play until the AI seat has a turn of its own to take, then stop the bot while it waits.
    for _ in range(50):
        await asyncio.sleep(0)
        table = await current(world)
        if 1 in table.engine.pending(table.state) and waiting:
            break
        assert 0 in table.prompts
        await finish_choice(world, alice, rnd)
    else:
        raise AssertionError("the AI seat never had a turn")
    before = snapshot_json(table)
    log_before = await world.service.action_log(table.game_id)

    await world.restart()  # the new bot's AI acts at once
    await world.bot.ai.idle()
    after = await current(world)
    log_after = await world.service.action_log(table.game_id)
    assert snapshot_json(after) != before
    assert len(log_after) > len(log_before) and log_after[len(log_before)][0] == 1
    final = await _play_humans_until_over(world, random.Random(9))
    assert final.result is not None
