"""Words through the real client on SimCord: a DM speaks to its reader as "you", the channel names
everyone, and the result says what its scores count."""

from __future__ import annotations

import random
import re

from tests.chat.driver import play_until_over
from tests.chat.flows import commit_by_dm, open_table
from tests.chat.world import World


def _lines(message: object) -> list[str]:
    embeds = getattr(message, "embeds", [])
    return [line for e in embeds for line in (e.description or "").splitlines()]


async def test_a_dm_names_its_reader_you_and_the_channel_names_everyone(world: World) -> None:
    alice, bob, carol = await open_table(world, ["alice", "bob", "carol"])
    own = _lines(world.last_dm(alice))
    assert own[0] == "Your stock: 12 builders, 4 infantry, 4 cavalry, 4 archers, 1 king."
    assert not [line for line in own if re.search(r"\b(?:alice|bob|carol)\b", line)]
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    table = _lines(world.table_message())
    assert "alice: 0 points, 1 chip committed" in table  # a count of one, in the singular
    assert not [line for line in table if re.search(r"\b(?:you|your)\b", line, re.IGNORECASE)]
    assert "alice committed 1 chip." in world.channel_texts()


async def test_the_result_says_what_the_scores_count(world: World) -> None:
    await open_table(world, ["alice", "bob"])
    await play_until_over(world, random.Random(3))
    result = next(
        m for m in reversed(list(world.channel.history())) if m.embeds and "Game over" in (m.embeds[0].title or "")
    )
    ranks = [line for line in _lines(result) if re.match(r"\d\. ", line)]
    assert len(ranks) == 2
    assert all(re.fullmatch(r"\d\. (?:alice|bob): -?\d+ prestige points?", line) for line in ranks), ranks
