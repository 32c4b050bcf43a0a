"""How much a game says in its channel, and what it costs in Discord API requests.

    python -m benchmarks.table_noise [--games 1] [--seed 1] [--only GAME] [--players 2,max] [--dms both]

Whole games of every game run on a simulated Discord (SimCord) with the real bot. Every seat is a
person: the ``normal`` AI picks their action and they press it through the real menus (table
message buttons, their DM menu, or **Make my choice** when their DMs are closed). Each game is
played at 2 players (the game's smallest count if larger) and at its largest count, once with
every DM open and once with the second player's DMs closed (Discord answers 50007).

Per game x players x DM case it prints, per 100 actions:

- public posts: new messages of the bot in the game's channel and in its threads (counted
  apart), and the same without turn mentions;
- mentions: posts that ping someone; turn mentions (pings of a person, the DMs-closed notices
  left out) beside hand-overs (a person asked to decide who was not being asked before the
  action); turn mentions of the person who just acted and is still deciding ("self pings");
- "DMs closed" notices, and the most any player got in one game;
- API requests per action at the bot's HTTP client (what goes over the wire): channel posts,
  message edits, DMs sent (refused ones included), interaction responses (initial responses,
  followups, edits of the original response), deletes, other; and the presses per action (a
  choice may take several presses through a menu, each needing its own response);
- board pictures drawn per action (bot/service/pictures.py counts them: one per game version,
  reader and language, shared by everyone who reads it).

Counting starts after ``/start`` (its answer and the first table message are the game's start).

Then whether each goal holds (PASS/FAIL): at most 15 public posts per 100 actions besides turn
mentions, in the channel itself and counting the log thread's batches too; no ping of the person who just acted; turn mentions at most the hand-overs; at most one
DMs-closed notice per player per game; at most 2 API requests per action on average; at most 1.3
pictures drawn per action on average.
Figures are printed, never asserted. One game of all 16 cells takes a few minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import discord
import simcord
from discord.webhook.async_ import async_context

from benchmarks.api_requests import KINDS, RequestCounter
from bot.chat.i18n import t
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade
from games import registry
from games.ai.players import decide
from tests.chat.driver import menu_path_to, press_to
from tests.chat.world import GUILD_ID, World, close_ai_pool, make_bot

GAMES = ("battles_builders", "burg", "war_chest", "cities_knights")
CANNOT_DM = 50007
#: the "DMs closed" notice without its mention, in every language it may be posted in
NOTICE_TEXTS = tuple(t("dm_refused", lang, mention="").lstrip(", ") for lang in ("en", "nl"))
#: goals of a calm table
MAX_POSTS = 15.0  # public posts per 100 actions besides turn mentions
MAX_NOTICES = 1  # "DMs closed" notices per player per game
MAX_REQUESTS = 2.0  # API requests per action
MAX_PICTURES = 1.3  # board pictures drawn per action


@dataclass
class Post:
    """A public message the bot created in a game's channel or one of its threads."""

    in_thread: bool
    pings: list[int]
    notice: bool
    action: int  # the action during which it was posted (-1: before the first action)


@dataclass
class Cell:
    key: str
    players: int
    dms_closed: bool
    games: int = 0
    actions: int = 0
    handovers: int = 0
    actor_pings: int = 0
    stand_ins: int = 0  # actions the menus did not offer as the AI named them (see normal_policy)
    pictures: int = 0  # board pictures drawn during the actions
    posts: list[Post] = field(default_factory=list)
    notices: Counter[tuple[int, int]] = field(default_factory=Counter)  # (game, user) -> notices
    requests: Counter[str] = field(default_factory=Counter)
    request_log: list[list[tuple[str, str, str]]] = field(default_factory=list)  # per action

    def per100(self, n: float) -> float:
        return 100 * n / max(1, self.actions)

    @property
    def presses(self) -> int:
        """Interactions the people made: each has exactly one initial response."""
        return sum(1 for log in self.request_log for _, method, path in log if path.endswith("/callback"))

    @property
    def channel_posts(self) -> int:
        return sum(not p.in_thread for p in self.posts)

    @property
    def thread_posts(self) -> int:
        return sum(p.in_thread for p in self.posts)

    @property
    def mention_posts(self) -> int:
        return sum(bool(p.pings) for p in self.posts)

    @property
    def turn_mentions(self) -> int:
        return sum(len(p.pings) for p in self.posts if not p.notice)

    @property
    def quiet_posts(self) -> int:
        """Posts besides turn mentions."""
        return sum(p.notice or not p.pings for p in self.posts)

    @property
    def quiet_channel_posts(self) -> int:
        """Posts in the channel itself besides turn mentions (the log thread is read by choice)."""
        return sum((p.notice or not p.pings) and not p.in_thread for p in self.posts)

    @property
    def notice_posts(self) -> int:
        return sum(p.notice for p in self.posts)

    @property
    def most_notices(self) -> int:
        return max(self.notices.values(), default=0)

    def goals(self) -> dict[str, bool]:
        return {
            "posts (channel)": self.per100(self.quiet_channel_posts) <= MAX_POSTS,
            "posts (with thread)": self.per100(self.quiet_posts) <= MAX_POSTS,
            "no self-ping": self.actor_pings == 0,
            "pings<=hand-overs": self.turn_mentions <= self.handovers,
            "notices": self.most_notices <= MAX_NOTICES,
            "requests": sum(self.requests.values()) / max(1, self.actions) <= MAX_REQUESTS,
            "pictures": self.pictures / max(1, self.actions) <= MAX_PICTURES,
        }


class Watch:
    """Records the bot's public posts in one channel (and its threads) as SimCord stores them."""

    def __init__(self, backend: Any, bot_id: int) -> None:
        self.backend = backend
        self.bot_id = bot_id
        self.channel_id = 0
        self.action = -1
        self.posts: list[Post] = []
        inner = backend.commit_message

        def commit_message(message: Any, **kwargs: Any) -> Any:
            self._seen(message)
            return inner(message, **kwargs)

        backend.commit_message = commit_message

    def _seen(self, message: Any) -> None:
        if message.author_id != self.bot_id or message.is_ephemeral or not self.channel_id:
            return
        channel = self.backend.get_channel(message.channel_id)
        in_thread = channel.is_thread and channel.parent_id == self.channel_id
        if channel.id != self.channel_id and not in_thread:
            return
        notice = any(text in (message.content or "") for text in NOTICE_TEXTS)
        self.posts.append(Post(in_thread, list(message.ping_user_ids), notice, self.action))


def normal_policy(rnd: random.Random, table: Any, seat: int) -> tuple[dict[str, Any], bool]:
    """A person choosing as the ``normal`` AI would; every seat is a person. The AI may name an
    action the menus do not list (Im Schutze der Burg: a payment other than the ones offered); the
    person then presses the menus' nearest one, the same kind of action on the same building.
    Returns the action and whether it was such a stand-in."""
    people = range(len(table.seats))
    action = decide(table.engine, table.state, seat, "normal", seed=rnd.getrandbits(32), people=people)
    try:
        menu_path_to(table, seat, "en", action)
        return action, False
    except AssertionError:
        pass
    legal = table.engine.legal(table.state, seat)
    same = [a for a in legal if all(a.get(k) == action.get(k) for k in ("type", "building"))]
    return (same or [a for a in legal if a.get("type") == action.get("type")] or legal)[0], True


def seat_counts(key: str, which: list[str]) -> list[int]:
    """``2`` (or the game's smallest count) and ``max`` as seat counts of game ``key``."""
    engine = registry.get(key)
    counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
    out: list[int] = []
    for w in which:
        n = counts[-1] if w == "max" else min((c for c in counts if c >= int(w)), default=counts[-1])
        if n not in out:
            out.append(n)
    return out


@dataclass
class Noise:
    """A simulated Discord with the real bot, its requests counted and its public posts watched."""

    env: simcord.Env
    guild: Any
    db: Path
    engine: Any
    service: TableService
    counter: RequestCounter
    watch: Watch

    def world(self, channel: Any) -> World:
        """The chat-test view of one channel, for the players' helpers."""
        return World(
            env=self.env, guild=self.guild, channel=channel, db_path=self.db, engine=self.engine, service=self.service
        )


@asynccontextmanager
async def noise_env(seeds: random.Random) -> AsyncIterator[Noise]:
    """Start the bot on SimCord and a fresh SQLite file; games take their seeds from ``seeds``."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "noise.db"
        engine = make_engine(f"sqlite+aiosqlite:///{db}")
        await upgrade(engine)
        service = TableService(make_sessions(engine), seeds=lambda: seeds.randrange(2**31))
        env = simcord.Env(make_bot(service), settle_timeout=30.0)
        guild = env.create_guild("Speelzaal", id=GUILD_ID)
        await env.start()
        try:
            backend = env.backend
            counter = RequestCounter(lambda cid: backend.get_channel(cid).guild_id is None)
            counter.install(env.bot.http, async_context.get())
            yield Noise(env, guild, db, engine, service, counter, Watch(backend, env.bot.user.id))
        finally:
            await env.shutdown()
            await engine.dispose()


def close_dms(world: World, member: Any) -> None:
    """From now on Discord refuses the bot's DMs to ``member`` (50007), as when they closed them."""
    world.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=CANNOT_DM,
        message="Cannot send messages to this user",
        times=None,
    )


async def run_cell(
    key: str, players: int, dms_closed: bool, *, games: int = 1, seed: int = 1, max_actions: int | None = None
) -> Cell:
    """Play ``games`` whole games (or ``max_actions`` actions of each) of one cell and count.
    Both DM cases of a seed play the same games: the DMs do not change the choices."""
    cell = Cell(key, players, dms_closed)
    rnd = random.Random(f"{seed}:{key}:{players}")
    async with noise_env(rnd) as noise:
        for number in range(games):
            world = noise.world(noise.guild.create_text_channel(f"table-{number}"))
            await _one_game(world, cell, noise.counter, noise.watch, number, rnd, max_actions)
            cell.games += 1
    return cell


async def _one_game(
    world: World, cell: Cell, counter: RequestCounter, watch: Watch, number: int, rnd: random.Random, limit: int | None
) -> None:
    members = [world.add_player(f"g{number}p{i}") for i in range(cell.players)]
    if cell.dms_closed:
        close_dms(world, members[1])
    await members[0].slash(world.channel, "join", game=cell.key)
    for m in members[1:]:
        await m.slash(world.channel, "join")
    watch.channel_id, watch.action = world.channel.id, -1
    first_post = len(watch.posts)
    r = await members[0].slash(world.channel, "start")
    assert r.response is not None and "begins" in r.response.content, r.response and r.response.content
    by_id = {m.id: m for m in members}
    done = 0
    while limit is None or done < limit:
        table = await world.service.table_in(world.channel.id)
        if table is None:
            break
        asked = {table.user_of(s) for s in table.prompts}
        seat = rnd.choice(sorted(table.prompts))
        actor = table.user_of(seat)
        action, stand_in = normal_policy(rnd, table, seat)
        cell.stand_ins += stand_in
        watch.action = cell.actions
        mark, posted, drawn = len(counter.log), len(watch.posts), world.bot.controller.pictures.drawn
        await press_to(world, by_id[actor], action)
        cell.pictures += world.bot.controller.pictures.drawn - drawn
        cell.request_log.append(counter.log[mark:])
        cell.requests.update(kind for kind, _, _ in counter.log[mark:])
        after = await world.service.table_in(world.channel.id)
        now_asked = {after.user_of(s) for s in after.prompts} if after is not None else set()
        cell.handovers += len(now_asked - asked)
        if actor in now_asked:  # turn mentions only: one DMs-closed notice is allowed to anyone
            cell.actor_pings += sum(actor in p.pings for p in watch.posts[posted:] if not p.notice)
        cell.actions += 1
        done += 1
    game_posts = [p for p in watch.posts[first_post:] if p.action >= 0]  # /start's own post is the game's start
    cell.posts += game_posts
    for p in game_posts:
        if p.notice:
            for user in p.pings:
                cell.notices[(number, user)] += 1
    watch.channel_id = 0


HEAD = (
    "game",
    "seats",
    "DMs",
    "actions",
    "posts",
    "chan",
    "thread",
    "w/o turn",
    "mentions",
    "turn pings",
    "hand-overs",
    "self pings",
    "notices",
    "max/player",
    "presses/action",
    "pictures/action",
    "req/action",
    *KINDS,
)


def row(c: Cell) -> str:
    """One cell's figures as a Markdown table row under ``HEAD``."""
    per = [c.requests[k] / max(1, c.actions) for k in KINDS]
    cols = (
        c.key,
        str(c.players),
        "1 closed" if c.dms_closed else "open",
        str(c.actions),
        f"{c.per100(len(c.posts)):.0f}",
        f"{c.per100(c.channel_posts):.0f}",
        f"{c.per100(c.thread_posts):.0f}",
        f"{c.per100(c.quiet_posts):.0f}",
        f"{c.per100(c.mention_posts):.0f}",
        f"{c.per100(c.turn_mentions):.0f}",
        f"{c.per100(c.handovers):.0f}",
        f"{c.per100(c.actor_pings):.0f}",
        f"{c.per100(c.notice_posts):.0f}",
        str(c.most_notices),
        f"{c.presses / max(1, c.actions):.2f}",
        f"{c.pictures / max(1, c.actions):.2f}",
        f"{sum(per):.2f}",
        *(f"{p:.2f}" for p in per),
    )
    return "| " + " | ".join(cols) + " |"


def report(cells: list[Cell]) -> None:
    print("| " + " | ".join(HEAD) + " |")
    print("|" + "---|" * len(HEAD))
    for c in cells:
        print(row(c))
    print(
        "\nGoals (posts: <= 15 per 100 actions besides turn mentions; requests: <= 2 per action; "
        "pictures: <= 1.3 per action)"
    )
    names = list(cells[0].goals()) if cells else []
    print("| game | seats | DMs | " + " | ".join(names) + " |")
    print("|" + "---|" * (3 + len(names)))
    for c in cells:
        marks = ["PASS" if ok else "FAIL" for ok in c.goals().values()]
        print(f"| {c.key} | {c.players} | {'1 closed' if c.dms_closed else 'open'} | " + " | ".join(marks) + " |")


async def main_async(args: argparse.Namespace) -> None:
    cells: list[Cell] = []
    cases = {"both": (False, True), "open": (False,), "closed": (True,)}[args.dms]
    try:
        for key in [args.only] if args.only else GAMES:
            for players in seat_counts(key, args.players.split(",")):
                for closed in cases:
                    began = time.perf_counter()
                    cell = await run_cell(key, players, closed, games=args.games, seed=args.seed)
                    took = time.perf_counter() - began
                    # each row as soon as its cell is done: a long run that is cut short keeps them
                    print(f"{row(cell)}  ({cell.stand_ins} stand-ins, {took:.0f}s)", flush=True)
                    cells.append(cell)
    finally:
        close_ai_pool()
    print()
    report(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1, help="games per cell (default: 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and choices (default: 1)")
    parser.add_argument("--only", choices=GAMES, help="one game only (default: all four)")
    parser.add_argument(
        "--dms", choices=("both", "open", "closed"), default="both", help="DM cases to play (default: both)"
    )
    parser.add_argument(
        "--players",
        default="2,max",
        help="seat counts, comma-separated numbers or 'max' (default: 2,max; a count below the game's "
        "smallest becomes the smallest)",
    )
    args = parser.parse_args()
    print(
        f"Table noise, {date.today()}, Python {platform.python_version()}; {args.games} game(s) per cell, "
        f"seed {args.seed}; every seat a person choosing as the normal AI, pressing the real menus"
    )
    discord.utils.setup_logging(level=40)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
