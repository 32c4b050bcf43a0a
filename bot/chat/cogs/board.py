"""/board: the web table's links for this channel's game (only when the web table is on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.activity_button import ActivityButton, links_text
from bot.chat.i18n import t
from bot.service.errors import ServiceError
from bot.store.models import RUNNING
from bot.web.links import Links

if TYPE_CHECKING:
    from bot.chat.app import Speltafel


class Board(commands.Cog):
    def __init__(self, bot: Speltafel, links: Links, *, activity: bool = False) -> None:
        self.bot = bot
        self.ctl = bot.controller
        self.links = links
        self.activity = activity  # DISCORD_CLIENT_ID/SECRET set: also offer the board inside Discord

    @app_commands.command(
        name="board", description="Your link to this game's board in the browser, and one for watchers."
    )
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        lang = self.ctl.user_lang(interaction)
        table = await self.bot.service.table_in(interaction.channel_id or 0)
        if table is None or table.status != RUNNING:
            await self.ctl.refuse(interaction, ServiceError("no_game"))
            return
        extra: dict[str, discord.ui.View] = {}
        if self.activity:
            view = discord.ui.View(timeout=None)
            view.add_item(ActivityButton(table.game_id, t("activity_open", lang)))
            extra["view"] = view
        public = self.bot.channel_public(table.channel_id)
        content, _mine = links_text(self.links, table, interaction.user.id, lang, public)
        await self.ctl.reply(interaction, content, **extra)
