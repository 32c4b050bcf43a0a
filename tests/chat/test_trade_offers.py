"""A Cities & Knights offer of any size through the chat: composed in the DM menu step by step
(2 wool for 1 ore, to bob only), shown on the table message while it is open, accepted by bob
in his DM and confirmed; the hands change exactly."""

from __future__ import annotations

from bot.chat.controller import TABLE_HOLD
from bot.store import repo
from games.cities_knights.engine import ENGINE
from tests.chat.driver import press_to
from tests.chat.flows import current
from tests.chat.world import World
from tests.games.cities_knights.helpers import position


def _table_text(world: World) -> str:
    embed = world.table_message().embeds[0]
    return "\n".join([embed.description or "", *(f.value or "" for f in embed.fields)])


async def test_a_two_for_one_offer_to_one_player_through_the_menus(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await alice.slash(world.channel, "join", game="cities_knights")
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    r = await alice.slash(world.channel, "start", options="layout=beginner")
    assert "begins" in r.response.content, r.response.content
    table = await current(world)
    by_seat = {s: next(m for m in (alice, bob, carol) if m.id == table.user_of(s)) for s in range(3)}
    # skip the set-up: seat 0 plays its turn holding 2 wool and 1 grain; seat 1 holds 2 ore
    st = position(3, phase="main", hands={0: {"wool": 2, "grain": 1}, 1: {"ore": 2}, 2: {"ore": 1, "brick": 1}})
    async with world.service.sessions() as s, s.begin():
        game = await repo.game_by_id(s, table.game_id)
        assert game is not None
        game.snapshot = ENGINE.dump(st)
        game.prompts = {"0": {"seq": game.version, "sig": "-"}}
    table = await current(world)
    await world.bot.controller.send_prompt(table, 0, await world.bot.controller.channel(world.channel.id))
    names = table.names
    owner, partner = by_seat[0], by_seat[1]

    for step in (
        {"type": "offer_compose"},
        {"type": "offer_set", "side": "give", "kind": "wool", "count": 2},
        {"type": "offer_set", "side": "want", "kind": "ore", "count": 1},
    ):
        answer = await press_to(world, owner, step)
        assert "Done:" in answer, answer
    assert "Open offer" not in _table_text(world)  # a draft is the owner's own
    answer = await press_to(world, owner, {"type": "offer_send", "to": [1]})
    assert f"to {names[1]}" in answer, answer
    assert f"Open offer from {names[0]}: 2 wool for 1 ore, to {names[1]}" in _table_text(world)

    await press_to(world, partner, {"type": "accept_trade"})
    assert f"{names[1]} accepts" in _table_text(world)
    await press_to(world, owner, {"type": "confirm_trade", "seat": 1})
    after = await current(world)
    assert after.state.hand[0] == [0, 0, 0, 1, 1, 0, 0, 0]
    assert after.state.hand[1] == [0, 0, 2, 0, 1, 0, 0, 0]
    # alice goes on with her turn, so the table is drawn when it passes on or TABLE_HOLD seconds later
    world.clock.advance(seconds=TABLE_HOLD)
    await world.bot.controller.flush_held()
    assert "Open offer" not in _table_text(world)
