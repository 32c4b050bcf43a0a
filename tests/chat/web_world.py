"""A SimCord world whose bot serves the web table on loopback (a port of its own)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import simcord

from bot.chat.app import Speltafel
from bot.service import pictures, replays
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from bot.web.activity import DiscordOAuth
from bot.web.links import Links
from bot.web.server import PROTOCOL, WebTable
from tests.chat.world import GUILD_ID, FakeClock, World, make_ai, picture_pool, replay_pool

SECRET = "test-secret-for-board-links"


class Ticks:
    """Wall time for the links and the rate limit, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def open_pages(env: simcord.Env, web: WebTable) -> None:
    """An open page's socket waits for the page, input from outside the bot: declared so, the
    simulated Discord goes on while pages are open (and with no heartbeat, no wall-clock timer)."""
    web.listen = lambda waiting: env.external_wait(waiting, reason="an open board page")


@asynccontextmanager
async def web_world(
    tmp_path: Path, name: str, *, rate: int = 600, activity: DiscordOAuth | None = None, **options: Any
) -> AsyncIterator[tuple[World, WebTable, Ticks]]:
    db_path = tmp_path / "speltafel.db"
    engine = make_engine(f"sqlite+aiosqlite:///{db_path}")
    await upgrade(engine)
    seeds = random.Random(name)
    clock = FakeClock()
    ticks = Ticks()
    service = TableService(make_sessions(engine), seeds=lambda: seeds.randrange(2**31), now=clock)
    pics = pictures.Pictures(picture_pool())
    links = Links(SECRET, "http://127.0.0.1", 3600, now=ticks)
    web = WebTable(
        service, pics, links, rate_per_minute=rate, poll=None, now=ticks, activity=activity, heartbeat=None, **options
    )
    bot = Speltafel(
        service,
        dev_guild_id=GUILD_ID,
        shard_count=1,
        ai=make_ai(service),
        clock_tick=None,
        pictures=pics,
        replays=replays.Replays(replay_pool(), now=service.now),
        web=web,
    )
    env = simcord.Env(bot, settle_timeout=20.0)
    open_pages(env, web)
    guild = env.create_guild("Spelavond", id=GUILD_ID)
    channel = guild.create_text_channel("spellen")
    world = World(env=env, guild=guild, channel=channel, db_path=db_path, engine=engine, service=service, clock=clock)
    await env.start()
    links.base_url = f"http://127.0.0.1:{web.port}"
    try:
        yield world, web, ticks
    finally:
        await env.shutdown()
        await world.engine.dispose()
        if env.errors:
            raise ExceptionGroup("the bot raised during the test", list(env.errors))


async def start_game(world: World, game: str, players: int, options: str | None = None) -> list[Any]:
    members = [world.add_player(f"P{i}") for i in range(players)]
    await members[0].slash(world.channel, "join", game=game)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    r = await (
        members[0].slash(world.channel, "start", options=options)
        if options
        else members[0].slash(world.channel, "start")
    )
    assert r.response is not None and "begins" in r.response.content, r.response and r.response.content
    return members


async def start_in_private_channel(world: World, players: list[Any], watchers: list[Any]) -> tuple[Any, Any]:
    """A War Chest game of ``players`` in a channel hidden from everyone but them, ``watchers`` and
    the bot: the channel and its table."""
    hide, show = discord.PermissionOverwrite(view_channel=False), discord.PermissionOverwrite(view_channel=True)
    overwrites = {world.guild.default_role: hide, world.guild.me: show, **{m: show for m in [*players, *watchers]}}
    secret = world.guild.create_text_channel("geheim", overwrites=overwrites)
    await players[0].slash(secret, "join", game="war_chest")
    for member in players[1:]:
        await member.slash(secret, "join")
    r = await players[0].slash(secret, "start")
    assert r.response is not None and "begins" in r.response.content
    table = await world.service.table_in(secret.id)
    assert table is not None
    return secret, table


async def restart_with_web(world: World, ticks: Ticks, rate: int = 600) -> WebTable:
    """Stop the bot and start a new one (a new web table on a new port) on the same database and
    simulated Discord: nothing in memory survives but what the database holds."""
    old = world.env.bot
    await world.engine.dispose()
    world.engine = make_engine(f"sqlite+aiosqlite:///{world.db_path}")
    await upgrade(world.engine)
    world.service = TableService(make_sessions(world.engine), seeds=world.service._seeds, now=world.clock)
    links = Links(SECRET, "http://127.0.0.1", 3600, now=ticks)
    web = WebTable(
        world.service,
        pictures.Pictures(picture_pool()),
        links,
        rate_per_minute=rate,
        poll=None,
        now=ticks,
        heartbeat=None,
    )
    open_pages(world.env, web)
    await old.close()
    bot = Speltafel(
        world.service,
        dev_guild_id=GUILD_ID,
        shard_count=1,
        ai=make_ai(world.service),
        clock_tick=None,
        pictures=web.pictures,
        replays=replays.Replays(replay_pool(), now=world.service.now),
        web=web,
    )
    await world.env.restart_bot(bot)
    links.base_url = f"http://127.0.0.1:{web.port}"
    return web


async def open_socket(http: Any, base: str, token: str, **kwargs: Any) -> Any:
    """A page's live socket, its token offered in the protocol list as the page does."""
    return await http.ws_connect(f"{base}/ws", protocols=(PROTOCOL, token), **kwargs)


async def panel_option(page: Any, label: str) -> Any:
    """The panel's leaf button for the action whose joined labels are ``label``: a button names the
    action by the end of its path (the labels all options share are said once, above them)."""
    buttons = page.locator("#options button.leaf")
    texts = [t.strip() for t in await buttons.all_inner_texts()]
    ends = [i for i, text in enumerate(texts) if text and label.endswith(text)]
    assert ends, (label, texts)
    return buttons.nth(max(ends, key=lambda i: len(texts[i])))
