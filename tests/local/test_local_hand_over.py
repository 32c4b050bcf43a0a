"""One page passed from person to person (``--hand-over``) in Chromium: after a person acts and
another is asked, the page covers everything and names who gets the device; only their press opens
their seat, and the previous seat's view is gone by then."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local.seating import Seating
from bot.local.table import people_of
from bot.store.models import FINISHED, RUNNING
from bot.web.server import BUNDLE
from tests.chat.test_web_browser import CHROMIUM
from tests.local.conftest import local_table
from tests.local.pages import browser_context, changed, play_turns, shows

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(
        not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
    ),
]

YOU = "Array.from(document.querySelectorAll('.players li')).map(li => li.textContent)"


async def seat_shown(page: object, seats: dict[str, int]) -> int:
    mine = [t for t in await page.evaluate(YOU) if t.endswith(" (you)")]  # type: ignore[attr-defined]
    assert len(mine) == 1, mine
    return seats[mine[0].removesuffix(" (you)")]


async def test_one_page_is_passed_between_the_people(tmp_path: Path) -> None:
    async with local_table(tmp_path, "hand-over") as local:
        table = await local.begin("battles_builders", Seating(("Ann", "Bob"), ("easy",)), [], "en")
        await local.serve(table, "en")
        seats = {name: seat for seat, name, _ in people_of(table)}
        link = local.hand_over_link(table)
        assert link.startswith(f"http://127.0.0.1:{local.web.port}/board#") and link.count(",") == 1
        engine = table.engine
        hand_overs = 0
        async with browser_context() as context:
            page = await context.new_page()
            await page.goto(link)
            await page.wait_for_selector("#app[data-version]")
            assert page.url.endswith("/board")  # no token stays in the address bar
            here = await seat_shown(page, seats)
            game = table
            while game.status == RUNNING:
                asked = [s for s in seats.values() if s in engine.pending(game.state)]
                if not asked:
                    game = await changed(local, game.game_id, game.version)
                    continue
                if here in asked:
                    await play_turns(page, local, game.game_id, here, turns=1)
                    now = await local.service.table_by_id(game.game_id)
                    assert now is not None
                    game = now
                    continue
                # another person is asked: the page covers the seat it showed, and names them
                await page.wait_for_selector("#hand-over-ready", timeout=30_000)
                assert await page.locator("#app").is_hidden()
                public = set(engine.status_lines(engine.view(game.state, None), "en", game.names))
                secret = set(engine.status_lines(engine.view(game.state, here), "en", game.names)) - public
                shown = await page.inner_text("body")
                assert not [line for line in secret if line in shown]
                heading = await page.inner_text("#hand-over h1")
                assert heading.startswith("Pass the device to ")
                name = heading.removeprefix("Pass the device to ")
                assert seats[name] in asked and seats[name] != here
                assert await page.inner_text("#hand-over-ready") == f"I am {name}: show my seat"
                await page.click("#hand-over-ready")
                await page.wait_for_function(
                    f"() => !document.body.dataset.handOver && {YOU}.includes({name!r} + ' (you)')", timeout=30_000
                )
                here = seats[name]
                hand_overs += 1
                now = await local.service.table_by_id(game.game_id)
                assert now is not None
                game = now
                await shows(page, game.version)
                assert page.url.endswith("/board")
            assert game.status == FINISHED
            assert hand_overs >= 2
            await page.wait_for_selector("#controls", timeout=30_000)  # the replay: every view is open now
            assert await page.locator("#hand-over").count() == 0
        people_moves = [s for s, _ in await local.service.action_log(game.game_id) if s in seats.values()]
        assert set(people_moves) == set(seats.values())
