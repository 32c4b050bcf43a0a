"""One lobby message per lobby: each /join edits it (who is in, in the channel's language) and only
the one who joined is told so, in their own language; a lobby whose message is gone posts anew."""

from __future__ import annotations

import pytest

from tests.chat.world import World


@pytest.mark.parametrize(
    ("channel", "title", "players", "told"),
    [
        ("en", "Im Schutze der Burg — lobby", "Players (3/4): ann, bob, cid", "Je doet mee aan"),
        ("nl", "De Koningsburcht — lobby", "Spelers (3/4): ann, bob, cid", "You joined"),
    ],
)
async def test_each_join_edits_the_lobby_message(
    world: World, channel: str, title: str, players: str, told: str
) -> None:
    world.bot.controller.default_language = channel
    ann, bob, cid = (world.add_player(n) for n in ("ann", "bob", "cid"))
    for member in (bob, cid):  # they read the other language than the channel's
        world.locales[member.id] = "nl" if channel == "en" else "en"
    r = await ann.slash(world.channel, "join", game="burg")
    assert not r.ephemeral
    lobby = r.response.id
    for member in (bob, cid):
        r = await member.slash(world.channel, "join")
        assert r.ephemeral and r.response.content.startswith(told), r.response.content
    posts = [m for m in world.posts() if m.embeds]
    assert [m.id for m in posts] == [lobby], "a join posted a new lobby message"
    embed = posts[0].embeds[0]
    assert (embed.title, embed.description) == (title, players)
    assert "cid" in posts[0].content and "(3/4)" in posts[0].content


async def test_a_lobby_whose_message_is_gone_posts_it_anew(world: World) -> None:
    ann, bob, cid = (world.add_player(n) for n in ("ann", "bob", "cid"))
    r = await ann.slash(world.channel, "join", game="war_chest")
    await world.bot.get_partial_messageable(world.channel.id).get_partial_message(r.response.id).delete()
    r = await bob.slash(world.channel, "join")
    assert not r.ephemeral and r.response.embeds[0].description == "Players (2/4): ann, bob"
    again = r.response.id
    r = await cid.slash(world.channel, "join")
    assert r.ephemeral
    (lobby,) = [m for m in world.posts() if m.embeds]
    assert lobby.id == again and lobby.embeds[0].description == "Players (3/4): ann, bob, cid"


async def test_the_newest_lobby_message_is_the_one_a_join_edits(world: World) -> None:
    """/leave answers with the lobby as it is then; the next /join edits that answer."""
    ann, bob, cid = (world.add_player(n) for n in ("ann", "bob", "cid"))
    await ann.slash(world.channel, "join", game="war_chest")
    await bob.slash(world.channel, "join")
    r = await bob.slash(world.channel, "leave")
    newest = r.response.id
    await cid.slash(world.channel, "join")
    message = next(m for m in world.posts() if m.id == newest)
    assert message.embeds[0].description == "Players (2/4): ann, cid"
