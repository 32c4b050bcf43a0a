"""Per-person and per-server settings: how a person hears it is their turn, and /config."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.clock import CLOCKS
from bot.service.errors import ServiceError, echo
from bot.store.models import GuildConfig, UserPref
from games import registry

#: on = mentioned in the channel; dm = also a direct message with a link; off = named, not pinged.
NOTIFY_MODES = ("on", "dm", "off")
LANGUAGES = ("en", "nl")
#: Where a game's play-by-play goes: a thread under its table message, or only the table message and /status.
LOG_MODES = ("thread", "off")


@dataclass(frozen=True)
class ServerConfig:
    """A server's settings; the defaults hold until an admin changes them."""

    guild_id: int
    language: str | None = None  # None: the server's own locale, else the bot's default
    clock: str = "off"
    threads: bool = False
    log: str = "thread"
    games: list[str] | None = None  # None: every game
    channel_id: int | None = None  # None: any channel
    changed: list[str] = field(default_factory=list)

    def offers(self, key: str) -> bool:
        return self.games is None or key in self.games


class Preferences:
    def __init__(
        self,
        sessions: Callable[[], AbstractAsyncContextManager[AsyncSession]],
        *,
        keep_for: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.sessions = sessions
        # A server's settings are read at nearly every action and change once in a while: read
        # ones are kept ``keep_for`` seconds (how late another process's /config can be seen here;
        # this process's own changes are seen at once).
        self.keep_for = keep_for
        self.clock = clock
        self._servers: dict[int, tuple[float, ServerConfig]] = {}

    async def notify_modes(self, user_ids: list[int]) -> dict[int, str]:
        """Each person's mode ("on" for anyone who never chose)."""
        out = dict.fromkeys(user_ids, "on")
        if not user_ids:
            return out
        async with self.sessions() as s:
            rows = await s.execute(select(UserPref).where(UserPref.user_id.in_(user_ids)))
            for pref in rows.scalars():
                out[pref.user_id] = pref.notify
        return out

    async def set_notify(self, user_id: int, mode: str) -> None:
        mode = (mode or "").strip().lower()
        if mode not in NOTIFY_MODES:
            raise ServiceError("bad_notify", mode=echo(mode), modes=", ".join(NOTIFY_MODES))
        async with self.sessions() as s, s.begin():
            pref = await s.get(UserPref, user_id)
            if pref is None:
                s.add(UserPref(user_id=user_id, notify=mode))
            else:
                pref.notify = mode

    async def server(self, guild_id: int | None) -> ServerConfig:
        if guild_id is None:
            return ServerConfig(0)
        kept = self._servers.get(guild_id)
        if kept is not None and self.clock() - kept[0] < self.keep_for:
            return kept[1]
        async with self.sessions() as s:
            config = _config(guild_id, await s.get(GuildConfig, guild_id))
        self._keep(config)
        return config

    def _keep(self, config: ServerConfig) -> None:
        if len(self._servers) > 4096:  # servers seen long ago go; the active ones come back at once
            self._servers.clear()
        self._servers[config.guild_id] = (self.clock(), config)

    async def configure(self, guild_id: int, **changes: Any) -> ServerConfig:
        """Change the given settings (None leaves one as it is). ``games`` is a list of game names
        or keys, or ``all``; ``channel`` 0 lifts the channel limit."""
        checked: dict[str, Any] = {}
        if changes.get("language") is not None:
            lang = str(changes["language"]).lower()
            if lang not in LANGUAGES:
                raise ServiceError("bad_language", language=echo(lang))
            checked["language"] = lang
        if changes.get("clock") is not None:
            key = str(changes["clock"]).lower()
            if key not in CLOCKS:
                raise ServiceError("bad_clock", clock=echo(key), clocks=", ".join(CLOCKS))
            checked["clock"] = key
        if changes.get("threads") is not None:
            checked["threads"] = bool(changes["threads"])
        if changes.get("log") is not None:
            mode = str(changes["log"]).lower()
            if mode not in LOG_MODES:
                raise ServiceError("bad_log", log=echo(mode), modes=", ".join(LOG_MODES))
            checked["log"] = mode
        if changes.get("games") is not None:
            checked["games"] = _game_keys(str(changes["games"]))
        if changes.get("channel") is not None:
            checked["channel_id"] = int(changes["channel"]) or None
        async with self.sessions() as s, s.begin():
            row = await s.get(GuildConfig, guild_id)
            if row is None:
                row = GuildConfig(guild_id=guild_id, threads=False)
                s.add(row)
            for name, value in checked.items():
                setattr(row, name, value)
            await s.flush()
            config = _config(guild_id, row)
        self._keep(config)
        return ServerConfig(**{**config.__dict__, "changed": sorted(checked)})


def _game_keys(text: str) -> list[str] | None:
    if text.strip().lower() in ("all", "*", ""):
        return None
    keys = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        engine = registry.find(part.strip())
        if engine is None:
            raise ServiceError("unknown_game", game=echo(part))
        keys.append(engine.key)
    return sorted(set(keys))


def _config(guild_id: int, row: GuildConfig | None) -> ServerConfig:
    if row is None:
        return ServerConfig(guild_id)
    return ServerConfig(
        guild_id,
        language=row.language,
        clock=row.clock or "off",
        threads=row.threads,
        log=row.log or "thread",
        games=list(row.games) if row.games is not None else None,
        channel_id=row.channel_id,
    )
