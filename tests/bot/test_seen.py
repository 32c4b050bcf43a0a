"""A process keeps the tables and message ids it read or made (bot/service/seen.py): reading a game
that has not changed costs one small query, and a change made by another process (here: a second
service on the same database) is always seen. SQLite files and PostgreSQL."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.errors import ServiceError
from bot.service.preferences import Preferences
from bot.service.seen import Seen
from bot.service.tables import TableService
from bot.store import repo
from bot.store.db import make_sessions
from tests.bot.test_service import CHANNEL, chips, seated


@contextmanager
def statements(store: AsyncEngine) -> Iterator[Counter[str]]:
    """The statements sent meanwhile, by their first words (SELECT games, INSERT message_refs...)."""
    seen: Counter[str] = Counter()

    def note(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        words = statement.split()
        if "pg_notify" in statement:  # PostgreSQL's announcement of a change, just before its commit
            seen["announce"] += 1
            return
        table = next((w for w in words if re.fullmatch(r'"?(games|seats|message_refs|guild_configs)"?', w)), "")
        seen[f"{words[0].upper()} {table.strip(chr(34))}".strip()] += 1
        if words[0].upper() == "SELECT" and "games.snapshot" in statement:
            seen["snapshot read" if words[1].startswith("games.snapshot") else "game read whole"] += 1

    event.listen(store.sync_engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(store.sync_engine, "before_cursor_execute", note)


def same(a: object, b: object) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


async def test_an_unchanged_game_is_read_with_one_small_query(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    gid = await seated(svc)
    first = await svc.table_by_id(gid)
    with statements(store) as sent:
        again = await svc.table_by_id(gid)
        by_channel = await svc.table_in(CHANNEL)
    assert first is not None and again is not None and by_channel is not None
    assert sent["SELECT games"] == 2 and sent["SELECT seats"] == 0, sent  # the version alone, twice
    assert again.version == first.version and same(again.engine.dump(again.state), first.engine.dump(first.state))
    assert again is not first  # each reader has its own copy: replacing a field leaves the kept one
    again.log_pending = ["x"]
    assert (await svc.table_by_id(gid)).log_pending == first.log_pending


async def test_an_action_of_this_process_is_kept_and_read_back_without_loading(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    gid = await seated(svc)
    out = await svc.act(game_id=gid, user_id=1, action=chips(builder=1))
    with statements(store) as sent:
        table = await svc.table_by_id(gid)
    assert sent["SELECT seats"] == 0, sent
    assert table is not None and table.version == out.table.version
    assert same(table.engine.dump(table.state), out.table.engine.dump(out.table.state))
    assert table.rating_changes == {}  # as a read finds it, not the outcome's


async def test_a_change_made_by_another_process_is_seen(store: AsyncEngine) -> None:
    here, there = TableService(make_sessions(store)), TableService(make_sessions(store))
    gid = await seated(here)
    before = await here.table_by_id(gid)
    await there.act(game_id=gid, user_id=1, action=chips(builder=1))
    after = await here.table_by_id(gid)
    assert before is not None and after is not None and after.version > before.version
    assert not same(after.engine.dump(after.state), before.engine.dump(before.state))
    assert same(
        after.engine.dump(after.state), (await there.table_by_id(gid)).engine.dump((await there.table_by_id(gid)).state)
    )


async def test_an_action_on_a_kept_table_reads_nothing_of_the_game_before_writing_it(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    gid = await seated(svc)
    before = await svc.table_by_id(gid)
    with statements(store) as sent:
        out = await svc.act(game_id=gid, user_id=1, action=chips(builder=1), seq=before.prompt_seqs[0])
    assert sent["SELECT games"] == sent["SELECT seats"] == 0, sent
    assert sent["UPDATE games"] == 1 and sent["INSERT"] == 1, sent  # the game's row, the action's row
    assert out.table.version == before.version + 1
    stored = await TableService(make_sessions(store)).table_by_id(gid)  # read whole, as a new process would
    assert stored.version == out.table.version and stored.prompt_seqs == out.table.prompt_seqs
    assert stored.prompt_sigs == out.table.prompt_sigs and stored.log_recent == out.table.log_recent
    assert same(stored.engine.dump(stored.state), out.table.engine.dump(out.table.state))


async def test_an_action_on_a_kept_table_of_a_game_that_moved_elsewhere_is_made_on_the_game_as_it_is(
    store: AsyncEngine,
) -> None:
    here, there = TableService(make_sessions(store)), TableService(make_sessions(store))
    gid = await seated(here)
    kept = await here.table_by_id(gid)
    assert await there.set_dm_open(game_id=gid, user_id=2, is_open=False)  # the game moves elsewhere
    # here still keeps the game before that: its write finds another version and does nothing,
    # and the action is made on the game as read under the lock
    with statements(store) as sent:
        out = await here.act(game_id=gid, user_id=1, action=chips(builder=1), seq=kept.prompt_seqs[0])
    # the write on the kept table changed nothing (its unit rolled back); then the game was read
    assert sent["UPDATE games"] == sent["INSERT"] == 2 and sent["SELECT seats"] == 1, sent
    assert out.table.version == kept.version + 2 and not out.table.seats[1].dm_open
    async with make_sessions(store)() as s:
        log = [(r.seq, r.seat) for r in await repo.action_log(s, gid)]
    assert log == [(kept.version + 2, 0)]
    fresh = await TableService(make_sessions(store)).table_by_id(gid)
    assert same(fresh.engine.dump(fresh.state), out.table.engine.dump(out.table.state))
    assert here.seen.table(gid, out.table.version) is not None  # and kept from now on


async def test_a_refusal_of_a_kept_table_no_longer_current_is_not_the_answer(store: AsyncEngine) -> None:
    here, there = TableService(make_sessions(store)), TableService(make_sessions(store))
    gid = await seated(here)
    await here.act(game_id=gid, user_id=1, action=chips(builder=1))
    kept = await here.table_by_id(gid)
    assert 0 not in kept.prompts  # seat 0 has chosen: as here keeps it, it is not asked
    await there.take_back(game_id=gid, user_id=1)  # elsewhere the choice is taken back: asked again
    out = await here.act(game_id=gid, user_id=1, action=chips(cavalry=1))
    assert out.table.version == kept.version + 2 and out.action_seat == 0
    with pytest.raises(ServiceError) as refused:  # a stale button is still refused
        await here.act(game_id=gid, user_id=1, action=chips(builder=1), seq=kept.prompt_seqs.get(0, 1))
    assert refused.value.code in {"closed", "not_your_turn"}


async def test_a_change_of_seats_alone_moves_the_version_and_is_seen(store: AsyncEngine) -> None:
    here, there = TableService(make_sessions(store)), TableService(make_sessions(store))
    gid = await seated(here)
    before = await here.table_in(CHANNEL)
    assert before is not None and before.seats[1].dm_open
    assert await there.set_dm_open(game_id=gid, user_id=2, is_open=False)  # a seat's row alone changes
    after = await here.table_in(CHANNEL)
    assert after is not None and after.version == before.version + 1 and not after.seats[1].dm_open
    # a unit that changes nothing moves nothing
    assert not await there.set_dm_open(game_id=gid, user_id=2, is_open=False)
    assert (await here.table_in(CHANNEL)).version == after.version


async def test_a_refused_action_leaves_nothing_kept(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    gid = await seated(svc)
    before = await svc.table_by_id(gid)
    with pytest.raises(ServiceError):
        await svc.act(game_id=gid, user_id=1, action={"type": "no such thing"})
    after = await svc.table_by_id(gid)
    assert after is not None and before is not None and after.version == before.version
    assert same(after.engine.dump(after.state), before.engine.dump(before.state))


async def test_message_ids_are_read_once_written_once_and_read_again_after_a_change_elsewhere(
    store: AsyncEngine,
) -> None:
    here, there = TableService(make_sessions(store)), TableService(make_sessions(store))
    gid = await seated(here)
    assert await here.message_of(game_id=gid, kind="dm", user_id=2) is None
    with statements(store) as sent:
        await here.remember_message(game_id=gid, kind="dm", channel_id=7, message_id=70, user_id=2)
        await here.remember_message(game_id=gid, kind="dm", channel_id=7, message_id=70, user_id=2)  # the same
        assert await here.message_of(game_id=gid, kind="dm", user_id=2) == (7, 70)
        assert await here.message_of(game_id=gid, kind="dm", user_id=3) is None
        assert await here.message_of(game_id=gid, kind="dm", user_id=3) is None
    assert sent["INSERT message_refs"] == 1 and sent["SELECT message_refs"] == 1, sent
    assert await there.message_of(game_id=gid, kind="dm", user_id=2) == (7, 70)  # stored, one row
    # another process acts and posts the next prompt: this one reads the message again once it
    # sees the game moved
    await there.act(game_id=gid, user_id=1, action=chips(builder=1))
    await there.remember_message(game_id=gid, kind="dm", channel_id=7, message_id=71, user_id=2)
    await here.table_by_id(gid)
    assert await here.message_of(game_id=gid, kind="dm", user_id=2) == (7, 71)


async def test_message_ids_outlive_a_table_that_went_out_of_the_keep(store: AsyncEngine) -> None:
    """A busy process keeps fewer tables than it has games: a game read again because its table was
    let go still knows its messages, unless someone else changed it meanwhile."""
    here, there = TableService(make_sessions(store)), TableService(make_sessions(store))
    here.seen = Seen(keep=1)
    first = await seated(here)
    for uid in (1, 2):
        await here.join(channel_id=CHANNEL + 1, guild_id=1, user_id=uid, name=f"p{uid}", game_key="burg")
    second = (await here.start(channel_id=CHANNEL + 1, user_id=1)).table.game_id
    for gid, message in ((first, 70), (second, 80)):
        await here.remember_message(game_id=gid, kind="table", channel_id=7, message_id=message)
    with statements(store) as sent:
        for _ in range(3):
            for gid, message in ((first, 70), (second, 80)):
                assert here.seen.latest(gid) is None  # the other game's table took the one place
                table = await here.table_by_id(gid)
                assert table is not None and here.seen.latest(gid) is not None
                assert await here.message_of(game_id=gid, kind="table") == (7, message)
        assert await here.act(game_id=first, user_id=1, action=chips(builder=1))
        assert await here.table_by_id(second) is not None and here.seen.latest(first) is None
        assert await here.table_by_id(first) is not None  # read whole, at the version this process made
        assert await here.message_of(game_id=first, kind="table") == (7, 70)
    assert sent["game read whole"] == 8 and sent["SELECT message_refs"] == 0, sent
    # another process acts and posts a new table message: read again once the change is seen
    await there.act(game_id=first, user_id=2, action=chips(builder=1))
    await there.remember_message(game_id=first, kind="table", channel_id=7, message_id=71)
    await here.table_by_id(first)
    assert await here.message_of(game_id=first, kind="table") == (7, 71)


async def test_a_finished_or_forgotten_game_leaves_nothing_kept(store: AsyncEngine) -> None:
    svc = TableService(make_sessions(store))
    gid = await seated(svc)
    assert svc.seen.table(gid, (await svc.table_by_id(gid)).version) is not None
    await svc.abandon(channel_id=CHANNEL, user_id=1, can_manage=True)
    table = await svc.table_by_id(gid)
    assert table is not None and table.status == "abandoned"
    assert svc.seen.table(gid, table.version) is None  # an ended game is read from the database
    await svc.remember_message(game_id=gid, kind="table", channel_id=7, message_id=70)
    assert svc.seen.ref(gid, "table", 0) == (True, (7, 70))  # until the bot is done with the game
    svc.seen.forget(gid)
    assert svc.seen.ref(gid, "table", 0) == (False, None)
    assert await svc.message_of(game_id=gid, kind="table") == (7, 70)


async def test_server_settings_are_kept_a_while_and_this_process_sees_its_own_changes_at_once(
    store: AsyncEngine,
) -> None:
    now = [0.0]
    here = Preferences(make_sessions(store), keep_for=10, clock=lambda: now[0])
    there = Preferences(make_sessions(store), clock=lambda: now[0])
    assert (await here.server(9)).language is None
    with statements(store) as sent:
        await here.server(9)
    assert sent["SELECT guild_configs"] == 0
    await here.configure(9, language="nl")
    assert (await here.server(9)).language == "nl"
    await there.configure(9, language="en")
    now[0] = 9.9
    assert (await here.server(9)).language == "nl"  # another process's change: seen within keep_for
    now[0] = 10.0
    assert (await here.server(9)).language == "en"


@pytest.mark.parametrize(
    ("key", "players"), [("battles_builders", 3), ("burg", 3), ("war_chest", 2), ("cities_knights", 3)]
)
async def test_actions_on_a_kept_state_store_what_the_log_replays_to(
    store: AsyncEngine, key: str, players: int
) -> None:
    """An action starts from the state this process keeps at the game's version (a copy of it)
    instead of reading and loading the snapshot; what it stores is still exactly the log's state."""
    svc = TableService(make_sessions(store))
    for uid in range(1, players + 1):
        await svc.join(channel_id=CHANNEL, guild_id=1, user_id=uid, name=f"p{uid}", game_key=key if uid == 1 else None)
    gid = (await svc.start(channel_id=CHANNEL, user_id=1)).table.game_id
    rnd = random.Random(key)
    with statements(store) as sent:
        for _ in range(120):
            table = await svc.table_by_id(gid)
            assert table is not None
            if table.status != "running":
                break
            seat = rnd.choice(sorted(table.prompts))
            action = rnd.choice(table.engine.legal(table.state, seat))
            await svc.act(game_id=gid, user_id=table.user_of(seat) or 0, action=action, seq=table.prompt_seqs[seat])
    # the start keeps the table it made: every read and every action finds the state kept, and no
    # snapshot is read (a game that ended is read from the database)
    assert sent["game read whole"] == (table.status != "running") and sent["snapshot read"] == 0, sent
    async with make_sessions(store)() as s:
        row = await repo.game_by_id(s, gid)
        assert row is not None
        state = table.engine.start(players, dict(row.options), row.seed)
        for r in await repo.action_log(s, gid):
            table.engine.apply(state, r.seat, r.action)
        assert table.engine.dump(state) == row.snapshot
