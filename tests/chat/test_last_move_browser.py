"""The last move on the web board in a real browser (Chromium, Playwright) against the real bot on
SimCord: the shapes of the places it changed say so (``data-mark="last"``), their halos are drawn
dashed, and the board's band shows the caption the scene carries."""

from __future__ import annotations

import random
from pathlib import Path

import aiohttp
import pytest

from bot.web.links import token_of
from bot.web.server import BUNDLE
from tests.chat.driver import finish_choice
from tests.chat.test_web_browser import CHROMIUM, FLAGS, board_links, screenshot
from tests.chat.test_web_table import get_state
from tests.chat.web_world import start_game, web_world
from tests.games.marks import scene_json_marks

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]


async def test_the_browser_draws_the_marks_of_the_last_move(tmp_path: Path) -> None:
    async with web_world(tmp_path, "last-move-browser") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        links = [await board_links(world, m) for m in members]
        watch = links[0][1]
        base = f"http://127.0.0.1:{web.port}"
        by_id = {m.id: m for m in members}
        rnd = random.Random(5)
        async with aiohttp.ClientSession() as http:
            token = token_of(watch)
            for _ in range(40):
                table = await world.service.table_in(world.channel.id)
                assert table is not None
                seat = sorted(table.prompts)[0]
                await finish_choice(world, by_id[table.user_of(seat)], rnd)  # type: ignore[index]
                state = await get_state(http, base, token)
                if scene_json_marks(state["board"]["scene"]):
                    break
            else:
                raise AssertionError("no move marked a place")
        scene = state["board"]["scene"]
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
                page = await context.new_page()
                await page.goto(watch)
                await page.wait_for_function(
                    f"() => Number(document.getElementById('app').dataset.version) >= {state['version']}"
                )
                await page.wait_for_selector(".board svg")
                assert await page.locator('.board svg [data-mark="last"]').count() == sum(
                    1 for item in scene["items"] if item.get("mark") == "last"
                )
                dashed = page.locator(".board svg polyline[stroke-dasharray]")
                assert await dashed.count() == len(scene_json_marks(scene)) + 1  # a halo each, and the band's
                assert await dashed.first.get_attribute("stroke-linecap") == "butt"
                words = "".join((await page.locator(".board svg").text_content() or "").split())
                assert "".join(f"Last move: {scene['caption']}".split()) in words
                await screenshot(page, "last_move")
                await context.close()
            finally:
                await browser.close()
