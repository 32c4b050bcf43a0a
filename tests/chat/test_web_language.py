"""The page speaks the person's language: a seat's player the language of their Discord (stored with
the seat when they joined), a named watcher the language their link carries (from their Discord when
/board made it), and only a bearer watch link, which names nobody, the browser's Accept-Language.
Menus and "Done:" answers, and refusals once the link is known, follow the same language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.web.links import token_of
from tests.chat.web_world import start_game, web_world
from tests.chat.world import install_locales

HIDE = discord.PermissionOverwrite(view_channel=False)
SHOW = discord.PermissionOverwrite(view_channel=True)
ENGLISH_BROWSER = {"Accept-Language": "en-GB,en;q=0.9"}
DUTCH_BROWSER = {"Accept-Language": "nl-NL,nl;q=0.9"}


async def links_of(member: Any, channel: Any) -> list[str]:
    r = await member.slash(channel, "board")
    assert r.response is not None
    return [token_of(url) for url in re.findall(r"<(http[^>]+)>", r.response.content)]


async def get(http: aiohttp.ClientSession, url: str, token: str, browser: dict[str, str]) -> Any:
    async with http.get(url, headers={"X-Board-Token": token, **browser}) as r:
        return r.status, await (r.json() if r.status == 200 else r.text())


async def test_a_dutch_seat_gets_dutch_on_an_english_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with web_world(tmp_path, "web-lang-seat") as (world, web, _ticks):
        install_locales(monkeypatch, world.locales)
        members = [world.add_player(n) for n in ("bram", "ann")]
        world.locales[members[0].id] = "nl"
        await members[0].slash(world.channel, "join", game="war_chest")
        await members[1].slash(world.channel, "join")
        await members[0].slash(world.channel, "start")
        table = await world.service.table_in(world.channel.id)
        assert table is not None and table.seats[0].locale == "nl" and table.seats[1].locale == "en"
        base = f"http://127.0.0.1:{web.port}"
        dutch, english = [await links_of(m, world.channel) for m in members]
        async with aiohttp.ClientSession() as http:
            status, state = await get(http, f"{base}/api/state", dutch[0], ENGLISH_BROWSER)
            assert status == 200 and state["lang"] == "nl" and state["texts"]["players"] == "Spelers"
            assert state["game"] == table.engine.names["nl"]
            status, state = await get(http, f"{base}/api/state", english[0], DUTCH_BROWSER)
            assert status == 200 and state["lang"] == "en" and state["texts"]["players"] == "Players"
            # the menu and its "Done:" answer speak the seat's language, not the browser's
            mover = next(iter(table.prompts))
            token = (dutch if mover == 0 else english)[0]
            browser = ENGLISH_BROWSER if mover == 0 else DUTCH_BROWSER
            done_word = "Gedaan:" if mover == 0 else "Done:"
            status, state = await get(http, f"{base}/api/state", token, browser)
            path = state["menu"]["options"][0]["path"]
            for _ in range(10):
                async with http.post(
                    f"{base}/api/menu",
                    headers={"X-Board-Token": token, **browser},
                    json={"seq": state["seq"], "path": path},
                ) as r:
                    answer = await r.json()
                assert r.status == 200, answer
                if "done" in answer:
                    break
                path = answer["menu"]["options"][0]["path"]
            assert answer["done"].startswith(done_word), answer
            # a stale press is refused in the seat's language
            async with http.post(
                f"{base}/api/menu",
                headers={"X-Board-Token": token, **browser},
                json={"seq": state["seq"], "path": "0"},
            ) as r:
                refusal = await r.json()
            assert r.status == 409
            assert ("niet meer" in refusal["error"]) == (mover == 0), refusal


async def test_a_named_watcher_gets_their_language_and_a_bearer_link_the_browsers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with web_world(tmp_path, "web-lang-watch") as (world, web, _ticks):
        install_locales(monkeypatch, world.locales)
        alice, bob, dave = (world.add_player(n) for n in ("alice", "bob", "dave"))
        world.locales[dave.id] = "nl"
        secret = world.guild.create_text_channel(
            "geheim",
            overwrites={world.guild.default_role: HIDE, world.guild.me: SHOW, alice: SHOW, bob: SHOW, dave: SHOW},
        )
        await alice.slash(secret, "join", game="war_chest")
        await bob.slash(secret, "join")
        await alice.slash(secret, "start")
        base = f"http://127.0.0.1:{web.port}"
        (named,) = await links_of(dave, secret)  # he does not play: a watch link naming him
        grant = web.links.read(named)
        assert grant is not None and grant.bound and grant.lang == "nl"
        async with aiohttp.ClientSession() as http:
            status, state = await get(http, f"{base}/api/state", named, ENGLISH_BROWSER)
            assert status == 200 and state["lang"] == "nl" and state["texts"]["spectator"].startswith("Meekijken")
        # in a channel everyone sees, the watchers' link is a bearer link: the browser decides
        members = await start_game(world, "war_chest", 2)
        _mine, bearer = await links_of(members[0], world.channel)
        assert web.links.read(bearer).user_id is None  # type: ignore[union-attr]
        async with aiohttp.ClientSession() as http:
            status, state = await get(http, f"{base}/api/state", bearer, DUTCH_BROWSER)
            assert status == 200 and state["lang"] == "nl"
            status, state = await get(http, f"{base}/api/state", bearer, ENGLISH_BROWSER)
            assert status == 200 and state["lang"] == "en"
