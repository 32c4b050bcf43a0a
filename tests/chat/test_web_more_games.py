"""Battles & Builders and Burg in Chromium: people play several turns by clicking the board where an
action has a place there (a tile, a target, a die, a card, a building, a field) and the side panel
otherwise (a commit of chips, "done"); the other seats' pages follow live; a watcher's page is
exactly the public view, in its words and in every text and title of its board."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.web.page import places_maker, scene_maker
from bot.web.server import BUNDLE
from tests.chat.test_web_board_clicks import click_action, clickable_places, follows
from tests.chat.test_web_browser import CHROMIUM, FLAGS, board_links, screenshot, version_of
from tests.chat.web_world import start_game, web_world
from tests.chat.world import World

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]


@asynccontextmanager
async def table_pages(world: World, members: list[Any]) -> AsyncIterator[tuple[list[Any], Any]]:
    """A page per seat and a watcher's page."""
    links = [await board_links(world, m) for m in members]
    async with playwright_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 1000})
            pages = [await context.new_page() for _ in range(len(links) + 1)]
            for page, url in zip(pages, [mine for mine, _ in links] + [links[0][1]], strict=True):
                await page.goto(url)
                await page.wait_for_selector("#app[data-version]")
            yield pages[:-1], pages[-1]
            for page in pages:
                await page.close()
            await context.close()
        finally:
            await browser.close()


async def chat_in_step(world: World) -> None:
    """The chat's table message shows the game's public view, as the pages did (waited for while
    the chat catches up; no settling, which waits for the closed pages' connections as well)."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    public = "\n".join(table.engine.status_lines(table.engine.view(table.state, None), "en", table.names))[:4000]
    for _ in range(200):
        if world.table_message().embeds[0].description == public:
            return
        await asyncio.sleep(0.05)
    assert world.table_message().embeds[0].description == public


async def take_turn(world: World, page: Any) -> str:
    """One action of the seat the game waits for: on the board when one of its actions has places
    that name it alone (not a commit of chips, which the panel composes), else through the panel."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None and table.prompts
    seat = min(table.engine.pending(table.state))  # whom the game waits for (a chosen pick stays open)
    legal = table.engine.legal(table.state, seat)
    named = places_maker(table.engine)
    assert named is not None
    await follows(page, world)
    assert await clickable_places(page) == {p for a in legal for p in named(a)}
    alike = Counter(frozenset(named(a)) for a in legal)
    alone = [a for a in legal if named(a) and alike[frozenset(named(a))] == 1 and a["type"] != "commit"]
    if alone:
        action = alone[len(alone) // 2]
        await click_action(world, page, action, named(action))
        return "board"
    await panel_turn(page)
    return "panel"


async def panel_turn(page: Any) -> None:
    """Press the last option of each step of the panel (the most chips, the King) until done."""
    before = await version_of(page)
    for _ in range(10):
        path = await page.locator("#options button:not([data-path=back])").last.get_attribute("data-path")
        await page.locator(f'#options button[data-path="{path}"]').click()
        gone = f"!document.querySelector('#options button[data-path=\"{path}\"]')"
        await page.wait_for_function(
            f"() => document.querySelector('.message') || ({gone} && document.querySelector('#options button'))"
        )
        if await page.locator(".message").count():
            await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}")
            return
    raise AssertionError("no action was reached in the panel")


async def watcher_sees_the_public_view(world: World, watcher: Any) -> None:
    await follows(watcher, world)
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    public = table.engine.view(table.state, None)
    lines = table.engine.status_lines(public, "en", table.names)
    assert await watcher.locator(".status li").all_inner_texts() == lines
    assert await watcher.locator("#options").count() == 0 and await watcher.locator("[data-place]").count() == 0
    make = scene_maker(table.engine)
    assert make is not None
    items = make(public, "en", table.names).to_json()["items"]
    texts = await watcher.eval_on_selector_all(
        ".board svg text", "els => els.map(e => Array.from(e.children).map(t => t.textContent).join('\\n'))"
    )
    assert texts == ["\n".join(it["lines"]) for it in items if it["kind"] == "text"]
    titles = await watcher.eval_on_selector_all(".board svg title", "els => els.map(e => e.textContent)")
    assert titles == [it["title"] for it in items if it.get("title")]
    for seat in range(len(table.seats)):
        own = table.engine.status_lines(table.engine.view(table.state, seat), "en", table.names)
        assert not (set(own) - set(lines)) & set(texts + titles + lines)


async def play(world: World, pages: list[Any], watcher: Any, turns: int) -> Counter[str]:
    ways: Counter[str] = Counter()
    for _turn in range(turns):
        table = await world.service.table_in(world.channel.id)
        assert table is not None and table.prompts
        seat = min(table.engine.pending(table.state))  # whom the game waits for (a chosen pick stays open)
        ways[await take_turn(world, pages[seat])] += 1
        for other in pages:  # every seat's page follows without reloading
            await follows(other, world)
        await watcher_sees_the_public_view(world, watcher)
    return ways


async def test_battles_builders_by_clicking(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-clicks-bb") as (world, _web, _ticks):
        members = await start_game(world, "battles_builders", 2)
        async with table_pages(world, members) as (pages, watcher):
            ways = await play(world, pages, watcher, 6)
            assert ways["board"] >= 1 and ways["panel"] >= 2, ways
            await screenshot(pages[0], "battles_builders")
        await chat_in_step(world)


async def test_burg_by_clicking(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-clicks-burg") as (world, _web, _ticks):
        members = await start_game(world, "burg", 3)
        async with table_pages(world, members) as (pages, watcher):
            ways = await play(world, pages, watcher, 7)
            assert ways["board"] >= 4, ways
            await screenshot(pages[0], "burg")
        await chat_in_step(world)
