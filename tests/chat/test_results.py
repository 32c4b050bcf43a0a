"""Results as people read them through the chat: a resigned seat is last and marked whatever its
stand-in scored, in the result, /history and the export alike; a game against AI players is rated
and names them with their level; a game's duration counts from /start on the test's clock."""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

from PIL import Image

from bot.store.models import FINISHED
from games import replay
from tests.chat.driver import finish_choice
from tests.chat.flows import current
from tests.chat.world import World


async def _people_play_until_over(world: World, game_id: int, rnd: random.Random, max_actions: int = 600) -> Any:
    """People press random menu options; the AI players and stand-ins take their turns between."""
    by_id = {m.id: m for m in world.members}
    for _ in range(max_actions):
        await world.bot.ai.idle()
        table = await world.service.table_by_id(game_id)
        assert table is not None
        if table.status == FINISHED:
            return table
        present = [s for s in sorted(table.engine.pending(table.state)) if table.seats[s].present]
        assert present, f"the game waits for nobody who can act: {table.prompts}"
        await finish_choice(world, by_id[table.user_of(present[0])], rnd)
    raise AssertionError("game did not end")


def _result_embed(world: World) -> Any:
    return next(m for m in world.channel.history() if m.embeds and "Game over" in (m.embeds[0].title or "")).embeds[0]


def _answer(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def test_a_resigned_player_whose_stand_in_scored_most_is_listed_last(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    game_id = (await current(world)).game_id
    r = await carol.slash(world.channel, "resign")
    assert "a bot plays their seat to the end" in r.response.content
    table = await _people_play_until_over(world, game_id, random.Random(5))
    gone = table.seat_of(carol.id)
    raw = table.engine.result(table.state)
    assert raw is not None and raw.winners == [gone], "carol's stand-in must have scored most in this game"
    first = next(s for s in table.result.ranks if table.result.ranks[s] == 1)
    winner = table.seats[first].name
    assert winner in ("alice", "bob")

    text = _result_embed(world).description or ""
    lines = text.splitlines()
    assert lines[0].startswith(f"1. {winner}: ")
    assert lines[2] == f"3. carol (resigned): {table.engine.score_text(raw.scores[gone], 'en')}"
    assert "Resigning counts as a loss; last place: carol." in lines
    carol_rating = next(line for line in lines if line.startswith("carol: rating 1000 → "))
    assert int(carol_rating.split("→ ")[1].split(" ")[0]) < 1000

    r = await alice.slash(world.channel, "history")
    line = (r.response.embeds[0].description or "").split("\n")[0]  # the game's line; its parts below it
    # the other person is bold too when they tied for first
    assert re.search(rf"\*\*{winner}\*\* \d+, (\*\*)?\w+(\*\*)? \d+, carol \(resigned\) {raw.scores[gone]}$", line), (
        line
    )
    world.locales[bob.id] = "nl"
    r = await bob.slash(world.channel, "history")
    assert f"carol (opgegeven) {raw.scores[gone]}" in (r.response.embeds[0].description or "")

    r = await alice.slash(world.channel, "export", game_id=game_id)
    doc = json.loads(await _answer(r).attachments[0].read())
    assert doc["result"]["winners"] == [first] and doc["result"]["ranks"][str(gone)] == 3
    assert doc["seats"][gone] == {"name": "carol", "ai": None, "resigned": True}
    lines, same = replay.play_back(doc, "nl")
    assert same and lines[-2] == f"carol heeft opgegeven · {winner} wint"
    assert f"3. carol (opgegeven): {table.engine.score_text(raw.scores[gone], 'nl')}" in lines


async def test_a_game_against_ai_players_is_rated_and_named_with_their_level(world: World) -> None:
    alice = world.add_player("alice")
    await alice.slash(world.channel, "join", game="battles_builders")
    await alice.slash(world.channel, "addbot", level="easy")
    world.clock.advance(minutes=45)  # the lobby stays open a while: no part of the game's length
    await alice.slash(world.channel, "start")
    table = await current(world)
    bot = next(s.name for s in table.seats if s.ai_level)
    world.clock.advance(minutes=20)
    await _people_play_until_over(world, table.game_id, random.Random(5))

    text = _result_embed(world).description or ""
    assert f"{bot} (AI): rating 1000 → " in text and "alice: rating 1000 → " in text
    r = await alice.slash(world.channel, "leaderboard", game="battles_builders")
    board = _answer(r).embeds[0].description or ""
    assert f"<@{alice.id}>" in board and "AI (easy)" in board
    r = await alice.slash(world.channel, "stats")
    assert "**Battles & Builders**: rating " in (r.response.embeds[0].description or "")

    r = await alice.slash(world.channel, "history")
    line = r.response.embeds[0].description or ""
    assert f"{bot} (AI, easy)" in line and ", 20 min: " in line, line  # from /start, not from the lobby
    world.locales[alice.id] = "nl"
    r = await alice.slash(world.channel, "history")
    assert f"{bot} (AI, makkelijk)" in (r.response.embeds[0].description or "")

    r = await alice.slash(world.channel, "export", game_id=table.game_id)
    doc = json.loads(await _answer(r).attachments[0].read())
    ai = next(i for i, seat in enumerate(doc["seats"]) if seat["ai"])
    assert doc["names"][ai] == f"{bot} (AI)" and doc["seats"][ai] == {"name": bot, "ai": "easy", "resigned": False}
    lines, same = replay.play_back(doc)
    assert same and f"{bot} (AI, easy)" in lines[0] and lines[-2].endswith((" wins", " win"))


async def test_a_game_ended_by_a_resignation_replays_and_exports_with_its_result(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await alice.slash(world.channel, "join", game="war_chest")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    game_id = (await current(world)).game_id
    await bob.slash(world.channel, "resign")
    assert "alice wins: bob resigned." in (_result_embed(world).description or "")

    result = next(m for m in world.channel.history() if m.embeds and "Game over" in (m.embeds[0].title or ""))
    posted = _answer(await alice.click(result, custom_id=f"rp:{game_id}"))
    gif = Image.open(io.BytesIO(await posted.attachments[0].read()))
    # the start, and the frame that tells how it ended (it was the start alone)
    assert gif.n_frames == 2 and "(2 frames)" in posted.content

    r = await alice.slash(world.channel, "export", game_id=game_id)
    doc = json.loads(await _answer(r).attachments[0].read())
    assert doc["result"] is not None and doc["result"]["winners"] == [doc["names"].index("alice")]
    lines, same = replay.play_back(doc, "nl")
    assert same and lines[-2:] == [
        "bob heeft opgegeven · alice wint",
        "De herhaling kwam precies uit op de geëxporteerde eindstand.",
    ]
