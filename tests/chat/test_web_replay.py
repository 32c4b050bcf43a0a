"""A finished game's page is its replay, drawn in Chromium from the stored log: it opens on the end,
steps back and forth (buttons and arrow keys), plays, jumps to a round, and shows any seat's view
(the game is over, nothing is hidden any more); the chat's Replay answer links to it. A game still
running has no replay."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.web.history import stored_game
from bot.web.links import Pass, token_of
from bot.web.server import BUNDLE
from games.replay import steps
from tests.chat.driver import play_until_over
from tests.chat.test_web_browser import CHROMIUM, FLAGS, board_links, screenshot
from tests.chat.test_web_buttons import link_buttons
from tests.chat.web_world import start_game, web_world
from tests.chat.world import custom_ids

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]


async def step_of(page: Any) -> int:
    return int(await page.get_attribute("#app", "data-step"))


async def at_step(page: Any, step: int, seat: int | None = None) -> None:
    want = "" if seat is None else str(seat)
    await page.wait_for_function(
        "([s, v]) => { const a = document.getElementById('app');"
        " return a.dataset.step === String(s) && a.dataset.seat === v; }",
        arg=[step, want],
        timeout=5000,
    )


def replayed_here(game: Any, names: list[str]) -> tuple[dict[tuple[int, int | None], list[str]], dict[int, int]]:
    """The status lines of every step in each view, and each step's round, replayed here from the
    stored seed and actions."""
    lines: dict[tuple[int, int | None], list[str]] = {}
    rounds: dict[int, int] = {}
    for step in steps(game.engine, game.players, game.options, game.seed, game.actions):
        rounds[step.index] = game.engine.view(step.state, None)["round"]
        for seat in (None, *range(game.players)):
            lines[(step.index, seat)] = game.engine.status_lines(game.engine.view(step.state, seat), "en", names)
    return lines, rounds


async def test_a_finished_games_page_is_its_replay(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-replay") as (world, web, _ticks):
        members = await start_game(world, "battles_builders", 2)
        links = [await board_links(world, m) for m in members]
        base = f"http://127.0.0.1:{web.port}"
        async with aiohttp.ClientSession() as http:
            token = token_of(links[0][1])
            async with http.get(f"{base}/api/replay", headers={"X-Board-Token": token}) as r:
                assert r.status == 409 and "not over" in await r.text()
        await asyncio.sleep(0.05)
        await play_until_over(world, random.Random(3))
        grant = web.links.read(token)
        assert grant is not None
        game = await stored_game(world.service.sessions, grant.game_id)
        assert game is not None and len(game.actions) > 12
        finished = await world.service.table_by_id(game.game_id)
        assert finished is not None and finished.status == "finished"
        names = finished.names
        want, rounds = replayed_here(game, names)
        last = len(game.actions)

        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 1000})
                seat_page, watch_page = await context.new_page(), await context.new_page()
                for page, url in ((seat_page, links[0][0]), (watch_page, links[0][1])):
                    await page.goto(url)
                    await at_step(page, last)  # it opens on the end
                    assert await page.locator(".status li").all_inner_texts() == want[(last, None)]
                    assert "Replay" in await page.locator("h1").inner_text()
                    assert await page.locator("#options button[data-path]").count() == 0  # nothing to choose
                page = watch_page
                await page.locator("#first").click()
                await at_step(page, 0)
                assert await page.locator("#caption").inner_text() == "Start"
                await page.locator("#next").click()
                await at_step(page, 1)
                mover = names[game.actions[0][0]]
                assert await page.locator("#caption").inner_text() == f"Move 1 of {last}: {mover}"
                assert await page.locator(".status li").all_inner_texts() == want[(1, None)]
                await page.locator("#next").focus()
                await page.keyboard.press("Enter")  # the controls are buttons: the keyboard works them
                await at_step(page, 2)
                await page.locator("h1").click()
                await page.keyboard.press("ArrowRight")
                await at_step(page, 3)
                await page.keyboard.press("ArrowLeft")
                await at_step(page, 2)
                # jump to a round: the step where the public view first says round 3
                round3 = min(i for i, r in rounds.items() if r == 3)
                await page.select_option("#round", str(round3))
                await at_step(page, round3)
                # any seat's view, now that the game is over: seat 1's hidden commit is shown
                shown = next(i for i in range(round3, last) if want[(i, 1)] != want[(i, None)])
                await page.select_option("#seat", "1")
                await at_step(page, round3, 1)
                await page.fill("#step", str(shown))
                await page.locator("#step").dispatch_event("change")
                await at_step(page, shown, 1)
                assert await page.locator(".status li").all_inner_texts() == want[(shown, 1)]
                assert want[(shown, 1)] != want[(shown, None)]
                # play runs the steps on by itself, pause stops it
                await page.locator("#play").click()
                await page.wait_for_function(
                    f"() => Number(document.getElementById('app').dataset.step) >= {shown + 2}"
                )
                await page.locator("#play").click()
                stopped = await step_of(page)
                await asyncio.sleep(1.2)
                assert await step_of(page) in (stopped, stopped + 1)  # an answer under way may still land
                await screenshot(page, "replay")
                await context.close()
            finally:
                await browser.close()

        # the chat's Replay answer links to the replay page: a watcher's link of that game
        await asyncio.sleep(0.05)
        await world.env.settle()
        result = next(m for m in world.channel.history() if f"rp:{game.game_id}" in custom_ids(m))
        pressed = await members[0].click(result, custom_id=f"rp:{game.game_id}")
        answer = pressed.followups[-1] if pressed.followups else pressed.response
        ((label, url),) = link_buttons(answer)
        assert label == "Replay in the browser"
        assert web.links.read(token_of(url)) == Pass(game.game_id, None, None)
