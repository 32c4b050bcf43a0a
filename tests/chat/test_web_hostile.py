"""Hostile input to the web table gets a plain 4xx answer, with the same security headers as any
answer, and changes nothing: Unicode digits, oversized ids and numbers, deeply nested or malformed
JSON (the link is checked and the rate limit applied before a body is read), oversized bodies,
half-sent requests, and forwarded addresses from anyone but a trusted proxy."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import make_mocked_request

from bot.web.guard import client_address, networks, number
from bot.web.texts import texts
from tests.chat.test_web_activity import activity_world, sign_in
from tests.chat.test_web_table import board_links, get_state
from tests.chat.web_world import start_game, web_world

WORDS = texts("en")
HEADERS = {
    "Content-Security-Policy": "default-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def secured(headers: Any) -> None:
    for name, value in HEADERS.items():
        assert headers.get(name, "").startswith(value), (name, headers.get(name))


async def answer(http: aiohttp.ClientSession, method: str, url: str, **kwargs: Any) -> tuple[int, str]:
    async with http.request(method, url, **kwargs) as resp:
        secured(resp.headers)
        return resp.status, await resp.text()


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


async def test_hostile_bodies_and_numbers_get_clear_answers_and_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with web_world(tmp_path, "web-hostile", rate=50) as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        table = await world.service.table_in(world.channel.id)
        assert table is not None
        mover = next(iter(table.prompts))
        mine, watch = await board_links(world, next(m for m in members if table.seat_of(m.id) == mover))
        base = f"http://127.0.0.1:{web.port}"
        menu, seat_header = f"{base}/api/menu", {"X-Board-Token": mine}
        async with aiohttp.ClientSession() as http:
            seq = (await get_state(http, base, mine))["seq"]
            # deep JSON without a link: the link is refused before the body is read
            status, text = await answer(http, "POST", menu, data=nested(8000))
            assert (status, text) == (403, WORDS["refused"])
            # with a valid link: malformed, never a failure
            for body in (nested(8000), nested(40), "{", '{"seq": 1, "path": "0"', "\xff\xfe", "[1, 2]", "null"):
                status, text = await answer(http, "POST", menu, data=body, headers=seat_header)
                assert (status, text) == (400, WORDS["malformed"]), body[:20]
            # numbers: a Unicode digit in a menu path is no path; an oversized seq is malformed
            for path in ("²", "0.²", "~²", "9" * 30, "0." * 99):
                status, text = await answer(http, "POST", menu, json={"seq": seq, "path": path}, headers=seat_header)
                assert status == 409 and "no longer open" in text, path
            for bad_seq in (10**30, -1, True, "1", 1.5):
                status, text = await answer(http, "POST", menu, json={"seq": bad_seq, "path": "0"}, headers=seat_header)
                assert (status, text) == (400, WORDS["malformed"]), bad_seq
            status, _ = await answer(
                http, "POST", f"{base}/api/vote", json={"seat": 2**70, "choice": "end"}, headers=seat_header
            )
            assert status == 400
            # a body over the limit, and an unknown address: refused with the same headers
            status, _ = await answer(http, "POST", menu, data="x" * 20_000, headers=seat_header)
            assert status == 413
            assert (await answer(http, "GET", f"{base}/api/nothing"))[0] == 404
            assert (await answer(http, "GET", f"{base}/static/..%2Fserver.py"))[0] == 404
            # a watcher's press, and a forged link
            assert (await answer(http, "POST", menu, json={"seq": seq, "path": "0"}, headers={"X-Board-Token": watch}))[
                0
            ] == 403
            # nothing changed
            after = await world.service.table_in(world.channel.id)
            assert after is not None and after.version == table.version
            # the rate limit is applied before a body is read: once spent, even deep JSON is a 429
            while (await answer(http, "GET", f"{base}/api/state", headers=seat_header))[0] != 429:
                pass
            assert (await answer(http, "POST", menu, data=nested(8000), headers=seat_header))[0] == 429
        # the game goes on from its finished replay: its step and seat numbers are bounded too
        r = await members[0].slash(world.channel, "resign")
        assert r.response is not None
        web.limit.capacity = 10_000.0
        web.limit._buckets.clear()
        async with aiohttp.ClientSession() as http:
            for query in ("step=²", "step=99999999999999999999", "step=0&seat=²", "step=0&seat=9", "step=-1"):
                status, text = await answer(http, "GET", f"{base}/api/replay/step?{query}", headers=seat_header)
                assert (status, text) == (400, WORDS["malformed"]), query
            assert (await answer(http, "GET", f"{base}/api/replay/step?step=0", headers=seat_header))[0] == 200
    failures = [r for r in caplog.records if r.name.startswith("bot.web") and r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]


async def test_the_activity_sign_in_names_a_malformed_request_and_tells_no_game_from_not_yours_alike(
    tmp_path: Path,
) -> None:
    async with activity_world(tmp_path, "activity-hostile") as (world, web, fake):
        members = await start_game(world, "war_chest", 2)
        outsider = world.add_player("outsider")
        for channel in ("²", "99999999999999999999", "1" * 25, "-5", ""):
            status, text = await sign_in_raw(web, {"code": fake.grant_code(members[0].id), "channel_id": channel})
            assert (status, text) == (400, WORDS["malformed"]), channel
        status, text = await sign_in_raw(web, nested(8000))
        assert (status, text) == (400, WORDS["malformed"])
        # no game in a channel, and a game that is not theirs to see: one answer
        empty = world.guild.create_text_channel("leeg")
        no_game = await sign_in(web, fake.grant_code(members[0].id), empty.id)
        world.guild.remove_member(outsider)
        not_yours = await sign_in(web, fake.grant_code(outsider.id), world.channel.id)
        assert no_game == not_yours and no_game[0] == 403


async def sign_in_raw(web: Any, body: dict[str, Any] | str) -> tuple[int, str]:
    url = f"http://127.0.0.1:{web.port}/api/activity/token"
    sent = {"json": body} if isinstance(body, dict) else {"data": body}
    async with aiohttp.ClientSession() as http, http.post(url, **sent) as r:  # type: ignore[arg-type]
        secured(r.headers)
        return r.status, await r.text()


def forwarded_request(peer: str, headers: dict[str, str]) -> Any:
    class Transport:
        def get_extra_info(self, name: str, default: Any = None) -> Any:
            return (peer, 4711) if name == "peername" else default

    return make_mocked_request("GET", "/api/state", headers=headers, transport=Transport())


def test_only_trusted_proxies_name_the_client() -> None:
    proxies = networks(["127.0.0.1", "10.0.0.0/8", "::1"])
    # straight from a person: their own X-Forwarded-For is ignored
    assert client_address(forwarded_request("203.0.113.9", {"X-Forwarded-For": "198.51.100.1"}), proxies) == (
        "203.0.113.9"
    )
    # through the proxy: the nearest address that is not a proxy (a spoofed left part is skipped)
    spoofed = {"X-Forwarded-For": "198.51.100.1, 203.0.113.7, 10.1.2.3"}
    assert client_address(forwarded_request("127.0.0.1", spoofed), proxies) == "203.0.113.7"
    assert client_address(forwarded_request("::1", {"Forwarded": 'for="[2001:db8::7]:80"'}), proxies) == "2001:db8::7"
    assert client_address(forwarded_request("127.0.0.1", {"Forwarded": "for=192.0.2.60;proto=https"}), proxies) == (
        "192.0.2.60"
    )
    # garbage in the chain: nothing beyond it is believed
    assert client_address(forwarded_request("127.0.0.1", {"X-Forwarded-For": "1.2.3.4, junk"}), proxies) == (
        "127.0.0.1"
    )
    # no trusted proxies configured: the peer, whatever the headers say
    assert client_address(forwarded_request("127.0.0.1", spoofed), ()) == "127.0.0.1"


def test_numbers_are_ascii_digits_in_range() -> None:
    assert number("42") == 42 and number("0") == 0
    for text in ("²", "١٢", "4²", "-1", "+1", " 1", "1e3", "", "9" * 20, str(2**63), None, 12):
        assert number(text) is None, text
    assert number("7", 6) is None and number("6", 6) == 6


async def test_behind_a_trusted_proxy_each_watcher_has_their_own_bucket(tmp_path: Path) -> None:
    async with web_world(tmp_path, "web-proxied", rate=3) as (world, web, _ticks):
        members = await start_game(world, "war_chest", 2)
        _mine, watch = await board_links(world, members[0])
        base = f"http://127.0.0.1:{web.port}"

        async def statuses(forwarded_for: str, n: int) -> list[int]:
            headers = {"X-Board-Token": watch, "X-Forwarded-For": forwarded_for}
            async with aiohttp.ClientSession() as http:
                return [(await answer(http, "GET", f"{base}/api/state", headers=headers))[0] for _ in range(n)]

        # the proxy is not trusted: every watcher behind it shares the proxy's bucket
        assert await statuses("203.0.113.5", 3) == [200] * 3
        assert await statuses("203.0.113.6", 1) == [429]
        web.limit._buckets.clear()
        web.trusted_proxies = networks(["127.0.0.1"])
        assert await statuses("203.0.113.5", 4) == [200, 200, 200, 429]
        assert await statuses("203.0.113.6", 1) == [200]
