"""A discard on a 7 through the direct-message menu: "how many of each kind", a few presses."""

from __future__ import annotations

from typing import Any

import discord

from bot.store import repo
from games.cities_knights.engine import ENGINE
from tests.chat.flows import current
from tests.chat.world import World, components
from tests.games.cities_knights.helpers import position

BIG_HAND = {"lumber": 6, "brick": 5, "wool": 5, "grain": 4, "ore": 3}  # 23 cards: 11 must go
WANT = {"lumber": 3, "brick": 2, "wool": 0, "grain": 4, "ore": 2}


def _option_for(message: discord.Message, want: dict[str, int]) -> tuple[Any, str | None]:
    """The button or select option whose label ("3 lumber · 2 brick") names the wanted counts."""

    def fits(label: str) -> bool:
        parts = [p.split(" ", 1) for p in label.split(" · ")]
        return all(len(p) == 2 and p[0].isdigit() and int(p[0]) == want.get(p[1], -1) for p in parts)

    for c in components(message):
        if isinstance(c, discord.components.SelectMenu):
            for o in c.options:
                if fits(o.label):
                    return c, o.value
        elif fits(c.label or ""):
            return c, None
    raise AssertionError(f"no option for {want} in {[getattr(c, 'label', None) for c in components(message)]}")


async def test_a_seat_with_23_cards_discards_11_in_a_few_dm_presses(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await alice.slash(world.channel, "join", game="cities_knights")
    await bob.slash(world.channel, "join")
    await carol.slash(world.channel, "join")
    r = await alice.slash(world.channel, "start", options="layout=beginner")
    assert "begins" in r.response.content, r.response.content
    table = await current(world)
    # skip the set-up: seat 1 holds 23 cards and seat 0 is about to roll a 7
    st = position(3, phase="roll", hands={1: BIG_HAND}, script={"red": [3], "yellow": [4], "event": ["ship"]})
    async with world.service.sessions() as s, s.begin():
        game = await repo.game_by_id(s, table.game_id)
        assert game is not None
        game.snapshot = ENGINE.dump(st)
    by_id = {m.id: m for m in (alice, bob, carol)}
    roller, discarder = by_id[table.user_of(0)], by_id[table.user_of(1)]
    r = await roller.slash(world.channel, "play", action="Roll the dice")
    assert r.response is not None and "Done: Roll the dice" in r.response.content, r.response
    rolled = await current(world)
    assert rolled.engine.pending(rolled.state)[1].kind == "discard"

    message = world.last_dm(discarder)
    assert "Discard 11 cards" in message.content and "how many of each kind" in message.content, message.content
    presses = 0
    while True:
        component, value = _option_for(message, WANT)
        presses += 1
        if value is not None:
            result = await discarder.user.select(message, [value], custom_id=component.custom_id)
        else:
            result = await discarder.user.click(message, custom_id=component.custom_id)
        texts = [result.response.content if result.response else ""] + [f.content for f in result.followups]
        if any("Done:" in (t or "") for t in texts):
            break
        assert result.response is not None and result.response.message is not None, texts
        message = next(m for m in world.dm_messages(discarder) if m.id == result.response.message.id)
        assert presses < len(BIG_HAND), "more presses than kinds in the hand"
    assert presses <= len(BIG_HAND) - 1  # the last kind is forced
    after = await current(world)
    assert after.state.hand[1] == [3, 3, 5, 0, 1, 0, 0, 0]
