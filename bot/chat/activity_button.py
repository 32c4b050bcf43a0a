"""The web table's buttons in the chat: the Activity launcher, "Open the board" on the table
message, and the personal link on a seat's DM prompt.

`board_items` is all the message code needs: it returns the extra items for a table message (no
seat) or a seat's DM prompt, and nothing when the web table is off.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.chat.i18n import t
from bot.service.errors import ServiceError
from bot.service.menus import bounded
from bot.service.notices import Table
from bot.store.models import RUNNING
from bot.web.links import LANGS

if TYPE_CHECKING:
    from bot.web.links import Links
    from bot.web.server import WebTable

log = logging.getLogger(__name__)

#: rows the extra items take: beside Make my choice on the table message, beside Back on a DM prompt
TABLE_ROW = 3
PROMPT_ROW = 4


def board_items(web: WebTable | None, table: Table, lang: str, seat: int | None = None) -> list[discord.ui.Item[Any]]:
    """The web table's items for the table message (``seat`` None) or that seat's DM prompt."""
    if web is None or table.status != RUNNING:
        return []
    if seat is None:
        return [BoardButton(table.game_id, t("board_open", lang), row=TABLE_ROW)]
    user_id = table.player_of(seat)
    if user_id is None:
        return []
    url = web.links.personal(table.game_id, seat, user_id)
    return [discord.ui.Button(label=t("board_mine", lang)[:80], url=url, emoji="🧩", row=PROMPT_ROW)]


def watch_url(links: Links, game_id: int, user_id: int, public: bool, lang: str | None = None) -> str:
    """A watch link: a bearer link for a game in a channel everyone on the server can see (its page
    speaks the browser's language), else one that names this person, works only while they can see
    the channel and speaks their language ``lang``."""
    if public:
        return links.spectator(game_id)
    return links.watcher(game_id, user_id, lang if lang in LANGS else None)


def links_text(links: Links, table: Table, user_id: int, lang: str, public: bool) -> tuple[str, str | None]:
    """What /board says to this person (their link and the watchers' one), and their own link."""
    hours = f"{links.lifetime / 3600:g}"
    watch = watch_url(links, table.game_id, user_id, public, lang)
    seat = table.seat_played_by(user_id)
    if seat is None:
        return t("board_watch", lang, watch=watch, hours=hours), None
    mine = links.personal(table.game_id, seat, user_id)
    return t("board_links", lang, mine=mine, watch=watch, hours=hours), mine


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
        if await launch(interaction):
            return
        lang = interaction.client.controller.user_lang(interaction)  # type: ignore[attr-defined]
        if not interaction.response.is_done():
            await interaction.response.send_message(t("activity_unavailable", lang), ephemeral=True)


async def launch(interaction: discord.Interaction) -> bool:
    """Open the Activity in this channel; False where Discord does not allow it (Activities not
    enabled in the Developer Portal, or not in this kind of channel)."""
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as err:
        log.warning("launching the Activity failed: %s", err)
        return False
    return True


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wb:(?P<game>\d+)"):
    """ "Open the board" on the table message: the Activity where Discord allows it, else the
    presser's own link (and the watchers' one) as an ephemeral answer."""

    def __init__(self, game_id: int | None, label: str = "Open the board", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], custom_id=f"wb:{game_id}", style=discord.ButtonStyle.secondary, emoji="🧩", row=row
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> BoardButton:
        return cls(bounded(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Any = interaction.client
        ctl = bot.controller
        lang = ctl.user_lang(interaction)
        web: WebTable | None = bot.web
        table = await bot.service.table_by_id(self.game_id) if self.game_id is not None else None
        if web is None or table is None or table.status != RUNNING or table.channel_id != interaction.channel_id:
            await ctl.refuse(interaction, ServiceError("closed"))
            return
        if web.activity is not None and await launch(interaction):
            return
        public = bot.channel_public(table.channel_id)
        content, mine = links_text(web.links, table, interaction.user.id, lang, public)
        view = discord.ui.View(timeout=None)
        if mine is not None:
            view.add_item(discord.ui.Button(label=t("board_mine", lang)[:80], url=mine, emoji="🧩"))
        await ctl.reply(interaction, content, view=view)


def replay_link(
    web: WebTable | None, game_id: int, lang: str, user_id: int, public: bool
) -> dict[str, discord.ui.View]:
    """The answer to Replay also opens the replay in the browser (a watcher's link: once the game is
    over its page is the replay, with every seat's view open), while the web table is on; bound to
    the person who asked unless the game's channel is open to everyone."""
    if web is None:
        return {}
    view = discord.ui.View(timeout=None)
    url = watch_url(web.links, game_id, user_id, public, lang)
    view.add_item(discord.ui.Button(label=t("replay_web", lang)[:80], url=url, emoji="🎞"))
    return {"view": view}
