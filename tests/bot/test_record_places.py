"""Records name each finished game's place, and lists are filtered by the places a reader may see
in the query itself (so no limit or count includes a hidden game)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.records import Records, place_of
from bot.service.tables import TableService
from bot.store.db import make_sessions


async def _resigned(svc: TableService, guild: int, channel: int, parent: int | None = None) -> int:
    """A two-player game that ends at once: the second player resigns."""
    for uid in (41, 42):
        await svc.join(
            channel_id=channel, guild_id=guild, user_id=uid, name=f"p{uid}", game_key="burg", parent_channel_id=parent
        )
    table = (await svc.start(channel_id=channel, user_id=41)).table
    await svc.resign(channel_id=channel, user_id=42)
    return table.game_id


async def test_places_and_history_by_place(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    records = Records(make_sessions(store))
    in_channel = await _resigned(svc, 7, 10)
    in_game_thread = await _resigned(svc, 7, 11, parent=10)  # the bot's public thread of channel 10
    elsewhere = [await _resigned(svc, 7, 20) for _ in range(3)]
    await _resigned(svc, 8, 30)  # another server
    assert place_of(11, 10) == 10 and place_of(20, None) == 20
    assert await records.places(7) == [10, 20]

    only_ten = await records.history(guild_id=7, places={10}, limit=2)
    assert [g.game_id for g in only_ten] == [in_game_thread, in_channel]
    assert {g.place for g in only_ten} == {10}
    assert [g.game_id for g in await records.history(guild_id=7, places={20})] == elsewhere[::-1]
    assert await records.history(guild_id=7, places=set()) == []
    assert await records.history(guild_id=7, places={30}) == []  # a place of another server
    log = await records.game_log(in_game_thread, 7)
    assert (log.channel_id, log.parent_channel_id, log.place) == (11, 10, 10)
