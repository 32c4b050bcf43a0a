"""The button that opens the board as a Discord Activity in the channel (LAUNCH_ACTIVITY response)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.chat.i18n import t

log = logging.getLogger(__name__)


class ActivityButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ac:(?P<game>\d{1,20})"):
    """Launches the Activity; the page then finds this channel's game itself, so the id is only a label."""

    def __init__(self, game_id: int, label: str = "Open the board in Discord") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], custom_id=f"ac:{game_id}", style=discord.ButtonStyle.primary, emoji="🧩"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> ActivityButton:
        return cls(int(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as err:  # Activities not enabled in the Developer Portal, or not here
            log.warning("launching the Activity failed: %s", err)
            lang = interaction.client.controller.user_lang(interaction)  # type: ignore[attr-defined]
            if not interaction.response.is_done():
                await interaction.response.send_message(t("activity_unavailable", lang), ephemeral=True)
