"""The web panel reads like news, in Chromium: the log newest first (and where the reader scrolled it
stays across redraws), a "Done:" answer gone at the next change of the game, the tab's title says
whose turn it is in the reader's language, an opt-in chime when it becomes their turn (off by
default, remembered in the browser), moves since the reader's last action shown first when the payload
carries them; and a Dutch seat's page is Dutch on an English browser."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.chat import render
from bot.web.server import BUNDLE
from tests.chat.test_web_browser import CHROMIUM, FLAGS, board_links, play_turn, version_of
from tests.chat.web_world import start_game, web_world
from tests.chat.world import World, install_locales

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]

#: Counts the tones the page starts (a chime is two), before any of its scripts run.
COUNT_TONES = """window.__tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.__tones++; return start.apply(this, args); };"""

PAYLOAD = """async () => (await (await fetch('/api/state',
  { headers: { 'X-Board-Token': sessionStorage.getItem('board-token') } })).json())"""


@asynccontextmanager
async def seat_pages(world: World, members: list[Any]) -> AsyncIterator[tuple[list[Any], list[Any]]]:
    """Each seat's page in an English browser (en-GB) of its own, counting the tones each page plays."""
    links = [(await board_links(world, m))[0] for m in members]
    async with playwright_api.async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=CHROMIUM, args=[*FLAGS, "--autoplay-policy=no-user-gesture-required"]
        )
        try:
            contexts = [
                await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 1000}) for _ in links
            ]
            pages = []
            for context, url in zip(contexts, links, strict=True):
                await context.add_init_script(COUNT_TONES)
                page = await context.new_page()
                await page.goto(url)
                await page.wait_for_selector("#app[data-version]")
                pages.append(page)
            yield contexts, pages
            for context in contexts:
                await context.close()
        finally:
            await browser.close()


async def mover(world: World) -> int:
    table = await world.service.table_in(world.channel.id)
    assert table is not None and table.prompts
    return min(table.prompts)


async def caught_up(world: World, *pages: Any) -> None:
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    for page in pages:
        await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) >= {table.version}")


async def tones(page: Any) -> int:
    return int(await page.evaluate("() => window.__tones"))


async def test_the_panel_reads_like_news(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-news") as (world, _web, _ticks):
        members = await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        async with seat_pages(world, members) as (_contexts, pages):
            first = await mover(world)
            page, other = pages[first], pages[1 - first]
            game = table.engine.names["en"]
            # the tab says whose turn it is
            assert await page.title() == f"▶ Your turn · {game}"
            assert await other.title() == f"Waiting for {table.seats[first].label} · {game}"
            # the log is news: newest first; nothing recent is shown while no move was made
            payload = await page.evaluate(PAYLOAD)
            assert not payload.get("recent") and await page.locator(".recent").count() == 0
            assert await page.locator(".log li").all_text_contents() == payload["log"][::-1]
            # the chime is off by default; switched on, it is remembered by this browser
            assert not await other.locator("#sound").is_checked()
            assert await other.evaluate("() => localStorage.getItem('board-sound')") is None
            await other.locator("#sound").check()
            assert await other.evaluate("() => localStorage.getItem('board-sound')") == "on"
            await other.reload()
            await other.wait_for_selector("#app[data-version] #sound")
            assert await other.locator("#sound").is_checked() and await tones(other) == 0
            # a press: its "Done:" answer stays when the game shows the press itself...
            before = await version_of(page)
            await play_turn(page)
            assert (await page.locator(".message").text_content() or "").startswith("Done:")
            await caught_up(world, page, other)
            assert await version_of(page) > before and await page.locator(".message").count() == 1
            # ...the other seat is now to move: its tab says so and it hears the chime (two tones)
            assert await mover(world) == 1 - first
            await other.wait_for_function("() => document.title.startsWith('▶')")
            assert await other.title() == f"▶ Your turn · {game}"
            await other.wait_for_function("() => window.__tones >= 2")
            assert await tones(other) == 2
            assert await page.title() == f"Waiting for {table.seats[1 - first].label} · {game}"
            # where the reader scrolled the log stays while the page is drawn anew
            assert (
                await page.evaluate(
                    "() => { const l = document.querySelector('.log'); l.scrollTop = 40; return l.scrollTop; }"
                )
                == 40
            )
            # the next change of the game takes the "Done:" answer away
            seen = await version_of(page)
            await play_turn(other)
            await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}")
            assert await page.locator(".message").count() == 0
            assert await page.evaluate("() => document.querySelector('.log').scrollTop") == 40
            payload = await page.evaluate(PAYLOAD)
            assert await page.locator(".log li").all_text_contents() == payload["log"][::-1]
            # the seat that never switched the chime on never heard one
            assert await tones(page) == 0


async def test_the_moves_since_the_last_action_come_first_when_the_payload_has_them(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-recent") as (world, _web, _ticks):
        members = await start_game(world, "war_chest", 2)
        url = (await board_links(world, members[0]))[0]
        recent = [  # newest first, as the payload sends them
            {"seat": 1, "name": "P1", "text": "P1 deploys Knight on 2,-3.", "marked": True},
            {"seat": 1, "name": "P1", "text": "P1 draws 3 coins.", "marked": False},
        ]
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                page = await browser.new_page(locale="en-GB", viewport={"width": 1280, "height": 1000})

                async def with_recent(route: Any) -> None:
                    answer = await route.fetch()
                    state = await answer.json()
                    await route.fulfill(response=answer, body=json.dumps({**state, "recent": recent}))

                await page.route("**/api/state", with_recent)
                await page.route_web_socket("**/ws", lambda ws: None)  # no live socket: the page as loaded
                await page.goto(url)
                await page.wait_for_selector("#app[data-version] .recent")
                assert await page.locator(".recent li").all_text_contents() == [m["text"] for m in recent]
                first = page.locator("aside > section").first
                assert await first.locator("h2").text_content() == "Since your last move"
            finally:
                await browser.close()


async def test_a_dutch_seat_on_an_english_browser_gets_dutch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with web_world(tmp_path, "web-news-nl") as (world, _web, _ticks):
        install_locales(monkeypatch, world.locales)
        bram, ann = world.add_player("Bram"), world.add_player("Ann")
        world.locales[bram.id] = "nl"
        await bram.slash(world.channel, "join", game="war_chest")
        await ann.slash(world.channel, "join")
        await bram.slash(world.channel, "start")
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        dutch = table.seat_of(bram.id)
        assert dutch is not None
        async with seat_pages(world, [bram, ann] if dutch == 0 else [ann, bram]) as (_contexts, pages):
            page, english = pages[dutch], pages[1 - dutch]
            name = {"nl": table.engine.names["nl"], "en": table.engine.names["en"]}
            for _ in range(3):
                if await mover(world) == dutch:
                    break
                # Ann moves first: Bram's tab waits for her in Dutch, hers says it is her turn in English
                assert await page.title() == f"Wachten op Ann · {name['nl']}"
                assert await english.title() == f"▶ Your turn · {name['en']}"
                await play_turn(english)
                await caught_up(world, page, english)
            assert await mover(world) == dutch
            await page.wait_for_function("() => document.title.startsWith('▶')")
            assert await page.title() == f"▶ Jij bent aan zet · {name['nl']}"
            assert await english.title() == f"Waiting for Bram · {name['en']}"
            assert await page.get_attribute("html", "lang") == "nl"
            assert "Spelers" in await page.locator("aside h2").all_text_contents()
            assert "Geluid als ik aan zet ben" in await page.locator("label.sound").text_content()  # type: ignore[operator]
            # the menu is the chat's Dutch menu, and the answer to a press is Dutch
            table = await world.service.table_in(world.channel.id)
            assert table is not None
            step = render.seat_menu(table, dutch, "nl").resolve([])
            labels = [o.label for o in step.options]  # type: ignore[union-attr]
            shown = [t.strip() for t in await page.locator("#options button:not([data-path=back])").all_text_contents()]
            assert shown == labels
            await play_turn(page)
            assert (await page.locator(".message").text_content() or "").startswith("Gedaan:")
