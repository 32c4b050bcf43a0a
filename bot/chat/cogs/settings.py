"""Commands about a person and a server rather than one table: /notify /mygames /config."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat import render
from bot.chat.components import ResendButton
from bot.chat.controller import jump_link, stamp
from bot.chat.i18n import t
from bot.service.clock import CLOCKS
from bot.service.errors import ServiceError
from bot.service.notices import Table
from bot.service.preferences import LANGUAGES, LOG_MODES, NOTIFY_MODES, ServerConfig

if TYPE_CHECKING:
    from bot.chat.app import Speltafel


def game_line(table: Table, deadlines: dict[int, datetime], lang: str) -> str:
    """One running game in /mygames: name, where (a link), whose turn, time left."""
    link = jump_link(table.guild_id, table.channel_id)
    line = t("mygames_line", lang, game=table.engine.names, link=link, waiting=render.waiting_names(table))
    if deadlines:
        first = min(deadlines.values())
        line += " · " + t("mygames_clock", lang, when=stamp(first))
    return line


def config_text(config: ServerConfig, lang: str) -> str:
    games = ", ".join(config.games) if config.games is not None else t("config_all", lang)
    return t(
        "config_show",
        lang,
        language=config.language or t("config_auto", lang),
        clock=config.clock,
        threads=t("yes" if config.threads else "no", lang),
        log=t(f"log_{config.log}_mode", lang),
        games=games,
        channel=f"<#{config.channel_id}>" if config.channel_id else t("config_any", lang),
    )


class Settings(commands.Cog):
    def __init__(self, bot: Speltafel) -> None:
        self.bot = bot
        self.ctl = bot.controller
        self.service = bot.service

    @app_commands.command(name="notify", description="How you hear that it is your turn.")
    @app_commands.describe(mode="on: mentioned in the channel · dm: also a direct message · off: no ping")
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in NOTIFY_MODES])
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        lang = self.ctl.user_lang(interaction)
        try:
            await self.ctl.prefs.set_notify(interaction.user.id, mode)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        await self.ctl.reply(interaction, t(f"notify_{mode}", lang))

    @app_commands.command(name="mygames", description="Your running games in every server, and whose turn it is.")
    async def mygames(self, interaction: discord.Interaction) -> None:
        lang = self.ctl.user_lang(interaction)
        games = await self.service.running_games_of(interaction.user.id)
        if not games:
            await self.ctl.reply(interaction, t("mygames_none", lang))
            return
        lines = [game_line(table, deadlines, lang) for table, deadlines in games[:20]]
        embed = discord.Embed(title=t("mygames_title", lang), description="\n".join(lines)[:4000], colour=render.COLOUR)
        view = discord.ui.View(timeout=None)
        for table, _ in games[:20]:
            seat = table.seat_played_by(interaction.user.id)
            if seat is not None and seat in table.prompts and table.prompts[seat].secret and len(view.children) < 25:
                label = t("resend", lang, game=table.engine.names)
                view.add_item(ResendButton(table.game_id, label))
        kwargs: dict[str, Any] = {"embed": embed}
        if view.children:
            kwargs["view"] = view
        await self.ctl.reply(interaction, **kwargs)

    @app_commands.command(name="config", description="This server's settings (Manage Server to change them).")
    @app_commands.describe(
        language="The language of the bot's messages in channels",
        clock="The default turn clock of /start",
        threads="Open a new thread for every game (several games per channel)",
        log="Where the play-by-play goes: thread (under the table message) or off (table message and /status)",
        games="The games offered, by name or key, separated by commas, or all",
        channel="The only channel the bot plays in",
        any_channel="Lift the channel limit",
    )
    @app_commands.choices(
        language=[app_commands.Choice(name=v, value=v) for v in LANGUAGES],
        clock=[app_commands.Choice(name=c, value=c) for c in CLOCKS],
        log=[app_commands.Choice(name=m, value=m) for m in LOG_MODES],
    )
    @app_commands.guild_only()
    async def config(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        clock: str | None = None,
        threads: bool | None = None,
        log: str | None = None,
        games: str | None = None,
        channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
    ) -> None:
        lang = self.ctl.user_lang(interaction)
        guild_id = interaction.guild_id or 0
        changes = {"language": language, "clock": clock, "threads": threads, "log": log, "games": games}
        if channel is not None:
            changes["channel"] = channel.id
        elif any_channel:
            changes["channel"] = 0
        if all(v is None for v in changes.values()):
            await self.ctl.reply(interaction, config_text(await self.ctl.prefs.server(guild_id), lang))
            return
        if not (interaction.permissions and interaction.permissions.manage_guild):
            await self.ctl.refuse(interaction, ServiceError("config_denied"))
            return
        try:
            config = await self.ctl.prefs.configure(guild_id, **changes)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        await self.ctl.reply(interaction, t("config_saved", lang) + "\n" + config_text(config, lang))
