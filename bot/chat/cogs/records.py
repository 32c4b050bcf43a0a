"""Results that last: /leaderboard /stats /history /replay /export, and the Replay button.

Every list and every game shown here passes the reader's visibility (bot/chat/visibility.py): a game
of a channel the reader cannot see is answered as if it did not exist."""

from __future__ import annotations

import asyncio
import functools
import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat import render
from bot.chat.cogs.lobby import game_autocomplete
from bot.chat.i18n import t
from bot.service.charts import leaderboard_png
from bot.service.errors import ServiceError
from bot.service.ratings import player_key
from bot.service.records import Finished, known_game
from games import registry, replay

if TYPE_CHECKING:
    from bot.chat.app import Speltafel


def history_line(game: Finished, lang: str) -> str:
    """A finished game in a line: players best first (resignations counted as losses), winners in
    bold, AI players with their level, who resigned said so; its length from /start."""
    engine = registry.get(game.game_key)
    order = sorted(range(len(game.names)), key=lambda s: (game.ranks.get(s, len(game.names)), s))
    players = ", ".join(f"{_seat_name(game, s, lang)} {_score(game.scores.get(s))}" for s in order)
    when = f"<t:{int(game.finished.timestamp())}:d>" if game.finished else "-"
    minutes = max(0, int((game.finished - game.started).total_seconds() // 60)) if game.finished else 0
    return t("history_line", lang, id=game.game_id, game=engine.names, players=players, when=when, minutes=minutes)


def history_block(game: Finished, lang: str) -> list[str]:
    """A finished game's line, then its score part by part per seat and how it ended (a game a
    resignation ended has no parts to tell), each quoted under the line."""
    lines = [history_line(game, lang)]
    result = game.result
    if result is None or "resigned" in result.extra:
        return lines
    engine = registry.get(game.game_key)
    names = [x.label for x in game.seats] if game.seats else game.names
    told = render.score_part_lines(engine, result, names, lang) + engine.result_notes(result, lang, names)
    return lines + [f"> {line}" for line in told]


def history_text(games: list[Finished], lang: str, limit: int = 4000) -> str:
    """The games newest first, each with its parts while they fit ``limit`` characters; older
    games then keep only their line."""
    out: list[str] = []
    size = 0
    for n, game in enumerate(games):
        block = history_block(game, lang)
        later = len(games) - n - 1  # room kept for a line of every game still to come
        if size + sum(len(x) + 1 for x in block) + 120 * later > limit:
            block = block[:1]
        out += block
        size += sum(len(x) + 1 for x in block)
    return "\n".join(out)[:limit]


def _seat_name(game: Finished, seat: int, lang: str) -> str:
    record = game.seats[seat] if seat < len(game.seats) else None
    name = game.names[seat]
    if record is not None and record.ai_level:
        name = t("ai_seat", lang, name=name, level=t(f"level_{record.ai_level}", lang))
    if record is not None and record.resigned:
        name = t("name_resigned", lang, name=name)
    return f"**{name}**" if seat in game.winners else name


class Records(commands.Cog):
    def __init__(self, bot: Speltafel) -> None:
        self.bot = bot
        self.ctl = bot.controller
        self.records = bot.controller.records
        self.visibility = bot.controller.visibility

    @app_commands.command(name="leaderboard", description="This server's best players of a game.")
    @app_commands.describe(game="Which game (default: this channel's, else the most played)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        lang = self.ctl.user_lang(interaction)
        try:
            key = known_game(game) if game else await self._default_game(interaction)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        rows = await self.records.leaderboard(interaction.guild_id or 0, key)
        name = registry.get(key).names
        if not rows:
            await self.ctl.reply(interaction, t("leaderboard_empty", lang, game=name))
            return
        await interaction.response.defer(thinking=True)
        lang = await self.ctl.server_lang(interaction.guild)  # the board is posted for the whole channel
        names = await self.records.names(interaction.guild_id or 0, [r.player for r in rows])
        title = t("leaderboard_title", lang, game=name)
        table = [(names.get(r.player, r.player), r.rating, r.games, r.wins) for r in rows]
        loop = asyncio.get_running_loop()
        heads = tuple(t(f"leaderboard_{col}", lang) for col in ("player", "rating", "won", "played"))
        png = await loop.run_in_executor(self.ctl.pictures.executor, leaderboard_png, title, table, heads)
        lines = [
            t(
                "leaderboard_line",
                lang,
                rank=i + 1,
                name=_who(r.player, names),
                rating=r.rating,
                games=r.games,
                wins=r.wins,
            )
            for i, r in enumerate(rows)
        ]
        embed = discord.Embed(title=title, description="\n".join(lines), colour=render.COLOUR)
        embed.set_image(url="attachment://leaderboard.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(png), filename="leaderboard.png"))

    async def _default_game(self, interaction: discord.Interaction) -> str:
        table = await self.bot.service.table_in(interaction.channel_id or 0)
        if table is not None:
            return table.engine.key
        recent = await self.visibility.history(interaction, limit=50)
        if not recent:
            raise ServiceError("no_history")
        counts: dict[str, int] = {}
        for game in recent:
            counts[game.game_key] = counts.get(game.game_key, 0) + 1
        return max(counts, key=lambda k: counts[k])

    @app_commands.command(name="stats", description="A player's record on this server, per game.")
    @app_commands.describe(user="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = self.ctl.user_lang(interaction)
        who = user or interaction.user
        guild = interaction.guild_id or 0
        ratings = await self.records.ratings_of(guild, player_key(who.id, None))
        recent = await self.visibility.history(interaction, user_id=who.id, limit=5)
        if not ratings and not recent:
            await self.ctl.reply(interaction, t("stats_none", lang, name=who.display_name))
            return
        lines = [
            t(
                "stats_line",
                lang,
                game=registry.get(key).names,
                rating=r.rating,
                games=r.games,
                wins=r.wins,
                best=_score(r.best_score),
            )
            for key, r in sorted(ratings.items())
        ]
        if recent:
            lines += ["", t("stats_recent", lang)] + [history_line(g, lang) for g in recent]
        embed = discord.Embed(
            title=t("stats_title", lang, name=who.display_name),
            description="\n".join(lines)[:4000],
            colour=render.COLOUR,
        )
        await self.ctl.reply(interaction, embed=embed)

    @app_commands.command(name="history", description="The last finished games in this channel or on this server.")
    @app_commands.describe(server="The whole server instead of this channel")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, server: bool = False) -> None:
        lang = self.ctl.user_lang(interaction)
        here = None if server else interaction.channel_id
        games = await self.visibility.history(interaction, channel_id=here, limit=10)
        if not games:
            await self.ctl.reply(interaction, t("history_none", lang))
            return
        embed = discord.Embed(
            title=t("history_title", lang), description=history_text(games, lang), colour=render.COLOUR
        )
        await self.ctl.reply(interaction, embed=embed)

    @app_commands.command(name="replay", description="An animated replay of a finished game.")
    @app_commands.describe(game_id="The game's number (see /history)")
    @app_commands.guild_only()
    async def replay_command(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.ctl.post_replay(interaction, game_id)

    @app_commands.command(name="export", description="A finished game's full log as a JSON file.")
    @app_commands.describe(game_id="The game's number (see /history)")
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            log, public = await self.visibility.finished_game(interaction, game_id)
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        await interaction.response.defer(thinking=True, ephemeral=not public)
        loop = asyncio.get_running_loop()
        doc = await loop.run_in_executor(
            self.ctl.pictures.executor,
            functools.partial(
                replay.export,
                log.game_key,
                log.players,
                log.options,
                log.seed,
                log.actions,
                log.names,
                seats=log.seats,
                result=log.result,
            ),
        )
        data = json.dumps(doc, ensure_ascii=False, indent=1).encode()
        # posted for all where all can see the game, in the channel's language; else only for the asker
        lang = await self.ctl.server_lang(interaction.guild) if public else self.ctl.user_lang(interaction)
        await interaction.followup.send(
            t("exported", lang, id=game_id),
            file=discord.File(io.BytesIO(data), filename=f"speltafel-{game_id}.json"),
            ephemeral=not public,
        )


def _who(player: str, names: dict[str, str]) -> str:
    return f"<@{player[2:]}>" if player.startswith("u:") else names.get(player, player)


def _score(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
