"""Every game at a local table in Chromium: one person plays by clicking through the page, easy AI
seats play the others, until the game is over; and a game goes on after the table restarts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.local.seating import Seating
from bot.local.table import LocalTable, people_of
from bot.store.models import FINISHED, RUNNING
from bot.web.server import BUNDLE
from tests.chat.test_web_browser import CHROMIUM
from tests.local.conftest import local_table
from tests.local.pages import browser_context, play_turns, shows

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]

# The person first, then AI seats: every level once in the short Battles & Builders, elsewhere the
# quickest game at the fewest seats the game allows: easy AI seats, but normal ones in Cities & Knights
# on the beginners' board (easy ones drag it out to about half as many actions again).
CASES = [
    ("battles_builders", ("easy", "normal", "hard"), []),
    ("burg", ("easy",), []),
    ("war_chest", ("easy",), []),
    ("cities_knights", ("normal", "normal"), ["layout=beginner"]),
]


async def person_actions(local: LocalTable, game_id: int, seat: int) -> int:
    return sum(1 for s, _ in await local.service.action_log(game_id) if s == seat)


@pytest.mark.parametrize(("key", "levels", "options"), CASES, ids=[c[0] for c in CASES])
async def test_a_whole_game_through_the_page(
    tmp_path: Path, key: str, levels: tuple[str, ...], options: list[str]
) -> None:
    async with local_table(tmp_path, f"whole-{key}") as local:
        table = await local.begin(key, Seating(("Ann",), levels), options, "en")
        assert [s.ai_level for s in table.seats] == [None, *levels]
        await local.serve(table, "en")
        [(seat, name, _user)] = people_of(table)
        [link] = local.seat_links(table)
        assert link.url.startswith(f"http://127.0.0.1:{local.web.port}/board#")
        started = time.perf_counter()
        async with browser_context() as context:
            page = await context.new_page()
            await page.goto(link.url)
            await shows(page, table.version)
            assert f"{name} (you)" in await page.inner_text(".players")
            await play_turns(page, local, table.game_id, seat)
            final = await local.service.table_by_id(table.game_id)
            assert final is not None and final.status == FINISHED and final.result is not None
            # the page follows to the end: a finished game's page is its replay
            await page.wait_for_selector("#controls", timeout=30_000)
        log = await local.service.action_log(table.game_id)
        made = sum(1 for s, _ in log if s == seat)
        everyone = len(log)
        assert made > 0 and {s for s, _ in log} == set(range(len(table.seats)))  # the person and every AI seat played
        print(f"{key}: {everyone} actions, {made} by the person through the page, {time.perf_counter() - started:.1f}s")


async def test_the_game_goes_on_after_a_restart(tmp_path: Path) -> None:
    """The table stops mid-game; started again on the same database (and port), it finds the game at
    the same version, the page that stayed open reconnects by itself, and the game is played out."""
    async with browser_context() as context:
        page = await context.new_page()
        async with local_table(tmp_path, "restart") as local:
            table = await local.begin("war_chest", Seating(("Ann",), ("easy",)), [], "en")
            await local.serve(table, "en")
            [link] = local.seat_links(table)
            await page.goto(link.url)
            await play_turns(page, local, table.game_id, 0, turns=3)
            await local.ai.idle()
            before = await local.service.table_by_id(table.game_id)
            assert before is not None and before.status == RUNNING
            port = local.web.port
            assert await person_actions(local, table.game_id, 0) >= 3
            played = await local.service.action_log(table.game_id)
        await page.wait_for_selector("body[data-offline]")  # the page noticed the table went away
        async with local_table(tmp_path, "restart", port=port) as again:
            found = await again.unfinished("war_chest")
            assert found is not None and found.game_id == table.game_id and found.version == before.version
            assert found.state is not None and found.engine.dump(found.state) == before.engine.dump(before.state)
            await again.serve(found, "en")
            await page.wait_for_selector("body:not([data-offline])", timeout=20_000)
            await shows(page, found.version)
            await play_turns(page, again, found.game_id, 0)
            final = await again.service.table_by_id(found.game_id)
            assert final is not None and final.status == FINISHED
            log = await again.service.action_log(found.game_id)
            assert log[: len(played)] == played and len(log) > len(played)
