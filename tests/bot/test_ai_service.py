"""AI seats in the table service and the AI runner, on real databases (SQLite; PostgreSQL when set).

The runner thinks in a real worker process; its pace is an injected sleep, never a real wait."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.autoplay import AIPlayers, next_ai_seat, thinking_pool
from bot.service.errors import ServiceError
from bot.service.notices import Outcome
from bot.service.tables import TableService
from bot.store.db import make_sessions
from bot.store.models import FINISHED

CHANNEL = 777


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    executor = thinking_pool(1)
    yield executor
    executor.shutdown(wait=True)


@pytest.fixture
def svc(store: AsyncEngine) -> TableService:
    return TableService(make_sessions(store))


async def test_ai_seats_are_stored_with_their_level(svc: TableService) -> None:
    await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="ann", game_key="burg")
    await svc.add_bot(channel_id=CHANNEL, user_id=1, level="hard")
    table = await svc.add_bot(channel_id=CHANNEL, user_id=1)
    assert [(s.name, s.ai_level, s.user_id) for s in table.seats] == [
        ("ann", None, 1),
        ("Ada", "hard", None),
        ("Bram", "normal", None),
    ]
    assert table.names == ["ann", "Ada (AI)", "Bram (AI)"]
    with pytest.raises(ServiceError) as err:
        await svc.add_bot(channel_id=CHANNEL, user_id=1, level="expert")
    assert err.value.code == "bad_level"
    # A second person joins after the bots: seats stay dense.
    table = await svc.join(channel_id=CHANNEL, guild_id=1, user_id=2, name="bob")
    assert [s.position for s in table.seats] == [0, 1, 2, 3]
    table, gone = await svc.remove_bot(channel_id=CHANNEL, user_id=2, name="ADA")
    assert gone == "Ada" and [(s.position, s.name) for s in table.seats] == [(0, "ann"), (1, "Bram"), (2, "bob")]


async def test_a_lobby_of_only_ai_players_closes(svc: TableService) -> None:
    await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="ann", game_key="battles_builders")
    await svc.add_bot(channel_id=CHANNEL, user_id=1)
    await svc.add_bot(channel_id=CHANNEL, user_id=1)
    assert (await svc.leave(channel_id=CHANNEL, user_id=1)).status == "abandoned"
    assert await svc.table_in(CHANNEL) is None


async def test_an_ai_decision_made_on_an_old_version_is_not_applied(svc: TableService) -> None:
    await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="ann", game_key="battles_builders")
    await svc.add_bot(channel_id=CHANNEL, user_id=1, level="easy")
    out = await svc.start(channel_id=CHANNEL, user_id=1)
    table = out.table
    assert next_ai_seat(table) is None  # the person commits first (turn order)
    action = table.engine.legal(table.state, 0)[0]
    with pytest.raises(ServiceError) as err:  # an AI may act only for an AI seat
        await svc.act_ai(game_id=table.game_id, seat=0, action=action, version=table.version)
    assert err.value.code == "not_a_player"
    after = (await svc.act(game_id=table.game_id, user_id=1, action=action)).table
    assert next_ai_seat(after) == 1
    ai_action = after.engine.legal(after.state, 1)[0]
    with pytest.raises(ServiceError) as err:
        await svc.act_ai(game_id=table.game_id, seat=1, action=ai_action, version=table.version)
    assert err.value.code == "closed"
    done = await svc.act_ai(game_id=table.game_id, seat=1, action=ai_action, version=after.version)
    assert done.action_seat == 1 and len(await svc.action_log(table.game_id)) == 2


async def test_the_runner_plays_ai_turns_in_a_worker_process(svc: TableService, pool: ProcessPoolExecutor) -> None:
    await svc.join(channel_id=CHANNEL, guild_id=1, user_id=1, name="ann", game_key="battles_builders")
    await svc.add_bot(channel_id=CHANNEL, user_id=1, level="normal")
    await svc.add_bot(channel_id=CHANNEL, user_id=1, level="hard")
    out = await svc.start(channel_id=CHANNEL, user_id=1)
    game_id = out.table.game_id
    paused: list[float] = []
    told: list[Outcome] = []

    async def pace(seconds: float) -> None:
        paused.append(seconds)

    async def tell(outcome: Outcome) -> None:
        told.append(outcome)

    ai = AIPlayers(svc, pool, delay=0.5, iterations=16, sleep=pace)
    ai.on_outcome = tell
    for _ in range(200):
        table = await svc.table_by_id(game_id)
        assert table is not None
        if table.status == FINISHED:
            break
        if 0 in table.engine.pending(table.state):
            await svc.act(game_id=game_id, user_id=1, action=table.engine.legal(table.state, 0)[-1])
        ai.kick(game_id)
        await ai.idle()
    else:
        raise AssertionError("the game did not end")
    assert told and {o.action_seat for o in told} == {1, 2}
    assert paused == [0.5] * len(told)  # the pace is kept before every AI action, through the clock given
    log = await svc.action_log(game_id)
    assert len(log) == sum(1 for seat, _ in log if seat == 0) + len(told)
