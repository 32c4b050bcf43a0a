"""Commands during a game: /status /hand /play."""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat import render
from bot.chat.controller import ANSWER_WAIT
from bot.chat.i18n import t
from bot.service import menus
from bot.service.errors import ServiceError, echo

if TYPE_CHECKING:
    from bot.chat.app import Speltafel
    from bot.service.notices import Table

#: What /play's suggestions send: ``#<prompt sequence>:<index>``, numbers bounded before conversion.
PICKED = re.compile(r"#([0-9]{1,12}):([0-9]{1,6})")


class Play(commands.Cog):
    def __init__(self, bot: Speltafel) -> None:
        self.bot = bot
        self.ctl = bot.controller
        self.service = bot.service

    @app_commands.command(name="status", description="Show this channel's table.")
    @app_commands.describe(log="Also list the last moves (up to 20)")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction, log: bool = False) -> None:
        lang = self.ctl.user_lang(interaction)
        table = await self.service.table_in(interaction.channel_id or 0)
        if table is None:
            await self.ctl.refuse(interaction, ServiceError("no_game"))
            return
        if table.state is None:
            await interaction.response.send_message(embed=render.lobby_embed(table, lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, file = await render.table_embed(self.ctl.pictures, table, lang)
        kwargs: dict[str, Any] = {"embed": embed, "ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        content = None
        if log:
            lines = render.log_lines(table, table.log_recent, lang)
            content = f"**{t('log_title', lang)}**\n" + render.fit_lines(lines, 1900)
        await interaction.followup.send(content, **kwargs)

    @app_commands.command(name="hand", description="Your private view and your choices, only for you.")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.ctl.show_hand(interaction)

    async def _legal_labels(
        self, interaction: discord.Interaction, *, hints: bool = False, seq: int | None = None
    ) -> tuple[object, int, list[tuple[str, dict]]]:
        """The person's seat and its legal actions with their labels. ``hints``: suggestions while
        typing, from the table this process keeps when it has one. ``seq``: the command names a
        suggestion made for that prompt sequence of the seat; while the kept table still shows it,
        it means the same action there as at every version that shows it (see
        bot/service/seen.py; the action's unit checks the sequence under the game's lock), so the
        kept table says which action it is (``table_for_button``). Otherwise the command reads the game."""
        table = self._kept_table(interaction, hints, seq)
        if table is None:
            table = await self.service.table_in(interaction.channel_id or 0)
        if table is None or table.state is None:
            raise ServiceError("no_game")
        seat = table.seat_played_by(interaction.user.id)
        if seat is None:
            raise ServiceError(table.not_playing(interaction.user.id))
        if seat not in table.prompts:
            raise ServiceError("not_your_turn")
        menu = render.seat_menu(table, seat, self.ctl.user_lang(interaction))  # kept per version
        return table, seat, list(zip(menu.paths(), menu.actions, strict=True))

    def _kept_table(self, interaction: discord.Interaction, hints: bool, seq: int | None) -> Table | None:
        """The table this process keeps, where it answers the command: always for suggestions,
        for a picked suggestion only while its prompt sequence is still the seat's there."""
        if not hints and seq is None:
            return None
        kept = self.service.table_for_hints(interaction.channel_id or 0)
        if kept is None or seq is None:
            return kept
        seat = kept.seat_played_by(interaction.user.id)
        return None if seat is None else self.service.table_for_button(kept.game_id, seat, seq)

    async def play_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            table, seat, labelled = await self._legal_labels(interaction, hints=True)
        except ServiceError:
            return []
        seq = table.prompt_seqs.get(seat, 0)  # type: ignore[attr-defined]
        current = current[:100]  # a choice shows at most 100 characters; a longer query only costs time
        out = []
        for i, (label, _action) in enumerate(labelled):
            if menus.matches(label, current):
                out.append(app_commands.Choice(name=label, value=f"#{seq}:{i}"))
            if len(out) == 25:
                break
        return out

    @app_commands.command(name="play", description="Make a move by typing it (suggestions list the legal ones).")
    @app_commands.describe(action="Start typing; pick one of the suggestions")
    @app_commands.autocomplete(action=play_autocomplete)
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        try:
            picked = PICKED.fullmatch(action.strip())
            named = int(picked[1]) if picked is not None else None
            table, seat, labelled = await self._legal_labels(interaction, seq=named)
            chosen, seq = None, None
            if picked is not None and int(picked[2]) < len(labelled):
                seq, chosen = named, labelled[int(picked[2])]
            if chosen is None:
                matches = [pair for pair in labelled if pair[0].lower() == action.strip().lower()]
                chosen = matches[0] if len(matches) == 1 else None
            if chosen is None:
                raise ServiceError("bad_play", text=echo(action))
            acting = asyncio.ensure_future(
                self.service.act(
                    game_id=table.game_id,
                    user_id=interaction.user.id,  # type: ignore[attr-defined]
                    action=chosen[1],
                    seq=seq,
                )
            )
            try:  # one answer when the action is applied in time (it usually is); else "thinking" first
                outcome = await asyncio.wait_for(asyncio.shield(acting), ANSWER_WAIT)
            except TimeoutError:
                await interaction.response.defer(ephemeral=True, thinking=True)
                outcome = await acting
        except ServiceError as err:
            await self.ctl.refuse(interaction, err)
            return
        lang = self.ctl.user_lang(interaction)
        seat = outcome.action_seat
        label = render.done_label(table, table.view(seat), chosen[1], lang)  # type: ignore[arg-type,attr-defined]
        seen = [
            t("chosen", lang, label=label),
            *render.event_lines(outcome.table, outcome.events, lang, seat, answer=True),
        ]
        offer = render.take_back_items(outcome.table, seat or 0, outcome.takeback_seq, lang)
        await self.ctl.reply(interaction, "\n".join(seen)[:2000], **({"view": render.view_of(offer)} if offer else {}))
        await self.ctl.announce(outcome, actor=seat)
