"""The web table with many open pages, on loopback.

    python -m benchmarks.web_pages [--games 50] [--pages 200] [--actions 120] [--no-browser]

The bot's web table (bot/web/server.py, a SQLite file, no Discord) serves ``--games`` games (War
Chest, Battles & Builders, Burg and Cities & Knights in turn) with ``--pages`` WebSocket clients
spread over them: every seat's page, the rest watchers' pages. The clients run in a second process,
as browsers would, so the bot process's CPU is its own. That process plays ``--actions`` actions in
random games through the side panel as a person does (read the page's state, press menu steps
until the action is applied), one at a time, and times each:

- round trip: the press that applied the action sent, until every open page of that game got the
  new state over its socket (p50/p99);
- bot CPU per action: the bot process's CPU time over the run (its menu steps, the action, the
  log, building each reader's payload, once for all watchers and once per seat with a page open,
  and sending it to every page) divided by the actions;
- page weight: what a first visit loads (the page, the styles and script it names, the fonts the
  styles name) over the wire, as a browser that takes gzip and brotli gets it, and as files; and a
  game's first state (scene, menu, log) per game, as JSON, in KB;
- time to the first drawn board: one real load in Chromium (Playwright), from navigation until the
  board's SVG is in the page (skipped with --no-browser or without Chromium).

Figures are printed, never asserted; the machine's load average is printed with them. The bot's
side settles its collector after start-up as ``python -m bot`` does (bot/collector.py); the pages'
process freezes what it holds once every page is open, so its own collector's pauses are not
counted as the bot's.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import platform
import random
import re
import shutil
import statistics
import tempfile
import time
from datetime import date
from multiprocessing.connection import Connection
from pathlib import Path

import aiohttp

from bot import collector
from bot.service import pictures
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from bot.web.links import Links
from bot.web.server import PROTOCOL, WebTable

GAMES = [("war_chest", 2), ("battles_builders", 2), ("burg", 3), ("cities_knights", 3)]
SECRET = "benchmark-secret"


async def open_games(service: TableService, count: int) -> list[tuple[int, str, list[int]]]:
    """``count`` running games; (game id, game, the seats' people) each."""
    out = []
    for g in range(count):
        key, players = GAMES[g % len(GAMES)]
        channel = 1000 + g
        users = [10_000 * (g + 1) + p for p in range(players)]
        for p, user in enumerate(users):
            await service.join(channel_id=channel, guild_id=1, user_id=user, name=f"P{p}", game_key=key)
        outcome = await service.start(channel_id=channel, user_id=users[0])
        table = outcome.table
        out.append((table.game_id, key, [table.user_of(seat) or 0 for seat in range(players)]))
    return out


def page_tokens(links: Links, games: list[tuple[int, str, list[int]]], pages: int) -> dict[int, list[tuple[str, bool]]]:
    """Every seat's link, then watchers' links round the games until ``pages`` are handed out."""
    out: dict[int, list[tuple[str, bool]]] = {}
    for game_id, _key, users in games:
        out[game_id] = [(links.token(game_id, seat, user), True) for seat, user in enumerate(users)]
    given = sum(len(v) for v in out.values())
    g = 0
    while given < pages:
        game_id = games[g % len(games)][0]
        out[game_id].append((links.token(game_id), False))
        given += 1
        g += 1
    return out


# -- the pages' process ------------------------------------------------------------------------
class Pages:
    def __init__(self, base: str, tokens: dict[int, list[tuple[str, bool]]]) -> None:
        self.base = base
        self.tokens = tokens
        self.seen: dict[int, list[int]] = {g: [-1] * len(t) for g, t in tokens.items()}
        self.waiters: dict[int, tuple[int, asyncio.Future[float]]] = {}
        self.state_bytes: dict[int, int] = {}

    async def follow(self, http: aiohttp.ClientSession, game: int, index: int, token: str) -> None:
        async with http.ws_connect(f"{self.base}/ws", protocols=(PROTOCOL, token), max_msg_size=0) as ws:
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(msg.data)
                self.state_bytes.setdefault(game, len(msg.data))
                self.seen[game][index] = data["state"]["version"]
                waiting = self.waiters.get(game)
                if waiting and min(self.seen[game]) >= waiting[0] and not waiting[1].done():
                    waiting[1].set_result(time.perf_counter())

    async def act(self, http: aiohttp.ClientSession, rng: random.Random) -> float | None:
        """One action in a random game through the panel; its round trip in ms (None: no action)."""
        game = rng.choice(list(self.tokens))
        for token, seat in self.tokens[game]:
            if not seat:
                continue
            headers = {"X-Board-Token": token}
            async with http.get(f"{self.base}/api/state", headers=headers) as r:
                state = await r.json()
            if not state["menu"]:
                continue
            step, version = state["menu"], state["version"]
            for _ in range(12):
                path = rng.choice(step["options"])["path"]
                done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
                self.waiters[game] = (version + 1, done)
                sent = time.perf_counter()
                async with http.post(
                    f"{self.base}/api/menu", headers=headers, json={"seq": state["seq"], "path": path}
                ) as r:
                    answer = await r.json()
                if answer.get("menu"):
                    step = answer["menu"]
                    continue
                if not answer.get("ok"):
                    return None
                arrived = await asyncio.wait_for(done, 30)
                return 1000 * (arrived - sent)
        return None

    async def run(self, conn: Connection, actions: int) -> None:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            tasks = [
                asyncio.create_task(self.follow(http, g, i, token))
                for g, tokens in self.tokens.items()
                for i, (token, _seat) in enumerate(tokens)
            ]
            while min(min(v) for v in self.seen.values()) < 0:  # every page has its first state
                await asyncio.sleep(0.05)
            # This one process stands for 200 browsers: its collector's full passes over everything it
            # imported and holds (over 100 ms each on this machine) would be counted as the bot's
            # delay. What it holds once every page is open is frozen out of them.
            gc.collect()
            gc.freeze()
            rng = random.Random(1)
            conn.send("start")
            times: list[float] = []
            while len(times) < actions:
                rt = await self.act(http, rng)
                if rt is not None:
                    times.append(rt)
            conn.send("stop")
            conn.send((times, self.state_bytes))
            for task in tasks:
                task.cancel()


def pages_process(conn: Connection, base: str, tokens: dict[int, list[tuple[str, bool]]], actions: int) -> None:
    asyncio.run(Pages(base, tokens).run(conn, actions))


# -- the bot's process -------------------------------------------------------------------------
#: what Chromium says it takes
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"


async def page_weight_kb(base_url: str) -> tuple[float, float] | None:
    """A first visit's bytes over the wire, as a browser taking gzip and brotli gets them, and the
    same files' own sizes (KB): the page, the styles and script it names, the fonts the styles name.
    None when the page is not built."""
    async with aiohttp.ClientSession(auto_decompress=False) as http:

        async def get(path: str, encodings: str) -> tuple[int, bytes]:
            async with http.get(base_url + path, headers={"Accept-Encoding": encodings}) as resp:
                return resp.status, await resp.read()

        status, html = await get("/board", "identity")
        if status != 200:
            return None
        paths = ["/board", *re.findall(r'(?:href|src)="(/static/[^"]+)"', html.decode())]
        for path in list(paths):
            if path.endswith(".css"):
                paths += re.findall(r'url\("(/static/[^"]+)"\)', (await get(path, "identity"))[1].decode())
        wire = plain = 0
        for path in paths:
            wire += len((await get(path, BROWSER_ENCODINGS))[1])
            plain += len((await get(path, "identity"))[1])
    return wire / 1024, plain / 1024


async def first_board_ms(url: str) -> float | None:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        return None
    if not Path(chromium).is_file():
        return None
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox"])
        try:
            page = await browser.new_page()
            await page.goto(url, wait_until="commit")
            await page.wait_for_selector(".board svg")
            # from navigation start to the board in the page, and one frame drawn
            drawn: float = await page.evaluate(
                "() => new Promise(r => requestAnimationFrame(() => r(performance.now())))"
            )
            return drawn
        finally:
            await browser.close()


async def bench(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite+aiosqlite:///{folder}/bench.db")
        await upgrade(engine)
        seeds = random.Random(7)
        service = TableService(make_sessions(engine), seeds=lambda: seeds.randrange(2**31))
        links = Links(SECRET, "http://127.0.0.1", 3600)
        web = WebTable(service, pictures.Pictures(), links, rate_per_minute=10**6, poll=None)
        await web.start()
        collector.settle()  # as `python -m bot` does once it is up
        links.base_url = f"http://127.0.0.1:{web.port}"
        try:
            games = await open_games(service, args.games)
            tokens = page_tokens(links, games, args.pages)
            ctx = multiprocessing.get_context("spawn")
            mine, theirs = ctx.Pipe()
            child = ctx.Process(target=pages_process, args=(theirs, links.base_url, tokens, args.actions))
            child.start()
            loop = asyncio.get_running_loop()
            assert await loop.run_in_executor(None, mine.recv) == "start"
            cpu0, wall0 = time.process_time(), time.perf_counter()
            assert await loop.run_in_executor(None, mine.recv) == "stop"
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            times, state_bytes = await loop.run_in_executor(None, mine.recv)
            child.join(30)
            weight = await page_weight_kb(links.base_url)
            board_ms = None
            if not args.no_browser and web.built:
                game_id, _key, users = games[0]
                board_ms = await first_board_ms(links.personal(game_id, 0, users[0]))
        finally:
            await web.stop()
            await engine.dispose()
    times.sort()
    print(
        f"Web table with open pages, {date.today()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"aiohttp {aiohttp.__version__}, load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{args.games} games, {args.pages} open pages (WebSocket clients in another process), {len(times)} actions")
    print(
        f"action round trip (press sent until every page of the game has the new state): "
        f"p50 {statistics.median(times):.1f} ms, p99 {times[min(len(times) - 1, int(0.99 * len(times)))]:.1f} ms"
    )
    pages_per_game = args.pages / args.games
    print(
        f"bot CPU per action with the pages open: {1000 * cpu / len(times):.1f} ms "
        f"({pages_per_game:.0f} pages a game; {100 * cpu / wall:.0f}% of one core over {wall:.1f} s)"
    )
    print(
        f"page weight, first visit (HTML, script, styles, fonts): {weight[0]:.0f} KB over the wire "
        f"(a browser taking gzip and brotli), {weight[1]:.0f} KB as files"
        if weight
        else "page: not built"
    )
    by_game: dict[str, list[int]] = {}
    for game_id, key, _users in games:
        by_game.setdefault(key, []).append(state_bytes.get(game_id, 0))
    print(
        "  a game's state (scene, menu, log) per update: "
        + ", ".join(f"{key} {statistics.mean(sizes) / 1024:.1f} KB" for key, sizes in by_game.items())
    )
    if board_ms is not None:
        print(f"time to the first drawn board (Chromium, loopback): {board_ms:.0f} ms")
    else:
        print("time to the first drawn board: not measured (--no-browser, no Chromium or not built)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--actions", type=int, default=120)
    parser.add_argument("--no-browser", action="store_true", help="skip the one real browser load")
    args = parser.parse_args()
    if args.pages < args.games:
        parser.error("at least one page a game")
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
