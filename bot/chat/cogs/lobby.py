"""Lobby and housekeeping commands: /join /leave /kick /addbot /removebot /start /resign /abandon
/games /rules /help."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat import render
from bot.chat.i18n import t
from bot.service.clock import CLOCKS
from bot.service.errors import ServiceError, echo
from bot.service.notices import Outcome, Table
from bot.service.tables import AI_LEVELS
from bot.store.models import LOBBY
from games import registry
from games.rules_summary import SUMMARIES

if TYPE_CHECKING:
    from bot.chat.app import Speltafel


def _players(engine: object) -> str:
    counts = list(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))  # type: ignore[attr-defined]
    return (
        f"{counts[0]}-{counts[-1]}" if counts == list(range(counts[0], counts[-1] + 1)) else "/".join(map(str, counts))
    )


def with_host(text: str, table: Table, lang: str) -> str:
    """The text, and who hosts now when the host just left or stopped playing."""
    host = table.host if table.host_changed else None
    return f"{text}\n{t('host_now', lang, name=host.name)}" if host is not None else text


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    lang = interaction.client.controller.user_lang(interaction)  # type: ignore[attr-defined]
    out = []
    for eng in registry.ENGINES.values():
        name = eng.names.get(lang) or eng.names["en"]
        if current.lower() in name.lower() or current.lower() in eng.key:
            out.append(app_commands.Choice(name=name, value=eng.key))
    return out[:25]


class Lobby(commands.Cog):
    def __init__(self, bot: Speltafel) -> None:
        self.bot = bot
        self.ctl = bot.controller
        self.service = bot.service

    @app_commands.command(name="join", description="Join this channel's game, or open a lobby for a game.")
    @app_commands.describe(game="The game to open a lobby for (see /games)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction, game: str | None = None) -> None:
        lang = self.ctl.user_lang(interaction)  # the seat's own language, for its private messages
        glang = await self.ctl.server_lang(interaction.guild)  # what the channel reads
        try:
            table, where = await self._join(interaction, game, lang, glang)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        text = t(
            "joined",
            glang,
            name=interaction.user.display_name,
            game=table.engine.names,
            count=len(table.seats),
            max=table.engine.max_players,
        )
        embed = render.lobby_embed(table, glang)
        if where is not None:  # a new thread holds this game's lobby
            await interaction.response.send_message(t("thread_opened", glang, game=table.engine.names, thread=where.id))
            posted = await where.send(text, embed=embed)
            await self._remember_lobby(table, posted.channel.id, posted.id)
            return
        if await self._edit_lobby(table, text, embed):
            # the lobby message shows who is in now; the one who joined is told so only
            count = len(table.seats)
            said = t("joined_lobby", lang, game=table.engine.names, count=count, max=table.engine.max_players)
            await interaction.response.send_message(said, ephemeral=True)
            return
        await self._post_lobby(interaction, table, text, embed)

    async def _post_lobby(
        self, interaction: discord.Interaction, table: Table, text: str, embed: discord.Embed
    ) -> None:
        """Answer with the lobby as it is now, for the channel; that message is the one the next
        /join edits (the newest list of who is in)."""
        answer = await interaction.response.send_message(text, embed=embed)
        if answer.message_id is not None and interaction.channel_id is not None:  # said with the answer
            await self._remember_lobby(table, interaction.channel_id, answer.message_id)
        else:  # asked for, one request more
            message = await interaction.original_response()
            await self._remember_lobby(table, message.channel.id, message.id)

    async def _remember_lobby(self, table: Table, channel_id: int, message_id: int) -> None:
        """The lobby's message, which later joins edit rather than post anew."""
        await self.service.remember_message(
            game_id=table.game_id, kind="lobby", channel_id=channel_id, message_id=message_id
        )

    async def _edit_lobby(self, table: Table, text: str, embed: discord.Embed) -> bool:
        """Bring the lobby's message up to date; False when it has none (any more)."""
        ref = await self.service.message_of(game_id=table.game_id, kind="lobby")
        if ref is None:
            return False
        try:
            await self.bot.get_partial_messageable(ref[0]).get_partial_message(ref[1]).edit(content=text, embed=embed)
        except discord.NotFound:  # deleted: the join is posted anew
            return False
        return True

    async def _join(
        self, interaction: discord.Interaction, game: str | None, lang: str, glang: str
    ) -> tuple[Table, discord.Thread | None]:
        """Join here, or, on a server that plays in threads, open a thread for a new game (named in
        the channel's language ``glang``; ``lang`` is the person's own)."""
        config = await self.ctl.prefs.server(interaction.guild_id)
        channel = interaction.channel
        parent_id = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
        if config.channel_id and config.channel_id not in (interaction.channel_id, parent_id):
            raise ServiceError("wrong_channel", channel=config.channel_id)
        wanted = registry.find(game) if game else None
        if game and wanted is None:
            raise ServiceError("unknown_game", game=echo(game))
        if wanted is not None and not config.offers(wanted.key):
            raise ServiceError("game_not_offered", game=wanted.names)
        fields = {
            "guild_id": interaction.guild_id,
            "user_id": interaction.user.id,
            "name": interaction.user.display_name,
            "locale": lang,
            "game_key": game,
        }
        if config.threads and wanted is not None and isinstance(channel, discord.TextChannel):
            thread = await channel.create_thread(
                name=(wanted.names.get(glang) or wanted.names["en"])[:90],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
            table = await self.service.join(channel_id=thread.id, parent_channel_id=channel.id, **fields)
            return table, thread
        return await self.service.join(channel_id=interaction.channel_id or 0, **fields), None

    @app_commands.command(name="leave", description="Leave this channel's lobby.")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            table = await self.service.leave(channel_id=interaction.channel_id or 0, user_id=interaction.user.id)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        name = interaction.user.display_name
        lang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        if table.status != LOBBY:
            await interaction.response.send_message(t("lobby_closed", lang, name=name))
            await self.ctl.close_thread(table, await self.ctl.channel(table.channel_id))
        else:
            text = with_host(t("left", lang, name=name), table, lang)
            await self._post_lobby(interaction, table, text, render.lobby_embed(table, lang))

    @app_commands.command(name="addbot", description="Seat an AI player in this channel's lobby.")
    @app_commands.describe(level="How strong it plays: easy, normal (default) or hard")
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in AI_LEVELS])
    @app_commands.guild_only()
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        try:
            table = await self.service.add_bot(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id, level=level
            )
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        added = table.seats[-1]
        lang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        text = t(
            "bot_added",
            lang,
            who=interaction.user.display_name,
            name=render.seat_line(added, lang),
            count=len(table.seats),
            max=table.engine.max_players,
        )
        await self._post_lobby(interaction, table, text, render.lobby_embed(table, lang))

    @app_commands.command(name="removebot", description="Take an AI player out of this channel's lobby.")
    @app_commands.describe(name="Which AI player (default: the last one seated)")
    @app_commands.guild_only()
    async def removebot(self, interaction: discord.Interaction, name: str | None = None) -> None:
        try:
            table, gone = await self.service.remove_bot(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id, name=name
            )
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        lang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        text = t("bot_removed", lang, who=interaction.user.display_name, name=gone)
        await self._post_lobby(interaction, table, text, render.lobby_embed(table, lang))

    @app_commands.command(name="kick", description="Take a player out of this channel's lobby (host).")
    @app_commands.describe(player="Who to take out")
    @app_commands.guild_only()
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        can_manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        try:
            table = await self.service.kick(
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                target_id=player.id,
                can_manage=can_manage,
            )
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        who, name = interaction.user.display_name, player.display_name
        lang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        if table.status != LOBBY:  # nobody is left but AI players: the lobby closed
            await interaction.response.send_message(t("kicked_closed", lang, who=who, name=name))
            await self.ctl.close_thread(table, await self.ctl.channel(table.channel_id))
            return
        text = with_host(t("kicked", lang, who=who, name=name), table, lang)
        await self._post_lobby(interaction, table, text, render.lobby_embed(table, lang))

    @app_commands.command(name="start", description="Start the game in this channel.")
    @app_commands.describe(
        options="Options as key=value, e.g. simultaneous_commit=true (see /games)",
        clock="Time each player has per turn before the others may let a bot play (default: the server's)",
    )
    @app_commands.choices(clock=[app_commands.Choice(name=c, value=c) for c in CLOCKS])
    @app_commands.guild_only()
    async def start(
        self, interaction: discord.Interaction, options: str | None = None, clock: str | None = None
    ) -> None:
        try:
            if clock is None:
                clock = (await self.ctl.prefs.server(interaction.guild_id)).clock
            outcome: Outcome = await self.service.start(
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                options_text=options,
                clock_text=clock,
            )
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        table = outcome.table
        lang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        players = ", ".join(
            f"{i + 1}. <@{s.user_id}>" if s.user_id else f"{i + 1}. {render.seat_line(s, lang)}"
            for i, s in enumerate(table.seats)
        )
        await interaction.response.send_message(
            t("started", lang, game=table.engine.names, players=players),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=s.user_id) for s in table.humans if s.user_id]
            ),
        )
        # The start post called every person already: the first turn needs no mention of its own.
        outcome.asked_before |= {s.position for s in table.humans}
        await self.ctl.announce(outcome)

    @app_commands.command(name="resign", description="Give up the game in this channel.")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        try:
            table = await self.service.resign(channel_id=interaction.channel_id or 0, user_id=interaction.user.id)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        self.ctl.tell_pages(table)
        name = interaction.user.display_name
        glang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        key = "resigned_game_over" if table.status != "running" else "resigned_stand_in"
        await interaction.response.send_message(with_host(t(key, glang, name=name), table, glang))
        channel = await self.ctl.channel(table.channel_id)
        if table.result is not None:
            await channel.send(embed=render.result_embed(table, glang), view=render.result_view(table, glang))
        await self.ctl.refresh_table(table, channel, glang)
        if table.status == "running":
            self.bot.ai.kick(table.game_id)
        else:
            await self.ctl.close_thread(table, channel)

    @app_commands.command(name="abandon", description="End this channel's game (host or Manage Channels).")
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction) -> None:
        can_manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        try:
            table = await self.service.abandon(
                channel_id=interaction.channel_id or 0, user_id=interaction.user.id, can_manage=can_manage
            )
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        if table.state is not None:  # a running game: its open pages see it end
            self.ctl.tell_pages(table)
        glang = await self.ctl.server_lang(interaction.guild)  # answered for the whole channel
        await interaction.response.send_message(t("abandoned", glang, name=interaction.user.display_name))
        channel = await self.ctl.channel(table.channel_id)
        if table.state is not None:
            await self.ctl.refresh_table(table, channel, glang)
        await self.ctl.close_thread(table, channel)

    @app_commands.command(name="games", description="The games you can play here.")
    async def games(self, interaction: discord.Interaction) -> None:
        lang = self.ctl.user_lang(interaction)
        lines = []
        offered = await self.ctl.prefs.server(interaction.guild_id)
        for eng in registry.ENGINES.values():
            if not offered.offers(eng.key):
                continue
            opts = ", ".join(f"`{o.name}`" for o in eng.option_specs)
            lines.append(
                t(
                    "games_line",
                    lang,
                    game=eng.names,
                    key=eng.key,
                    players=_players(eng),
                    options=t("games_options", lang, options=opts) if opts else "",
                )
            )
        embed = discord.Embed(title=t("games_title", lang), description="\n".join(lines), colour=render.COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="rules", description="A short summary of a game's rules.")
    @app_commands.describe(game="Which game (default: this channel's)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        lang = self.ctl.user_lang(interaction)
        eng = registry.find(game) if game else None
        if game and eng is None:
            await self.ctl.refuse(interaction, ServiceError("unknown_game", game=echo(game)))
            return
        if eng is None and interaction.channel_id is not None:
            table = await self.service.table_in(interaction.channel_id)
            eng = table.engine if table else None
        if eng is None:
            await self.ctl.refuse(interaction, ServiceError("choose_game"))
            return
        summary = SUMMARIES.get(eng.key, {}).get(lang, "")
        lines = [summary]
        for spec in eng.option_specs:
            lines.append(f"`{spec.name}` ({spec.default}): {spec.help.get(lang) or spec.help.get('en', '')}")
        embed = discord.Embed(
            title=eng.names.get(lang) or eng.names["en"], description="\n".join(lines)[:4000], colour=render.COLOUR
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description="How to play with this bot.")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = self.ctl.user_lang(interaction)
        embed = discord.Embed(title=t("help_title", lang), description=t("help_body", lang), colour=render.COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)
