"""A simulated Discord (SimCord) with the real bot on a real SQLite file, and player helpers."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import simcord
import simcord.interactions as sc_interactions
from discord.webhook.async_ import async_context

from benchmarks.api_requests import RequestCounter
from bot.chat.app import Speltafel
from bot.service import pictures, replays
from bot.service.autoplay import AIPlayers, Sleep, thinking_pool
from bot.service.tables import TableService
from bot.store.db import make_engine, make_sessions
from bot.store.migrate import upgrade

GUILD_ID = 1_200_000_000_000_000_001


#: The table message's field of recent moves, in both languages.
RECENT_FIELDS = ("Last moves", "Laatste zetten")


class FakeClock:
    """The turn clock's time in tests: it moves only when a test says so."""

    def __init__(self, start: datetime | None = None) -> None:
        self.current = start or datetime(2026, 1, 5, 18, 0, 0)

    def __call__(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> None:
        self.current += timedelta(**delta)


_POOL: Any = None


def ai_pool() -> Any:
    """One worker process for every test's AI players (spawning one per test would be slow)."""
    global _POOL
    if _POOL is None:
        _POOL = thinking_pool(1)
    return _POOL


_PICTURE_POOL: Any = None


def picture_pool() -> Any:
    """One worker process drawing every test's board pictures, as the bot does."""
    global _PICTURE_POOL
    if _PICTURE_POOL is None:
        _PICTURE_POOL = pictures.picture_pool(1)
    return _PICTURE_POOL


_REPLAY_POOL: Any = None


def replay_pool() -> Any:
    """The replay worker process every test's bot shares, as a bot process has its own."""
    global _REPLAY_POOL
    if _REPLAY_POOL is None:
        _REPLAY_POOL = replays.replay_pool()
    return _REPLAY_POOL


def close_ai_pool() -> None:
    global _POOL, _PICTURE_POOL, _REPLAY_POOL
    for pool in (_POOL, _PICTURE_POOL, _REPLAY_POOL):
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    _POOL = _PICTURE_POOL = _REPLAY_POOL = None


def make_ai(service: TableService, sleep: Sleep | None = None) -> AIPlayers:
    """AI players that act at once (or when ``sleep`` lets them) with a small fixed search."""
    if sleep is None:
        return AIPlayers(service, ai_pool(), delay=0, answer_wait=0, iterations=24)
    return AIPlayers(service, ai_pool(), delay=1.0, answer_wait=5.0, iterations=24, sleep=sleep)


def make_bot(
    service: TableService, default_language: str = "en", ai: AIPlayers | None = None, shard_count: int = 1
) -> Speltafel:
    return Speltafel(
        service,
        dev_guild_id=GUILD_ID,
        default_language=default_language,
        shard_count=shard_count,
        ai=ai or make_ai(service),
        clock_tick=None,  # tests fire the turn clock themselves, after moving the fake time
        pictures=pictures.Pictures(picture_pool()),
        replays=replays.Replays(replay_pool(), now=service.now),  # cooldowns on the test's clock
    )


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    db_path: Path
    engine: Any
    service: TableService
    members: list[Any] = field(default_factory=list)
    locales: dict[int, str] = field(default_factory=dict)
    expected_errors: list[str] = field(default_factory=list)  # texts of errors a test provokes
    clock: FakeClock = field(default_factory=FakeClock)
    shards: int = 1
    open_menus: dict[int, Any] = field(default_factory=dict)  # person -> the ephemeral menu they were left with

    @property
    def bot(self) -> Speltafel:
        return self.env.bot  # type: ignore[return-value]

    def add_player(self, name: str, **kwargs: Any) -> Any:
        member = self.guild.add_member(self.env.create_user(name), **kwargs)
        self.members.append(member)
        return member

    async def restart(self, ai_sleep: Sleep | None = None) -> None:
        """Stop the bot and start a new one on the same database file and simulated Discord."""
        old = self.env.bot
        await self.engine.dispose()
        self.engine = make_engine(f"sqlite+aiosqlite:///{self.db_path}")
        await upgrade(self.engine)
        self.service = TableService(make_sessions(self.engine), seeds=self.service._seeds, now=self.clock)
        await old.close()
        await self.env.restart_bot(make_bot(self.service, ai=make_ai(self.service, ai_sleep), shard_count=self.shards))

    # -- reading what people see ---------------------------------------------------------------
    def channel_texts(self, viewer: Any = None) -> list[str]:
        """Everything a member reads of the game in the channel: posts, the play-by-play in the
        table message's recent lines, and the log thread under it."""
        who = viewer.user if viewer is not None and hasattr(viewer, "user") else viewer
        msgs = self.channel.history(viewer=who)
        texts = [m.content for m in msgs if m.content]
        fields = [f.value or "" for m in msgs for e in m.embeds for f in e.fields if f.name in RECENT_FIELDS]
        texts += [line for value in fields for line in value.split("\n")]
        for thread in self.channel.threads:
            texts += self.thread_lines(thread, who)
        return texts

    @staticmethod
    def thread_lines(thread: Any, viewer: Any = None) -> list[str]:
        """The lines of a thread's posts: their text, and the play-by-play batches' embeds."""
        lines: list[str] = []
        for m in thread.history(viewer=viewer):
            lines += (m.content or "").split("\n") if m.content else []
            lines += [line for e in m.embeds for line in (e.description or "").split("\n")]
        return lines

    def log_files(self) -> list[discord.Attachment]:
        """The play-by-play files in the channel (a short game's result brings one)."""
        return [a for m in self.posts() for a in m.attachments if a.filename.endswith(".txt")]

    async def play_by_play(self) -> list[str]:
        """The game's whole log as the channel keeps it: the log thread's lines, and the text file a
        short game's result brings (its title and blank line left out)."""
        lines = [line for thread in self.channel.threads for line in self.thread_lines(thread)]
        for a in self.log_files():
            lines += (await a.read()).decode().splitlines()[2:]
        return lines

    def count_requests(self) -> RequestCounter:
        """Counts the bot's Discord requests from now on, as they go over the wire."""
        counter = RequestCounter(lambda cid: self.env.backend.get_channel(cid).guild_id is None)
        counter.install(self.env.bot.http, async_context.get())
        return counter

    def posts(self, viewer: Any = None) -> list[discord.Message]:
        """The messages in the channel itself (not its threads), oldest first."""
        return list(
            self.channel.history(viewer=viewer.user if viewer is not None and hasattr(viewer, "user") else viewer)
        )

    def recent_lines(self) -> list[str]:
        """The table message's recent play-by-play, newest last."""
        fields = [f for e in self.table_message().embeds for f in e.fields if f.name in RECENT_FIELDS]
        return (fields[0].value or "").split("\n") if fields else []

    def table_message(self) -> discord.Message:
        """The bot's table message: the one with the board picture."""
        msgs = [
            m for m in self.channel.history() if m.embeds and any(a.filename.endswith(".png") for a in m.attachments)
        ]
        assert msgs, "no table message in the channel"
        return msgs[-1]

    @staticmethod
    def dm_messages(member: Any) -> list[discord.Message]:
        return list(member.user.dm_channel.history())

    def last_dm(self, member: Any) -> discord.Message:
        msgs = self.dm_messages(member)
        assert msgs, f"{member} has no DM"
        return msgs[-1]


def custom_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for row in message.components for c in row.children if getattr(c, "custom_id", None)]


def components(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in row.children]


def labels(message: discord.Message) -> list[str]:
    out = []
    for c in components(message):
        if isinstance(c, discord.components.SelectMenu):
            out.extend(o.label for o in c.options)
        elif getattr(c, "label", None):
            out.append(c.label)
    return out


def install_locales(monkeypatch: Any, locales: dict[int, str]) -> None:
    """SimCord always says en-US; give chosen users another locale (e.g. Dutch)."""
    original = sc_interactions.base_payload

    def patched(backend: Any, **kw: Any) -> Any:
        record, payload = original(backend, **kw)
        loc = locales.get(kw["user_id"])
        if loc is not None:
            payload["locale"] = loc
        return record, payload

    monkeypatch.setattr(sc_interactions, "base_payload", patched)


def snapshot_json(table: Any) -> str:
    return json.dumps(table.engine.dump(table.state), sort_keys=True)
