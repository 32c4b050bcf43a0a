"""Rules R-24 of Im Schutze der Burg through the chat: a player who has chosen gets **Change my
choice** in their DM and in /hand until the last player has chosen; the channel only learns that
they have chosen."""

from __future__ import annotations

from bot.chat.controller import TABLE_HOLD
from tests.chat.driver import press_to
from tests.chat.flows import current, find_component
from tests.chat.world import World


async def test_a_hidden_pick_can_change_until_everyone_has_chosen(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await alice.slash(world.channel, "join", game="burg")
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    r = await alice.slash(world.channel, "start")
    assert "begins" in r.response.content

    await press_to(world, alice, {"type": "select", "card": "trader"})
    table = await current(world)
    assert table.state.selections[0] == ["trader"]
    menus = [m for m in world.dm_messages(alice) if m.components]
    # offered in the DM: every option changes it, so the menu says so once, above the cards
    assert "› Change my choice" in (menus[-1].content or "")
    find_component(menus[-1], "Messenger")
    r = await alice.slash(world.channel, "hand")
    assert r.ephemeral
    assert "› Change my choice" in (r.response.message.content or "")  # and through /hand
    find_component(r.response.message, "Messenger")

    await press_to(world, alice, {"type": "select", "card": "messenger"})
    table = await current(world)
    assert table.state.selections[0] == ["messenger"]
    # the table shows who has chosen once the picks made together have had their moment (TABLE_HOLD)
    world.clock.advance(seconds=TABLE_HOLD + 1)
    await world.bot.controller.flush_held()
    public = " ".join(world.channel_texts(bob))
    assert "alice has chosen" in public
    assert "Messenger" not in public and "Trader" not in public

    # a person is not waited for because of an optional change: the table waits for bob and carol
    assert sorted(table.engine.pending(table.state)) == [1, 2]
    await press_to(world, bob, {"type": "select", "card": "trader"})
    await press_to(world, carol, {"type": "select", "card": "bricklayer"})
    table = await current(world)
    assert table.state.players[0].played == ["messenger"]
    assert not table.engine.invitations(table.state)
