"""Discord failing: a 500 or a 429 on a message send or edit loses nothing; what was refused is
sent with the next change (or by the clock loop's repay), and a refused DM falls back clearly."""

from __future__ import annotations

from tests.chat.flows import commit_by_dm, current, open_table
from tests.chat.world import World, custom_ids


async def test_refused_channel_lines_come_with_the_next_change(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500, times=1)
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    assert "alice committed 1 chip." not in _said(world)  # Discord failed that send
    await commit_by_dm(world, bob, (False, 2, 0, 0, 0))
    said = _said(world)
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
    now = world.table_message()
    table = await current(world)
    assert now.id == table_message.id
    assert (now.embeds[0].footer.text or "").endswith(
        ", ".join(table.names[s] for s in sorted(table.engine.pending(table.state)))
    )


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
    assert "bob committed 1 chip." in _said(world)
    assert "alice committed 1 chip." in _said(world)  # the channel line owed meanwhile


def _said(world: World) -> str:
    return "\n".join(world.channel_texts())
