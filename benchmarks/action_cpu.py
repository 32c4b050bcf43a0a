"""The bot's CPU per action, split by what it was spent on.

    python -m benchmarks.action_cpu [--actions 200] [--seed 1] [--only GAME]

Whole games of every game at its largest seat count run on a simulated Discord (SimCord) with the
real bot, as in ``benchmarks.table_noise``: every seat a person choosing as ``normal`` would and
pressing the real menus (table buttons, DM menus, selects), every DM open. Games are played until
at least ``--actions`` actions were measured (the first five actions of the first game warm the
caches and are not measured).

CPU is each thread's own CPU clock (the bot process's threads and its picture worker's), split by
sampling what each thread runs (``benchmarks/sampler.py``):

- pictures: building the scene, drawing it (Pillow), encoding the PNG, in the worker process;
- database: SQLAlchemy, the driver and its thread, the store's own code;
- menus/text: menus, words, message texts and the chat's views of the state;
- engine: the game's rules (load, apply, legal, dump, views);
- discord.py: the client library and its HTTP layer;
- rest: everything else of the bot (its own code, the event loop).

The simulated Discord and the players (choosing, finding a button) run in the same process; they
are sampled apart and left out of the bot's figure. Also printed: pictures drawn per action and
KB per picture. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import platform
import random
import re
import tempfile
import time
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from typing import Any

import discord
from sqlalchemy import event

import tests.chat.world as chat_world
from benchmarks import table_noise
from benchmarks.sampler import FileSampler, Sampler, read_folder
from bot import collector
from bot.service import pictures as pictures_module

GAMES = ("battles_builders", "burg", "war_chest", "cities_knights")
WARM_UP = 5
PICTURE_PARTS = ("pictures: scene", "pictures: draw", "pictures: encode")
BOT_PARTS = (*PICTURE_PARTS, "database", "menus/text", "engine", "discord.py", "rest")
APART = ("simulated Discord", "players")

DATABASE = re.compile(r"^(sqlalchemy|aiosqlite|sqlite3|asyncpg|greenlet|bot/store/)")
ENCODE = re.compile(r"^(games/scene_png\.py|isal/|zlib|PIL/PngImagePlugin\.py|PIL/ImageFile\.py)")
MENUS = re.compile(
    r"^(games/(menus|words|rules_summary|standing|final_score|moves)\.py|games/\w+/(text|glossary)\.py|"
    r"bot/service/(menus|notices)\.py|bot/chat/(components|render|i18n|translator)\.py)"
)
ENGINE = re.compile(r"^games/(\w+/(rules|engine|state|data|actions)|core|rng|registry|takeback|last_mark)")
DISCORD = re.compile(r"^(discord/|aiohttp/|yarl/|multidict/)")
PLAYERS = re.compile(r"^(benchmarks/|tests/|games/ai/)")
EVENT_LOOP = re.compile(r"^asyncio/events\.py$")


def in_bot(files: list[str]) -> str:
    """Kind of a stack of the bot process (files innermost first)."""
    # A task's own frames: those above the event loop's call of it.
    task = files
    for i, f in enumerate(files):
        if EVENT_LOOP.match(f):
            task = files[:i]
            break
    for f in task:
        if f.startswith("simcord/"):
            return "simulated Discord"
        if f.startswith(("bot/", "games/", "discord/")):
            break
    if any(PLAYERS.match(f) for f in task):
        return "players"
    for f in files:
        if DATABASE.match(f):
            return "database"
        if ENGINE.match(f):
            return "engine"
        if MENUS.match(f):
            return "menus/text"
        if DISCORD.match(f):
            return "discord.py"
        if ENCODE.match(f) or f.startswith(("PIL/", "games/scene", "games/fonts")) or f.endswith("/picture.py"):
            return "pictures: scene"  # in the bot process: picture bytes handed around
    return "rest"


def in_worker(files: list[str]) -> str:
    """Kind of a stack of a picture worker: everything it does is drawing pictures."""
    for f in files:
        if ENCODE.match(f):
            return "pictures: encode"
        if f.startswith("PIL/"):
            return "pictures: draw"
    return "pictures: scene"


def _start_worker_sampler(folder: str) -> None:
    FileSampler(in_worker, folder).start()


class MeasuredPool(ProcessPoolExecutor):
    """The picture pool with a sampler in its worker; counts the pictures and their bytes."""

    def __init__(self, folder: str) -> None:
        super().__init__(
            1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker_sampler, initargs=(folder,)
        )
        self.folder = folder
        self.sizes: list[int] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        if getattr(fn, "func", fn) is pictures_module.draw:  # SimCord hands over its own record of the call
            future.add_done_callback(self._count)
        return future

    def _count(self, future: Future[Any]) -> None:
        if not future.cancelled() and future.exception() is None and future.result():
            self.sizes.append(len(future.result()))


class DriverService:
    """The table service as the players' helpers see it: while an action is measured it hands them
    the table read just before (the bot is idle then), so their own reads cost the database nothing."""

    def __init__(self, service: Any) -> None:
        self.service = service
        self.current: Any = None

    async def table_in(self, channel_id: int) -> Any:
        return self.current if self.current is not None else await self.service.table_in(channel_id)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.service, name)


class SqlCount:
    """Statements and transactions the bot sends to its database (commits and rollbacks alike)."""

    def __init__(self, engine: Any) -> None:
        self.statements = self.transactions = 0
        event.listen(engine.sync_engine, "before_cursor_execute", self._statement)
        event.listen(engine.sync_engine, "commit", self._ended)
        event.listen(engine.sync_engine, "rollback", self._ended)

    def _statement(self, *_: Any) -> None:
        self.statements += 1

    def _ended(self, *_: Any) -> None:
        self.transactions += 1


@dataclass
class Figures:
    key: str
    players: int
    games: int = 0
    actions: int = 0
    pictures: int = 0
    picture_bytes: int = 0
    statements: int = 0  # SQL statements sent during the measured actions (BEGIN and COMMIT too)
    transactions: int = 0
    cpu: Counter[str] = field(default_factory=Counter)  # kind -> seconds over the measured actions

    def ms(self, kind: str) -> float:
        return 1000 * self.cpu[kind] / max(1, self.actions)

    @property
    def bot_ms(self) -> float:
        return sum(self.ms(k) for k in BOT_PARTS)


async def measure(key: str, players: int, want: int, seed: int, folder: str) -> Figures:
    pool = MeasuredPool(folder)
    chat_world._PICTURE_POOL = pool  # the bot of noise_env draws in it
    sampler = Sampler(in_bot).start()
    figures = Figures(key, players)
    rnd = random.Random(f"{seed}:{key}:{players}")
    try:
        async with table_noise.noise_env(rnd) as noise:
            cell = table_noise.Cell(key, players, False)
            sql = SqlCount(noise.engine)
            collector.settle()  # as the bot process does once it has started (bot/__main__.py)
            while figures.actions < want:
                world = noise.world(noise.guild.create_text_channel(f"table-{figures.games}"))
                world.service = DriverService(noise.service)
                await _one_game(world, cell, noise, sampler, pool, sql, figures, rnd, warm=figures.games == 0)
                figures.games += 1
    finally:
        sampler.stop()
        chat_world._PICTURE_POOL = None
        pool.shutdown()
    return figures


async def _one_game(
    world: Any,
    cell: Any,
    noise: Any,
    sampler: Sampler,
    pool: MeasuredPool,
    sql: SqlCount,
    figures: Figures,
    rnd: random.Random,
    warm: bool,
) -> None:
    members = [world.add_player(f"g{figures.games}p{i}") for i in range(cell.players)]
    await members[0].slash(world.channel, "join", game=cell.key)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    await members[0].slash(world.channel, "start")
    by_id = {m.id: m for m in members}
    done = 0
    while (table := await world.service.table_in(world.channel.id)) is not None:
        seat = rnd.choice(sorted(table.prompts))
        action, _ = table_noise.normal_policy(rnd, table, seat)
        measured = not (warm and done < WARM_UP)
        if measured:
            before = await _totals(noise, sampler, pool)
            drawn, sizes = world.bot.controller.pictures.drawn, len(pool.sizes)
            statements, transactions = sql.statements, sql.transactions
        world.service.current = table
        await table_noise.press_to(world, by_id[table.user_of(seat)], action)
        world.service.current = None
        if measured:
            # a press's work is done when it is answered: the table edit after it too (settled)
            figures.cpu.update(await _totals(noise, sampler, pool) - before)
            figures.pictures += world.bot.controller.pictures.drawn - drawn
            figures.picture_bytes += sum(pool.sizes[sizes:])
            figures.statements += sql.statements - statements
            figures.transactions += sql.transactions - transactions
            figures.actions += 1
        done += 1


async def _totals(noise: Any, sampler: Sampler, pool: MeasuredPool) -> Counter[str]:
    """Every kind's CPU so far, once the bot has nothing left to do (the worker's files caught up)."""
    await noise.env.settle()
    time.sleep(0.15)  # the worker's sampler writes its totals every 0.1 s
    total = read_folder(pool.folder)
    total.update(sampler.snapshot())
    return total


def report(rows: list[Figures]) -> None:
    head = [
        "game",
        "seats",
        "actions",
        "pictures/action",
        "KB/picture",
        "transactions/action",
        "statements/action",
        "bot CPU ms/action",
        *BOT_PARTS,
        *APART,
    ]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for f in rows:
        kb = f.picture_bytes / 1024 / max(1, f.pictures)
        cols = [
            f.key,
            str(f.players),
            str(f.actions),
            f"{f.pictures / max(1, f.actions):.2f}",
            f"{kb:.0f}",
            f"{f.transactions / max(1, f.actions):.2f}",
            f"{f.statements / max(1, f.actions):.1f}",
            f"{f.bot_ms:.1f}",
            *(f"{f.ms(k):.1f}" for k in BOT_PARTS),
            *(f"{f.ms(k):.1f}" for k in APART),
        ]
        print("| " + " | ".join(cols) + " |")


async def main_async(args: argparse.Namespace) -> None:
    rows = []
    try:
        for key in [args.only] if args.only else GAMES:
            players = table_noise.seat_counts(key, ["max"])[0]
            with tempfile.TemporaryDirectory() as folder:
                began = time.perf_counter()
                figures = await measure(key, players, args.actions, args.seed, folder)
            print(
                f"{key}: {figures.actions} actions in {figures.games} game(s), {time.perf_counter() - began:.0f} s",
                flush=True,
            )
            rows.append(figures)
    finally:
        table_noise.close_ai_pool()
    print()
    report(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=200, help="actions measured per game (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and choices (default: 1)")
    parser.add_argument("--only", choices=GAMES, help="one game only (default: all four)")
    args = parser.parse_args()
    print(
        f"Bot CPU per action, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, "
        f"Pillow {version('Pillow')}, SQLAlchemy {version('SQLAlchemy')}; every seat a person pressing the "
        "real menus, the largest seat count, DMs open; ms of CPU per action"
    )
    discord.utils.setup_logging(level=40)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
