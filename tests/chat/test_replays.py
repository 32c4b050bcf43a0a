"""Replays through the chat: a second press is answered from memory, a new drawing is refused for a
while after the last one a person or a channel asked for (with a message in their language), and a
move's table picture is drawn while a replay is still being drawn."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from typing import Any

from tests.chat.driver import finish_choice, play_until_over
from tests.chat.world import World, custom_ids


async def _finished_game(world: World, players: list[Any], seed: int) -> int:
    """One game of Battles & Builders played to its end in the channel; its id."""
    await players[0].slash(world.channel, "join", game="battles_builders")
    for member in players[1:]:
        await member.slash(world.channel, "join")
    await players[0].slash(world.channel, "start")
    game_id = (await world.service.table_in(world.channel.id)).game_id  # type: ignore[union-attr]
    await play_until_over(world, random.Random(seed))
    return game_id


def _result_message(world: World, game_id: int) -> Any:
    return next(m for m in world.channel.history() if custom_ids(m) == [f"rp:{game_id}"])


def _answer(result: Any) -> Any:
    """What a deferred command finally answered (its follow-up, or the response it became)."""
    return result.followups[-1] if result.followups else result.response


async def test_pressing_replay_twice_draws_it_once(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    game_id = await _finished_game(world, [alice, bob], 6)
    replays = world.bot.controller.replays
    result = _result_message(world, game_id)
    first = _answer(await alice.click(result, custom_id=f"rp:{game_id}"))
    assert f"game {game_id}: the replay" in first.content and replays.drawn == 1
    gif = await first.attachments[0].read()
    # pressed again, by someone else and by alice herself: the kept replay, at once, never refused
    for member in (bob, alice):
        again = _answer(await member.click(result, custom_id=f"rp:{game_id}"))
        assert not again.flags.ephemeral and f"game {game_id}: the replay" in again.content
        assert await again.attachments[0].read() == gif
    r = await bob.slash(world.channel, "replay", game_id=game_id)
    assert await _answer(r).attachments[0].read() == gif
    assert replays.drawn == 1


async def test_new_replays_wait_for_the_person_and_channel_cooldowns(world: World) -> None:
    alice, bob, carol = world.add_player("alice"), world.add_player("bob"), world.add_player("carol")
    world.locales[bob.id] = "nl"
    games = [await _finished_game(world, [alice, carol], seed) for seed in (1, 2, 3)]
    elsewhere = world.guild.create_text_channel("tweede-tafel")
    replays = world.bot.controller.replays

    posted = _answer(await alice.click(_result_message(world, games[0]), custom_id=f"rp:{games[0]}"))
    assert f"game {games[0]}: the replay" in posted.content and replays.drawn == 1
    # another person, same channel: the channel's cooldown, in bob's language
    r = await bob.slash(world.channel, "replay", game_id=games[1])
    assert r.ephemeral and "In dit kanaal is net om een herhaling gevraagd" in r.response.content
    assert "over 20 s" in r.response.content
    # the same person, another channel: her own cooldown
    r = await alice.slash(elsewhere, "replay", game_id=games[1])
    assert r.ephemeral and "You asked for a replay a moment ago" in r.response.content
    assert "in 60 s" in r.response.content
    # a replay already drawn is shown at once, whatever the cooldowns
    r = await carol.slash(world.channel, "replay", game_id=games[0])
    assert f"game {games[0]}: the replay" in _answer(r).content
    assert replays.drawn == 1

    world.clock.advance(seconds=20)
    r = await bob.slash(world.channel, "replay", game_id=games[1])
    # posted for the channel: in its language, not bob's (his refusals above were his own, Dutch)
    assert f"game {games[1]}: the replay" in _answer(r).content and replays.drawn == 2
    r = await alice.slash(elsewhere, "replay", game_id=games[2])
    assert r.ephemeral and "in 40 s" in r.response.content
    world.clock.advance(seconds=40)
    r = await alice.slash(elsewhere, "replay", game_id=games[2])
    assert f"game {games[2]}: the replay" in _answer(r).content and replays.drawn == 3


async def test_a_move_is_drawn_while_the_replay_worker_is_busy(world: World) -> None:
    """The replay worker is held on a gate; a replay waits behind it while a player moves in the
    next game and the table picture of that move is drawn and shown. Then the gate opens."""
    alice, bob = world.add_player("alice"), world.add_player("bob")
    game_id = await _finished_game(world, [alice, bob], 6)
    controller = world.bot.controller
    log = await controller.records.game_log(game_id, world.guild.id)
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")

    with multiprocessing.get_context("spawn").Manager() as manager:
        gate = manager.Event()
        held = controller.replays.executor.submit(gate.wait)
        drawing = asyncio.ensure_future(controller.replays.replay(log, "en"))
        pictures_before = controller.pictures.drawn
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        mover = alice if table.user_of(sorted(table.prompts)[0]) == alice.id else bob
        assert "Done:" in await finish_choice(world, mover, random.Random(1))
        assert controller.pictures.drawn > pictures_before  # the move's table picture is drawn ...
        assert not drawing.done() and not held.done()  # ... while the replay still waits for its worker
        gate.set()
        drawn = await drawing
    assert drawn.frames > 2 and controller.replays.drawn == 1
