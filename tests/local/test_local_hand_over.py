"""One page passed from person to person (``--hand-over``) in Chromium: after a person acts and
another is asked, the page covers everything and names who gets the device; only their press opens
their seat, and the previous seat's view is gone by then."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local.seating import Seating
from bot.local.table import people_of
from bot.service.notices import Table
from bot.store.models import FINISHED, RUNNING
from bot.web.server import BUNDLE
from games.ai.players import decide
from tests.chat.test_web_browser import CHROMIUM
from tests.games.cities_knights.helpers import hand
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


async def test_an_open_offer_passes_the_device_to_each_person_it_asks_then_back(tmp_path: Path) -> None:
    """Cities & Knights, three people at one device: a trade offer to everyone passes the device to
    each person it asks in turn (the one on screen answers first when asked), then back to the one
    who offered, whom the game waits for."""
    async with local_table(tmp_path, "hand-over offer") as local:
        table = await local.begin("cities_knights", Seating(("Ann", "Bob", "Cor"), ()), [], "en")
        await local.serve(table, "en")
        seats = {name: seat for seat, name, _ in people_of(table)}
        users = {seat: user for seat, _, user in people_of(table)}
        engine = table.engine

        async def act(seat: int, action: dict[str, object]) -> Table:
            """A person's action, told to the pages as a press of theirs is."""
            outcome = await local.service.act(game_id=table.game_id, user_id=users[seat], action=action)
            await local.driver.after_press(outcome, seat)
            return outcome.table

        game = table
        while next(iter(engine.pending(game.state).values())).kind != "turn":
            seat = min(engine.pending(game.state))  # the set-up, played here: it is not what this test is about
            game = await act(seat, decide(engine, game.state, seat, "easy", seed=game.version))
        [offerer] = engine.pending(game.state)
        give = next(kind for kind, n in sorted(hand(game.state, offerer).items()) if n)
        want = next(kind for kind in ("brick", "lumber", "wool", "grain", "ore") if kind != give)
        game = await act(offerer, {"type": "offer_trade", "give": {give: 1}, "want": {want: 1}, "to": "all"})
        asked = sorted(engine.invitations(game.state))
        assert len(asked) == 2 and offerer not in asked
        async with browser_context() as context:
            page = await context.new_page()
            await page.goto(local.hand_over_link(game))
            await page.wait_for_selector("#app[data-version]", state="attached")  # covered at once, maybe
            here = await seat_shown(page, seats)
            assert here == seats["Ann"]
            if here in asked:  # the person on screen is asked: they answer before the device goes on
                await shows(page, game.version)
                assert await page.locator("#hand-over").count() == 0
                game = await act(here, {"type": "reject_trade"})
            left = [s for s in asked if s != here]
            # who gets the device, in turn: the others asked, next after the one on screen first, then the offerer
            expected = [*[s for s in left if s > here], *[s for s in left if s < here], offerer]
            for after in expected:
                await page.wait_for_selector("#hand-over-ready", timeout=30_000)
                name = (await page.inner_text("#hand-over h1")).removeprefix("Pass the device to ")
                assert seats[name] == after, (name, after)
                await page.click("#hand-over-ready")
                await page.wait_for_function(
                    f"() => !document.body.dataset.handOver && {YOU}.includes({name!r} + ' (you)')"
                )
                here = after
                if after != offerer:  # an asked person answers: the device goes on
                    await shows(page, game.version)
                    game = await act(here, {"type": "reject_trade"})
            assert engine.invitations(game.state) == {} and list(engine.pending(game.state)) == [offerer]
            await shows(page, game.version)
            assert await page.locator("#hand-over").count() == 0  # the offerer has the device, and the turn
