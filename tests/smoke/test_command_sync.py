"""Syncing the slash commands when the application has Activities on: Discord holds an Entry Point
command (type 4) and refuses a bulk overwrite that leaves it out; the bot sends it back with its own.
Against the loopback fake Discord, through discord.py's real HTTP client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
import pytest
from discord import app_commands
from discord.http import Route

from bot.chat.command_sync import sync_commands
from bot.chat.endpoints import point_at
from tests.smoke.fake_discord import FakeDiscord

TOKEN = "sync-test-token"


@asynccontextmanager
async def logged_in(fake: FakeDiscord) -> AsyncIterator[app_commands.CommandTree[discord.Client]]:
    base = Route.BASE
    point_at(fake.api_base, None)
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="games", description="the games")
    async def games(interaction: discord.Interaction) -> None:  # pragma: no cover - never invoked
        pass

    @tree.command(name="join", description="join a game")
    async def join(interaction: discord.Interaction) -> None:  # pragma: no cover - never invoked
        pass

    try:
        await client.login(TOKEN)
        yield tree
    finally:
        await client.close()
        Route.BASE = base


async def test_the_entry_point_command_is_kept_when_commands_are_synced() -> None:
    async with FakeDiscord(token=TOKEN) as fake, logged_in(fake) as tree:
        entry = fake.add_entry_point()
        assert await sync_commands(tree) == 3
        held = fake.synced_commands[None]
        assert sorted(c["name"] for c in held) == ["games", "join", "launch"]
        kept = next(c for c in held if c["type"] == 4)
        assert kept["id"] == entry["id"] and kept["handler"] == 2  # the same command, not a new one
        assert fake.refused_syncs == 1  # the first, plain bulk overwrite was refused as Discord does
        # plain discord.py alone fails there
        with pytest.raises(discord.HTTPException) as refused:
            await tree.sync()
        assert refused.value.code == 50240


async def test_without_activities_a_sync_is_one_plain_bulk_overwrite() -> None:
    async with FakeDiscord(token=TOKEN) as fake, logged_in(fake) as tree:
        assert await sync_commands(tree) == 2
        assert fake.refused_syncs == 0 and fake.sync_count == 1
        assert sorted(c["name"] for c in fake.synced_commands[None]) == ["games", "join"]
