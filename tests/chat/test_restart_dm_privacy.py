"""Restarts, refused DMs, hidden commits and Dutch, all through the real client on SimCord."""

from __future__ import annotations

import random

from bot.chat import render
from bot.chat.i18n import t
from bot.store.models import FINISHED
from tests.chat.driver import play_until_over
from tests.chat.flows import commit_by_dm, current, open_table
from tests.chat.world import World, custom_ids, snapshot_json


async def test_restart_mid_round_keeps_state_and_buttons(world: World) -> None:
    alice, bob, carol = await open_table(world, ["alice", "bob", "carol"])
    await commit_by_dm(world, alice, (False, 2, 1, 0, 0))
    before = await current(world)
    bob_menu = world.last_dm(bob)
    old_ids = custom_ids(bob_menu)
    assert old_ids, "bob's commit menu arrived before the restart"

    await world.restart()

    after = await current(world)
    assert snapshot_json(after) == snapshot_json(before)
    assert after.prompt_seqs == before.prompt_seqs
    # bob's DM buttons from the old process still work.
    await commit_by_dm(world, bob, (False, 1, 0, 1, 0))
    log = await world.service.action_log(after.game_id)
    assert [seat for seat, _ in log] == [0, 1]
    assert log[1][1]["chips"] == {"builder": 1, "infantry": 0, "cavalry": 1, "archer": 0, "king": 0}
    # ...and the game goes on to its end.
    await play_until_over(world, random.Random(5))
    final = await world.service.table_by_id(after.game_id)
    assert final is not None and final.status == FINISHED


async def test_replaying_the_log_rebuilds_the_snapshot(world: World) -> None:
    await open_table(world, ["alice", "bob"])
    table = await current(world)
    await play_until_over(world, random.Random(9))
    log = await world.service.action_log(table.game_id)
    final = await world.service.table_by_id(table.game_id)
    assert final is not None
    from bot.store import repo
    from bot.store.db import make_sessions

    async with make_sessions(world.engine)() as s:
        row = await repo.game_by_id(s, table.game_id)
        assert row is not None
        eng = final.engine
        state = eng.start(len(final.seats), dict(row.options), row.seed)
        for seat, action in log:
            eng.apply(state, seat, action)
        assert eng.dump(state) == row.snapshot


async def test_refused_dm_falls_back_to_make_my_choice(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    world.env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await alice.slash(world.channel, "join", game="battles_builders")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start")
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    notices = [t for t in world.channel_texts() if "can't send you direct messages" in t]
    assert notices and f"<@{bob.id}>" in notices[-1]
    table = await current(world)
    assert not table.seats[1].dm_open and table.seats[0].dm_open
    assert world.dm_messages(bob) == []
    # bob chooses through the ephemeral fallback and the game goes on with DMs closed.
    await play_until_over(world, random.Random(3))
    final = await world.service.table_by_id(table.game_id)
    assert final is not None and final.status == FINISHED
    assert world.dm_messages(bob) == []


async def test_no_commit_is_visible_to_others_before_the_reveal(world: World) -> None:
    alice, bob, carol = await open_table(world, ["alice", "bob", "carol"])
    table = await current(world)
    result = await commit_by_dm(world, alice, (True, 3, 1, 0, 1))
    done = result.followups[-1].content if result.followups else result.response.content
    # the choice named once, as the chips it commits (not the menu's steps, zeros included)
    assert done.splitlines()[-1] == "Done: Commit: 3 builders, 1 infantry, 1 archer, 1 king", done
    secret_bits = ["3 builders", "1 infantry", "1 archer, 1 king"]
    # Count is public, composition is not: check the channel, bob's and carol's DMs.
    seen = world.channel_texts(viewer=bob) + world.channel_texts(viewer=carol)
    seen += [m.content for m in world.dm_messages(bob) + world.dm_messages(carol)]
    embeds = [e.description or "" for m in world.channel.history(viewer=bob.user) for e in m.embeds]
    embeds += [e.description or "" for m in world.dm_messages(bob) + world.dm_messages(carol) for e in m.embeds]
    for text in seen + embeds:
        for bit in secret_bits:
            assert bit not in text, (bit, text)
    assert "alice committed 6 chips." in world.channel_texts(), "the commit count is announced"
    # bob's /status and /hand show nothing of alice's commit either
    r = await bob.slash(world.channel, "status")
    assert all(bit not in (r.response.embeds[0].description or "") for bit in secret_bits)
    # after the last commit the reveal shows it to everyone
    await commit_by_dm(world, bob, (False, 1, 0, 0, 0))
    await commit_by_dm(world, carol, (False, 0, 0, 0, 1))
    after = await world.service.table_by_id(table.game_id)
    assert after is not None
    revealed = "\n".join(world.channel_texts(viewer=bob))
    assert "alice" in revealed and "king" in revealed.lower()


async def test_dutch_players_get_dutch(world: World) -> None:
    alice, bob = world.add_player("alice"), world.add_player("bob")
    world.locales[alice.id] = "nl"
    r = await alice.slash(world.channel, "join", game="battles_builders")
    # a public answer: in the channel's language (this server's is English), not alice's
    assert r.response.content == "alice joined Battles & Builders (1/4). `/start` when everyone is in."
    r = await bob.slash(world.channel, "join")
    assert "joined Battles & Builders" in r.response.content
    r = await alice.slash(world.channel, "start", options="onzin")
    assert "Die opties kloppen niet" in r.response.content
    await alice.slash(world.channel, "start")
    dm = world.last_dm(alice)
    labels = [getattr(c, "label", None) or c.placeholder for row in dm.components for c in row.children]
    assert any(label.startswith("Koning:") for label in labels), labels
    assert "…of kies ze allemaal in één keer" in labels  # the pick of chips too
    r = await alice.slash(world.channel, "help")
    assert "Speltafel-opdrachten" in r.response.embeds[0].title


async def test_own_view_in_the_dm_is_kept_current(world: World) -> None:
    alice, bob, carol = await open_table(world, ["alice", "bob", "carol"])
    prompt = world.last_dm(alice)
    assert (prompt.embeds[0].description or "").startswith(
        "Your stock: 12 builders, 4 infantry, 4 cavalry, 4 archers, 1 king.\n\n"
    )
    assert prompt.embeds[0].footer.text == t("own_view_note", "en")
    # answered, the prompt keeps only its words: no view that could go stale before the next one
    await commit_by_dm(world, alice, (False, 1, 0, 0, 1))
    after = next(m for m in world.dm_messages(alice) if m.id == prompt.id)
    assert (after.content or "").endswith("Done: Commit: 1 builder, 1 archer") and not after.embeds
    # another player's move shows nothing of theirs in alice's DM: her words stay as they were, and
    # only her "↶ Take back" goes (someone else has acted since, so her commit stands)
    await commit_by_dm(world, bob, (False, 0, 0, 0, 0))
    later = next(m for m in world.dm_messages(alice) if m.id == prompt.id)
    assert later.content == after.content and not later.embeds and not later.components
    # her next prompt shows her own part as it is then, and only it shows a view
    await commit_by_dm(world, carol, (False, 1, 0, 0, 0))
    table = await current(world)
    views = [m for m in world.dm_messages(alice) if m.embeds]
    if 0 in table.prompts:
        assert len(views) == 1 and custom_ids(views[0])
        assert (views[0].embeds[0].description or "").startswith(render.private_text(table, 0, "en") + "\n\n")
    else:
        assert not views


async def test_a_dm_prompt_is_kept_true_across_a_restart(world: World) -> None:
    """A prompt sent before a restart is the seat's live DM to the new process too: when it closes,
    its menu and view go."""
    alice, bob = await open_table(world, ["alice", "bob"])
    prompt = world.last_dm(alice)
    assert custom_ids(prompt) and prompt.embeds
    await world.restart()
    r = await alice.slash(world.channel, "play", action="#0:0")  # a stale pick: refused, nothing changes
    assert r.ephemeral
    choices = await alice.autocomplete(world.channel, "play", "action", "")
    r = await alice.slash(world.channel, "play", action=choices[0]["value"])
    assert (r.response.content or "").startswith("Done: Commit: ")
    again = next(m for m in world.dm_messages(alice) if m.id == prompt.id)
    assert not custom_ids(again) and not again.embeds


async def test_channel_speaks_the_configured_language(world: World) -> None:
    world.bot.controller.default_language = "nl"  # DEFAULT_LANGUAGE=nl
    alice, bob = await open_table(world, ["alice", "bob"])
    # alice's client is English, but /start was answered for the whole (Dutch) channel
    assert any(t.startswith("Battles & Builders begint! Spelers in volgorde:") for t in world.channel_texts())
    await commit_by_dm(world, alice, (False, 1, 0, 0, 0))
    assert "alice heeft 1 fiche ingezet." in world.channel_texts()
    table = world.table_message()
    assert table.embeds[0].footer.text.startswith("Wachten op bob")
    # alice's own replies still follow her (English) client.
    assert "Done:" in "\n".join(m.content for m in world.dm_messages(alice))
