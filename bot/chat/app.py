"""The discord.py client: dependencies in the constructor, async set-up in setup_hook."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from bot.chat.cogs.lobby import Lobby
from bot.chat.cogs.play import Play
from bot.chat.cogs.records import Records
from bot.chat.cogs.settings import Settings
from bot.chat.command_sync import sync_commands
from bot.chat.components import (
    BackButton,
    ChoiceButton,
    ChoiceSelect,
    HandButton,
    ReplayButton,
    ResendButton,
    TakeBackButton,
    TallySelect,
    VoteButton,
)
from bot.chat.controller import TABLE_HOLD, Controller
from bot.chat.i18n import t
from bot.chat.translator import DutchDescriptions
from bot.service.autoplay import AIPlayers
from bot.service.errors import ServiceError
from bot.service.pictures import Pictures
from bot.service.replays import Replays
from bot.service.tables import TableService
from bot.web.server import WebTable

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """Slash commands and components only: no privileged intents are needed."""
    wanted = discord.Intents.default()
    wanted.message_content = False
    wanted.typing = False
    wanted.presences = False
    wanted.members = False
    return wanted


def setup_logging(level: int) -> None:
    """discord.py's log format for the whole process."""
    discord.utils.setup_logging(level=level, root=True)


LoginFailure = discord.LoginFailure


class _Tree(discord.app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        client = interaction.client
        if isinstance(original, ServiceError):
            await client.controller.refuse(interaction, original)  # type: ignore[attr-defined]
            return
        log.exception("command %s failed", interaction.command and interaction.command.name, exc_info=original)
        with contextlib.suppress(discord.HTTPException):
            await client.controller.reply(interaction, t("error", client.controller.user_lang(interaction)))  # type: ignore[attr-defined]


class Speltafel(commands.AutoShardedBot):
    def __init__(
        self,
        service: TableService,
        *,
        dev_guild_id: int | None = None,
        default_language: str = "en",
        sync_commands: bool = True,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
        ai: AIPlayers | None = None,
        clock_tick: float | None = 30.0,
        pictures: Pictures | None = None,
        replays: Replays | None = None,
        web: WebTable | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=_Tree,
            # Names are people's own text: nothing pings unless a send names whom it is meant for.
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=shard_count,
            shard_ids=shard_ids,
        )
        self.service = service
        # Board pictures; without one given, they are drawn in a pool of worker processes made on first use.
        # Replays likewise, in a worker process of their own.
        self.controller = Controller(self, service, default_language, pictures, replays)
        # AI seats; without one given, they think in a pool of worker processes made on first use.
        self.ai = ai or AIPlayers(service)
        self.ai.on_outcome = self.controller.after_ai
        self.ai.on_wait = self.controller.show_answer_wait
        self.dev_guild_id = dev_guild_id
        # Seconds between looks at the turn clocks' deadlines (None: only when fire_timers is called).
        self.clock_tick = clock_tick
        self._clock_task: asyncio.Task[None] | None = None
        self.sync_commands = sync_commands
        # The web table (WEB_PORT and PUBLIC_URL set): runs in this process, tells the table like a press.
        self.web = web
        if web is not None:
            web.announce = lambda outcome, seat: self.controller.announce(outcome, actor=seat)
            web.voted = lambda voted, seat, user_id: self.controller.after_vote(voted, seat, user_id)
            web.may_watch = self.sees_channel

    def channel_public(self, channel_id: int) -> bool:
        """Whether everyone on the server can see this channel (or thread): then a watch link of its
        game may be a bearer link; anywhere else watch links name their person."""
        channel = self.get_channel(channel_id)
        if isinstance(channel, discord.Thread) and channel.type == discord.ChannelType.private_thread:
            return False
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return False
        return channel.permissions_for(channel.guild.default_role).view_channel

    async def sees_channel(self, channel_id: int, user_id: int) -> bool:
        """Whether this person may see this channel or thread (a watcher of its game must, the
        Activity's and a named watch link's alike; checked whenever the link is used)."""
        channel = self.get_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return False
        member = channel.guild.get_member(user_id)
        if member is None:
            try:
                member = await channel.guild.fetch_member(user_id)
            except discord.HTTPException:
                return False
        return channel.permissions_for(member).view_channel

    async def setup_hook(self) -> None:
        self.add_dynamic_items(
            ChoiceButton,
            ChoiceSelect,
            TallySelect,
            HandButton,
            VoteButton,
            BackButton,
            ResendButton,
            ReplayButton,
            TakeBackButton,
        )
        await self.tree.set_translator(DutchDescriptions())
        await self.add_cog(Lobby(self))
        await self.add_cog(Play(self))
        await self.add_cog(Settings(self))
        await self.add_cog(Records(self))
        if self.web is not None:
            from bot.chat.activity_button import ActivityButton, BoardButton
            from bot.chat.cogs.board import Board

            self.add_dynamic_items(BoardButton)
            if self.web.activity is not None:
                self.add_dynamic_items(ActivityButton)
            await self.add_cog(Board(self, self.web.links, activity=self.web.activity is not None))
            await self.web.start()
        if self.clock_tick:
            self._clock_task = asyncio.get_running_loop().create_task(self._watch_clocks())
        if not self.sync_commands:
            return
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await sync_commands(self.tree, guild)
        else:
            synced = await sync_commands(self.tree)
        log.info("synced %d commands", synced)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
        # AI seats of games that were running when the bot stopped take up their turns again.
        await self.ai.resume_all()

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.controller.visibility.forget(payload.thread_id)

    async def _watch_clocks(self) -> None:
        """Deadlines live in the database; every process looks now and then, and a row fires once."""
        await self.wait_until_ready()
        loop = asyncio.get_running_loop()
        tick = self.clock_tick or 30.0
        last = -tick
        while not self.is_closed():
            try:
                # table messages held while their actor went on deciding are drawn within seconds
                await self.controller.flush_held()
                if loop.time() - last >= tick:
                    last = loop.time()
                    await self.controller.fire_timers()
                    await self.controller.repay()
            except Exception:
                log.exception("the turn clock (or re-sending refused messages) failed")
            await asyncio.sleep(min(tick, TABLE_HOLD / 2))

    async def close(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
        if not self.is_closed():  # a table message still waiting is drawn before the process goes
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.controller.flush_held(everything=True), 10)
        await self.ai.close()
        if self.web is not None:
            await self.web.stop()
        self.controller.pictures.close()
        self.controller.replays.close()
        await super().close()
