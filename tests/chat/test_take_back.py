"""“↶ Take back” through the real client on SimCord, in English and Dutch: offered on the private
“Done:” answer of a move that showed nothing new, in every game; the game goes back to just before
it and the table says who took back what (a hidden pick unnamed); not offered after a move that
revealed something; refused once someone else acted, also after a restart; a take back racing the
next player's move applies exactly one."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.service.errors import ServiceError
from bot.service.notices import Table
from bot.service.tables import TableService
from bot.store import repo
from bot.store.db import make_engine, make_sessions
from games.takeback import reveals
from tests.chat.driver import press_to
from tests.chat.flows import current
from tests.chat.world import World, components

WORDS = {
    "en": {
        "button": "↶ Take back",
        "done": "Done:",
        "taken": "Taken back:",
        "hidden": "↶ {name} took back a hidden choice.",
        "named": "↶ {name} took back: ",
        "acted": "This choice is no longer open: someone else has acted since your move, so it stands.",
        "closed": "This choice is no longer open.",
        "settlement": "Build › settlement",
    },
    "nl": {
        "button": "↶ Terugnemen",
        "done": "Gedaan:",
        "taken": "Teruggenomen:",
        "hidden": "↶ {name} nam een geheime keuze terug.",
        "named": "↶ {name} nam terug: ",
        "acted": "Deze keuze is niet meer open: iemand anders heeft na je zet al gespeeld, dus die blijft staan.",
        "closed": "Deze keuze is niet meer open.",
        "settlement": "Bouwen › nederzetting",
    },
}


async def start(world: World, game: str, names: list[str], lang: str, *, bots: int = 0) -> list[Any]:
    """A running game whose players read ``lang`` and whose channel speaks it."""
    if lang == "nl":
        role = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = world.add_player("admin", roles=[role])
        await admin.slash(world.channel, "config", language="nl")
    members = [world.add_player(n) for n in names]
    for m in members:
        world.locales[m.id] = lang
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    for _ in range(bots):
        await members[0].slash(world.channel, "addbot")
    r = await members[0].slash(world.channel, "start")
    assert r.response is not None and ("begins" in r.response.content or "begint" in r.response.content)
    return members


def take_back_button(message: discord.Message) -> Any:
    found = [c for c in components(message) if (getattr(c, "custom_id", None) or "").startswith("tb:")]
    return found[0] if found else None


def answer_of(result: Any) -> discord.Message:
    """The message a press was answered with (a DM edited in place, or a new ephemeral one)."""
    message = result.response.message if result.response is not None else None
    assert message is not None, result
    return message


async def logged(world: World, game_id: int) -> list[tuple[int, dict[str, Any]]]:
    async with world.service.sessions() as s:
        return [(r.seat, r.action) for r in await repo.action_log(s, game_id)]


def quiet(table: Table, seat: int, kinds: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A move of the seat that shows nothing new (so it may be taken back)."""
    for action in table.engine.legal(table.state, seat):
        if kinds is not None and action["type"] not in kinds:
            continue
        if not reveals(table.engine, table.state, seat, action, players=len(table.seats)):
            return action
    raise AssertionError("no quiet move")


def table_answer(world: World, member: Any) -> discord.Message:
    """The member's private answer at the table (ephemeral) that carries “↶ Take back”."""
    found = [m for m in world.channel.history(viewer=member.user) if m.flags.ephemeral and take_back_button(m)]
    assert found, "no answer with a take back at the table"
    return found[-1]


def menu_parts(world: World, member: Any) -> list[Any]:
    """The menu components on the member's DMs (buttons and selects of a prompt)."""
    ids = [getattr(c, "custom_id", None) or "" for m in world.dm_messages(member) for c in components(m)]
    return [cid for cid in ids if cid.startswith(("st:", "sst:", "tst:"))]


def dm_answer(world: World, member: Any) -> discord.Message:
    """The member's DM that carries “↶ Take back” (their last answer)."""
    found = [m for m in world.dm_messages(member) if take_back_button(m) is not None]
    assert found, [m.content for m in world.dm_messages(member)]
    return found[-1]


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_hidden_pick_is_taken_back_in_the_dm_and_the_channel_never_learns_it(world: World, lang: str) -> None:
    """Im Schutze der Burg: alice's first card is taken back from her DM answer; she picks again;
    once bob has picked, her button says someone acted since; the last pick, which turns every
    pick over, offers nothing."""
    words = WORDS[lang]
    alice, bob, carol = await start(world, "burg", ["alice", "bob", "carol"], lang)
    before = await current(world)
    done = await press_to(world, alice, {"type": "select", "card": "trader"})
    assert f"\n{words['done']} " in done, done
    answer = dm_answer(world, alice)
    button = take_back_button(answer)
    assert button.label == words["button"]
    result = await alice.user.click(answer, custom_id=button.custom_id)
    message = answer_of(result)
    assert message.id == answer.id and (message.content or "").count(words["taken"]) == 1
    assert take_back_button(message) is None  # nothing more to take back
    after = await current(world)
    assert after.engine.dump(after.state) == before.engine.dump(before.state)
    assert await logged(world, after.game_id) == []
    assert after.version > before.version
    assert words["hidden"].format(name="alice") in world.recent_lines()
    trader = ("Trader", "Handelaar")
    assert not any(name in line for line in world.channel_texts(bob) for name in trader)
    # her choice is in front of her again: she picks once more, then bob picks
    await press_to(world, alice, {"type": "select", "card": "messenger"})
    again = dm_answer(world, alice)
    await press_to(world, bob, {"type": "select", "card": "trader"})
    refused = await alice.user.click(again, custom_id=take_back_button(again).custom_id)
    assert refused.response is not None and refused.response.content == words["acted"]
    assert len(await logged(world, after.game_id)) == 2
    # carol's pick turns them all over: nothing to take back
    last = await current(world)
    await press_to(world, carol, last.engine.legal(last.state, 2)[0])
    assert all(take_back_button(m) is None for m in world.dm_messages(carol))


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_settlement_is_taken_back_on_the_table_and_named(world: World, lang: str) -> None:
    """Cities & Knights' set-up is played on the table message: the settlement's “Done:” comes
    privately with “↶ Take back”; taking it back shows the settlement's choice again and the
    table's last moves name it, in the channel's language."""
    words = WORDS[lang]
    members = await start(world, "cities_knights", ["alice", "bob", "carol"], lang)
    table = await current(world)
    seat = min(table.prompts)
    member = next(m for m in members if m.id == table.user_of(seat))
    name = table.seats[seat].name
    before = table.engine.dump(table.state)
    settlement = quiet(table, seat, ("build_settlement",))
    done = await press_to(world, member, settlement)
    assert f"\n{words['done']} {words['settlement']}" in done, done
    answer = table_answer(world, member)
    button = take_back_button(answer)
    assert button.label == words["button"]
    result = await member.click(answer, custom_id=button.custom_id)
    message = answer_of(result)
    assert message.flags.ephemeral and (message.content or "").count(words["taken"]) == 1
    assert words["settlement"] in (message.content or "")
    after = await current(world)
    assert after.engine.dump(after.state) == before and await logged(world, after.game_id) == []
    line = next(line for line in world.recent_lines() if line.startswith(words["named"].format(name=name)))
    assert words["settlement"] in line
    # the settlement is asked again right there, on buttons of the prompt as it is now
    live = [c.custom_id for c in components(message) if (c.custom_id or "").startswith(("st:", "sst:"))]
    assert live and all(f":{after.prompt_seqs[seat]}:" in cid for cid in live)
    world.open_menus[member.id] = message
    assert f"\n{words['done']} " in await press_to(world, member, settlement)
    # settlement and road, then both back one after the other: each answer offers the one before
    table = await current(world)
    await press_to(world, member, quiet(table, seat, ("build_road",)))
    answer = table_answer(world, member)
    road_back = answer_of(await member.click(answer, custom_id=take_back_button(answer).custom_id))
    assert words["taken"] in (road_back.content or "") and take_back_button(road_back) is not None
    settlement_back = answer_of(await member.click(road_back, custom_id=take_back_button(road_back).custom_id))
    assert f"{words['taken']} {words['settlement']}" in (settlement_back.content or "")
    assert take_back_button(settlement_back) is None
    final = await current(world)
    assert final.engine.dump(final.state) == before and await logged(world, final.game_id) == []


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_war_chest_move_is_taken_back_from_the_dm_and_named(world: World, lang: str) -> None:
    """War Chest's turn is secret (a DM): a quiet move is offered back and named on the table; the
    opponent's DM menu, sent when the turn passed to them, loses its buttons."""
    words = WORDS[lang]
    alice, bob = await start(world, "war_chest", ["alice", "bob"], lang)
    table = await current(world)
    seat = min(table.engine.pending(table.state))
    member, other = (alice, bob) if table.user_of(seat) == alice.id else (bob, alice)
    await press_to(world, member, quiet(table, seat, ("deploy", "recruit", "bolster")))
    answer = dm_answer(world, member)
    assert take_back_button(answer).label == words["button"]
    assert menu_parts(world, other)  # the turn passed to the opponent: a DM menu
    result = await member.user.click(answer, custom_id=take_back_button(answer).custom_id)
    assert (answer_of(result).content or "").count(words["taken"]) == 1
    after = await current(world)
    assert after.engine.dump(after.state) == table.engine.dump(table.state)
    assert any(line.startswith(words["named"].format(name=member.name)) for line in world.recent_lines())
    assert not menu_parts(world, other)


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_commit_is_taken_back_and_the_round_s_last_is_not_offered(world: World, lang: str) -> None:
    """Battles & Builders: the first commit goes back unnamed; the round's last commit turns them
    all over, so its answer offers nothing."""
    words = WORDS[lang]
    alice, bob = await start(world, "battles_builders", ["alice", "bob"], lang)
    table = await current(world)
    first_seat = min(table.prompts)
    first, second = (alice, bob) if table.user_of(first_seat) == alice.id else (bob, alice)
    await press_to(world, first, table.engine.legal(table.state, first_seat)[-1])
    answer = dm_answer(world, first)
    await first.user.click(answer, custom_id=take_back_button(answer).custom_id)
    assert words["hidden"].format(name=first.name) in world.recent_lines()
    assert await logged(world, table.game_id) == []
    await press_to(world, first, table.engine.legal(table.state, first_seat)[-1])
    table = await current(world)
    seat = table.seat_of(second.id) or 0
    await press_to(world, second, table.engine.legal(table.state, seat)[-1])
    assert all(take_back_button(m) is None for m in world.dm_messages(second))


class Pace:
    """The AI players' pace before a move, as the injected sleep: it ends when the test says so."""

    def __init__(self, world: World) -> None:
        self.env = world.env
        self.waiting: list[asyncio.Future[None]] = []

    async def __call__(self, _seconds: float) -> None:
        wait: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append(wait)
        try:
            await self.env.external_wait(wait, reason="an AI player's pace before its move")
        finally:
            self.waiting.remove(wait)

    def release(self) -> None:
        for wait in self.waiting:
            if not wait.done():
                wait.set_result(None)


async def test_against_an_ai_player_a_take_back_before_its_move_and_racing_it(world: World) -> None:
    """War Chest against an AI player that waits its pace before moving (a sleep the test opens):
    a take back while it waits applies, and its decision, made on the game as it was, is not; a
    take back pressed as the AI moves applies exactly one of the two. The AI's moves are never
    offered back, and once it has moved the person's button is gone from their DM."""
    pace = Pace(world)
    await world.restart(ai_sleep=pace)
    (alice,) = await start(world, "war_chest", ["alice"], "en", bots=1)
    table = await current(world)
    seat = table.seat_of(alice.id) or 0
    if seat not in table.engine.pending(table.state):  # the AI begins: let it move once
        pace.release()
        await world.bot.ai.idle()
        table = await current(world)
    start_dump = table.engine.dump(table.state)
    moves = len(await logged(world, table.game_id))

    # 1. taken back while the AI waits: the AI's move (on the old game) is refused, it stays put
    await press_to(world, alice, quiet(table, seat, ("deploy", "recruit", "bolster", "move")))
    assert pace.waiting  # the AI waits its pace
    answer = dm_answer(world, alice)
    await alice.user.click(answer, custom_id=take_back_button(answer).custom_id)
    pace.release()
    await world.bot.ai.idle()
    after = await current(world)
    assert after.engine.dump(after.state) == start_dump and len(await logged(world, after.game_id)) == moves

    # 2. pressed as the AI moves: exactly one of the two
    await press_to(world, alice, quiet(after, seat, ("deploy", "recruit", "bolster", "move")))
    answer = dm_answer(world, alice)
    button = take_back_button(answer)

    async def let_the_ai_move() -> None:
        pace.release()

    assert pace.waiting  # the AI waits its pace
    pressed, _ = await asyncio.gather(alice.user.click(answer, custom_id=button.custom_id), let_the_ai_move())
    await world.bot.ai.idle()
    log = await logged(world, after.game_id)
    if len(log) == moves:  # the take back won; the AI's move on the game it saw was refused
        assert (await current(world)).engine.dump((await current(world)).state) == start_dump
    else:
        assert [s for s, _ in log[moves:]] == [seat, 1 - seat], log
        assert pressed.response is not None and pressed.response.content == WORDS["en"]["acted"]
        # and no DM of alice offers it any more
        assert all(take_back_button(m) is None for m in world.dm_messages(alice))


async def test_a_take_back_racing_the_next_player_applies_exactly_one(world: World) -> None:
    """Cities & Knights' set-up: after alice's road it is bob's turn. Alice presses “↶ Take back”
    here while bob's settlement reaches another bot process on the same database at the same
    moment: exactly one is applied, and alice's answer says which."""
    members = await start(world, "cities_knights", ["alice", "bob", "carol"], "en")
    table = await current(world)
    seat = min(table.prompts)
    mover = next(m for m in members if m.id == table.user_of(seat))
    await press_to(world, mover, quiet(table, seat, ("build_settlement",)))
    table = await current(world)
    await press_to(world, mover, quiet(table, seat, ("build_road",)))
    answer = table_answer(world, mover)
    button = take_back_button(answer)
    table = await current(world)
    (nxt,) = table.prompts
    assert nxt != seat
    before = await logged(world, table.game_id)
    other_process = make_engine(f"sqlite+aiosqlite:///{world.db_path}")
    try:
        other = TableService(make_sessions(other_process), now=world.clock)
        move = other.act(
            game_id=table.game_id,
            user_id=table.user_of(nxt) or 0,
            action=quiet(table, nxt, ("build_settlement",)),
            seq=table.prompt_seqs[nxt],
        )
        take, moved = await asyncio.gather(
            mover.click(answer, custom_id=button.custom_id), move, return_exceptions=True
        )
    finally:
        await other_process.dispose()
    after = await logged(world, table.game_id)
    said = take.response.content or "" if not isinstance(take, BaseException) and take.response else ""
    if len(after) == len(before) - 1:  # the take back won: bob's settlement was refused
        assert isinstance(moved, ServiceError) and moved.code == "closed", moved
        assert said.count(WORDS["en"]["taken"]) == 1, said
    else:
        assert not isinstance(moved, BaseException), moved
        assert [s for s, _ in after] == [s for s, _ in before] + [nxt]
        assert said == WORDS["en"]["acted"], said


async def test_the_answer_to_play_offers_it_too(world: World) -> None:
    """A move typed with `/play` is answered privately with “↶ Take back”; a secret choice taken back
    there comes again by DM."""
    alice, bob, carol = await start(world, "burg", ["alice", "bob", "carol"], "en")
    before = await current(world)
    offered = await alice.autocomplete(world.channel, "play", "action", "")
    r = await alice.slash(world.channel, "play", action=offered[0]["value"])
    assert r.response is not None and r.response.ephemeral and r.response.content.startswith("Done: ")
    button = take_back_button(r.response.message)
    dms = len(world.dm_messages(alice))
    result = await alice.click(r.response.message, custom_id=button.custom_id)
    assert answer_of(result).content.startswith("Taken back: ")
    after = await current(world)
    assert after.engine.dump(after.state) == before.engine.dump(before.state)
    assert len(world.dm_messages(alice)) == dms + 1 and menu_parts(world, alice)  # the choice, by DM again


async def test_a_take_back_works_after_a_restart(world: World) -> None:
    """The button is persistent: the bot restarts between the answer and the press."""
    alice, bob, carol = await start(world, "burg", ["alice", "bob", "carol"], "en")
    before = await current(world)
    await press_to(world, alice, {"type": "select", "card": "trader"})
    await world.restart()
    answer = dm_answer(world, alice)
    result = await alice.user.click(answer, custom_id=take_back_button(answer).custom_id)
    assert (answer_of(result).content or "").count("Taken back:") == 1
    after = await current(world)
    assert after.engine.dump(after.state) == before.engine.dump(before.state)
    assert "↶ alice took back a hidden choice." in world.recent_lines()


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_help_tells_of_it(world: World, lang: str) -> None:
    alice = world.add_player("alice")
    world.locales[alice.id] = lang
    r = await alice.slash(world.channel, "help")
    assert f"**{WORDS[lang]['button']}**" in r.response.embeds[0].description
