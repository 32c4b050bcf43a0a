"""Playing by clicking the BOARD (not the side panel) in Chromium: only places with a legal action
are buttons, each with its title on hover and as its accessible name; a click applies the action
(the stored log and the chat's table say so) and the other player's page follows live. An action
that names several places (a coin, then a hex) is picked place by place."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.web.page import places_maker, scene_maker
from bot.web.server import BUNDLE
from tests.chat.test_web_browser import CHROMIUM, FLAGS, board_links, screenshot, version_of
from tests.chat.web_world import panel_option, start_game, web_world
from tests.chat.world import World

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]


@asynccontextmanager
async def seat_pages(world: World, members: list[Any]) -> AsyncIterator[list[Any]]:
    links = [(await board_links(world, m))[0] for m in members]
    async with playwright_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 1000})
            pages = [await context.new_page() for _ in links]
            for page, url in zip(pages, links):
                await page.goto(url)
                await page.wait_for_selector("#app[data-version]")
            yield pages
            await context.close()
        finally:
            await browser.close()


async def clickable_places(page: Any) -> set[str]:
    return set(await page.eval_on_selector_all("[role=button][data-place]", "els => els.map(e => e.dataset.place)"))


async def check_place(page: Any, place: str) -> None:
    """The place is a button named by its title, which the pointer shows on hover."""
    shape = page.locator(f'[role=button][data-place="{place}"]')
    assert await shape.count() == 1
    title = await shape.locator("title").text_content()
    assert title and await shape.get_attribute("aria-label") == title
    assert await shape.get_attribute("tabindex") == "0"
    assert await page.get_by_role("button", name=title, exact=True).count() >= 1
    await shape.hover()
    assert await shape.evaluate("e => e.matches(':hover')")


async def check_dead(world: World, page: Any, prefix: str) -> None:
    """A drawn place no legal action names (found by its title, as the pointer finds it): no
    button, no tab stop, and a click sends nothing and changes nothing."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    seat = next(iter(table.prompts))
    named = places_maker(table.engine)
    assert named is not None
    open_places = {p for a in table.engine.legal(table.state, seat) for p in named(a)}
    make = scene_maker(table.engine)
    assert make is not None
    titles = [
        it["title"]
        for it in make(table.engine.view(table.state, seat), "en", table.names).to_json()["items"]
        if it.get("place", "").startswith(prefix) and it["place"] not in open_places and it.get("title")
    ]
    assert titles, f"every {prefix} place is open"
    shape = page.locator("svg title").filter(has_text=titles[0]).first.locator("xpath=..")
    assert await shape.get_attribute("role") is None and await shape.get_attribute("tabindex") is None
    before = await version_of(page)
    said = await page.locator("aside").inner_text()
    await page.evaluate(
        """() => { window.__posts = 0; const f = window.fetch;
           window.fetch = (...a) => { if (a[1] && a[1].method === 'POST') window.__posts++; return f(...a); }; }"""
    )
    await shape.click(force=True)
    await asyncio.sleep(0.1)
    assert await page.evaluate("() => window.__posts") == 0 and await version_of(page) == before
    assert await page.locator("aside").inner_text() == said
    after = await world.service.table_in(world.channel.id)
    assert after is not None and after.version == table.version


async def click_action(world: World, page: Any, action: dict[str, Any], order: list[str]) -> None:
    """Click the places of ``action`` in ``order`` until the page says it was done."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    before = table.version
    for place in order:
        await check_place(page, place)
        await page.locator(f'[role=button][data-place="{place}"]').click()
        await page.wait_for_function(
            "p => document.querySelector('.message') || document.querySelector(`[data-picked=\"${p}\"]`)", arg=place
        )
        if await page.locator(".message").count():
            break
        # several actions name this place: it is marked, and only places that narrow the choice stay open
        assert await page.locator("svg .picked").count() >= 1
        assert place not in await clickable_places(page)
        assert await page.locator("#options button.leaf").count() >= 2
    else:
        # the places name several actions alike (a coin to bolster or to pass): the panel tells them apart
        view = table.engine.view(table.state, next(iter(table.prompts)))
        label = " · ".join(table.engine.action_path(view, action, "en"))[:100]
        await (await panel_option(page, label)).click()
        await page.wait_for_selector(".message")
    assert "error" not in (await page.locator(".message").get_attribute("class") or "")
    await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}")
    log = await world.service.action_log(table.game_id)
    assert log[-1][1] == action


async def settle_chat(world: World) -> None:
    await asyncio.sleep(0.05)
    await world.env.settle()
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    public = table.engine.status_lines(table.engine.view(table.state, None), "en", table.names)
    assert world.table_message().embeds[0].description == "\n".join(public)[:4000]


async def follows(page: Any, world: World) -> None:
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    await page.wait_for_function(
        f"() => Number(document.getElementById('app').dataset.version) >= {table.version}", timeout=5000
    )


async def test_war_chest_deploy_and_move_by_clicking_the_board(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-clicks-wc") as (world, _web, _ticks):
        members = await start_game(world, "war_chest", 2)
        moved = deployed = False
        async with seat_pages(world, members) as pages:
            for _turn in range(12):
                table = await world.service.table_in(world.channel.id)
                assert table is not None and table.prompts
                seat = next(iter(table.prompts))
                page, other = pages[seat], pages[1 - seat]
                await follows(page, world)
                legal = table.engine.legal(table.state, seat)
                named = places_maker(table.engine)
                assert named is not None
                open_places = {p for a in legal for p in named(a)}
                await page.wait_for_selector("[role=button][data-place]")
                assert await clickable_places(page) == open_places
                await check_dead(world, page, "hex:")  # a hex no action names is no button
                move = next((a for a in legal if a["type"] == "move"), None)
                deploy = next((a for a in legal if a["type"] == "deploy"), None)
                if move is not None and not moved:
                    await click_action(world, page, move, [f"coin:{move['coin']}", f"hex:{move['to']}"])
                    moved = True
                elif deploy is not None:
                    await click_action(world, page, deploy, [f"hex:{deploy['to']}", f"coin:{deploy['coin']}"])
                    deployed = True
                else:
                    action = next(a for a in legal if named(a))
                    await click_action(world, page, action, named(action))
                await follows(other, world)  # the other seat's page follows without reloading
                if moved and deployed:
                    break
            assert moved and deployed
            await screenshot(pages[0], "war_chest")
        await settle_chat(world)


async def test_cities_knights_set_up_by_clicking_the_board(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-clicks-ck") as (world, _web, _ticks):
        members = await start_game(world, "cities_knights", 3)
        async with seat_pages(world, members) as pages:
            for _step in range(2):  # the first settlement, then its road
                table = await world.service.table_in(world.channel.id)
                assert table is not None and table.prompts
                seat = next(iter(table.prompts))
                page = pages[seat]
                await follows(page, world)
                legal = table.engine.legal(table.state, seat)
                named = places_maker(table.engine)
                assert named is not None
                await page.wait_for_selector("[role=button][data-place]")
                assert await clickable_places(page) == {p for a in legal for p in named(a)}
                await check_dead(world, page, "h:")  # no hex is open during the set-up
                action = legal[len(legal) // 2]
                await click_action(world, page, action, named(action))
                for other in pages:
                    await follows(other, world)
            await screenshot(pages[0], "cities_knights")
        await settle_chat(world)
