"""What a press and a typed suggestion read from the database when the bot keeps the game
(bot/service/seen.py): a button that names an action is read on the kept table and the action
reads nothing of the game before writing it; a step of a menu asks the game's version; `/play`'s
suggestions come from the kept table, and so does the action a picked suggestion names while its
prompt is still the seat's. Every answer stays the same as when the game is read."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from tests.chat.flows import _done, commit_labels, current, find_furthest, open_table
from tests.chat.world import World


@contextmanager
def reads(world: World) -> Iterator[list[str]]:
    """The statements the bot sends meanwhile that read the games table."""
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if re.match(r"\s*SELECT\b.*\bFROM games\b", statement, re.S):
            sent.append(" ".join(statement.split())[:80])

    event.listen(world.engine.sync_engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(world.engine.sync_engine, "before_cursor_execute", note)


async def test_a_press_that_acts_reads_nothing_of_the_game_a_step_asks_its_version(world: World) -> None:
    alice, _bob = await open_table(world, ["alice", "bob"])
    await current(world)  # the bot keeps the game from here on (a read keeps what it loads)
    message = world.last_dm(alice)
    left = commit_labels(False, 2, 1, 1, 0)
    per_press: list[tuple[bool, list[str]]] = []
    while left:
        comp, value, covered = find_furthest(message, left)
        with reads(world) as sent:
            if value is not None:
                result = await alice.user.select(message, [value], custom_id=comp.custom_id)
            else:
                result = await alice.user.click(message, custom_id=comp.custom_id)
        per_press.append((_done(result), list(sent)))
        left = left[covered:]
        if _done(result):
            break
        message = next(m for m in world.dm_messages(alice) if m.id == result.response.message.id)
    *steps, (acted, last) = per_press
    assert acted and steps, per_press
    assert last == [], last  # the action: read on the kept table, written WHERE version = kept
    assert all(len(sent) == 1 and "games.version" in sent[0] for _, sent in steps), steps
    table = await current(world)
    assert 0 not in table.prompts and 1 in table.prompts


async def test_play_reads_nothing_for_a_suggestion_the_kept_table_still_shows(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    await current(world)
    with reads(world) as sent:
        choices = await alice.autocomplete(world.channel, "play", "action", "no 2 builders 1 infantry")
    assert choices and sent == [], sent
    with reads(world) as sent:
        r = await alice.slash(world.channel, "play", action=choices[0]["value"])
    text = r.followups[-1].content if r.followups else r.response.content
    assert text.startswith("Done:") and "2 builders" in text
    assert sent == [], sent  # the suggestion's prompt is still the seat's on the kept table
    # the same suggestion again: its prompt is gone, so the game is read, and it is refused
    with reads(world) as sent:
        r = await alice.slash(world.channel, "play", action=choices[0]["value"])
    assert len(sent) == 1 and "games.version" in sent[0], sent
    assert r.response is not None and not r.response.content.startswith("Done:")
    # an action typed out rather than picked is looked up on the game as it is
    choices = await bob.autocomplete(world.channel, "play", "action", "no 2 builders 1 infantry")
    label = choices[0]["name"]
    with reads(world) as sent:
        r = await bob.slash(world.channel, "play", action=label)
    text = r.followups[-1].content if r.followups else r.response.content
    assert text.startswith("Done:") and "2 builders" in text
    assert len(sent) == 1 and "games.version" in sent[0], sent
