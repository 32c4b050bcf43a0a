"""The Discord Activity's sign-in against the fake Discord of tests/smoke: the SDK's OAuth2 code is
exchanged with the client id and secret, the person is looked up with the access token, and the
session given back is that person's seat in the game of the Activity's channel; a refused code, or a
person with no part in that channel's game, gets a clear answer and no session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from bot.web.activity import DiscordOAuth
from bot.web.links import Pass
from bot.web.server import WebTable
from tests.chat.web_world import start_game, start_in_private_channel, web_world
from tests.chat.world import World
from tests.smoke.fake_discord import APPLICATION_ID, FakeDiscord


@asynccontextmanager
async def activity_world(tmp_path: Path, name: str) -> AsyncIterator[tuple[World, WebTable, FakeDiscord]]:
    async with FakeDiscord(token="bot-token-not-used-here") as fake:
        oauth = DiscordOAuth(str(APPLICATION_ID), fake.client_secret, fake.api_base)
        async with web_world(tmp_path, name, activity=oauth) as (world, web, _ticks):
            yield world, web, fake


async def sign_in(web: WebTable, code: str, channel_id: int) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http:
        body = {"code": code, "channel_id": str(channel_id)}
        async with http.post(f"http://127.0.0.1:{web.port}/api/activity/token", json=body) as r:
            return r.status, (await r.json() if r.status == 200 else await r.text())


async def test_a_players_code_becomes_their_seat_in_the_channels_game(tmp_path: Path) -> None:
    async with activity_world(tmp_path, "activity-seat") as (world, web, fake):
        members = await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        seat = table.seat_of(members[1].id)
        assert seat is not None
        status, session = await sign_in(web, fake.grant_code(members[1].id, "p1"), world.channel.id)
        assert status == 200
        assert web.links.read(session["token"]) == Pass(table.game_id, seat, members[1].id)
        assert session["seat"] == seat and session["game"] == table.game_id
        # the access token is Discord's, for the SDK's authenticate(), and it names that person
        assert fake._access_tokens[session["access_token"]]["id"] == str(members[1].id)
        exchange = next(r for r in fake.requests if r.path.endswith("/oauth2/token"))
        assert exchange.method == "POST" and not exchange.authorized  # the client secret, never the bot token
        lookup = [r for r in fake.requests if r.path.endswith("/users/@me")]
        assert lookup and not lookup[-1].authorized
        # the session opens that seat's view of the board
        async with aiohttp.ClientSession() as http:
            headers = {"X-Board-Token": session["token"]}
            async with http.get(f"http://127.0.0.1:{web.port}/api/state", headers=headers) as r:
                state = await r.json()
        assert r.status == 200 and state["seat"] == seat


async def test_a_refused_code_gives_a_clear_answer_and_no_session(tmp_path: Path) -> None:
    async with activity_world(tmp_path, "activity-refused") as (world, web, fake):
        members = await start_game(world, "war_chest", 2)
        status, text = await sign_in(web, "made-up-code", world.channel.id)
        assert status == 401 and "Discord did not confirm who you are" in text
        code = fake.grant_code(members[0].id)
        assert (await sign_in(web, code, world.channel.id))[0] == 200
        status, text = await sign_in(web, code, world.channel.id)  # a code is good once
        assert status == 401 and "Discord did not confirm" in text
        assert not any(r.path.endswith("/users/@me") for r in fake.requests[-1:])
        # a wrong client secret is refused by Discord, so no session either
        wrong = DiscordOAuth(str(APPLICATION_ID), "not-the-secret", fake.api_base)
        web.activity = wrong
        status, text = await sign_in(web, fake.grant_code(members[0].id), world.channel.id)
        assert status == 401 and "token" not in text
        # malformed requests
        assert (await sign_in(web, "", world.channel.id))[0] == 400
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{web.port}/api/activity/token"
            async with http.post(url, json={"code": "x", "channel_id": "general"}) as r:
                assert r.status == 400


async def test_the_session_is_the_channels_game_and_only_for_who_may_see_it(tmp_path: Path) -> None:
    async with activity_world(tmp_path, "activity-channel") as (world, web, fake):
        alice, bob, carol, dave = (world.add_player(n) for n in ("alice", "bob", "carol", "dave"))
        secret, table = await start_in_private_channel(world, [alice, bob], [dave])
        # carol cannot see #geheim: naming its channel gets her nothing of that game
        status, text = await sign_in(web, fake.grant_code(carol.id), secret.id)
        assert status == 403 and "No game is being played in this channel that you can open" in text
        # a player of #geheim launching in another channel (no game there) gets nothing either
        # ("no game here" and "not yours" are one answer: neither tells what a channel holds)
        status, text = await sign_in(web, fake.grant_code(alice.id), world.channel.id)
        assert status == 403 and "No game is being played in this channel that you can open" in text
        # dave sees #geheim but does not play: the public view, no seat
        status, session = await sign_in(web, fake.grant_code(dave.id), secret.id)
        assert status == 200 and session["seat"] is None
        watcher = web.links.read(session["token"])
        # a watcher named, not a bearer; the link carries the language of his Discord
        assert watcher == Pass(table.game_id, None, dave.id, lang="en") and watcher.bound
        # and alice there is her own seat
        status, session = await sign_in(web, fake.grant_code(alice.id), secret.id)
        assert status == 200 and web.links.read(session["token"]) == Pass(
            table.game_id, table.seat_of(alice.id), alice.id
        )


async def test_the_activity_speaks_the_language_of_the_persons_discord(tmp_path: Path) -> None:
    """Discord's /users/@me says the person's locale: a Dutch watcher's session and answers are
    Dutch on an English browser; a refusal after the sign-in is in their language too."""
    async with activity_world(tmp_path, "activity-lang") as (world, web, fake):
        await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        watcher = world.add_player("dave")
        status, session = await sign_in(web, fake.grant_code(watcher.id, "dave", locale="nl"), world.channel.id)
        assert status == 200 and session["seat"] is None
        assert web.links.read(session["token"]) == Pass(table.game_id, None, watcher.id, lang="nl")
        async with aiohttp.ClientSession() as http:
            headers = {"X-Board-Token": session["token"], "Accept-Language": "en-GB,en;q=0.9"}
            async with http.get(f"http://127.0.0.1:{web.port}/api/state", headers=headers) as r:
                state = await r.json()
        assert state["lang"] == "nl" and state["texts"]["spectator"] == "Meekijken (openbaar beeld)"
        assert state["game"] == table.engine.names["nl"]
        # an English Discord gets English, whatever the browser prefers
        status, session = await sign_in(web, fake.grant_code(watcher.id, "dave", locale="en-GB"), world.channel.id)
        async with aiohttp.ClientSession() as http:
            headers = {"X-Board-Token": session["token"], "Accept-Language": "nl-NL,nl;q=0.9"}
            async with http.get(f"http://127.0.0.1:{web.port}/api/state", headers=headers) as r:
                assert (await r.json())["lang"] == "en"
        # someone with no part here is refused in their own language once Discord said who they are
        other = world.guild.create_text_channel("leeg")
        status, text = await sign_in(web, fake.grant_code(watcher.id, "dave", locale="nl"), other.id)
        assert (
            status == 403
            and text == "In dit kanaal loopt geen spel dat jij kunt openen. Begin er een met /join en /start."
        )


async def test_board_offers_the_activity_button(tmp_path: Path) -> None:
    """/board carries the button (its own ``ac:`` id) when the Activity is configured. SimCord knows no
    LAUNCH_ACTIVITY response and refuses it, as Discord does for an application without Activities
    enabled: the person is then told to use the link instead."""
    async with activity_world(tmp_path, "activity-button") as (world, _web, _fake):
        members = await start_game(world, "war_chest", 2)
        r = await members[0].slash(world.channel, "board")
        assert r.response is not None and r.response.ephemeral
        buttons = [c for row in r.response.components for c in row["components"]]
        launch = next(b for b in buttons if b.get("custom_id", "").startswith("ac:"))
        assert launch["label"] == "Open the board in Discord"
        pressed = await members[0].click(r.response, custom_id=launch["custom_id"])
        assert pressed.response is not None and pressed.response.ephemeral
        assert pressed.response.content == "The board can't be opened in Discord here; use /board for a link."


async def test_board_has_no_activity_button_without_the_activity(tmp_path: Path) -> None:
    async with web_world(tmp_path, "activity-off") as (world, _web, _ticks):
        members = await start_game(world, "war_chest", 2)
        r = await members[0].slash(world.channel, "board")
        assert r.response is not None and not r.response.components
