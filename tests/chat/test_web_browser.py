"""The web table in a real browser (Debian's Chromium driven by Playwright) against the real bot on
SimCord: a person plays turns by clicking, the other player's page follows live, a watcher sees only
the public view, a forged link is refused, and the chat's table shows the same game afterwards."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.web.server import BUNDLE
from tests.chat.web_world import start_game, web_world
from tests.chat.world import World

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]


async def board_links(world: World, member: Any) -> tuple[str, str]:
    r = await member.slash(world.channel, "board")
    assert r.response is not None
    mine, watch = re.findall(r"<(http[^>]+)>", r.response.content)
    return mine, watch


async def screenshot(page: Any, name: str, *, full_page: bool = True) -> None:
    """Only when asked (SCREENSHOTS=docs/screens): a normal run leaves the tree as it was. A phone's
    is of its screen (``full_page=False``), as the person holding it sees it."""
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)


async def version_of(page: Any) -> int:
    return int(await page.get_attribute("#app", "data-version"))


async def play_turn(page: Any) -> None:
    """Click the first option of each menu step until the action is done (the page says so and
    shows a newer version of the game)."""
    before = await version_of(page)
    for _ in range(10):
        path = await page.locator("#options button").first.get_attribute("data-path")
        await page.locator(f'#options button[data-path="{path}"]').click()
        gone = f"!document.querySelector('#options button[data-path=\"{path}\"]')"
        await page.wait_for_function(
            f"() => document.querySelector('.message') || ({gone} && document.querySelector('#options button'))"
        )
        if await page.locator(".message").count():
            await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}")
            return
    raise AssertionError("no action was reached by clicking")


async def test_play_by_clicking_in_chromium(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-browser") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        links = [await board_links(world, m) for m in members]
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
                pages = [await context.new_page() for _ in range(3)]
                for page, url in zip(pages, [links[0][0], links[1][0], links[0][1]]):
                    await page.goto(url)
                    await page.wait_for_selector("#app[data-version]")
                # the page source holds no game data: it is loaded with the token
                source = await (await context.request.get(links[0][0])).text()
                assert "War Chest" not in source and "<script>" not in source
                for _turn in range(3):
                    table = await world.service.table_in(world.channel.id)
                    assert table is not None and table.prompts
                    mover = next(iter(table.prompts))
                    await pages[mover].wait_for_selector("#options button")
                    await play_turn(pages[mover])
                    after = await world.service.table_in(world.channel.id)
                    assert after is not None and after.version > table.version
                    # every open page follows, without reloading
                    for page in pages:
                        await page.wait_for_function(
                            f"() => Number(document.getElementById('app').dataset.version) >= {after.version}",
                            timeout=5000,
                        )
                # the watcher sees the public view and no choices
                table = await world.service.table_in(world.channel.id)
                assert table is not None
                public = table.engine.status_lines(table.engine.view(table.state, None), "en", table.names)
                assert await pages[2].locator(".status li").all_inner_texts() == public
                assert await pages[2].locator("#options").count() == 0
                for seat in (0, 1):
                    own = table.engine.status_lines(table.engine.view(table.state, seat), "en", table.names)
                    assert await pages[seat].locator(".status li").all_inner_texts() == own
                    hidden = set(own) - set(public)
                    assert not hidden & set(await pages[2].locator(".status li").all_inner_texts())
                await pages[0].wait_for_selector(".board img, .board svg")
                await screenshot(pages[0], "war_chest_panel")
                # the token left the address bar (history, a shared screenshot, a proxy's log never
                # hold it), and a reload of the tab still opens the same seat
                assert all(page.url.endswith("/board") for page in pages), [page.url for page in pages]
                await pages[0].reload()
                await pages[0].wait_for_selector("#app[data-version]")
                assert "(you)" in await pages[0].inner_text(".players")
                # a forged link is refused: the page loads (it holds nothing), its token does not
                forged = links[0][0][:-4] + ("AAAA" if not links[0][0].endswith("AAAA") else "BBBB")
                await pages[1].goto(forged)
                await pages[1].wait_for_selector("#refused")
                assert "not valid" in await pages[1].inner_text("#refused")
                for page in pages:
                    await page.close()
                await context.close()
            finally:
                await browser.close()
        await asyncio.sleep(0.05)
        await world.env.settle()
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        embed = world.table_message().embeds[0]
        public = table.engine.status_lines(table.engine.view(table.state, None), "en", table.names)
        assert embed.description == "\n".join(public)[:4000]
