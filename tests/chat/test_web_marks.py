"""Where the reader can act is marked on the board without hovering, in Chromium, for all four games:
every place of the payload's ``places`` carries a visible mark (a thick dashed outline, not colour
alone) and nothing else does; a first click that leaves several actions open marks the places that
tell them apart and dims the rest, and Escape or a click elsewhere undoes it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.web.page import places_maker, scene_maker
from bot.web.server import BUNDLE
from tests.chat.test_web_browser import CHROMIUM, FLAGS, board_links
from tests.chat.web_world import start_game, web_world
from tests.chat.world import World

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]

#: The page's own payload, as it loaded it (with the token it keeps for this tab).
PAYLOAD = """async () => (await (await fetch('/api/state',
  { headers: { 'X-Board-Token': sessionStorage.getItem('board-token') } })).json())"""

#: Each mark on the board: its place, and how its dashed line is drawn where it shows.
MARKS = """() => [...document.querySelectorAll('.board .marks [data-mark]')].map(m => {
  const lines = [...m.querySelectorAll('.mark-dash')].filter(e => {
    const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && e.closest('[visibility=hidden]') === null;
  });
  const style = lines.length ? getComputedStyle(lines[0]) : null;
  const box = lines.length ? lines[0].getBoundingClientRect() : null;
  return { place: m.dataset.mark, dashes: style ? style.strokeDasharray : 'none',
           width: style ? parseFloat(style.strokeWidth) : 0, box: box && [box.left, box.top, box.right, box.bottom] };
})"""

TARGET_BOX = """p => { const r = document.querySelector(`[role=button][data-place="${p}"] .hit`).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; }"""


@asynccontextmanager
async def mover_page(world: World, members: list[Any]) -> AsyncIterator[tuple[Any, int]]:
    """The page of the seat the game waits for, on a desktop-sized window."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    seat = min(table.engine.pending(table.state))
    mover = next(m for m in members if m.id == table.user_of(seat))
    url = (await board_links(world, mover))[0]
    async with playwright_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = await browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 1000})
            page = await context.new_page()
            await page.goto(url)
            await page.wait_for_selector("#app[data-version] .board svg [role=button]")
            yield page, seat
            await context.close()
        finally:
            await browser.close()


async def marked(page: Any) -> list[dict[str, Any]]:
    await page.wait_for_timeout(50)  # marks of small places are sized once the board is laid out
    return await page.evaluate(MARKS)


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


async def check_marks(page: Any, places: set[str]) -> None:
    """Exactly ``places`` are marked, each visibly: a dashed line at least 3 px wide, on the place."""
    marks = await marked(page)
    assert {m["place"] for m in marks} == places and len(marks) == len(places)
    for mark in marks:
        assert mark["dashes"] not in ("none", "") and mark["width"] >= 3, mark
        assert mark["box"] and overlap(mark["box"], await page.evaluate(TARGET_BOX, mark["place"])), mark


async def scene_places(world: World, seat: int) -> set[str]:
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    make = scene_maker(table.engine)
    assert make is not None
    return set(make(table.engine.view(table.state, seat), "en", table.names).places())


@pytest.mark.parametrize(
    ("game", "players"), [("war_chest", 2), ("cities_knights", 3), ("battles_builders", 2), ("burg", 3)]
)
async def test_every_legal_place_is_marked_and_no_other(tmp_path: Path, game: str, players: int) -> None:
    async with web_world(tmp_path, f"web-marks-{game}") as (world, _web, _ticks):
        members = await start_game(world, game, players)
        async with mover_page(world, members) as (page, seat):
            payload = await page.evaluate(PAYLOAD)
            table = await world.service.table_in(world.channel.id)
            assert table is not None
            named = places_maker(table.engine)
            assert named is not None
            legal = {p for a in table.engine.legal(table.state, seat) for p in named(a)}
            assert set(payload["places"]) == legal and legal
            # drawn places without a legal action exist (so "no other" says something) and are not marked
            assert await scene_places(world, seat) - legal
            await check_marks(page, legal)
            buttons = await page.eval_on_selector_all("[role=button][data-place]", "e => e.map(x => x.dataset.place)")
            assert set(buttons) == legal
            assert await page.locator(".board [data-dim]").count() == 0


async def test_a_first_click_narrows_the_marks_and_escape_undoes_it(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-marks-narrow") as (world, _web, _ticks):
        members = await start_game(world, "war_chest", 2)
        async with mover_page(world, members) as (page, seat):
            table = await world.service.table_in(world.channel.id)
            assert table is not None
            named = places_maker(table.engine)
            assert named is not None
            legal = table.engine.legal(table.state, seat)
            everywhere = {p for a in legal for p in named(a)}
            # a coin that several actions play, on several places
            first = next(
                p for p in sorted(everywhere) if len({q for a in legal if p in named(a) for q in named(a)} - {p}) >= 2
            )
            narrowed = {q for a in legal if first in named(a) for q in named(a)} - {first}
            drawn = await scene_places(world, seat)

            async def first_click() -> None:
                await page.locator(f'[role=button][data-place="{first}"]').click()
                await page.wait_for_selector(f'[data-picked="{first}"]')
                await check_marks(page, narrowed)
                assert (
                    set(
                        await page.eval_on_selector_all("[role=button][data-place]", "e => e.map(x => x.dataset.place)")
                    )
                    == narrowed
                )
                dimmed = set(await page.eval_on_selector_all(".board [data-dim]", "e => e.map(x => x.dataset.dim)"))
                assert dimmed == drawn - narrowed - {first}
                opacity = await page.eval_on_selector(".board [data-dim]", "e => Number(getComputedStyle(e).opacity)")
                assert opacity < 0.5
                assert await page.locator(f'[data-picked-mark="{first}"]').count() == 1

            async def undone() -> None:
                await page.wait_for_function("() => !document.querySelector('[data-picked]')")
                await check_marks(page, everywhere)
                assert await page.locator(".board [data-dim]").count() == 0
                assert await page.locator("[data-picked-mark]").count() == 0

            await first_click()
            await page.keyboard.press("Escape")
            await undone()
            # a click beside the places (the page's heading) undoes it as well
            await first_click()
            await page.locator("h1").click()
            await undone()
            # and so does a click on the board where no place is open
            await first_click()
            svg = await page.locator(".board svg").bounding_box()
            assert svg is not None
            await page.mouse.click(svg["x"] + svg["width"] - 3, svg["y"] + svg["height"] - 3)
            await undone()
            # none of it played anything
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.version == table.version
