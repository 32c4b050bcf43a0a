"""The board page on a phone-sized screen (390x844, touch) and by keyboard alone, in Chromium: the
board and the panel fit the width and are visible, a tap on a place plays it, and a person who
only uses the keyboard reaches the places with Tab and plays them with Enter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.web.page import places_maker
from bot.web.server import BUNDLE
from tests.chat.test_web_board_clicks import follows
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
WIDTH, HEIGHT = 390, 844


async def mover_action(world: World) -> tuple[int, dict[str, Any], list[str]]:
    """The seat to move and one of its actions that two places name (a coin, then a hex)."""
    table = await world.service.table_in(world.channel.id)
    assert table is not None and table.prompts
    seat = next(iter(table.prompts))
    named = places_maker(table.engine)
    assert named is not None
    action = next(a for a in table.engine.legal(table.state, seat) if len(named(a)) == 2)
    return seat, action, named(action)


async def finish(page: Any, world: World, action: dict[str, Any], before: int, press: Any) -> None:
    """After the places: the action is done, or the panel tells the actions those places name apart."""
    await page.wait_for_function("() => document.querySelector('.message') || document.querySelector('.picked')")
    if not await page.locator(".message").count():
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        view = table.engine.view(table.state, next(iter(table.prompts)))
        label = " · ".join(table.engine.action_path(view, action, "en"))[:100]
        await press(await panel_option(page, label))
        await page.wait_for_selector(".message")
    await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}")
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    assert (await world.service.action_log(table.game_id))[-1][1] == action


async def test_a_phone_sized_page_and_the_keyboard_play_the_board(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-phone") as (world, _web, _ticks):
        members = await start_game(world, "war_chest", 2)
        links = [(await board_links(world, m))[0] for m in members]
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                phone = await browser.new_context(
                    locale="en-GB",
                    viewport={"width": WIDTH, "height": HEIGHT},
                    is_mobile=True,
                    has_touch=True,
                    device_scale_factor=2,
                )
                pages = [await phone.new_page() for _ in links]
                for page, url in zip(pages, links, strict=True):
                    await page.goto(url)
                    await page.wait_for_selector("#app[data-version] .board svg")
                seat, action, places = await mover_action(world)
                page = pages[seat]
                await follows(page, world)
                # nothing is wider than the screen: no sideways scrolling of the page
                assert await page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
                # map first: its frame takes the whole width near the top (a wider map scrolls inside it)
                board = await page.locator(".region-map").bounding_box()
                assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= WIDTH
                assert board["width"] >= WIDTH - 40 and board["y"] < HEIGHT
                panel = page.locator("#options button").first
                await panel.scroll_into_view_if_needed()
                assert await panel.is_visible()
                box = await panel.bounding_box()
                assert box is not None and box["x"] + box["width"] <= WIDTH
                # a tap on each place plays the action
                before = await version_of(page)
                for place in places:
                    shape = page.locator(f'[role=button][data-place="{place}"]')
                    await shape.scroll_into_view_if_needed()
                    await shape.tap()
                    await page.wait_for_function(
                        "p => document.querySelector('.message') || document.querySelector(`[data-picked=\"${p}\"]`)",
                        arg=place,
                    )
                    if await page.locator(".message").count():
                        break
                await finish(page, world, action, before, lambda b: b.tap())

                # the other seat plays by keyboard alone: Tab to a place, Enter picks it
                seat, action, places = await mover_action(world)
                page = pages[seat]
                await follows(page, world)
                await page.bring_to_front()
                before = await version_of(page)
                await page.locator("h1").click()  # start from the top of the page
                for place in places:
                    for _ in range(400):
                        await page.keyboard.press("Tab")
                        if await page.evaluate("() => document.activeElement.dataset.place || ''") == place:
                            break
                    else:
                        raise AssertionError(f"Tab never reached {place}")
                    assert await page.evaluate("() => document.activeElement.getAttribute('role')") == "button"
                    await page.keyboard.press("Enter")
                    await page.wait_for_function(
                        "p => document.querySelector('.message') || document.querySelector(`[data-picked=\"${p}\"]`)",
                        arg=place,
                    )
                    if await page.locator(".message").count():
                        break

                async def by_keyboard(button: Any) -> None:
                    await button.focus()
                    await page.keyboard.press("Enter")

                await finish(page, world, action, before, by_keyboard)
                await phone.close()
            finally:
                await browser.close()


# -- every game on a phone: legible, tappable, map first ---------------------------------------------

#: What the DOM says of each drawing on the page: every text's size on screen (its font size times the
#: drawing's scale) where it shows, and each region's frame.
MEASURE = """() => {
  const out = { texts: [], frames: [] };
  for (const svg of document.querySelectorAll('.board svg')) {
    const shown = svg.getBoundingClientRect();
    const scale = shown.width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll('text')) {
      const r = text.getBoundingClientRect();
      const visible = r.width > 0 && r.right > shown.left && r.left < shown.right && r.bottom > shown.top && r.top < shown.bottom;
      if (visible) out.texts.push([text.textContent, parseFloat(getComputedStyle(text).fontSize) * scale]);
    }
  }
  for (const frame of document.querySelectorAll('.region')) {
    const r = frame.getBoundingClientRect();
    out.frames.push({ name: frame.dataset.region, left: r.left, right: r.right, top: r.top });
  }
  return out;
}"""

#: Which place a tap at (x, y) of the viewport reaches.
TAPPED = """([x, y]) => { const hit = document.elementFromPoint(x, y); const at = hit && hit.closest('[data-place]');
  return at ? at.dataset.place : null; }"""


async def open_places(world: World, seat: int) -> set[str]:
    table = await world.service.table_in(world.channel.id)
    assert table is not None
    named = places_maker(table.engine)
    assert named is not None
    return {p for a in table.engine.legal(table.state, seat) for p in named(a)}


async def check_targets(page: Any, places: set[str]) -> None:
    """Every open place is one button whose target is at least 32x32 CSS px, and a tap at its middle
    reaches it (not a neighbour's target, not a mark)."""
    assert (
        places
        and set(await page.eval_on_selector_all("[role=button][data-place]", "e => e.map(x => x.dataset.place)"))
        == places
    )
    for place in sorted(places):
        target = page.locator(f'[role=button][data-place="{place}"]')
        await target.scroll_into_view_if_needed()
        box = await target.locator(".hit").bounding_box()
        assert box is not None and box["width"] >= 32 and box["height"] >= 32, (place, box)
        middle = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
        assert await page.evaluate(TAPPED, middle) == place, place


@pytest.mark.parametrize(
    ("game", "players"), [("war_chest", 2), ("cities_knights", 3), ("battles_builders", 2), ("burg", 3)]
)
async def test_every_game_on_a_phone_is_legible_and_tappable(tmp_path: Path, game: str, players: int) -> None:
    async with web_world(tmp_path, f"web-phone-{game}") as (world, _web, _ticks):
        members = await start_game(world, game, players)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        seat = min(table.engine.pending(table.state))
        named = places_maker(table.engine)
        assert named is not None
        mover = next(m for m in members if m.id == table.user_of(seat))
        url = (await board_links(world, mover))[0]
        async with playwright_api.async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                phone = await browser.new_context(
                    locale="en-GB",
                    viewport={"width": WIDTH, "height": HEIGHT},
                    is_mobile=True,
                    has_touch=True,
                    device_scale_factor=2,
                )
                page = await phone.new_page()
                await page.goto(url)
                await page.wait_for_selector("#app[data-version] .board svg [role=button]")
                await page.wait_for_timeout(100)  # the frames size themselves once laid out
                assert await page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
                seen = await page.evaluate(MEASURE)
                # every text shown on the board is at least 11 px on screen, hex and corner labels too
                assert len(seen["texts"]) > 20
                small = [(text, round(size, 2)) for text, size in seen["texts"] if size < 11]
                assert not small, small
                # map first: the frames fit the screen, the map's comes before the choices
                frames = seen["frames"]
                assert frames and all(f["left"] >= 0 and f["right"] <= WIDTH + 0.5 for f in frames), frames
                names = [f["name"] for f in frames]
                assert "map" in names, names
                choices = await page.locator("section.choices").bounding_box()
                assert choices is not None
                assert next(f for f in frames if f["name"] == "map")["top"] < choices["y"]
                assert all(f["top"] > choices["y"] for f in frames if f["name"] in ("side", "legend")), frames
                await screenshot(page, f"phone_{game}", full_page=False)
                await check_targets(page, await open_places(world, seat))
                # taps on the places of one action play it (the panel tells apart what they leave open)
                legal = table.engine.legal(table.state, seat)
                alone = [a for a in legal if named(a) and sum(set(named(b)) >= set(named(a)) for b in legal) == 1]
                action = (alone or [a for a in legal if named(a)])[len(alone) // 2 if alone else 0]
                before = await version_of(page)
                for place in named(action):
                    shape = page.locator(f'[role=button][data-place="{place}"]')
                    await shape.scroll_into_view_if_needed()
                    await shape.tap()
                    await page.wait_for_function(
                        "p => document.querySelector('.message') || document.querySelector(`[data-picked=\"${p}\"]`)",
                        arg=place,
                    )
                    if await page.locator(".message").count():
                        break
                if not await page.locator(".message").count():
                    view = table.engine.view(table.state, seat)
                    label = " · ".join(table.engine.action_path({**view, "names": table.names}, action, "en"))[:100]
                    button = await panel_option(page, label)
                    await button.scroll_into_view_if_needed()
                    await button.tap()
                    await page.wait_for_selector(".message")
                await page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}")
                assert "error" not in (await page.locator(".message").get_attribute("class") or "")
                assert (await world.service.action_log(table.game_id))[-1][1] == action
                await phone.close()
            finally:
                await browser.close()
