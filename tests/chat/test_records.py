"""Results that last, through the chat: the result with rating changes and a Replay button, the
replay GIF, /history, /stats, /leaderboard (empty and filled) and /export."""

from __future__ import annotations

import io
import json
import random
from typing import Any

from PIL import Image

from games import replay
from tests.chat.driver import play_until_over
from tests.chat.world import World, custom_ids


async def test_a_finished_game_leaves_ratings_history_and_a_replay(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    r = await alice.slash(world.channel, "leaderboard", game="battles_builders")
    assert r.ephemeral and "No rated games of Battles & Builders" in r.response.content
    r = await alice.slash(world.channel, "history")
    assert r.ephemeral and "No finished games here yet" in r.response.content
    r = await alice.slash(world.channel, "replay", game_id=99)
    assert r.ephemeral and "no finished game #99" in r.response.content
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    game_id = (await world.service.table_in(world.channel.id)).game_id  # type: ignore[union-attr]
    await play_until_over(world, random.Random(6))

    result = next(m for m in world.channel.history() if m.embeds and "Game over" in (m.embeds[0].title or ""))
    text = result.embeds[0].description or ""
    assert "alice: rating 1000 → " in text and "bob: rating 1000 → " in text
    assert custom_ids(result) == [f"rp:{game_id}"]
    r = await bob.click(result, custom_id=f"rp:{game_id}")
    posted = _answer(r)
    assert f"game {game_id}: the replay" in posted.content
    gif = await posted.attachments[0].read()
    assert posted.attachments[0].filename == f"replay-{game_id}.gif"
    frames = Image.open(io.BytesIO(gif)).n_frames
    assert frames > 2 and f"({frames} frames)" in posted.content

    r = await alice.slash(world.channel, "history")
    line = r.response.embeds[0].description or ""
    assert f"`#{game_id}` **Battles & Builders**" in line and "alice" in line and "bob" in line
    r = await bob.slash(world.channel, "stats")
    stats = r.response.embeds[0]
    assert stats.title == "bob's record" and "**Battles & Builders**: rating " in (stats.description or "")
    r = await bob.slash(world.channel, "stats", user=alice.user)
    assert r.response.embeds[0].title == "alice's record"
    r = await alice.slash(world.channel, "leaderboard")
    board = _answer(r)
    assert board.embeds[0].title == "Battles & Builders: leaderboard"
    assert (
        f"<@{alice.id}>" in (board.embeds[0].description or "") and board.attachments[0].filename == "leaderboard.png"
    )
    assert (await board.attachments[0].read()).startswith(b"\x89PNG")

    r = await alice.slash(world.channel, "export", game_id=game_id)
    sent = _answer(r)
    doc = json.loads(await sent.attachments[0].read())
    lines, same = replay.play_back(doc)
    table = await world.service.table_by_id(game_id)
    assert same and table is not None and doc["final"] == table.engine.dump(table.state)
    assert doc["names"] == [s.name for s in table.seats]


def _answer(result: Any) -> Any:
    """What a deferred command finally answered (its follow-up, or the response it became)."""
    return result.followups[-1] if result.followups else result.response
