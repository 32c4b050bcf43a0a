"""The request counter and post watch of ``benchmarks.table_noise`` (its figures are never asserted)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import discord
import pytest

from benchmarks.api_requests import KINDS, api_path, classify
from benchmarks.table_noise import close_dms, noise_env, run_cell
from tests.chat.world import close_ai_pool

DM = 7


@pytest.fixture(scope="module", autouse=True)
def _pools() -> Iterator[None]:
    yield
    close_ai_pool()


@pytest.mark.parametrize(
    ("method", "path", "kind"),
    [
        ("POST", "/channels/5/messages", "posts"),
        ("POST", f"/channels/{DM}/messages", "dms"),
        ("PATCH", "/channels/5/messages/9", "edits"),
        ("PATCH", f"/channels/{DM}/messages/9", "edits"),
        ("DELETE", "/channels/5/messages/9", "deletes"),
        ("POST", "/interactions/3/tok/callback", "interactions"),
        ("POST", "/webhooks/1/tok", "interactions"),
        ("PATCH", "/webhooks/1/tok/messages/@original", "interactions"),
        ("PATCH", "/webhooks/1/tok/messages/12", "interactions"),
        ("DELETE", "/webhooks/1/tok/messages/@original", "deletes"),
        ("GET", "/users/4", "other"),
        ("POST", "/users/@me/channels", "other"),
        ("POST", "/channels/5/messages/9/threads", "other"),
        ("GET", "/channels/5/messages/9", "other"),
    ],
)
def test_routes_are_classified_by_method_and_path(method: str, path: str, kind: str) -> None:
    assert classify(method, path, lambda channel: channel == DM) == kind


def test_the_api_prefix_and_query_are_cut_off() -> None:
    assert api_path("https://discord.com/api/v10/channels/1/messages?limit=5") == "/channels/1/messages"
    assert api_path("https://discord.com/api/v10/interactions/3/tok/callback") == "/interactions/3/tok/callback"


async def test_the_bots_own_requests_are_counted_as_they_go_over_the_wire() -> None:
    async with noise_env(random.Random(1)) as noise:
        world = noise.world(noise.guild.create_text_channel("tafel"))
        alice, bob = world.add_player("alice"), world.add_player("bob")
        close_dms(world, bob)
        bot = noise.env.bot
        noise.watch.channel_id = world.channel.id
        channel = bot.get_partial_messageable(world.channel.id)
        post = await channel.send(f"<@{alice.id}> <@{bob.id}>", allowed_mentions=discord.AllowedMentions(users=[alice]))
        await post.edit(content="hi")
        await (await bot.fetch_user(alice.id)).send("psst")
        with pytest.raises(discord.Forbidden):
            await (await bot.fetch_user(bob.id)).send("psst")
        await post.delete()
        await alice.slash(world.channel, "join", game="war_chest")
        log = noise.counter.log
        assert [kind for kind, _, _ in log] == [
            "posts",
            "edits",
            "other",  # fetch the user
            "other",  # open the DM channel
            "dms",
            "other",
            "other",
            "dms",  # refused, and counted all the same
            "deletes",
            "interactions",  # /join's answer
        ]
        assert log[-1][2].endswith("/callback")
        assert noise.counter.counts == {"posts": 1, "edits": 1, "other": 4, "dms": 2, "deletes": 1, "interactions": 1}
        assert world.dm_messages(bob) == [] and [m.content for m in world.dm_messages(alice)] == ["psst"]
        # the post pings only whom it allows; /join's public answer in the channel is a post too
        posts = noise.watch.posts
        assert len(posts) == 2 and posts[0].pings == [alice.id] and not posts[0].in_thread
        assert not posts[0].notice


async def test_a_short_cell_counts_every_request_of_its_actions() -> None:
    cell = await run_cell("war_chest", 2, True, max_actions=3, seed=2)
    assert cell.actions == 3 and cell.games == 1 and len(cell.request_log) == 3
    assert sum(cell.requests.values()) == sum(len(log) for log in cell.request_log)
    assert set(cell.requests) <= set(KINDS)
    # each press is answered once, and every action takes at least one press
    assert cell.presses >= 3
    assert all(any(path.endswith("/callback") for _, _, path in log) for log in cell.request_log)
    assert all(0 <= p.action < 3 for p in cell.posts)
