"""The same chat flows with the bot on two gateway shards: the server's channel arrives on shard 1,
direct messages and their buttons on shard 0, and one table service serves both."""

from __future__ import annotations

import pytest

from tests.chat import test_full_game as full_game
from tests.chat.test_commands import test_abandon_by_host_moderator_and_refusal as test_abandon_on_two_shards
from tests.chat.test_turn_clock import (
    test_clock_reminds_expires_and_the_table_votes_in_a_stand_in as test_turn_clock_on_two_shards,
)
from tests.chat.world import GUILD_ID, World

pytestmark = pytest.mark.shards(2)

__all__ = ("test_abandon_on_two_shards", "test_turn_clock_on_two_shards")


async def test_full_game_on_two_shards(world: World) -> None:
    await full_game.test_complete_game_through_buttons(world, 3)


async def test_the_guild_and_the_dms_are_on_different_shards(world: World) -> None:
    assert world.bot.shard_count == 2
    assert (GUILD_ID >> 22) % 2 == 1  # DMs always come on shard 0
    guild = world.bot.get_guild(GUILD_ID)
    assert guild is not None and guild.shard_id == 1
