"""The Activity's start-up in a real browser (Debian's Chromium driven by Playwright): the page loaded
as Discord loads it (with frame_id, instance_id and channel_id) runs the bundle built with the
Embedded App SDK replaced by a double of Discord's parent frame; it authorises, the bot exchanges the
code at the fake Discord, and the page draws that person's board of the channel's game."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bot.web.activity import DiscordOAuth
from tests.chat.test_web_browser import CHROMIUM, FLAGS
from tests.chat.web_world import start_game, web_world
from tests.smoke.fake_discord import APPLICATION_ID, FakeDiscord

WEB = Path(__file__).resolve().parents[2] / "web"
ESBUILD = WEB / "node_modules" / ".bin" / "esbuild"

playwright_api = pytest.importorskip("playwright.async_api", reason="PyPI playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).is_file(), reason="no Chromium: apt-get install -y chromium"),
    pytest.mark.skipif(not ESBUILD.is_file(), reason="the page's tools are not installed: cd web && npm ci"),
]


def bundle_with_sdk_double(out: Path) -> Path:
    """The page's bundle as `npm run build` makes it, but with the SDK aliased to the test double."""
    out.mkdir()
    subprocess.run(
        [
            str(ESBUILD),
            "src/main.ts",
            "--bundle",
            "--target=es2020",
            "--alias:@discord/embedded-app-sdk=./test/sdk-double.ts",
            f"--outfile={out / 'board.js'}",
        ],
        cwd=WEB,
        check=True,
        capture_output=True,
        timeout=120,
    )
    for name in ("board.css", "handover.css", "index.html"):
        shutil.copy(WEB / "src" / name, out / name)
    return out


async def test_the_activity_page_authorises_and_draws_the_channels_board(tmp_path: Path) -> None:
    bundle = bundle_with_sdk_double(tmp_path / "bundle")
    async with FakeDiscord(token="bot-token-not-used-here") as fake:
        oauth = DiscordOAuth(str(APPLICATION_ID), fake.client_secret, fake.api_base)
        async with web_world(tmp_path, "activity-browser", activity=oauth) as (world, web, _ticks):
            web.bundle = bundle
            members = await start_game(world, "war_chest", 2)
            table = await world.service.table_in(world.channel.id)
            assert table is not None and table.prompts
            mover = next(iter(table.prompts))
            member = next(m for m in members if table.seat_of(m.id) == mover)
            code = fake.grant_code(member.id, "mover")
            base = f"http://127.0.0.1:{web.port}"
            query = f"frame_id=f1&instance_id=i1&platform=desktop&channel_id={world.channel.id}"
            async with playwright_api.async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                try:
                    page = await browser.new_page(locale="en-GB")
                    response = await page.goto(f"{base}/?{query}&double_code={code}")
                    assert response is not None and response.status == 200
                    csp = response.headers["content-security-policy"]
                    # only this application's Activity origin (inside Discord's clients) may frame it
                    ancestors = csp.split("frame-ancestors ", 1)[1].split(";")[0].split()
                    assert f"https://{APPLICATION_ID}.discordsays.com" in ancestors and "script-src 'self';" in csp
                    assert "https://discord.com" in ancestors and not any("*" in a for a in ancestors)
                    await page.wait_for_selector("#app[data-version] .board svg")
                    await page.wait_for_selector("#options button")  # this person's seat: it is their turn
                    assert await page.inner_text("#turn") == "Your turn"
                    calls = await page.evaluate("window.activityCalls")
                    assert [c[0] for c in calls] == ["new", "ready", "authorize", "authenticate"]
                    assert calls[0][1] == str(APPLICATION_ID)
                    assert calls[2][1] == {
                        "client_id": str(APPLICATION_ID),
                        "response_type": "code",
                        "state": "",
                        "prompt": "none",
                        "scope": ["identify"],
                    }
                    # authenticate() got the access token Discord gave for this very person
                    token = calls[3][1]["access_token"]
                    assert fake._access_tokens[token]["id"] == str(member.id)
                    # a code Discord does not accept: a clear answer on the page, no board
                    second = await browser.new_page(locale="en-GB")
                    await second.goto(f"{base}/?{query}&double_code=forged")
                    await second.wait_for_selector("#refused")
                    assert "Discord did not confirm who you are" in await second.inner_text("#refused")
                    assert await second.locator(".board").count() == 0
                finally:
                    await browser.close()
