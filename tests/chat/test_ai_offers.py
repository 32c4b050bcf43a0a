"""AI trade offers and the people at the table, through the real client on SimCord: an AI waits for
people's answers only until they have answered (once per offer, the time left shown on the table),
and a person gets at most one offer per AI turn. Time is injected: the AI's sleeps are counted,
never slept."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.store import repo
from bot.store.db import make_sessions
from games.ai.players import decide
from tests.chat.driver import press_to
from tests.chat.flows import current
from tests.chat.world import World

PACE = 1.0  # make_ai(sleep=...): the pace before every AI action
ANSWER_WAIT = 5.0  # and the time people have to answer an AI's offer


class AnswerWaits:
    """The AI players' injected sleep. The pace passes at once; a wait for people's answers
    never ends by itself: either the AI is woken (and cancels it), or the test lets its whole
    time pass (``run_out``), which a test counts as time people spent waiting for the AI."""

    def __init__(self, world: World) -> None:
        self.env = world.env
        self.started: list[float] = []
        self.ran_out: list[float] = []
        self.open: list[asyncio.Future[None]] = []
        self.parked = asyncio.Event()  # a wait is open
        self.closed = asyncio.Event()  # none is

    async def __call__(self, seconds: float) -> None:
        if seconds == PACE:
            return
        self.started.append(seconds)
        wait: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.open.append(wait)
        self.parked.set()
        self.closed.clear()
        try:
            await self.env.external_wait(wait, reason="an AI waits for people's answers")
            self.ran_out.append(seconds)
        finally:
            self.open.remove(wait)
            if not self.open:
                self.parked.clear()
                self.closed.set()

    async def run_out(self) -> None:
        """Let the open waits' whole time pass, and the AI go on from them."""
        for wait in self.open:
            if not wait.done():
                wait.set_result(None)
        await self.closed.wait()


async def settle(world: World, waits: AnswerWaits, game_id: int) -> None:
    """Until the AI players have nothing left to do, or wait for people's answers."""
    ai = world.bot.ai
    while not ai.waiting_for_answers(game_id):
        idle = asyncio.ensure_future(asyncio.shield(ai.idle()))
        parked = asyncio.ensure_future(waits.parked.wait())
        try:
            await asyncio.wait((idle, parked), return_when=asyncio.FIRST_COMPLETED)
        finally:
            idle.cancel()
            parked.cancel()
        if idle.done() and not idle.cancelled():
            return
        await asyncio.sleep(0)  # a wait that a change already woke ends at the AI's next step


def stamp(when: datetime) -> str:
    return f"<t:{int(when.replace(tzinfo=UTC).timestamp())}:R>"


def offer_field(world: World) -> str | None:
    fields = [f for f in world.table_message().embeds[0].fields if f.name == "Open offer"]
    return fields[0].value if fields else None


async def _start(world: World, people: list[Any], *bots: str) -> int:
    await people[0].slash(world.channel, "join", game="cities_knights")
    for person in people[1:]:
        await person.slash(world.channel, "join")
    for level in bots:
        await people[0].slash(world.channel, "addbot", level=level)
    r = await people[0].slash(world.channel, "start", options="layout=beginner")
    assert "begins" in r.response.content, r.response.content
    return (await current(world)).game_id


def invited(table: Any, seat: int) -> bool:
    """The seat is asked to answer an offer (and has no decision of its own open)."""
    return seat in table.prompts and seat not in table.engine.pending(table.state)


async def play_own_turn(world: World, table: Any, members: dict[int, Any], rnd: random.Random) -> bool:
    """A person whose decision is open makes it (as ``normal`` would); False when nobody's is."""
    for seat in sorted(table.engine.pending(table.state)):
        if seat in members:
            action = decide(table.engine, table.state, seat, "normal", seed=rnd.getrandbits(32))
            await press_to(world, members[seat], action)
            return True
    return False


async def test_an_ai_turn_of_offers_answered_at_once_takes_no_waiting(world: World) -> None:
    waits = AnswerWaits(world)
    await world.restart(ai_sleep=waits)
    alice = world.add_player("alice")
    game_id = await _start(world, [alice], "easy", "easy", "easy")
    rnd = random.Random(4)
    answered = 0
    for _ in range(600):
        await settle(world, waits, game_id)
        table = await current(world)
        if invited(table, 0):
            # the table shows the open offer and when the AI goes on without her answer
            shown = offer_field(world)
            assert shown is not None and "offers" in shown and "Waiting for alice to answer" in shown, shown
            assert stamp(world.clock() + timedelta(seconds=ANSWER_WAIT)) in shown
            await press_to(world, alice, {"type": "reject_trade"})  # she declines at once
            answered += 1
        elif answered >= 3:
            break  # three offers answered, and the AI players have stopped (every offer to her answered)
        elif not await play_own_turn(world, table, {0: alice}, rnd):
            # nobody is asked anything, yet the AI waits: let its time pass (and count it)
            assert world.bot.ai.waiting_for_answers(game_id), table.prompts
            await waits.run_out()
    assert answered >= 3, "the AI players made too few offers to alice"
    await settle(world, waits, game_id)
    assert waits.ran_out == []  # not one second of waiting for the AI
    # at most one wait per offer: the three answered, and a fresh one the AI may have made since
    fresh = 1 if world.bot.ai.waiting_for_answers(game_id) else 0
    assert len(waits.started) <= answered + fresh
    if not fresh:
        assert offer_field(world) is None  # no offer is open any more


async def test_one_wait_per_offer_until_every_person_answered_or_left(world: World) -> None:
    waits = AnswerWaits(world)
    await world.restart(ai_sleep=waits)
    alice, bob = world.add_player("alice"), world.add_player("bob")
    game_id = await _start(world, [alice, bob], "easy", "easy")
    members = {0: alice, 1: bob}
    rnd = random.Random(6)
    for _ in range(600):
        await settle(world, waits, game_id)
        table = await current(world)
        if invited(table, 0) and invited(table, 1):
            break
        if invited(table, 0) or invited(table, 1):  # one of them is not asked: answer and go on
            await press_to(world, members[0 if invited(table, 0) else 1], {"type": "reject_trade"})
        elif not await play_own_turn(world, table, members, rnd):
            raise AssertionError("the AI waits while nobody is asked anything")
    else:
        raise AssertionError("no AI offer reached both people")
    until = world.clock() + timedelta(seconds=ANSWER_WAIT)
    assert world.bot.ai.answer_deadline(game_id) == until
    assert "Waiting for alice, bob to answer" in (offer_field(world) or "")
    assert waits.started[-1] == ANSWER_WAIT
    # three seconds later alice declines: the AI waits on for bob, for what is left of the same time
    world.clock.advance(seconds=3)
    await press_to(world, alice, {"type": "reject_trade"})
    await settle(world, waits, game_id)
    assert world.bot.ai.waiting_for_answers(game_id)
    assert waits.started[-1] == ANSWER_WAIT - 3 and world.bot.ai.answer_deadline(game_id) == until
    shown = offer_field(world) or ""
    assert "Waiting for bob to answer" in shown and stamp(until) in shown
    # bob leaves the game: his stand-in answers for him and the AI goes on at once
    offerer = table.engine.view(table.state, None)["trade"]["seat"]
    before = len(await world.service.action_log(game_id))
    r = await bob.slash(world.channel, "resign")
    assert not r.ephemeral, r.response.content
    await settle(world, waits, game_id)
    after = (await world.service.action_log(game_id))[before:]
    assert after[0][0] == 1 and after[0][1]["type"] in ("accept_trade", "reject_trade", "counter_offer")
    assert after[1][0] == offerer  # the AI went on
    assert waits.ran_out == []


async def until_alice_is_asked(world: World, waits: AnswerWaits, game_id: int, alice: Any, rnd: random.Random) -> Any:
    """Alice plays her own turns until an AI offer asks her to answer; the table then."""
    for _ in range(600):
        await settle(world, waits, game_id)
        table = await current(world)
        if invited(table, 0):
            return table
        assert await play_own_turn(world, table, {0: alice}, rnd)
    raise AssertionError("no AI offer reached alice")


async def test_an_unanswered_offer_costs_one_wait_and_an_ended_game_none(world: World) -> None:
    waits = AnswerWaits(world)
    await world.restart(ai_sleep=waits)
    alice = world.add_player("alice")
    game_id = await _start(world, [alice], "easy", "easy", "easy")
    rnd = random.Random(8)
    table = await until_alice_is_asked(world, waits, game_id, alice, rnd)
    assert waits.started == [ANSWER_WAIT] and world.bot.ai.waiting_for_answers(game_id)
    offerer = table.engine.view(table.state, None)["trade"]["seat"]
    before = len(await world.service.action_log(game_id))
    world.clock.advance(seconds=ANSWER_WAIT)
    await waits.run_out()  # alice says nothing
    await settle(world, waits, game_id)
    after = (await world.service.action_log(game_id))[before:]
    assert after and after[0][0] == offerer  # the AI went on without her answer
    assert waits.ran_out == [ANSWER_WAIT]
    # the next offer is open when alice ends the game: the AI stops waiting at once
    await until_alice_is_asked(world, waits, game_id, alice, rnd)
    assert world.bot.ai.waiting_for_answers(game_id)
    r = await alice.slash(world.channel, "abandon")
    assert not r.ephemeral, r.response.content
    await settle(world, waits, game_id)
    assert not world.bot.ai._tasks and waits.ran_out == [ANSWER_WAIT]


async def test_after_a_restart_the_waiting_ai_shows_its_time_again(world: World) -> None:
    waits = AnswerWaits(world)
    await world.restart(ai_sleep=waits)
    alice = world.add_player("alice")
    game_id = await _start(world, [alice], "easy", "easy", "easy")
    await until_alice_is_asked(world, waits, game_id, alice, random.Random(8))
    world.clock.advance(seconds=2)
    later = AnswerWaits(world)
    await world.restart(ai_sleep=later)  # the bot goes down while its AI waits; the new one waits anew
    await settle(world, later, game_id)
    assert later.started == [ANSWER_WAIT] and world.bot.ai.waiting_for_answers(game_id)
    assert stamp(world.clock() + timedelta(seconds=ANSWER_WAIT)) in (offer_field(world) or "")


async def _seed(world: World, game_id: int) -> int:
    async with make_sessions(world.engine)() as s:
        row = await repo.game_by_id(s, game_id)
        assert row is not None
        return row.seed


async def test_a_person_gets_at_most_one_offer_per_ai_turn(world: World) -> None:
    alice = world.add_player("alice")
    game_id = await _start(world, [alice], "easy", "hard", "easy")
    rnd = random.Random(2)
    for _ in range(400):
        await world.bot.ai.idle()
        table = await current(world)
        if table.engine.view(table.state, None)["turn_no"] >= 24:
            break
        if invited(table, 0):
            answer = rnd.choice([{"type": "reject_trade"}, *table.engine.legal(table.state, 0)[:1]])
            await press_to(world, alice, answer)
        else:
            assert await play_own_turn(world, table, {0: alice}, rnd)
    # every offer an AI seat made reached alice by DM; per AI turn at most one
    engine = table.engine
    state = engine.start(4, dict(table.options), await _seed(world, game_id))
    per_turn: Counter[int] = Counter()
    for seat, action in await world.service.action_log(game_id):
        offers = [e for e in engine.apply(state, seat, action) if e["type"] == "trade_offered"]
        # an offer made whole or composed step by step, when it reaches alice
        if seat != 0 and any(0 in e["addressed"] for e in offers):
            per_turn[state.turn_no] += 1
    asked = [m.content for m in world.dm_messages(alice) if "accept, decline or counter" in (m.content or "")]
    assert per_turn, "no AI offered alice anything"
    assert max(per_turn.values()) == 1, per_turn
    assert len(asked) == sum(per_turn.values())
