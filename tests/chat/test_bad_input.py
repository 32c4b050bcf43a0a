"""Every kind of bad input gets a clear ephemeral answer and changes nothing."""

from __future__ import annotations

import discord

from bot.chat.components import ChoiceButton
from bot.service import menus
from tests.chat.flows import commit_by_dm, current, open_table
from tests.chat.world import World, custom_ids, snapshot_json


async def test_start_with_too_few_players(world: World) -> None:
    alice = world.add_player("alice")
    await alice.slash(world.channel, "join", game="battles_builders")
    r = await alice.slash(world.channel, "start")
    assert r.ephemeral and "Not enough players: 1 joined, at least 2" in r.response.content
    table = await current(world)
    assert table.status == "lobby" and table.state is None


async def test_too_many_players_are_refused_at_the_door(world: World) -> None:
    members = [world.add_player(n) for n in ["a", "b", "c", "d", "e"]]
    await members[0].slash(world.channel, "join", game="battles_builders")
    for m in members[1:4]:
        await m.slash(world.channel, "join")
    r = await members[4].slash(world.channel, "join")
    assert r.ephemeral and "lobby is full (4 players)" in r.response.content
    assert len((await current(world)).seats) == 4
    r = await members[0].slash(world.channel, "start")
    assert "begins" in r.response.content


async def test_join_twice_and_join_a_running_game(world: World) -> None:
    alice, bob, carol = world.add_player("alice"), world.add_player("bob"), world.add_player("carol")
    await alice.slash(world.channel, "join", game="battles_builders")
    r = await alice.slash(world.channel, "join")
    assert r.ephemeral and "already joined" in r.response.content
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    before = snapshot_json(await current(world))
    r = await carol.slash(world.channel, "join")
    assert r.ephemeral and "already running" in r.response.content
    r = await carol.slash(world.channel, "join", game="battles_builders")
    assert r.ephemeral and "already running" in r.response.content
    assert snapshot_json(await current(world)) == before


async def test_join_unknown_game_and_without_game(world: World) -> None:
    alice = world.add_player("alice")
    r = await alice.slash(world.channel, "join", game="chess")
    assert r.ephemeral and "don't know a game called “chess”" in r.response.content
    r = await alice.slash(world.channel, "join")
    assert r.ephemeral and "Which game?" in r.response.content
    assert await world.service.table_in(world.channel.id) is None


async def test_bad_start_options(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    for bad in ("simultaneous_commit=maybe", "colour=red", "start_player"):
        r = await alice.slash(world.channel, "start", options=bad)
        assert r.ephemeral and "options are not valid" in r.response.content, bad
    assert (await current(world)).status == "lobby"


async def test_out_of_turn_and_non_player(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    carol = world.add_player("carol")
    table = await current(world)
    before = snapshot_json(table)
    # Commits go in turn order: bob (seat 1) must wait for alice.
    r = await bob.slash(world.channel, "play", action="#1:0")
    assert r.ephemeral and "not your turn" in r.response.content
    r = await bob.click(world.table_message(), custom_id=f"mk:{table.game_id}")
    assert "nothing to choose" in r.response.content
    # Someone who is not playing presses the table's button.
    r = await carol.click(world.table_message(), custom_id=f"mk:{table.game_id}")
    assert r.ephemeral and "not playing in this game" in r.response.content
    r = await carol.slash(world.channel, "play", action="#1:0")
    assert r.ephemeral and "not playing" in r.response.content
    assert snapshot_json(await current(world)) == before


async def test_stale_button_after_the_choice_was_made(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    first = world.last_dm(alice)
    stale_ids = custom_ids(first)
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    before = snapshot_json(await current(world))
    # The DM was edited in place; press an id from the first menu via a copy the bot re-sends.
    table = await current(world)
    channel = world.bot.get_channel(world.channel.id)
    view = discord.ui.View(timeout=None)
    view.add_item(ChoiceButton(stale_ids[0], "old"))
    old = await channel.send("old menu", view=view)
    msg = next(m for m in world.channel.history() if m.id == old.id)
    r = await alice.click(msg, custom_id=stale_ids[0])
    assert r.ephemeral and "no longer open" in r.response.content
    assert snapshot_json(await current(world)) == before
    assert table.prompt_seqs


async def test_forged_custom_ids(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    table = await current(world)
    seq = table.prompt_seqs[0]
    before = snapshot_json(table)
    forged = [
        menus.pack(table.game_id, 0, seq, "en", ["99"]),  # no such option
        menus.pack(table.game_id, 0, seq + 7, "en", ["0"]),  # a prompt that never existed
        menus.pack(table.game_id + 50, 0, seq, "en", ["0"]),  # another game
        menus.pack(table.game_id, 1, seq, "en", ["0"]),  # someone else's seat
    ]
    channel = world.bot.get_channel(world.channel.id)
    view = discord.ui.View(timeout=None)
    for i, cid in enumerate(forged):
        view.add_item(ChoiceButton(cid, f"f{i}"))
    sent = await channel.send("forged", view=view)
    msg = next(m for m in world.channel.history() if m.id == sent.id)
    answers = []
    for cid in forged:
        r = await alice.click(msg, custom_id=cid)
        assert r.ephemeral
        answers.append(r.response.content)
    assert answers[:3] == ["This choice is no longer open."] * 3
    assert answers[3] == "This choice belongs to another player."
    r = await alice.slash(world.channel, "play", action="#1:99999")
    assert r.ephemeral and "is not a legal action" in r.response.content
    r = await alice.slash(world.channel, "play", action="commit everything")
    assert r.ephemeral and "is not a legal action" in r.response.content
    assert snapshot_json(await current(world)) == before


async def test_same_button_pressed_twice_quickly(world: World) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    table = await current(world)
    seq = table.prompt_seqs[0]
    leaf = None
    state, eng = table.state, table.engine
    actions = eng.legal(state, 0)
    view = eng.view(state, 0)
    # The path of "commit one builder" through the menu.
    target = next(
        a for a in actions if a["chips"] == {"builder": 1, "infantry": 0, "cavalry": 0, "archer": 0, "king": 0}
    )
    labels = eng.action_path(view, target, "en")
    path: list[str] = []
    for depth in range(len(labels)):
        step = menus.resolve(eng, view, actions, "en", path)
        assert isinstance(step, menus.Step)
        opt = next(o for o in step.options if o.label.startswith(labels[depth]))
        path = opt.path
        if opt.leaf:
            leaf = opt
            break
    assert leaf is not None
    cid = menus.pack(table.game_id, 0, seq, "en", leaf.path)
    # A copy of the button that nobody edits away, so the second press really reaches the bot.
    channel = world.bot.get_channel(world.channel.id)
    copy_view = discord.ui.View(timeout=None)
    copy_view.add_item(ChoiceButton(cid, "commit"))
    sent = await channel.send("double", view=copy_view)
    msg = next(m for m in world.channel.history() if m.id == sent.id)
    first = await alice.click(msg, custom_id=cid)
    second = await alice.click(msg, custom_id=cid)
    log = await world.service.action_log(table.game_id)
    assert len(log) == 1 and log[0][1] == target
    assert "Done:" in first.followups[-1].content if first.followups else "Done:" in first.response.content
    assert second.ephemeral and "no longer open" in second.response.content


async def test_an_internal_error_gets_an_answer_and_changes_nothing(world: World, monkeypatch: object) -> None:
    alice, bob = await open_table(world, ["alice", "bob"])
    table = await current(world)
    before = snapshot_json(table)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(table.engine, "apply", broken)  # type: ignore[attr-defined]
    r = await alice.slash(world.channel, "play", action=f"#{table.prompt_seqs[0]}:3")
    answer = r.followups[-1].content if r.followups else r.response.content
    assert "Something went wrong" in answer
    monkeypatch.undo()  # type: ignore[attr-defined]
    assert snapshot_json(await current(world)) == before
    assert await world.service.action_log(table.game_id) == []
    world.expected_errors.append("engine bug")
