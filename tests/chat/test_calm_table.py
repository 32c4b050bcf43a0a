"""The calm table through the real client on SimCord: one living table message, a post only when a
person must be told, the DMs-closed notice once, private answers that show the state after the
action, every answer in the presser's language, and the play-by-play in a thread or /status."""

from __future__ import annotations

import random
import re
from typing import Any

import discord

from benchmarks.api_requests import RequestCounter
from bot.chat import render
from bot.chat.controller import DM_RETRY, LOG_BATCH, LOG_OPEN, TABLE_HOLD
from bot.service import menus
from games.ai.players import decide
from games.takeback import reveals
from tests.chat.driver import menu_path_to, play_until_over, press_to
from tests.chat.flows import current
from tests.chat.world import World, components

MENTION = re.compile(r"<@!?(\d+)>")
DMS_CLOSED = ("can't send you direct messages", "geen privéberichten sturen")


def _admin(world: World, name: str) -> Any:
    role = world.guild.create_role(f"Admins {name}", permissions=discord.Permissions(manage_guild=True))
    return world.add_player(name, roles=[role])


async def _start(world: World, game: str, members: list[Any], options: str | None = None) -> None:
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await (
        members[0].slash(world.channel, "start", options=options)
        if options
        else members[0].slash(world.channel, "start")
    )
    assert r.response is not None and ("begins" in r.response.content or "begint" in r.response.content)


def _close_dms(world: World, member: Any) -> None:
    world.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def _play(
    world: World, members: list[Any], rnd: random.Random, actions: int
) -> list[tuple[int, list[discord.Message]]]:
    """People make ``actions`` moves chosen by the normal AI, pressed through the menus; for each,
    the acting person's id and the posts that appeared in the channel meanwhile."""
    by_id = {m.id: m for m in members}
    seen: list[tuple[int, list[discord.Message]]] = []
    for _ in range(actions):
        table = await world.service.table_in(world.channel.id)
        if table is None:
            break
        seat = rnd.choice(sorted(table.engine.pending(table.state)) or sorted(table.prompts))
        action = decide(table.engine, table.state, seat, "normal", seed=rnd.getrandbits(32))
        before = {m.id for m in world.posts()}
        user_id = table.user_of(seat) or 0
        await press_to(world, by_id[user_id], action)
        seen.append((user_id, [m for m in world.posts() if m.id not in before]))
    return seen


async def test_the_table_message_is_edited_and_only_hand_overs_are_posted(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await _start(world, "war_chest", [alice, bob])
    table_id = world.table_message().id
    turns = await _play(world, [alice, bob], random.Random(5), 40)
    assert len(turns) == 40
    assert world.table_message().id == table_id  # the same message, edited throughout
    posts = [m for _, new in turns for m in new]
    # every post is a turn mention of the person the decision passed to, never of who just acted
    # (opening the log thread under the table message shows once as Discord's "started a thread")
    assert sum(m.type == discord.MessageType.thread_created for m in posts) <= 1
    for actor, new in turns:
        for message in new:
            if message.type == discord.MessageType.thread_created:
                continue
            called = {int(x) for x in MENTION.findall(message.content)}
            assert called and actor not in called, message.content
    assert len(posts) <= 40 * 15 // 100 + sum(1 for _, new in turns if new)
    # answered mentions are taken away: the channel holds at most one per game
    mentions = [m for m in world.posts() if MENTION.search(m.content or "") and "begins" not in m.content]
    assert len(mentions) <= 1
    # the table message carries the last moves, newest last, as the game logged them
    table = await current(world)
    expected = render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :]
    assert world.recent_lines() == expected and expected


async def test_the_person_who_acts_is_not_called_for_their_next_step(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await _start(world, "burg", [alice, bob, carol])
    turns = await _play(world, [alice, bob, carol], random.Random(2), 60)
    for actor, new in turns:
        for message in new:
            assert str(actor) not in MENTION.findall(message.content), message.content


async def test_closed_dms_are_told_once_and_make_my_choice_works_every_time(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    _close_dms(world, bob)
    await _start(world, "battles_builders", [alice, bob])
    await _commit(world, alice)  # commits are made in turn: bob's prompt comes now
    notices = [t for t in world.channel_texts() if any(k in t for k in DMS_CLOSED)]
    assert len(notices) == 1 and f"<@{bob.id}>" in notices[0]
    game_id = (await current(world)).game_id
    # the notice survives a restart: the new process does not tell the channel again
    await world.restart()
    await play_until_over(world, random.Random(3))  # bob plays every prompt through Make my choice
    notices = [t for t in world.channel_texts() if any(k in t for k in DMS_CLOSED)]
    assert len(notices) == 1
    assert world.dm_messages(bob) == []
    table = await world.service.table_by_id(game_id)
    assert table is not None and table.status == "finished"


async def test_a_person_called_again_leaves_one_mention_in_the_channel(world: World) -> None:
    """With closed DMs every secret turn of bob's is a mention; he answers it and is called again at
    his next turn: the answered mention goes, so the channel never holds more than one."""
    alice, bob = world.add_player("alice"), world.add_player("bob")
    _close_dms(world, bob)
    await _start(world, "battles_builders", [alice, bob])
    rnd, calls = random.Random(4), 0

    def mentions() -> list[discord.Message]:
        posts = [m for m in world.posts() if MENTION.search(m.content or "") and "begins" not in m.content]
        return [m for m in posts if not any(k in m.content for k in DMS_CLOSED)]

    while await world.service.table_in(world.channel.id) is not None:
        before = {m.id for m in mentions()}
        await _play(world, [alice, bob], rnd, 1)
        calls += len({m.id for m in mentions()} - before)
        assert len(mentions()) <= 1, [m.content for m in mentions()]
    assert calls >= 3  # bob was called at several turns


async def test_the_notice_comes_again_only_after_dms_worked_and_failed(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    route = f"/channels/{bob.user.dm_channel.id}/messages"
    world.env.inject_error("POST", route, status=403, code=50007, message="Cannot send messages to this user", times=1)
    await _start(world, "battles_builders", [alice, bob])
    await _commit(world, alice)

    def count() -> int:
        return len([t for t in world.channel_texts() if any(k in t for k in DMS_CLOSED)])

    assert count() == 1
    table = await current(world)
    assert not table.seats[1].dm_open and table.seats[1].dm_noticed
    # bob answers through Make my choice; a refused inbox is tried again only after DM_RETRY
    # seconds, and then his DM gets through (his DMs are open again) ...
    rnd = random.Random(1)
    world.clock.advance(seconds=DM_RETRY + 1)
    while not table.seats[1].dm_open:
        table = await _step(world, [alice, bob], rnd)
    assert not table.seats[1].dm_noticed and count() == 1
    # ... and when they close again, the channel is told once more, and only once
    _close_dms(world, bob)
    while table.seats[1].dm_open:
        table = await _step(world, [alice, bob], rnd)
    assert count() == 2
    world.clock.advance(seconds=DM_RETRY + 1)  # tried again, refused again: no new notice
    for _ in range(10):
        table = await _step(world, [alice, bob], rnd)
    assert count() == 2


async def _step(world: World, members: list[Any], rnd: random.Random) -> Any:
    """One move of whoever is asked first, as the normal AI would make it; the table after."""
    table = await current(world)
    seat = sorted(table.prompts)[0]
    member = next(m for m in members if m.id == table.user_of(seat))
    await press_to(world, member, decide(table.engine, table.state, seat, "normal", seed=rnd.getrandbits(32)))
    return await current(world)


async def _commit(world: World, member: Any) -> None:
    table = await current(world)
    seat = table.seat_of(member.id)
    await press_to(world, member, decide(table.engine, table.state, seat, "normal", seed=3))


async def test_make_my_choice_shows_the_state_after_the_action(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    _close_dms(world, bob)
    await _start(world, "battles_builders", [alice, bob])
    await _commit(world, alice)
    table = await current(world)
    r = await bob.click(world.table_message(), custom_id=f"mk:{table.game_id}")
    message = r.response.message
    before = message.embeds[0].description
    action = decide(table.engine, table.state, 1, "normal", seed=7)
    # press through the ephemeral menu to the commit, reading the ephemeral after each press
    path = menu_path_to(table, 1, "en", action)
    result = None
    pressed = 0
    while pressed < len(path):  # each time the furthest step offered: a button or an option of a select
        parts = [c for row in message.components for c in row.children]
        for depth in range(len(path), pressed, -1):
            value = ".".join(path[:depth])
            cid = f"st:{table.game_id}:1:{table.prompt_seqs[1]}:en:{value}"
            if cid in [getattr(c, "custom_id", None) for c in parts]:
                result = await bob.click(message, custom_id=cid)
                break
            select = next((c for c in parts if value in [o.value for o in getattr(c, "options", [])]), None)
            if select is not None:
                result = await bob.select(message, [value], custom_id=select.custom_id)
                break
        else:
            raise AssertionError(f"no way on to {path} in {message.content!r}")
        message, pressed = result.response.message, depth
    assert result is not None and "Done:" in (result.response.content or "")
    after = await current(world)
    expected = render.private_text(after, 1, "en")
    assert (message.embeds[0].description or "").startswith(expected + "\n\n") and before != message.embeds[
        0
    ].description
    assert "\nYour stock: " in expected and "Your stock: 12 builders, 4 infantry, 4 cavalry, 4 archers" not in expected
    assert not message.attachments  # the seat's own part in words; the board is the table's picture


async def test_dm_answer_shows_the_seat_s_own_part_after_the_action(world: World) -> None:
    alice, bob, carol = (world.add_player(n) for n in ("alice", "bob", "carol"))
    await _start(world, "burg", [alice, bob, carol])
    await press_to(world, alice, {"type": "select", "card": "trader"})
    dm = world.last_dm(alice)
    table = await current(world)
    own = render.private_text(table, 0, "en")
    assert (
        own
        == "Your hand: "
        + ", ".join(
            ["Messenger", "Trader", "Bricklayer", "Stonemason", "Worker 1", "Worker 2", "Worker 3", "Master builder"]
        )
        + "\nYour pick this round (secret): Trader"
    )
    assert (dm.embeds[0].description or "").startswith(own + "\n\nThe board, the scores and whose turn it is: ")
    assert "VP" not in (dm.embeds[0].description or "") and not dm.attachments


async def test_a_dutch_person_on_an_english_table_reads_dutch_and_the_reverse(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    world.locales[bob.id] = "nl"
    await _start(world, "war_chest", [alice, bob])
    for _ in range(6):
        table = await current(world)
        seat = sorted(table.prompts)[0]
        member = alice if table.user_of(seat) == alice.id else bob
        texts = await _press_all(world, member, table, seat)
        if member is bob:
            assert any("Gedaan:" in t for t in texts) and not any("Done:" in t for t in texts), texts
        else:
            assert any("Done:" in t for t in texts) and not any("Gedaan:" in t for t in texts), texts
    # the table itself speaks the channel's language
    assert world.table_message().embeds[0].title == "War Chest"


async def test_an_english_person_on_a_dutch_table_reads_english(world: World) -> None:
    admin, bob = _admin(world, "admin"), world.add_player("bob")
    await admin.slash(world.channel, "config", language="nl")
    await _start(world, "burg", [admin, bob])
    table = await current(world)
    texts = await _press_all(world, bob, table, 1)
    assert any("Done:" in t for t in texts) and not any("Gedaan:" in t for t in texts), texts
    footer = world.table_message().embeds[0].footer.text or ""
    assert footer.startswith("Wachten op"), footer


async def _press_all(world: World, member: Any, table: Any, seat: int) -> list[str]:
    """Press through the member's menu (on the table or in their DM) to the normal AI's choice;
    every text they were shown on the way."""
    action = decide(table.engine, table.state, seat, "normal", seed=11)
    shown: list[str] = []

    def reading(press: Any) -> Any:
        async def pressed(*args: Any, **kwargs: Any) -> Any:
            result = await press(*args, **kwargs)
            if result.response is not None:
                shown.append(result.response.content or "")
            shown.extend(f.content or "" for f in result.followups)
            return result

        return pressed

    actors = (member, member.user)
    saved = [(a, a.click, a.select) for a in actors]
    for actor in actors:
        actor.click, actor.select = reading(actor.click), reading(actor.select)
    try:
        await press_to(world, member, action)
    finally:
        for actor, click, select in saved:
            actor.click, actor.select = click, select
    return shown


async def test_the_play_by_play_goes_to_a_thread_in_batches_and_status_shows_it(world: World) -> None:
    people = [world.add_player(name) for name in ("alice", "bob", "carol", "dave")]
    alice = people[0]
    await _start(world, "burg", people)
    rnd, turns = random.Random(8), []
    while not world.channel.threads and len(turns) < 110:  # no thread while the log is short
        turns += await _play(world, people, rnd, 1)
        table = await current(world)
        short = len("\n".join(render.log_lines(table, table.log_pending, "en"))) < LOG_OPEN
        assert world.channel.threads or short  # the thread opens once the log outgrows LOG_OPEN
    threads = world.channel.threads
    assert len(threads) == 1
    posts = threads[0].history()
    assert posts and len(posts) < len(turns) / 8  # batched, not one post per action
    assert all(not m.content and len(m.embeds) == 1 for m in posts)  # each batch one embed
    table = await current(world)
    assert len("\n".join(world.thread_lines(threads[0]))) >= LOG_BATCH
    assert table.log_pending == [] or len("\n".join(render.log_lines(table, table.log_pending, "en"))) < LOG_BATCH
    r = await alice.slash(world.channel, "status", log=True)
    assert r.ephemeral and r.response.content.startswith("**Last moves**")
    assert render.log_lines(table, table.log_recent, "en")[-1] in r.response.content
    # at the end the rest goes to the thread (not with the result), and the thread is archived
    await play_until_over(world, rnd)
    assert [t.id for t in world.channel.threads] == [threads[0].id] and world.log_files() == []
    assert world.env.backend.channels[threads[0].id].thread_metadata.archived
    over = await world.service.table_by_id(table.game_id)
    assert over is not None and over.log_pending == []
    assert world.thread_lines(threads[0])[-1] == render.log_lines(over, over.log_recent, "en")[-1]


async def test_log_off_keeps_the_channel_without_a_thread(world: World) -> None:
    admin, bob = _admin(world, "admin"), world.add_player("bob")
    r = await admin.slash(world.channel, "config", log="off")
    assert "only the table message and /status" in r.response.content
    await _start(world, "battles_builders", [admin, bob])
    await _play(world, [admin, bob], random.Random(8), 10)
    assert world.recent_lines()
    await play_until_over(world, random.Random(8))
    assert world.channel.threads == [] and world.log_files() == []  # nor a log with the result


async def test_a_short_game_brings_its_log_with_its_result_and_opens_no_thread(world: World) -> None:
    """A game that ends before its play-by-play outgrew LOG_OPEN opens no log thread (nor Discord's
    line about it in the channel): its whole log comes with the result, as a text file in the
    channel's language."""
    admin, bob = _admin(world, "admin"), world.add_player("bob")
    await admin.slash(world.channel, "config", language="nl")
    await _start(world, "battles_builders", [admin, bob])
    await _play(world, [admin, bob], random.Random(5), 1)
    table = await current(world)
    first = render.log_lines(table, table.log_recent, "nl")
    assert first and len(table.log_recent) < 20  # the game's lines so far, all of them
    await play_until_over(world, random.Random(5))
    over = await world.service.table_by_id(table.game_id)
    assert over is not None and over.status == "finished" and over.log_pending == []
    assert world.channel.threads == []
    result = world.posts()[-1]
    assert result.embeds and "afgelopen" in (result.embeds[0].title or "")
    assert (
        [a.filename for a in result.attachments]
        == [f"verloop-{table.game_id}.txt"]
        == [a.filename for a in world.log_files()]
    )
    lines = (await result.attachments[0].read()).decode().splitlines()
    assert lines[0] == f"Battles & Builders #{table.game_id} · verloop" and lines[1] == ""
    last = render.log_lines(over, over.log_recent, "nl")
    assert lines[2 : 2 + len(first)] == first and lines[-len(last) :] == last  # from the start to the end
    assert len(lines) - 2 > len(last) and len("\n".join(lines)) < LOG_OPEN + 200


async def test_log_survives_a_restart(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await _start(world, "war_chest", [alice, bob])
    await _play(world, [alice, bob], random.Random(4), 10)
    before = world.recent_lines()
    await world.restart()
    r = await alice.slash(world.channel, "status", log=True)
    assert all(line in r.response.content for line in before)
    await _play(world, [alice, bob], random.Random(6), 3)
    table = await current(world)
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :]


async def test_a_turn_of_several_moves_reaches_the_table_when_it_passes_on(world: World) -> None:
    """While the one who acted goes on deciding (their next step in front of them), the table message
    waits; it is drawn when the decision passes on, TABLE_HOLD seconds later, or at once when
    someone presses one of its buttons that went stale meanwhile."""
    members = [world.add_player(n) for n in ("alice", "bob", "carol")]
    await _start(world, "cities_knights", members)
    by_id = {m.id: m for m in members}
    controller = world.bot.controller

    async def place(expect_more: bool) -> Any:
        table = await current(world)
        (seat,) = table.prompts
        action = decide(table.engine, table.state, seat, "normal", seed=11)
        await press_to(world, by_id[table.user_of(seat) or 0], action)
        after = await current(world)
        assert (set(after.prompts) == {seat}) is expect_more
        return by_id[table.user_of(seat) or 0]

    drawn = world.recent_lines()
    first = await place(expect_more=True)  # a settlement: the road comes next, from the same person
    assert world.recent_lines() == drawn  # not drawn yet
    await place(expect_more=False)  # the road: the decision passes on, the table shows both
    table = await current(world)
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :]
    assert len(world.recent_lines()) >= len(drawn) + 2

    # the next person's settlement waits, and is drawn once TABLE_HOLD seconds have passed
    drawn = world.recent_lines()
    second = await place(expect_more=True)
    assert second is not first
    await controller.flush_held()
    assert world.recent_lines() == drawn  # no time has passed
    world.clock.advance(seconds=TABLE_HOLD + 1)
    await controller.flush_held()
    table = await current(world)
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :] != drawn


async def test_a_stale_button_of_a_waiting_table_is_refused_and_draws_it(world: World) -> None:
    members = [world.add_player(n) for n in ("alice", "bob", "carol")]
    await _start(world, "cities_knights", members)
    by_id = {m.id: m for m in members}
    table = await current(world)
    (seat,) = table.prompts
    stale = world.table_message()
    stale_ids = [c.custom_id for c in _components(stale) if (c.custom_id or "").startswith("st:")]
    assert stale_ids
    person = by_id[table.user_of(seat) or 0]
    await press_to(world, person, decide(table.engine, table.state, seat, "normal", seed=11))
    drawn = world.recent_lines()
    r = await person.click(world.table_message(), custom_id=stale_ids[0])
    assert r.response is not None and "no longer open" in r.response.content
    after = await current(world)
    assert world.recent_lines() != drawn
    assert world.recent_lines() == render.log_lines(after, after.log_recent, "en")[-render.RECENT_LINES :]


def _components(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [row])]


async def test_a_secret_turn_is_named_once_in_the_footer(world: World) -> None:
    """War Chest turns are secret prompts (the coins in hand): the status above says what the turn
    is, so the footer only names who the table waits for."""
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await _start(world, "war_chest", [alice, bob])
    table = await current(world)
    (seat,) = table.engine.pending(table.state)
    assert table.prompts[seat].secret
    embed = world.table_message().embeds[0]
    assert embed.footer.text == f"Waiting for {table.names[seat]}"
    assert table.names[seat] in (embed.description or "")


async def test_a_waiting_table_is_drawn_before_the_bot_stops(world: World) -> None:
    members = [world.add_player(n) for n in ("alice", "bob", "carol")]
    await _start(world, "cities_knights", members)
    table = await current(world)
    (seat,) = table.prompts
    person = next(m for m in members if m.id == table.user_of(seat))
    drawn = world.recent_lines()
    await press_to(world, person, decide(table.engine, table.state, seat, "normal", seed=11))
    assert world.recent_lines() == drawn  # the settlement waits for the road
    await world.restart()
    after = await current(world)
    assert world.recent_lines() == render.log_lines(after, after.log_recent, "en")[-render.RECENT_LINES :] != drawn


async def _leaf_on_the_table(world: World, members: list[Any], game: str, *, final: bool = False) -> tuple[Any, Any]:
    """A game played on until one of the table message's buttons makes an action at once: the
    person it is for, and that button. ``final``: an action that cannot be taken back (it shows
    something new), so its answer offers no “↶ Take back” of its own."""
    await _start(world, game, members)
    by_id = {m.id: m for m in members}
    for _ in range(60):
        table = await current(world)
        for c in components(world.table_message()):
            parsed = menus.unpack(getattr(c, "custom_id", None) or "")
            if parsed is None or parsed[1] not in table.prompts:
                continue
            seat, legal = parsed[1], table.engine.legal(table.state, parsed[1])
            found = menus.resolve(table.engine, table.view(seat), legal, "en", parsed[4])
            if found is None or isinstance(found, menus.Step):
                continue
            if not final or reveals(table.engine, table.state, seat, found, players=len(table.seats)):
                return by_id[table.user_of(seat) or 0], c
        seat = sorted(table.engine.pending(table.state) or table.prompts)[0]
        action = decide(table.engine, table.state, seat, "normal", seed=5)
        await press_to(world, by_id[table.user_of(seat) or 0], action)
    raise AssertionError("no action on the table message's buttons")


def _table_edits(world: World, counter: RequestCounter) -> int:
    return sum(kind == "edits" and path.endswith(f"/{world.table_message().id}") for kind, _, path in counter.log)


async def test_a_press_on_the_table_is_answered_by_the_table_message_itself(world: World) -> None:
    """A press on the table message that makes an action, by a person with nothing of their own to
    read (no private news, no move to take back) who reads the table's language, is answered by
    redrawing the table message: one request, no confirmation beside it, the table showing what
    happened and the decision now open."""
    players = [world.add_player(n) for n in ("alice", "bob")]
    presser, button = await _leaf_on_the_table(world, players, "battles_builders", final=True)
    counter = world.count_requests()
    table_id, lines = world.table_message().id, world.recent_lines()
    before = await current(world)
    result = await presser.click(world.table_message(), custom_id=button.custom_id)
    assert result.response is not None and result.response.id == table_id and not result.response.ephemeral
    assert not result.followups and not result.response.content
    assert [kind for kind, _, _ in counter.log if kind in ("interactions", "edits")][0] == "interactions"
    assert _table_edits(world, counter) == 0  # the answer was the table's edit
    table = await current(world)
    assert table.version > before.version and world.table_message().id == table_id
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :] != lines
    # the table's buttons are for the decisions now open, whoever's they are
    live = [menus.unpack(getattr(c, "custom_id", None) or "") for c in components(world.table_message())]
    assert all(p[2] == table.prompt_seqs[p[1]] for p in live if p is not None)


async def test_a_press_on_the_table_in_another_language_is_confirmed_privately(world: World) -> None:
    """A Dutch person pressing on an English table reads a Dutch confirmation; the table message is
    edited beside it, in English."""
    presser, button = await _leaf_on_the_table(world, [world.add_player(n) for n in ("alice", "bob")], "burg")
    world.locales[presser.id] = "nl"
    counter = world.count_requests()
    lines = world.recent_lines()
    result = await presser.click(world.table_message(), custom_id=button.custom_id)
    assert result.response is not None and result.response.ephemeral
    assert result.response.content.startswith("Gedaan:"), result.response.content
    assert _table_edits(world, counter) == 1
    assert world.recent_lines() != lines and "Gedaan" not in "".join(world.recent_lines())


async def test_a_table_answer_that_does_not_land_still_brings_the_table_up_to_date(world: World) -> None:
    """When Discord refuses the press's answer (it came too late: Unknown interaction), the table
    message is edited as for any change, so it still shows the action."""
    players = [world.add_player(n) for n in ("alice", "bob")]
    presser, button = await _leaf_on_the_table(world, players, "battles_builders", final=True)
    world.env.inject_error("POST", "/interactions/*/*/callback", status=404, code=10062, message="Unknown interaction")
    world.expected_errors.append("could not be answered")
    counter = world.count_requests()
    lines = world.recent_lines()
    await presser.click(world.table_message(), custom_id=button.custom_id)
    table = await current(world)
    assert _table_edits(world, counter) == 1
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :] != lines


async def test_secret_picks_made_at_once_reach_the_table_together(world: World) -> None:
    """While several people pick in secret, one pick changes no more on the table than "has chosen":
    the table message waits until the picks are revealed (a hand-over) or TABLE_HOLD seconds pass."""
    members = [world.add_player(n) for n in ("alice", "bob", "carol")]
    await _start(world, "burg", members)
    by_id = {m.id: m for m in members}
    counter = world.count_requests()

    async def pick(member: Any) -> None:
        table = await current(world)
        seat = table.seat_of(member.id) or 0
        await press_to(world, by_id[member.id], decide(table.engine, table.state, seat, "normal", seed=4))

    drawn = world.recent_lines()
    await pick(members[0])
    await pick(members[1])
    assert _table_edits(world, counter) == 0 and world.recent_lines() == drawn
    world.clock.advance(seconds=TABLE_HOLD + 1)
    await world.bot.controller.flush_held()
    assert _table_edits(world, counter) == 1
    table = await current(world)
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :] != drawn
    assert sum("has chosen" in line for line in world.recent_lines()) == 2
    await pick(members[2])  # the last pick: revealed, and the turns begin
    table = await current(world)
    assert _table_edits(world, counter) == 2
    assert world.recent_lines() == render.log_lines(table, table.log_recent, "en")[-render.RECENT_LINES :]


async def test_a_closed_inbox_is_tried_again_only_after_a_while_and_without_lookups(world: World) -> None:
    """A refused DM is not tried again at every prompt: for DM_RETRY seconds the channel calls the
    person instead (one mention per hand-over, **Make my choice** answers), then the next prompt
    tries once more (so reopened DMs are noticed). The DM channel is opened once, with no lookup of
    the user: a try costs its one request."""
    alice, bob = world.add_player("alice"), world.add_player("bob")
    _close_dms(world, bob)
    counter = world.count_requests()
    await _start(world, "war_chest", [alice, bob])
    bob_dm = bob.user.dm_channel.id

    def tries() -> int:
        return sum(1 for _, method, path in counter.log if method == "POST" and path == f"/channels/{bob_dm}/messages")

    def mentions() -> int:
        return sum(f"<@{bob.id}>" in text for text in world.channel_texts())

    first = tries()
    called = mentions()
    await _play(world, [alice, bob], random.Random(2), 8)
    assert first == 1 and tries() == 1  # bob's turns in those 8 moves were not tried by DM again
    assert mentions() > called  # ... the channel called him instead
    world.clock.advance(seconds=DM_RETRY + 1)
    rnd = random.Random(3)
    while tries() == 1:
        await _step(world, [alice, bob], rnd)
    assert tries() == 2  # once the while is over, his next prompt tries the DM again
    await _step(world, [alice, bob], rnd)
    await _step(world, [alice, bob], rnd)
    assert tries() == 2
    lookups = [path for _, method, path in counter.log if path.startswith("/users")]
    assert all(path == "/users/@me/channels" for path in lookups) and len(lookups) <= 2, lookups


async def test_make_my_choice_is_one_answer(world: World) -> None:
    """**Make my choice** answers with the private view and menu in one response."""
    alice, bob = world.add_player("alice"), world.add_player("bob")
    _close_dms(world, bob)
    await _start(world, "war_chest", [alice, bob])
    table = await current(world)
    counter = world.count_requests()
    r = await bob.click(world.table_message(), custom_id=f"mk:{table.game_id}")
    assert r.ephemeral and r.response is not None and r.response.embeds and not r.response.attachments
    assert [kind for kind, _, _ in counter.log] == ["interactions"], counter.log
