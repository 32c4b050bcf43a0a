from __future__ import annotations

from tests.chat.world import World


async def test_games_lists_battles_and_builders(world: World) -> None:
    alice = world.add_player("alice")
    r = await alice.slash(world.channel, "games")
    assert r.ephemeral
    assert "Battles & Builders" in r.response.embeds[0].description


async def test_join_and_start_two_players(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    r = await alice.slash(world.channel, "join", game="battles_builders")
    assert "alice" in r.response.content
    r = await bob.slash(world.channel, "join")
    assert "(2/4)" in r.response.content
    r = await alice.slash(world.channel, "start")
    assert "begins" in r.response.content
    table = world.table_message()
    assert table.embeds[0].title == "Battles & Builders"
    dm = world.last_dm(alice)
    assert dm.components, "the start player gets a commit menu by DM"
