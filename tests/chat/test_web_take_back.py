"""“↶ Take back” on the web table: the answer to a press that may be taken back offers it (its
action's number and the words, in the page's language); ``/api/takeback`` takes it back as the
chat's button does, the page's log reads as if the move was never made, and a stale or foreign
press is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.web.page import path_of, seat_menu
from tests.chat.test_take_back import quiet
from tests.chat.test_web_table import board_links, get_state
from tests.chat.web_world import start_game, web_world
from tests.chat.world import install_locales

WORDS = {
    "en": ("↶ Take back", "Done: ", "Taken back: ", "This choice is no longer open."),
    "nl": ("↶ Terugnemen", "Gedaan: ", "Teruggenomen: ", "Deze keuze is niet meer open."),
}


async def post(
    http: aiohttp.ClientSession, url: str, token: str, body: dict[str, Any], lang: str
) -> tuple[int, dict[str, Any]]:
    headers = {"X-Board-Token": token, "Accept-Language": lang}
    async with http.post(url, headers=headers, json=body) as resp:
        return resp.status, await resp.json()


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_the_web_answer_offers_take_back_and_takes_it_back(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    button, done, taken, closed = WORDS[lang]
    async with web_world(tmp_path, f"web-take-back-{lang}") as (world, web, _ticks):
        # the players' Discord language is the page's (whatever the browser asks for)
        install_locales(monkeypatch, world.locales)
        members = [world.add_player(f"P{i}") for i in range(2)]
        for member in members:
            world.locales[member.id] = lang
        await members[0].slash(world.channel, "join", game="war_chest")
        await members[1].slash(world.channel, "join")
        await members[0].slash(world.channel, "start")
        base = f"http://127.0.0.1:{web.port}"
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        mover = min(table.engine.pending(table.state))
        other = 1 - mover
        mine, watch = await board_links(world, members[mover])
        theirs, _ = await board_links(world, members[other])
        async with aiohttp.ClientSession() as http:
            page = await get_state(http, base, mine)
            move = quiet(table, mover, ("deploy", "recruit", "bolster"))
            path = path_of(seat_menu(table, mover, lang), move)
            assert path is not None
            status, answer = await post(
                http, f"{base}/api/menu", mine, {"seq": page["seq"], "path": ".".join(path)}, lang
            )
            assert status == 200 and answer["done"].startswith(done), answer
            offer = answer["takeback"]
            assert offer["label"] == button
            # a watcher cannot take anything back, nor the other seat this move
            async with http.post(f"{base}/api/takeback", headers={"X-Board-Token": watch}, json=offer) as resp:
                assert resp.status == 403
            status, refused = await post(http, f"{base}/api/takeback", theirs, {"seq": offer["seq"]}, lang)
            assert status == 409 and refused["error"] == closed
            status, back = await post(http, f"{base}/api/takeback", mine, {"seq": offer["seq"]}, lang)
            assert status == 200 and back["done"].startswith(taken) and "takeback" not in back, back
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.engine.dump(after.state) == table.engine.dump(table.state)
            again = await get_state(http, base, mine)
            assert again["version"] > page["version"] and again["log"] == page["log"]
            assert again["menu"] is not None  # the choice is the seat's again
            # the same press once more: no longer open
            status, stale = await post(http, f"{base}/api/takeback", mine, {"seq": offer["seq"]}, lang)
            assert status == 409 and stale["error"] == closed and stale["refresh"]
            # malformed
            async with http.post(f"{base}/api/takeback", headers={"X-Board-Token": mine}, json={"seq": "x"}) as resp:
                assert resp.status == 400


async def test_take_back_in_chromium(tmp_path: Path) -> None:
    """The page shows “↶ Take back” beside the answer to a move and takes it back on a click: the
    page returns to the game before the move, its choice open again."""
    browser_test = pytest.importorskip("tests.chat.test_web_browser")
    async with web_world(tmp_path, "web-take-back-browser") as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        mover = min(table.engine.pending(table.state))
        link, _ = await browser_test.board_links(world, members[mover])
        async with browser_test.playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=browser_test.CHROMIUM, args=browser_test.FLAGS)
            try:
                context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
                page = await context.new_page()
                await page.goto(link)
                await page.wait_for_selector("#options button")
                await browser_test.play_turn(page)
                moved = await browser_test.version_of(page)
                button = page.locator("#takeback")
                assert await button.inner_text() == "↶ Take back"
                await button.click()
                await page.wait_for_function(
                    f"() => Number(document.getElementById('app').dataset.version) > {moved}", timeout=5000
                )
                await page.wait_for_selector("#options button")
                assert (await page.inner_text(".message")).startswith("Taken back: ")
                assert await page.locator("#takeback").count() == 0
                await context.close()
            finally:
                await browser.close()
        after = await world.service.table_in(world.channel.id)
        assert after is not None and after.engine.dump(after.state) == table.engine.dump(table.state)
