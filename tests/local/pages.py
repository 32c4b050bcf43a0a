"""A person at a local table's page in Chromium: they choose as the normal AI would, by clicking
through the page's menu step by step (the same buttons a person presses), until the game is over."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.local.table import LocalTable
from bot.service import menus
from bot.service.notices import Table
from bot.store.models import RUNNING
from bot.web.page import seat_menu
from games.ai.players import decide
from games.core import Action
from tests.chat.test_web_browser import CHROMIUM, FLAGS, playwright_api

#: Seconds the game may stand still (the AI thinking, the page catching up) before the test fails.
STILL = 60.0


@asynccontextmanager
async def browser_context(locale: str = "en-GB") -> AsyncIterator[Any]:
    async with playwright_api.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield await browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        finally:
            await browser.close()


async def page_version(page: Any) -> int:
    return int(await page.get_attribute("#app", "data-version") or -1)


async def shows(page: Any, version: int) -> None:
    """Wait until the page shows that version of the game or a newer one."""
    await page.wait_for_function(
        f"() => Number(document.getElementById('app').dataset.version) >= {version}", timeout=STILL * 1000
    )


def leads(menu: menus.Menu, path: str, target: Action) -> bool:
    """Whether pressing the option at ``path`` goes towards ``target``."""
    found = menu.resolve([p for p in path.split(".") if p])
    if isinstance(found, menus.Step):
        return any(leads(menu, ".".join(o.path), target) for o in found.options)
    return found == target


async def press_towards(page: Any, table: Table, seat: int, target: Action) -> bool:
    """Click the page's options that lead to ``target`` until the action is done (the page says so,
    or the game moved on); False when the page's menu does not offer it (it shows another moment)."""
    menu = seat_menu(table, seat, "en")
    for _ in range(12):
        await page.wait_for_selector("#options button, .message", timeout=STILL * 1000)
        before = await page_version(page)
        if before != table.version:  # an AI seat moved meanwhile (a simultaneous choice): look again
            return False
        paths = await page.locator("#options button").evaluate_all("bs => bs.map(b => b.dataset.path)")
        choice = next((p for p in paths if p != "back" and leads(menu, p, target)), None)
        if choice is None:
            return False
        try:
            await page.locator(f'#options button[data-path="{choice}"]').click(timeout=3000)
        except playwright_api.TimeoutError:  # the page was drawn anew under the pointer (a newer version)
            return False
        gone = f"!document.querySelector('#options button[data-path=\"{choice}\"]')"
        moved = f"Number(document.getElementById('app').dataset.version) > {before}"
        await page.wait_for_function(
            f"() => document.querySelector('.message') || {moved} || ({gone} && document.querySelector('#options button'))",
            timeout=STILL * 1000,
        )
        if await page.locator(".message").count() or await page_version(page) > before:
            return True
    raise AssertionError(f"no action was reached by clicking towards {target}")


async def changed(local: LocalTable, game_id: int, version: int) -> Table:
    """The game once its version moved past ``version`` (AI seats acting)."""
    deadline = time.monotonic() + STILL
    while time.monotonic() < deadline:
        table = await local.service.table_by_id(game_id)
        assert table is not None
        if table.version != version or table.status != RUNNING:
            return table
        await asyncio.sleep(0.02)
    raise AssertionError(f"game {game_id} stood still at version {version} for {STILL:.0f} s")


async def play_turns(page: Any, local: LocalTable, game_id: int, seat: int, *, turns: int | None = None) -> int:
    """The person at ``seat`` plays through the page until the game is over (or ``turns`` of their
    actions were made); returns how many they made."""
    made = 0
    table = await local.service.table_by_id(game_id)
    assert table is not None
    while table.status == RUNNING and (turns is None or made < turns):
        if seat not in table.engine.pending(table.state):
            table = await changed(local, game_id, table.version)
            continue
        await shows(page, table.version)
        target = decide(table.engine, table.state, seat, "normal", seed=table.version, people=(seat,))
        if await press_towards(page, table, seat, target):
            made += 1
        after = await local.service.table_by_id(game_id)  # refused (the page was behind): the person tries again
        assert after is not None
        table = after
    return made
