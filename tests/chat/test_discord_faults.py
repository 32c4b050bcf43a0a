"""Discord failing: a 500 or a 429 on a message send or edit loses nothing; what was refused is
sent with the next change (or by the clock loop's repay), and a refused DM falls back clearly."""

from __future__ import annotations

from bot.chat import render
from bot.chat.controller import TABLE_HOLD
from tests.chat.flows import commit_by_dm, current, open_table
from tests.chat.world import World, custom_ids


async def test_refused_table_lines_come_with_the_next_change(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/*", status=500, times=1)
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    assert "alice committed 1 chip." not in world.recent_lines()  # Discord failed that edit
    await commit_by_dm(world, bob, (False, 2, 0, 0, 0))
    said = await _said(world)
    assert said.index("alice committed 1 chip.") < said.index("bob committed 2 chips.")  # in order


async def test_a_table_message_that_could_not_be_edited_is_repaired(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    table_message = world.table_message()
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/*", status=429, times=None)
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    stale = world.table_message()
    assert stale.id == table_message.id and "alice" in (stale.embeds[0].footer.text or "")  # still waits for alice
    world.env.backend.faults.clear()  # Discord answers again
    await world.bot.controller.repay()  # nothing owed in the channel: the table is repaired by the next change
    await commit_by_dm(world, bob, (False, 1, 0, 0, 0))
    world.clock.advance(seconds=TABLE_HOLD)  # drawn now, or by the clock loop if bob goes on deciding
    await world.bot.controller.flush_held()
    now = world.table_message()
    table = await current(world)
    assert now.id == table_message.id
    footer = now.embeds[0].footer.text or ""
    assert all(table.names[s] in footer for s in table.engine.pending(table.state)), footer


async def test_a_prompt_dm_that_failed_is_sent_again(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    dm = bob.user.dm_channel
    before = len(world.dm_messages(bob)) if dm is not None else 0
    world.env.inject_error("POST", "/channels/*/messages", status=500, times=None)
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))  # bob's prompt could not be sent
    assert len(world.dm_messages(bob)) == before
    table = await current(world)
    assert 1 in table.prompts and table.seats[1].dm_open  # a failure is not a closed DM
    world.env.backend.faults.clear()
    await world.bot.controller.repay()
    prompt = world.last_dm(bob)
    assert len(world.dm_messages(bob)) == before + 1 and custom_ids(prompt)
    await commit_by_dm(world, bob, (False, 1, 0, 0, 0))
    said = await _said(world)
    assert "bob committed 1 chip." in said and "alice committed 1 chip." in said  # nothing lost meanwhile


async def _said(world: World) -> str:
    """The game's play-by-play as the channel can read it (table message, log thread, /status)."""
    table = await world.service.table_by_id((await current(world)).game_id)
    assert table is not None
    return "\n".join([*world.channel_texts(), *render.log_lines(table, table.log_recent, "en")])
